// The generic game loop: start, the deal, then turns until someone reaches the goal, the
// turn limit is hit, or the game stalls. Every game is driven by this loop.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kripke/deal_text.hpp"
#include "kripke/end_reason.hpp"
#include "kripke/game.hpp"
#include "kripke/interrupt.hpp"
#include "kripke/plural.hpp"

namespace kripke {

struct GameResult {
  std::uint64_t seed = 0;
  int turns = 0;
  int rounds = 0;
  std::vector<Agent> winners;  // 0-based
  EndReason reason = EndReason::Stalled;
  std::vector<Agent> losers;  // 0-based; only games in the game language lose
  Json deal;
  Json outcome;  // Play::outcome(): game-specific facts, null for most games
};

class GameRunner {
 public:
  GameRunner(const Game& game, std::uint64_t seed, EventSink& sink)
      : game_(game), rng_(seed), seed_(seed), play_(game.new_play(rng_)) {
    play_->attach(sink);
    play_->set_world_limits(game.config().limits());
  }
  // A play with the game's deal number `deal` (see Game::deal_count).
  GameRunner(const Game& game, std::uint64_t seed, EventSink& sink, std::size_t deal)
      : game_(game), rng_(seed), seed_(seed), play_(game.new_play_with_deal(rng_, deal)) {
    play_->attach(sink);
    play_->set_world_limits(game.config().limits());
  }

  Play& play() { return *play_; }
  const Play& play() const { return *play_; }
  Rng& rng() { return rng_; }
  bool finished() const { return reason_.has_value(); }

  // The `start` event and the updates before the first turn. A play with no moves of its
  // own (a model) ends there, stalled, unless a script drives it (`scripted`): then it ends
  // when the script does (end_of_script).
  void start(bool scripted = false) {
    if (play_->logging()) emit_start();
    play_->setup();
    log_knowledge();
    check_winners();
    if (!scripted) end_of_script();
  }

  // After a script: a play that cannot move by itself ends, stalled; another goes on.
  void end_of_script() {
    if (!finished() && !play_->has_moves()) end(EndReason::Stalled);
  }

  // One turn, then the end checks.
  void step() {
    if (finished()) return;
    poll_interrupt();
    begin_turn();
    play_->emit_text("--- turn " + std::to_string(turn_) + " ---");
    const TurnOutcome outcome = play_->play_turn(rng_);
    log_knowledge();
    check_winners();
    end_unless_going_on(outcome);
  }

  // A turn whose move comes from a script (a scenario file) instead of the current agent:
  // numbered, logged and checked for winners like any other turn. A finished game takes no
  // more turns.
  void scripted_turn(const Json& move, const std::string& path) {
    outside_turn(path, "scripted", [&] { play_->scripted_move(move, path); });
  }
  // The same for a move a person chose (Play::person_move); `who` names the person in the
  // turn's heading. Unlike a script's, a person's turn is one of the game's own turns: it
  // counts towards max_turns and may end the game stalled.
  void person_turn(const Json& move, const std::string& path, const std::string& who) {
    TurnOutcome outcome = TurnOutcome::Continue;
    outside_turn(path, who, [&] { outcome = play_->person_move(move, path, rng_); });
    end_unless_going_on(outcome);
  }

  // An InputError at `path` (a script's step) when the game is over: no turn can follow.
  void require_running(const std::string& path) const {
    if (finished())
      throw InputError("the game is over (" + std::string(to_string(*reason_)) + " after turn " +
                           std::to_string(turn_) + "); only expectations can follow",
                       path);
  }

  // Called after every update of a turn (and of the setup), before the winners are checked:
  // `kripkesim play` asks the people there whether they know (a wrong claim rules a person
  // out, Play::rule_out), so that the win that follows already counts their answers.
  void before_win_check(std::function<void()> ask) { before_win_check_ = std::move(ask); }

  // Ends a game that is not over yet for a reason of the caller's (a person quit, the input
  // ended), with the `end` event every finished game has.
  void stop(EndReason reason) {
    if (!finished()) end(reason);
  }

  GameResult run() {
    start();
    while (!finished()) step();
    return result();
  }

  GameResult result() const {
    return {seed_,   turn_,         rounds_,         winners_, reason_.value_or(EndReason::Stalled),
            losers_, play_->deal(), play_->outcome()};
  }

 private:
  // A new turn, and a new round when every agent moves at once or the turn went back to an
  // earlier player than the last turn's (players who are out are skipped by the game).
  void begin_turn() {
    const std::optional<Agent> mover = play_->next_mover();
    if (!mover || !last_mover_ || *mover <= *last_mover_) ++rounds_;
    last_mover_ = mover;
    play_->set_turn(++turn_);
  }

  template <class Move>
  void outside_turn(const std::string& path, const std::string& source, Move&& move) {
    require_running(path);
    begin_turn();
    play_->emit_text("--- turn " + std::to_string(turn_) + " (" + source + ") ---");
    move();
    log_knowledge();
    check_winners();
  }

  // After a turn without a winner: the end when the game stalled or hit its turn limit.
  void end_unless_going_on(TurnOutcome outcome) {
    if (finished()) return;
    if (outcome == TurnOutcome::Stalled) {
      end(EndReason::Stalled);
    } else if (turn_ >= game_.config().max_turns) {
      end(EndReason::MaxTurns);
    }
  }

  void log_knowledge() const {
    if (play_->logging()) play_->log_knowledge();
  }

  void emit_start() {
    LogRecord rec = play_->record("start");
    rec["rules"] = game_.rules();
    rec["seed"] = seed_;
    rec["max_turns"] = game_.config().max_turns;
    rec["agents"] = play_->agents();
    rec["deal"] = play_->deal();
    rec["worlds"] = count_json(play_->world_count());
    rec["model"] = play_->agent_statistics();
    play_->emit(std::move(rec), "=== " + play_->game_name() + " (seed " + std::to_string(seed_) +
                                    ", " + to_string(play_->world_count()) + " worlds) ===");
  }

  // The winners (the game ends, won), else the losers (it ends lost) or a draw.
  void check_winners() {
    if (before_win_check_) before_win_check_();
    winners_ = play_->winners();
    losers_ = play_->losers();
    if (winners_.empty()) {
      if (!losers_.empty())
        end(EndReason::Loss);
      else if (play_->is_drawn())
        end(EndReason::Draw);
      return;
    }
    LogRecord rec = play_->record("win");
    LogRecord who = LogRecord::array(), knowledge = LogRecord::array();
    std::string names;
    for (Agent a : winners_) {
      who.push_back(a + 1);
      knowledge.push_back({{"agent", a + 1}, {"knows", play_->knowledge(a)}});
      names += (names.empty() ? "" : ", ") + play_->agent_name(a);
    }
    rec["winners"] = who;
    rec["knowledge"] = knowledge;
    play_->emit(std::move(rec), "*** " + names + (winners_.size() > 1 ? " win" : " wins") + " ***");
    end(EndReason::Win);
  }

  void end(EndReason reason) {
    reason_ = reason;
    LogRecord rec = play_->record("end");
    rec["turns"] = turn_;
    LogRecord who = LogRecord::array();
    for (Agent a : winners_) who.push_back(a + 1);
    rec["winners"] = who;
    if (!losers_.empty()) {
      LogRecord lost = LogRecord::array();
      for (Agent a : losers_) lost.push_back(a + 1);
      rec["losers"] = lost;
    }
    rec["reason"] = to_string(reason);
    // The game is over: what was hidden is shown (a person at the table never saw it).
    std::string text;
    if (const Json deal = play_->deal(); deal.is_object() && !deal.empty())
      text = deal_text(deal, [this](int i) { return play_->agent_name(Agent(i)); }) + "\n";
    text += "=== end after " + counted(std::uint64_t(turn_), "turn") + ": " +
            std::string(to_string(reason));
    for (std::size_t k = 0; k < losers_.size(); ++k)
      text += (k ? ", " : " (") + play_->agent_name(losers_[k]) +
              (k + 1 == losers_.size() ? " lost)" : "");
    text += " ===";
    play_->emit(std::move(rec), text);
  }

  const Game& game_;
  Rng rng_;
  std::uint64_t seed_;
  std::unique_ptr<Play> play_;
  int turn_ = 0;
  int rounds_ = 0;
  std::optional<Agent> last_mover_;
  std::function<void()> before_win_check_;
  std::vector<Agent> winners_;
  std::vector<Agent> losers_;
  std::optional<EndReason> reason_;
};

inline GameResult run_game(const Game& game, std::uint64_t seed, EventSink& sink) {
  return GameRunner(game, seed, sink).run();
}

}  // namespace kripke
