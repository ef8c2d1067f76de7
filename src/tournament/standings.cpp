#include "tournament/standings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <ostream>
#include <string_view>

#include "batch/batch_results.hpp"
#include "kripke/rng.hpp"

namespace kripkesim {
namespace {

// Keeps the bootstrap's draws apart from the games' seeds.
constexpr std::uint64_t kBootstrapStream = 0xb007'0000'0000'0001ULL;

// One pairwise outcome of a game: entrant a against entrant b, a's score (1, ½ or 0).
struct Meeting {
  std::size_t a, b;
  double score;
};

using Matrix = std::vector<std::vector<double>>;

// The meetings of each game: every two seats of different entrants; both winners or both
// losers is a tie.
std::vector<std::vector<Meeting>> meetings_of(const TournamentConfig& t,
                                              const std::vector<GameRecord>& records) {
  std::vector<std::vector<Meeting>> out;
  out.reserve(records.size());
  for (const GameRecord& r : records) {
    const std::vector<std::size_t>& seating = t.seatings.at(r.condition);
    auto won = [&](std::size_t seat) {
      return std::find(r.winners.begin(), r.winners.end(), int(seat + 1)) != r.winners.end();
    };
    std::vector<Meeting>& game = out.emplace_back();
    for (std::size_t i = 0; i < seating.size(); ++i)
      for (std::size_t j = i + 1; j < seating.size(); ++j)
        if (seating[i] != seating[j])
          game.push_back({seating[i], seating[j], won(i) == won(j) ? 0.5 : won(i) ? 1.0 : 0.0});
  }
  return out;
}

void add(const std::vector<Meeting>& game, Matrix& score, Matrix& games) {
  for (const Meeting& m : game) {
    score[m.a][m.b] += m.score;
    score[m.b][m.a] += 1 - m.score;
    games[m.a][m.b] += 1;
    games[m.b][m.a] += 1;
  }
}

double percentile(std::vector<double> values, double q) {
  std::sort(values.begin(), values.end());
  const double at = q * double(values.size() - 1);
  const auto low = std::size_t(std::floor(at));
  const std::size_t high = std::min(low + 1, values.size() - 1);
  return values[low] + (at - double(low)) * (values[high] - values[low]);
}

std::string percent(double share) { return fmt::format("{:.1f}%", 100 * share); }

}  // namespace

std::vector<double> bradley_terry_elo(const Matrix& score_in, const Matrix& games_in) {
  const std::size_t n = score_in.size();
  Matrix score = score_in, games = games_in;
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = 0; b < n; ++b)
      if (a != b) {
        score[a][b] += 0.5;  // the virtual tie
        games[a][b] += 1;
      }
  // Hunter's minorization-maximization (2004): p_a = W_a / Σ_b n_ab / (p_a + p_b), each
  // step raising the likelihood; the strengths' geometric mean is kept at 1.
  std::vector<double> p(n, 1.0), next(n);
  for (int step = 0; step < 100'000; ++step) {
    for (std::size_t a = 0; a < n; ++a) {
      double won = 0, denominator = 0;
      for (std::size_t b = 0; b < n; ++b)
        if (b != a) {
          won += score[a][b];
          denominator += games[a][b] / (p[a] + p[b]);
        }
      next[a] = won / denominator;
    }
    double mean_log = 0;
    for (double v : next) mean_log += std::log(v) / double(n);
    double change = 0;
    for (std::size_t a = 0; a < n; ++a) {
      next[a] /= std::exp(mean_log);
      change = std::max(change, std::abs(std::log(next[a] / p[a])));
    }
    p.swap(next);
    if (change < 1e-12) break;
  }
  std::vector<double> elo(n);
  for (std::size_t a = 0; a < n; ++a) elo[a] = 1500 + 400 * std::log10(p[a]);
  return elo;
}

Standings standings_of(const TournamentConfig& t, const std::vector<GameRecord>& records,
                       int bootstrap) {
  const std::size_t n = t.entrants.size();
  Standings out;
  out.games = records.size();
  out.seats = t.seats;
  out.bootstrap = bootstrap;
  for (const Entrant& e : t.entrants) {
    Standing& s = out.entrants.emplace_back();
    s.name = e.name;
    s.seats.resize(t.seats);
  }
  for (const GameRecord& r : records) {
    const std::vector<std::size_t>& seating = t.seatings.at(r.condition);
    const double share = r.winners.empty() ? 0.0 : 1.0 / double(r.winners.size());
    for (std::size_t seat = 0; seat < seating.size(); ++seat) {
      Standing& s = out.entrants[seating[seat]];
      const bool won =
          std::find(r.winners.begin(), r.winners.end(), int(seat + 1)) != r.winners.end();
      ++s.games;
      ++s.seats[seat].games;
      if (won) {
        s.wins += share;
        s.seats[seat].wins += share;
      }
    }
  }
  for (Standing& s : out.entrants) {
    s.wilson95 = wilson95(s.wins, s.games);
    for (SeatStanding& seat : s.seats) seat.wilson95 = wilson95(seat.wins, seat.games);
  }

  const std::vector<std::vector<Meeting>> meetings = meetings_of(t, records);
  Matrix score(n, std::vector<double>(n, 0.0)), games = score;
  for (const auto& game : meetings) add(game, score, games);
  for (const auto& game : meetings) out.comparisons += game.size();
  const std::vector<double> elo = bradley_terry_elo(score, games);
  for (std::size_t e = 0; e < n; ++e)
    out.entrants[e].rating = out.entrants[e].rating95.low = out.entrants[e].rating95.high = elo[e];
  if (bootstrap > 0 && !records.empty()) {
    kripke::Rng rng(kripke::derive_seed(t.seed, {kBootstrapStream}));
    std::vector<std::vector<double>> samples(n);
    for (int b = 0; b < bootstrap; ++b) {
      for (auto& row : score) std::fill(row.begin(), row.end(), 0.0);
      for (auto& row : games) std::fill(row.begin(), row.end(), 0.0);
      for (std::size_t g = 0; g < meetings.size(); ++g)
        add(meetings[rng.below(meetings.size())], score, games);
      const std::vector<double> resampled = bradley_terry_elo(score, games);
      for (std::size_t e = 0; e < n; ++e) samples[e].push_back(resampled[e]);
    }
    for (std::size_t e = 0; e < n; ++e)
      out.entrants[e].rating95 = {percentile(samples[e], 0.025), percentile(samples[e], 0.975)};
  }
  return out;
}

std::string standings_table(const Standings& s) {
  std::size_t width = std::string_view("win share at").size();
  for (const Standing& e : s.entrants) width = std::max(width, e.name.size());
  std::string out = fmt::format(
      "{} games, {} seats. Rating: Bradley-Terry on the Elo scale (mean 1500), fitted to {}\n"
      "pairwise outcomes; its 95% interval from {} bootstrap resamples of the games.\n",
      s.games, s.seats, s.comparisons, s.bootstrap);
  // The totals and the rating, then the share at each seat: a table for every ten seats,
  // so that a line fits 100 columns with names of up to 40 characters.
  out += fmt::format("{:<{}}  {:>6}  {:>7}  {:>21}  {:>17}\n", "entrant", width, "games", "wins",
                     "win share [95%]", "rating [95%]");
  for (const Standing& e : s.entrants) {
    const double share = e.games ? e.wins / double(e.games) : 0.0;
    out += fmt::format(
        "{:<{}}  {:>6}  {:>7.1f}  {:>21}  {:>17}\n", e.name, width, e.games, e.wins,
        fmt::format("{} [{}, {}]", percent(share), percent(e.wilson95.low),
                    percent(e.wilson95.high)),
        fmt::format("{:.0f} [{:.0f}, {:.0f}]", e.rating, e.rating95.low, e.rating95.high));
  }
  constexpr std::size_t kSeatsPerTable = 10;
  for (std::size_t first = 0; first < s.seats; first += kSeatsPerTable) {
    const std::size_t last = std::min(s.seats, first + kSeatsPerTable);
    std::string header = fmt::format("\n{:<{}}", "win share at", width);
    for (std::size_t seat = first; seat < last; ++seat)
      header += fmt::format("  {:>6}", fmt::format("seat {}", seat + 1));
    out += header + "\n";
    for (const Standing& e : s.entrants) {
      std::string line = fmt::format("{:<{}}", e.name, width);
      for (std::size_t seat = first; seat < last; ++seat) {
        const SeatStanding& at = e.seats[seat];
        line += fmt::format("  {:>6}",
                            at.games ? percent(at.wins / double(at.games)) : std::string("-"));
      }
      out += line + "\n";
    }
  }
  out += fmt::format(
      "\nWin share: wins per game played (a win split among a game's winners), with its 95%\n"
      "Wilson interval, in all and per seat; one as good as the others wins {} when every\n"
      "game has one winner.\n",
      percent(1.0 / double(std::max<std::size_t>(1, s.seats))));
  return out;
}

OrderedJson standings_json(const Standings& s) {
  OrderedJson list = OrderedJson::array();
  for (const Standing& e : s.entrants) {
    OrderedJson seats = OrderedJson::array();
    for (const SeatStanding& seat : e.seats)
      seats.push_back({{"games", seat.games},
                       {"wins", seat.wins},
                       {"win_share", seat.games ? seat.wins / double(seat.games) : 0.0},
                       {"win_share_wilson95", interval_json(seat.wilson95)}});
    list.push_back({{"name", e.name},
                    {"games", e.games},
                    {"wins", e.wins},
                    {"win_share", e.games ? e.wins / double(e.games) : 0.0},
                    {"win_share_wilson95", interval_json(e.wilson95)},
                    {"rating", e.rating},
                    {"rating_ci95", interval_json(e.rating95)},
                    {"seats", std::move(seats)}});
  }
  return {{"games", s.games},
          {"seats", s.seats},
          {"rating",
           {{"model", "Bradley-Terry"},
            {"scale", "Elo, mean 1500"},
            {"comparisons", s.comparisons},
            {"bootstrap", s.bootstrap}}},
          {"entrants", std::move(list)}};
}

void write_standings_csv(const Standings& s, std::ostream& out) {
  out << "entrant,games,wins,win_share,win_low,win_high,rating,rating_low,rating_high";
  for (std::size_t seat = 1; seat <= s.seats; ++seat)
    out << fmt::format(",seat{0}_games,seat{0}_wins,seat{0}_win_share", seat);
  out << "\n";
  for (const Standing& e : s.entrants) {
    out << fmt::format("{},{},{},{},{},{},{},{},{}", csv_field(e.name), e.games, e.wins,
                       e.games ? e.wins / double(e.games) : 0.0, e.wilson95.low, e.wilson95.high,
                       e.rating, e.rating95.low, e.rating95.high);
    for (const SeatStanding& seat : e.seats)
      out << fmt::format(",{},{},{}", seat.games, seat.wins,
                         seat.games ? seat.wins / double(seat.games) : 0.0);
    out << "\n";
  }
}

}  // namespace kripkesim
