#include "games/catalog.hpp"

#include "play/desk.hpp"

namespace kripkesim {

const std::vector<GameUnit>& game_units() {
  static const std::vector<GameUnit> units = {clue_unit(),   cluedo_unit(),    muddy_unit(),
                                              number_unit(), nine_card_unit(), sleuth_unit(),
                                              model_unit()};
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

}  // namespace kripkesim
