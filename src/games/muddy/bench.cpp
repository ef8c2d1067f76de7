// Muddy children benchmarks: all children muddy, every "nobody knows" round
// until they know. The model has 2^n worlds and n agents.
#include "games/muddy/bench.hpp"

#include <fmt/core.h>

#include <memory>

#include "games/catalog.hpp"
#include "kripke/evaluate.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/updates.hpp"

namespace kripkesim {
namespace {

std::unique_ptr<kripke::Game> all_muddy_game(int n) {
  kripke::GameConfig config;
  config.game = "muddy";
  config.rules = {{"children", n}};
  // These cases measure the explicit engine, which "auto" would not take from 15 children.
  config.engine = "explicit";
  config.max_worlds = std::uint64_t{1} << n;  // n = 26 is over the default limit
  config.deal = {{"muddy", kripke::Json::array()}};
  for (int i = 1; i <= n; ++i) config.deal["muddy"].push_back(i);
  return games().make(config);
}

}  // namespace

Timings time_explicit_muddy(int n, int repeat) {
  const auto game = all_muddy_game(n);
  kripke::NullSink sink;
  return time_runs(repeat, [&] { kripke::GameRunner(*game, 1, sink).run(); });
}

namespace {

// Times building the model and playing it out, separately; returns the number of updates.
struct MuddyTiming {
  Timings build, play;
  int updates = 0;
};

MuddyTiming time_muddy(int n, int repeat) {
  const auto game = all_muddy_game(n);
  kripke::NullSink sink;
  MuddyTiming t;
  for (int k = 0; k < repeat; ++k) {
    std::unique_ptr<kripke::GameRunner> runner;
    t.build.add(
        time_runs(1, [&] { runner = std::make_unique<kripke::GameRunner>(*game, 1, sink); }));
    t.play.add(time_runs(1, [&] {
      runner->start();
      while (!runner->finished()) runner->step();
    }));
    t.updates = runner->result().turns + 1;  // the father, then one announcement per turn
  }
  return t;
}

std::vector<BenchRow> whole_game(int n, int repeat, const std::string& target) {
  const MuddyTiming t = time_muddy(n, repeat);
  Timings total;
  for (std::size_t k = 0; k < t.build.wall.size(); ++k) {
    total.wall.push_back(t.build.wall[k] + t.play.wall[k]);
    total.cpu.push_back(t.build.cpu[k] + t.play.cpu[k]);
  }
  const std::string worlds =
      fmt::format("{} worlds, {} agents, explicit engine", std::size_t{1} << n, n);
  return {{fmt::format("n={} build the model", n), t.build, worlds},
          {fmt::format("n={} play every round", n), t.play, fmt::format("{} updates", t.updates)},
          {fmt::format("n={} total", n), total, target}};
}

// The same game on listed partitions (class ids and member lists, 8 bytes per world and
// child), as any model whose classes are not given by hidden bits is stored: the father,
// then "nobody knows" until someone knows. Measures the general K over listed classes,
// which the game itself no longer takes. The atoms muddy(i) are the game's own.
std::vector<BenchRow> listed_game(int n, int repeat) {
  const std::size_t worlds = std::size_t{1} << n;
  const auto game = all_muddy_game(n);
  kripke::NullSink sink;
  kripke::GameRunner runner(*game, 1, sink);
  const kripke::Play& atoms = runner.play();
  std::vector<kripke::FormulaPtr> someone, nobody;
  for (int i = 0; i < n; ++i) {
    someone.push_back(kripke::f::atom("muddy", {std::to_string(i + 1)}));
    nobody.push_back(kripke::f::neg(kripke::f::knows_whether(i, someone.back())));
  }
  const auto father = kripke::f::any_of(someone), nobody_knows = kripke::f::all_of(nobody);
  Timings build, play;
  std::size_t updates = 0;
  for (int k = 0; k < repeat; ++k) {
    kripke::Model model;
    build.add(time_runs(1, [&] {
      std::vector<kripke::Partition> partitions;
      kripke::RecycledVector<std::uint32_t> keys(worlds);
      for (int i = 0; i < n; ++i) {
        for (std::size_t w = 0; w < worlds; ++w)
          keys[w] = std::uint32_t(w & ~(std::size_t{1} << i));
        partitions.push_back(kripke::Partition::from_keys(keys));
      }
      model = kripke::Model(std::move(partitions), kripke::World(worlds - 1));
    }));
    play.add(time_runs(1, [&] {
      const kripke::Evaluator eval(model, [&](const kripke::Formula& a, const kripke::Model& m) {
        return atoms.atom(a, m);
      });
      updates = 1;
      kripke::public_announce(model, eval.eval(*father));
      for (;; ++updates) {
        const kripke::WorldSet truth = eval.eval(*nobody_knows);
        if (!truth.test(model.actual())) break;
        kripke::public_announce(model, truth);
      }
    }));
  }
  const std::string label = fmt::format("n={} listed partitions", n);
  return {{label + ": build", build, fmt::format("{} worlds, {} agents", worlds, n)},
          {label + ": play every round", play, fmt::format("{} updates", updates)}};
}

std::vector<BenchRow> scaling(int repeat) {
  std::vector<BenchRow> rows;
  for (int n = 10; n <= 22; ++n) {
    const MuddyTiming t = time_muddy(n, repeat);
    const Timings per_update = t.play.per(t.updates);
    const double worlds = double(std::size_t{1} << n);
    rows.push_back({fmt::format("n={} per update", n), per_update,
                    fmt::format("{:>8} worlds, {:.2f} ns per world per agent", std::size_t{1} << n,
                                median(per_update.wall) / worlds / n * 1e9)});
  }
  return rows;
}

}  // namespace

std::vector<BenchCase> muddy_bench_cases() {
  return {
      {"muddy-12", "muddy children n=12 on the explicit engine, all muddy, until they know", 21,
       [](int repeat) { return whole_game(12, repeat, "target < 50 ms"); }},
      {"muddy-20", "muddy children n=20 (1,048,576 worlds) on the explicit engine, all muddy", 7,
       [](int repeat) { return whole_game(20, repeat, "target < 0.6 s CPU, 250 MiB"); }},
      {"muddy-24", "muddy children n=24 (16,777,216 worlds) on the explicit engine, all muddy", 1,
       [](int repeat) { return whole_game(24, repeat, "target < 15 s CPU, 5 GiB"); }},
      {"muddy-26", "muddy children n=26 (67,108,864 worlds) on the explicit engine, all muddy", 1,
       [](int repeat) { return whole_game(26, repeat, "target: fits in 24 GiB"); }},
      {"muddy-listed-20",
       "muddy children n=20 on listed partitions, as a model without hidden bits is stored", 5,
       [](int repeat) { return listed_game(20, repeat); }},
      {"muddy-scaling",
       "explicit engine: time per announcement for n = 10..22 (cost per world and agent)", 3,
       [](int repeat) { return scaling(repeat); }},
  };
}

}  // namespace kripkesim
