// A model written in a config (docs/models.md) as a knowledge structure: the symbolic
// engine's form of the model language, for models too large to list world by world.
//
// Layout. Each declared variable is a block of Boolean variables holding its value index in
// binary (a true/false variable: one bit), most significant bit first; the blocks go in
// reverse declaration order, so that reading all the bits as one binary number orders the
// worlds exactly as the explicit engine numbers them (mixed radix, the first declared
// variable least significant): the first k worlds and the k-th world agree between the
// engines. After the blocks come the variables the structure adds, each a function of the
// ones before it, so the order of worlds is kept:
//   - an observed term (S observes x + y): the index of its value among the values it takes
//     (or no variable: see "Observed terms" below);
//   - an observation of formulas (scenario "observe"): one variable per formula, true where
//     the formula held when observed;
//   - an action (scenario "action"): the event, in binary, and for an agent that cannot tell
//     some events apart, the index of its class of events;
//   - factual change (an action's postconditions): a new block for each variable the action
//     assigns, holding its value after the event. The variable's name now stands for the new
//     block; the old one stays as the value it had before.
// The state law θ is: every block holds an index within its domain, the model's law, and
// the definitions of the added variables. An agent observes the blocks of the variables it
// observes and the added variables that say what it observed. After factual change it keeps
// observing the old block, not the new one: in the product update two worlds (w, e) and
// (v, f) are alike to an agent when w and v were and it cannot tell e from f, so the new
// value is known only as far as the agent knew the old state and the event. SMCDEL does the
// same with the fresh variable on the other side (it copies the old value out); a new block
// for the new value keeps the explicit engine's order of worlds.
//
// Observed terms. A block holding the index of a term's value makes θ hold the whole value
// table: one path per state when the term takes nearly as many values as there are states
// (Sum and Product's x * y: 1.2 million nodes at bound 500, a second to build, and every
// quantification then walks them). Such a term is observed by its value classes instead
// (KnowledgeStructure's observed partitions): K, M and Kv are computed class by class, each
// class a BDD of a few states. TermForm says which: by default a term whose classes hold
// fewer than kFewPerClass states on average.
#pragma once

#include <bdd.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kripke/errors.hpp"
#include "kripke/model_lang/model_spec.hpp"
#include "kripke/model_lang/postcondition.hpp"
#include "kripke/symbolic/assignment_count.hpp"
#include "kripke/symbolic/buddy_session.hpp"
#include "kripke/symbolic/knowledge_structure.hpp"
#include "kripke/symbolic/term_values.hpp"

namespace kripke::symbolic {

// An action model as the symbolic engine applies it: each event's precondition and
// postcondition (none: no fact changes), for each agent the class of each event (events of
// one class look alike to it), and the event that happens.
struct SymbolicAction {
  std::vector<FormulaPtr> preconditions;
  std::vector<std::string> names;  // the events' names: the e of a copy (w, e)
  // Per event, its postconditions: none when it changes no fact, several when moves made
  // at once each assign their own variables (read together, before the event).
  std::vector<std::vector<model_lang::Postcondition>> postconditions;
  std::vector<std::vector<std::uint32_t>> event_class;  // [agent][event]
  std::size_t actual_event = 0;
  // Whether each agent sees again what it observes once facts changed (a game in the
  // language: what a player observes it always knows), or only what it observed before
  // (a scenario's action: the product update's own semantics).
  bool observed_again = false;
};

// How an observed term becomes part of the structure: a block of variables holding the
// index of its value, its value classes, or whichever the term's shape calls for.
enum class TermForm { automatic, variables, classes };

class SymbolicModel {
 public:
  // Base variables beyond which 128-bit counts could overflow.
  static constexpr int kMaxBits = 120;
  // TermForm::automatic observes a term by its classes when they hold fewer states than
  // this on average.
  static constexpr std::size_t kFewPerClass = 4;

  // The structure of the rules' model; InputError (at the rules' JSON paths) for what it
  // cannot express. The actual world is set afterwards (set_actual, set_actual_nth).
  // Without `observed_terms` the agents' observed terms get no variables: enough to count
  // the worlds (a term has one value in each), at a fraction of the cost when a term takes
  // many values (Sum and Product's x * y).
  SymbolicModel(std::shared_ptr<const model_lang::ModelSpec> spec, std::size_t max_nodes,
                bool observed_terms = true, TermForm term_form = TermForm::automatic)
      : spec_(std::move(spec)),
        layout_(lay_out(spec_->vocabulary())),
        current_(layout_.first),
        session_(layout_.bits, max_nodes),
        ks_(layout_.bits, std::vector<std::vector<int>>(spec_->agents().size())),
        term_form_(term_form),
        terms_([this](int k) { return variable_table(k); },
               [this](int k) {
                 return TermValues::Block{current_[std::size_t(k)], layout_.width[std::size_t(k)],
                                          vocab().variables()[std::size_t(k)].values};
               },
               [this](const bdd& f) { return first_state_text(f); }) {
    bdd domains = bddtrue;
    for (std::size_t k = 0; k < vocab().size(); ++k)
      domains &=
          index_below(layout_.first[k], layout_.width[k], vocab().variables()[k].values.size());
    ks_.restrict_to(domains);
    bdd lawful = bddfalse;
    try {
      lawful = evaluator().eval(spec_->law());
    } catch (const FormulaError& e) {
      throw InputError(e.what(), "/rules/law");
    }
    ks_.restrict_to(lawful);
    if (ks_.law() == bddfalse)
      throw InputError("no assignment satisfies the law: the model has no worlds", "/rules/law");
    if (observed_terms) define_observations();
  }

  const KnowledgeStructure& structure() const { return ks_; }

  // --- the actual world ---------------------------------------------------------------------
  // The world with these value indices; InputError at `path` when the law excludes it.
  void set_actual(const std::vector<std::size_t>& indices, const std::string& path) {
    const bdd world = ks_.law() & base_cube(indices);
    if (world == bddfalse)
      throw InputError("the actual world " + vocab().indices_text(indices) + " breaks the law",
                       path);
    actual_ = AssignmentCount(world, ks_.variables()).nth(0);
  }
  // The k-th world in the explicit engine's order (k < world_count()).
  void set_actual_nth(BigCount k) { actual_ = AssignmentCount(ks_.law(), ks_.variables()).nth(k); }

  // The worlds where `announced` hold, each announced after those before it (a game's
  // opening, before its actual world is drawn): how many; and the actual world set to the
  // k-th of them in the explicit engine's order (k below the count). The structure is left
  // as it was.
  BigCount count_after(const std::vector<FormulaPtr>& announced) {
    return AssignmentCount(law_after(announced), ks_.variables()).total();
  }
  void set_actual_nth_after(const std::vector<FormulaPtr>& announced, BigCount k) {
    actual_ = AssignmentCount(law_after(announced), ks_.variables()).nth(k);
  }

  Json actual_json() const { return vocab().indices_json(indices_of(actual_)); }
  // The actual world's value index of each declared variable.
  std::vector<std::size_t> actual_indices() const { return indices_of(actual_); }
  std::string actual_text() const { return vocab().indices_text(indices_of(actual_)); }

  // --- formulas -------------------------------------------------------------------------------
  bdd eval(const Formula& phi) const { return evaluator().eval(phi); }
  // The declared true/false variable an atom names, when the caller has it at hand (a game
  // keeps its formulas' atoms indexed): none to look it up by name.
  using AtomIndex = std::function<std::optional<int>(const Formula&)>;
  // φ at the actual world (holds_at_state).
  bool holds(const Formula& phi, const AtomIndex& index = {}) const {
    return holds_at_state(phi, actual_, index);
  }

  // --- counts -----------------------------------------------------------------------------------
  BigCount world_count() const { return ks_.state_count(); }
  // The worlds agent i cannot tell from the actual one. An agent that observes every
  // variable but one (a muddy child) considers possible the actual state and its twin.
  BigCount possible_count(Agent i) const {
    if (const std::optional<int> v = only_unobserved(i)) {
      std::vector<bool> twin = actual_;
      twin[std::size_t(*v)] = !twin[std::size_t(*v)];
      return at_state(ks_.law(), twin) ? 2 : 1;
    }
    return ks_.count(possible_states(i));
  }
  // The worlds agent i considers possible where `pre` holds, split by what it would observe
  // after the changes of `posts` (the new values of the variables it observes that they
  // assign): the count of each part, fewest first (none where `pre` holds nowhere).
  std::vector<BigCount> outcome_counts(Agent i, const Formula& pre,
                                       const std::vector<model_lang::Postcondition>& posts) const {
    const bdd where = possible_states(i) & eval(pre);
    if (where == bddfalse) return {};
    NewValues changes;
    for (const model_lang::Postcondition& post : posts) changes.merge(new_values(post, where));
    std::vector<bdd> parts = {where};
    for (const model_lang::Observation& o : spec_->agents()[std::size_t(i)].observes) {
      const auto assigned = o.term ? changes.end() : changes.find(std::size_t(o.variable));
      if (assigned == changes.end()) continue;
      std::vector<bdd> split;
      for (const bdd& part : parts)
        for (const auto& [index, states] : assigned->second)
          if (const bdd p = part & states; p != bddfalse) split.push_back(p);
      parts = std::move(split);
    }
    std::vector<BigCount> counts;
    for (const bdd& part : parts) counts.push_back(ks_.count(part));
    std::sort(counts.begin(), counts.end());
    return counts;
  }
  // Whether agent i knows the value of declared variable k: every world it considers
  // possible carries the actual one.
  bool knows_variable(Agent i, std::size_t k) const {
    const std::size_t here = indices_of(actual_)[k];
    return (possible_states(i) & !index_is(current_[k], layout_.width[k], here)) == bddfalse;
  }
  // Agent i's relation as pairs of worlds (Σ over its classes of the class's size squared),
  // when the worlds are few enough for 128 bits to hold it (at most 2^60).
  std::optional<BigCount> relation_pairs(Agent i) const {
    if (world_count() > (BigCount{1} << 60)) return std::nullopt;
    // Observing every variable but v: each state with itself, and with its v-twin when
    // that is a state too (the twins of every variable counted in one pass, once per law).
    if (const std::optional<int> v = only_unobserved(i)) {
      if (twins_law_ != ks_.law() || twins_.size() != std::size_t(ks_.variables())) {
        twins_ = AssignmentCount(ks_.law(), ks_.variables()).twin_counts();
        twins_law_ = ks_.law();
      }
      return world_count() + twins_[std::size_t(*v)];
    }
    std::vector<bool> observed(std::size_t(ks_.variables()), false);
    for (int v : ks_.observed(i)) observed[std::size_t(v)] = true;
    const LiveClassesPtr classes = ks_.classes_of({i});
    if (!classes) return AssignmentCount(ks_.law(), ks_.variables()).pairs_agreeing_on(observed);
    BigCount pairs = 0;
    for (const bdd& states : *classes)
      pairs += AssignmentCount(states, ks_.variables()).pairs_agreeing_on(observed);
    return pairs;
  }
  // Whether agent i knows the actual world's assignment: every world it considers possible
  // carries it (after an action, copies of a world carry the same one).
  bool knows_assignment(Agent i) const {
    return bdd_exist(possible_states(i), past_and_added_variables()) ==
           base_cube(indices_of(actual_));
  }

  // The worlds where φ holds: how many, and the first `listed`, as value indices and as
  // text (world_text).
  struct Satisfying {
    BigCount count = 0;
    std::vector<std::vector<std::size_t>> indices;
    std::vector<std::string> texts;
  };
  Satisfying satisfying(const Formula& phi, std::size_t listed) const {
    const AssignmentCount states(ks_.law() & eval(phi), ks_.variables());
    Satisfying out;
    out.count = states.total();
    for (const auto& bits : states.first(listed)) {
      out.indices.push_back(indices_of(bits));
      out.texts.push_back(world_text(bits));
    }
    return out;
  }

  // --- updates ----------------------------------------------------------------------------------
  // A public announcement of φ (true at the actual world).
  void announce(const Formula& phi) {
    const bdd truth = eval(phi);
    if (!at_actual(truth)) throw FalseAnnouncement("the announcement is false at the actual world");
    ks_.restrict_to(truth);
    memo_.clear();
  }

  // The group learns, for each formula, whether it holds: a new variable per formula, true
  // where it holds now, observed by the group.
  void observe(const std::vector<Agent>& group, const std::vector<FormulaPtr>& formulas) {
    std::vector<bdd> truths;
    for (const FormulaPtr& phi : formulas) truths.push_back(eval(*phi));
    for (const bdd& truth : truths) {
      const bool here = at_actual(truth);
      const int v = ks_.add_variables(1);
      ks_.restrict_to(bdd_biimp(bdd_ithvar(v), truth));
      actual_.push_back(here);
      for (Agent i : group) ks_.observe_too(i, {v});
    }
    memo_.clear();
  }

  // The product with an action model: the worlds become the pairs (world, event whose
  // precondition holds there), ordered world by world as the explicit engine orders them,
  // each with the facts its event's postcondition sets.
  void act(const SymbolicAction& action) {
    const std::size_t events = action.preconditions.size();
    std::vector<bdd> pre;
    std::vector<NewValues> changes(events);
    for (std::size_t e = 0; e < events; ++e) {
      pre.push_back(eval(*action.preconditions[e]));
      if (e < action.postconditions.size())
        for (const model_lang::Postcondition& post : action.postconditions[e])
          changes[e].merge(new_values(post, ks_.law() & pre[e]));
    }
    if (!at_actual(pre.at(action.actual_event)))
      throw FalseAnnouncement("the actual event's precondition is false at the actual world");
    // Copies: a world where two events may happen. From the first, worlds are shown with
    // their names (w, e), as the explicit engine shows them.
    for (std::size_t e = 0; e < events && !named_; ++e)
      for (std::size_t f = e + 1; f < events && !named_; ++f)
        named_ = (ks_.law() & pre[e] & pre[f]) != bddfalse;
    const int width = bits_for(events);
    const int first = ks_.add_variables(width);
    layers_.push_back({first, width, action.names, current_});
    bdd product = bddfalse;
    for (std::size_t e = 0; e < events; ++e) product |= index_is(first, width, e) & pre[e];
    ks_.restrict_to(product);
    push_index(action.actual_event, width);
    for (std::size_t i = 0; i < action.event_class.size(); ++i)
      observe_event_classes(Agent(i), action, first, width);
    const std::vector<std::size_t> changed =
        change_facts(changes, first, width, action.actual_event);
    if (action.observed_again) observe_new_values(changed);
    memo_.clear();
  }

  // Each world in the config's terms.
  Json world_json(const std::vector<std::size_t>& indices) const {
    return vocab().indices_json(indices);
  }
  std::string world_text(const std::vector<std::size_t>& indices) const {
    return vocab().indices_text(indices);
  }
  // A listed world (its bits): its facts, and once an action made copies its name as the
  // literature writes it, (w, e) of the world it came from and the event, nested by action.
  std::string world_text(const std::vector<bool>& bits) const {
    std::string text = vocab().indices_text(indices_of(bits));
    if (!named_) return text;
    std::string name = vocab().indices_text(indices_of(bits, layers_.front().blocks));
    for (const ActionLayer& layer : layers_) {
      std::size_t event = 0;
      for (int b = 0; b < layer.width; ++b)
        event = event * 2 + (bits[std::size_t(layer.first + b)] ? 1 : 0);
      std::string nested = "(";  // piece by piece: GCC 12's false -Wstringop-overflow
      nested += name;
      nested += ", ";
      nested += layer.events.at(event);
      nested += ')';
      name = std::move(nested);
    }
    text += ' ';
    text += name;
    return text;
  }
  // The world named by an assignment ({"x": 4, "y": 13}): its value indices, or InputError
  // at `path` when no world, or several (copies made by an action), carry it.
  std::vector<std::size_t> world_named(const Json& name, const std::string& path) const {
    const std::vector<std::size_t> indices = vocab().read_value_indices(name, path);
    const BigCount carrying = ks_.count(ks_.law() & base_cube(indices));
    const std::string what = "the assignment " + vocab().indices_text(indices);
    if (carrying == 0)
      throw InputError(
          "no world carries " + what + " (the rules exclude it, or an update removed it)", path);
    if (carrying > 1)
      throw InputError("several worlds carry " + what +
                           " (copies made by an action): the symbolic engine names worlds by "
                           "their assignment only; \"engine\": \"explicit\" names them by number",
                       path);
    return indices;
  }
  bool holds_at(const Formula& phi, const std::vector<std::size_t>& indices) const {
    return (ks_.law() & base_cube(indices) & eval(phi)) != bddfalse;
  }

 private:
  struct Layout {
    std::vector<int> first, width;  // per declared variable: its bits
    int bits = 0;
  };

  const model_lang::Vocabulary& vocab() const { return spec_->vocabulary(); }

  static int bits_for(std::size_t values) {
    return values <= 1 ? 0 : int(std::bit_width(values - 1));
  }

  // The blocks in reverse declaration order, each most significant bit first.
  static Layout lay_out(const model_lang::Vocabulary& vocab) {
    Layout l;
    const std::size_t n = vocab.size();
    l.first.assign(n, 0);
    l.width.assign(n, 0);
    for (std::size_t k = n; k-- > 0;) {
      l.width[k] = bits_for(vocab.variables()[k].values.size());
      l.first[k] = l.bits;
      l.bits += l.width[k];
    }
    if (l.bits > kMaxBits)
      throw InputError("the variables need " + std::to_string(l.bits) +
                           " bits, more than the symbolic engine counts exactly (" +
                           std::to_string(kMaxBits) + ")",
                       "/rules/variables");
    return l;
  }

  // The evaluator of the structure, made once: it reads the structure as it is at each
  // question (the structure does not move: its BuDDy session cannot).
  const SymbolicEvaluator& evaluator() const {
    if (!evaluator_) evaluator_.emplace(new_evaluator());
    return *evaluator_;
  }
  SymbolicEvaluator new_evaluator() const {
    SymbolicEvaluator::TermValuer valuer;
    valuer.table = [this](const Term& t, const bdd& care) {
      return terms_.table(model_lang::compile(t, vocab()), care);
    };
    valuer.in_state = [this](const Term& t) {
      return value_in_state(model_lang::compile(t, vocab()));
    };
    return SymbolicEvaluator(
        ks_, [this](const Formula& a) { return atom_truth(a); }, agent_names_, std::move(valuer),
        &memo_);
  }

  // A term's value in a state (a value per variable of the structure), read from the
  // variables' blocks as they are now: an observed term's classes keep telling states apart
  // by the values they had when it was observed, after factual change too.
  SymbolicEvaluator::TermValuer::InState value_in_state(model_lang::CompiledTerm t) const {
    return [this, t = std::move(t), blocks = current_](const std::vector<bool>& state) {
      const std::vector<std::size_t> indices = indices_of(state, blocks);
      return model_lang::value_with(
          t, [&](std::size_t k) { return vocab().variables()[k].values[indices[k]]; },
          [&] { return vocab().indices_text(indices); });
    };
  }

  bdd atom_truth(const Formula& a) const {
    if (a.kind == Formula::Kind::Atom) {
      const std::size_t k = model_lang::boolean_variable(vocab(), a);
      return bdd_ithvar(current_[k]);
    }
    const auto [lhs, rhs] = model_lang::compile_sides(a, vocab());
    return terms_.truth(lhs, a.name, rhs, ks_.law());
  }

  // Variable k's values, each with the BDD of its index.
  ValueTable variable_table(int k) const {
    const auto& var = vocab().variables()[std::size_t(k)];
    if (var.values.size() > TermValues::kMaxValues)
      throw InputError(var.name + " takes " + std::to_string(var.values.size()) +
                           " values, more than the symbolic engine tabulates (" +
                           std::to_string(TermValues::kMaxValues) + ")",
                       "/rules/variables");
    ValueTable out;
    for (std::size_t i = 0; i < var.values.size(); ++i)
      out.emplace_back(var.values[i],
                       index_is(current_[std::size_t(k)], layout_.width[std::size_t(k)], i));
    std::sort(out.begin(), out.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    return out;
  }

  // Each agent observes its variables' blocks, and each observed term through a block that
  // holds the index of the term's value or through its value classes (define_term; one per
  // distinct term, shared by the agents).
  void define_observations() {
    std::map<std::string, std::pair<std::vector<int>, ObservedClassesPtr>> term_forms;
    for (std::size_t i = 0; i < spec_->agents().size(); ++i) {
      const auto& agent = spec_->agents()[i];
      for (std::size_t j = 0; j < agent.observes.size(); ++j) {
        const model_lang::Observation& o = agent.observes[j];
        std::vector<int> vars;
        if (o.variable >= 0) {
          const auto k = std::size_t(o.variable);
          for (int b = 0; b < layout_.width[k]; ++b) vars.push_back(layout_.first[k] + b);
        } else {
          auto& [bits, classes] = term_forms[to_string(*o.term)];
          if (bits.empty() && !classes) define_term(o, i, j, bits, classes);
          if (classes) ks_.observe_classes(Agent(i), classes);
          vars = bits;
        }
        ks_.observe_too(Agent(i), vars);
      }
    }
  }

  // An observed term's block of variables (`bits`) or classes, as term_form_ says.
  void define_term(const model_lang::Observation& o, std::size_t agent, std::size_t item,
                   std::vector<int>& bits, ObservedClassesPtr& classes) {
    std::string path = "/rules/agents/";  // piece by piece: GCC 12's false -Wrestrict
    path += std::to_string(agent);
    path += "/observes/";
    path += std::to_string(item);
    const model_lang::CompiledTerm term = model_lang::compile(*o.term, vocab());
    ValueTable values;
    try {
      values = terms_.table(term, ks_.law());
    } catch (const FormulaError& e) {
      throw InputError(e.what(), path);
    }
    if (term_form_ == TermForm::classes ||
        (term_form_ == TermForm::automatic &&
         BigCount(values.size()) * kFewPerClass > ks_.state_count())) {
      auto partition = std::make_shared<ObservedClasses>();
      std::vector<std::int64_t> sorted;
      for (auto& [value, where] : values) {
        sorted.push_back(value);
        partition->classes.push_back(where);
      }
      partition->class_of = [value = value_in_state(term), sorted](const std::vector<bool>& state) {
        return std::size_t(std::lower_bound(sorted.begin(), sorted.end(), value(state)) -
                           sorted.begin());
      };
      classes = std::move(partition);
      return;
    }
    const int width = bits_for(values.size());
    const int first = ks_.add_variables(width);
    bdd definition = bddfalse;
    for (std::size_t v = 0; v < values.size(); ++v)
      definition |= index_is(first, width, v) & values[v].second;
    ks_.restrict_to(definition);
    for (int b = 0; b < width; ++b) bits.push_back(first + b);
  }

  // Agent i tells events apart as its classes say: when every event is its own class it
  // observes the event's bits; otherwise a new variable block holds its class.
  void observe_event_classes(Agent i, const SymbolicAction& action, int first, int width) {
    const auto& classes = action.event_class[std::size_t(i)];
    std::vector<std::uint32_t> ids = classes;  // class numbers in order of first appearance
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    std::vector<int> vars;
    if (ids.size() == classes.size()) {
      for (int b = 0; b < width; ++b) vars.push_back(first + b);
    } else {
      const int class_width = bits_for(ids.size());
      const int class_first = ks_.add_variables(class_width);
      bdd definition = bddfalse;
      for (std::size_t e = 0; e < classes.size(); ++e) {
        const auto c =
            std::size_t(std::lower_bound(ids.begin(), ids.end(), classes[e]) - ids.begin());
        definition |= index_is(first, width, e) & index_is(class_first, class_width, c);
      }
      ks_.restrict_to(definition);
      const auto actual_class = std::size_t(
          std::lower_bound(ids.begin(), ids.end(), classes[action.actual_event]) - ids.begin());
      push_index(actual_class, class_width);
      for (int b = 0; b < class_width; ++b) vars.push_back(class_first + b);
    }
    ks_.observe_too(i, vars);
  }

  // --- factual change -----------------------------------------------------------------------
  // For each variable an event assigns, its new value index with the states (where the event
  // happens) that get it.
  using NewValues = std::map<std::size_t, std::vector<std::pair<std::size_t, bdd>>>;

  // The postcondition's assignments read in the states `where` (simultaneously: all before
  // the event). A value outside the variable's domain is an InputError naming the first
  // state where an assignment gives one, as the explicit engine names the first world.
  NewValues new_values(const model_lang::Postcondition& post, const bdd& where) const {
    NewValues out;
    std::vector<ValueTable> outside(post.assignments().size());
    bdd wrong = bddfalse;
    for (std::size_t j = 0; j < post.assignments().size(); ++j) {
      const auto& a = post.assignments()[j];
      auto& slots = out[a.variable];
      if (a.constant) {
        slots.emplace_back(*a.constant, where);
      } else if (a.formula) {
        const bdd truth = model_lang::Postcondition::evaluated(
            a, [this](const Formula& phi) { return eval(phi); });
        slots.emplace_back(1, where & truth);
        slots.emplace_back(0, where & !truth);
      } else {
        const auto& var = vocab().variables()[a.variable];
        ValueTable values;
        try {
          values = terms_.table(*a.term, where);
        } catch (const FormulaError& e) {
          throw InputError(e.what(), a.path);  // it names the term and the state
        }
        for (auto& [x, states] : values) {
          if (const auto index = model_lang::Postcondition::find_value(var, x)) {
            slots.emplace_back(*index, states);
          } else {
            wrong |= states;
            outside[j].emplace_back(x, states);
          }
        }
      }
    }
    if (wrong != bddfalse) {
      const bdd first = cube_of(AssignmentCount(wrong, ks_.variables()).first(1).front());
      for (std::size_t j = 0; j < outside.size(); ++j)
        for (const auto& [x, states] : outside[j])
          if ((states & first) != bddfalse) {
            const auto& a = post.assignments()[j];
            model_lang::Postcondition::value_index(vocab().variables()[a.variable], x, a.path,
                                                   first_state_text(first));
          }
    }
    return out;
  }

  // After the product: a new block for every variable some event assigns, defined from the
  // old state and the event (an event that does not assign it keeps its value); the
  // variable's name then stands for the new block.
  // The variables that moved to a new block.
  std::vector<std::size_t> change_facts(const std::vector<NewValues>& changes, int event_first,
                                        int event_width, std::size_t actual_event) {
    std::map<std::size_t, int> moved;  // variable -> its new block
    for (const NewValues& change : changes)
      for (const auto& [k, slots] : change) moved.emplace(k, 0);
    if (moved.empty()) return {};
    const bdd actual_before = actual_cube();
    const std::vector<std::size_t> indices_before = indices_of(actual_);
    for (auto& [k, block] : moved) {
      const int width = layout_.width[k];
      block = ks_.add_variables(width);
      bdd definition = bddfalse;
      std::size_t actual_index = indices_before[k];
      for (std::size_t e = 0; e < changes.size(); ++e) {
        const bdd event = index_is(event_first, event_width, e);
        const auto assigned = changes[e].find(k);
        if (assigned == changes[e].end()) {
          definition |= event & same_value(current_[k], block, width);
          continue;
        }
        for (const auto& [index, states] : assigned->second) {
          definition |= event & states & index_is(block, width, index);
          if (e == actual_event && (states & actual_before) != bddfalse) actual_index = index;
        }
      }
      ks_.restrict_to(definition);
      push_index(actual_index, width);
    }
    std::vector<std::size_t> out;
    for (const auto& [k, block] : moved) {
      current_[k] = block;
      out.push_back(k);
    }
    return out;
  }
  // Each agent observes the new block of every changed variable it observes. (An observed
  // term over a changed variable keeps its old definition: the game language refuses
  // such rules on this engine.)
  void observe_new_values(const std::vector<std::size_t>& changed) {
    for (std::size_t i = 0; i < spec_->agents().size(); ++i)
      for (const model_lang::Observation& o : spec_->agents()[i].observes) {
        if (o.term ||
            std::find(changed.begin(), changed.end(), std::size_t(o.variable)) == changed.end())
          continue;
        const auto k = std::size_t(o.variable);
        std::vector<int> bits;
        for (int b = 0; b < layout_.width[k]; ++b) bits.push_back(current_[k] + b);
        ks_.observe_too(Agent(i), bits);
      }
  }

  static bdd same_value(int first_a, int first_b, int width) {
    bdd same = bddtrue;
    for (int b = 0; b < width; ++b)
      same &= bdd_biimp(bdd_ithvar(first_a + b), bdd_ithvar(first_b + b));
    return same;
  }

  // Appends `index` in `width` bits to the actual world (for variables just added).
  void push_index(std::size_t index, int width) {
    for (int b = width - 1; b >= 0; --b) actual_.push_back((index >> b) & 1U);
  }

  // The state law after `announced` (count_after).
  bdd law_after(const std::vector<FormulaPtr>& announced) {
    const KnowledgeStructure before = ks_;
    for (const FormulaPtr& phi : announced) {
      ks_.restrict_to(eval(*phi));
      memo_.clear();
    }
    const bdd law = ks_.law();
    ks_ = before;
    memo_.clear();
    return law;
  }

  // φ at `state`, a state of the structure: its connectives read there (the second operand
  // only when the first leaves the answer open); what an agent who observes every variable
  // but one knows, read at the state and its twin (the only states it cannot tell from it);
  // anything else by its truth set, looked up at the state. A game asks "Kw{c1} muddy(c1) &
  // ~everyone_knows" of each child each round: no truth set is built for it.
  bool holds_at_state(const Formula& phi, const std::vector<bool>& state,
                      const AtomIndex& index) const {
    using K = Formula::Kind;
    switch (phi.kind) {
      case K::Atom:
        if (index)
          if (const std::optional<int> k = index(phi); k && *k >= 0)
            return state[std::size_t(current_[std::size_t(*k)])];
        break;
      case K::True:
        return true;
      case K::False:
        return false;
      case K::Not:
        return !holds_at_state(*phi.left, state, index);
      case K::And:
        return holds_at_state(*phi.left, state, index) && holds_at_state(*phi.right, state, index);
      case K::Or:
        return holds_at_state(*phi.left, state, index) || holds_at_state(*phi.right, state, index);
      case K::Implies:
        return !holds_at_state(*phi.left, state, index) || holds_at_state(*phi.right, state, index);
      case K::Iff:
        return holds_at_state(*phi.left, state, index) == holds_at_state(*phi.right, state, index);
      case K::Knows:
      case K::KnowsWhether:
      case K::Possible: {
        const std::vector<Agent> group = operator_agents(phi, agent_names_, ks_.agent_count());
        const std::optional<int> v = group.size() == 1 ? only_unobserved(group[0]) : std::nullopt;
        if (!v) break;
        const bool here = holds_at_state(*phi.left, state, index);
        std::vector<bool> twin = state;
        twin[std::size_t(*v)] = !twin[std::size_t(*v)];
        if (!at_state(ks_.law(), twin)) return phi.kind == K::KnowsWhether || here;
        const bool there = holds_at_state(*phi.left, twin, index);
        return phi.kind == K::Knows      ? here && there
               : phi.kind == K::Possible ? here || there
                                         : here == there;
      }
      default:
        break;
    }
    return at_state(eval(phi), state);
  }

  // Whether `f` holds at the actual state (a path down the diagram).
  bool at_actual(const bdd& f) const { return at_state(f, actual_); }
  static bool at_state(const bdd& f, const std::vector<bool>& state) {
    BDD node = f.id();  // raw nodes: no reference counting on the way down
    while (node != bddtrue.id() && node != bddfalse.id())
      node = state[std::size_t(bdd_var(node))] ? bdd_high(node) : bdd_low(node);
    return node == bddtrue.id();
  }
  // The one variable of the structure agent i does not observe, when it observes all the
  // others and no classes; none otherwise.
  std::optional<int> only_unobserved(Agent i) const {
    const std::vector<int>& observed = ks_.observed(i);
    if (observed.size() + 1 != std::size_t(ks_.variables()) || !ks_.observed_classes(i).empty())
      return std::nullopt;
    for (int v = 0; v < ks_.variables(); ++v)
      if (std::size_t(v) == observed.size() || observed[std::size_t(v)] != v) return v;
    return std::nullopt;
  }

  // The states agent i cannot tell from the actual one.
  bdd possible_states(Agent i) const {
    bdd cube = ks_.law();
    for (int v : ks_.observed(i)) cube &= actual_[std::size_t(v)] ? bdd_ithvar(v) : bdd_nithvar(v);
    for (const ObservedClassesPtr& partition : ks_.observed_classes(i))
      cube &= partition->classes[partition->class_of(actual_)];
    return cube;
  }
  bdd actual_cube() const { return cube_of(actual_); }
  // The state with these values of the structure's variables.
  static bdd cube_of(const std::vector<bool>& bits) {
    bdd cube = bddtrue;
    for (std::size_t v = bits.size(); v-- > 0;)
      cube &= bits[v] ? bdd_ithvar(int(v)) : bdd_nithvar(int(v));
    return cube;
  }
  bdd base_cube(const std::vector<std::size_t>& indices) const {
    bdd cube = bddtrue;
    for (std::size_t k = 0; k < indices.size(); ++k)
      cube &= index_is(current_[k], layout_.width[k], indices[k]);
    return cube;
  }
  // Every variable but the bits of the declared variables' current values, as a set for
  // quantification.
  bdd past_and_added_variables() const {
    std::vector<bool> current(std::size_t(ks_.variables()), false);
    for (std::size_t k = 0; k < current_.size(); ++k)
      for (int b = 0; b < layout_.width[k]; ++b) current[std::size_t(current_[k] + b)] = true;
    bdd set = bddtrue;
    for (int v = ks_.variables() - 1; v >= 0; --v)
      if (!current[std::size_t(v)]) set &= bdd_ithvar(v);
    return set;
  }

  std::vector<std::size_t> indices_of(const std::vector<bool>& bits) const {
    return indices_of(bits, current_);
  }
  // The value indices held in `blocks` (the first bit of each declared variable's block).
  std::vector<std::size_t> indices_of(const std::vector<bool>& bits,
                                      const std::vector<int>& blocks) const {
    std::vector<std::size_t> out(vocab().size());
    for (std::size_t k = 0; k < out.size(); ++k)
      for (int b = 0; b < layout_.width[k]; ++b)
        out[k] = out[k] * 2 + (bits[std::size_t(blocks[k] + b)] ? 1 : 0);
    return out;
  }
  std::string first_state_text(const bdd& f) const {
    const auto first = AssignmentCount(f, ks_.variables()).first(1);
    return first.empty() ? "no world" : vocab().indices_text(indices_of(first.front()));
  }

  // An action's event index: in `width` variables from `first`; the events' names; and
  // where each variable's value was held when it happened (its origin's facts).
  struct ActionLayer {
    int first = 0;
    int width = 0;
    std::vector<std::string> events;
    std::vector<int> blocks;
  };

  std::shared_ptr<const model_lang::ModelSpec> spec_;
  std::vector<std::string> agent_names_ = spec_->agent_names();
  Layout layout_;
  std::vector<ActionLayer> layers_;
  bool named_ = false;        // an action made copies: worlds are shown with their names
  std::vector<int> current_;  // per declared variable: the first bit of its current block
  BuddySession session_;      // before every bdd member: they go back to BuDDy before it closes
  KnowledgeStructure ks_;
  // The BDDs of comparisons and modal subformulas evaluated since the structure last
  // changed (every update clears it).
  mutable SymbolicEvaluator::Memo memo_;
  TermForm term_form_;
  TermValues terms_;
  std::vector<bool> actual_;  // the actual world's value of every variable of ks_
  // Per variable, the states whose twin on it is a state too, under the law twins_law_.
  mutable std::vector<BigCount> twins_;
  mutable bdd twins_law_ = bddfalse;
  mutable std::optional<SymbolicEvaluator> evaluator_;  // evaluator()
};

}  // namespace kripke::symbolic
