// What `kripkesim validate` checks of one config, scenario or batch file, apart from
// reading the file: shared with the config fuzz target (tests/fuzz), which must reach
// everything validate reaches.
#pragma once

#include <string>

#include "kripke/config_reader.hpp"

namespace kripkesim {

// Reads `document` as a config with whichever optional sections it has, builds the game
// (rules, deal, world and memory limits), checks each section against a play of it and
// plays a scenario's steps without judging its expectations. Returns what it found ("clue
// scenario, 4 steps, 1440 worlds"); InputError (without a file name) for bad input.
std::string validate_document(const kripke::Json& document);

}  // namespace kripkesim
