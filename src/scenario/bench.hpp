// Bench cases of whole scenarios, played as `kripkesim scenario FILE` plays them.
#pragma once

#include <vector>

#include "bench/bench.hpp"
#include "kripke/config_reader.hpp"

namespace kripkesim {

std::vector<BenchCase> scenario_bench_cases();

// The three numbers from 1 to `bound`, one the sum of the other two, each agent seeing the
// two others (the "What Sum" puzzle of SMCDEL's examples), as a scenario: Anne, Bill and
// Cath say in turn that they do not know their number, then Anne says she knows hers.
kripke::Json what_sum_scenario(int bound);

}  // namespace kripkesim
