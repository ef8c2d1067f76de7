// `kripkesim sequences`: the maximal move sequences of a game written in the game language,
// counted by outcome (kripke/game_lang/move_sequences.hpp). Computed in the model's unit, so
// that the command's own file does not compile the language's headers.
#pragma once

#include <cstdint>

namespace kripke {
class Game;
}  // namespace kripke

namespace kripkesim {

struct MoveSequences {
  std::uint64_t successful = 0;
  std::uint64_t unsuccessful = 0;
  std::uint64_t positions = 0;
  int longest = 0;
  bool rounds = false;  // a step is a round (simultaneous turns), not one move
};

// InputError when the game is not written in the game language or has no win.
MoveSequences count_move_sequences(const kripke::Game& game, std::uint64_t seed);

}  // namespace kripkesim
