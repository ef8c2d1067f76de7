// Results files of a batch (docs/batch.md, "Results files"): JSON with the resolved config,
// the shard, every game's record and the summary; or CSV, one row per game. And merging the
// JSON results of shards back into the results of the whole batch.
#pragma once

#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "batch/batch_runner.hpp"
#include "batch/batch_stats.hpp"
#include "output/output_file.hpp"

namespace kripkesim {

inline constexpr int kResultsVersion = 2;

// How long the games took: not part of the summary, which depends on the records only.
struct Timing {
  unsigned jobs = 0;  // 0 for merged results
  double wall_seconds = 0;
  std::vector<double> game_seconds;  // per condition
};

struct Results {
  std::string build;    // build_id() of the kripkesim that played the games
  kripke::Json config;  // BatchConfig::resolved()
  std::vector<ConditionInfo> conditions;
  Shard shard;
  bool complete = false;
  std::vector<GameRecord> records;  // by condition, then game index
  Timing timing;
  std::vector<std::string> merged_from;  // the files a merge read, with their shards
  // What a layer above adds to the JSON (a tournament's standings): recomputed from the
  // records, like the summary, and never read back.
  OrderedJson standings;
};

// What the statistics need of each condition: its name and its number of seats.
std::vector<ConditionInfo> condition_infos(const BatchConfig& batch);

Results results_of_run(const BatchConfig& batch, Shard shard, BatchRun run);

// The JSON results (docs/batch.md); write_results_json lays them out with one game per line.
OrderedJson results_json(const Results& results);
void write_results_json(const Results& results, std::ostream& out);
// One row per game: condition,index,seed,turns,rounds,winners,reason,strategies,deal.
void write_results_csv(const Results& results, std::ostream& out);

// The --out files of a command, as JSON or CSV by their extensions (.json, .csv; a FileError
// for any other). All are opened when constructed, so that a bad path is found before any
// game is played; write() fills them and makes them appear together (output_file.hpp).
class ResultsOutputs {
 public:
  explicit ResultsOutputs(const std::vector<std::string>& files);
  ~ResultsOutputs();
  void write(const Results& results);

 private:
  std::vector<std::pair<std::string, std::unique_ptr<OutputFile>>> files_;
};
void check_results_extension(const std::string& file);

// A CSV field: quoted (its quotes doubled) when it holds a comma, a quote or a line break.
std::string csv_field(const std::string& text);

// A JSON results file. FileErrors name the file and the JSON path of anything malformed.
// `read_config` reads the config it carries (a tournament's has its own reader).
Results read_results(
    const std::string& file,
    const std::function<BatchConfig(const kripke::Json&)>& read_config = read_batch_config);

struct MergedResults {
  Results results;
  std::vector<std::uint64_t> missing_shards;  // of 1..n, none in the inputs
};

// Combines shards of one batch. `files` names each part, for errors: parts of another
// config, of another shard count, a shard twice, or a game twice are FileErrors.
MergedResults merge_results(const std::vector<Results>& parts,
                            const std::vector<std::string>& files);

}  // namespace kripkesim
