// The `batch` section of a config (docs/batch.md): how many games (or every deal), the
// batch seed, and named conditions that each override fields of the base config. Every
// condition's Game is built here once; the runner's threads share it read-only.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "input/config_file.hpp"
#include "kripke/config_reader.hpp"
#include "kripke/game.hpp"

namespace kripkesim {

// A game count beyond this would not fit its records in memory anyway.
inline constexpr std::int64_t kMaxBatchGames = 100'000'000;

struct BatchCondition {
  std::string name;
  std::string description;
  kripke::Json overrides = kripke::Json::object();  // the condition as written, without its name
  std::unique_ptr<const kripke::Game> game;         // base config + overrides
  std::uint64_t games = 0;                          // games to play in this condition
  // With `deals: "all"`: game g plays deal deal_order[g] (a seeded permutation of all deals).
  std::vector<std::size_t> deal_order;
  std::size_t seats = 0;  // agents per play (for win shares)
  // The seats programs play (docs/agents.md), their pointers into the whole document; the
  // game has the fallback strategies at those seats.
  std::vector<SeatProgram> programs;
};

struct BatchConfig {
  kripke::Json base = kripke::Json::object();  // the config without its batch section
  std::unique_ptr<const kripke::Game> base_game;
  std::uint64_t seed = 0;
  bool all_deals = false;
  std::uint64_t games = 0;  // with all_deals false
  std::vector<BatchCondition> conditions;
  // Whether game g of every condition has the same seed (a tournament's seatings play the
  // same deals); otherwise each condition's seeds are its own.
  bool shared_seeds = false;

  std::uint64_t total_games() const;
  // The seed of game `game` of condition `condition`.
  std::uint64_t seed_of(std::size_t condition, std::uint64_t game) const;
  // Whether any condition seats a program.
  bool has_programs() const;
  // The config with every default filled in (each condition fully resolved, rules as the
  // games report them). Reading it back gives the same batch; results files carry it, and
  // `merge` compares it to tell whether shards belong together.
  kripke::Json resolved() const;
};

// Reads a whole config document (game fields + required `batch` section). Errors are
// kripke::InputErrors whose path points into the document; the caller adds the file name.
BatchConfig read_batch_config(const kripke::Json& document);

// The conditions' games built from `base` (a config with every game field), each with its
// overrides merged in, its programs taken out, its deal order and seats: what a batch and a
// tournament share. `seed` orders the deals; `all_deals`: every deal, else `games` each.
void build_conditions(const kripke::Json& base, std::vector<BatchCondition>& conditions,
                      std::uint64_t seed, bool all_deals, std::uint64_t games,
                      const std::string& conditions_path);

// The document's game, its programs taken out into `programs` (the seats get their fallback
// strategies).
std::unique_ptr<const kripke::Game> build_batch_game(kripke::Json document,
                                                     std::vector<SeatProgram>* programs = nullptr);

// The number of seats of the game's plays.
std::size_t seats_of(const kripke::Game& game, std::uint64_t seed);

// A config stays data: the programs its conditions seat run only when `allowed`
// (--allow-programs; otherwise an InputError at the first one's pointer), and each
// different argv is named once on `announce` before any starts.
void check_programs_allowed(const BatchConfig& batch, bool allowed, std::ostream& announce);

// The seed of game `game` of condition `condition`.
std::uint64_t game_seed(std::uint64_t batch_seed, std::size_t condition, std::uint64_t game);

}  // namespace kripkesim
