// Every maximal sequence of moves the players' strategies allow, counted by outcome, as
// GoMoChe's `statistics` counts a gossip protocol's call sequences (van Ditmarsch, Gattinger,
// Kuijer and Pardo 2019): from the start, any player may make any move its strategy allows;
// a sequence is maximal when no player may move any more, and successful when every
// player's win holds at its end. The empty sequence is not counted.
//
// Two searches give the same counts. When every formula is decided by the actual world's
// facts (LanguagePlay::decided_by_facts), a position is its assignment: the sequences from
// it depend on nothing else, so each position is counted once (facts.hpp). Otherwise the
// search makes every move on the model (contracted after each: the same truths in fewer
// worlds) and goes back. In simultaneous rounds a step is a round: one move of every
// player who may move, in every combination; a move with events is followed through each
// event that can happen.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "kripke/game_lang/choices.hpp"
#include "kripke/game_lang/facts.hpp"
#include "kripke/game_lang/language_play.hpp"
#include "kripke/interrupt.hpp"

namespace kripke::game_lang {

struct SequenceCount {
  std::uint64_t successful = 0;
  std::uint64_t unsuccessful = 0;
  std::uint64_t positions = 0;  // visited: distinct assignments, or every prefix on the model
  int longest = 0;
};

class SequenceCounter {
 public:
  // `max_length`: a sequence longer than this stops the count with an InputError (a
  // strategy that can go on for ever, such as calling anyone at all). `facts_only`: count on
  // assignments when every formula is decided by the facts; when false, always on the model.
  SequenceCounter(LanguagePlay& play, int max_length, bool facts_only = true)
      : play_(play), max_length_(max_length), facts_only_allowed_(facts_only) {}

  SequenceCount count() {
    if (!play_.has_goal())
      throw InputError("counting successful sequences needs the rules' \"win\"", "/rules");
    if (facts_only_allowed_ && play_.decided_by_facts()) return count_on_facts();
    SequenceCount c;
    visit(0, c);
    return c;
  }

 private:
  [[noreturn]] void too_long() const {
    throw InputError("a sequence of moves goes on past " + std::to_string(max_length_) +
                         " moves (max_turns): the strategies may never stop",
                     "/max_turns");
  }

  // --- on the model ----------------------------------------------------------------------
  void visit(int depth, SequenceCount& c) {
    ++c.positions;
    if ((c.positions & 1023) == 0) poll_interrupt();
    // The steps: one move each, or in simultaneous rounds one move of every player who
    // may move.
    std::vector<std::vector<std::size_t>> steps, per_player = play_.allowed_by_player();
    for (std::size_t a = 0; a < per_player.size(); ++a)
      if (per_player[a].size() > 1) per_player[a] = play_.candidates(Agent(a), per_player[a]);
    std::erase_if(per_player, [](const auto& moves) { return moves.empty(); });
    if (play_.rules().simultaneous()) {
      if (!per_player.empty())
        for_each_choice(per_player, [&](const std::vector<std::size_t>& r) { steps.push_back(r); });
    } else {
      for (const auto& moves : per_player)
        for (std::size_t k : moves) steps.push_back({k});
    }
    if (steps.empty()) {
      if (depth == 0) return;
      c.longest = std::max(c.longest, depth);
      ++(play_.everyone_won() ? c.successful : c.unsuccessful);
      return;
    }
    if (depth >= max_length_) too_long();
    for (const std::vector<std::size_t>& step : steps) {
      // A move with events goes on from each event that can happen (someone's choice).
      std::vector<std::optional<std::size_t>> events = {std::nullopt};
      if (step.size() == 1 && play_.has_events(step.front())) {
        events.clear();
        for (std::size_t e : play_.possible_events(step.front())) events.emplace_back(e);
      }
      for (const std::optional<std::size_t>& event : events) {
        auto saved = play_.snapshot();
        if (event)
          play_.make(step.front(), event);
        else
          play_.make_round(step);
        play_.contract();
        visit(depth + 1, c);
        play_.restore(std::move(saved));
      }
    }
  }

  // --- on assignments ----------------------------------------------------------------------
  struct FactMove {
    std::size_t mover = 0;
    FactFormula legal;
    std::optional<FactFormula> guard;  // none: played whenever legal, or never (`played`)
    bool played = true;
    std::optional<FactPost> post;
  };
  // The sequences from one position: counts, and the longest one's length.
  struct Tally {
    std::uint64_t successful = 0, unsuccessful = 0;
    int longest = 0;
    bool done = false;  // false while its position is being counted (a cycle comes back to it)
  };

  SequenceCount count_on_facts() {
    const model_lang::Vocabulary& vocab = play_.vocabulary();
    for (std::size_t k = 0; k < play_.instances().size(); ++k) {
      const Agent mover = play_.rules().mover(play_.instances()[k]);
      FactMove m{std::size_t(mover), FactFormula(*play_.legal_of(k), vocab), std::nullopt, true,
                 std::nullopt};
      if (const FormulaPtr& guard = play_.guard_of(k))
        m.guard.emplace(*guard, vocab);
      else
        m.played = play_.plays_any_legal(mover);
      if (const auto& post = play_.post_of(k)) m.post.emplace(*post, vocab);
      moves_.push_back(std::move(m));
    }
    for (std::size_t i = 0; i < play_.rules().agent_count(); ++i)
      wins_.emplace_back(*play_.win_of(Agent(i)), vocab);
    const std::uint64_t start = play_.model().valuation(play_.model().actual());
    const Tally t = tally(start, 0);
    SequenceCount c;
    c.positions = memo_.size();
    if (t.longest == 0) return c;  // no move at all: only the empty sequence
    c.successful = t.successful;
    c.unsuccessful = t.unsuccessful;
    c.longest = t.longest;
    return c;
  }

  Tally tally(std::uint64_t a, int depth) {
    if (const auto it = memo_.find(a); it != memo_.end()) {
      if (!it->second.done) too_long();  // a cycle: sequences without end
      return it->second;
    }
    if (depth > max_length_) too_long();
    if ((memo_.size() & 1023) == 0) poll_interrupt();
    memo_.emplace(a, Tally{});
    Tally t;
    bool moved = false;
    const auto step_to = [&](std::uint64_t b) {
      moved = true;
      const Tally next = tally(b, depth + 1);
      t.successful += next.successful;
      t.unsuccessful += next.unsuccessful;
      t.longest = std::max(t.longest, next.longest + 1);
    };
    const auto after = [&](std::size_t k) { return moves_[k].post ? moves_[k].post->after(a) : a; };
    std::vector<std::vector<std::size_t>> per_player(play_.rules().agent_count());
    for (std::size_t k = 0; k < moves_.size(); ++k) {
      const FactMove& m = moves_[k];
      if (m.played && m.legal.holds(a) && (!m.guard || m.guard->holds(a)))
        per_player[m.mover].push_back(k);
    }
    if (play_.rules().simultaneous()) {
      // A round's moves change different variables (MoveTable::check_simultaneous_posts):
      // the assignment after is this one plus each move's change.
      std::erase_if(per_player, [](const auto& moves) { return moves.empty(); });
      if (!per_player.empty())
        for_each_choice(per_player, [&](const std::vector<std::size_t>& round) {
          std::uint64_t b = a;
          for (std::size_t k : round) b += after(k) - a;
          step_to(b);
        });
    } else {
      for (const auto& moves : per_player)
        for (std::size_t k : moves) step_to(after(k));
    }
    if (!moved) {
      const bool won =
          std::all_of(wins_.begin(), wins_.end(), [&](const FactFormula& w) { return w.holds(a); });
      ++(won ? t.successful : t.unsuccessful);
    }
    if (t.longest > max_length_) too_long();
    t.done = true;
    memo_[a] = t;
    return t;
  }

  LanguagePlay& play_;
  int max_length_;
  bool facts_only_allowed_ = true;
  std::vector<FactMove> moves_;
  std::vector<FactFormula> wins_;
  std::unordered_map<std::uint64_t, Tally> memo_;
};

}  // namespace kripke::game_lang
