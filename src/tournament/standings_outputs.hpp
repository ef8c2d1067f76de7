// A tournament's standings written out: the --standings files (JSON or CSV by their
// extensions, opened before the first game), and the standings added to the results.
// Shared by `kripkesim tournament` and `kripkesim merge` of a tournament's shards.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "batch/batch_results.hpp"
#include "output/output_file.hpp"
#include "tournament/standings.hpp"

namespace kripkesim {

class StandingsOutputs {
 public:
  // FileError for a name that ends in neither .json nor .csv, or a place that cannot be
  // written.
  explicit StandingsOutputs(const std::vector<std::string>& files);
  void write(const Standings& standings);

 private:
  std::vector<std::pair<std::string, std::unique_ptr<OutputFile>>> files_;
};

// The standings of `results` (a tournament's games) put into them and written to
// `outputs`; the table to print.
std::string report_standings(const TournamentConfig& tournament, Results& results, int bootstrap,
                             StandingsOutputs& outputs);

}  // namespace kripkesim
