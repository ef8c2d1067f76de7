#include "games/catalog.hpp"

#include "kripke/config_reader.hpp"
#include "kripke/play.hpp"
#include "play/desk.hpp"

// The one list of games, in the order `kripkesim list` shows them: a line per game, naming the
// function its src/games/<game>/unit.cpp defines.
#define KRIPKESIM_GAMES(GAME) \
  GAME(clue)                  \
  GAME(cluedo)                \
  GAME(muddy)                 \
  GAME(number)                \
  GAME(nine_card)             \
  GAME(sleuth)                \
  GAME(gossip)                \
  GAME(model)

namespace kripkesim {

#define KRIPKESIM_DECLARE_UNIT(game) GameUnit game##_unit();
KRIPKESIM_GAMES(KRIPKESIM_DECLARE_UNIT)
#undef KRIPKESIM_DECLARE_UNIT

const std::vector<GameUnit>& game_units() {
#define KRIPKESIM_UNIT(game) game##_unit(),
  static const std::vector<GameUnit> units = {KRIPKESIM_GAMES(KRIPKESIM_UNIT)};
#undef KRIPKESIM_UNIT
  return units;
}

const kripke::GameCatalog& games() {
  static const kripke::GameCatalog catalog = [] {
    std::vector<kripke::GameInfo> infos;
    for (const GameUnit& unit : game_units()) infos.push_back(unit.info);
    return kripke::GameCatalog(std::move(infos));
  }();
  return catalog;
}

std::unique_ptr<play::Desk> desk_for(kripke::Play& play) {
  std::vector<std::string> seated;
  for (const GameUnit& unit : game_units()) {
    if (!unit.make_desk) continue;
    if (unit.info.name == play.game_name()) return unit.make_desk(play);
    seated.push_back(unit.info.name);
  }
  const std::string last = seated.back();
  seated.pop_back();
  throw kripke::InputError("nobody can take a seat in " + play.game_name() +
                           ": people and programs play " + kripke::ObjectReader::join(seated) +
                           " and " + last);
}

}  // namespace kripkesim
