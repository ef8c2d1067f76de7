// The programs at a table (src/arena/): seats whose moves and choices come from programs
// over the seat protocol (docs/agents.md) instead of a keyboard. The seat loop asks them at
// their turns and for the choices a desk puts to its players between turns.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "kripke/events.hpp"
#include "kripke/types.hpp"

namespace kripkesim::play {

class ProgramTable {
 public:
  virtual ~ProgramTable() = default;
  virtual bool seats(kripke::Agent a) const = 0;
  // The program's move at its turn: one of `legal_moves`; nullopt when it failed (its
  // fault logged), and the seat's built-in strategy moves instead.
  virtual std::optional<kripke::Json> move(kripke::Agent a,
                                           const std::vector<kripke::Json>& legal_moves) = 0;
  // One of `choices`, for `question`; nullopt when it failed: the game decides as for a
  // seat without a person (the built-in strategy, or no accusation, or no claim).
  virtual std::optional<std::string> choose(kripke::Agent a, const std::string& question,
                                            const std::vector<std::string>& choices) = 0;
};

}  // namespace kripkesim::play
