#include "games/model/sequences.hpp"

#include "kripke/game_lang/language_game.hpp"
#include "kripke/game_lang/move_sequences.hpp"

namespace kripkesim {

MoveSequences count_move_sequences(const kripke::Game& game, std::uint64_t seed) {
  kripke::Rng rng(seed);
  std::unique_ptr<kripke::Play> play = game.new_play(rng);
  auto* language = dynamic_cast<kripke::game_lang::LanguagePlay*>(play.get());
  if (!language)
    throw kripke::InputError(
        "sequences counts the moves of a game written in the game language (\"game\": "
        "\"model\" with \"moves\": docs/game-language.md)",
        "/game");
  language->set_world_limits(game.config().limits());
  language->setup();
  const kripke::game_lang::SequenceCount c =
      kripke::game_lang::SequenceCounter(*language, game.config().max_turns).count();
  return {c.successful, c.unsuccessful, c.positions, c.longest};
}

}  // namespace kripkesim
