// Reading config files: JSON from disk with errors that name the file and the line and
// column, and the keys every game shares. Every command that takes a config (run, play,
// check, draw, validate, scenario, batch) reads it here.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "kripke/config_reader.hpp"
#include "kripke/game.hpp"
#include "output/file_error.hpp"

namespace kripkesim {

// The largest JSON file read (a results file of a million games is about 300 MiB).
inline constexpr std::size_t kMaxJsonFileBytes = std::size_t{1} << 30;

// The whole file as JSON. FileError for a missing, unreadable or oversized file, and for
// bad JSON (json_text.hpp: with the line and column, or the JSON pointer).
kripke::Json read_json_file(const std::string& file);

// The agents whose "strategy" is "human" (people's seats, for `kripkesim play`), taken out
// of `document`: their seats get the game's default strategy. Their numbers, 0-based.
std::vector<kripke::Agent> take_people(kripke::Json& document);

// A seat a program plays (docs/agents.md): the seat, 0-based, the program's argv, and where
// it was named (a config's JSON pointer, or the command line's option).
struct SeatProgram {
  kripke::Agent seat = 0;
  std::vector<std::string> argv;
  std::string source;
};

// The agents whose "strategy" is {"program": [argv...], "fallback": STRATEGY}, taken out of
// `document`: their seats get the fallback strategy (the game's default without one). A
// config stays data: the caller runs them only when the command line allows it.
std::vector<SeatProgram> take_programs(kripke::Json& document);

// The keys every game shares (docs/configs.md). An agent whose "strategy" is "human" is
// refused (take_people first, where people may play). `more_keys` reads the keys a kind of file
// adds (a scenario's "script"...) from the same object before every other key is rejected.
// Errors are InputErrors with JSON pointers; callers add the file name (in_file).
kripke::GameConfig read_config(const kripke::Json& document,
                               const std::function<void(kripke::ObjectReader&)>& more_keys = {});

// A plain config file read and its game built (rules, deal and world limit checked);
// `adjust` may change the config first (a command line's --engine).
std::unique_ptr<kripke::Game> load_game(
    const std::string& file, const std::function<void(kripke::GameConfig&)>& adjust = {});

// The same for `kripkesim play`, where an agent's "strategy" may be "human": a person plays
// that seat. The seats (0-based) are returned and the game is built as if the agent had the
// game's default strategy. (load_game refuses "human", pointing at `kripkesim play`.)
struct GameWithPeople {
  std::unique_ptr<kripke::Game> game;
  std::vector<kripke::Agent> people;
  std::vector<SeatProgram> programs;  // the config's programs (take_programs)
};
GameWithPeople load_game_with_people(const std::string& file,
                                     const std::function<void(kripke::GameConfig&)>& adjust = {});
// The same without people (`kripkesim run`): the config's programs only.
GameWithPeople load_game_with_programs(const std::string& file,
                                       const std::function<void(kripke::GameConfig&)>& adjust = {});

}  // namespace kripkesim
