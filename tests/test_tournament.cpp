// `kripkesim tournament` and its standings: every entrant at every seat equally often, the
// same deals at every seating, the same standings for the same seed however the games are
// split (jobs, shards and merge), programs among the entrants, ratings that agree with the
// Bradley–Terry model's closed form, and bad tournament sections refused with their pointer.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "kripke/config_reader.hpp"
#include "tournament/standings.hpp"

using kripke::Json;
using kripke_test::read_file;
using kripke_test::run_cli;
using kripke_test::source_path;
using kripke_test::TempDir;

namespace {

// Clue's four built-in strategies at its three seats.
std::string four_strategies(int rounds) {
  return R"({"game": "clue", "tournament": {"rounds": )" + std::to_string(rounds) +
         R"(, "seed": 11, "entrants": [
           {"name": "info-gain", "strategy": "info-gain"}, {"name": "reasoning", "strategy": "reasoning"},
           {"name": "not-own", "strategy": "not-own"}, {"name": "random", "strategy": "random"}]}})";
}

Json results(const TempDir& dir, const std::string& file) {
  return Json::parse(read_file(dir.file(file)));
}

}  // namespace

TEST_CASE(
    "[tournament] every entrant plays every seat equally often, every seating the same deals") {
  const TempDir dir;
  const std::string config = dir.write("t.json", four_strategies(2));
  const auto r = run_cli({"tournament", config, "--out", dir.file("t.json.out.json")});
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("48 games, 3 seats"));  // 4 * 3 * 2 seatings, 2 rounds
  for (const std::string& line : kripke_test::lines_of(r.out)) CHECK(line.size() <= 100);
  const Json out = results(dir, "t.json.out.json");
  for (const Json& entrant : out["standings"]["entrants"]) {
    CHECK(entrant["games"] == 36);
    for (const Json& seat : entrant["seats"]) CHECK(seat["games"] == 12);
  }
  // Round r of every seating has the same seed and deal.
  std::map<int, std::pair<Json, Json>> round;
  for (const Json& game : out["games"]) {
    const auto [it, first] =
        round.emplace(game["index"].get<int>(), std::pair{game["seed"], game["deal"]});
    if (!first) CHECK(it->second == std::pair{game["seed"], game["deal"]});
  }
  CHECK(round.size() == 2);
  // The wins add up to the games won (each game's win split among its winners).
  double wins = 0;
  for (const Json& entrant : out["standings"]["entrants"]) wins += entrant["wins"].get<double>();
  double won = 0;
  for (const Json& game : out["games"]) won += game["winners"].empty() ? 0 : 1;
  CHECK(wins == Approx(won));
}

TEST_CASE("[tournament] fewer entrants than seats: each seating seats every entrant") {
  const TempDir dir;
  const std::string config = dir.write("t.json", R"({"game": "clue", "tournament": {"entrants": [
      {"name": "a", "strategy": "info-gain"}, {"name": "b", "strategy": "random"}]}})");
  const auto r = run_cli({"tournament", config, "--standings", dir.file("s.json")});
  REQUIRE(r.exit_code == 0);
  const Json s = results(dir, "s.json");
  CHECK(s["games"] == 6);  // 2^3 seatings less the two with one entrant
  for (const Json& entrant : s["entrants"]) {
    CHECK(entrant["games"] == 9);  // 3 + 3 * 2 seats
    for (const Json& seat : entrant["seats"]) CHECK(seat["games"] == 3);
  }
}

TEST_CASE("[tournament] the same standings for any jobs and shards, and merged shards") {
  const TempDir dir;
  const std::string config = dir.write("t.json", four_strategies(3));
  REQUIRE(run_cli({"tournament", config, "--jobs", "2", "--out", dir.file("whole.json"),
                   "--standings", dir.file("whole.csv")})
              .exit_code == 0);
  REQUIRE(
      run_cli({"tournament", config, "--jobs", "1", "--out", dir.file("again.json")}).exit_code ==
      0);
  for (const std::string k : {"1", "2", "3"})
    REQUIRE(run_cli({"tournament", config, "--shard", k + "/3", "--out",
                     dir.file("part" + k + ".json")})
                .exit_code == 0);
  const auto merged =
      run_cli({"merge", dir.file("part3.json"), dir.file("part1.json"), dir.file("part2.json"),
               "--out", dir.file("merged.json"), "--standings", dir.file("merged.csv")});
  REQUIRE(merged.exit_code == 0);
  CHECK_THAT(merged.out, Catch::Contains("rating [95%]"));
  const Json whole = results(dir, "whole.json");
  for (const std::string other : {"again.json", "merged.json"}) {
    const Json j = results(dir, other);
    CHECK(j["games"] == whole["games"]);
    CHECK(j["standings"] == whole["standings"]);
    CHECK(j["config"] == whole["config"]);
  }
  CHECK(read_file(dir.file("merged.csv")) == read_file(dir.file("whole.csv")));
  // The seed decides the games: another seed, other deals.
  REQUIRE(run_cli({"tournament",
                   dir.write("u.json",
                             [] {
                               Json j = Json::parse(four_strategies(3));
                               j["tournament"]["seed"] = 12;
                               return j.dump();
                             }()),
                   "--out", dir.file("other.json")})
              .exit_code == 0);
  CHECK(results(dir, "other.json")["games"] != whole["games"]);
}

TEST_CASE("[tournament] programs among the entrants, run only when allowed") {
  const TempDir dir;
  const std::string config =
      dir.write("t.json", R"({"game": "clue", "tournament": {"rounds": 1, "entrants": [
        {"name": "built-in", "strategy": "random"},
        {"name": "python", "program": ["python3", ")" +
                              source_path("examples/agents/clue_info_gain.py") +
                              R"("], "fallback": "random"}]}})");
  const auto listed = run_cli({"validate", config});
  CHECK(listed.exit_code == 0);
  CHECK_THAT(listed.out, Catch::Contains("clue tournament, 2 entrants, 6 seatings, 6 games") &&
                             Catch::Contains("entrant python is the program `python3 "));
  const auto elsewhere = run_cli({"run", config});
  CHECK(elsewhere.exit_code == 2);
  CHECK_THAT(elsewhere.err,
             Catch::Contains("this is a tournament") && Catch::Contains("kripkesim tournament"));
  const auto refused = run_cli({"tournament", config});
  CHECK(refused.exit_code == 2);
  CHECK_THAT(refused.err, Catch::Contains("/tournament/entrants/1/program: this config has seat") &&
                              Catch::Contains("only with --allow-programs"));
  const auto played = run_cli({"tournament", config, "--allow-programs", "--jobs", "2", "--log-dir",
                               dir.file("logs"), "--out", dir.file("a.json")});
  REQUIRE(played.exit_code == 0);
  CHECK_THAT(played.err, Catch::Contains("clue_info_gain.py` plays seat"));
  int by_program = 0, faults = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.file("logs"))) {
    if (entry.path().extension() != ".jsonl") continue;
    for (const std::string& line : kripke_test::lines_of(read_file(entry.path().string()))) {
      const Json record = Json::parse(line);
      by_program += record.value("by", "") == "program";
      faults += record.value("event", "") == "program";
    }
  }
  CHECK(by_program > 0);
  CHECK(faults == 0);
  // The same games again, with one job.
  REQUIRE(run_cli({"tournament", config, "--allow-programs", "--jobs", "1", "--out",
                   dir.file("b.json")})
              .exit_code == 0);
  CHECK(results(dir, "a.json")["games"] == results(dir, "b.json")["games"]);
}

TEST_CASE("[tournament] bad tournament sections exit 2 naming the pointer") {
  const TempDir dir;
  auto error_of = [&](const std::string& section) {
    const auto r = run_cli(
        {"tournament", dir.write("t.json", R"({"game": "clue", "tournament": )" + section + "}")});
    CHECK(r.exit_code == 2);
    CHECK(kripke_test::lines_of(r.err).size() == 1);
    return r.err;
  };
  CHECK_THAT(error_of(R"({"entrants": [{"name": "a"}]})"),
             Catch::Contains("/tournament/entrants: a tournament has 2 to 64 entrants, not 1"));
  CHECK_THAT(error_of(R"({"entrants": [{"name": "a"}, {"name": "a"}]})"),
             Catch::Contains("/tournament/entrants/1/name: another entrant has this name"));
  CHECK_THAT(error_of(R"({"entrants": [{"name": "a"}, {"name": "b", "strategy": "psychic"}]})"),
             Catch::Contains("/tournament/entrants/1/strategy:"));
  CHECK_THAT(error_of(R"({"entrants": [{"name": "a"}, {"name": "b", "fallback": "random"}]})"),
             Catch::Contains("/tournament/entrants/1/fallback:"));
  CHECK_THAT(error_of(R"({"entrants": [{"name": "a"}, {"name": "b"}], "rounds": 0})"),
             Catch::Contains("/tournament/rounds"));
  CHECK_THAT(error_of(R"({"entrants": [{"name": "a"}, {"name": "b"}], "round": 2})"),
             Catch::Contains("/tournament: unknown key 'round' (did you mean 'rounds'?)"));
  const auto rounds =
      run_cli({"tournament", dir.write("ok.json", four_strategies(1)), "--rounds", "0"});
  CHECK(rounds.exit_code == 2);
}

TEST_CASE(
    "[tournament] Bradley-Terry ratings: two entrants differ by the log-odds of their score") {
  // a scored 7 of 10 against b; with the virtual tie 7.5 of 11: P = 7.5 / 11.
  const std::vector<std::vector<double>> score = {{0, 7}, {3, 0}};
  const std::vector<std::vector<double>> games = {{0, 10}, {10, 0}};
  const std::vector<double> elo = kripkesim::bradley_terry_elo(score, games);
  const double p = 7.5 / 11;
  CHECK(elo[0] - elo[1] == Approx(400 * std::log10(p / (1 - p))).margin(1e-6));
  CHECK((elo[0] + elo[1]) / 2 == Approx(1500));
  // Three entrants whose scores fit the model exactly: strengths 4 : 2 : 1 (with no
  // virtual tie to blur them, a large number of games).
  const double n = 1e9;
  auto share = [](double x, double y) { return x / (x + y); };
  const std::vector<double> strength = {4, 2, 1};
  std::vector<std::vector<double>> s3(3, std::vector<double>(3, 0)), g3 = s3;
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 3; ++b)
      if (a != b) {
        s3[a][b] = n * share(strength[a], strength[b]);
        g3[a][b] = n;
      }
  const std::vector<double> fitted = kripkesim::bradley_terry_elo(s3, g3);
  CHECK(fitted[0] - fitted[1] == Approx(400 * std::log10(2)).margin(1e-3));
  CHECK(fitted[1] - fitted[2] == Approx(400 * std::log10(2)).margin(1e-3));
}

TEST_CASE("[tournament] the standings fit 100 columns at five seats with 40-character names") {
  const TempDir dir;
  const std::string config = dir.write("t.json", R"({"game": "sleuth", "tournament": {"entrants": [
      {"name": "an-entrant-whose-name-takes-forty-chars!", "strategy": "seed"},
      {"name": "random", "strategy": "random"}]}})");
  const auto r = run_cli({"tournament", config});
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("30 games, 5 seats") && Catch::Contains("seat 5"));
  for (const std::string& line : kripke_test::lines_of(r.out)) CHECK(line.size() <= 100);
}
