// The seat protocol's own cost, measured inside kripkesim (docs/performance.md#the-seat-protocol).
#pragma once

#include <vector>

#include "bench/bench.hpp"

namespace kripkesim {

std::vector<BenchCase> arena_bench_cases();

}  // namespace kripkesim
