// The batch runner: seeds, deals, jobs and shards do not change the results; merge gives
// what one whole run gives; per-game logs.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>

#include "batch/batch_results.hpp"
#include "kripke/errors.hpp"
#include "kripke/rng.hpp"

using kripke::Json;
using namespace kripkesim;

namespace {

BatchConfig two_conditions(Json batch_fields = {{"games", 120}}) {
  batch_fields["seed"] = 31337;
  batch_fields["conditions"] = {{{"name", "six"}, {"rules", {{"children", 6}}}},
                                {{"name", "eight"}, {"rules", {{"children", 8}}}}};
  return read_batch_config({{"game", "muddy"}, {"batch", batch_fields}});
}

BatchRun run(const BatchConfig& batch, unsigned jobs, Shard shard = {}) {
  RunnerOptions options;
  options.jobs = jobs;
  options.shard = shard;
  return run_batch(batch, options);
}

// The results without their timing, which is the only part that may differ between runs.
std::string without_timing(const Results& results) {
  auto j = results_json(results);
  j.erase("timing");
  return j.dump();
}

std::filesystem::path fresh_directory(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("kripke-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace

TEST_CASE("[batch] every game's seed is derived from the batch seed, condition and game index") {
  const auto batch = two_conditions({{"games", 5}});
  const BatchRun r = run(batch, 2);
  REQUIRE(r.complete);
  REQUIRE(r.records.size() == 10);
  for (const GameRecord& g : r.records) {
    // The top 53 bits of the derived seed: below 2^53, read exactly by every JSON reader.
    CHECK(g.seed == kripke::derive_seed(31337, {g.condition, g.index}) >> 11);
    CHECK(g.reason == "win");  // the muddy children always get there
    // With k muddy children, the muddy ones know after k-1 rounds of "nobody knows".
    CHECK(g.winners == Json::parse(g.deal)["muddy"].get<std::vector<int>>());
    CHECK(g.turns == int(g.winners.size()) - 1);
  }
  CHECK(r.records[4].condition == 0);
  CHECK(r.records[5].condition == 1);
  CHECK(r.records[5].index == 0);
}

TEST_CASE("[batch] one job and two jobs give identical records") {
  const auto batch = two_conditions();
  const BatchRun one = run(batch, 1), two = run(batch, 2);
  CHECK(one.jobs == 1);
  CHECK(two.jobs == 2);
  REQUIRE(one.records.size() == 240);
  CHECK(one.records == two.records);
  CHECK(without_timing(results_of_run(batch, {}, one)) ==
        without_timing(results_of_run(batch, {}, two)));
}

TEST_CASE("[batch] shards hold every game exactly once, and merged they are the whole run") {
  const auto batch = two_conditions({{"games", 100}});
  const Results whole = results_of_run(batch, {}, run(batch, 2));
  std::vector<Results> parts;
  std::set<std::pair<std::size_t, std::uint64_t>> seen;
  for (std::uint64_t k = 3; k >= 1; --k) {  // any order
    parts.push_back(results_of_run(batch, {k, 3}, run(batch, 1 + unsigned(k % 2), {k, 3})));
    for (const auto& g : parts.back().records) {
      CHECK(g.index % 3 == k - 1);
      CHECK(seen.insert({g.condition, g.index}).second);
    }
  }
  CHECK(seen.size() == 200);
  const MergedResults merged = merge_results(parts, {"c.json", "b.json", "a.json"});
  CHECK(merged.missing_shards.empty());
  CHECK(merged.results.complete);
  CHECK(merged.results.records == whole.records);
  CHECK(without_timing(merged.results) == without_timing(whole));
  CHECK(results_json(merged.results)["summary"] == results_json(whole)["summary"]);
}

TEST_CASE("[batch] merge: missing shards make the results incomplete, mismatches are errors") {
  const auto batch = two_conditions({{"games", 10}});
  const Results first = results_of_run(batch, {1, 2}, run(batch, 1, {1, 2}));
  const MergedResults alone = merge_results({first}, {"one.json"});
  CHECK_FALSE(alone.results.complete);
  CHECK(alone.missing_shards == std::vector<std::uint64_t>{2});

  CHECK_THROWS_WITH(merge_results({first, first}, {"one.json", "again.json"}),
                    Catch::Contains("shard 1/2 is also in one.json"));
  const Results whole = results_of_run(batch, {}, run(batch, 1));
  CHECK_THROWS_WITH(merge_results({first, whole}, {"one.json", "whole.json"}),
                    Catch::Contains("is shard 1/1, but one.json is one of 2 shards"));
  const auto longer = two_conditions({{"games", 12}});
  const Results other = results_of_run(longer, {2, 2}, run(longer, 1, {2, 2}));
  CHECK_THROWS_WITH(merge_results({first, other}, {"one.json", "other.json"}),
                    Catch::Contains("different batch config than one.json") &&
                        Catch::Contains("/config/batch/games"));
}

TEST_CASE("[batch] results files read back to the same results") {
  const auto batch = two_conditions({{"games", 7}});
  const Results written = results_of_run(batch, {2, 2}, run(batch, 2, {2, 2}));
  const auto dir = fresh_directory("results");
  const std::string file = (dir / "shard.json").string();
  ResultsOutputs({file}).write(written);
  const Results read = read_results(file);
  CHECK(without_timing(read) == without_timing(written));
  CHECK(read.records == written.records);

  ResultsOutputs({(dir / "shard.csv").string()}).write(written);
  std::ifstream csv(dir / "shard.csv");
  std::string header, first;
  std::getline(csv, header);
  std::getline(csv, first);
  CHECK(header == "condition,index,seed,turns,rounds,winners,reason,strategies,deal");
  CHECK_THAT(first, Catch::StartsWith("six,1," + std::to_string(written.records[0].seed) + ","));
  CHECK_THROWS_AS(ResultsOutputs({(dir / "shard.txt").string()}), kripke::InputError);
  std::filesystem::remove_all(dir);
}

TEST_CASE("[batch] a game's outcome is kept in its record and read back") {
  // Sleuth reports when each player's reasoning first knew the hidden gem; muddy, nothing.
  const auto batch = read_batch_config(
      {{"game", "sleuth"},
       {"rules", {{"colours", {"R", "G"}}, {"types", {"D", "O"}}, {"players", 3}}},
       {"batch", {{"games", 5}, {"seed", 7}}}});
  const Results written = results_of_run(batch, {}, run(batch, 1));
  REQUIRE(written.records.size() == 5);
  for (const GameRecord& r : written.records) {
    const Json outcome = Json::parse(r.outcome);
    REQUIRE(outcome.contains("first_knew"));
    CHECK(outcome["first_knew"]["exact"].size() == 3);
  }
  const auto dir = fresh_directory("outcome");
  const std::string file = (dir / "sleuth.json").string();
  ResultsOutputs({file}).write(written);
  CHECK(read_results(file).records == written.records);
  std::filesystem::remove_all(dir);

  const auto muddy = two_conditions({{"games", 2}});
  for (const GameRecord& r : run(muddy, 1).records) CHECK(r.outcome.empty());
}

TEST_CASE("[batch] deals all plays every deal of the muddy children exactly once") {
  const auto batch = read_batch_config(
      {{"game", "muddy"}, {"rules", {{"children", 4}}}, {"batch", {{"deals", "all"}}}});
  const BatchRun r = run(batch, 2);
  REQUIRE(r.records.size() == 15);
  std::set<std::vector<int>> deals;
  double turns = 0;
  for (const auto& g : r.records) {
    deals.insert(Json::parse(g.deal)["muddy"].get<std::vector<int>>());
    turns += g.turns;
  }
  CHECK(deals.size() == 15);  // the 2^4 - 1 non-empty sets of muddy children
  // k muddy children take k-1 turns; Σ_k C(4,k)·(k-1) = 4+12+12+4 - 15 = 17.
  CHECK(turns == 17);
}

TEST_CASE("[batch] a stop request ends the run early with the games finished so far") {
  const auto batch = two_conditions({{"games", 50}});
  std::atomic<bool> stop{true};
  RunnerOptions options;
  options.jobs = 2;
  options.stop = &stop;
  const BatchRun r = run_batch(batch, options);
  CHECK_FALSE(r.complete);
  CHECK(r.records.empty());
}

TEST_CASE("[batch] the progress callback sees every game done at the end") {
  const auto batch = two_conditions({{"games", 9}});
  RunnerOptions options;
  options.shard = {2, 4};
  BatchProgress last;
  options.progress = [&](const BatchProgress& p) { last = p; };
  run_batch(batch, options);
  CHECK(last.total == std::vector<std::uint64_t>{2, 2});  // games 1 and 5 of each condition
  CHECK(last.done == last.total);
}

TEST_CASE("[batch] --log-dir writes each game's JSON Lines log, ending with its result") {
  const auto batch = two_conditions({{"games", 2}});
  const auto dir = fresh_directory("logs");
  RunnerOptions options;
  options.log_dir = (dir / "logs").string();
  const BatchRun r = run_batch(batch, options);
  for (const auto& g : r.records) {
    const auto file =
        dir / "logs" / ((g.condition ? "eight-" : "six-") + std::to_string(g.index) + ".jsonl");
    std::ifstream in(file);
    REQUIRE(in);
    std::string line, last_line;
    while (std::getline(in, line)) last_line = line;
    const Json end = Json::parse(last_line);
    CHECK(end["event"] == "end");
    CHECK(end["turns"] == g.turns);
    CHECK(end["winners"].get<std::vector<int>>() == g.winners);
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("[batch] shards are K/N with 1 <= K <= N") {
  CHECK(parse_shard("2/3").k == 2);
  CHECK(parse_shard("2/3").n == 3);
  for (const char* bad : {"3/2", "0/2", "1/0", "2", "a/b", "1/2/3", "-1/2", ""})
    CHECK_THROWS_AS(parse_shard(bad), kripke::InputError);
  CHECK_THROWS_WITH(parse_shard("3/2"), Catch::Contains("K must be between 1 and N"));
  const Shard s{2, 3};
  CHECK(s.count_of(0) == 0);
  CHECK(s.count_of(1) == 0);
  CHECK(s.count_of(2) == 1);
  CHECK(s.count_of(5) == 2);  // games 1 and 4
}
