#include "games/model/plan.hpp"

#include "kripke/game_lang/language_game.hpp"
#include "kripke/game_lang/planner.hpp"

namespace kripkesim {

PlanResult find_plan(const kripke::Game& game, std::uint64_t seed, const kripke::FormulaPtr& goal,
                     int max_depth) {
  const auto start = [&] {
    kripke::Rng rng(seed);
    std::unique_ptr<kripke::Play> play = game.new_play(rng);
    if (!dynamic_cast<kripke::game_lang::LanguagePlay*>(play.get()))
      throw kripke::InputError(
          "plan searches the moves of a game written in the game language (\"game\": "
          "\"model\" with \"moves\": docs/game-language.md)",
          "/game");
    play->set_world_limits(game.config().limits());
    play->setup();
    return std::unique_ptr<kripke::game_lang::LanguagePlay>(
        static_cast<kripke::game_lang::LanguagePlay*>(play.release()));
  };
  auto search = start();
  const kripke::game_lang::Plan plan =
      kripke::game_lang::Planner(*search, goal, max_depth, game.config().limits()).search();
  PlanResult r{plan.found, {}, {}, plan.positions, plan.depth_searched, plan.worlds_kept, {}, 0};
  // The plan played again as `run` would play it, for the model after it.
  auto replay = start();
  for (std::size_t k : plan.moves) {
    r.moves.push_back(replay->rules().instance_json(replay->instances()[k]));
    r.texts.push_back(replay->rules().instance_text(replay->instances()[k]));
    replay->make(k);
  }
  r.after = replay->deal();
  r.worlds_after = std::uint64_t(replay->world_count());
  return r;
}

}  // namespace kripkesim
