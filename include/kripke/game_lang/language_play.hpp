// A play of a game written in the game language (game_rules.hpp) on the explicit engine: the
// model of the rules, and the moves the players make, each a product update with the move's
// action model. Turns go round the players (from the player a move passes the turn to, and
// among those a formula names when the rules give one), or every player moves at once each
// round (the moves' action models composed: joint_action.hpp), or each turn's move is drawn
// from all the players' allowed moves; a player with no move its strategy allows is passed
// over, and when nobody has one the game has stalled.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "kripke/evaluate_at.hpp"
#include "kripke/game_lang/game_rules.hpp"
#include "kripke/game_lang/info_gain.hpp"
#include "kripke/game_lang/joint_action.hpp"
#include "kripke/game_lang/move_table.hpp"
#include "kripke/game_lang/strategies.hpp"
#include "kripke/model_lang/model_game.hpp"

namespace kripke::game_lang {

class LanguagePlay final : public model_lang::ModelPlay {
 public:
  // A move's peak memory per world of its product, measured: about 750 bytes at 1.7 million
  // worlds (gossip on 4 agents, calls seen as a call): the product, the action model's
  // per-event preconditions and valuations, the contraction. A move is held to max_worlds
  // and max_memory by this before it is made.
  static constexpr std::uint64_t kBytesPerProductWorld = 1024;

  // `limits`: the game's max_worlds and max_memory, which every move is held to.
  LanguagePlay(std::shared_ptr<const model_lang::ModelData> data, World actual,
               std::shared_ptr<const MoveTable> table, std::string game = "model",
               WorldLimits limits = {})
      : ModelPlay(std::move(data), actual, std::move(game)),
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
    if (!rules_->templates().defines(a.name)) return ModelPlay::check_atom(a);
    check_formula(*rules_->templates().instantiate(std::make_shared<Formula>(a), {}));
  }
  std::vector<std::string> public_move_fields() const override { return {"move"}; }

  // φ at the actual world, read from the worlds around it (evaluate_at.hpp) when that is
  // cheaper than its truth set: a legal move's precondition, a player's win.
  bool holds(const Formula& phi) const override {
    PointEvaluator at(
        model_, [this](const Formula& f) { return truth(f); }, agent_names_in_formulas(),
        [this](const Formula& a, World w) { return atom_at(a, w); });
    if (const std::optional<bool> h = at.holds_at(phi, model_.actual())) return *h;
    return ModelPlay::holds(phi);
  }

  bool has_moves() const override { return true; }
  bool has_goal() const override { return rules_->has_win(); }
  // A player whose win and loss both hold has lost.
  bool has_won(Agent i) const override {
    return !win_.empty() && holds(*win_[std::size_t(i)]) && !has_lost(i);
  }
  bool has_lost(Agent i) const override { return !lose_.empty() && holds(*lose_[std::size_t(i)]); }
  bool is_drawn() const override { return table_->draw() && holds(*table_->draw()); }
  // The rules' reports at the end of the game: {"expert": [true, false, true], ...}.
  Json outcome() const override {
    if (rules_->reports().empty()) return nullptr;
    Json out = Json::object();
    for (std::size_t k = 0; k < rules_->reports().size(); ++k) {
      const GameRules::Report& report = rules_->reports()[k];
      if (!report.per_player) {
        out[report.name] = holds(*rules_->report_of(k, 0));
        continue;
      }
      Json each = Json::array();
      for (std::size_t i = 0; i < rules_->agent_count(); ++i)
        each.push_back(holds(*rules_->report_of(k, Agent(i))));
      out[report.name] = each;
    }
    return out;
  }
  Json knowledge(Agent i) const override {
    return {{"win", to_string(*win_[std::size_t(i)])}, {"world", deal()}};
  }
  // The opening announcements, to everyone.
  void setup() override {
    for (const GameRules::Opening& o : rules_->opening()) announce(expanded(o.formula), o.text);
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
      if (!whose.empty() && !holds(*whose[std::size_t(a)])) continue;
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
    Json out = ModelPlay::agents();
    // The strategy by its label (a batch counts wins per label), and as the config wrote it.
    for (std::size_t i = 0; i < out.size(); ++i) {
      out[i]["strategy"] = strategy(Agent(i)).label;
      out[i]["settings"] = strategy(Agent(i)).json;
    }
    return out;
  }

  // --- for searches over the moves (move_sequences.hpp) ---------------------------------
  // The moves agent i's strategy allows now, as indices into instances().
  std::vector<std::size_t> allowed(Agent i) const { return allowed_moves(int(i))[i]; }
  // The same for every player at once.
  std::vector<std::vector<std::size_t>> allowed_by_player() const { return allowed_moves(-1); }
  // The moves of agent i legal now (their preconditions hold at the actual world).
  std::vector<std::size_t> legal(Agent i) const {
    std::vector<std::size_t> out;
    for (std::size_t k = 0; k < instances_.size(); ++k)
      if (rules_->mover(instances_[k]) == i && holds(*table_->prepared(k).legal)) out.push_back(k);
    return out;
  }
  const std::vector<MoveInstance>& instances() const { return instances_; }
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
      if (holds(*events[e].when)) out.push_back(e);
    return out;
  }
  // What move k would leave agent i considering possible, by what it would see of it: for
  // each outcome (info_gain.hpp), how many of the worlds it considers possible now would
  // remain; and the count it may expect, each world now equally likely (a world with
  // several outcomes divided between them).
  struct Outlook {
    std::vector<std::size_t> worlds_left;  // per outcome, fewest first
    double expected_left = 0;
  };
  Outlook outlook(Agent i, std::size_t k) const {
    const std::vector<World> worlds = possible_list(i);
    const std::vector<std::vector<std::string>> seen = outcomes(i, k, worlds);
    std::map<std::string, double> left;  // worlds per outcome
    for (const auto& list : seen)
      for (const std::string& o : list) left[o] += 1.0;
    Outlook out;
    double possible = 0;
    for (const auto& list : seen) {
      if (list.empty()) continue;
      possible += 1;
      for (const std::string& o : list) out.expected_left += left[o] / double(list.size());
    }
    if (possible > 0) out.expected_left /= possible;
    for (const auto& [o, n] : left) out.worlds_left.push_back(std::size_t(n));
    std::sort(out.worlds_left.begin(), out.worlds_left.end());
    return out;
  }
  // Among `events` of move k, those that tell its mover least: that can happen at the most
  // of the assignments the mover considers possible, so that seeing it rules out the
  // fewest (the card the asker already most believed the answerer holds).
  std::vector<std::size_t> least_telling_events(std::size_t k,
                                                const std::vector<std::size_t>& events) const {
    const Agent mover = rules_->mover(instances_[k]);
    const std::vector<World> worlds = possible_list(mover);
    std::vector<std::size_t> best;
    std::size_t most = 0;
    for (std::size_t e : events) {
      const WorldSet when = truth(*table_->prepared(k).events[e].when);
      std::unordered_set<std::uint32_t> assignments;
      for (World w : worlds)
        if (when.test(w)) assignments.insert(model_.valuation(w));
      if (best.empty() || assignments.size() > most) {
        best = {e};
        most = assignments.size();
      } else if (assignments.size() == most) {
        best.push_back(e);
      }
    }
    return best;
  }
  // Whether agent i plays any legal move (random and info-gain: no guards).
  bool plays_any_legal(Agent i) const { return !strategy(i).guarded; }
  // A person's or a program's choice among the moves a player may make, for the players
  // seated (the desk connects it): asked in simultaneous rounds and when "any" turns draw
  // the player's move; none: the player's strategy chooses. (Round-robin turns go to the
  // seat as a person's move: person_move.)
  using SeatChoice =
      std::function<std::optional<std::size_t>(Agent, const std::vector<std::size_t>&)>;
  void set_seat_choice(SeatChoice choose) { seat_choice_ = std::move(choose); }

  // The moves among `moves` (agent i's allowed ones) from which its strategy draws: for
  // info-gain the most informative (info_gain.hpp), else all (a protocol that plays the
  // first of them takes it when it moves; a search follows every one).
  std::vector<std::size_t> candidates(Agent i, const std::vector<std::size_t>& moves) const {
    if (strategy(i).choice != Strategy::Choice::Informative || moves.size() < 2) return moves;
    // The quantity at each world i considers possible: the truth values of what it seeks.
    const std::vector<World> worlds = possible_list(i);
    // Each assignment equally likely: copies of one (several events could have happened
    // there, unseen) share its weight.
    std::unordered_map<std::uint32_t, std::size_t> copies;
    for (World w : worlds) ++copies[model_.valuation(w)];
    std::vector<double> weight(worlds.size());
    for (std::size_t j = 0; j < worlds.size(); ++j)
      weight[j] = 1.0 / double(copies[model_.valuation(worlds[j])]);
    std::vector<std::string> quantity(worlds.size());
    for (const FormulaPtr& phi : table_->about(i)) {
      const WorldSet t = truth(*phi);
      for (std::size_t j = 0; j < worlds.size(); ++j) quantity[j] += t.test(worlds[j]) ? '1' : '0';
    }
    std::vector<std::size_t> best;
    double most = 0.0;
    for (std::size_t k : moves) {
      const double gain = information_gain(quantity, outcomes(i, k, worlds), weight);
      // Gains equal up to rounding are ties, drawn among.
      if (best.empty() || gain > most + 1e-9) {
        best = {k};
        most = gain;
      } else if (gain > most - 1e-9) {
        best.push_back(k);
      }
    }
    return best;
  }
  const FormulaPtr& win_of(Agent i) const { return win_[std::size_t(i)]; }
  const model_lang::Vocabulary& vocabulary() const { return data()->vocabulary(); }
  // The values at the actual world of what agent i observes (it always knows them), by the
  // rules' names: {"S(a,b)": true, ...}.
  Json observed(Agent i) const {
    Json out = Json::object();
    const model_lang::Vocabulary& vocab = vocabulary();
    const std::uint32_t v = model().valuation(model().actual());
    for (const model_lang::Observation& o : data()->agents()[std::size_t(i)].observes)
      out[o.text] = o.term ? Json(model_lang::value(model_lang::compile(*o.term, vocab), vocab, v))
                           : vocab.value_json(v, std::size_t(o.variable));
    return out;
  }
  // The variables whose value is the same in every world agent i considers possible.
  Json known_values(Agent i) const {
    Json out = Json::object();
    const model_lang::Vocabulary& vocab = vocabulary();
    const World actual = model().actual();
    const std::uint32_t here = model().valuation(actual);
    for (std::size_t k = 0; k < vocab.size(); ++k)
      if (model().all_possible(i, actual, [&](World w) {
            return vocab.value_index(model().valuation(w), k) == vocab.value_index(here, k);
          }))
        out[vocab.variables()[k].name] = vocab.value_json(here, k);
    return out;
  }

  // φ with the rules' definitions written out (as atom() reads them).
  FormulaPtr expanded(const FormulaPtr& phi) const {
    return rules_->templates().instantiate(phi, {});
  }
  const GameRules& rules() const { return *rules_; }
  // Whether every player's win holds (false when the rules give none).
  bool everyone_won() const {
    if (win_.empty()) return false;
    for (std::size_t i = 0; i < win_.size(); ++i)
      if (!has_won(Agent(i))) return false;
    return true;
  }

  // Whether every formula a search evaluates is decided by the actual world's facts: no
  // modal operator but K{i} (or Kw{i}, Kv{i}) of what agent i observes, which it always
  // knows (observe_again). Then a search may keep the actual world only.
  bool decided_by_facts() const {
    for (std::size_t i = 0; i < rules_->agent_count(); ++i)
      if (strategy(Agent(i)).choice == Strategy::Choice::Informative) return false;
    for (std::size_t k = 0; k < table_->size(); ++k)
      if (has_events(k)) return false;  // an event's worlds are copies: the model is needed
    const auto factual = [this](const FormulaPtr& phi) { return !phi || observed_only(*phi, -1); };
    for (std::size_t k = 0; k < table_->size(); ++k) {
      const MoveTable::Prepared& p = table_->prepared(k);
      if (!factual(p.legal) || !factual(p.guard)) return false;
      if (p.post)
        for (const auto& a : p.post->assignments())
          if (!factual(a.formula)) return false;
    }
    for (const FormulaPtr& win : win_)
      if (!factual(win)) return false;
    return true;
  }

  // Every formula of the rules and the strategies checked once on the start model (its
  // atoms read at the actual world, its agents looked up), so that an unknown variable or
  // agent is reported, at the config's place, before any play.
  void check_formulas() const {
    const auto check = [this](const FormulaPtr& phi, const std::string& path) {
      if (!phi) return;
      try {
        check_formula(*phi);
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
      if (p.post) p.post->check_formulas([this](const Formula& phi) { check_formula(phi); });
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
        never = observed_only(legal, -1) && !mentions_any(legal, assigned) && truth(legal).none();
      }
      if (never)
        throw InputError("the move " + rules_->moves()[m].name +
                             " can never be legal: its precondition is false at every world for "
                             "every binding of its parameters, and no move changes what it says",
                         rules_->moves()[m].path + "/legal");
    }
  }

  // The worlds at which the opening announcements hold, each after those before it: the
  // actual worlds a play may have, as an announcement is truthful.
  WorldSet opening_worlds() {
    const Snapshot start = snapshot();
    for (const GameRules::Opening& o : rules_->opening())
      model_.restrict_alive(truth(*expanded(o.formula)));
    WorldSet out = model_.alive();
    restore(start);
    return out;
  }

  // Whether a turn can follow: someone's turn comes (in simultaneous rounds and with "any"
  // turns, some player has a move its strategy allows); else the game has stalled.
  bool turn_can_follow() const {
    if (!rules_->simultaneous() && !rules_->any_player()) return next_mover().has_value();
    const auto by_player = allowed_by_player();
    return std::any_of(by_player.begin(), by_player.end(),
                       [](const auto& moves) { return !moves.empty(); });
  }

  // Move k, logged: its move record, then the product update with its action model. For a
  // move with events, `event` is the one that happens (its precondition holds here); none:
  // the first that can.
  void make(std::size_t k, std::optional<std::size_t> event = std::nullopt) {
    const MoveInstance& chosen = instances_[k];
    if (has_events(k) && !event) event = possible_events(k).front();
    log_move(k, event);
    Built built = action_model(k, event);
    act_visibly(audience(chosen), built, rules_->instance_text(chosen),
                to_string(*table_->prepared(k).legal));
    const std::optional<Agent> next = rules_->next_after(chosen);
    turn_from_ =
        next ? *next : Agent((std::size_t(rules_->mover(chosen)) + 1) % rules_->agent_count());
  }

  // Moves of different players made at once: each logged, then one product update with the
  // moves' action models composed. Its audience: those who see every one of the moves.
  void make_round(const std::vector<std::size_t>& round) {
    if (round.size() == 1) {
      make(round.front());
      return;
    }
    for (std::size_t k : round) log_move(k, std::nullopt);
    Built joint = action_model(round.front());
    std::optional<std::vector<Agent>> seen = audience(instances_[round.front()]);
    std::string text = rules_->instance_text(instances_[round.front()]);
    std::string formula = "(";
    formula += to_string(*table_->prepared(round.front()).legal);
    formula += ")";
    for (std::size_t j = 1; j < round.size(); ++j) {
      const std::size_t k = round[j];
      const Built part = action_model(k);
      joint.action = joint_action(joint.action, part.action, model_);
      joint.copies = joint.copies || part.copies;
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
    act_visibly(seen, joint, text, formula);
  }

 private:
  // Move k's record in the log, with its event (and who sees which it was, when not all).
  void log_move(std::size_t k, std::optional<std::size_t> event) {
    if (!logging()) return;
    const MoveInstance& chosen = instances_[k];
    const Agent mover = rules_->mover(chosen);
    LogRecord rec = record("move");
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
    rec["text"] = agent_name(mover) + ": " + rules_->instance_text(chosen);
    const std::string text = rec["text"];
    emit(std::move(rec), text);
  }

 public:
  using ModelPlay::contract;
  using ModelPlay::keep_actual_only;
  using ModelPlay::restore;
  using ModelPlay::Snapshot;
  using ModelPlay::snapshot;

 private:
  struct Built {
    NamedAction action;
    std::vector<std::size_t> instance;  // per event: the move instance it is (none: "nothing")
    std::vector<std::size_t> event;     // per event of a move with events: which of them
    bool copies = false;                // some world has more than one event
  };

  // The worlds agent i considers possible, in order.
  std::vector<World> possible_list(Agent i) const {
    std::vector<World> worlds;
    model_.for_each_possible(i, model_.actual(), [&](World w) { worlds.push_back(w); });
    return worlds;
  }

  // What agent i would see, at each of `worlds`, of making move k there: the move's event
  // there as i tells events apart, and what i observes after its change (several where the
  // move's events leave a choice; none where move k cannot be made).
  std::vector<std::vector<std::string>> outcomes(Agent i, std::size_t k,
                                                 const std::vector<World>& worlds) const {
    const Built b = action_model(k, std::nullopt, false);
    const ActionModel& am = b.action.am;
    std::vector<std::vector<std::string>> out(worlds.size());
    for (std::size_t e = 0; e < am.preconditions.size(); ++e) {
      if (b.instance[e] != k) continue;
      // Where the event may be the one that happens (an event's `when` may say more than
      // its precondition).
      WorldSet happens = am.preconditions[e];
      if (!b.event.empty()) happens &= truth(*table_->prepared(k).events[b.event[e]].when);
      for (std::size_t j = 0; j < worlds.size(); ++j) {
        const World w = worlds[j];
        if (!happens.test(w)) continue;
        const std::uint32_t after =
            am.valuation_after[e].empty() ? model_.valuation(w) : am.valuation_after[e][w];
        out[j].push_back(std::to_string(am.event_class[std::size_t(i)][e]) + ":" +
                         observation(i, after));
      }
    }
    return out;
  }

  // What agent i observes at a world of valuation v, as text: each observed value in turn.
  std::string observation(Agent i, std::uint32_t v) const {
    const model_lang::Vocabulary& vocab = vocabulary();
    std::string out;
    for (const model_lang::Observation& o : data()->agents()[std::size_t(i)].observes) {
      out +=
          std::to_string(o.term ? model_lang::value(model_lang::compile(*o.term, vocab), vocab, v)
                                : std::int64_t(vocab.value_index(v, std::size_t(o.variable))));
      out += ',';
    }
    return out;
  }

  // The moves each player's strategy allows (only agent `only`'s when it is not -1).
  std::vector<std::vector<std::size_t>> allowed_moves(int only) const {
    std::vector<std::vector<std::size_t>> out(rules_->agent_count());
    for (std::size_t k = 0; k < instances_.size(); ++k) {
      const Agent mover = rules_->mover(instances_[k]);
      if (only >= 0 && mover != Agent(only)) continue;
      const MoveTable::Prepared& p = table_->prepared(k);
      if (!holds(*p.legal)) continue;
      if (!strategy(mover).guarded || (p.guard && holds(*p.guard)))
        out[std::size_t(mover)].push_back(k);
    }
    return out;
  }

  // A variable's truth at world w, from its valuation; none for a definition (its truth
  // set is computed).
  std::optional<bool> atom_at(const Formula& a, World w) const {
    if (const std::optional<int> k = table_->variable_of(a)) {
      if (*k < 0) return std::nullopt;
      return vocabulary().value_index(model_.valuation(w), std::size_t(*k)) == 1;
    }
    if (rules_->templates().defines(a.name)) return std::nullopt;
    return variable_at(a, w);
  }

  // The instance a script's move names, legal here.
  std::size_t scripted_instance(const Json& move, const std::string& path) const {
    const MoveInstance instance = rules_->read_instance(move, path);
    const std::size_t k = index_of(instance);
    if (!holds(*table_->prepared(k).legal))
      throw InputError(rules_->instance_text(instance) + " is not legal here: " +
                           to_string(*table_->prepared(k).legal) + " is false",
                       path);
    return k;
  }

  const Strategy& strategy(Agent i) const { return table_->strategy(i); }

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

  // The event a script's move names, when its move has events (checked to hold here); none
  // named: the first that can happen.
  std::optional<std::size_t> scripted_event(std::size_t k, const Json& move,
                                            const std::string& path) const {
    const std::optional<std::size_t> e = rules_->event_named(instances_[k], move, path);
    if (e && !holds(*table_->prepared(k).events[*e].when))
      throw InputError("the event " + rules_->moves()[instances_[k].move].events[*e].name +
                           " cannot happen here: " +
                           to_string(*table_->prepared(k).events[*e].when) + " is false",
                       path + "/event");
    return e;
  }
  // Which of move k's events happens, where several can: the chooser's (the move's
  // chosen_by) as its strategy chooses, else drawn uniformly.
  std::optional<std::size_t> drawn_event(std::size_t k, Rng& rng) const {
    if (!has_events(k)) return std::nullopt;
    std::vector<std::size_t> events = possible_events(k);
    if (events.size() == 1) return events.front();
    if (const std::optional<Agent> chooser = rules_->event_chooser(instances_[k]);
        chooser && strategy(*chooser).least_telling)
      events = least_telling_events(k, events);
    return events.size() == 1 ? events.front() : events[std::size_t(rng.below(events.size()))];
  }
  std::size_t index_of(const MoveInstance& instance) const { return table_->index_of(instance); }

  bool is_party(Agent a, const MoveInstance& instance) const {
    for (std::size_t p : rules_->moves()[instance.move].seen_by)
      if (instance.agents[p] == a) return true;
    return false;
  }

  // The product update, its audience those who see the move. After it every agent sees
  // again what it observes (its own variables, the others' foreheads): what it observes it
  // always knows.
  // When the move copied worlds (an onlooker does not know which move it was), the model is
  // contracted before it is logged: copies that no formula tells apart are merged.
  void act_visibly(const std::optional<std::vector<Agent>>& seen, Built& built,
                   const std::string& text, const std::string& formula) {
    // Held to the limits before anything is built: a game whose onlookers cannot tell the
    // moves apart multiplies its worlds with every move.
    BigCount product = 0;
    for (const WorldSet& pre : built.action.am.preconditions)
      product += (pre & model_.alive()).count();
    check_world_limit(product, limits_, kBytesPerProductWorld, "", text + " gives");
    const bool copies = built.copies;
    bool changes_facts = false;
    for (const auto& row : built.action.am.valuation_after) changes_facts |= !row.empty();
    // One event that changes no fact, seen by everyone, is a public announcement of its
    // precondition: the worlds keep their numbers (and a model whose relations hide bits
    // keeps its fast partitions), where a product update would copy and renumber them.
    if (!seen && built.action.am.preconditions.size() == 1 && !changes_facts) {
      const UpdateResult r = public_announce(model_, built.action.am.preconditions.front());
      log_update(UpdateKind::Public, all_agents(), text, formula, r);
      return;
    }
    apply_action(built.action.am, std::move(built.action.names), text, formula, seen,
                 [this, copies, changes_facts](Model& m) {
                   if (changes_facts) observe_again(m);
                   if (copies && m.s5_over_alive()) m = contracted_model(m);
                 });
    if (copies) forget_world_history();
  }

  // Who sees which move was made, when not everyone does: its parties.
  std::optional<std::vector<Agent>> audience(const MoveInstance& instance) const {
    const GameRules::Move& move = rules_->moves()[instance.move];
    if (move.others == GameRules::Others::SeeTheMove) return std::nullopt;
    std::vector<Agent> parties;
    for (std::size_t p : move.seen_by) parties.push_back(instance.agents[p]);
    std::sort(parties.begin(), parties.end());
    return parties;
  }

  // Each agent refines its relation by everything it observes at once: one key per world,
  // equal exactly when the agent observes the same there. Only a move that changed facts
  // needs it: a product update without postconditions keeps every relation within what its
  // agent observes.
  void observe_again(Model& m) const {
    const model_lang::Vocabulary& vocab = data()->vocabulary();
    for (std::size_t i = 0; i < data()->agents().size(); ++i) {
      const auto& observes = data()->agents()[i].observes;
      if (observes.empty()) continue;
      // The observed variables' digits of the valuation (a number below the assignments'),
      // then each observed term's value paired with the key so far, numbered densely.
      std::vector<std::uint64_t> key(m.world_count(), 0);
      for (const model_lang::Observation& o : observes)
        if (!o.term) {
          const std::size_t k = std::size_t(o.variable);
          m.alive().for_each(
              [&](World w) { key[w] += vocab.value_index(m.valuation(w), k) * vocab.stride(k); });
        }
      for (const model_lang::Observation& o : observes)
        if (o.term) {
          const model_lang::CompiledTerm term = model_lang::compile(*o.term, vocab);
          std::map<std::pair<std::uint64_t, std::int64_t>, std::uint64_t> number;
          m.alive().for_each([&](World w) {
            const auto pair =
                std::make_pair(key[w], model_lang::value(term, vocab, m.valuation(w)));
            key[w] = number.emplace(pair, number.size()).first->second;
          });
        }
      kripke::observe(m, {Agent(i)}, key);
    }
  }

  // The action model of move k: its events are the move itself (seen by everyone) or every
  // instance of the move (when the others see only that one was made, or nothing: then a
  // "nothing happened" event too). An event is split by what its parties learn: one event per
  // combination of the learnt formulas' truth values that some world carries.
  // For a move with events: the events' action model instead (events_model).
  Built action_model(std::size_t k, std::optional<std::size_t> event = std::nullopt,
                     bool only_actual_part = true) const {
    if (has_events(k)) return events_model(k, event, only_actual_part);
    const MoveInstance& chosen = instances_[k];
    const GameRules::Move& move = rules_->moves()[chosen.move];
    Built b;
    const std::size_t agents = rules_->agent_count();
    b.action.am.event_class.assign(agents, {});
    std::uint32_t next_class = 1;  // 0: an event the agent does not see
    std::vector<std::size_t> events;
    if (move.others == GameRules::Others::SeeTheMove) {
      events = {k};
    } else {
      for (std::size_t e = 0; e < instances_.size(); ++e)
        if (instances_[e].move == chosen.move) events.push_back(e);
    }
    for (std::size_t e : events) {
      const WorldSet pre = truth(*table_->prepared(e).legal) & model_.alive();
      if (pre.none()) continue;
      const std::vector<WorldSet> groups = split(pre, table_->prepared(e).learnt);
      const std::optional<model_lang::Postcondition>& post = table_->prepared(e).post;
      const std::string name = rules_->instance_text(instances_[e]);
      for (std::size_t g = 0; g < groups.size(); ++g) {
        if (e == k && groups[g].test(model_.actual())) {
          b.action.am.actual_event = b.action.am.preconditions.size();
        }
        b.action.am.preconditions.push_back(groups[g]);
        b.action.am.valuation_after.push_back(
            post ? post->valuations(model_, groups[g],
                                    [this](const Formula& phi) { return truth(phi); })
                 : std::vector<std::uint32_t>{});
        b.action.names.push_back(groups.size() > 1 ? name + "#" + std::to_string(g + 1) : name);
        b.instance.push_back(e);
        // The parties tell this event from every other; the others do not (when they see
        // the move, it is the only one, and they do not see what the parties learn).
        for (std::size_t a = 0; a < agents; ++a)
          b.action.am.event_class[a].push_back(is_party(Agent(a), instances_[e]) ? next_class : 0);
        ++next_class;
      }
    }
    std::size_t pairs = 0;
    WorldSet some_event(model_.world_count());
    for (const WorldSet& pre : b.action.am.preconditions) {
      pairs += pre.count();
      some_event |= pre;
    }
    b.copies = move.others == GameRules::Others::SeeNothing || pairs > some_event.count();
    if (move.others == GameRules::Others::SeeNothing) {
      b.action.am.preconditions.push_back(model_.alive());
      b.action.am.valuation_after.emplace_back();
      b.action.names.push_back("nothing");
      b.instance.push_back(instances_.size());
      for (std::size_t a = 0; a < agents; ++a) b.action.am.event_class[a].push_back(0);
    }
    return b;
  }

  // The action model of a move with events: one event per event of the move that can
  // happen somewhere and per truth values of what it teaches (its `learn`), `actual` the one
  // that happens here. Those who see an event tell it from every other (and its parts from
  // each other, when they learn); the others tell apart only events of different others_see
  // labels. `only_actual_part`: the events nobody can confuse with the actual one, even
  // through others' confusions, are left out — everyone knows they did not happen (a public
  // "holds neither" where a card was shown), and a product update would keep their worlds
  // as a part of the model that no one considers possible.
  Built events_model(std::size_t k, std::optional<std::size_t> actual,
                     bool only_actual_part) const {
    const MoveTable::Prepared& p = table_->prepared(k);
    const GameRules::Move& move = rules_->moves()[instances_[k].move];
    const std::size_t agents = rules_->agent_count();
    const auto among = [](const std::optional<std::vector<Agent>>& who, std::size_t a) {
      return !who || std::count(who->begin(), who->end(), Agent(a)) > 0;
    };
    struct Candidate {
      std::size_t event;
      WorldSet pre;
      std::vector<std::uint32_t> classes;  // per agent
    };
    std::vector<Candidate> all;
    std::vector<std::map<std::string, std::uint32_t>> label_class(agents);
    std::uint32_t next_class = 0;
    std::optional<std::size_t> actual_candidate;
    for (std::size_t e = 0; e < p.events.size(); ++e) {
      const MoveTable::Prepared::Event& event = p.events[e];
      const WorldSet pre = truth(*event.pre) & model_.alive();
      if (pre.none()) continue;
      const std::uint32_t seen = next_class++;
      for (WorldSet& part : split(pre, event.learn)) {
        if (actual && e == *actual && part.test(model_.actual())) actual_candidate = all.size();
        Candidate c{e, std::move(part), std::vector<std::uint32_t>(agents)};
        const std::uint32_t learnt = next_class++;
        for (std::size_t a = 0; a < agents; ++a)
          c.classes[a] =
              !among(event.seen_by, a)
                  ? label_class[a].emplace(move.events[e].others_see, next_class++).first->second
              : among(event.learnt_by, a) ? learnt
                                          : seen;
        all.push_back(std::move(c));
      }
    }
    // The candidates linked to the actual one by some agent's confusion, step by step.
    std::vector<bool> keep(all.size(), !only_actual_part || !actual_candidate);
    if (only_actual_part && actual_candidate) {
      keep[*actual_candidate] = true;
      for (bool grew = true; grew;) {
        grew = false;
        for (std::size_t c = 0; c < all.size(); ++c)
          for (std::size_t d = 0; d < all.size() && !keep[c]; ++d)
            for (std::size_t a = 0; a < agents && keep[d] && !keep[c]; ++a)
              if (all[c].classes[a] == all[d].classes[a]) keep[c] = grew = true;
      }
    }
    Built b;
    b.action.am.event_class.assign(agents, {});
    const std::string name = rules_->instance_text(instances_[k]);
    for (std::size_t c = 0; c < all.size(); ++c) {
      if (!keep[c]) continue;
      if (actual_candidate && c == *actual_candidate)
        b.action.am.actual_event = b.action.am.preconditions.size();
      b.action.am.valuation_after.push_back(
          p.post ? p.post->valuations(model_, all[c].pre,
                                      [this](const Formula& phi) { return truth(phi); })
                 : std::vector<std::uint32_t>{});
      b.action.am.preconditions.push_back(std::move(all[c].pre));
      b.action.names.push_back(name + ":" + move.events[all[c].event].name);
      b.instance.push_back(k);
      b.event.push_back(all[c].event);
      for (std::size_t a = 0; a < agents; ++a)
        b.action.am.event_class[a].push_back(all[c].classes[a]);
    }
    return b;
  }

  // The worlds of `pre` grouped by the truth values of what the parties learn.
  std::vector<WorldSet> split(const WorldSet& pre, const std::vector<FormulaPtr>& learnt) const {
    if (learnt.empty()) return {pre};
    std::vector<std::string> key(model_.world_count());
    for (std::size_t j = 0; j < learnt.size(); ++j) {
      const WorldSet t = truth(*learnt[j]);
      pre.for_each([&](World w) { key[w] += t.test(w) ? '1' : '0'; });
    }
    std::unordered_map<std::string, std::size_t> group_of;
    std::vector<WorldSet> groups;
    pre.for_each([&](World w) {
      const auto [it, fresh] = group_of.emplace(key[w], groups.size());
      if (fresh) groups.emplace_back(model_.world_count());
      groups[it->second].set(w);
    });
    return groups;
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
  // Whether φ mentions a variable marked in `variables` (atoms and the terms compared).
  bool mentions_any(const Formula& phi, const std::vector<bool>& variables) const {
    if (phi.kind == Formula::Kind::Atom) {
      const int k = vocabulary().find(model_lang::variable_name_of(phi));
      return k >= 0 && variables[std::size_t(k)];
    }
    const std::function<bool(const TermPtr&)> in_term = [&](const TermPtr& t) {
      if (!t) return false;
      if (t->op == Term::Op::Variable) {
        const int k = vocabulary().find(t->name);
        return k >= 0 && variables[std::size_t(k)];
      }
      return in_term(t->left) || in_term(t->right);
    };
    return in_term(phi.lhs) || in_term(phi.rhs) ||
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
    const int k = data()->vocabulary().find(variable);
    for (const model_lang::Observation& o : data()->agents()[std::size_t(i)].observes)
      if (!o.term && o.variable == k) return true;
    return false;
  }
  bool observes_term(Agent i, const Term& t) const {
    if (t.op == Term::Op::Number) return true;
    if (t.op == Term::Op::Variable)
      return observes(i, t.name) || data()->vocabulary().label_value(t.name).has_value();
    return (!t.left || observes_term(i, *t.left)) && (!t.right || observes_term(i, *t.right));
  }

  std::shared_ptr<const MoveTable> table_;
  const GameRules* rules_;                      // the table's
  const std::vector<MoveInstance>& instances_;  // every move with its parameters bound
  const std::vector<FormulaPtr>& win_;          // per player, when the rules give a win
  const std::vector<FormulaPtr>& lose_;         // per player, when the rules give a loss
  Agent turn_from_ = 0;  // where the next turn's search round the table begins
  SeatChoice seat_choice_;
  WorldLimits limits_;
};

}  // namespace kripke::game_lang
