#include "batch/batch_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "kripke/plural.hpp"

namespace kripkesim {
namespace {

std::uint64_t sum(const std::vector<std::uint64_t>& v) {
  return std::accumulate(v.begin(), v.end(), std::uint64_t{0});
}

// The first column: wide enough for the longest condition name.
std::size_t name_width(const std::vector<ConditionStats>& stats) {
  std::size_t width = 9;  // "condition"
  for (const auto& s : stats) width = std::max(width, s.name.size());
  return width;
}

std::string optional_number(double value, std::uint64_t games) {
  return games ? fmt::format("{:.2f}", value) : "-";
}

std::string ci_text(const Spread& s) {
  if (!s.ci95_half_width) return "-";
  return fmt::format("[{:.2f}, {:.2f}]", s.mean - *s.ci95_half_width, s.mean + *s.ci95_half_width);
}

// A share and its 95% Wilson interval: "0.452 [0.421, 0.483]".
std::string share_text(double successes, std::uint64_t games) {
  const Interval i = wilson95(successes, games);
  return fmt::format("{:.3f} [{:.3f}, {:.3f}]", games ? successes / double(games) : 0.0, i.low,
                     i.high);
}

// The summary fits a terminal of this many columns (condition names permitting).
constexpr std::size_t kColumns = 100;

// One line per condition: its name, then `cells` as "label: value" pairs; cells that would
// pass kColumns go on continuation lines, aligned under the first cell.
template <class Cells>
std::string per_condition_lines(const std::vector<ConditionStats>& stats, Cells&& cells) {
  std::string out;
  const std::size_t width = name_width(stats);
  for (const auto& s : stats) {
    std::string line = fmt::format("  {:<{}}", s.name, width);
    const std::string indent(line.size(), ' ');
    bool first = true;
    for (const std::string& cell : cells(s)) {
      if (!first && line.size() + 2 + cell.size() > kColumns) {
        out += line + "\n";
        line = indent;
      }
      line += "  " + cell;
      first = false;
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace

std::string clock_time(double seconds) {
  const auto total = static_cast<long long>(std::llround(std::max(0.0, seconds)));
  if (total >= 3600)
    return fmt::format("{}:{:02}:{:02}", total / 3600, total / 60 % 60, total % 60);
  return fmt::format("{}:{:02}", total / 60, total % 60);
}

std::string progress_line(const BatchProgress& p, const std::vector<ConditionInfo>& conditions) {
  const std::uint64_t done = sum(p.done), total = sum(p.total);
  const double rate = p.elapsed_seconds > 0 ? double(done) / p.elapsed_seconds : 0;
  const std::string eta = rate > 0 ? clock_time(double(total - done) / rate) : "?";
  std::string line = fmt::format("{}/{} games ({}%), {:.1f} games/s, ETA {}", done, total,
                                 total ? done * 100 / total : 100, rate, eta);
  std::size_t finished = 0;
  std::string now;
  for (std::size_t c = 0; c < p.done.size(); ++c) {
    if (p.done[c] == p.total[c]) {
      ++finished;
    } else if (p.done[c] > 0) {
      now += fmt::format(" {} {}/{}", conditions[c].name, p.done[c], p.total[c]);
    }
  }
  line += fmt::format(" | {}/{} conditions done", finished, p.done.size());
  if (!now.empty()) line += ";" + now;
  return line;
}

std::string summary_table(const Results& results) {
  const std::vector<ConditionStats> stats = summarize(results.conditions, results.records);
  std::uint64_t games = 0;
  for (const auto& s : stats) games += s.games;
  const std::string time =
      results.merged_from.empty()
          ? fmt::format("{:.2f} s wall time with {}", results.timing.wall_seconds,
                        kripke::counted(results.timing.jobs, "job"))
          : fmt::format("merged from {} files (their wall times add up to {:.2f} s)",
                        results.merged_from.size(), results.timing.wall_seconds);
  std::string out = fmt::format("{} in {}{}; {}\n\n", kripke::counted(games, "game"),
                                kripke::counted(stats.size(), "condition"),
                                results.complete ? "" : " (INCOMPLETE)", time);

  // Rounds' medians and maxima are in the JSON summary; the table keeps to kColumns.
  const std::size_t width = name_width(stats);
  constexpr const char* row = "  {:<{}}  {:>7}  {:>6}  {:>16}  {:>6}  {:>5}  {:>6}  {:>5}  {:>7}\n";
  out += fmt::format(row, "condition", width, "games", "turns", "95% CI", "median", "max", "rounds",
                     "limit", "stalled");
  for (const auto& s : stats) {
    out += fmt::format(row, s.name, width, s.games, optional_number(s.turns.mean, s.games),
                       ci_text(s.turns), s.games ? fmt::format("{:g}", s.turns.median) : "-",
                       s.games ? s.turns.max : 0, optional_number(s.rounds.mean, s.games),
                       s.max_turns, s.stalled);
  }
  out +=
      "  (turns, rounds: means per game; 95% CI: of the mean turns; median, max: of the turns;\n"
      "   limit, stalled: games without a winner, stopped at max_turns or stalled)\n";

  out += "\ngames by number of winners (winners: games)\n";
  out += per_condition_lines(stats, [](const ConditionStats& s) {
    std::vector<std::string> cells;
    for (const auto& [winners, count] : s.winner_counts)
      cells.push_back(fmt::format("{}: {}", winners, count));
    return cells;
  });
  const bool lost_or_drawn = std::any_of(stats.begin(), stats.end(),
                                         [](const ConditionStats& s) { return s.lost || s.drawn; });
  if (lost_or_drawn) {
    out +=
        "\ngames without a winner that ended by a loss or a draw (the rules' \"lose\", \"draw\")\n";
    out += per_condition_lines(stats, [](const ConditionStats& s) {
      return std::vector<std::string>{fmt::format("loss: {}", s.lost),
                                      fmt::format("draw: {}", s.drawn)};
    });
  }
  out +=
      "\nwin share per seat (seat: share [95% Wilson interval]; simultaneous winners split a "
      "win)\n";
  out += per_condition_lines(stats, [](const ConditionStats& s) {
    std::vector<std::string> cells;
    for (std::size_t seat = 0; seat < s.seat_win_share.size(); ++seat)
      cells.push_back(fmt::format("{}: {}", seat + 1,
                                  share_text(s.seat_win_share[seat] * double(s.games), s.games)));
    return cells;
  });
  const bool strategies = std::any_of(
      stats.begin(), stats.end(), [](const ConditionStats& s) { return !s.strategies.empty(); });
  if (strategies) {
    out +=
        "\nwin share per strategy (strategy: share of all games' wins [95% Wilson\n"
        "interval], wins per seat it played)\n";
    out += per_condition_lines(stats, [](const ConditionStats& s) {
      std::vector<std::string> cells;
      for (const auto& [name, share] : s.strategies)
        cells.push_back(fmt::format("{}: {}, {:.3f}/seat", name, share_text(share.wins, s.games),
                                    share.wins_per_seat()));
      return cells;
    });
  }
  out += "\ngame time (wall time of each game, summed over the jobs)\n";
  out += per_condition_lines(stats, [&](const ConditionStats& s) {
    const auto c = std::size_t(&s - stats.data());
    const double seconds =
        c < results.timing.game_seconds.size() ? results.timing.game_seconds[c] : 0.0;
    return std::vector<std::string>{fmt::format("{:.3f} s", seconds)};
  });
  return out;
}

}  // namespace kripkesim
