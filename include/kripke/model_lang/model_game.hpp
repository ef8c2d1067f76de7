// "game": "model": an S5 model written in a config (docs/models.md). The rules declare
// variables, a law every world satisfies, the agents with what each observes, and
// optionally the actual world; the worlds are the assignments that satisfy the law, and
// two worlds are alike for an agent when everything it observes has the same value in
// both. A model has no moves of its own: scenarios announce, observe and ask.
#pragma once

#include <algorithm>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "kripke/formula_parser.hpp"
#include "kripke/game.hpp"
#include "kripke/model_lang/arithmetic.hpp"
#include "kripke/model_lang/postcondition.hpp"
#include "kripke/model_lang/vocabulary.hpp"

namespace kripke::model_lang {

// What an agent observes: a variable's value, or a term's (S observes x + y).
struct Observation {
  std::string text;   // as written in the config
  FormulaPtr parsed;  // unused for a variable
  TermPtr term;       // null for a variable
  int variable = -1;
};

struct AgentSpec {
  std::string name;
  std::vector<Observation> observes;
};

// Truth sets of a model's atoms and comparisons: world w carries assignment valuation(w).
class Atoms {
 public:
  explicit Atoms(const Vocabulary& vocab) : vocab_(vocab) {}

  WorldSet atom(const Formula& a, const Model& m) const {
    const int k = vocab_.find(a.name);
    if (k < 0 || !a.args.empty()) {
      if (vocab_.label_value(a.name))
        throw FormulaError(
            "'" + a.name + "' is a value, not a statement: compare a variable with it", a.column);
      throw FormulaError(
          "unknown variable '" + a.name + "' (the variables: " + variable_list(vocab_) + ")",
          a.column);
    }
    const Variable& var = vocab_.variables()[std::size_t(k)];
    if (!var.boolean)
      throw FormulaError("'" + a.name + "' is a number: compare it (" + a.name + " = " +
                             std::to_string(var.values.front()) + ")",
                         a.column);
    return worlds_where(
        m, [&](std::uint32_t v) { return vocab_.value_index(v, std::size_t(k)) == 1; });
  }

  WorldSet compare(const Formula& c, const Model& m) const {
    const CompiledComparison comparison(c, vocab_);
    return worlds_where(m, [&](std::uint32_t v) { return comparison.holds(vocab_, v); });
  }

 private:
  const Vocabulary& vocab_;
};

// Everything the plays of one model share, built once from the rules.
class ModelData {
 public:
  ModelData(const Json& rules, const WorldLimits& limits) {
    ObjectReader r(rules, "/rules");
    vocab_ = Vocabulary::read(r.required("variables"), "/rules/variables");
    read_agents(r.required("agents"), "/rules/agents");
    const std::string law_text = r.string("law", "true");
    check_world_limit(vocab_.assignment_count(), limits,
                      model_bytes_per_world(agents_.size(), sizeof(std::uint32_t)),
                      "/rules/variables");
    if (vocab_.assignment_count() > BigCount(Vocabulary::kMaxAssignments))
      throw InputError("the variables span more than 2^32 - 1 assignments", "/rules/variables");
    law_ = parse_at(law_text, "/rules/law");
    try {
      check_law(*law_);
    } catch (const FormulaError& e) {
      throw InputError(e.what(), "/rules/law");
    }
    enumerate("/rules/law");
    if (const Json* actual = r.find("actual")) {
      const std::uint64_t a = vocab_.read_assignment(*actual, "/rules/actual");
      const auto it = std::lower_bound(worlds_.begin(), worlds_.end(), std::uint32_t(a));
      if (it == worlds_.end() || *it != a)
        throw InputError("the actual world " + vocab_.assignment_text(a) + " breaks the law",
                         "/rules/actual");
      actual_ = World(it - worlds_.begin());
    }
    r.done();
    build_partitions();
    rules_ = rules;
    rules_["law"] = law_text;
  }

  const Vocabulary& vocabulary() const { return vocab_; }
  const std::vector<AgentSpec>& agents() const { return agents_; }
  std::size_t world_count() const { return worlds_.size(); }
  std::optional<World> actual() const { return actual_; }
  const Json& rules() const { return rules_; }

  // The initial model with `actual` as its actual world (valuation: assignment numbers).
  Model initial_model(World actual) const { return Model(partitions_, actual, worlds_); }

  std::vector<std::string> agent_names() const {
    std::vector<std::string> names;
    for (const AgentSpec& a : agents_) names.push_back(a.name);
    return names;
  }

 private:
  FormulaPtr parse_at(const std::string& text, const std::string& path) const {
    try {
      return parse_formula(text);
    } catch (const FormulaError& e) {
      throw InputError(e.what(), path);
    }
  }

  // The law speaks of one world at a time: no knowledge, no announcements.
  static void check_law(const Formula& phi) {
    using K = Formula::Kind;
    switch (phi.kind) {
      case K::True:
      case K::False:
      case K::Atom:
      case K::Compare:
        return;
      case K::Not:
      case K::And:
      case K::Or:
      case K::Implies:
      case K::Iff:
        check_law(*phi.left);
        if (phi.right) check_law(*phi.right);
        return;
      default:
        throw FormulaError(
            "the law says which assignments are worlds; it cannot speak of knowledge or "
            "announcements",
            phi.column);
    }
  }

  void read_agents(const Json& list, const std::string& path) {
    const Json& items = array_at(list, path);
    if (items.empty()) throw InputError("a model needs at least one agent", path);
    for (std::size_t k = 0; k < items.size(); ++k) {
      const std::string at = path + "/" + std::to_string(k);
      ObjectReader r(items[k], at);
      AgentSpec agent;
      agent.name = r.required_string("name");
      check_word(agent.name, r.path_of("name"));
      for (const AgentSpec& other : agents_)
        if (other.name == agent.name)
          throw InputError("the agent '" + agent.name + "' is declared twice", r.path_of("name"));
      const Json& observes = array_at(r.required("observes"), r.path_of("observes"));
      for (std::size_t j = 0; j < observes.size(); ++j) {
        const std::string item_path = r.path_of("observes") + "/" + std::to_string(j);
        Observation o;
        o.text = ObjectReader::string_value(observes[j], item_path);
        o.variable = vocab_.find(o.text);
        if (o.variable < 0) {
          // Not a variable: a term, parsed as the left side of a comparison.
          const FormulaPtr probe = parse_at(o.text + " = 0", item_path);
          if (probe->kind != Formula::Kind::Compare)
            throw InputError("expected a variable or a term", item_path);
          o.term = probe->lhs;
          try {
            (void)compile(*o.term, vocab_);
          } catch (const FormulaError& e) {
            throw InputError(e.what(), item_path);
          }
        }
        agent.observes.push_back(std::move(o));
      }
      r.done();
      agents_.push_back(std::move(agent));
    }
  }

  // The worlds: every assignment that satisfies the law, in increasing number. The law is
  // evaluated as a formula over a model of all assignments (no agents), a bitset at a time.
  void enumerate(const std::string& path) {
    const auto candidates = std::size_t(vocab_.assignment_count());
    std::vector<std::uint32_t> all(candidates);
    std::iota(all.begin(), all.end(), 0U);
    const Model space({}, 0, std::move(all));
    const Atoms atoms(vocab_);
    WorldSet lawful;
    try {
      lawful = Evaluator(space, [&](const Formula& a, const Model& m) {
                 return a.kind == Formula::Kind::Compare ? atoms.compare(a, m) : atoms.atom(a, m);
               }).eval(*law_);
    } catch (const FormulaError& e) {
      throw InputError(e.what(), path);
    }
    if (lawful.none())
      throw InputError("no assignment satisfies the law: the model has no worlds", path);
    worlds_.reserve(lawful.count());
    lawful.for_each([&](World a) { worlds_.push_back(a); });
  }

  // Per agent: the worlds refined by what it observes. The observed variables make one key
  // together (their value indices in mixed radix, which fits 32 bits: there are at most
  // 2^32 - 1 assignments), so that a model of millions of worlds is grouped once per agent;
  // each observed term refines that. One key buffer serves every agent: at 10^7 worlds
  // fresh buffers cost more in page faults than the grouping itself.
  void build_partitions() {
    RecycledVector<std::uint32_t> key(worlds_.size());
    std::vector<std::uint64_t> term_key;  // only when some agent observes a term
    for (std::size_t i = 0; i < agents_.size(); ++i) {
      std::string path = "/rules/agents/";  // piece by piece: GCC 12's false -Wrestrict
      path += std::to_string(i);
      path += "/observes";
      std::fill(key.begin(), key.end(), 0U);
      std::vector<bool> seen(vocab_.size(), false);
      std::uint32_t radix = 1;
      for (const Observation& o : agents_[i].observes) {
        if (o.variable < 0 || seen[std::size_t(o.variable)]) continue;
        seen[std::size_t(o.variable)] = true;
        const auto k = std::size_t(o.variable);
        for (std::size_t w = 0; w < worlds_.size(); ++w)
          key[w] += std::uint32_t(vocab_.value_index(worlds_[w], k)) * radix;
        radix *= std::uint32_t(vocab_.variables()[k].values.size());
      }
      Partition p = Partition::from_keys(key);
      for (const Observation& o : agents_[i].observes) {
        if (!o.term) continue;
        const CompiledTerm term = compile(*o.term, vocab_);
        term_key.resize(worlds_.size());
        try {
          for (std::size_t w = 0; w < worlds_.size(); ++w)
            term_key[w] = std::uint64_t(value(term, vocab_, worlds_[w]));
        } catch (const FormulaError& e) {
          throw InputError(e.what(), path);
        }
        p = p.refined_by(term_key);
      }
      partitions_.push_back(std::move(p));
    }
  }

  Vocabulary vocab_;
  std::vector<AgentSpec> agents_;
  FormulaPtr law_;
  std::vector<std::uint32_t> worlds_;  // the assignment of each world, increasing
  std::vector<Partition> partitions_;
  std::optional<World> actual_;
  Json rules_;
};

class ModelPlay final : public Play {
 public:
  ModelPlay(std::shared_ptr<const ModelData> data, World actual)
      : Play("model"), data_(std::move(data)), atoms_(data_->vocabulary()) {
    model_ = data_->initial_model(actual);
  }

  void setup() override {}
  // A model has no moves: its updates come from a scenario's steps.
  bool has_moves() const override { return false; }
  TurnOutcome play_turn(Rng&) override { return TurnOutcome::Stalled; }

  // A world named by its assignment ({"x": 4, "y": 13}) or by its number.
  World world_named(const Json& name, const std::string& path) const override {
    if (!name.is_object()) return Play::world_named(name, path);
    const std::uint64_t a = data_->vocabulary().read_assignment(name, path);
    return alive_world_with_valuation(
        std::uint32_t(a), "the assignment " + data_->vocabulary().assignment_text(a), path);
  }

  // An agent's goal: to know the actual assignment (after an action model several worlds
  // may carry it).
  bool has_won(Agent i) const override {
    return knows_value(model_, i, [](std::uint32_t assignment) { return assignment; });
  }
  Json knowledge(Agent) const override { return {{"world", deal()}}; }

  WorldSet atom(const Formula& a, const Model& m) const override { return atoms_.atom(a, m); }
  WorldSet compare(const Formula& c, const Model& m) const override { return atoms_.compare(c, m); }
  std::vector<std::string> agent_names_in_formulas() const override { return data_->agent_names(); }
  void check_postcondition(const Json& post, const std::string& path) const override {
    Postcondition(post, path, data_->vocabulary()).check_formulas([this](const Formula& phi) {
      return truth(phi);
    });
  }
  std::vector<std::uint32_t> valuations_after(const Json& post, const std::string& path,
                                              const WorldSet& where) const override {
    return Postcondition(post, path, data_->vocabulary())
        .valuations(model_, where, [this](const Formula& phi) { return truth(phi); });
  }

  void scripted_move(const Json&, const std::string& path) override {
    throw InputError("a model has no moves; use announce and observe steps", path);
  }

  Json deal() const override { return world_json(model_.actual()); }
  Json world_json(World w) const override {
    return data_->vocabulary().assignment_json(model_.valuation(w));
  }
  std::string world_text(World w) const override {
    return data_->vocabulary().assignment_text(model_.valuation(w));
  }
  Json agents() const override {
    Json out = Json::array();
    for (std::size_t i = 0; i < data_->agents().size(); ++i) {
      Json observes = Json::array();
      for (const Observation& o : data_->agents()[i].observes) observes.push_back(o.text);
      out.push_back({{"agent", i + 1}, {"name", data_->agents()[i].name}, {"observes", observes}});
    }
    return out;
  }
  std::string agent_name(Agent i) const override { return data_->agents()[std::size_t(i)].name; }

 private:
  std::shared_ptr<const ModelData> data_;
  Atoms atoms_;
};

class ModelGame final : public Game {
 public:
  explicit ModelGame(GameConfig config) : Game(std::move(config)) {
    data_ = std::make_shared<const ModelData>(this->config().rules, this->config().limits());
    if (!this->config().agents.empty())
      throw InputError("a model's agents are declared in its rules (\"rules\": {\"agents\": ...})",
                       "/agents");
    if (!this->config().deal.is_null())
      throw InputError("a model's actual world is its rules' \"actual\"", "/deal");
  }

  Json rules() const override { return data_->rules(); }

  // Deal k is world k (in increasing assignment number).
  std::size_t deal_count() const override { return data_->world_count(); }
  std::unique_ptr<Play> new_play_with_deal(Rng&, std::size_t k) const override {
    if (k >= deal_count()) throw std::out_of_range("model: no such world");
    return std::make_unique<ModelPlay>(data_, World(k));
  }
  std::unique_ptr<Play> new_play(Rng& rng) const override {
    const World actual = data_->actual() ? *data_->actual() : World(rng.below(deal_count()));
    return std::make_unique<ModelPlay>(data_, actual);
  }

 private:
  std::shared_ptr<const ModelData> data_;
};

}  // namespace kripke::model_lang
