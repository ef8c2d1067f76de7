// What a person sees of a batch: the progress line while it runs and the summary table
// at the end (docs/batch.md).
#pragma once

#include <string>

#include "batch/batch_results.hpp"

namespace kripkesim {

// "1234/15120 games (8%), 523 games/s, ETA 0:26 | 1/2 conditions done; now: children6 1219/63"
std::string progress_line(const BatchProgress& progress,
                          const std::vector<ConditionInfo>& conditions);

// Hours, minutes and seconds: "0:26", "1:02:03".
std::string clock_time(double seconds);

// The summary table printed on stdout after a batch or a merge.
std::string summary_table(const Results& results);

}  // namespace kripkesim
