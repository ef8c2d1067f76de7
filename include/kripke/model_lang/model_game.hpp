// "game": "model": an S5 model written in a config (docs/models.md). The rules declare
// variables, a law every world satisfies, the agents with what each observes, and
// optionally the actual world; the worlds are the assignments that satisfy the law, and
// two worlds are alike for an agent when everything it observes has the same value in
// both. A model has no moves of its own: scenarios announce, observe and ask.
#pragma once

#include <algorithm>
#include <bit>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "kripke/bisimulation.hpp"
#include "kripke/formula_parser.hpp"
#include "kripke/game.hpp"
#include "kripke/game_catalog.hpp"
#include "kripke/model_lang/atom_cache.hpp"
#include "kripke/model_lang/law_solver.hpp"
#include "kripke/model_lang/model_play_base.hpp"
#include "kripke/model_lang/model_spec.hpp"
#include "kripke/model_lang/postcondition.hpp"
#include "kripke/model_lang/symbolic_play.hpp"
#include "kripke/model_lang/vocabulary.hpp"

namespace kripke::model_lang {

// Truth sets of a model's atoms and comparisons: world w carries assignment valuation(w).
class Atoms {
 public:
  explicit Atoms(const Vocabulary& vocab) : vocab_(vocab) {}

  WorldSet atom(const Formula& a, const Model& m) const {
    const std::size_t k = boolean_variable(vocab_, a);
    return worlds_where(m, [&](std::uint32_t v) { return vocab_.value_index(v, k) == 1; });
  }

  // A true/false variable's value in one assignment.
  bool atom_in(const Formula& a, std::uint32_t assignment) const {
    return vocab_.value_index(assignment, boolean_variable(vocab_, a)) == 1;
  }

  WorldSet compare(const Formula& c, const Model& m) const {
    const CompiledComparison comparison(c, vocab_);
    return worlds_where(m, [&](std::uint32_t v) { return comparison.holds(vocab_, v); });
  }

  std::vector<std::int64_t> values(const Term& t, const Model& m) const {
    const CompiledTerm term = compile(t, vocab_);
    std::vector<std::int64_t> out(m.world_count(), 0);
    m.alive().for_each([&](World w) { out[w] = value(term, vocab_, m.valuation(w)); });
    return out;
  }

 private:
  const Vocabulary& vocab_;
};

// Everything the plays of one model share on the explicit engine, built once from the
// rules: the worlds (every assignment that satisfies the law) and each agent's partition.
class ModelData {
 public:
  ModelData(std::shared_ptr<const ModelSpec> spec, const WorldLimits& limits)
      : spec_(std::move(spec)) {
    const Vocabulary& vocab = spec_->vocabulary();
    if (spec_->lists_worlds()) {
      check_limits(*spec_, limits);
      for (const WorldSpec& w : spec_->worlds()) worlds_.push_back(std::uint32_t(w.assignment));
      if (const auto actual = spec_->actual_world()) actual_ = World(*actual);
      std::vector<std::uint32_t> sorted(worlds_);
      std::sort(sorted.begin(), sorted.end());
      shares_facts_ = std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
    } else {
      enumerate(limits, "/rules/law");
    }
    if (const auto& actual = spec_->actual()) {
      const std::uint64_t a = vocab.assignment(*actual);
      const auto it = std::lower_bound(worlds_.begin(), worlds_.end(), std::uint32_t(a));
      if (it == worlds_.end() || *it != a) throw actual_breaks_law(vocab, a);
      actual_ = World(it - worlds_.begin());
    }
    build_partitions();
  }

  // Refuses, before anything is built, worlds too many for the explicit engine: listed, or
  // counted by solving the law (the assignments when it cannot be solved in a few steps).
  static void check_limits(const ModelSpec& spec, const WorldLimits& limits,
                           std::optional<BigCount> worlds = std::nullopt) {
    check_world_limit(worlds ? *worlds : world_estimate(spec), limits, bytes_per_world(spec),
                      spec.lists_worlds() ? "/rules/worlds" : "/rules/variables");
    check_assignments(spec);
  }

  static InputError actual_breaks_law(const Vocabulary& vocab, std::uint64_t assignment) {
    return InputError("the actual world " + vocab.assignment_text(assignment) + " breaks the law",
                      "/rules/actual");
  }
  static InputError no_worlds(const std::string& path) {
    return InputError("no assignment satisfies the law: the model has no worlds", path);
  }

  // The worlds the rules give, as far as can be told without building them: listed, counted
  // by solving the law in at most about a million steps, or else the assignments.
  static BigCount world_estimate(const ModelSpec& spec) {
    if (spec.lists_worlds()) return spec.worlds().size();
    const BigCount assignments = spec.vocabulary().assignment_count();
    LawSolver solver(spec.vocabulary(), spec.law());
    return solver.count(estimate_steps(assignments)).value_or(assignments);
  }
  static std::uint64_t estimate_steps(BigCount assignments) {
    return std::min(solver_steps(assignments), std::uint64_t{1} << 20);
  }

  const std::shared_ptr<const ModelSpec>& spec_ptr() const { return spec_; }
  const ModelSpec& spec() const { return *spec_; }
  // Whether two listed worlds carry the same facts: then worlds are shown with their names.
  bool shares_facts() const { return shares_facts_; }
  const Vocabulary& vocabulary() const { return spec_->vocabulary(); }
  const std::vector<AgentSpec>& agents() const { return spec_->agents(); }
  std::size_t world_count() const { return worlds_.size(); }
  std::optional<World> actual() const { return actual_; }

  // The initial model with `actual` as its actual world (valuation: assignment numbers).
  Model initial_model(World actual) const {
    Model m(partitions_, actual, worlds_);
    for (std::size_t i = 0; i < arrows_.size(); ++i)
      if (arrows_[i]) m.set_relation(Agent(i), *arrows_[i]);
    return m;
  }

 private:
  static std::uint64_t bytes_per_world(const ModelSpec& spec) {
    return model_bytes_per_world(spec.agents().size(), sizeof(std::uint32_t));
  }
  // Valuations are assignment numbers of 32 bits.
  static void check_assignments(const ModelSpec& spec) {
    if (!spec.lists_worlds() &&
        spec.vocabulary().assignment_count() > BigCount(Vocabulary::kMaxAssignments))
      throw InputError(
          "the variables span more than 2^32 - 1 assignments, the explicit engine's limit: use "
          "\"engine\": \"symbolic\"",
          "/rules/variables");
  }
  // The steps the law's solver may take before the assignments are tested one by one: a
  // step costs about what testing 8 assignments does.
  static std::uint64_t solver_steps(BigCount assignments) {
    return std::uint64_t(std::min<BigCount>(assignments / 8, BigCount{1} << 26)) + 4096;
  }

  // The worlds: every assignment that satisfies the law, in increasing number. Solved where
  // the solver can (law_solver.hpp); otherwise the law is evaluated as a formula over a
  // model of all assignments (no agents), a bitset at a time.
  void enumerate(const WorldLimits& limits, const std::string& path) {
    const ModelSpec& spec = *spec_;
    if (spec.vocabulary().assignment_count() > BigCount(Vocabulary::kMaxAssignments))
      check_limits(spec, limits);  // too many worlds, or too many assignments
    const BigCount assignments = spec.vocabulary().assignment_count();
    const std::uint64_t memory = limits.max_memory ? limits.max_memory : machine_memory();
    const std::uint64_t fit = std::min<std::uint64_t>(
        limits.max_worlds, memory ? memory / bytes_per_world(spec) : limits.max_worlds);
    LawSolver solver(spec.vocabulary(), spec.law());
    if (auto worlds = solver.worlds(solver_steps(assignments), fit)) {
      worlds_ = std::move(*worlds);
    } else if (solver.over_worlds()) {
      check_limits(spec, limits);  // names the count and the limit
    } else {
      check_world_limit(assignments, limits, bytes_per_world(spec), "/rules/variables");
      scan(path);
    }
    if (worlds_.empty()) throw no_worlds(path);
  }

  void scan(const std::string& path) {
    const auto candidates = std::size_t(spec_->vocabulary().assignment_count());
    std::vector<std::uint32_t> all(candidates);
    std::iota(all.begin(), all.end(), 0U);
    const Model space(std::vector<Partition>{}, 0, std::move(all));
    const Atoms atoms(spec_->vocabulary());
    WorldSet lawful;
    try {
      lawful = Evaluator(space, [&](const Formula& a, const Model& m) {
                 return a.kind == Formula::Kind::Compare ? atoms.compare(a, m) : atoms.atom(a, m);
               }).eval(spec_->law());
    } catch (const FormulaError& e) {
      throw InputError(e.what(), path);
    }
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
    arrows_.resize(spec_->agents().size());
    for (std::size_t i = 0; i < spec_->agents().size(); ++i) {
      if (const auto& arrows = spec_->agents()[i].arrows) {
        arrows_[i] = Relation::from_successors(*arrows);
        partitions_.push_back(Partition::universal(worlds_.size()));  // set_relation replaces it
        continue;
      }
      if (const auto hidden = hidden_bits(spec_->agents()[i])) {
        partitions_.push_back(Partition::hiding_bits(worlds_.size(), *hidden));
        continue;
      }
      std::string path = "/rules/agents/";  // piece by piece: GCC 12's false -Wrestrict
      path += std::to_string(i);
      path += "/observes";
      std::fill(key.begin(), key.end(), 0U);
      std::vector<bool> seen(spec_->vocabulary().size(), false);
      std::uint32_t radix = 1;
      for (const Observation& o : spec_->agents()[i].observes) {
        if (o.variable < 0 || seen[std::size_t(o.variable)]) continue;
        seen[std::size_t(o.variable)] = true;
        const auto k = std::size_t(o.variable);
        for (std::size_t w = 0; w < worlds_.size(); ++w)
          key[w] += std::uint32_t(spec_->vocabulary().value_index(worlds_[w], k)) * radix;
        radix *= std::uint32_t(spec_->vocabulary().variables()[k].values.size());
      }
      Partition p = Partition::from_keys(key);
      const auto& observes = spec_->agents()[i].observes;
      for (std::size_t j = 0; j < observes.size(); ++j) {
        if (!observes[j].term) continue;
        const CompiledTerm term = compile(*observes[j].term, spec_->vocabulary());
        term_key.resize(worlds_.size());
        try {
          for (std::size_t w = 0; w < worlds_.size(); ++w)
            term_key[w] = std::uint64_t(value(term, spec_->vocabulary(), worlds_[w]));
        } catch (const FormulaError& e) {
          throw InputError(e.what(), path + "/" + std::to_string(j));
        }
        p = p.refined_by(term_key);
      }
      partitions_.push_back(std::move(p));
    }
  }

  // When every assignment is a world and every domain has a power-of-two size, a world's
  // number holds each variable in bits of its own. An agent that observes variables only
  // then tells worlds apart by those bits: a partition by the other, hidden bits, which
  // stores nothing per world (the muddy children written as a model).
  std::optional<World> hidden_bits(const AgentSpec& agent) const {
    const Vocabulary& vocab = spec_->vocabulary();
    if (spec_->lists_worlds() || BigCount(worlds_.size()) != vocab.assignment_count())
      return std::nullopt;
    World seen = 0;
    for (std::size_t k = 0; k < vocab.size(); ++k)
      if (!std::has_single_bit(vocab.variables()[k].values.size())) return std::nullopt;
    for (const Observation& o : agent.observes) {
      if (o.term) return std::nullopt;
      const auto k = std::size_t(o.variable);
      seen |= World((vocab.variables()[k].values.size() - 1) * vocab.stride(k));
    }
    return World(worlds_.size() - 1) & ~seen;
  }

  std::shared_ptr<const ModelSpec> spec_;
  // The assignment of each world: increasing, or as listed.
  std::vector<std::uint32_t> worlds_;
  std::vector<Partition> partitions_;
  std::vector<std::optional<Relation>> arrows_;  // per agent that gives arrows
  std::optional<World> actual_;
  bool shares_facts_ = false;
};

class ModelPlay : public ModelPlayBase {
 public:
  ModelPlay(std::shared_ptr<const ModelData> data, World actual, std::string game = "model")
      : ModelPlayBase(data->spec_ptr(), std::move(game)),
        data_(std::move(data)),
        atoms_(data_->vocabulary()) {
    model_ = data_->initial_model(actual);
  }

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

  WorldSet atom(const Formula& a, const Model& m) const override {
    return cache_.get(a, m, [&] { return atoms_.atom(a, m); });
  }
  WorldSet compare(const Formula& c, const Model& m) const override {
    return cache_.get(c, m, [&] { return atoms_.compare(c, m); });
  }
  // A variable's truth at world w of the play's model (FormulaError when it is none).
  bool variable_at(const Formula& a, World w) const {
    return atoms_.atom_in(a, model_.valuation(w));
  }
  std::vector<std::int64_t> term_values(const Term& t, const Model& m) const override {
    return atoms_.values(t, m);
  }
  void check_belief_action(const std::string&) const override {}
  void check_postcondition(const Json& post, const std::string& path) const override {
    Postcondition(post, path, data_->vocabulary()).check_formulas([this](const Formula& phi) {
      (void)truth(phi);
    });
  }
  std::vector<std::uint32_t> valuations_after(const Json& post, const std::string& path,
                                              const WorldSet& where) const override {
    return Postcondition(post, path, data_->vocabulary())
        .valuations(model_, where, [this](const Formula& phi) { return truth(phi); });
  }

  Json deal() const override { return world_json(model_.actual()); }
  Json world_json(World w) const override {
    return data_->vocabulary().assignment_json(model_.valuation(w));
  }
  // Its facts; and once worlds share their facts (copies an action made, or worlds listed
  // alike), its name as the literature writes it: a listed world's name, and after an
  // action (w, e), the world it came from and the event: "p ((w_p, reads p), nothing)".
  std::string world_text(World w) const override {
    std::string text = data_->vocabulary().assignment_text(model_.valuation(w));
    if (!show_names_) return text;
    text += ' ';
    text += name_of(w);
    return text;
  }

  // The product update; each new world remembers the world and the event it came from, so
  // that copies can be named (w, e).
  void scripted_action(const ScriptedAction& action, const std::string& text,
                       const std::string& formula) override {
    std::vector<std::string> names;
    for (const ScriptedEvent& e : action.events) names.push_back(e.name);
    apply_action(action_model(action), std::move(names), text, formula);
  }

 protected:
  // The product update with `am`, whose events are named `event_names`, logged.
  // `audience`: who sees which event happened (everyone, by default); `then`: as Play::act's.
  void apply_action(const ActionModel& am, std::vector<std::string> event_names,
                    const std::string& text, const std::string& formula,
                    std::optional<std::vector<Agent>> audience = std::nullopt,
                    const std::function<void(Model&)>& then = {}) {
    if (layers_.empty())  // the facts the first action's worlds carry, for unlisted models
      for (World w = 0; w < model_.world_count(); ++w) first_facts_.push_back(model_.valuation(w));
    // The new worlds in product_update's order: alive w ascending, then its events.
    Layer layer;
    layer.events = std::move(event_names);
    check_product_size(am);  // before the worlds are listed
    const ProductWorlds product = product_worlds(model_, am);
    layer.source.assign(product.source.begin(), product.source.end());
    layer.event.assign(product.event.begin(), product.event.end());
    // Some world has two events: its copies are told apart by their events' names.
    const bool copies =
        std::adjacent_find(layer.source.begin(), layer.source.end()) != layer.source.end();
    act_on(product, am, audience ? *audience : all_agents(), text, formula, then);
    layers_.push_back(std::move(layer));
    show_names_ = show_names_ || copies;
  }

  const std::shared_ptr<const ModelData>& data() const { return data_; }

  // Where the worlds of one action came from: per new world, its world before and its event.
  struct Layer {
    std::vector<World> source;
    std::vector<std::uint32_t> event;
    std::vector<std::string> events;  // the events' names
  };
  // The play's model and the history that names its worlds, to go back to (a search over
  // moves tries one and returns).
  struct Snapshot {
    Model model;
    std::vector<std::uint32_t> first_facts;
    std::vector<Layer> layers;
    bool show_names = false;
  };
  Snapshot snapshot() const { return {model_, first_facts_, layers_, show_names_}; }
  void restore(Snapshot s) {
    model_ = std::move(s.model);
    first_facts_ = std::move(s.first_facts);
    layers_ = std::move(s.layers);
    show_names_ = s.show_names;
  }

  // The model replaced by its bisimulation contraction (bisimulation.hpp): the same truths
  // in fewer worlds, for searches over moves. The worlds' history is forgotten: they are
  // named by their facts from here on.
  void contract() {
    if (!model_.s5_over_alive()) return;
    model_ = contracted_model(model_);
    forget_world_history();
  }
  // The model cut down to its actual world, for searches in which every formula is decided
  // by the facts there (LanguagePlay::decided_by_facts).
  void keep_actual_only() {
    model_ = Model(std::vector<Partition>(model_.agent_count(), Partition::universal(1)), 0,
                   {model_.valuation(model_.actual())});
    forget_world_history();
  }
  // The worlds are named by their facts from here on (the model was replaced).
  void forget_world_history() {
    layers_.clear();
    first_facts_.clear();
    show_names_ = false;
  }

 private:
  // A world's name: as listed (or its facts) until an action renames it (w, e).
  std::string name_of(World w) const { return name_at(layers_.size(), w); }
  // The name of world w after the first `actions` actions.
  std::string name_at(std::size_t actions, World w) const {
    const auto& listed = data_->spec().worlds();
    if (actions == 0) {
      if (w < listed.size()) return listed[w].name;
      return data_->vocabulary().assignment_text(first_facts_.empty() ? model_.valuation(w)
                                                                      : first_facts_[w]);
    }
    const Layer& layer = layers_[actions - 1];
    std::string name = "(";  // piece by piece: GCC 12's false -Wstringop-overflow
    name += name_at(actions - 1, layer.source[w]);
    name += ", ";
    name += layer.events[layer.event[w]];
    name += ')';
    return name;
  }

  std::shared_ptr<const ModelData> data_;
  Atoms atoms_;
  AtomCache cache_;
  std::vector<Layer> layers_;                // one per action
  std::vector<std::uint32_t> first_facts_;   // per world before the first action
  bool show_names_ = data_->shares_facts();  // worlds share facts: show their names
};

class ModelGame final : public Game {
 public:
  explicit ModelGame(GameConfig config) : Game(std::move(config)) {
    // A model written world by world is held to the limits before its worlds and arrows are
    // read: they are what it costs.
    if (const auto listed = ModelSpec::listed_size(this->config().rules)) {
      const Json& rules = this->config().rules;
      const auto agents = rules.find("agents");
      const std::size_t agent_count =
          agents != rules.end() && agents->is_array() ? agents->size() : 0;
      check_world_limit(listed->worlds, this->config().limits(),
                        model_bytes_per_world(agent_count, sizeof(std::uint32_t)), "/rules/worlds",
                        "these rules give", listed->beliefs);
    }
    spec_ = std::make_shared<const ModelSpec>(this->config().rules);
    check_config_keys(this->config());
    if (spec_->lists_worlds() && this->config().engine == "symbolic")
      throw InputError(
          "the symbolic engine reads variables, a law and observations (S5 knowledge); a model "
          "written world by world, with arrows, needs " +
              std::string(this->config().engine_source == "/engine" ? "\"engine\": \"explicit\""
                                                                    : "--engine explicit"),
          this->config().engine_source);
    if (!choose_symbolic(this->config(), *spec_)) {
      data_ = std::make_shared<const ModelData>(spec_, this->config().limits());
      return;
    }
    // The variables, the law and the actual world are built here, so that a mistake in
    // them is reported before any play, and the worlds counted; the plays build their own
    // structure, with the observed terms (BuDDy keeps one table per process, and each play
    // owns it while it lasts), and report a term the engine cannot tabulate.
    symbolic_worlds_ = symbolic_model(false)->world_count();
  }

  Json rules() const override { return spec_->rules(); }
  bool symbolic() const { return data_ == nullptr; }

  // Under "auto", the symbolic engine from this many worlds, unless a variable has
  // more values than kAutoWideDomain: where the two engines cross over on the muddy
  // children written as a model, measured with `kripkesim scenario` (docs/performance.md,
  // "the default engine").
  static constexpr std::uint64_t kAutoSymbolicWorlds = 4096;
  // Terms over wide domains are built on BDDs value by value, where listing the worlds
  // computes them directly: on Sum and Product the explicit engine is the faster one, and
  // the gap grows with the bound (docs/performance.md).
  static constexpr std::size_t kAutoWideDomain = 16;

  // The engine: as asked, or under "auto" the one expected to be faster: the symbolic one
  // for many worlds of narrow variables (and whenever the worlds would not fit the
  // explicit engine's limits), else the explicit one. `worlds`: the count, when known.
  // (The game language chooses its engine so too.)
  static bool choose_symbolic(const GameConfig& config, const ModelSpec& spec,
                              std::optional<BigCount> worlds = std::nullopt) {
    const std::string& engine = config.engine;
    if (engine == "symbolic") return true;
    if (engine == "explicit" || spec.lists_worlds()) return false;
    const model_lang::Vocabulary& vocab = spec.vocabulary();
    const bool wide = std::any_of(
        vocab.variables().begin(), vocab.variables().end(),
        [](const model_lang::Variable& v) { return v.values.size() > kAutoWideDomain; });
    if (!worlds) worlds = ModelData::world_estimate(spec);
    if (!wide && *worlds >= kAutoSymbolicWorlds && !config.list_worlds) return true;
    try {
      ModelData::check_limits(spec, config.limits(), *worlds);
      return false;
    } catch (const InputError&) {
      return true;
    }
  }

  // Uniform below n, drawn as the explicit engine draws it when n fits 64 bits (so a seed
  // picks the same world on both engines).
  static BigCount random_below(Rng& rng, BigCount n) {
    if (n <= BigCount(std::numeric_limits<std::uint64_t>::max()))
      return rng.below(std::uint64_t(n));
    int bits = 64;  // rejection: draws of as many bits as n - 1 has, until one is below n
    while (bits < 128 && (BigCount{1} << bits) < n) ++bits;
    for (;;) {
      const BigCount draw = (BigCount(rng.next()) << 64) | rng.next();
      const BigCount masked = bits == 128 ? draw : draw & ((BigCount{1} << bits) - 1);
      if (masked < n) return masked;
    }
  }

  // The symbolic engine's structure of `spec` for `config` (its node limit, how observed
  // terms are held), with the rules' actual world when they name one.
  static std::unique_ptr<symbolic::SymbolicModel> symbolic_structure(
      const GameConfig& config, const std::shared_ptr<const ModelSpec>& spec,
      bool observed_terms = true) {
    const symbolic::TermForm form =
        config.symbolic_terms == "variables" ? symbolic::TermForm::variables
        : config.symbolic_terms == "classes" ? symbolic::TermForm::classes
                                             : symbolic::TermForm::automatic;
    auto model = std::make_unique<symbolic::SymbolicModel>(spec, config.bdd_node_limit(),
                                                           observed_terms, form);
    if (spec->actual()) model->set_actual(*spec->actual(), "/rules/actual");
    return model;
  }

  // What `kripkesim validate` checks of a model of variables and a law without building it:
  // the rules as the constructor reads them, the worlds counted by solving the law and held
  // to the limits, the actual world against the law. The count, or nullopt where only
  // building tells (a listed model, a law the solver leaves to the scan, the symbolic
  // engine, whose limits are the size of its diagrams).
  static std::optional<BigCount> checked_world_count(const GameConfig& config) {
    if (ModelSpec::listed_size(config.rules)) return std::nullopt;
    const ModelSpec spec(config.rules);
    check_config_keys(config);
    LawSolver solver(spec.vocabulary(), spec.law());
    const std::optional<BigCount> worlds =
        solver.count(ModelData::estimate_steps(spec.vocabulary().assignment_count()));
    if (!worlds || choose_symbolic(config, spec, worlds)) return std::nullopt;
    // A term an agent observes is computed at every world: one that can fail somewhere
    // needs the worlds to say where.
    for (const AgentSpec& agent : spec.agents())
      for (const Observation& o : agent.observes)
        if (o.term && !solver.never_fails(*o.term)) return std::nullopt;
    if (*worlds == 0) throw ModelData::no_worlds("/rules/law");
    ModelData::check_limits(spec, config.limits(), worlds);
    if (const auto& actual = spec.actual(); actual && !solver.holds_at(*actual))
      throw ModelData::actual_breaks_law(spec.vocabulary(), spec.vocabulary().assignment(*actual));
    return worlds;
  }

  // Deal k is world k, in the order of the explicit engine (increasing assignment number).
  std::size_t deal_count() const override {
    if (data_) return data_->world_count();
    return symbolic_worlds_ > BigCount(std::numeric_limits<std::size_t>::max())
               ? std::numeric_limits<std::size_t>::max()
               : std::size_t(symbolic_worlds_);
  }
  std::unique_ptr<Play> new_play_with_deal(Rng&, std::size_t k) const override {
    if (k >= deal_count()) throw std::out_of_range("model: no such world");
    if (data_) return std::make_unique<ModelPlay>(data_, World(k));
    auto model = symbolic_model();
    model->set_actual_nth(k);
    return std::make_unique<SymbolicModelPlay>(spec_, std::move(model));
  }
  std::unique_ptr<Play> new_play(Rng& rng) const override {
    if (data_) {
      const World actual = data_->actual() ? *data_->actual() : World(rng.below(deal_count()));
      return std::make_unique<ModelPlay>(data_, actual);
    }
    auto model = symbolic_model();
    if (!spec_->actual()) model->set_actual_nth(random_below(rng, symbolic_worlds_));
    return std::make_unique<SymbolicModelPlay>(spec_, std::move(model));
  }

 private:
  std::unique_ptr<symbolic::SymbolicModel> symbolic_model(bool observed_terms = true) const {
    return symbolic_structure(config(), spec_, observed_terms);
  }

  static void check_config_keys(const GameConfig& config) {
    if (!config.agents.empty())
      throw InputError("a model's agents are declared in its rules (\"rules\": {\"agents\": ...})",
                       "/agents");
    if (!config.deal.is_null())
      throw InputError("a model's actual world is its rules' \"actual\"", "/deal");
  }

  std::shared_ptr<const ModelSpec> spec_;
  std::shared_ptr<const ModelData> data_;  // the explicit engine's; null on the symbolic one
  BigCount symbolic_worlds_ = 0;
};

// The game's entry in a catalog (game_catalog.hpp).
inline GameInfo game_info() {
  return {"model",
          "a model written in the config (docs/models.md): variables, a law, what each agent "
          "observes",
          {},
          [](GameConfig c) { return std::make_unique<ModelGame>(std::move(c)); },
          true};
}

}  // namespace kripke::model_lang
