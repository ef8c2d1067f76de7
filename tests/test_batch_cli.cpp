// `kripkesim batch` and `kripkesim merge` through the real binary: exit codes, messages,
// results files, and Ctrl-C.
#include <signal.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "cli_runner.hpp"
#include "kripke/config_reader.hpp"
#include "text_cat.hpp"

namespace fs = std::filesystem;
using kripke::Json;
using kripke_test::read_file;
using kripke_test::run_cli;
using kripke_test::spawn_cli;
using kripke_test::TempDir;
using kripke_test::wait_cli;

namespace {

// 80 games: 40 in each of two conditions.
std::string muddy_batch(int seed = 5) {
  return kripke_test::cat(R"({"game": "muddy", "batch": {"games": 40, "seed": )",
                          std::to_string(seed),
                          R"(, "conditions": [{"name": "four", "rules": {"children": 4}},
                             {"name": "seven", "rules": {"children": 7}}]}})");
}

std::size_t files_in(const fs::path& dir) {
  std::size_t n = 0;
  for (const auto& entry : fs::directory_iterator(dir)) n += entry.is_regular_file();
  return n;
}

// Logs of finished games only: a game under way writes "NAME.jsonl.tmp.PID" until it ends.
std::size_t finished_logs_in(const fs::path& dir) {
  std::size_t n = 0;
  for (const auto& entry : fs::directory_iterator(dir)) n += entry.path().extension() == ".jsonl";
  return n;
}

}  // namespace

TEST_CASE("[batch] cli: bad batch input exits 2 naming the file, the JSON path and the problem") {
  const TempDir dir;
  const std::string good = dir.write("good.json", muddy_batch());
  const std::string unknown = dir.write(
      "unknown.json",
      R"({"game": "muddy", "batch": {"games": 3, "conditions": [{"name": "a", "rulez": {}}]}})");
  const std::string zero = dir.write("zero.json", R"({"game": "muddy", "batch": {"games": 0}})");
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const Case cases[] = {
      {{"batch", unknown},
       unknown + ": /batch/conditions/0: unknown key 'rulez' (did you mean 'rules'?)"},
      {{"batch", zero}, zero + ": /batch/games: must be at least 1"},
      {{"batch", good, "--shard", "3/2"}, "--shard 3/2: K must be between 1 and N"},
      {{"batch", good, "--shard", "2"}, "--shard 2: expected K/N"},
      {{"batch", good, "--out", dir.file("r.txt")}, "r.txt: results files end in .json or .csv"},
      {{"batch", good, "--jobs", "0"}, "--jobs"},
      {{"batch", dir.file("missing.json")}, "missing.json: cannot open"},
      {{"merge", good}, good + ": /kripkesim_results: not a kripkesim results file"},
  };
  for (const Case& c : cases) {
    INFO(c.args[0] << " " << c.args[1] << " " << (c.args.size() > 2 ? c.args[2] : ""));
    const auto r = run_cli(c.args);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(c.message));
  }
  CHECK_FALSE(fs::exists(dir.file("r.txt")));
}

TEST_CASE("[batch] cli: validate reads the batch section and builds every condition") {
  const auto ok = run_cli({"validate", "configs/experiments/muddy-batch.json"});
  CHECK(ok.exit_code == 0);
  CHECK_THAT(ok.out, Catch::Contains("muddy batch, 2 conditions, 78 games"));
  const TempDir dir;
  const std::string bad =
      dir.write("bad.json", R"({"game": "muddy", "batch": {"games": 3, "conditions": [{"name": "a"},
                     {"name": "b", "rules": {"children": 200}}]}})");
  const auto r = run_cli({"validate", bad});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains(bad + ": /batch/conditions/1/rules/children: must be at most"));
}

TEST_CASE("[batch] cli: shards merged give the whole run's games and summary") {
  const TempDir dir;
  const std::string config = dir.write("config.json", muddy_batch());
  const auto whole = run_cli({"batch", config, "--jobs", "2", "--out", dir.file("whole.json"),
                              "--out", dir.file("whole.csv")});
  REQUIRE(whole.exit_code == 0);
  CHECK_THAT(whole.out, Catch::Contains("80 games in 2 conditions"));
  // The summary fits a 100-column terminal, and win shares carry Wilson intervals.
  for (const std::string& line : kripke_test::lines_of(whole.out)) CHECK(line.size() <= 100);
  CHECK_THAT(whole.out, Catch::Contains("win share per seat (seat: share [95% Wilson interval]"));
  CHECK_THAT(whole.out, Catch::Matches(R"((.|\n)*1: 0\.\d{3} \[0\.\d{3}, [01]\.\d{3}\](.|\n)*)"));
  CHECK(whole.err.empty());  // no progress line when stderr is not a terminal
  for (const std::string k : {"1", "2"})
    REQUIRE(run_cli({"batch", config, "--jobs", "1", "--shard", k + "/2", "--out",
                     dir.file("part" + k + ".json")})
                .exit_code == 0);
  const auto merged = run_cli(
      {"merge", dir.file("part2.json"), dir.file("part1.json"), "--out", dir.file("merged.json")});
  REQUIRE(merged.exit_code == 0);
  const Json a = Json::parse(read_file(dir.file("whole.json")));
  const Json b = Json::parse(read_file(dir.file("merged.json")));
  CHECK(a["games"] == b["games"]);
  CHECK(a["summary"] == b["summary"]);
  CHECK(a["config"] == b["config"]);
  CHECK(b["complete"] == true);
  CHECK(b["shard"] == Json{{"k", 1}, {"n", 1}});
  // One CSV row per game, after the header.
  const std::string csv = read_file(dir.file("whole.csv"));
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 81);

  // A shard of another config cannot join.
  const std::string other = dir.write("other.json", muddy_batch(6));
  REQUIRE(run_cli({"batch", other, "--shard", "2/2", "--out", dir.file("other2.json")}).exit_code ==
          0);
  const auto mixed = run_cli({"merge", dir.file("part1.json"), dir.file("other2.json")});
  CHECK(mixed.exit_code == 2);
  CHECK_THAT(
      mixed.err,
      Catch::Contains(dir.file("other2.json") + ": comes from a different batch config than " +
                      dir.file("part1.json") + " (they first differ at /config/batch/seed)"));
  // Nor a shard of another build: the same seeds need not give the same games.
  Json foreign = Json::parse(read_file(dir.file("part2.json")));
  CHECK(foreign["build"] == b["build"]);
  foreign["build"] = "0.0.1+0123456789ab";
  dir.write("foreign2.json", foreign.dump());
  const auto across = run_cli({"merge", dir.file("part1.json"), dir.file("foreign2.json")});
  CHECK(across.exit_code == 2);
  CHECK_THAT(across.err, Catch::Contains(dir.file("foreign2.json") +
                                         ": was played by another build of kripkesim "
                                         "(0.0.1+0123456789ab) than " +
                                         dir.file("part1.json")));
  // A missing shard is a warning, and the merged results are incomplete.
  const auto half = run_cli({"merge", dir.file("part1.json"), "--out", dir.file("half.json")});
  CHECK(half.exit_code == 0);
  CHECK_THAT(half.err, Catch::Contains("shard(s) 2 of 2 missing"));
  CHECK(Json::parse(read_file(dir.file("half.json")))["complete"] == false);
}

TEST_CASE(
    "[batch] cli: --progress prints progress lines on stderr even when it is not a terminal") {
  const TempDir dir;
  const auto r = run_cli({"batch", dir.write("c.json", muddy_batch()), "--progress"});
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.err,
             Catch::Contains("80/80 games (100%)") && Catch::Contains("2/2 conditions done"));
}

TEST_CASE("[batch] cli: Ctrl-C keeps the finished games, marks the results incomplete, exits 130") {
  const TempDir dir;
  // Far more games than can finish; each finished game leaves its log, so the test knows when
  // the batch is under way (its signal handler installed) and which games finished. It waits
  // for three finished logs, not three files: with 2 jobs, two could be games still running.
  const std::string config = dir.write(
      "long.json", R"({"game": "muddy", "rules": {"children": 10}, "batch": {"games": 10000000}})");
  for (const int sig : {SIGINT, SIGTERM}) {
    INFO("signal " << sig);
    const fs::path logs = dir.file("logs-" + std::to_string(sig));
    const pid_t pid = spawn_cli({"batch", config, "--jobs=2", "--out", dir.file("partial.json"),
                                 "--log-dir", logs.string()},
                                "/dev/null", dir.file("stderr"));
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!(fs::exists(logs) && finished_logs_in(logs) >= 3) &&
           std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    kill(pid, sig);
    CHECK(wait_cli(pid) == 128 + sig);
    CHECK_THAT(read_file(dir.file("stderr")), Catch::Contains("interrupted"));
    const Json results = Json::parse(read_file(dir.file("partial.json")));
    CHECK(results["complete"] == false);
    const std::size_t games = results["games"].size();
    CHECK(games >= 3);
    CHECK(games < 10000000);
    CHECK(results["summary"]["conditions"][0]["games"] == games);
    // Exactly the finished games have logs: abandoned games leave no (temporary) file.
    CHECK(files_in(logs) == games);
    // Finished games keep their places: an abandoned game leaves a gap, nothing else moves.
    for (std::size_t k = 0; k < games; ++k) {
      if (k) CHECK(results["games"][k]["index"] > results["games"][k - 1]["index"]);
      CHECK(fs::exists(logs / ("base-" + results["games"][k]["index"].dump() + ".jsonl")));
    }
  }
}
