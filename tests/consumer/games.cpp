// kripke::games: the muddy children, three of them muddy, played to their end.
#include <kripke/game_loop.hpp>
#include <kripke/games/muddy/game.hpp>

int main() {
  kripke::GameConfig config;
  config.game = "muddy";
  config.rules = {{"children", 3}};
  config.deal = {{"muddy", {1, 2, 3}}};
  const auto game = kripke::muddy::game_info().make(config);
  kripke::NullSink sink;
  const kripke::GameResult result = kripke::run_game(*game, 1, sink);
  // With k muddy children, the muddy ones know after k - 1 rounds of "nobody knows".
  return result.reason == kripke::EndReason::Win && result.winners.size() == 3 ? 0 : 1;
}
