// Every maximal sequence of moves the players' strategies allow, counted by outcome, as
// GoMoChe's `statistics` counts a gossip protocol's call sequences (van Ditmarsch, Gattinger,
// Kuijer and Pardo 2019): from the start, any player may make any move its strategy allows;
// a sequence is maximal when no player may move any more, and successful when every
// player's win holds at its end. The empty sequence is not counted.
#pragma once

#include <cstdint>
#include <string>

#include "kripke/game_lang/language_play.hpp"
#include "kripke/interrupt.hpp"

namespace kripke::game_lang {

struct SequenceCount {
  std::uint64_t successful = 0;
  std::uint64_t unsuccessful = 0;
  std::uint64_t states = 0;  // positions visited (one per prefix of a sequence)
  int longest = 0;
};

class SequenceCounter {
 public:
  // `max_length`: a sequence longer than this stops the count with an InputError (a
  // strategy that can go on for ever, such as calling anyone at all). `facts_only`: keep
  // only the actual world when every formula is decided by its facts
  // (LanguagePlay::decided_by_facts); otherwise, and when false, the contracted model.
  SequenceCounter(LanguagePlay& play, int max_length, bool facts_only = true)
      : play_(play), max_length_(max_length), facts_only_allowed_(facts_only) {}

  SequenceCount count() {
    if (!play_.has_goal())
      throw InputError("counting successful sequences needs the rules' \"win\"", "/rules");
    facts_only_ = facts_only_allowed_ && play_.decided_by_facts();
    SequenceCount c;
    visit(0, c);
    return c;
  }

 private:
  void visit(int depth, SequenceCount& c) {
    ++c.states;
    if ((c.states & 1023) == 0) poll_interrupt();
    std::vector<std::size_t> moves;
    for (std::size_t i = 0; i < play_.rules().agent_count(); ++i)
      for (std::size_t k : play_.allowed(Agent(i))) moves.push_back(k);
    if (moves.empty()) {
      if (depth == 0) return;
      if (depth > c.longest) c.longest = depth;
      if (play_.everyone_won())
        ++c.successful;
      else
        ++c.unsuccessful;
      return;
    }
    if (depth >= max_length_)
      throw InputError("a sequence of moves goes on past " + std::to_string(max_length_) +
                           " moves (max_turns): the strategies may never stop",
                       "/max_turns");
    for (std::size_t k : moves) {
      auto saved = play_.snapshot();
      play_.make(k);
      // The same truths in fewer worlds: the count is unchanged.
      if (facts_only_)
        play_.keep_actual_only();
      else
        play_.contract();
      visit(depth + 1, c);
      play_.restore(std::move(saved));
    }
  }

  LanguagePlay& play_;
  int max_length_;
  bool facts_only_allowed_ = true;
  bool facts_only_ = false;
};

}  // namespace kripke::game_lang
