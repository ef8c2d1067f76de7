// Models written in the language ("game": "model") against the naive reference: random
// variables (propositional and small integer ranges), a random law, agents observing random
// variables and terms, then random announcements, observations and action models with
// postconditions (factual change), and random formulas with comparisons, announcements and
// distributed knowledge. The reference keeps every world's assignment as a row of values,
// evaluates terms straight from the syntax tree and relations as matrices; the engine goes
// through the model language's vocabulary, compiled terms, partitions and product update.
// They must agree on the worlds, each world's assignment, the relations and every formula.
#include <catch2/catch.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "kripke/formula_parser.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/model_lang/model_game.hpp"
#include "kripke/rng.hpp"
#include "reference_model.hpp"
#include "text_cat.hpp"

namespace {

using kripke::Json;
using Row = std::vector<std::int64_t>;  // a world's values, in the order of the variables

constexpr int kCases = 400;
constexpr int kMaxSteps = 5;
constexpr int kFormulasPerStep = 4;

using kripke_test::cat;

struct VariableSpec {
  std::string name;
  int size = 2;  // values 0..size-1; a propositional variable has size 2
  bool boolean = true;
};

// Random text in the formula language, always parenthesised so that the parser's binding
// rules play no part.
class TextGenerator {
 public:
  TextGenerator(kripke::Rng& rng, const std::vector<VariableSpec>& vars, int agents)
      : rng_(rng), vars_(vars), agents_(agents) {}

  // A term over the variables (propositional ones count 0/1), with constant divisors.
  std::string term(int depth) {
    if (depth <= 0 || rng_.below(3) == 0) {
      if (rng_.below(3) == 0) return std::to_string(rng_.below(5));
      return vars_[rng_.below(vars_.size())].name;
    }
    switch (rng_.below(6)) {
      case 0:
        return cat("(", term(depth - 1), " + ", term(depth - 1), ")");
      case 1:
        return cat("(", term(depth - 1), " - ", term(depth - 1), ")");
      case 2:
        return cat("(", term(depth - 1), " * ", term(depth - 1), ")");
      case 3:
        return cat("(", term(depth - 1), " % ", std::to_string(1 + rng_.below(3)), ")");
      case 4:
        return cat("(", term(depth - 1), " / ", std::to_string(1 + rng_.below(3)), ")");
      default:
        return cat("(-", term(depth - 1), ")");
    }
  }

  // A term whose value is in 0..size-1 wherever the variables are: sums and products of
  // non-negative parts, modulo the size.
  std::string term_in_range(int size) {
    std::string t = non_negative(2);
    return cat("((", t, ") % ", std::to_string(size), ")");
  }

  // A formula; `modal` allows knowledge and announcements (the law has neither).
  std::string formula(int depth, bool modal) {
    if (depth <= 0 || rng_.below(4) == 0) return fact();
    const std::uint64_t kinds = modal ? 14 : 5;
    switch (rng_.below(kinds)) {
      case 0:
        return cat("~(", formula(depth - 1, modal), ")");
      case 1:
        return cat("(", formula(depth - 1, modal), " & ", formula(depth - 1, modal), ")");
      case 2:
        return cat("(", formula(depth - 1, modal), " | ", formula(depth - 1, modal), ")");
      case 3:
        return cat("(", formula(depth - 1, modal), " -> ", formula(depth - 1, modal), ")");
      case 4:
        return cat("(", formula(depth - 1, modal), " <-> ", formula(depth - 1, modal), ")");
      case 5:
        return cat("K", agent(), " (", formula(depth - 1, modal), ")");
      case 6:
        return cat("M", agent(), " (", formula(depth - 1, modal), ")");
      case 7:
        return cat("Kw", agent(), " (", formula(depth - 1, modal), ")");
      case 8:
        return cat("E", group(), " (", formula(depth - 1, modal), ")");
      case 9:
        return cat("C", group(), " (", formula(depth - 1, modal), ")");
      case 10:
        return cat("D", group(), " (", formula(depth - 1, modal), ")");
      case 11:
        return cat("[!(", formula(depth - 1, modal), ")] (", formula(depth - 1, modal), ")");
      case 12:
        return cat("Kv", agent(), " ", term(2));
      default:
        return cat("<!(", formula(depth - 1, modal), ")> (", formula(depth - 1, modal), ")");
    }
  }

  std::string agent() { return std::to_string(1 + rng_.below(std::uint64_t(agents_))); }

 private:
  std::string fact() {
    const VariableSpec& var = vars_[rng_.below(vars_.size())];
    if (var.boolean && rng_.below(2) == 0) return var.name;
    static const char* const kOps[] = {"=", "!=", "<", "<=", ">", ">="};
    return cat("(", term(2), " ", kOps[rng_.below(6)], " ", term(2), ")");
  }

  std::string non_negative(int depth) {
    if (depth <= 0 || rng_.below(3) == 0)
      return rng_.below(3) == 0 ? std::to_string(rng_.below(4))
                                : vars_[rng_.below(vars_.size())].name;
    const char* op = rng_.below(2) == 0 ? " + " : " * ";
    return cat("(", non_negative(depth - 1), op, non_negative(depth - 1), ")");
  }

  std::string group() {
    std::string g;
    for (int i = 1; i <= agents_; ++i)
      if (rng_.below(2) == 0) g += cat(g.empty() ? "" : ",", std::to_string(i));
    return cat("{", (g.empty() ? agent() : g), "}");
  }

  kripke::Rng& rng_;
  const std::vector<VariableSpec>& vars_;
  int agents_;
};

// The naive side: assignments as rows, terms evaluated from the tree.
struct Reference {
  std::vector<VariableSpec> vars;
  std::vector<Row> rows;  // the valuation table; product updates with factual change add rows
  reference::Model model;

  std::size_t index_of(const std::string& name) const {
    for (std::size_t k = 0; k < vars.size(); ++k)
      if (vars[k].name == name) return k;
    throw std::logic_error(cat("reference: unknown variable ", name));
  }

  std::int64_t value(const kripke::Term& t, const Row& row) const {
    using Op = kripke::Term::Op;
    switch (t.op) {
      case Op::Number:
        return t.number;
      case Op::Variable:
        return row[index_of(t.name)];
      case Op::Negate:
        return -value(*t.left, row);
      case Op::Add:
        return value(*t.left, row) + value(*t.right, row);
      case Op::Subtract:
        return value(*t.left, row) - value(*t.right, row);
      case Op::Multiply:
        return value(*t.left, row) * value(*t.right, row);
      case Op::Divide:
        return value(*t.left, row) / value(*t.right, row);
      case Op::Remainder:
        return value(*t.left, row) % value(*t.right, row);
    }
    throw std::logic_error("reference: unknown term");
  }

  bool fact(const kripke::Formula& phi, const Row& row) const {
    if (phi.kind == kripke::Formula::Kind::Atom) return row[index_of(phi.name)] == 1;
    const std::int64_t x = value(*phi.lhs, row), y = value(*phi.rhs, row);
    const std::string& op = phi.name;
    return op == "="    ? x == y
           : op == "!=" ? x != y
           : op == "<"  ? x < y
           : op == "<=" ? x <= y
           : op == ">"  ? x > y
                        : x >= y;
  }

  reference::Evaluator::Facts facts() const {
    return [this](const kripke::Formula& phi, std::uint32_t v) { return fact(phi, rows[v]); };
  }
  reference::Evaluator::Values values() const {
    return [this](const kripke::Term& t, std::uint32_t v) { return value(t, rows[v]); };
  }
  std::vector<bool> holds(const kripke::Formula& phi) const {
    return reference::Evaluator(model, facts(), values()).holds(phi);
  }

  // The row index of `row`, added to the table when new.
  std::uint32_t row_index(const Row& row) {
    for (std::size_t k = 0; k < rows.size(); ++k)
      if (rows[k] == row) return std::uint32_t(k);
    rows.push_back(row);
    return std::uint32_t(rows.size() - 1);
  }
};

// One event of a random action: precondition, and assignments (variable, text).
struct RandomEvent {
  std::string pre;
  std::vector<std::pair<std::size_t, std::string>> post;
};

struct Case {
  std::vector<VariableSpec> vars;
  std::unique_ptr<kripke::Game> game;
  kripke::NullSink sink;
  std::unique_ptr<kripke::GameRunner> runner;
  Reference ref;

  kripke::Play& play() { return runner->play(); }
  int agents() const { return ref.model.agent_count(); }
};

// A random model in the language and the same model built naively; false when the law
// leaves no world.
bool random_case(kripke::Rng& rng, Case& c) {
  const int booleans = 1 + int(rng.below(3)), integers = int(rng.below(3));
  for (int k = 0; k < booleans; ++k) c.vars.push_back({std::string(1, char('p' + k)), 2, true});
  for (int k = 0; k < integers; ++k)
    c.vars.push_back({std::string(1, char('x' + k)), 2 + int(rng.below(3)), false});
  const int agents = 1 + int(rng.below(3));
  TextGenerator text(rng, c.vars, agents);
  const std::string law = rng.below(3) == 0 ? "true" : text.formula(3, false);

  Json variables = Json::array(), agent_list = Json::array();
  for (const VariableSpec& v : c.vars)
    variables.push_back(v.boolean ? Json(v.name)
                                  : Json{{"name", v.name}, {"from", 0}, {"to", v.size - 1}});
  std::vector<std::vector<std::string>> observed(static_cast<std::size_t>(agents));
  for (int i = 0; i < agents; ++i) {
    Json observes = Json::array();
    for (const VariableSpec& v : c.vars)
      if (rng.below(3) == 0) observed[std::size_t(i)].push_back(v.name);
    if (rng.below(4) == 0) observed[std::size_t(i)].push_back(text.term(2));
    for (const std::string& o : observed[std::size_t(i)]) observes.push_back(o);
    agent_list.push_back({{"name", cat("a", std::to_string(i + 1))}, {"observes", observes}});
  }

  // The reference's worlds: every assignment (first variable fastest) that satisfies the law.
  Reference& ref = c.ref;
  ref.vars = c.vars;
  std::size_t candidates = 1;
  for (const VariableSpec& v : c.vars) candidates *= std::size_t(v.size);
  const kripke::FormulaPtr law_formula = kripke::parse_formula(law);
  for (std::size_t a = 0; a < candidates; ++a) {
    Row row;
    for (std::size_t k = 0, rest = a; k < c.vars.size(); rest /= std::size_t(c.vars[k].size), ++k)
      row.push_back(std::int64_t(rest % std::size_t(c.vars[k].size)));
    ref.rows.push_back(row);
  }
  reference::Model all;
  for (std::size_t a = 0; a < candidates; ++a) {
    all.alive.insert(int(a));
    all.valuation.push_back(std::uint32_t(a));
  }
  const std::vector<bool> lawful = reference::Evaluator(all, ref.facts()).holds(*law_formula);
  for (std::size_t a = 0; a < candidates; ++a)
    if (lawful[a]) ref.model.valuation.push_back(std::uint32_t(a));
  const std::size_t worlds = ref.model.valuation.size();
  if (worlds == 0) return false;
  for (std::size_t w = 0; w < worlds; ++w) ref.model.alive.insert(int(w));
  ref.model.actual = int(rng.below(worlds));

  // Two worlds are alike for an agent when every observed variable and term agrees.
  const auto row_of = [&](std::size_t w) -> const Row& { return ref.rows[ref.model.valuation[w]]; };
  for (int i = 0; i < agents; ++i) {
    reference::Matrix m(worlds, std::vector<bool>(worlds));
    for (std::size_t w = 0; w < worlds; ++w)
      for (std::size_t v = 0; v < worlds; ++v) {
        bool alike = true;
        for (const std::string& o : observed[std::size_t(i)]) {
          const kripke::FormulaPtr probe = kripke::parse_formula(cat(o, " = 0"));
          alike = alike && ref.value(*probe->lhs, row_of(w)) == ref.value(*probe->lhs, row_of(v));
        }
        m[w][v] = alike;
      }
    ref.model.rel.push_back(std::move(m));
  }

  Json actual = Json::object();
  const Row& actual_row = ref.rows[ref.model.valuation[std::size_t(ref.model.actual)]];
  for (std::size_t k = 0; k < c.vars.size(); ++k)
    actual[c.vars[k].name] = c.vars[k].boolean ? Json(actual_row[k] == 1) : Json(actual_row[k]);

  kripke::GameConfig config;
  config.game = "model";
  config.rules = {
      {"variables", variables}, {"law", law}, {"agents", agent_list}, {"actual", actual}};
  c.game = std::make_unique<kripke::model_lang::ModelGame>(config);
  c.runner = std::make_unique<kripke::GameRunner>(*c.game, 1, c.sink);
  c.runner->start();
  return true;
}

void require_same_model(Case& c) {
  const kripke::Model& m = c.play().model();
  const reference::Model& r = c.ref.model;
  REQUIRE(int(m.world_count()) == r.world_count());
  REQUIRE(int(m.actual()) == r.actual);
  for (int w = 0; w < r.world_count(); ++w) {
    REQUIRE(m.alive().test(kripke::World(w)) == (r.alive.count(w) == 1));
    // The engine's assignment of world w, as the config writes it, against the row.
    const Json engine = c.play().world_json(kripke::World(w));
    const Row& row = c.ref.rows[r.valuation[std::size_t(w)]];
    for (std::size_t k = 0; k < c.vars.size(); ++k) {
      const Json& v = engine.at(c.vars[k].name);
      REQUIRE((v.is_boolean() ? std::int64_t(v.get<bool>()) : v.get<std::int64_t>()) == row[k]);
    }
  }
  for (int i = 0; i < r.agent_count(); ++i) {
    REQUIRE(m.possible(i) == r.possible(i));
    REQUIRE(m.relations(i) == r.relations(i));
    const kripke::Partition& p = m.partition(i);
    for (int w : r.alive)
      for (int v : r.alive)
        REQUIRE((p.class_of(kripke::World(w)) == p.class_of(kripke::World(v))) ==
                bool(r.rel[std::size_t(i)][std::size_t(w)][std::size_t(v)]));
  }
}

void require_same_truth(Case& c, const std::string& text) {
  INFO("formula " << text);
  const kripke::FormulaPtr phi = kripke::parse_formula(text);
  const kripke::WorldSet engine = c.play().truth(*phi);
  const std::vector<bool> ref = c.ref.holds(*phi);
  for (int w = 0; w < c.ref.model.world_count(); ++w)
    REQUIRE(engine.test(kripke::World(w)) == bool(ref[std::size_t(w)]));
}

// A formula true at the actual world, or none after a few tries.
std::optional<std::string> true_at_actual(Case& c, TextGenerator& text) {
  for (int tries = 0; tries < 20; ++tries) {
    const std::string phi = text.formula(2, true);
    if (c.ref.holds(*kripke::parse_formula(phi))[std::size_t(c.ref.model.actual)]) return phi;
  }
  return std::nullopt;
}

std::string announce(Case& c, TextGenerator& text) {
  const auto phi = true_at_actual(c, text);
  if (!phi) return "no announcement";
  const kripke::FormulaPtr parsed = kripke::parse_formula(*phi);
  const std::vector<bool> truth = c.ref.holds(*parsed);
  std::set<int> keep;
  for (int w : c.ref.model.alive)
    if (truth[std::size_t(w)]) keep.insert(w);
  c.ref.model.announce(keep);
  c.play().announce(parsed, *phi);
  return cat("announce ", *phi);
}

std::string observe(Case& c, kripke::Rng& rng, TextGenerator& text) {
  const std::string phi = text.formula(2, true);
  const kripke::FormulaPtr parsed = kripke::parse_formula(phi);
  const std::vector<bool> truth = c.ref.holds(*parsed);
  std::vector<std::uint64_t> key(truth.size());
  for (std::size_t w = 0; w < truth.size(); ++w) key[w] = truth[w];
  std::vector<kripke::Agent> group;
  for (int i = 0; i < c.agents(); ++i)
    if (rng.below(2) == 0) group.push_back(i);
  c.ref.model.observe(group, key);
  c.play().observe(group, key, phi, phi);
  return cat("observe ", phi);
}

std::string act(Case& c, kripke::Rng& rng, TextGenerator& text) {
  const std::size_t events = 1 + rng.below(3);
  const std::size_t actual_event = rng.below(events);
  std::vector<RandomEvent> spec(events);
  for (std::size_t e = 0; e < events; ++e) {
    if (e == actual_event) {
      const auto pre = true_at_actual(c, text);
      spec[e].pre = pre ? *pre : "true";
    } else {
      spec[e].pre = rng.below(3) == 0 ? "true" : text.formula(2, true);
    }
    if (rng.below(2) == 0) continue;
    for (std::size_t k = 0; k < c.vars.size(); ++k) {
      if (rng.below(2) == 0) continue;
      spec[e].post.emplace_back(
          k, c.vars[k].boolean ? text.formula(2, true) : text.term_in_range(c.vars[k].size));
    }
  }

  kripke::ActionModel am;
  reference::Action ra;
  am.actual_event = actual_event;
  ra.actual_event = int(actual_event);
  std::string history = "act:";
  for (std::size_t e = 0; e < events; ++e) {
    const RandomEvent& ev = spec[e];
    history += cat(" [", ev.pre);
    const std::vector<bool> pre = c.ref.holds(*kripke::parse_formula(ev.pre));
    am.preconditions.push_back(c.play().truth(*kripke::parse_formula(ev.pre)));
    ra.pre.push_back(pre);
    Json post = Json::object();
    for (const auto& [k, rhs] : ev.post) {
      post[c.vars[k].name] = rhs;
      history += cat("; ", c.vars[k].name, " := ", rhs);
    }
    history += "]";
    am.valuation_after.push_back(ev.post.empty() ? nullptr
                                                 : kripke::valuation_row(c.play().valuations_after(
                                                       post, "/post", am.preconditions.back())));
    if (ev.post.empty()) continue;
    // The reference: at the worlds where the event can happen, each assignment read in the
    // world before the event.
    std::vector<std::vector<bool>> truths;
    for (const auto& [k, rhs] : ev.post)
      truths.push_back(c.vars[k].boolean ? c.ref.holds(*kripke::parse_formula(rhs))
                                         : std::vector<bool>{});
    for (int w : c.ref.model.alive) {
      if (!pre[std::size_t(w)]) continue;
      const Row before = c.ref.rows[c.ref.model.valuation[std::size_t(w)]];
      Row after = before;
      for (std::size_t j = 0; j < ev.post.size(); ++j) {
        const auto& [k, rhs] = ev.post[j];
        after[k] = c.vars[k].boolean
                       ? std::int64_t(truths[j][std::size_t(w)])
                       : c.ref.value(*kripke::parse_formula(cat(rhs, " = 0"))->lhs, before);
      }
      ra.post[int(e)][w] = c.ref.row_index(after);
    }
  }
  for (int i = 0; i < c.agents(); ++i) {
    std::vector<std::uint32_t> cls(events);
    for (auto& k : cls) k = std::uint32_t(rng.below(events));
    reference::Matrix related(events, std::vector<bool>(events));
    for (std::size_t e = 0; e < events; ++e)
      for (std::size_t f = 0; f < events; ++f) related[e][f] = cls[e] == cls[f];
    am.event_class.push_back(cls);
    ra.related.push_back(related);
  }
  // The engine's valuations are assignment numbers, the reference's rows of its table: the
  // two are compared by value in require_same_model.
  c.play().act(am, {}, history, "");
  c.ref.model.product_update(ra);
  return history;
}

}  // namespace

TEST_CASE("[models] the language agrees with the naive reference on random models and updates",
          "[differential][models]") {
  int played = 0;
  for (int n = 0; played < kCases; ++n) {
    const auto seed = kripke::derive_seed(20261124, {std::uint64_t(n)});
    INFO("case seed " << seed);
    kripke::Rng rng(seed);
    Case c;
    if (!random_case(rng, c)) continue;
    ++played;
    TextGenerator text(rng, c.vars, c.agents());
    std::string history = "start";
    const auto steps = rng.below(kMaxSteps + 1);
    for (std::uint64_t s = 0;; ++s) {
      INFO(history);
      require_same_model(c);
      for (int k = 0; k < kFormulasPerStep; ++k) require_same_truth(c, text.formula(3, true));
      if (s == steps) break;
      switch (rng.below(3)) {
        case 0:
          history += cat("; ", announce(c, text));
          break;
        case 1:
          history += cat("; ", observe(c, rng, text));
          break;
        default:
          history += cat("; ", act(c, rng, text));
      }
    }
  }
}
