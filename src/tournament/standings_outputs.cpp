#include "tournament/standings_outputs.hpp"

#include <filesystem>

#include "output/file_error.hpp"

namespace kripkesim {

StandingsOutputs::StandingsOutputs(const std::vector<std::string>& files) {
  for (const std::string& file : files) check_results_extension(file);
  for (const std::string& file : files)
    files_.emplace_back(file, std::make_unique<OutputFile>(file));
}

void StandingsOutputs::write(const Standings& standings) {
  for (auto& [name, file] : files_) {
    if (std::filesystem::path(name).extension() == ".csv") {
      write_standings_csv(standings, file->stream());
    } else {
      file->stream() << standings_json(standings).dump(2) << "\n";
    }
  }
  for (auto& entry : files_) entry.second->commit();
}

std::string report_standings(const TournamentConfig& tournament, Results& results, int bootstrap,
                             StandingsOutputs& outputs) {
  const Standings standings = standings_of(tournament, results.records, bootstrap);
  results.standings = standings_json(standings);
  outputs.write(standings);
  return standings_table(standings);
}

}  // namespace kripkesim
