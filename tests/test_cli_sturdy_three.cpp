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
#include "input/formula_input.hpp"
#include "kripke/config_reader.hpp"
#include "kripke/formula_parser.hpp"
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
  CHECK(r.err.size() < 2000);  // neither the name nor the 2,000 variables in full
}

namespace {

// A model written world by world: `worlds` worlds w0, w1, ... over `variables` true/false
// variables (world k's assignment from k's bits), and per agent, from each world, arrows to
// the worlds `arrows_of` gives.
template <class Arrows>
kripke::Json listed_model(int worlds, int variables, int agents, Arrows&& arrows_of) {
  kripke::Json names = kripke::Json::array();
  for (int v = 0; v < variables; ++v) names.push_back("v" + std::to_string(v));
  kripke::Json listed = kripke::Json::array();
  for (int w = 0; w < worlds; ++w) {
    kripke::Json values = kripke::Json::object();
    for (int v = 0; v < variables; ++v) values["v" + std::to_string(v)] = bool((w >> v) & 1);
    listed.push_back({{"name", "w" + std::to_string(w)}, {"values", values}});
  }
  kripke::Json agent_list = kripke::Json::array();
  for (int a = 0; a < agents; ++a) {
    kripke::Json arrows = kripke::Json::object();
    for (int w = 0; w < worlds; ++w) {
      kripke::Json targets = kripke::Json::array();
      for (int t : arrows_of(w)) targets.push_back("w" + std::to_string(t));
      arrows["w" + std::to_string(w)] = std::move(targets);
    }
    agent_list.push_back({{"name", "a" + std::to_string(a)}, {"arrows", std::move(arrows)}});
  }
  return {{"game", "model"},
          {"rules",
           {{"variables", names}, {"worlds", listed}, {"agents", agent_list}, {"actual", "w0"}}}};
}

// `command` run by the shell with its own limits; the exit code (124: killed by `timeout`).
int shell(const std::string& command) {
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

TEST_CASE("[sturdy-3] reading listed worlds and their arrows is linear") {
  // 100,000 worlds, 2 agents, 3 arrows from each world: over two minutes when each arrow's
  // target was found by a scan of the names; now a second or two.
  TempDir dir;
  const int n = 100'000;
  const std::string file =
      dir.write("w.json", listed_model(n, 1, 2, [&](int w) {
                            return std::vector<int>{w, (w + 1) % n, (w + 7) % n};
                          }).dump());
  CHECK(shell("timeout 60 " + kripkesim_exe() + " validate " + file + " > /dev/null") == 0);
}

TEST_CASE("[sturdy-3] max_memory holds a model written world by world, before it is read") {
  TempDir dir;
  // 2,000 worlds, every world seeing every world, for two agents: 8 million arrows.
  kripke::Json dense = listed_model(2000, 11, 2, [](int) {
    std::vector<int> all(2000);
    for (int k = 0; k < 2000; ++k) all[std::size_t(k)] = k;
    return all;
  });
  dense["max_memory"] = "1M";
  const CliResult r = run_cli({"validate", dir.write("dense.json", dense.dump())});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("/rules/worlds: these rules give 2000 worlds and 8000000 "
                                    "arrows between them"));
  CHECK_THAT(r.err, Catch::Contains("max_memory = 1 MiB"));
  // Past max_worlds: named at the worlds, not at the variables.
  dense["max_memory"] = "16G";
  dense["max_worlds"] = 1000;
  const CliResult worlds = run_cli({"validate", dir.write("dense.json", dense.dump())});
  CHECK(worlds.exit_code == 2);
  CHECK_THAT(worlds.err, Catch::Contains("/rules/worlds: these rules give 2000 worlds"));
}

TEST_CASE("[sturdy-3] out of memory while reading ends with exit 2 and the message") {
  // A 68 MB config whose document takes far more than the address space allowed: the
  // parser's failure unwinds through nlohmann/json's destructor, which allocates.
  TempDir dir;
  const std::string file = dir.write("dense.json", listed_model(2000, 11, 2, [](int) {
                                                     std::vector<int> all(2000);
                                                     for (int k = 0; k < 2000; ++k)
                                                       all[std::size_t(k)] = k;
                                                     return all;
                                                   }).dump());
  for (int mib : {256, 400, 1000}) {
    INFO(mib << " MiB of address space");
    const std::string err = dir.file("err.txt");
    CHECK(shell("ulimit -v " + std::to_string(mib * 1024) + "; " + kripkesim_exe() + " validate " +
                file + " > /dev/null 2> " + err) == 2);
    CHECK_THAT(read_file(err), Catch::Contains("dense.json: out of memory"));
    CHECK_THAT(read_file(err), !Catch::Contains("terminate"));
  }
}

TEST_CASE("[sturdy-3] belief actions are held to max_memory, at the step that passes it") {
  // Each action copies every world; under x's arrows the pairs triple at each step.
  kripke::Json scenario = {
      {"game", "model"},
      {"max_memory", "64M"},
      {"rules",
       {{"variables", {"p"}},
        {"worlds",
         {{{"name", "a"}, {"values", {{"p", true}}}}, {{"name", "b"}, {"values", {{"p", false}}}}}},
        {"agents",
         {{{"name", "x"}, {"arrows", {{"a", {"a", "b"}}, {"b", {"b"}}}}},
          {{"name", "y"}, {"arrows", {{"a", {"a"}}, {"b", {"b"}}}}}}},
        {"actual", "a"}}},
      {"script", kripke::Json::array()}};
  const kripke::Json copy = {
      {"action",
       {{"events", {{{"name", "e"}, {"pre", "true"}}, {{"name", "f"}, {"pre", "true"}}}},
        {"actual", "e"},
        {"arrows", {{"x", {{"e", {"e", "f"}}, {"f", {"f"}}}}}}}}};
  for (int k = 0; k < 14; ++k) scenario["script"].push_back(copy);
  TempDir dir;
  const CliResult r = run_cli({"scenario", dir.write("copy.json", scenario.dump())});
  CHECK(r.exit_code == 2);
  // 3^13 = 1,594,323 pairs after the twelfth step, about 73 MiB to build: counted until
  // they pass the limit.
  CHECK_THAT(r.err, Catch::Contains("/script/11/action: this action model gives 8192 worlds and "
                                    "at least "));
  CHECK_THAT(r.err, Catch::Contains("arrows between them"));
  CHECK_THAT(r.err, Catch::Contains("max_memory = 64 MiB"));
}

TEST_CASE("[sturdy-3] messages quote a long name or formula in part") {
  // The caret line: a window of 80 characters around the column, "..." for the rest.
  const std::string text = std::string(100, 'a') + "X" + std::string(100, 'b');
  const std::string shown = kripkesim::caret_under(text, 101);
  const auto newline = shown.find('\n');
  REQUIRE(newline != std::string::npos);
  const std::string line = shown.substr(0, newline), caret = shown.substr(newline + 1);
  CHECK(line.size() < 100);
  CHECK(line.rfind("    ...", 0) == 0);
  CHECK(line.substr(line.size() - 3) == "...");
  CHECK(line[caret.size() - 1] == 'X');  // the caret stands under the column's character
  CHECK(kripkesim::caret_under("K1 & ", 4) == "    K1 & \n       ^");  // short: whole

  // A 100 KB unknown name, in a formula on the command line (the most an argument holds): a short
  // message.
  const CliResult r =
      run_cli({"check", "configs/model.json", "--formula", std::string(100'000, 'z')});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("unknown variable 'zzzz"));
  CHECK_THAT(r.err, Catch::Contains("(100000 characters)"));
  CHECK(r.err.size() < 1000);
}

TEST_CASE(
    "[sturdy-3] believes_falsely only while a relation over the possible worlds is a belief") {
  TempDir dir;
  // a's arrow w2 -> w1 makes a belief; announcing p removes w2, and with it the belief.
  kripke::Json scenario = kripke::Json::parse(R"({"game": "model",
    "rules": {"variables": ["p"],
      "worlds": [{"name": "w1", "values": {"p": true}}, {"name": "w2", "values": {"p": false}}],
      "agents": [{"name": "a", "arrows": {"w1": ["w1"], "w2": ["w1"]}},
                 {"name": "b", "arrows": {"w1": ["w1"], "w2": ["w2"]}}],
      "actual": "w1"},
    "script": [{"announce": "p"}]})");
  const std::string model = dir.write("m.json", scenario.dump());
  // The update record after the announcement has no believes_falsely: expecting it fails.
  scenario["script"].push_back(kripke::Json::parse(
      R"({"expect_event": {"event": "update", "values": {"/agents/0/believes_falsely": false}}})"));
  const std::string expecting = dir.write("e.json", scenario.dump());
  CHECK(run_cli({"scenario", expecting}).exit_code == 1);
  // check says "believes" before the announcement, "knows" after it.
  CHECK_THAT(run_cli({"check", model, "--step", "0", "--formula", "p"}).out,
             Catch::Contains("a: 1 possible world, believes the formula"));
  CHECK_THAT(run_cli({"check", model, "--formula", "p"}).out,
             Catch::Contains("a: 1 possible world, knows the formula"));
}

TEST_CASE("[sturdy-3] check --at N names the N-th world of --where's list, after updates too") {
  TempDir dir;
  const std::string model = dir.write("m.json", R"({"game": "model",
    "rules": {"variables": ["p", "q"],
      "worlds": [{"name": "w0", "values": {"p": false, "q": true}},
                 {"name": "w1", "values": {"p": true, "q": true}},
                 {"name": "w2", "values": {"p": true, "q": false}}],
      "agents": [{"name": "a", "arrows": {"w0": ["w0"], "w1": ["w2"], "w2": ["w2"]}}],
      "actual": "w1"},
    "script": [{"announce": "p"}]})");
  // After the announcement --where lists p q, then p ~q.
  const std::string where = run_cli({"check", model, "--where", "true"}).out;
  CHECK(where.find("p q") < where.find("p ~q"));
  CHECK(run_cli({"check", model, "--formula", "q", "--at", "0"}).out == "true at p q\n");
  CHECK(run_cli({"check", model, "--formula", "q", "--at", "1"}).exit_code == 1);
  const CliResult past = run_cli({"check", model, "--formula", "q", "--at", "2"});
  CHECK(past.exit_code == 2);
  CHECK_THAT(past.err, Catch::Contains("expected a world number, 0 to 1"));
}

TEST_CASE("[sturdy-3] an action event named \"\" is refused where it is named") {
  TempDir dir;
  const std::string scenario = dir.write("e.json", R"({"game": "model",
    "rules": {"variables": ["p"], "agents": [{"name": "a", "observes": []}],
              "actual": {"p": true}},
    "script": [{"action": {"events": [{"name": "", "pre": "true"}], "actual": ""}}]})");
  const CliResult r = run_cli({"scenario", scenario});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("/script/0/action/events/0/name: an event needs a name"));
}

TEST_CASE("[sturdy-3] check --frame on a game that counts its worlds names the config") {
  const CliResult r = run_cli({"check", "configs/cluedo.json", "--frame"});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::StartsWith("kripkesim: configs/cluedo.json: --frame: this game counts"));
}

TEST_CASE("[sturdy-3] a term refused inside Kv says why, not that it is a formula") {
  const auto error_of = [](const std::string& text) {
    try {
      (void)kripke::parse_formula(text);
    } catch (const kripke::FormulaError& e) {
      return std::to_string(e.column()) + ": " + e.what();
    }
    return std::string("parsed");
  };
  CHECK_THAT(error_of("Kv{S} 99999999999999999999999"),
             Catch::StartsWith("7: ") && Catch::Contains("expected a number of at most 18 digits"));
  const std::string deep = std::string(1001, '(') + "x" + std::string(1001, ')');
  CHECK_THAT(error_of("Kv{S} " + deep), Catch::Contains("nested too deeply"));
  CHECK_THAT(error_of("Kv{S} (p & q)"), Catch::Contains("takes a term"));  // still a formula
}

namespace {

// A term's value, straight from its tree.
std::int64_t value_of(const kripke::Term& t, std::int64_t x, std::int64_t y) {
  using Op = kripke::Term::Op;
  switch (t.op) {
    case Op::Number:
      return t.number;
    case Op::Variable:
      return t.name == "x" ? x : y;
    case Op::Negate:
      return -value_of(*t.left, x, y);
    case Op::Add:
      return value_of(*t.left, x, y) + value_of(*t.right, x, y);
    case Op::Subtract:
      return value_of(*t.left, x, y) - value_of(*t.right, x, y);
    case Op::Multiply:
      return value_of(*t.left, x, y) * value_of(*t.right, x, y);
    case Op::Divide:
      return value_of(*t.left, x, y) / value_of(*t.right, x, y);
    default:
      return value_of(*t.left, x, y) % value_of(*t.right, x, y);
  }
}

std::size_t depth_of(const kripke::Term& t) {
  std::size_t below = 0;
  for (const auto* sub : {t.left.get(), t.right.get()})
    if (sub) below = std::max(below, depth_of(*sub));
  return below + 1;
}

}  // namespace

TEST_CASE("[sturdy-3] a flat chain of terms is not nesting, and means what it says") {
  // 1,001 and 100,000 operands are read (as chains of formulas are); a chain is kept as a
  // balanced tree, so nothing recurses once per operand.
  for (const int n : {1001, 100000}) {
    std::string sum = "x";
    for (int k = 1; k < n; ++k) sum += " + x";
    const kripke::FormulaPtr phi = kripke::parse_formula("Kv{S} " + sum);
    CHECK(depth_of(*phi->lhs) < 40);
    CHECK(value_of(*phi->lhs, 3, 0) == 3 * n);
  }
  std::string sum = "x";
  for (int k = 1; k < 1001; ++k) sum += " + x";
  const CliResult r =
      run_cli({"check", "configs/models/sum-and-product.json", "--count", sum + " > 0"});
  CHECK(r.exit_code == 0);
  // Mixed + and -, and products, regrouped: the same value as read from left to right.
  kripke::Rng rng(20261127);
  for (int round = 0; round < 200; ++round) {
    const bool product = round % 4 == 0;
    const std::int64_t x = product ? 1 : 3, y = product ? -1 : -2;  // products stay small
    std::string text = "x";
    std::int64_t expected = x;
    for (std::uint64_t k = 1, n = 2 + rng.below(300); k < n; ++k) {
      const bool is_x = rng.below(2) == 0, second = rng.below(2) == 0;
      const std::int64_t value = is_x ? x : y;
      const char* op = product ? " * " : second ? " - " : " + ";
      text += std::string(op) + (is_x ? "x" : "y");
      expected = product ? expected * value : second ? expected - value : expected + value;
    }
    INFO(text);
    const kripke::FormulaPtr phi = kripke::parse_formula(text + " = 0");
    CHECK(value_of(*phi->lhs, x, y) == expected);
  }
  // Short chains print as written; / and % do not regroup.
  CHECK(to_string(*kripke::parse_formula("x - y - x + y = 0")) == "x - y - x + y = 0");
  std::string quotients = "x";
  for (int k = 0; k < 40; ++k) quotients += " / 2 * 3";
  const kripke::FormulaPtr q = kripke::parse_formula(quotients + " = 0");
  std::int64_t expected = 1000;
  for (int k = 0; k < 40; ++k) expected = expected / 2 * 3;
  CHECK(value_of(*q->lhs, 1000, 0) == expected);
}

TEST_CASE("[sturdy-3] the symbolic engine compares two wide ranges or refuses at once") {
  TempDir dir;
  const auto model = [&](int bits, const std::string& law) {
    const std::int64_t top = (std::int64_t{1} << bits) - 1;
    return dir.write("m" + std::to_string(bits) + ".json",
                     R"({"game": "model", "engine": "symbolic", "rules": {"variables": [)"
                     R"({"name": "x", "from": 0, "to": )" +
                         std::to_string(top) + R"(}, {"name": "y", "from": 0, "to": )" +
                         std::to_string(top) + R"(}], "law": ")" + law +
                         R"(", "agents": [{"name": "a", "observes": []}]}})");
  };
  // Built bit by bit: x + 1 > y holds for the n (n + 1) / 2 pairs with y <= x.
  const CliResult small = run_cli({"validate", model(12, "x + 1 > y")});
  CHECK(small.exit_code == 0);
  CHECK_THAT(small.out, Catch::Contains("8390656 worlds"));
  // Past the span the engine compares: refused before building, naming the law.
  const CliResult wide = run_cli({"validate", model(20, "x + 1 > y")});
  CHECK(wide.exit_code == 2);
  CHECK_THAT(wide.err,
             Catch::Contains("/rules/law: column 3: 'x + 1 > y' compares 1048576 values") &&
                 Catch::Contains("\"engine\": \"explicit\""));
  // A comparison within one variable is cheap at any width.
  CHECK(run_cli({"validate", model(20, "x + 1 > 5 & y - 3 < 9")}).exit_code == 0);
}

TEST_CASE("[sturdy-3] check reports the config's error before the formula's") {
  TempDir dir;
  const std::string model = dir.write("k.json", R"({"game": "model",
    "rules": {"variables": ["K1"], "agents": [{"name": "a", "observes": []}]}})");
  const CliResult r = run_cli({"check", model, "--formula", "K1 | ~K1"});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("/rules/variables/0"));
  CHECK_THAT(r.err, !Catch::Contains("column 4"));
}

TEST_CASE("[sturdy-3] max_memory holds the symbolic engine's node table too") {
  TempDir dir;
  const auto model = [&](const std::string& memory) {
    return dir.write("m" + memory + ".json",
                     R"({"game": "model", "engine": "symbolic", "max_memory": ")" + memory +
                         R"(", "rules": {"variables": [{"name": "x", "from": 0, "to": 16383},)"
                         R"( {"name": "y", "from": 0, "to": 16383}], "law": "x + 1 > y",)"
                         R"( "agents": [{"name": "a", "observes": []}]}})");
  };
  CHECK(run_cli({"validate", model("1G")}).exit_code == 0);
  const CliResult r = run_cli({"validate", model("1M")});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("/max_bdd_nodes: the binary decision diagrams outgrew") &&
                        Catch::Contains("max_memory"));
}
