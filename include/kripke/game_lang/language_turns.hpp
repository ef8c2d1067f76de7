// The turns of a game written in the game language (game_rules.hpp), on either engine: whose
// move it is, which moves each player's strategy allows, the end of the game, the move
// records and what each seat sees of them. The engine under it (`EnginePlay`: the explicit
// model_lang::ModelPlay or the symbolic model_lang::SymbolicModelPlay) holds the model; the
// play on it (language_play.hpp, symbolic_language_play.hpp) makes the moves.
//
// Turns go round the players (from the player a move passes the turn to, and among those a
// formula names when the rules give one), or every player moves at once each round (the
// moves' action models composed), or each turn's move is drawn from all the players'
// allowed moves; a player with no move its strategy allows is passed over, and when nobody
// has one the game has stalled.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kripke/game_lang/game_rules.hpp"
#include "kripke/game_lang/language_seats.hpp"
#include "kripke/game_lang/move_table.hpp"
#include "kripke/game_lang/strategies.hpp"
#include "kripke/model_lang/model_play_base.hpp"

namespace kripke::game_lang {

template <class EnginePlay>
class LanguageTurns : public EnginePlay, public LanguageSeats {
 public:
  // `limits`: the game's max_worlds and max_memory, which every move is held to; the rest
  // builds the engine's play.
  template <class... EngineArgs>
  LanguageTurns(std::shared_ptr<const MoveTable> table, WorldLimits limits,
                EngineArgs&&... engine_args)
      : EnginePlay(std::forward<EngineArgs>(engine_args)...),
        table_(std::move(table)),
        rules_(&table_->rules()),
        instances_(table_->instances()),
        win_(table_->wins()),
        lose_(table_->losses()),
        limits_(limits) {}

  // An atom that names a definition of the rules (expert(b)) is its formula, in every
  // formula a user asks too (check, scenarios), evaluated where it stands.
  bool has_definitions() const override { return true; }
  FormulaPtr definition_of(const Formula& a) const override {
    if (!rules_->templates().defines(a.name)) return nullptr;
    return expanded(std::make_shared<Formula>(a));
  }
  void check_atom(const Formula& a) const override {
    // An atom of the move table names a true/false variable: found once, when it was made.
    if (const std::optional<int> k = table_->variable_of(a); k && *k >= 0) return;
    if (!rules_->templates().defines(a.name)) return EnginePlay::check_atom(a);
    this->check_formula(*rules_->templates().instantiate(std::make_shared<Formula>(a), {}));
  }
  std::vector<std::string> public_move_fields() const override { return {"move"}; }

  bool has_moves() const override { return true; }
  bool has_goal() const override { return rules_->has_win(); }
  // A player whose win and loss both hold has lost.
  bool has_won(Agent i) const override {
    return !win_.empty() && this->holds(*win_[std::size_t(i)]) && !has_lost(i);
  }
  bool has_lost(Agent i) const override {
    return !lose_.empty() && this->holds(*lose_[std::size_t(i)]);
  }
  bool is_drawn() const override { return table_->draw() && this->holds(*table_->draw()); }
  // The rules' reports at the end of the game: {"expert": [true, false, true], ...}.
  Json outcome() const override {
    if (rules_->reports().empty()) return nullptr;
    Json out = Json::object();
    for (std::size_t k = 0; k < rules_->reports().size(); ++k) {
      const GameRules::Report& report = rules_->reports()[k];
      if (!report.per_player) {
        out[report.name] = this->holds(*rules_->report_of(k, 0));
        continue;
      }
      Json each = Json::array();
      for (std::size_t i = 0; i < rules_->agent_count(); ++i)
        each.push_back(this->holds(*rules_->report_of(k, Agent(i))));
      out[report.name] = each;
    }
    return out;
  }
  Json knowledge(Agent i) const override {
    return {{"win", to_string(*win_[std::size_t(i)])}, {"world", this->deal()}};
  }
  // The opening announcements, to everyone.
  void setup() override {
    for (const GameRules::Opening& o : rules_->opening())
      this->scripted_announcement(expanded(o.formula), o.text);
  }
  // A turn: the next player's move, in simultaneous rounds every player's at once, or with
  // "any" turns one move drawn uniformly from every player's allowed moves (a player who
  // plays the first of its moves offers only that one).
  TurnOutcome play_turn(Rng& rng) override {
    const auto choice = [&](Agent a, const std::vector<std::size_t>& moves) {
      if (seat_choice_)
        if (const std::optional<std::size_t> k = seat_choice_(a, moves)) return *k;
      if (strategy(a).choice == Strategy::Choice::First) return moves.front();
      const std::vector<std::size_t> c = candidates(a, moves);
      return c[std::size_t(rng.below(c.size()))];
    };
    if (rules_->any_player()) {
      std::vector<std::size_t> pool;
      const auto by_player = allowed_by_player();
      for (std::size_t a = 0; a < by_player.size(); ++a) {
        if (by_player[a].empty()) continue;
        if (strategy(Agent(a)).choice == Strategy::Choice::First) {
          pool.push_back(by_player[a].front());
          continue;
        }
        const std::vector<std::size_t> c = candidates(Agent(a), by_player[a]);
        pool.insert(pool.end(), c.begin(), c.end());
      }
      if (pool.empty()) return TurnOutcome::Stalled;
      std::size_t k = pool[std::size_t(rng.below(pool.size()))];
      // The draw says whose move it is; a seat then chooses which.
      const Agent mover = rules_->mover(instances_[k]);
      if (seat_choice_)
        if (const std::optional<std::size_t> chosen = seat_choice_(mover, by_player[mover]))
          k = *chosen;
      make(k, drawn_event(k, rng));
    } else if (rules_->simultaneous()) {
      const auto by_player = allowed_by_player();
      std::vector<std::size_t> round;
      for (std::size_t a = 0; a < by_player.size(); ++a)
        if (!by_player[a].empty()) round.push_back(choice(Agent(a), by_player[a]));
      if (round.empty()) return TurnOutcome::Stalled;
      make_round(round);
    } else {
      const std::optional<Agent> mover = next_mover();
      if (!mover) return TurnOutcome::Stalled;
      const std::size_t k = choice(*mover, allowed(*mover));
      make(k, drawn_event(k, rng));
    }
    return turn_can_follow() ? TurnOutcome::Continue : TurnOutcome::Stalled;
  }
  TurnOutcome person_move(const Json& move, const std::string& path, Rng& rng) override {
    const MoveInstance instance = rules_->read_instance(move, path);
    if (move.contains("event"))
      throw InputError("which of the move's events happens is not the mover's to choose",
                       path + "/event");
    const std::optional<Agent> mover = next_mover();
    const std::size_t k = index_of(instance);
    const std::vector<std::size_t> moves = mover ? legal(*mover) : std::vector<std::size_t>{};
    if (std::find(moves.begin(), moves.end(), k) == moves.end())
      throw InputError(rules_->instance_text(instance) + " is not a legal move now" +
                           (mover ? " (it is " + rules_->agent(*mover) + "'s turn)" : ""),
                       path);
    make(k, drawn_event(k, rng));
    return turn_can_follow() ? TurnOutcome::Continue : TurnOutcome::Stalled;
  }
  // A script's move: any legal move, whoever's turn it is; or {"round": [move, ...]}, moves
  // of different players made at once (as a simultaneous round makes them).
  void scripted_move(const Json& move, const std::string& path) override {
    if (!move.is_object() || !move.contains("round")) {
      const std::size_t k = scripted_instance(move, path);
      make(k, scripted_event(k, move, path));
      return;
    }
    ObjectReader r(move, path);
    const Json& list = array_at(r.required("round"), r.path_of("round"));
    r.done();
    if (list.empty()) throw InputError("a round needs at least one move", r.path_of("round"));
    std::vector<std::size_t> round;
    std::vector<bool> moved(rules_->agent_count(), false);
    for (std::size_t j = 0; j < list.size(); ++j) {
      const std::string at = r.path_of("round") + "/" + std::to_string(j);
      round.push_back(scripted_instance(list[j], at));
      if (has_events(round.back()))
        throw InputError("a move with events is made alone, not in a round", at);
      const Agent mover = rules_->mover(instances_[round.back()]);
      if (moved[std::size_t(mover)])
        throw InputError(rules_->agent(mover) + " moves twice in the round", at);
      moved[std::size_t(mover)] = true;
    }
    make_round(round);
  }

  // The next player with a move its strategy allows (and for whom the rules' turn formula
  // holds, when they give one), round the table from the player after the last mover, or
  // from the player the last move passed the turn to; none in simultaneous rounds, where
  // every player moves at once, or when each turn's move is drawn from everyone's.
  std::optional<Agent> next_mover() const override {
    if (rules_->simultaneous() || rules_->any_player()) return std::nullopt;
    const std::size_t n = rules_->agent_count();
    const std::vector<FormulaPtr>& whose = table_->turn_conditions();
    for (std::size_t k = 0; k < n; ++k) {
      const Agent a = Agent((std::size_t(turn_from_) + k) % n);
      if (!whose.empty() && !this->holds(*whose[std::size_t(a)])) continue;
      if (!allowed(a).empty()) return a;
    }
    return std::nullopt;
  }
  std::vector<Json> legal_moves() const override {
    std::vector<Json> out;
    if (const std::optional<Agent> mover = next_mover())
      for (std::size_t k : legal(*mover)) out.push_back(rules_->instance_json(instances_[k]));
    return out;
  }
  std::optional<Json> replayed_move(const std::vector<LogRecord>& turn) const override {
    Json round = Json::array();
    for (const LogRecord& r : turn)
      if (r.value("event", "") == "move" && r.contains("move")) {
        round.push_back(Json(r["move"]));
        if (r.contains("move_event")) round.back()["event"] = Json(r["move_event"]);
      }
    if (round.empty()) return std::nullopt;
    if (!rules_->simultaneous()) return round.front();
    return Json{{"round", std::move(round)}};
  }
  // The move record says which move it was: a player who does not see it reads only that a
  // move was made (or nothing). The update's audience is who sees the move, so that the
  // others see only that those learn something.
  void adjust_seat_view(const Event& event, Agent me, LogRecord& view) const override {
    const LogRecord& r = event.record;
    if (!r.is_object() || r.value("event", "") != "move") return;
    // Which of its events a move was: for those who see that event.
    if (r.contains("move_event_seen_by")) {
      for (const LogRecord& a : r["move_event_seen_by"])
        if (a == me + 1) view["move_event"] = r["move_event"];
    } else if (r.contains("move_event")) {
      view["move_event"] = r["move_event"];
    }
    if (!r.contains("seen_by")) return;
    for (const LogRecord& a : r["seen_by"])
      if (a == me + 1) return;
    for (const char* key : {"agent", "move", "text", "seen_by"}) view.erase(key);
    view["screen"] = r.value("others_see", "") == "nothing" ? "" : "  someone makes a move";
  }

  Json agents() const override {
    Json out = EnginePlay::agents();
    // The strategy by its label (a batch counts wins per label), and as the config wrote it.
    for (std::size_t i = 0; i < out.size(); ++i) {
      out[i]["strategy"] = strategy(Agent(i)).label;
      out[i]["settings"] = strategy(Agent(i)).json;
    }
    return out;
  }

  // --- for the desk and for searches over the moves (move_sequences.hpp) -------------------
  // The moves agent i's strategy allows now, as indices into instances().
  std::vector<std::size_t> allowed(Agent i) const { return allowed_moves(int(i))[i]; }
  // The same for every player at once.
  std::vector<std::vector<std::size_t>> allowed_by_player() const { return allowed_moves(-1); }
  std::vector<std::size_t> legal(Agent i) const override {
    std::vector<std::size_t> out;
    for (std::size_t k = 0; k < instances_.size(); ++k)
      if (rules_->mover(instances_[k]) == i && this->holds(*table_->prepared(k).legal))
        out.push_back(k);
    return out;
  }
  const std::vector<MoveInstance>& instances() const override { return instances_; }
  // Move k's precondition, its mover's guard (K{mover} guard; null: the mover's strategy
  // does not play it, or plays every legal move) and its postcondition (none: no change).
  const FormulaPtr& legal_of(std::size_t k) const { return table_->prepared(k).legal; }
  const FormulaPtr& guard_of(std::size_t k) const { return table_->prepared(k).guard; }
  const std::optional<model_lang::Postcondition>& post_of(std::size_t k) const {
    return table_->prepared(k).post;
  }
  // Whether move k lists events, and those of them that can happen here (at least one where
  // the move is legal, which is where one of them can: MoveTable).
  bool has_events(std::size_t k) const { return !table_->prepared(k).events.empty(); }
  std::vector<std::size_t> possible_events(std::size_t k) const {
    std::vector<std::size_t> out;
    const auto& events = table_->prepared(k).events;
    for (std::size_t e = 0; e < events.size(); ++e)
      if (this->holds(*events[e].when)) out.push_back(e);
    return out;
  }
  // Whether agent i plays any legal move (random and info-gain: no guards).
  bool plays_any_legal(Agent i) const { return !strategy(i).guarded; }
  void set_seat_choice(SeatChoice choose) override { seat_choice_ = std::move(choose); }

  // The moves among `moves` (agent i's allowed ones) from which its strategy draws: for
  // info-gain the most informative, else all (a protocol that plays the first of them takes
  // it when it moves; a search follows every one).
  virtual std::vector<std::size_t> candidates(Agent i,
                                              const std::vector<std::size_t>& moves) const = 0;

  const FormulaPtr& win_of(Agent i) const { return win_[std::size_t(i)]; }
  const model_lang::Vocabulary& vocabulary() const { return this->spec_ptr()->vocabulary(); }
  // φ with the rules' definitions written out (as atom() reads them).
  FormulaPtr expanded(const FormulaPtr& phi) const {
    return rules_->templates().instantiate(phi, {});
  }
  const GameRules& rules() const override { return *rules_; }
  // Whether every player's win holds (false when the rules give none).
  bool everyone_won() const {
    if (win_.empty()) return false;
    for (std::size_t i = 0; i < win_.size(); ++i)
      if (!has_won(Agent(i))) return false;
    return true;
  }

  // Every formula of the rules and the strategies checked once on the start model (its
  // atoms read at the actual world, its agents looked up), so that an unknown variable or
  // agent is reported, at the config's place, before any play.
  void check_formulas() const {
    const auto check = [this](const FormulaPtr& phi, const std::string& path) {
      if (!phi) return;
      try {
        this->check_formula(*phi);
      } catch (const FormulaError& e) {
        throw InputError(std::string(e.what()) + " in '" + excerpt(to_string(*phi)) + "'", path);
      }
    };
    // The strategies' own formulas first, so that a guard that contains a claim's goal is
    // blamed only for its own mistakes.
    for (std::size_t i = 0; i < rules_->agent_count(); ++i) {
      const Strategy& s = strategy(Agent(i));
      if (s.goal)
        check(rules_->templates().instantiate(s.goal, {{"me", rules_->agent(Agent(i))}}),
              s.goal_path);
      for (const FormulaPtr& phi : table_->about(Agent(i))) check(phi, s.about_path);
    }
    for (std::size_t k = 0; k < table_->size(); ++k) {
      const MoveTable::Prepared& p = table_->prepared(k);
      const GameRules::Move& move = rules_->moves()[instances_[k].move];
      // A move with events is legal where one can happen: its own precondition, then each
      // event's formulas, each at its place.
      check(has_events(k)
                ? rules_->templates().instantiate(move.legal, rules_->bindings(instances_[k]))
                : p.legal,
            move.path + "/legal");
      for (std::size_t e = 0; e < p.events.size(); ++e) {
        const std::string at = move.events[e].path;
        check(p.events[e].pre, at + "/pre");
        check(p.events[e].when, at + (move.events[e].when ? "/when" : "/pre"));
        for (const FormulaPtr& phi : p.events[e].learn) check(phi, at + "/learn");
      }
      const Strategy& s = strategy(rules_->mover(instances_[k]));
      if (instances_[k].move < s.guard_paths.size())
        check(p.guard, s.guard_paths[instances_[k].move]);
      for (const FormulaPtr& phi : p.learnt) check(phi, move.path + "/parties_learn");
      if (p.post) p.post->check_formulas([this](const Formula& phi) { this->check_formula(phi); });
    }
    for (const FormulaPtr& win : win_) check(win, "/rules/win");
    for (const FormulaPtr& lose : lose_) check(lose, "/rules/lose");
    for (const FormulaPtr& whose : table_->turn_conditions()) check(whose, "/rules/turns/whose");
    check(table_->draw(), "/rules/draw");
    for (const GameRules::Opening& o : rules_->opening()) check(o.formula, o.path);
    for (std::size_t k = 0; k < rules_->reports().size(); ++k)
      check(rules_->report_of(k, 0), rules_->reports()[k].path);
  }

  // Refuses a move that can never be legal: its precondition is factual, false at every world
  // of the start for every binding of its parameters, and speaks only of variables no move
  // changes (InputError at its "legal").
  void check_moves_can_be_legal() const {
    std::vector<bool> assigned(vocabulary().size(), false);
    for (std::size_t k = 0; k < table_->size(); ++k)
      if (const auto& post = table_->prepared(k).post)
        for (const auto& a : post->assignments()) assigned[a.variable] = true;
    for (std::size_t m = 0; m < rules_->moves().size(); ++m) {
      bool never = true;
      for (std::size_t k = 0; k < table_->size() && never; ++k) {
        if (instances_[k].move != m) continue;
        const Formula& legal = *table_->prepared(k).legal;
        never =
            observed_only(legal, -1) && !mentions_any(legal, assigned) && false_everywhere(legal);
      }
      if (never)
        throw InputError("the move " + rules_->moves()[m].name +
                             " can never be legal: its precondition is false at every world for "
                             "every binding of its parameters, and no move changes what it says",
                         rules_->moves()[m].path + "/legal");
    }
  }

  // Whether a turn can follow: someone's turn comes (in simultaneous rounds and with "any"
  // turns, some player has a move its strategy allows); else the game has stalled.
  bool turn_can_follow() const {
    if (!rules_->simultaneous() && !rules_->any_player()) return next_mover().has_value();
    const auto by_player = allowed_by_player();
    return std::any_of(by_player.begin(), by_player.end(),
                       [](const auto& moves) { return !moves.empty(); });
  }

  // Move k, logged: its move record, then the update. For a move with events, `event` is
  // the one that happens (its precondition holds here); none: the first that can.
  void make(std::size_t k, std::optional<std::size_t> event = std::nullopt) {
    const MoveInstance& chosen = instances_[k];
    if (has_events(k) && !event) event = possible_events(k).front();
    log_move(k, event);
    apply_move(k, event);
    const std::optional<Agent> next = rules_->next_after(chosen);
    turn_from_ =
        next ? *next : Agent((std::size_t(rules_->mover(chosen)) + 1) % rules_->agent_count());
  }

  // Moves of different players made at once: each logged, then one update with the moves'
  // action models composed. Its audience: those who see every one of the moves.
  void make_round(const std::vector<std::size_t>& round) {
    if (round.size() == 1) {
      make(round.front());
      return;
    }
    for (std::size_t k : round) log_move(k, std::nullopt);
    std::optional<std::vector<Agent>> seen = audience(instances_[round.front()]);
    std::string text = rules_->instance_text(instances_[round.front()]);
    std::string formula = "(";
    formula += to_string(*table_->prepared(round.front()).legal);
    formula += ")";
    for (std::size_t j = 1; j < round.size(); ++j) {
      const std::size_t k = round[j];
      if (const auto also = audience(instances_[k])) {
        std::vector<Agent> both;
        for (Agent a : *also)
          if (!seen || std::count(seen->begin(), seen->end(), a)) both.push_back(a);
        seen = std::move(both);
      }
      text += " + ";
      text += rules_->instance_text(instances_[k]);
      formula += " & (";
      formula += to_string(*table_->prepared(k).legal);
      formula += ")";
    }
    apply_round(round, seen, text, formula);
  }

  // Bytes its caller holds beside the play (a search's positions), which every move's
  // check against max_memory counts from here on.
  void set_memory_held(std::uint64_t bytes) { limits_.held = bytes; }

 protected:
  // The engine's part of a move: the update of move k (with `event`, for a move with
  // events), logged; and of a round of moves made at once, whose audience, text and formula
  // make_round says.
  virtual void apply_move(std::size_t k, std::optional<std::size_t> event) = 0;
  virtual void apply_round(const std::vector<std::size_t>& round,
                           const std::optional<std::vector<Agent>>& seen, const std::string& text,
                           const std::string& formula) = 0;
  // Which of move k's events happens, where several can (none for a move without events).
  virtual std::optional<std::size_t> drawn_event(std::size_t k, Rng& rng) const = 0;
  // Whether the factual formula φ holds at no world of the model.
  virtual bool false_everywhere(const Formula& phi) const = 0;

  // Who sees which move was made, when not everyone does: its parties.
  std::optional<std::vector<Agent>> audience(const MoveInstance& instance) const {
    const GameRules::Move& move = rules_->moves()[instance.move];
    if (move.others == GameRules::Others::SeeTheMove) return std::nullopt;
    std::vector<Agent> parties;
    for (std::size_t p : move.seen_by) parties.push_back(GameRules::agent_at(instance, p));
    std::sort(parties.begin(), parties.end());
    return parties;
  }
  bool is_party(Agent a, const MoveInstance& instance) const {
    for (std::size_t p : rules_->moves()[instance.move].seen_by)
      if (GameRules::agent_at(instance, p) == a) return true;
    return false;
  }
  const Strategy& strategy(Agent i) const { return table_->strategy(i); }
  const WorldLimits& limits() const { return limits_; }

  // Whether term t reads a variable marked in `variables`.
  static bool term_mentions(const Term& t, const model_lang::Vocabulary& vocab,
                            const std::vector<bool>& variables) {
    if (t.op == Term::Op::Variable) {
      const int k = vocab.find(t.name);
      return k >= 0 && variables[std::size_t(k)];
    }
    return (t.left && term_mentions(*t.left, vocab, variables)) ||
           (t.right && term_mentions(*t.right, vocab, variables));
  }

  // Whether φ is factual, or knowledge of agent `knower` (-1: none) of what it observes.
  bool observed_only(const Formula& phi, int knower) const {
    using K = Formula::Kind;
    switch (phi.kind) {
      case K::True:
      case K::False:
        return true;
      case K::Atom:
        return knower < 0 || observes(Agent(knower), model_lang::variable_name_of(phi));
      case K::Compare:
        return knower < 0 ||
               (observes_term(Agent(knower), *phi.lhs) && observes_term(Agent(knower), *phi.rhs));
      case K::Not:
      case K::And:
      case K::Or:
      case K::Implies:
      case K::Iff:
        return observed_only(*phi.left, knower) &&
               (!phi.right || observed_only(*phi.right, knower));
      case K::Knows:
      case K::KnowsWhether:
      case K::Possible: {
        const std::optional<Agent> i = agent_of(phi);
        return i && (knower < 0 || *i == Agent(knower)) && observed_only(*phi.left, int(*i));
      }
      case K::KnowsValue: {
        const std::optional<Agent> i = agent_of(phi);
        return i && (knower < 0 || *i == Agent(knower)) && observes_term(*i, *phi.lhs);
      }
      default:
        return false;
    }
  }

  // The seats a move's event is named to (none: all). Its name tells which event happened:
  // an event that teaches something (its `learn`) is named to those it teaches and to the
  // player who chose it, whoever else tells it apart in the model (ClueModel's shortcut
  // lets everyone tell "show the rope" from "show the Plum", yet only the asker learns
  // the rope's place); any other event to those who see it.
  std::optional<std::vector<Agent>> named_to(std::size_t k, std::size_t event) const {
    const MoveTable::Prepared::Event& e = table_->prepared(k).events[event];
    if (e.learn.empty() || !e.learnt_by) return e.seen_by;
    std::vector<Agent> named = *e.learnt_by;
    if (const std::optional<Agent> chooser = rules_->event_chooser(instances_[k]))
      if (std::find(named.begin(), named.end(), *chooser) == named.end()) named.push_back(*chooser);
    std::sort(named.begin(), named.end());
    return named;
  }

  std::shared_ptr<const MoveTable> table_;
  const GameRules* rules_;                      // the table's
  const std::vector<MoveInstance>& instances_;  // every move with its parameters bound

 private:
  // Move k's record in the log, with its event (and who sees which it was, when not all).
  void log_move(std::size_t k, std::optional<std::size_t> event) {
    if (!this->logging()) return;
    const MoveInstance& chosen = instances_[k];
    const Agent mover = rules_->mover(chosen);
    LogRecord rec = this->record("move");
    rec["agent"] = mover + 1;
    rec["move"] = rules_->instance_json(chosen);
    if (const auto seen = audience(chosen)) {
      LogRecord who = LogRecord::array();
      for (Agent a : *seen) who.push_back(a + 1);
      rec["seen_by"] = who;
      rec["others_see"] = rules_->moves()[chosen.move].others == GameRules::Others::SeeNothing
                              ? "nothing"
                              : "that a move was made";
    }
    if (event) {
      rec["move_event"] = rules_->moves()[chosen.move].events[*event].name;
      if (const auto named = named_to(k, *event)) {
        LogRecord who = LogRecord::array();
        for (Agent a : *named) who.push_back(a + 1);
        rec["move_event_seen_by"] = who;
      }
    }
    rec["text"] = this->agent_name(mover) + ": " + rules_->instance_text(chosen);
    const std::string text = rec["text"];
    this->emit(std::move(rec), text);
  }

  // The moves each player's strategy allows (only agent `only`'s when it is not -1).
  std::vector<std::vector<std::size_t>> allowed_moves(int only) const {
    std::vector<std::vector<std::size_t>> out(rules_->agent_count());
    for (std::size_t k = 0; k < instances_.size(); ++k) {
      const Agent mover = rules_->mover(instances_[k]);
      if (only >= 0 && mover != Agent(only)) continue;
      const MoveTable::Prepared& p = table_->prepared(k);
      if (!this->holds(*p.legal)) continue;
      if (!strategy(mover).guarded || (p.guard && this->holds(*p.guard)))
        out[std::size_t(mover)].push_back(k);
    }
    return out;
  }

  // The instance a script's move names, legal here.
  std::size_t scripted_instance(const Json& move, const std::string& path) const {
    const MoveInstance instance = rules_->read_instance(move, path);
    const std::size_t k = index_of(instance);
    if (!this->holds(*table_->prepared(k).legal))
      throw InputError(rules_->instance_text(instance) + " is not legal here: " +
                           to_string(*table_->prepared(k).legal) + " is false",
                       path);
    return k;
  }

  // The event a script's move names, when its move has events (checked to hold here); none
  // named: the first that can happen.
  std::optional<std::size_t> scripted_event(std::size_t k, const Json& move,
                                            const std::string& path) const {
    const std::optional<std::size_t> e = rules_->event_named(instances_[k], move, path);
    if (e && !this->holds(*table_->prepared(k).events[*e].when))
      throw InputError("the event " + rules_->moves()[instances_[k].move].events[*e].name +
                           " cannot happen here: " +
                           to_string(*table_->prepared(k).events[*e].when) + " is false",
                       path + "/event");
    return e;
  }
  std::size_t index_of(const MoveInstance& instance) const { return table_->index_of(instance); }

  // Whether φ mentions a variable marked in `variables` (atoms and the terms compared).
  bool mentions_any(const Formula& phi, const std::vector<bool>& variables) const {
    if (phi.kind == Formula::Kind::Atom) {
      const int k = vocabulary().find(model_lang::variable_name_of(phi));
      return k >= 0 && variables[std::size_t(k)];
    }
    return (phi.lhs && term_mentions(*phi.lhs, vocabulary(), variables)) ||
           (phi.rhs && term_mentions(*phi.rhs, vocabulary(), variables)) ||
           (phi.left && mentions_any(*phi.left, variables)) ||
           (phi.right && mentions_any(*phi.right, variables));
  }
  std::optional<Agent> agent_of(const Formula& phi) const {
    if (phi.agents.size() != 1) return std::nullopt;
    if (phi.agent_names.empty() || phi.agent_names[0].empty()) return phi.agents[0];
    for (std::size_t i = 0; i < rules_->agent_count(); ++i)
      if (rules_->agent(Agent(i)) == phi.agent_names[0]) return Agent(i);
    return std::nullopt;
  }
  bool observes(Agent i, const std::string& variable) const {
    const int k = vocabulary().find(variable);
    for (const model_lang::Observation& o : this->spec_ptr()->agents()[std::size_t(i)].observes)
      if (!o.term && o.variable == k) return true;
    return false;
  }
  bool observes_term(Agent i, const Term& t) const {
    if (t.op == Term::Op::Number) return true;
    if (t.op == Term::Op::Variable)
      return observes(i, t.name) || vocabulary().label_value(t.name).has_value();
    return (!t.left || observes_term(i, *t.left)) && (!t.right || observes_term(i, *t.right));
  }

  const std::vector<FormulaPtr>& win_;   // per player, when the rules give a win
  const std::vector<FormulaPtr>& lose_;  // per player, when the rules give a loss
  Agent turn_from_ = 0;                  // where the next turn's search round the table begins
  SeatChoice seat_choice_;
  WorldLimits limits_;
};

}  // namespace kripke::game_lang
