#include "games/model/plan.hpp"

#include "kripke/game_lang/language_game.hpp"
#include "kripke/game_lang/planner.hpp"

namespace kripkesim {

PlanResult find_plan(const kripke::Game& game, std::uint64_t seed, const kripke::FormulaPtr& goal,
                     int max_depth) {
  const auto start = [&] {
    return kripke::game_lang::started_language_play(game, seed, "plan searches");
  };
  auto search = start();
  const kripke::game_lang::Plan plan =
      kripke::game_lang::Planner(*search, goal, max_depth, game.config().limits()).search();
  PlanResult r{plan.found,
               search->rules().simultaneous(),
               {},
               {},
               plan.positions,
               plan.depth_searched,
               plan.worlds_kept,
               {},
               0};
  // The plan played again as `run` would play it, for the model after it — on the facts
  // alone where the search was (its moves and goal decided by them), the model cut to the
  // actual world after every move: with calls seen by the callers only, six agents' gossip
  // after 8 calls is 16^8 worlds as `run` plays it.
  auto replay = start();
  const kripke::game_lang::GameRules& rules = replay->rules();
  for (const std::vector<std::size_t>& step : plan.steps) {
    kripke::Json round = kripke::Json::array();
    std::string text;
    for (std::size_t k : step) {
      round.push_back(rules.instance_json(replay->instances()[k]));
      text += (text.empty() ? "" : " + ") + rules.instance_text(replay->instances()[k]);
    }
    r.moves.push_back(r.rounds ? kripke::Json{{"round", round}} : round.front());
    r.texts.push_back(text);
    replay->make_round(step);
    if (plan.on_facts) replay->keep_actual_only();
  }
  r.after = replay->deal();
  r.worlds_after = std::uint64_t(replay->world_count());
  r.on_facts = plan.on_facts;
  return r;
}

}  // namespace kripkesim
