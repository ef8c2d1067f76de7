// Whole scenarios as `kripkesim scenario` plays the bundled files: reading the file,
// building the model, checking the script, the updates and the expectations. Sum and Product
// (configs/models/sum-and-product.json and sum-and-product-1000.json; the bound-500 row is
// the bound-1000 file with its bound lowered: the statements do not depend on it, the world
// count is taken out), the models whose worlds are found by solving the law (the three
// numbers, Russian cards), and the false-belief tasks.
#include "scenario/bench.hpp"

#include <fmt/core.h>

#include <string>
#include <utility>
#include <vector>

#include "input/config_file.hpp"
#include "input/config_folders.hpp"
#include "kripke/events.hpp"
#include "scenario/scenario.hpp"
#include "scenario/scenario_runner.hpp"

namespace kripkesim {
namespace {

kripke::Json bundled(const std::string& name) {
  return read_json_file((bundled_configs_dir() / "models" / name).string());
}

// The bound-1000 scenario with x + y <= bound instead.
kripke::Json with_bound(kripke::Json document, int bound) {
  for (kripke::Json& variable : document["rules"]["variables"]) variable["to"] = bound - 1;
  document["rules"]["law"] = fmt::format("x < y & x + y <= {}", bound);
  document["script"].erase(0);  // the first step counts bound 1000's pairs
  return document;
}

BenchRow scenario_row(const std::string& label, const kripke::Json& document,
                      const std::string& engine, int repeat, const std::string& target) {
  bool passed = true;
  const Timings t = time_runs(repeat, [&] {
    Scenario scenario;
    scenario.config =
        read_config(document, [&](kripke::ObjectReader& r) { read_scenario_keys(r, scenario); });
    scenario.config.engine = engine;
    kripke::NullSink quiet;  // what `kripkesim scenario` without -v writes to
    passed = run_scenario(scenario, quiet).passed();
  });
  return {fmt::format("{}, engine {}", label, engine), t,
          fmt::format("{}; target {}", passed ? "passed" : "FAILED", target)};
}

// How "child i does not know whether it is muddy" is written: ~Kw{ci} mi, as the textbooks
// do, ~(K{ci} mi | K{ci} ~mi), or in its halves, M{ci} mi & M{ci} ~mi.
enum class NobodyKnows { Kw, Textbook, Halves };

std::string nobody_knows_label(NobodyKnows form) {
  switch (form) {
    case NobodyKnows::Kw:
      return "~Kw";
    case NobodyKnows::Textbook:
      return "~(K|K~)";
    case NobodyKnows::Halves:
      return "M&M~";
  }
  return "";
}

// The muddy children written as a model (n children, all muddy): the father, then n - 1
// rounds of "nobody knows" written in `form`; the last step expects every child to know.
kripke::Json muddy_model(int n, NobodyKnows form) {
  kripke::Json variables = kripke::Json::array(), agents = kripke::Json::array(),
               actual = kripke::Json::object();
  std::string some, nobody, all_know;
  for (int i = 1; i <= n; ++i) {
    const std::string m = fmt::format("m{}", i), c = fmt::format("c{}", i);
    variables.push_back(m);
    kripke::Json seen = kripke::Json::array();
    for (int j = 1; j <= n; ++j)
      if (j != i) seen.push_back(fmt::format("m{}", j));
    agents.push_back({{"name", c}, {"observes", seen}});
    actual[m] = true;
    const std::string sep = i > 1 ? " & " : "";
    some += (i > 1 ? " | " : "") + m;
    nobody +=
        sep + (form == NobodyKnows::Textbook ? fmt::format("~(K{{{0}}} {1} | K{{{0}}} ~{1})", c, m)
               : form == NobodyKnows::Halves ? fmt::format("M{{{0}}} {1} & M{{{0}}} ~{1}", c, m)
                                             : fmt::format("~Kw{{{0}}} {1}", c, m));
    all_know += sep + fmt::format("K{{{}}} {}", c, m);
  }
  kripke::Json script = {{{"announce", some}}};
  for (int r = 1; r < n; ++r) script.push_back({{"announce", nobody}});
  script.push_back({{"expect", all_know}});
  return {{"game", "model"},
          {"rules", {{"variables", variables}, {"agents", agents}, {"actual", actual}}},
          {"script", script}};
}

}  // namespace

// The actual world: Anne 50, Bill 20, Cath 30.
kripke::Json what_sum_scenario(int bound) {
  kripke::Json variables = kripke::Json::array();
  for (const char* name : {"a", "b", "c"})
    variables.push_back({{"name", name}, {"from", 1}, {"to", bound}});
  const kripke::Json agents = {{{"name", "Anne"}, {"observes", {"b", "c"}}},
                               {{"name", "Bill"}, {"observes", {"a", "c"}}},
                               {{"name", "Cath"}, {"observes", {"a", "b"}}}};
  return {{"game", "model"},
          {"rules",
           {{"variables", variables},
            {"law", "a = b + c | b = a + c | c = a + b"},
            {"agents", agents},
            {"actual", {{"a", 50}, {"b", 20}, {"c", 30}}}}},
          {"script",
           {{{"announce", "~Kv{Anne} a"}},
            {{"announce", "~Kv{Bill} b"}},
            {{"announce", "~Kv{Cath} c"}},
            {{"announce", "Kv{Anne} a"}}}}};
}

std::vector<BenchCase> scenario_bench_cases() {
  return {
      {"scenario-muddy-model",
       "kripkesim scenario on the muddy children written as a model, \"nobody knows\" as "
       "~Kw{ci} mi, as ~(K{ci} mi | K{ci} ~mi) and as M{ci} mi & M{ci} ~mi: n = 60, 100 on the "
       "default engine, n = 16 on the explicit one",
       5,
       [](int repeat) {
         std::vector<BenchRow> rows;
         const NobodyKnows forms[] = {NobodyKnows::Kw, NobodyKnows::Textbook, NobodyKnows::Halves};
         const std::pair<int, const char*> sizes[] = {
             {60, "auto"}, {100, "auto"}, {16, "explicit"}};
         for (const auto& [n, engine] : sizes)
           for (const NobodyKnows form : forms)
             rows.push_back(scenario_row(
                 fmt::format("n={} {}", n, nobody_knows_label(form)), muddy_model(n, form), engine,
                 repeat,
                 n == 100 && form != NobodyKnows::Kw ? "< 150 ms, within 1.5x of ~Kw" : "-"));
         return rows;
       }},
      {"scenario-sum-and-product",
       "kripkesim scenario on Sum and Product, bounds 100, 500 and 1000, default engine", 5,
       [](int repeat) {
         const kripke::Json thousand = bundled("sum-and-product-1000.json");
         return std::vector<BenchRow>{
             scenario_row("bound 100", bundled("sum-and-product.json"), "auto", repeat, "< 15 ms"),
             scenario_row("bound 500", with_bound(thousand, 500), "auto", repeat, "< 1 s"),
             scenario_row("bound 1000", thousand, "auto", repeat, "< 5 s")};
       }},
      {"scenario-from-the-law",
       "kripkesim scenario on models whose worlds are found by solving the law: the three "
       "numbers (What Sum, bound 500: 374,250 worlds of 125 million assignments) on the default "
       "engine, Russian cards (140 deals of 2^21 assignments) on each engine",
       5,
       [](int repeat) {
         const kripke::Json cards = bundled("russian-cards.json");
         return std::vector<BenchRow>{
             scenario_row("what sum, bound 500", what_sum_scenario(500), "auto", repeat, "< 0.5 s"),
             scenario_row("russian cards", cards, "explicit", repeat, "< 15 ms"),
             scenario_row("russian cards", cards, "symbolic", repeat, "-")};
       }},
      {"scenario-false-belief",
       "kripkesim scenario on the bundled false-belief tasks (Sally-Anne, chocolate, the letter "
       "Bill does not notice)",
       20,
       [](int repeat) {
         std::vector<BenchRow> rows;
         for (const char* name : {"sally-anne", "chocolate-task", "letter-unnoticed"})
           rows.push_back(
               scenario_row(name, bundled(std::string(name) + ".json"), "auto", repeat, "< 1 ms"));
         return rows;
       }},
      {"scenario-sum-and-product-engines",
       "kripkesim scenario on Sum and Product, bounds 500 and 1000, on each engine", 1,
       [](int repeat) {
         const kripke::Json thousand = bundled("sum-and-product-1000.json");
         const kripke::Json five_hundred = with_bound(thousand, 500);
         return std::vector<BenchRow>{
             scenario_row("bound 500", five_hundred, "explicit", repeat, "< 1 s"),
             scenario_row("bound 500", five_hundred, "symbolic", repeat,
                          "< 2.2 s (the explicit engine before Kv)"),
             scenario_row("bound 1000", thousand, "explicit", repeat, "< 5 s on the faster"),
             scenario_row("bound 1000", thousand, "symbolic", repeat, "< 5 s on the faster")};
       }},
  };
}

}  // namespace kripkesim
