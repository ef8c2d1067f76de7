#include "games/model/sequences.hpp"

#include "kripke/game_lang/language_game.hpp"
#include "kripke/game_lang/move_sequences.hpp"

namespace kripkesim {

MoveSequences count_move_sequences(const kripke::Game& game, std::uint64_t seed) {
  const auto play = kripke::game_lang::started_language_play(game, seed, "sequences counts");
  const kripke::game_lang::SequenceCount c =
      kripke::game_lang::SequenceCounter(*play, game.config().max_turns).count();
  return {c.successful, c.unsuccessful, c.positions, c.longest, play->rules().simultaneous()};
}

}  // namespace kripkesim
