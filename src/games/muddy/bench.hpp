// The muddy children's bench cases: on the explicit engine (bench.cpp) and on the symbolic
// one (symbolic_bench.cpp), which compares with the explicit timings.
#pragma once

#include <vector>

#include "bench/bench.hpp"

namespace kripkesim {

std::vector<BenchCase> muddy_bench_cases();
std::vector<BenchCase> symbolic_muddy_bench_cases();

// The explicit muddy children, n children all muddy, played out `repeat` times.
Timings time_explicit_muddy(int n, int repeat);

}  // namespace kripkesim
