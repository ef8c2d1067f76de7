// libFuzzer target: any bytes as a formula, parsed, printed, parsed again (the printed form
// must mean the same) and evaluated on the three muddy children's model.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "games/catalog.hpp"
#include "kripke/formula_parser.hpp"

namespace {

const kripke::Play& muddy_play() {
  static const auto game = [] {
    kripke::GameConfig config;
    config.game = "muddy";
    config.rules = {{"children", 3}};
    return kripkesim::games().make(config);
  }();
  static kripke::Rng rng(1);
  static const auto play = [] {
    auto p = game->new_play(rng);
    p->setup();
    return p;
  }();
  return *play;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  kripke::FormulaPtr phi;
  try {
    phi = kripke::parse_formula(text);
  } catch (const kripke::FormulaError&) {
    return 0;
  }
  const std::string printed = kripke::to_string(*phi);
  const kripke::FormulaPtr again = kripke::parse_formula(printed);  // must not throw
  if (kripke::to_string(*again) != printed)
    throw std::logic_error("printing is not stable: " + printed);
  try {
    const kripke::Play& play = muddy_play();
    if (!(play.truth(*phi) == play.truth(*again)))
      throw std::logic_error("the printed formula means something else: " + printed);
  } catch (const kripke::FormulaError&) {
    // an unknown atom or agent number: reported as such
  }
  return 0;
}
