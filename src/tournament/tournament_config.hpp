// The `tournament` section of a config (docs/tournaments.md): entrants (built-in agents and
// programs), the rounds and the seed. Every seating of the entrants at the game's seats is a
// condition of a batch, so that a tournament runs, shards and merges as a batch does; round r
// of every seating plays the same deal (the same seed), so seatings differ by their players
// only.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "batch/batch_config.hpp"

namespace kripkesim {

// Seatings beyond this are refused: fewer entrants, or a game with fewer seats.
inline constexpr std::size_t kMaxSeatings = 20'000;

struct Entrant {
  std::string name;
  // The seat's agent object: the entrant's fields but its name (a program's as a "strategy":
  // {"program": [...], "fallback": ...}).
  kripke::Json agent = kripke::Json::object();
  bool program = false;
};

struct TournamentConfig {
  std::vector<Entrant> entrants;
  std::uint64_t rounds = 1;
  std::uint64_t seed = 0;
  std::size_t seats = 0;
  // Each seating: the entrant at each seat. Every entrant plays every seat equally often:
  // with at least as many entrants as seats, every ordered choice of distinct entrants; with
  // fewer, every assignment in which each entrant plays.
  std::vector<std::vector<std::size_t>> seatings;
  BatchConfig batch;  // a condition per seating, `rounds` games each, shared seeds

  // The config with every default filled in (as BatchConfig::resolved): reading it back
  // gives the same tournament; results files carry it.
  kripke::Json resolved() const;
};

// Reads a whole config document (game fields + `tournament` section); `rounds` (when not 0)
// overrides the section's. InputErrors point into the document (an entrant's error at its
// entrant); the caller adds the file name.
TournamentConfig read_tournament_config(const kripke::Json& document, std::uint64_t rounds = 0);

// Whether a (resolved) config is a tournament's.
bool is_tournament(const kripke::Json& config);

}  // namespace kripkesim
