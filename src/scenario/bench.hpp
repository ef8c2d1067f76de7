// Bench cases of whole scenarios, played as `kripkesim scenario FILE` plays them.
#pragma once

#include <vector>

#include "bench/bench.hpp"

namespace kripkesim {

std::vector<BenchCase> scenario_bench_cases();

}  // namespace kripkesim
