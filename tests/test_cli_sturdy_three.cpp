// Hostile and careless input, round three: each reproducer of the sturdy-3 report as a test
// that fails without its fix.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "cli_runner.hpp"
#include "kripke/config_reader.hpp"
#include "kripke/rng.hpp"

using namespace kripke_test;

TEST_CASE("[sturdy-3] an output the user may not write is refused, as the shell's > would") {
  TempDir dir;
  std::filesystem::permissions(dir.path(), std::filesystem::perms::all);  // anyone may write
  const std::string target = dir.write("x.dot", "old\n");
  REQUIRE(::chmod(target.c_str(), 0444) == 0);
  // Root may write any file (so may its `>`): the test then runs kripkesim as nobody.
  const std::string as_user =
      ::geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : "";
  const std::string command = "cd " + dir.path().string() + " && " + as_user + kripkesim_exe() +
                              " draw " + source_path("configs/model.json") +
                              " --out x.dot 2> err.txt";
  const int status = std::system(command.c_str());
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 2);
  CHECK_THAT(read_file(dir.file("err.txt")),
             Catch::Contains("x.dot: cannot write: Permission denied"));
  CHECK(read_file(target) == "old\n");
  struct stat st {};
  REQUIRE(::stat(target.c_str(), &st) == 0);
  CHECK((st.st_mode & 07777) == 0444);
  CHECK(st.st_uid == ::geteuid());
  // No temporary file left beside it.
  int files = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir.path()))
    ++files;
  CHECK(files == 2);  // x.dot and err.txt
}

TEST_CASE("[sturdy-3] check --frame names the logics as the textbooks do") {
  TempDir dir;
  const std::string model = dir.write("frame.json", R"({"game": "model",
    "rules": {"variables": ["p"],
      "worlds": [{"name": "u", "values": {"p": true}}, {"name": "v", "values": {"p": false}},
                 {"name": "w", "values": {"p": true}}],
      "agents": [{"name": "sym", "arrows": {"u": ["v"], "v": ["u"]}},
                 {"name": "reflsym", "arrows": {"u": ["u", "v"], "v": ["u", "v", "w"],
                                                "w": ["v", "w"]}}],
      "actual": "u"}})");
  const CliResult r = run_cli({"check", model, "--frame", "--format", "json"});
  REQUIRE(r.exit_code == 0);
  const kripke::Json frame = kripke::Json::parse(r.out)["frame"];
  CHECK(frame[0]["logic"] == "KB");  // symmetric alone (not serial: w sees nothing)
  CHECK(frame[1]["logic"] == "B");   // reflexive and symmetric: KTB
}

TEST_CASE(
    "[sturdy-3] the typo distance is exact up to its limit, and a long unknown name is cheap") {
  // Against the full table on random words over a small alphabet (so that near words occur).
  const auto full = [](const std::string& a, const std::string& b) {
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i)
      for (std::size_t j = 1; j <= b.size(); ++j)
        d[i][j] =
            std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])});
    return d[a.size()][b.size()];
  };
  kripke::Rng rng(7);
  const auto word = [&] {
    std::string w(rng.below(9), 'a');
    for (char& c : w) c = char('a' + rng.below(3));
    return w;
  };
  for (int k = 0; k < 5000; ++k) {
    const std::string a = word(), b = word();
    const std::size_t limit = rng.below(5);
    INFO(a << " / " << b << " limit " << limit);
    CHECK(kripke::edit_distance(a, b, limit) == std::min(full(a, b), limit + 1));
  }

  // A megabyte-long unknown name among 2,000 variables: refused at once, naming it.
  TempDir dir;
  kripke::Json variables = kripke::Json::array(), values = kripke::Json::object();
  for (int i = 0; i < 2000; ++i) {
    variables.push_back("variable_number_" + std::to_string(i));
    values[variables.back().get<std::string>()] = false;
  }
  const kripke::Json model = {{"game", "model"},
                              {"rules",
                               {{"variables", variables},
                                {"worlds", {{{"name", "a"}, {"values", values}}}},
                                {"agents", {{{"name", "x"}, {"arrows", {{"a", {"a"}}}}}}},
                                {"actual", "a"}}},
                              {"script", {{{"expect", std::string(1'000'000, 'z')}}}}};
  const CliResult r = run_cli({"validate", dir.write("long-name.json", model.dump())});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("unknown variable 'zzz"));
}
