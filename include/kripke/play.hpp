// The contract between a game and everything that drives it: the game loop (game_loop.hpp),
// scenarios, the people at `kripkesim play` and the programs at a seat. A Play is one game in
// progress: it owns the Kripke model and the game's own state (deck, hands, whose turn),
// turns moves into model updates, and reports them as events. The generic loop drives every
// game: a game adds no loop of its own.
//
// The operations come in three groups, each documented where it is declared:
//   - what each game provides: the setup, a turn, the goal, a person's or script's move,
//     the legal moves, the deal, the agents, the atoms of its formulas;
//   - the queries every game answers alike (truth of formulas, worlds satisfying them,
//     counts), which a game whose worlds are not listed overrides;
//   - the updates and their log records, shared by every game (announce, observe, act).
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kripke/config_reader.hpp"
#include "kripke/deals.hpp"
#include "kripke/evaluate.hpp"
#include "kripke/events.hpp"
#include "kripke/formula.hpp"
#include "kripke/model.hpp"
#include "kripke/rng.hpp"
#include "kripke/seat_view.hpp"
#include "kripke/update_record.hpp"
#include "kripke/updates.hpp"

namespace kripke {

enum class TurnOutcome { Continue, Stalled };

class Play {
 public:
  explicit Play(std::string game_name) : game_name_(std::move(game_name)) {}
  virtual ~Play() = default;
  Play(const Play&) = delete;
  Play& operator=(const Play&) = delete;

  // --- what each game provides ----------------------------------------------------------
  // Updates that happen before the first turn (the deal, the father's announcement), at turn 0.
  virtual void setup() = 0;
  // One turn: the current agent's move and its updates. Stalled when the game can see that
  // nothing will ever change again.
  virtual TurnOutcome play_turn(Rng& rng) = 0;
  // Whether agent i has reached the game's goal (knows the hidden card, its numbers, ...).
  virtual bool has_won(Agent i) const = 0;
  // Whether agent i has lost, and whether the game is drawn now: only games written in the
  // game language have such rules ("lose", "draw"); the built-in games end by a win.
  virtual bool has_lost(Agent i) const {
    (void)i;
    return false;
  }
  virtual bool is_drawn() const { return false; }
  // Whether agent i knows what the game asks it to find: the `knows` of update events. Where
  // winning is knowing, its win; Cluedo overrides it, since there a player wins only by
  // accusing, on its turn, what it knows.
  virtual bool knows_goal(Agent i) const { return has_won(i); }
  // What a winner knows, for the `win` event.
  virtual Json knowledge(Agent i) const = 0;
  // Each agent's knowledge in the game's terms, as `knowledge` events: called after the
  // setup and after every turn while someone reads the events. A game whose knowledge has
  // no table (the muddy children: the update events' `knows` says it all) logs nothing;
  // Sleuth logs its knowledge bases itself, after each player's own observations.
  virtual void log_knowledge() const {}
  // Truth sets of the game's atoms; FormulaError for an unknown atom.
  virtual WorldSet atom(const Formula& atom, const Model& model) const = 0;
  // A scripted move from a scenario file (path: its JSON pointer, for errors).
  virtual void scripted_move(const Json& move, const std::string& path) = 0;
  // A move a person chose (`kripkesim play`), in the scripted move's form: played as the
  // agent's own turn plays its strategy's choice, so that only the choice is the person's
  // (in Clue, the answering agents show cards by their own policies, which may draw from
  // `rng`). Stalled, as a turn's outcome, when the game can see that no turn will change
  // anything any more. By default the scripted move.
  virtual TurnOutcome person_move(const Json& move, const std::string& path, Rng& rng) {
    (void)rng;
    scripted_move(move, path);
    return TurnOutcome::Continue;
  }
  // The actual deal, as it appears in the config's "deal" field.
  virtual Json deal() const = 0;
  // One entry per agent: {"agent": 1, "strategy": ...}.
  virtual Json agents() const = 0;
  virtual std::string agent_name(Agent i) const { return "agent " + std::to_string(i + 1); }
  // Facts about the finished play that a batch keeps in its game record beside the
  // winners (Sleuth: the turn at which each player's reasoning first knew); null for none.
  virtual Json outcome() const { return nullptr; }
  // Whose turn comes next, in games where the players move in turn; none where every agent
  // moves at once (the muddy children answer together): there each turn is a round. The
  // game loop counts a new round whenever the turn goes back to an earlier player.
  virtual std::optional<Agent> next_mover() const { return std::nullopt; }

  // --- what a seat sees and may do (a person at `kripkesim play`, a program at a seat) ----
  // The moves next_mover() may make now, each in the JSON form person_move takes (the form
  // of a scenario's move step): person_move accepts every one of them, and refuses with an
  // InputError what is not among them. Empty where no single player chooses a move (the
  // muddy children answer together; a model written in a config has no moves).
  virtual std::vector<Json> legal_moves() const { return {}; }
  // The scenario move step (scripted_move's form) that makes again the move a turn made, from
  // that turn's log records: a run's moves replayed as a scenario give the same updates.
  // nullopt where the records hold no move (a model), or one the step cannot say.
  virtual std::optional<Json> replayed_move(const std::vector<LogRecord>& turn) const {
    (void)turn;
    return std::nullopt;
  }
  // Whether a seat is shown, after an update, how many worlds it considers possible (the
  // muddy children and What's My Number?: no, since 1 would say "you know").
  virtual bool shows_counts() const { return true; }
  // The fields of the game's move records that every seat sees (the question asked and its
  // public answer); the others (an agent's reasons, a card shown to one player) stay out.
  virtual std::vector<std::string> public_move_fields() const { return {}; }
  // What seat `me` sees of an event, as data (seat_view.hpp says which fields each kind
  // keeps); its "screen" is what `kripkesim play` shows a person. nullopt: nothing (another
  // seat's knowledge table, an agent's reasons). Not virtual, and defined below the class:
  // compiled only where it is called, not in every unit that sees a Play's vtable.
  std::optional<LogRecord> seat_view(const Event& event, Agent me) const;
  // Where a game's view differs: what onlookers see of an update that is not theirs (Clue:
  // who showed whom a card, not which), what the two players of a shown card see of the
  // move. `view`: the shared view of `event` for seat `me`.
  virtual void adjust_seat_view(const Event& event, Agent me, LogRecord& view) const {
    (void)event;
    (void)me;
    (void)view;
  }

  // --- shared by every game -------------------------------------------------------------
  const Model& model() const { return model_; }
  const std::string& game_name() const { return game_name_; }
  int turn() const { return turn_; }
  void set_turn(int turn) { turn_ = turn; }
  void attach(EventSink& sink) { sink_ = sink.enabled() ? &sink : nullptr; }
  // Whether anyone reads the events: a game may skip computing what only they show.
  bool logging() const { return sink_ != nullptr; }

  // Whether a goal reached now counts as a win for agent i (nine-card's "win_check":
  // "mover" lets only the player who just moved win, as the original program does).
  virtual bool may_win_now(Agent) const { return true; }

  // Whether the game has a goal at all (a model written in a config has none unless its
  // rules give one): without one nobody wins, and nothing is said of winning.
  virtual bool has_goal() const { return true; }

  std::vector<Agent> winners() const {
    std::vector<Agent> out;
    if (!has_goal()) return out;
    for (std::size_t i = 0; i < model_.agent_count(); ++i)
      if (!ruled_out(Agent(i)) && may_win_now(Agent(i)) && has_won(Agent(i)))
        out.push_back(Agent(i));
    return out;
  }
  std::vector<Agent> losers() const {
    std::vector<Agent> out;
    for (std::size_t i = 0; i < model_.agent_count(); ++i)
      if (has_lost(Agent(i))) out.push_back(Agent(i));
    return out;
  }
  // A person at `kripkesim play` who claimed wrongly (a guess, or "no" when it could know)
  // cannot win this game any more, whatever it comes to know.
  void rule_out(Agent i) {
    if (std::find(ruled_out_.begin(), ruled_out_.end(), i) == ruled_out_.end())
      ruled_out_.push_back(i);
  }
  bool ruled_out(Agent i) const {
    return std::find(ruled_out_.begin(), ruled_out_.end(), i) != ruled_out_.end();
  }

  WorldSet truth(const Formula& phi) const { return evaluator().eval(phi); }
  // Finds what evaluating φ would report (an unknown atom, variable or agent; a term where
  // none can be) without evaluating its operators: a script's formulas are checked before
  // the first step and evaluated once, when their step comes. FormulaError.
  void check_formula(const Formula& phi) const { check_formula(phi, agent_names_in_formulas()); }
  // The same with the agents' names read once (a model's come as a copy: a hundred
  // children's names copied at every K of "nobody knows" was 4% of a scenario).
  void check_formula(const Formula& phi, const std::vector<std::string>& names) const {
    using K = Formula::Kind;
    switch (phi.kind) {
      case K::True:
      case K::False:
        return;
      case K::Atom:
      case K::Compare:
        return check_atom(phi);
      case K::KnowsValue:
        check_term(phi.lhs);
        break;
      default:
        break;
    }
    if (!phi.agents.empty()) (void)operator_agents(phi, names, model_.agent_count());
    if (phi.left) check_formula(*phi.left, names);
    if (phi.right) check_formula(*phi.right, names);
  }
  // Whether φ holds at the actual world. A game whose worlds are not listed (the symbolic
  // engine) answers it its own way; truth sets (truth()) need the listed worlds.
  virtual bool holds(const Formula& phi) const { return evaluator().holds_at_actual(phi); }
  Evaluator evaluator() const {
    Evaluator e(
        model_,
        [this](const Formula& a, const Model& m) {
          return a.kind == Formula::Kind::Compare ? compare(a, m) : atom(a, m);
        },
        agent_names_in_formulas(),
        [this](const Term& t, const Model& m) { return term_values(t, m); });
    if (has_definitions())
      e.with_definitions([this](const Formula& a) { return definition_of(a); });
    return e;
  }
  // Whether some atoms name formulas (a game written in the game language), and the
  // formula an atom names (null: a fact): evaluated where the atom stands.
  virtual bool has_definitions() const { return false; }
  virtual FormulaPtr definition_of(const Formula&) const { return nullptr; }

  // The truth set of a comparison of terms (x + y <= 100): only a game with integer
  // variables has them.
  virtual WorldSet compare(const Formula& c, const Model&) const {
    std::string message = "'";  // piece by piece: GCC 12's false -Wrestrict (PR 105329)
    message += to_string(c);
    message += "' compares numbers, but ";
    message += game_name_;
    message += " has no integer variables (models written in a config have them)";
    throw FormulaError(message, c.column);
  }
  // What check_formula asks of an atom or comparison, and of Kv's term: by default, what
  // evaluating it alone reports (one atom costs little); a game that can check them
  // without the worlds does so.
  virtual void check_atom(const Formula& a) const { (void)holds(a); }
  virtual void check_term(const TermPtr& t) const { (void)holds(*f::knows_value(0, t)); }
  // A term's value at every alive world (indexed by world), for Kv: only a game with
  // integer variables has terms.
  virtual std::vector<std::int64_t> term_values(const Term& t, const Model&) const {
    std::string message = "Kv of '";  // piece by piece: GCC 12's false -Wrestrict
    message += to_string(t);
    message += "' needs integer variables, but ";
    message += game_name_;
    message += " has none (models written in a config have them)";
    throw FormulaError(message, t.column);
  }
  // Factual change for an action model's event: the valuation every world in `where` (the
  // event's precondition) carries after the assignments `post` ({"p": "q", "x": "x + 1"},
  // at `path`); the other worlds keep theirs. Only a game with
  // variables has facts to change; check_postcondition finds the mistakes that need no
  // world (unknown variables, constants outside a domain, syntax).
  virtual void check_postcondition(const Json& post, const std::string& path) const {
    (void)post;
    std::string message = game_name_;  // piece by piece: GCC 12's false -Wrestrict
    message += " has no variables to assign: postconditions are for models written in a config";
    throw InputError(message, path);
  }
  // Whether an action may give an agent arrows that are not an equivalence (the model then
  // holds beliefs): only a model on the explicit engine reads its relations as they come;
  // the games' own code reads partitions. InputError at `path` otherwise.
  virtual void check_belief_action(const std::string& path) const {
    std::string message = game_name_;  // piece by piece: GCC 12's false -Wrestrict
    message +=
        "'s knowledge is S5: actions with arrows (beliefs) are for models written in a config "
        "(\"game\": \"model\")";
    throw InputError(message, path);
  }
  virtual std::vector<std::uint32_t> valuations_after(const Json& post, const std::string& path,
                                                      const WorldSet& where) const {
    (void)where;
    check_postcondition(post, path);
    return model_.valuations();
  }
  // The names formulas may give agents (K{alice} p), in agent order; none: numbers only.
  virtual std::vector<std::string> agent_names_in_formulas() const { return {}; }

  // Whether the agents have moves to make. A model written in a config has none (its
  // updates come from a scenario's steps): its play ends at the start, after turn 0.
  virtual bool has_moves() const { return true; }

  // The world a user names (`check --at`): by default its number in the order `--where`
  // lists the worlds still possible (0 the first), so that an update that removed worlds
  // leaves no gaps in the numbers.
  virtual World world_named(const Json& name, const std::string& path) const {
    const std::size_t alive = model_.alive_count();
    if (!name.is_number_unsigned() || name.get<std::uint64_t>() >= alive)
      throw InputError("expected a world number, 0 to " + std::to_string(alive - 1) +
                           " (the order in which --where lists the worlds still possible)",
                       path);
    std::uint64_t left = name.get<std::uint64_t>();
    World named = 0;
    model_.alive().for_each([&](World w) {
      if (left-- == 0) named = w;
    });
    return named;
  }

  // The actual world as world_json writes worlds (`check --formula --format json`).
  virtual Json actual_world_json() const { return world_json(model_.actual()); }

  // `check --formula F --at WORLD`: whether φ holds at the world a user names, and that
  // world as data and as text.
  struct TruthAtWorld {
    bool holds = false;
    Json world;
    std::string text;
  };
  virtual TruthAtWorld truth_at_named(const Formula& phi, const Json& name,
                                      const std::string& path) const {
    const World w = world_named(name, path);
    return {truth(phi).test(w), world_json(w), world_text(w)};
  }

  // `check --where / --valid / --count`: how many alive worlds satisfy φ, and the first
  // `listed` of them in the model's order (as data and as text).
  struct WorldSample {
    BigCount count = 0;
    std::vector<Json> json;
    std::vector<std::string> text;
  };
  virtual WorldSample worlds_satisfying(const Formula& phi, std::size_t listed) const {
    const WorldSet holding = truth(phi);
    WorldSample sample;
    sample.count = holding.count();
    holding.for_each([&](World w) {
      if (sample.json.size() >= listed) return;
      sample.json.push_back(world_json(w));
      sample.text.push_back(world_text(w));
    });
    return sample;
  }

  // --- the updates of a scenario's steps, which either engine applies -------------------------
  // "announce": φ announced publicly; FalseAnnouncement, with nothing changed, when φ is
  // false at the actual world. φ is evaluated once, for the check and the update.
  virtual void scripted_announcement(const FormulaPtr& phi, const std::string& text) {
    const WorldSet where = truth(*phi);
    if (!where.test(model_.actual()))
      throw FalseAnnouncement("the announcement is false at the actual world");
    const UpdateResult r = public_announce(model_, where);
    log_update(UpdateKind::Public, all_agents(), text, to_string(*phi), r);
  }
  // "observe": the group learns, for each formula, whether it holds (a world's key is the bit
  // vector of the formulas' truth values there).
  virtual void scripted_observation(const std::vector<Agent>& group,
                                    const std::vector<FormulaPtr>& formulas,
                                    const std::string& text, const std::string& formula) {
    std::vector<std::uint64_t> key(model_.world_count(), 0);
    for (std::size_t k = 0; k < formulas.size(); ++k)
      truth(*formulas[k]).for_each([&](World w) { key[w] |= std::uint64_t{1} << k; });
    observe(group, key, text, formula);
  }
  // "action": the product update with an action model that every agent knows happens.
  struct ScriptedEvent {
    FormulaPtr precondition;
    Json postcondition;  // null: no factual change
    std::string postcondition_path;
    std::string name;  // as the script names it: the e of a copy (w, e)
  };
  struct ScriptedAction {
    std::vector<ScriptedEvent> events;
    std::vector<std::vector<std::uint32_t>> event_class;  // [agent][event]: alike when equal
    // Empty, or [agent][event]: the events the agent considers possible (an agent with no
    // list uses event_class): ActionModel::event_arrows.
    std::vector<std::vector<std::vector<std::uint32_t>>> event_arrows;
    std::size_t actual_event = 0;
  };
  virtual void scripted_action(const ScriptedAction& action, const std::string& text,
                               const std::string& formula) {
    act(action_model(action), all_agents(), text, formula);
  }
  // The action model of a script's action on this model: its preconditions' truth sets and
  // its postconditions' valuations.
  ActionModel action_model(const ScriptedAction& action) const {
    ActionModel am;
    for (const ScriptedEvent& e : action.events) {
      am.preconditions.push_back(truth(*e.precondition));
      am.valuation_after.push_back(
          e.postcondition.is_null()
              ? nullptr
              : valuation_row(valuations_after(e.postcondition, e.postcondition_path,
                                               am.preconditions.back())));
    }
    am.actual_event = action.actual_event;
    am.event_class = action.event_class;
    am.event_arrows = action.event_arrows;
    return am;
  }

  // A world of the model, for answers about many worlds (`check --where`): as data (a
  // model's assignment; by default the world's number) and as text.
  virtual Json world_json(World w) const { return w; }
  virtual std::string world_text(World w) const {
    std::string text = "world ";  // piece by piece: GCC 12's false -Wrestrict (PR 105329)
    text += std::to_string(w);
    return text;
  }
  // How world_text writes a world, for a drawing's legend; empty when it speaks for itself.
  virtual std::string world_notation() const { return ""; }

  // A record with the fields every event has.
  LogRecord record(const std::string& event) const {
    LogRecord r;
    r["v"] = kLogVersion;
    r["event"] = event;
    r["game"] = game_name_;
    r["turn"] = turn_;
    return r;
  }
  void emit(LogRecord record, std::string text) const {
    if (sink_) sink_->emit(Event{std::move(record), std::move(text)});
  }
  void emit_text(std::string text) const { emit(nullptr, std::move(text)); }

  // World counts. A game whose worlds are counted rather than enumerated (Sleuth's full
  // deck: ~10^23) overrides these; its Model is then a placeholder, so formulas cannot be
  // evaluated and relations are unknown (enumerates_worlds() is false).
  virtual bool enumerates_worlds() const { return true; }
  virtual BigCount world_count() const { return model_.alive_count(); }
  virtual BigCount possible_count(Agent i) const { return model_.possible(i); }
  // Agent i's relation as a number of pairs of worlds (each world with itself included),
  // when the game knows it.
  virtual std::optional<BigCount> relation_count(Agent i) const {
    if (!enumerates_worlds()) return std::nullopt;
    return BigCount(model_.relations(i));
  }

  // A game's own per-agent statistics beside the shared ones (Clue: the relation count its
  // original's table shows).
  virtual void add_statistics(Agent, LogRecord&) const {}

  // Per-agent statistics for `update` events: possible worlds, relations (when the worlds
  // are enumerated), goal known.
  LogRecord agent_statistics() const {
    LogRecord out = LogRecord::array();
    // A model with beliefs over the worlds still possible (an announcement may have removed
    // those that made a relation a belief).
    const bool beliefs = enumerates_worlds() && !model_.s5_over_alive();
    for (std::size_t i = 0; i < model_.agent_count(); ++i) {
      const Agent a = Agent(i);
      LogRecord stats = {{"agent", a + 1}, {"possible", count_json(possible_count(a))}};
      if (sink_->reads_relations())
        if (const auto pairs = relation_count(a)) stats["relations"] = count_json(*pairs);
      add_statistics(a, stats);
      stats["knows"] = knows_goal(a);
      // In a model with beliefs: whether the agent rules out the actual world (so that what
      // it believes may be false, and `knows` may speak of a wrong world).
      if (beliefs)
        stats["believes_falsely"] =
            model_.all_possible(a, model_.actual(), [&](World v) { return v != model_.actual(); });
      out.push_back(std::move(stats));
    }
    return out;
  }

  // Public announcement of φ, logged. φ must be true at the actual world.
  UpdateResult announce(const FormulaPtr& phi, const std::string& text) {
    UpdateResult r = public_announce(model_, truth(*phi));
    log_update(UpdateKind::Public, all_agents(), text, to_string(*phi), r);
    return r;
  }

  // The group privately learns key[w] of the actual world; `formula` describes it.
  ObservationResult observe(const std::vector<Agent>& group, const std::vector<std::uint64_t>& key,
                            const std::string& text, const std::string& formula) {
    ObservationResult r = kripke::observe(model_, group, key);
    log_update(UpdateKind::Private, group, text, formula, r);
    return r;
  }

  // The same for one agent, with the refinement computed beforehand (kripke::observe_refined).
  ObservationResult observe_refined(Agent i, Partition refined, const std::string& text,
                                    const std::string& formula) {
    ObservationResult r = kripke::observe_refined(model_, i, std::move(refined));
    log_update(UpdateKind::Private, {i}, text, formula, r);
    return r;
  }

  // `then`, when given, changes the model after the product update and before it is
  // logged (a game's agents observe what they see after a move).
  UpdateResult act(const ActionModel& am, const std::vector<Agent>& audience,
                   const std::string& text, const std::string& formula,
                   const std::function<void(Model&)>& then = {}) {
    check_product_size(am);
    return act_on(product_worlds(model_, am), am, audience, text, formula, then);
  }
  // The same with the product's worlds listed by the caller (product_worlds), after
  // check_product_size: a play that keeps where its worlds came from reads that list too.
  UpdateResult act_on(const ProductWorlds& product, const ActionModel& am,
                      const std::vector<Agent>& audience, const std::string& text,
                      const std::string& formula, const std::function<void(Model&)>& then = {}) {
    UpdateResult r = product_update(model_, am, product);
    if (then) {
      then(model_);
      r.worlds_after = model_.alive_count();
    }
    log_update(UpdateKind::Action, audience, text, formula, r);
    return r;
  }

  // The limits of the game's config (the game loop sets them), which updates that multiply
  // the worlds are held to.
  void set_world_limits(const WorldLimits& limits) { limits_ = limits; }

 protected:
  // Refuses a product update whose worlds would pass max_worlds or max_memory, before it is
  // built: each copying event doubles the worlds, and a few dozen outgrow any memory. The
  // relations kept as rows (beliefs) count too: their arrows can grow faster than the worlds.
  void check_product_size(const ActionModel& am) const {
    BigCount product = 0;
    for (const WorldSet& pre : am.preconditions) product += pre.count_common(model_.alive());
    const std::uint64_t per_world =
        model_bytes_per_world(model_.agent_count(), sizeof(std::uint32_t));
    const std::uint64_t memory = limits_.max_memory ? limits_.max_memory : machine_memory();
    RowsSize beliefs;
    for (std::size_t i = 0; i < model_.agent_count(); ++i) {
      if (!product_keeps_rows(model_, am, i)) continue;
      const BigCount used = product * per_world + beliefs.bytes();
      const RowsSize agent =
          product_rows_size(model_, am, i, BigCount(memory) > used ? memory - used : 0);
      beliefs.arrows += agent.arrows;
      beliefs.rows += agent.rows;
      beliefs.partial = beliefs.partial || agent.partial;
    }
    check_world_limit(product, limits_, per_world, "", "this action model gives", beliefs);
  }

  std::vector<Agent> all_agents() const {
    std::vector<Agent> g(model_.agent_count());
    for (std::size_t i = 0; i < g.size(); ++i) g[i] = Agent(i);
    return g;
  }

  void log_update(UpdateKind kind, const std::vector<Agent>& audience, const std::string& text,
                  const std::string& formula, const UpdateResult& r) {
    log_update(kind, audience, text, formula, r.worlds_before, r.worlds_after);
  }
  // The same for an update the game made itself (a counted game has no Model to update).
  void log_update(UpdateKind kind, const std::vector<Agent>& audience, const std::string& text,
                  const std::string& formula, BigCount worlds_before, BigCount worlds_after) {
    if (!sink_) return;
    LogRecord rec = record("update");
    rec["kind"] = to_string(kind);
    LogRecord aud = LogRecord::array();
    for (Agent a : audience) aud.push_back(a + 1);
    rec["audience"] = aud;
    rec["text"] = text;
    rec["formula"] = formula;
    rec["worlds_before"] = count_json(worlds_before);
    rec["worlds_after"] = count_json(worlds_after);
    rec["agents"] = agent_statistics();
    std::string line = update_text(kind, audience, text, worlds_before, worlds_after, rec["agents"],
                                   [this](Agent a) { return agent_name(a); });
    emit(std::move(rec), std::move(line));
  }

  // The alive world carrying valuation v, described as `what` in errors: none does (the
  // rules exclude it or an update removed it), or several do (copies made by a product
  // update: then only a number names one).
  World alive_world_with_valuation(std::uint32_t v, const std::string& what,
                                   const std::string& path) const {
    std::optional<World> found;
    model_.alive().for_each([&](World w) {
      if (model_.valuation(w) != v) return;
      if (found)
        throw InputError("several worlds carry " + what + ": name one by its number", path);
      found = w;
    });
    if (!found)
      throw InputError(
          "no world carries " + what + " (the rules exclude it, or an update removed it)", path);
    return *found;
  }

  // `w` if it is alive, else an error at `path`.
  World alive_world(World w, const std::string& path) const {
    if (!model_.alive().test(w))
      throw InputError(world_text(w) + " is no longer possible: an update removed it", path);
    return w;
  }

  Model model_;

 private:
  std::string game_name_;
  EventSink* sink_ = nullptr;
  int turn_ = 0;
  WorldLimits limits_;
  std::vector<Agent> ruled_out_;
};

inline std::optional<LogRecord> Play::seat_view(const Event& event, Agent me) const {
  std::optional<LogRecord> view = seat_view_of(
      event, me, turn_,
      {shows_counts(), public_move_fields(), [this](Agent a) { return agent_name(a); }});
  if (view) adjust_seat_view(event, me, *view);
  return view;
}

}  // namespace kripke
