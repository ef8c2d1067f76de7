// Inputs that once crashed kripkesim, made it destroy a file, or let it run out of memory:
// each is bad input now (exit 2, one message naming the file and where), and outputs are
// written into what they name, never replacing it.
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "cli_runner.hpp"

using namespace kripke_test;
namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

const char* kMuddy = R"({"game": "muddy", "rules": {"children": 3}, "deal": {"muddy": [1, 2]}})";

std::string nested_arrays(std::size_t depth) {
  return std::string(depth, '[') + std::string(depth, ']');
}

// Every file in `dir` whose name has ".tmp." in it (a temporary output left behind).
std::vector<std::string> temporaries_in(const fs::path& dir) {
  std::vector<std::string> found;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (entry.path().filename().string().find(".tmp.") != std::string::npos)
      found.push_back(entry.path().string());
  return found;
}

void check_bad_input(const CliResult& r, const std::string& file, const std::string& message) {
  INFO("stderr: " << r.err);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::StartsWith("kripkesim: " + file + ": "));
  CHECK_THAT(r.err, Catch::Contains(message));
}

}  // namespace

TEST_CASE("[sturdy] deeply nested JSON is refused at its JSON path, in every kind of input") {
  const TempDir dir;
  // 150,000 levels overflowed the stack when the value was copied or printed.
  const std::string deep = nested_arrays(150'000);
  const std::string config = dir.write("deal.json", R"({"game": "muddy", "deal": )" + deep + "}");
  for (const std::string command : {"run", "validate", "batch", "check", "scenario"}) {
    INFO(command);
    std::vector<std::string> args = {command, config};
    if (command == "check") args.push_back("--formula=true");
    check_bad_input(run_cli(args), config, "/deal/0/0/0/0");
    CHECK_THAT(run_cli(args).err, Catch::Contains("values nest more than 256 levels deep"));
  }
  const std::string results =
      dir.write("results.json", R"({"kripkesim_results": 1, "x": )" + nested_arrays(70'000) + "}");
  check_bad_input(run_cli({"merge", results}), results, "nest more than 256 levels");
  // 256 levels are fine as JSON (the game then says what it thinks of the value).
  const std::string ok =
      dir.write("ok.json", R"({"game": "muddy", "deal": )" + nested_arrays(255) + "}");
  CHECK_THAT(run_cli({"validate", ok}).err, Catch::Contains("/deal: expected an object"));
}

TEST_CASE("[sturdy] a number outside the range of a double is bad input with line and column") {
  const TempDir dir;
  const std::string config = dir.write("big.json", "{\"game\": \"muddy\",\n \"seed\": 1e400}");
  check_bad_input(run_cli({"run", config}), config, "line 2, column ");
  CHECK_THAT(run_cli({"run", config}).err, Catch::Contains("1e400"));
  const std::string negative = dir.write("neg.json", R"({"game": "muddy", "x": -1e999})");
  check_bad_input(run_cli({"validate", negative}), negative, "-1e999");
  // `list` reads every bundled config's description: such a file is named, not a crash.
  const TempDir configs;
  configs.write("good.json", kMuddy);
  configs.write("bad.json", R"({"description": 1e400})");
  const CliResult listed =
      run_cli({"list"}, source_dir(), {"KRIPKESIM_CONFIGS=" + configs.path().string()});
  CHECK(listed.exit_code == 0);
  CHECK_THAT(listed.out, Catch::Contains("good.json") && Catch::Contains("(unreadable: ") &&
                             Catch::Contains("1e400"));
}

TEST_CASE("[sturdy] a NUL byte, and anything after it, is not silently ignored") {
  const TempDir dir;
  const std::string config = dir.write("nul.json", std::string(kMuddy) + '\0' + "{\"more\": 1}");
  check_bad_input(run_cli({"run", config}), config, "a NUL byte");
  // An endless stream such as /dev/zero ends the same way, at once.
  check_bad_input(run_cli({"validate", "/dev/zero"}), "/dev/zero", "line 1, column 1: a NUL byte");
}

TEST_CASE("[sturdy] --log writes into a device, a FIFO and through a symlink, never over them") {
  const TempDir dir;
  const std::string config = dir.write("muddy.json", kMuddy);
  const std::string expected = run_cli({"run", config, "--format", "jsonl"}).out;
  REQUIRE(!expected.empty());

  // A private copy of /dev/null (as root; the README's commands run as root).
  const std::string device = dir.file("null-device");
  if (::mknod(device.c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0) {
    CHECK(run_cli({"run", config, "--log", device}).exit_code == 0);
    struct stat st {};
    REQUIRE(::stat(device.c_str(), &st) == 0);
    CHECK(S_ISCHR(st.st_mode));  // still the device, not a regular file put in its place
    CHECK(temporaries_in(dir.path()).empty());
  } else {
    WARN("mknod is not permitted here (not root): the device case is skipped");
  }

  // A FIFO: the log goes down the pipe and the FIFO stays one.
  const std::string fifo = dir.file("pipe");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  REQUIRE(reader >= 0);
  CHECK(run_cli({"run", config, "--log", fifo}).exit_code == 0);
  std::string piped(1 << 16, '\0');
  const ssize_t got = ::read(reader, piped.data(), piped.size());
  ::close(reader);
  REQUIRE(got > 0);
  piped.resize(std::size_t(got));
  CHECK(piped == expected);
  CHECK(fs::is_fifo(fifo));

  // A symlink: the file it points to is written, the link stays a link.
  const std::string target = dir.write("target.jsonl", "old\n");
  const std::string link = dir.file("link.jsonl");
  fs::create_symlink("target.jsonl", link);
  CHECK(run_cli({"run", config, "--log", link}).exit_code == 0);
  CHECK(fs::is_symlink(link));
  CHECK(read_file(target) == expected);
  // A dangling link: its target is created.
  const std::string dangling = dir.file("dangling.jsonl");
  fs::create_symlink("created.jsonl", dangling);
  CHECK(run_cli({"run", config, "--log", dangling}).exit_code == 0);
  CHECK(fs::is_symlink(dangling));
  CHECK(read_file(dir.file("created.jsonl")) == expected);

  // "-" is standard output (here beside the same log: every line twice).
  const CliResult dash = run_cli({"run", config, "--format", "jsonl", "--log", "-"});
  std::string twice;
  for (const std::string& line : lines_of(expected)) twice += line + "\n" + line + "\n";
  CHECK(dash.out == twice);
  CHECK(temporaries_in(dir.path()).empty());
}

TEST_CASE("[sturdy] batch --out into a missing folder fails before the first game") {
  const TempDir dir;
  // Ten million games: if they were played first, this test would not end.
  const std::string config = dir.write(
      "long.json", R"({"game": "muddy", "rules": {"children": 10}, "batch": {"games": 10000000}})");
  const std::string missing = dir.file("no-such-folder/results.json");
  check_bad_input(run_cli({"batch", config, "--out", missing}), missing, "cannot write");
  // Two outputs, the second bad: the first does not appear either.
  const std::string first = dir.file("first.json");
  const CliResult two = run_cli({"batch", config, "--out", first, "--out", missing});
  CHECK(two.exit_code == 2);
  CHECK(!fs::exists(first));
  CHECK(temporaries_in(dir.path()).empty());
}

TEST_CASE("[sturdy] models that would not fit in memory are refused before they are built") {
  const TempDir dir;
  // 24 children: 16.7 million worlds, whose bitsets take about 128 MiB.
  const std::string big = dir.write(
      "big.json",
      R"({"game": "muddy", "engine": "explicit", "rules": {"children": 24}, "max_memory": "64M"})");
  const auto start = std::chrono::steady_clock::now();
  check_bad_input(run_cli({"validate", big}), big,
                  "/rules/children: these rules give 16777216 worlds");
  CHECK_THAT(run_cli({"validate", big}).err,
             Catch::Contains("128 MiB of memory, more than max_memory = 64 MiB"));
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
  const std::string bad_size = dir.write("size.json", R"({"game": "muddy", "max_memory": "lots"})");
  check_bad_input(run_cli({"validate", bad_size}), bad_size,
                  "/max_memory: expected a number of bytes or a size");
  // deals: "all" counts the deals before any model is built (30 children: 2^30 worlds).
  const std::string all = dir.write(
      "all.json",
      R"({"game": "muddy", "engine": "explicit", "rules": {"children": 30}, "max_worlds": 2000000000,
          "max_memory": "1T", "batch": {"deals": "all"}})");
  check_bad_input(run_cli({"batch", all}), all, "/batch/deals: ");
  CHECK_THAT(run_cli({"batch", all}).err, Catch::Contains("these rules allow 1073741823 deals"));
}

TEST_CASE("[sturdy] a failed write to standard output is an error, not exit 0 with a cut log") {
  const TempDir dir;
  const std::string config = dir.write("muddy.json", kMuddy);
  const std::string err = dir.file("stderr");
  CHECK(wait_cli(spawn_cli({"run", config, "--format", "jsonl"}, "/dev/full", err)) == 2);
  CHECK_THAT(read_file(err), Catch::Contains("kripkesim: standard output: cannot write"));
  const std::string batch = dir.write("batch.json", R"({"game": "muddy", "batch": {"games": 3}})");
  CHECK(wait_cli(spawn_cli({"batch", batch}, "/dev/full", err)) == 2);
  CHECK_THAT(read_file(err), Catch::Contains("standard output: cannot write"));
}

TEST_CASE("[sturdy] merge reads a results file whole: timing, repeated games, values in range") {
  const TempDir dir;
  const std::string config =
      dir.write("batch.json", R"({"game": "muddy", "batch": {"games": 4, "seed": 5}})");
  const std::string good = dir.file("good.json");
  REQUIRE(run_cli({"batch", config, "--out", good}).exit_code == 0);
  const Json results = Json::parse(read_file(good));
  REQUIRE(run_cli({"merge", good}).exit_code == 0);

  const auto bad = [&](const std::string& name, const std::function<void(Json&)>& change,
                       const std::string& message) {
    Json j = results;
    change(j);
    const std::string file = dir.write(name, j.dump());
    check_bad_input(run_cli({"merge", file}), file, message);
  };
  bad(
      "timing.json", [](Json& j) { j["timing"] = "fast"; }, "/timing: expected an object");
  bad(
      "seconds.json", [](Json& j) { j["timing"]["wall_seconds"] = "x"; },
      "/timing/wall_seconds: expected a number of seconds");
  bad(
      "twice.json", [](Json& j) { j["games"].push_back(j["games"][0]); },
      "/games/4: game 0 of condition 'base' appears twice in this file");
  bad(
      "negative.json", [](Json& j) { j["games"][0]["seed"] = -3; },
      "/games/0/seed: a seed is an integer from 0 to 9007199254740991");
  bad(
      "other-seed.json", [](Json& j) { j["games"][0]["seed"] = 12; },
      "/games/0/seed: game 0 of this batch has seed");
  bad(
      "turns.json", [](Json& j) { j["games"][0]["turns"] = (std::int64_t{1} << 62) + 5; },
      "/games/0/turns: must be at most 1000");
  bad(
      "winner.json", [](Json& j) { j["games"][0]["winners"] = {99}; },
      "/games/0/winners/0: must be at most 3");
}

TEST_CASE("[sturdy] one seed range everywhere: 0 to 2^53-1, refused outside it") {
  const TempDir dir;
  const std::string config =
      dir.write("muddy.json", R"({"game": "muddy", "rules": {"children": 4}})");
  for (const std::string seed : {"-1", "9007199254740992", "18446744073709551616",
                                 "12345678901234567890123456", "1e3", "0x10"}) {
    INFO(seed);
    const CliResult r = run_cli({"run", config, "--seed", seed});
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::StartsWith("kripkesim: ") &&
                          Catch::Contains("is not a seed: an integer from 0 to"));
  }
  CHECK(run_cli({"run", config, "--seed", "9007199254740991"}).exit_code == 0);
  const std::string negative = dir.write("neg.json", R"({"game": "muddy", "seed": -1})");
  check_bad_input(run_cli({"validate", negative}), negative, "/seed: a seed is an integer");
  const std::string high = dir.write("high.json", R"({"game": "muddy", "seed": 9007199254740992})");
  check_bad_input(run_cli({"validate", high}), high, "/seed: a seed is an integer from 0 to");

  // A batch record's seed, read as a double as jq and JavaScript read it, replays its game.
  const std::string batch = dir.write(
      "batch.json", R"({"game": "muddy", "rules": {"children": 6}, "batch": {"games": 40}})");
  const std::string out = dir.file("results.json");
  REQUIRE(run_cli({"batch", batch, "--out", out}).exit_code == 0);
  const Json results = Json::parse(read_file(out));
  int high_seeds = 0;
  for (const Json& game : results["games"]) {
    const auto seed = game["seed"].get<std::uint64_t>();
    REQUIRE(seed < (std::uint64_t{1} << 53));
    REQUIRE(std::uint64_t(double(seed)) == seed);
    high_seeds += seed >= (std::uint64_t{1} << 52);
  }
  CHECK(high_seeds > 0);  // the seeds use the whole range: about half are above 2^52
  const auto seed = results["games"][5]["seed"].get<std::uint64_t>();
  const std::string replay =
      dir.write("replay.json", R"({"game": "muddy", "rules": {"children": 6}, "seed": )" +
                                   std::to_string(std::uint64_t(double(seed))) + "}");
  const CliResult r = run_cli({"run", replay, "--format", "jsonl"});
  REQUIRE(r.exit_code == 0);
  CHECK(Json::parse(lines_of(r.out).front())["deal"] == results["games"][5]["deal"]);
}

TEST_CASE("[sturdy] scenario DIR reports an entry it cannot read and runs the rest") {
  const TempDir dir;
  fs::copy_file(source_path("configs/scenarios/muddy-four.json"), dir.file("muddy-four.json"));
  // A link to itself: reading it fails (as an unreadable folder does for a non-root user).
  fs::create_symlink("loop", dir.file("loop"));
  const CliResult r = run_cli({"scenario", dir.path().string()});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.out, Catch::Contains("PASS muddy-four") && Catch::Contains("1 passed, 0 failed"));
  CHECK_THAT(r.err, Catch::Contains("kripkesim: " + dir.file("loop") + ": cannot read"));
}

TEST_CASE("[sturdy] a run killed by a signal leaves no temporary file behind") {
  const TempDir dir;
  // 24 children on the explicit engine: a few seconds of play, long enough to be killed
  // while writing the log.
  const std::string config = dir.write(
      "slow.json", R"({"game": "muddy", "engine": "explicit", "rules": {"children": 24}})");
  const std::string log = dir.file("game.jsonl");
  const pid_t pid = spawn_cli({"run", config, "--log", log}, "/dev/null", dir.file("stderr"));
  REQUIRE(eventually([&] { return !temporaries_in(dir.path()).empty(); }));
  ::kill(pid, SIGTERM);
  CHECK(wait_cli(pid) == 128 + SIGTERM);
  CHECK(temporaries_in(dir.path()).empty());
  CHECK(!fs::exists(log));

  // A second Ctrl-C ends a batch at once: its results and the logs under way are removed
  // too. Games of 24 children (explicit) take a second or more, which the first Ctrl-C
  // waits for.
  const std::string batch = dir.write(
      "batch.json",
      R"({"game": "muddy", "engine": "explicit", "rules": {"children": 24}, "batch": {"games": 1000}})");
  const fs::path logs = dir.file("logs");
  const pid_t batch_pid = spawn_cli(
      {"batch", batch, "--jobs=2", "--out", dir.file("r.json"), "--log-dir", logs.string()},
      "/dev/null", dir.file("stderr"));
  REQUIRE(eventually([&] { return fs::exists(logs) && !temporaries_in(logs).empty(); }));
  ::kill(batch_pid, SIGINT);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  ::kill(batch_pid, SIGINT);
  CHECK(wait_cli(batch_pid) == 128 + SIGINT);
  CHECK(!fs::exists(dir.file("r.json")));
  CHECK(temporaries_in(dir.path()).empty());
}

TEST_CASE("[sturdy] silently accepted no more: a child twice, a move validate cannot play") {
  const TempDir dir;
  const std::string twice =
      dir.write("twice.json", R"({"game": "muddy", "deal": {"muddy": [2, 2]}})");
  check_bad_input(run_cli({"validate", twice}), twice, "/deal/muddy/1: child 2 is listed twice");
  // Player 2 holds no question card R1 in this deal: the move is refused by validate, as by
  // scenario.
  const std::string scenario = dir.write("scenario.json", R"({
    "game": "nine-card", "seed": 1,
    "script": [{"move": {"player": 1, "target": 2, "question": "nonsense"}}]})");
  check_bad_input(run_cli({"validate", scenario}), scenario, "/script/0/move/question");
  CHECK(run_cli({"scenario", scenario}).exit_code == 2);
}

TEST_CASE("[sturdy] usage errors and formula errors are clear") {
  const CliResult none = run_cli({});
  CHECK(none.exit_code == 2);
  CHECK_THAT(none.err, Catch::StartsWith("kripkesim: a command is required"));
  const CliResult typo = run_cli({"rnu", "configs/muddy.json"});
  CHECK(typo.exit_code == 2);
  CHECK_THAT(typo.err, Catch::StartsWith("kripkesim: unknown command 'rnu' (did you mean run?)"));
  const CliResult option = run_cli({"run", "configs/muddy.json", "--sed", "3"});
  CHECK(option.exit_code == 2);
  CHECK_THAT(option.err,
             Catch::StartsWith("kripkesim: ") && Catch::Contains("did you mean --seed"));
  const CliResult turns =
      run_cli({"check", "configs/muddy.json", "--formula", "true", "--turns", "x"});
  CHECK(turns.exit_code == 2);
  CHECK_THAT(turns.err, Catch::StartsWith("kripkesim: ") && Catch::Contains("--turns"));

  // A tab before the error and a byte that is not UTF-8 at it: the caret stands under it.
  const CliResult formula =
      run_cli({"check", "configs/muddy.json", "--formula", "K1\tmuddy(1) \xff"});
  CHECK(formula.exit_code == 2);
  CHECK_THAT(formula.err, Catch::Contains("unexpected byte 0xff"));
  const auto lines = lines_of(formula.err);
  REQUIRE(lines.size() >= 3);
  const std::string& text = lines[lines.size() - 2];
  const std::string& caret = lines.back();
  CHECK(text.find('\t') == std::string::npos);
  CHECK(caret.find('^') == text.find('?'));

  // Sleuth's explicit model on the full deck points at the key to change.
  const TempDir dir;
  const std::string sleuth =
      dir.write("sleuth.json", R"({"game": "sleuth", "rules": {"explicit_model": "on"}})");
  check_bad_input(run_cli({"validate", sleuth}), sleuth, "/rules/explicit_model: ");
}

TEST_CASE("[sturdy] a deck of thousands of Clue cards is refused at once") {
  const TempDir dir;
  Json weapons = Json::array();
  for (int k = 0; k < 60'000; ++k) weapons.push_back(fmt::format("w{}", k));
  const std::string config =
      dir.write("clue.json", Json{{"game", "clue"}, {"rules", {{"weapons", weapons}}}}.dump());
  const auto start = std::chrono::steady_clock::now();
  check_bad_input(run_cli({"validate", config}), config,
                  "/rules: a deck of at most 64 cards is supported (this one has 60004)");
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
}
