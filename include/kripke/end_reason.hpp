// Why a game ended: the `end` event's "reason" and a batch record's.
#pragma once

#include <string_view>

namespace kripke {

enum class EndReason {
  Win,          // someone reached the goal
  Loss,         // someone lost (and nobody won): a game in the game language's "lose"
  Draw,         // the game language's "draw" held (and nobody won or lost)
  MaxTurns,     // the config's max_turns were played
  Stalled,      // the game saw that nothing would change any more (or has no moves: a model)
  Quit,         // a person at `kripkesim play` quit
  InputEnded,   // the people's input ended
  Interrupted,  // Ctrl-C or a signal
};

// The word the log writes.
inline std::string_view to_string(EndReason reason) {
  switch (reason) {
    case EndReason::Win:
      return "win";
    case EndReason::Loss:
      return "loss";
    case EndReason::Draw:
      return "draw";
    case EndReason::MaxTurns:
      return "max_turns";
    case EndReason::Stalled:
      return "stalled";
    case EndReason::Quit:
      return "quit";
    case EndReason::InputEnded:
      return "input ended";
    case EndReason::Interrupted:
      return "interrupted";
  }
  return "stalled";
}

}  // namespace kripke
