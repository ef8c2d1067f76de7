// The `batch` section of a config (docs/batch.md): how many games (or every deal), the
// batch seed, and named conditions that each override fields of the base config. Every
// condition's Game is built here once; the runner's threads share it read-only.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

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
};

struct BatchConfig {
  kripke::Json base = kripke::Json::object();  // the config without its batch section
  std::unique_ptr<const kripke::Game> base_game;
  std::uint64_t seed = 0;
  bool all_deals = false;
  std::uint64_t games = 0;  // with all_deals false
  std::vector<BatchCondition> conditions;

  std::uint64_t total_games() const;
  // The config with every default filled in (each condition fully resolved, rules as the
  // games report them). Reading it back gives the same batch; results files carry it, and
  // `merge` compares it to tell whether shards belong together.
  kripke::Json resolved() const;
};

// Reads a whole config document (game fields + required `batch` section). Errors are
// kripke::InputErrors whose path points into the document; the caller adds the file name.
BatchConfig read_batch_config(const kripke::Json& document);

// The seed of game `game` of condition `condition`.
std::uint64_t game_seed(std::uint64_t batch_seed, std::size_t condition, std::uint64_t game);

}  // namespace kripkesim
