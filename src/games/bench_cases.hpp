// The bench cases of each game's unit (src/games/<game>/bench.cpp), which its unit.cpp
// lists in the game's catalog entry.
#pragma once

#include <string>
#include <vector>

#include "bench/bench.hpp"

namespace kripkesim {

std::vector<BenchCase> clue_bench_cases();
std::vector<BenchCase> cluedo_bench_cases();
std::vector<BenchCase> muddy_bench_cases();           // and on the symbolic engine:
std::vector<BenchCase> symbolic_muddy_bench_cases();  // src/games/muddy/symbolic_bench.cpp
std::vector<BenchCase> number_bench_cases();
std::vector<BenchCase> nine_card_bench_cases();
std::vector<BenchCase> sleuth_bench_cases();
std::vector<BenchCase> model_bench_cases();

// The explicit muddy children, n children all muddy, played out `repeat` times (what the
// symbolic cases compare with).
Timings time_explicit_muddy(int n, int repeat);

}  // namespace kripkesim
