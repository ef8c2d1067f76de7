// kripkesim draw: the DOT drawing checked structurally against the explicit model (a node
// per drawn world, the actual one marked, per agent exactly the pairs of worlds it cannot
// tell apart), and the command's options and refusals.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>

#include "cli_runner.hpp"
#include "input/config_file.hpp"
#include "kripke/formula_parser.hpp"
#include "kripke/game_loop.hpp"
#include "output/dot_drawing.hpp"

using namespace kripke_test;

namespace {

struct Drawing {
  std::set<kripke::World> nodes;
  std::set<kripke::World> marked;  // double outline: the actual world
  std::map<std::string, std::set<std::pair<kripke::World, kripke::World>>> edges;  // by colour
  std::set<std::string> legend_alike;  // agents the legend says cannot tell any two apart
};

Drawing parse_dot(const std::string& dot) {
  static const std::regex node(R"re(  w([0-9]+) \[label="[^"]*"(, peripheries=2)?\];)re");
  static const std::regex edge(R"re(  w([0-9]+) -- w([0-9]+) \[color="(#[0-9a-f]{6})".*\];)re");
  Drawing d;
  // Legend lines end in \l: the agent's name follows the previous line's.
  static const std::regex alike(R"re((?:\\l|")([^"\\]+): cannot tell any two of these)re");
  for (auto it = std::sregex_iterator(dot.begin(), dot.end(), alike); it != std::sregex_iterator();
       ++it)
    d.legend_alike.insert((*it)[1]);
  std::istringstream lines(dot);
  std::smatch m;
  for (std::string line; std::getline(lines, line);) {
    if (std::regex_match(line, m, node)) {
      const auto w = kripke::World(std::stoul(m[1]));
      d.nodes.insert(w);
      if (m[2].matched) d.marked.insert(w);
    } else if (std::regex_match(line, m, edge)) {
      const auto a = kripke::World(std::stoul(m[1])), b = kripke::World(std::stoul(m[2]));
      CHECK(a < b);  // each pair once, no loops
      d.edges[m[3]].insert({a, b});
    }
  }
  return d;
}

// The worlds joined by a path of one colour's edges, as sets of two or more.
std::set<std::set<kripke::World>> joined(
    const std::set<std::pair<kripke::World, kripke::World>>& edges) {
  std::map<kripke::World, kripke::World> parent;
  const auto root = [&](kripke::World w) {
    while (parent.count(w) != 0 && parent[w] != w) w = parent[w];
    return w;
  };
  for (const auto& [a, b] : edges) {
    parent.emplace(a, a);
    parent.emplace(b, b);
    parent[root(a)] = root(b);
  }
  std::map<kripke::World, std::set<kripke::World>> components;
  for (const auto& [w, unused] : parent) components[root(w)].insert(w);
  std::set<std::set<kripke::World>> out;
  for (const auto& [r, members] : components) out.insert(members);
  return out;
}

// The drawing of `worlds` against the model: nodes, the actual world, and per agent its
// classes among the drawn worlds, each joined by a chain (k - 1 edges for k worlds, so that
// no edge is redundant).
void require_faithful(const kripke::Play& play, const kripke::WorldSet& worlds) {
  const Drawing d = parse_dot(
      kripkesim::dot_drawing(play, kripke::without_contraction(play.model(), worlds), "test"));
  const kripke::Model& m = play.model();
  std::set<kripke::World> expected_nodes;
  worlds.for_each([&](kripke::World w) { expected_nodes.insert(w); });
  REQUIRE(d.nodes == expected_nodes);
  REQUIRE(d.marked == (worlds.test(m.actual()) ? std::set<kripke::World>{m.actual()}
                                               : std::set<kripke::World>{}));
  for (std::size_t i = 0; i < m.agent_count(); ++i) {
    const auto agent = kripke::Agent(i);
    std::map<std::size_t, std::set<kripke::World>> by_class;
    for (kripke::World w : expected_nodes) by_class[m.partition(agent).class_of(w)].insert(w);
    std::set<std::set<kripke::World>> classes;
    std::size_t chain_edges = 0;
    for (const auto& [c, members] : by_class)
      if (members.size() > 1) {
        classes.insert(members);
        chain_edges += members.size() - 1;
      }
    if (classes.size() == 1 && classes.begin()->size() == expected_nodes.size()) {
      classes.clear();  // alike everywhere: the legend says so, and no edges are drawn
      chain_edges = 0;
    }
    const auto it = d.edges.find(kripkesim::agent_colour(agent));
    const auto edges =
        it == d.edges.end() ? std::set<std::pair<kripke::World, kripke::World>>{} : it->second;
    REQUIRE(joined(edges) == classes);
    REQUIRE(edges.size() == chain_edges);
  }
}

}  // namespace

TEST_CASE("[draw] the drawing has every world and joins exactly each agent's classes") {
  TempDir dir;
  // Sum and Product below 8, and three agents each seeing some of four variables.
  const std::string sum = dir.write("sum.json", R"({"game": "model", "rules": {
    "variables": [{"name": "x", "from": 1, "to": 7}, {"name": "y", "from": 1, "to": 7}],
    "law": "x < y", "actual": {"x": 2, "y": 5},
    "agents": [{"name": "S", "observes": ["x + y"]}, {"name": "P", "observes": ["x * y"]}]}})");
  const std::string seeing = dir.write("seeing.json", R"({"game": "model", "rules": {
    "variables": ["p", "q", "r", {"name": "n", "from": 0, "to": 2}], "law": "p | n > 0",
    "agents": [{"name": "a", "observes": ["p", "n"]}, {"name": "b", "observes": ["q + r"]},
               {"name": "c", "observes": []}]}})");
  for (const std::string& config : {source_path("configs/muddy.json"), sum, seeing}) {
    INFO(config);
    const auto game = kripkesim::load_game(config);
    kripke::NullSink quiet;
    kripke::GameRunner runner(*game, 1, quiet);
    runner.start();
    const kripke::Play& play = runner.play();
    if (play.model().alive_count() <= 300) require_faithful(play, play.model().alive());
    // What one agent considers possible, and a formula's worlds.
    require_faithful(play, play.model().possible_worlds(0));
    require_faithful(play, play.truth(*kripke::parse_formula("~K1 false & M2 true")));
  }
}

TEST_CASE("[draw] options narrow the drawing, and too many worlds or a bad agent exit 2") {
  TempDir dir;
  const std::string muddy = source_path("configs/muddy.json");
  const CliResult all = run_cli({"draw", muddy});
  CHECK(all.exit_code == 0);
  CHECK(parse_dot(all.out).nodes.size() == 31);  // the father's announcement leaves 31
  CHECK_THAT(all.out, Catch::Contains("[label=\"muddy 1 3 4\"]"));
  const CliResult child = run_cli({"draw", muddy, "--agent", "1"});
  CHECK(parse_dot(child.out).nodes.size() == 2);
  CHECK_THAT(child.out,
             Catch::Contains("child 1: cannot tell any two of these worlds apart (no edges)"));
  CHECK_THAT(child.out, Catch::Contains("child 2: orange edges"));
  const CliResult where = run_cli({"draw", muddy, "--where", "muddy(1) & muddy(2)"});
  CHECK(parse_dot(where.out).nodes.size() == 8);

  // Five children: each cannot tell 15 pairs of the 31 worlds apart, 75 edges in all.
  CHECK(run_cli({"draw", muddy, "--limit", "106"}).exit_code == 0);
  const CliResult big = run_cli({"draw", muddy, "--limit", "105"});
  CHECK(big.exit_code == 2);
  CHECK_THAT(big.err,
             Catch::Contains("31 worlds and 75 edges to draw, 106 in all, over the limit of 105"));
  CHECK(big.out.empty());
  const CliResult unparsed =
      run_cli({"draw", muddy, "--where", "muddy(1) &", "--out", dir.file("x.dot")});
  CHECK(unparsed.exit_code == 2);
  CHECK_THAT(unparsed.err, Catch::Contains("--where: column"));
  CHECK(!std::filesystem::exists(dir.file("x.dot")));
  const CliResult nobody = run_cli({"draw", muddy, "--agent", "9"});
  CHECK(nobody.exit_code == 2);
  CHECK_THAT(nobody.err, Catch::Contains("--agent: there is no agent 9"));

  // --out writes the file only when the drawing is complete.
  const std::string out = dir.file("model.dot");
  CHECK(run_cli({"draw", muddy, "--out", out}).exit_code == 0);
  CHECK(read_file(out) == all.out);
  const std::string untouched = dir.write("kept.dot", "old");
  CHECK(run_cli({"draw", muddy, "--limit", "3", "--out", untouched}).exit_code == 2);
  CHECK(read_file(untouched) == "old");
}

TEST_CASE("[draw] --minimize draws a node per class of bisimilar worlds") {
  TempDir dir;
  // A private coin toss that nobody sees the result of, told apart by nobody: every world
  // is copied once per event, and the copies are bisimilar.
  const std::string config = dir.write("copies.json", R"({"game": "model", "rules": {
    "variables": ["p", "q"], "actual": {"p": true, "q": false},
    "agents": [{"name": "a", "observes": ["p"]}, {"name": "b", "observes": ["q"]}]},
    "script": [{"action": {"events": [{"name": "one", "pre": "true"},
                                      {"name": "two", "pre": "true"}],
                           "actual": "one",
                           "indistinguishable": {"a": [["one", "two"]],
                                                 "b": [["one", "two"]]}}}]})");
  const CliResult plain = run_cli({"draw", config});
  REQUIRE(plain.exit_code == 0);
  CHECK(parse_dot(plain.out).nodes.size() == 8);
  const CliResult start = run_cli({"draw", config, "--step", "0"});
  CHECK(parse_dot(start.out).nodes.size() == 4);
  const CliResult minimal = run_cli({"draw", config, "--minimize"});
  REQUIRE(minimal.exit_code == 0);
  const Drawing d = parse_dot(minimal.out);
  CHECK(d.nodes.size() == 4);
  CHECK(d.marked.size() == 1);
  CHECK_THAT(minimal.out, Catch::Contains("8 of 8 worlds, 4 after bisimulation contraction"));
  CHECK_THAT(minimal.out, Catch::Contains("(2 bisimilar worlds)"));
  // a tells p apart and b q: the contracted model is the 2x2 square, two edges each.
  for (const auto& [colour, pairs] : d.edges) CHECK(pairs.size() == 2);
  CHECK(d.edges.size() == 2);
  // The limit counts what is drawn: 4 nodes and 4 edges; 8 nodes and 2 chains of 3 edges
  // per agent.
  CHECK(run_cli({"draw", config, "--minimize", "--limit", "8"}).exit_code == 0);
  const CliResult over = run_cli({"draw", config, "--limit", "8"});
  CHECK(over.exit_code == 2);
  CHECK_THAT(over.err, Catch::Contains("the bisimulation contraction (--minimize)"));
  const CliResult past = run_cli({"draw", config, "--step", "2"});
  CHECK(past.exit_code == 2);
  CHECK_THAT(past.err, Catch::Contains("--step 2: the script has only 1 step"));
}

TEST_CASE("[draw] --format svg and png render through Graphviz, or say how to install it") {
  TempDir dir;
  const std::string muddy = source_path("configs/muddy.json");
  const std::string svg = dir.file("muddy.svg"), png = dir.file("muddy.png");
  // No dot on the PATH: a clear message, and no file.
  const CliResult missing = run_cli({"draw", muddy, "--format", "svg", "--out", svg},
                                    kripke_test::source_dir(), {"PATH=/nowhere"});
  CHECK(missing.exit_code == 2);
  CHECK_THAT(missing.err, Catch::Contains("Graphviz's `dot` program is not installed"));
  CHECK(!std::filesystem::exists(svg));
  if (std::system("command -v dot >/dev/null 2>&1") != 0) {
    WARN(
        "Graphviz's dot is not installed (scripts/install-deps.sh test installs it): "
        "rendering not tested");
    return;
  }
  REQUIRE(run_cli({"draw", muddy, "--format", "svg", "--out", svg}).exit_code == 0);
  const std::string image = read_file(svg);
  CHECK_THAT(image, Catch::Contains("<svg"));
  CHECK_THAT(image, Catch::Contains("muddy 1 3 4"));
  REQUIRE(run_cli({"draw", muddy, "--format", "png", "--out", png}).exit_code == 0);
  CHECK(read_file(png).substr(1, 3) == "PNG");
  // What a player of the small Clue considers possible (54 worlds) and of the nine-card
  // game (30): Graphviz lays both out in well under a second.
  for (const char* config : {"configs/clue-small.json", "configs/nine-card.json"}) {
    const CliResult view = run_cli({"draw", source_path(config), "--agent", "1", "--format", "png",
                                    "--timeout", "20", "--out", png});
    CHECK(view.exit_code == 0);
    CHECK(view.err.empty());
  }
  const CliResult bad = run_cli({"draw", muddy, "--format", "gif"});
  CHECK(bad.exit_code == 2);
}

namespace {

// The edges of a drawing, whatever their colour.
std::size_t edge_count(const Drawing& d) {
  std::size_t n = 0;
  for (const auto& [colour, pairs] : d.edges) n += pairs.size();
  return n;
}

}  // namespace

TEST_CASE("[draw] the figures of ClueModel's pages and of the muddy children, redrawn") {
  // ClueModel's 3-world example: the actual deal; one player 3 cannot tell from it (3
  // holds Mustard and Green in both); one player 1 cannot (1 holds candle and dagger).
  const std::string example =
      "(has(1,candle) & has(1,dagger) & has(2,rope) & has(2,Scarlet) & has(3,Mustard) & "
      "has(3,Green)) | (has(1,dagger) & has(1,Scarlet) & has(2,candle) & has(2,rope) & "
      "has(3,Mustard) & has(3,Green)) | (has(1,candle) & has(1,dagger) & has(2,rope) & "
      "has(2,Green) & has(3,Scarlet) & has(3,Mustard))";
  const auto drawn = [&](const std::string& scenario, const std::string& step) {
    const CliResult r = run_cli(
        {"draw", source_path("configs/scenarios/" + scenario), "--step", step, "--where", example});
    REQUIRE(r.exit_code == 0);
    return parse_dot(r.out);
  };
  // Figure 1: agent 1 reaches states 1 and 3, agent 2 only state 1, agent 3 states 1 and 2.
  const Drawing start = drawn("clue-pages-fig3.json", "0");
  CHECK(start.nodes.size() == 3);
  CHECK(start.marked.size() == 1);
  CHECK(start.edges.size() == 2);
  CHECK(start.edges.at(kripkesim::agent_colour(0)).size() == 1);
  CHECK(start.edges.at(kripkesim::agent_colour(2)).size() == 1);
  // Figure 2 (3 knows 1 holds the dagger): only the actual deal is left.
  CHECK(drawn("clue-pages-fig2.json", "5").nodes.size() == 3);
  const Drawing fig2 = drawn("clue-pages-fig2.json", "6");
  CHECK(fig2.nodes.size() == 1);
  CHECK(fig2.nodes == fig2.marked);
  // Figure 3 (3 does not know 1 holds the candle): 3 still cannot tell state 2 apart, which
  // with two worlds drawn the legend says instead of an edge.
  const Drawing fig3 = drawn("clue-pages-fig3.json", "2");
  CHECK(fig3.nodes.size() == 2);
  CHECK(edge_count(fig3) == 0);
  CHECK(fig3.legend_alike == std::set<std::string>{"player 3"});
  // Figure 4 (no card shown): only the actual deal.
  CHECK(drawn("clue-pages-fig4.json", "2").nodes.size() == 1);

  // The muddy children, 3 children: the cube (each child joins 4 pairs of worlds), the
  // father removes a corner (3 pairs each), "nobody knows" leaves 4 worlds (1 pair each).
  const std::string muddy = source_path("configs/models/muddy-children-model.json");
  for (const auto& [step, worlds, edges] :
       {std::tuple{"3", 8U, 12U}, std::tuple{"4", 7U, 9U}, std::tuple{"10", 4U, 3U}}) {
    INFO("step " << step);
    const Drawing d = parse_dot(run_cli({"draw", muddy, "--step", step}).out);
    CHECK(d.nodes.size() == worlds);
    CHECK(edge_count(d) == edges);
  }
}
