// A tournament's standings (docs/tournaments.md#standings): for each entrant its wins, per
// seat and in all, with 95% Wilson intervals, and a rating: a Bradley–Terry model fitted to
// the pairwise outcomes of every game, on the Elo scale, with a bootstrap interval. A pure
// function of the records (and the seed of the bootstrap), so a merge of shards gives the
// standings of a whole run.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "batch/batch_stats.hpp"
#include "tournament/tournament_config.hpp"

namespace kripkesim {

// Resamples of the games for the rating's interval.
inline constexpr int kDefaultBootstrap = 1000;

struct SeatStanding {
  std::uint64_t games = 0;  // games the entrant played at this seat
  double wins = 0;          // each game's win split among its winners
  Interval wilson95;
};

struct Standing {
  std::string name;
  std::uint64_t games = 0;  // seats played, summed over games
  double wins = 0;
  Interval wilson95;                // of wins / games
  std::vector<SeatStanding> seats;  // per seat
  double rating = 0;                // Elo scale: the entrants' mean is 1500
  Interval rating95;                // 2.5% and 97.5% of the bootstrap ratings
};

struct Standings {
  std::uint64_t games = 0;
  std::size_t seats = 0;
  std::uint64_t comparisons = 0;  // pairwise outcomes the ratings are fitted to
  int bootstrap = 0;
  std::vector<Standing> entrants;  // in the config's order
};

// Each record's condition is its seating. `bootstrap`: resamples (0: no interval).
Standings standings_of(const TournamentConfig& tournament, const std::vector<GameRecord>& records,
                       int bootstrap = kDefaultBootstrap);

// Bradley–Terry strengths on the Elo scale from pairwise scores: score[a][b] is what a scored
// against b (a win 1, a tie ½) in games[a][b] meetings. Each pair also meets once more in a
// virtual tie, so that an entrant that never won (or never lost) gets a finite rating. Mean
// 1500; P(a beats b) = 1 / (1 + 10^((R_b − R_a)/400)).
std::vector<double> bradley_terry_elo(const std::vector<std::vector<double>>& score,
                                      const std::vector<std::vector<double>>& games);

// The table printed after a tournament or a merge of one.
std::string standings_table(const Standings& standings);
OrderedJson standings_json(const Standings& standings);
// One row per entrant: its totals, rating, then each seat's games, wins and share.
void write_standings_csv(const Standings& standings, std::ostream& out);

}  // namespace kripkesim
