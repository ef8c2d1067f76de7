// Golden playthroughs: every bundled game config, played through the real binary, must give
// the log (and for the table-heavy games the transcript) stored in tests/golden/ byte for
// byte. A change that alters any game's course, an update's counts or the log's shape shows
// up here as the first differing line.
//
// After an intended change, rewrite the files and review the diff before committing:
//   KRIPKE_UPDATE_GOLDEN=1 ctest --preset default -R golden
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "games/catalog.hpp"

using namespace kripke_test;

namespace {

struct Playthrough {
  std::string config;  // under configs/, without .json
  std::string format;  // "jsonl" or "text"
};

// The line number (from 1) and both versions of the first line where two texts differ.
std::string first_difference(const std::string& expected, const std::string& actual) {
  const auto want = lines_of(expected), got = lines_of(actual);
  for (std::size_t i = 0; i < std::max(want.size(), got.size()); ++i) {
    const std::string w = i < want.size() ? want[i] : "<end of file>";
    const std::string g = i < got.size() ? got[i] : "<end of output>";
    if (w != g)
      return "line " + std::to_string(i + 1) + "\n  expected: " + w + "\n  actual:   " + g;
  }
  return "the texts differ only in their final newline";
}

}  // namespace

TEST_CASE("[golden] every bundled game config replays its stored playthrough") {
  // Every bundled config of every game in the one list, as a log; as a transcript too where
  // a stored one exists (the table-heavy games).
  std::vector<Playthrough> playthroughs;
  for (const kripkesim::GameUnit& unit : kripkesim::game_units())
    for (const kripkesim::BundledConfig& config : unit.configs) {
      playthroughs.push_back({config.file, "jsonl"});
      if (std::filesystem::exists(source_path("tests/golden/" + config.file + ".text")))
        playthroughs.push_back({config.file, "text"});
    }
  const bool update = std::getenv("KRIPKE_UPDATE_GOLDEN") != nullptr;
  for (const Playthrough& p : playthroughs) {
    const std::string golden = source_path("tests/golden/" + p.config + "." + p.format);
    DYNAMIC_SECTION(p.config << " as " << p.format) {
      const CliResult r = run_cli({"run", "configs/" + p.config + ".json", "--format", p.format});
      REQUIRE(r.exit_code == 0);
      REQUIRE(!r.out.empty());
      // The start event names the build (version and commit), which changes with every
      // commit: the stored logs keep a placeholder.
      const std::string out =
          std::regex_replace(r.out, std::regex(R"("build":"[^"]*")"), R"("build":"<build>")");
      if (update) write_file(golden, out);
      const std::string expected = read_file(golden);
      INFO("golden file " << golden << ": " << first_difference(expected, out));
      CHECK(expected == out);
    }
  }
}
