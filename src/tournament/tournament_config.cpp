#include "tournament/tournament_config.hpp"

#include <fmt/format.h>

#include <set>

namespace kripkesim {
namespace {

using kripke::InputError;
using kripke::Json;
using kripke::ObjectReader;

constexpr std::size_t kMaxEntrants = 64;
constexpr std::size_t kMaxNameLength = 40;

Entrant read_entrant(const Json& written, const std::string& path) {
  if (!written.is_object())
    throw InputError(
        "expected an entrant: {\"name\": ..., \"strategy\": ...} or {\"name\": ..., "
        "\"program\": [...]}",
        path);
  Entrant e;
  e.name = ObjectReader::string_value(written.contains("name") ? written["name"] : Json(),
                                      path + "/name");
  if (e.name.empty() || e.name.size() > kMaxNameLength)
    throw InputError(fmt::format("a name of 1 to {} characters", kMaxNameLength), path + "/name");
  for (const auto& [key, value] : written.items())
    if (key != "name" && key != "program" && key != "fallback") e.agent[key] = value;
  if (written.contains("program")) {
    if (written.contains("strategy"))
      throw InputError("an entrant is a program or a built-in strategy, not both",
                       path + "/strategy");
    Json strategy = {{"program", written["program"]}};
    if (written.contains("fallback")) strategy["fallback"] = written["fallback"];
    e.agent["strategy"] = std::move(strategy);
    e.program = true;
  } else if (written.contains("fallback")) {
    throw InputError(
        "a fallback is the strategy that plays on when a program fails: give the "
        "program too",
        path + "/fallback");
  }
  return e;
}

// Every ordered choice of `seats` distinct entrants of `entrants`, or, with fewer entrants
// than seats, every assignment that seats each entrant at least once; lexicographic.
std::vector<std::vector<std::size_t>> seatings_of(std::size_t entrants, std::size_t seats) {
  std::uint64_t count = 1;
  for (std::size_t k = 0; k < seats; ++k) {
    count *= entrants >= seats ? entrants - k : entrants;
    if (count > 50 * kMaxSeatings)
      throw InputError(fmt::format("{} entrants at {} seats make more than {} seatings: enter "
                                   "fewer, or split them into several tournaments",
                                   entrants, seats, kMaxSeatings),
                       "/tournament/entrants");
  }
  std::vector<std::vector<std::size_t>> out;
  std::vector<std::size_t> seating(seats, 0);
  for (;;) {
    std::vector<std::size_t> used(entrants, 0);
    for (std::size_t e : seating) ++used[e];
    bool fair = true;
    for (std::size_t n : used) fair = fair && (entrants >= seats ? n <= 1 : n >= 1);
    if (fair) out.push_back(seating);
    // The next tuple, the last seat counting fastest.
    std::size_t k = seats;
    while (k > 0 && ++seating[k - 1] == entrants) seating[--k] = 0;
    if (k == 0) break;
  }
  if (out.size() > kMaxSeatings)
    throw InputError(fmt::format("{} entrants at {} seats make {} seatings, more than {}: enter "
                                 "fewer, or split them into several tournaments",
                                 entrants, seats, out.size(), kMaxSeatings),
                     "/tournament/entrants");
  return out;
}

// An error inside seating c's agent k is the entrant's: /tournament/entrants/E/...
[[noreturn]] void rethrow_at_entrant(const InputError& error, const TournamentConfig& t) {
  const std::string prefix = "/tournament/seatings/";
  const std::string& path = error.path();
  std::size_t c = 0, k = 0;
  int used = 0;
  if (path.rfind(prefix, 0) == 0 &&
      std::sscanf(path.c_str() + prefix.size(), "%zu/agents/%zu%n", &c, &k, &used) == 2 &&
      c < t.seatings.size() && k < t.seats) {
    const std::size_t e = t.seatings[c][k];
    std::string rest = path.substr(prefix.size() + std::size_t(used));
    if (t.entrants[e].program && rest.rfind("/strategy", 0) == 0) rest.erase(0, 9);
    throw InputError(error.what(), fmt::format("/tournament/entrants/{}{}", e, rest));
  }
  throw error;
}

}  // namespace

bool is_tournament(const Json& config) {
  return config.is_object() && config.contains("tournament");
}

TournamentConfig read_tournament_config(const Json& document, std::uint64_t rounds) {
  TournamentConfig t;
  ObjectReader top(document, "");
  const Json& section = top.required("tournament");
  if (document.contains("batch"))
    throw InputError("a config has a batch or a tournament section, not both", "/batch");
  BatchConfig& batch = t.batch;
  batch.base = document;
  batch.base.erase("tournament");
  batch.base_game = build_batch_game(batch.base);
  batch.shared_seeds = true;

  ObjectReader r(section, "/tournament");
  const Json& entrants = kripke::array_at(r.required("entrants"), "/tournament/entrants");
  if (entrants.size() < 2 || entrants.size() > kMaxEntrants)
    throw InputError(
        fmt::format("a tournament has 2 to {} entrants, not {}", kMaxEntrants, entrants.size()),
        "/tournament/entrants");
  std::set<std::string> names;
  for (std::size_t k = 0; k < entrants.size(); ++k) {
    const std::string path = "/tournament/entrants/" + std::to_string(k);
    t.entrants.push_back(read_entrant(entrants[k], path));
    if (!names.insert(t.entrants.back().name).second)
      throw InputError("another entrant has this name", path + "/name");
  }
  t.rounds = std::uint64_t(r.integer("rounds", 1, 1, kMaxBatchGames));
  if (rounds) t.rounds = rounds;
  t.seed = batch.base_game->config().seed;
  if (const Json* seed = r.find("seed")) t.seed = kripke::seed_value(*seed, "/tournament/seed");
  r.done();
  batch.seed = t.seed;
  batch.games = t.rounds;

  t.seats = seats_of(*batch.base_game, t.seed);
  t.seatings = seatings_of(t.entrants.size(), t.seats);
  if (std::uint64_t(t.seatings.size()) * t.rounds > std::uint64_t(kMaxBatchGames))
    throw InputError(fmt::format("{} seatings of {} rounds are more games than a tournament "
                                 "holds ({})",
                                 t.seatings.size(), t.rounds, kMaxBatchGames),
                     "/tournament/rounds");
  for (std::size_t c = 0; c < t.seatings.size(); ++c) {
    BatchCondition& condition = batch.conditions.emplace_back();
    condition.name = fmt::format("seating-{}", c + 1);
    Json agents = Json::array();
    for (std::size_t seat = 0; seat < t.seats; ++seat) {
      const Entrant& e = t.entrants[t.seatings[c][seat]];
      agents.push_back(e.agent);
      condition.description += (seat ? " | " : "") + e.name;
    }
    condition.overrides["agents"] = std::move(agents);
  }
  try {
    build_conditions(batch.base, batch.conditions, t.seed, false, t.rounds, "/tournament/seatings");
  } catch (const InputError& e) {
    rethrow_at_entrant(e, t);
  }
  for (std::size_t c = 0; c < t.seatings.size(); ++c)
    for (SeatProgram& program : batch.conditions[c].programs)
      program.source = fmt::format("/tournament/entrants/{}", t.seatings[c][program.seat]);
  return t;
}

Json TournamentConfig::resolved() const {
  Json out = batch.resolved();
  out.erase("batch");
  Json list = Json::array();
  for (const Entrant& e : entrants) {
    Json entry = e.agent;
    if (e.program) {
      entry.erase("strategy");
      entry.update(e.agent["strategy"]);  // program and fallback, as written
    }
    entry["name"] = e.name;
    list.push_back(std::move(entry));
  }
  out["tournament"] = {{"entrants", std::move(list)}, {"rounds", rounds}, {"seed", seed}};
  return out;
}

}  // namespace kripkesim
