#include "batch/batch_results.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <ostream>
#include <set>
#include <tuple>

#include "input/config_file.hpp"
#include "output/build_info.hpp"
#include "output/file_error.hpp"
#include "output/output_file.hpp"

namespace kripkesim {
namespace {

using kripke::InputError;
using kripke::Json;
using kripke::ObjectReader;

std::string extension_of(const std::string& file) {
  return std::filesystem::path(file).extension().string();
}

OrderedJson record_json(const GameRecord& r, const std::vector<ConditionInfo>& conditions) {
  OrderedJson out = {{"condition", conditions.at(r.condition).name},
                     {"index", r.index},
                     {"seed", r.seed},
                     {"deal", Json::parse(r.deal)},
                     {"turns", r.turns},
                     {"rounds", r.rounds},
                     {"winners", r.winners},
                     {"reason", r.reason}};
  if (!r.losers.empty()) out["losers"] = r.losers;
  if (!r.strategies.empty()) out["strategies"] = r.strategies;
  if (!r.outcome.empty()) out["outcome"] = Json::parse(r.outcome);
  return out;
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : " ") + item;
  return out;
}

OrderedJson timing_json(const Results& results) {
  OrderedJson per_condition = OrderedJson::object();
  for (std::size_t c = 0; c < results.conditions.size(); ++c)
    per_condition[results.conditions[c].name] =
        c < results.timing.game_seconds.size() ? results.timing.game_seconds[c] : 0.0;
  OrderedJson out = OrderedJson::object();
  if (results.timing.jobs) out["jobs"] = results.timing.jobs;
  out["wall_seconds"] = results.timing.wall_seconds;
  out["game_seconds"] = std::move(per_condition);
  if (!results.merged_from.empty()) out["merged_from"] = results.merged_from;
  return out;
}

// The winners' seats: distinct, ascending, each from 1 to `seats`.
std::vector<int> seat_list(const Json& v, const std::string& path, std::size_t seats) {
  std::vector<int> out;
  kripke::array_at(v, path);
  for (std::size_t k = 0; k < v.size(); ++k) {
    const std::string at = path + "/" + std::to_string(k);
    out.push_back(int(ObjectReader::integer_value(v[k], at, 1, std::int64_t(seats))));
    if (k > 0 && out[k] <= out[k - 1])
      throw InputError("winners are listed once each, in order", at);
  }
  return out;
}

GameRecord read_record(const Json& j, const std::string& path, const BatchConfig& batch,
                       Shard shard) {
  GameRecord r;
  ObjectReader reader(j, path);
  const std::string condition = reader.required_string("condition");
  const auto named = std::find_if(batch.conditions.begin(), batch.conditions.end(),
                                  [&](const BatchCondition& c) { return c.name == condition; });
  if (named == batch.conditions.end())
    throw InputError("no condition '" + condition + "' in the config", reader.path_of("condition"));
  r.condition = std::size_t(named - batch.conditions.begin());
  const auto index = ObjectReader::integer_value(reader.required("index"), reader.path_of("index"),
                                                 0, std::int64_t(named->games) - 1);
  r.index = std::uint64_t(index);
  if (!shard.holds(r.index))
    throw InputError(fmt::format("game {} is not part of shard {}/{}", r.index, shard.k, shard.n),
                     reader.path_of("index"));
  r.seed = kripke::seed_value(reader.required("seed"), reader.path_of("seed"));
  if (r.seed != batch.seed_of(r.condition, r.index))
    throw InputError(fmt::format("game {} of this batch has seed {}, not {}", r.index,
                                 batch.seed_of(r.condition, r.index), r.seed),
                     reader.path_of("seed"));
  r.deal = reader.required("deal").dump();
  const int max_turns = named->game->config().max_turns;
  r.turns = int(
      ObjectReader::integer_value(reader.required("turns"), reader.path_of("turns"), 0, max_turns));
  r.rounds = int(
      ObjectReader::integer_value(reader.required("rounds"), reader.path_of("rounds"), 0, r.turns));
  r.winners = seat_list(reader.required("winners"), reader.path_of("winners"), named->seats);
  r.reason = reader.choice("reason", "", {"win", "loss", "draw", "max_turns", "stalled"});
  if (const Json* losers = reader.find("losers"))
    r.losers = seat_list(*losers, reader.path_of("losers"), named->seats);
  if (const Json* s = reader.find("strategies")) {
    kripke::array_at(*s, reader.path_of("strategies"));
    for (std::size_t k = 0; k < s->size(); ++k)
      r.strategies.push_back(ObjectReader::string_value(
          (*s)[k], reader.path_of("strategies") + "/" + std::to_string(k)));
  }
  if (const Json* o = reader.find("outcome"); o && !o->is_null()) r.outcome = o->dump();
  reader.done();
  return r;
}

double seconds_value(const Json& v, const std::string& path) {
  if (!v.is_number() || v.get<double>() < 0)
    throw InputError("expected a number of seconds (0 or more), found " + kripke::json_type_name(v),
                     path);
  return v.get<double>();
}

// Timing is informational (a merge adds it up), but a results file is read whole: a
// malformed value is bad input like any other.
Timing read_timing(const Json* j, const std::vector<ConditionInfo>& conditions) {
  Timing t;
  t.game_seconds.assign(conditions.size(), 0.0);
  if (!j) return t;
  ObjectReader r(*j, "/timing");
  t.jobs = unsigned(r.integer("jobs", 0, 0, 1024));
  if (const Json* wall = r.find("wall_seconds"))
    t.wall_seconds = seconds_value(*wall, "/timing/wall_seconds");
  if (const Json* per = r.find("game_seconds")) {
    ObjectReader seconds(*per, "/timing/game_seconds");
    for (std::size_t c = 0; c < conditions.size(); ++c)
      if (const Json* v = seconds.find(conditions[c].name))
        t.game_seconds[c] = seconds_value(*v, seconds.path_of(conditions[c].name));
    seconds.done();
  }
  if (const Json* from = r.find("merged_from")) {
    kripke::array_at(*from, "/timing/merged_from");
    for (std::size_t k = 0; k < from->size(); ++k)
      ObjectReader::string_value((*from)[k], "/timing/merged_from/" + std::to_string(k));
  }
  r.done();
  return t;
}

bool record_order(const GameRecord& a, const GameRecord& b) {
  return std::tie(a.condition, a.index) < std::tie(b.condition, b.index);
}

// Where two configs first differ, as a JSON pointer ("" when the documents differ as a whole).
std::string first_difference(const Json& a, const Json& b) {
  const Json patch = Json::diff(a, b);
  return patch.empty() ? "" : patch[0].value("path", "");
}

}  // namespace

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string out = "\"";
  for (char ch : text) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return out + "\"";
}

std::vector<ConditionInfo> condition_infos(const BatchConfig& batch) {
  std::vector<ConditionInfo> out;
  for (const auto& c : batch.conditions) out.push_back({c.name, c.seats});
  return out;
}

Results results_of_run(const BatchConfig& batch, Shard shard, BatchRun run) {
  Results r;
  r.build = build_id();
  r.config = batch.resolved();
  r.conditions = condition_infos(batch);
  r.shard = shard;
  r.complete = run.complete;
  r.records = std::move(run.records);
  r.timing = {run.jobs, run.wall_seconds, std::move(run.game_seconds)};
  return r;
}

namespace {

// Everything in the results but the games.
OrderedJson results_header(const Results& results) {
  OrderedJson header = {{"kripkesim_results", kResultsVersion},
                        {"build", results.build},
                        {"config", results.config},
                        {"shard", {{"k", results.shard.k}, {"n", results.shard.n}}},
                        {"complete", results.complete},
                        {"summary", summary_json(summarize(results.conditions, results.records))},
                        {"timing", timing_json(results)}};
  if (!results.standings.is_null()) header["standings"] = results.standings;
  return header;
}

}  // namespace

OrderedJson results_json(const Results& results) {
  OrderedJson j = results_header(results);
  OrderedJson games = OrderedJson::array();
  for (const GameRecord& r : results.records) games.push_back(record_json(r, results.conditions));
  j["games"] = std::move(games);
  return j;
}

void write_results_json(const Results& results, std::ostream& out) {
  // Indented, except that each game's record takes one line: 68,040 games stay readable
  // (and greppable) and the file a third of the size. The games are written one by one, as
  // a tree of all of them would take several times the memory of the records.
  const OrderedJson header = results_header(results);
  out << "{";
  for (auto it = header.begin(); it != header.end(); ++it) {
    std::string value = it.value().dump(2);
    for (std::size_t at = value.find('\n'); at != std::string::npos; at = value.find('\n', at + 3))
      value.replace(at, 1, "\n  ");
    out << (it == header.begin() ? "\n  \"" : ",\n  \"") << it.key() << "\": " << value;
  }
  out << ",\n  \"games\": [";
  for (std::size_t k = 0; k < results.records.size(); ++k)
    out << (k ? ",\n    " : "\n    ") << record_json(results.records[k], results.conditions).dump();
  out << (results.records.empty() ? "]" : "\n  ]") << "\n}\n";
}

void write_results_csv(const Results& results, std::ostream& out) {
  out << "condition,index,seed,turns,rounds,winners,reason,strategies,deal\n";
  for (const GameRecord& r : results.records) {
    std::vector<std::string> winners;
    for (int w : r.winners) winners.push_back(std::to_string(w));
    out << fmt::format("{},{},{},{},{},{},{},{},{}\n", results.conditions.at(r.condition).name,
                       r.index, r.seed, r.turns, r.rounds, joined(winners), r.reason,
                       csv_field(joined(r.strategies)), csv_field(r.deal));
  }
}

void check_results_extension(const std::string& file) {
  const std::string ext = extension_of(file);
  if (ext != ".json" && ext != ".csv")
    throw FileError(file, "results files end in .json or .csv (the format follows the name)");
}

ResultsOutputs::ResultsOutputs(const std::vector<std::string>& files) {
  for (const std::string& file : files) check_results_extension(file);
  for (const std::string& file : files)
    files_.emplace_back(file, std::make_unique<OutputFile>(file));
}

ResultsOutputs::~ResultsOutputs() = default;

void ResultsOutputs::write(const Results& results) {
  for (auto& [name, file] : files_) {
    if (extension_of(name) == ".csv") {
      write_results_csv(results, file->stream());
    } else {
      write_results_json(results, file->stream());
    }
  }
  for (auto& entry : files_) entry.second->commit();
}

Results read_results(const std::string& file,
                     const std::function<BatchConfig(const kripke::Json&)>& read_config) {
  const Json j = read_json_file(file);
  return in_file(file, [&] {
    Results r;
    ObjectReader reader(j, "");
    const auto version = reader.integer("kripkesim_results", 0);
    if (version != kResultsVersion)
      throw InputError(
          fmt::format("not a kripkesim results file (version {} expected)", kResultsVersion),
          "/kripkesim_results");
    r.build = reader.required_string("build");
    r.config = reader.required("config");
    const BatchConfig batch = [&] {
      try {
        return read_config(r.config);
      } catch (const InputError& e) {
        throw InputError(e.what(), "/config" + e.path());
      }
    }();
    r.conditions = condition_infos(batch);
    ObjectReader shard(reader.required("shard"), "/shard");
    r.shard.n = std::uint64_t(shard.integer("n", 1, 1));
    r.shard.k = std::uint64_t(shard.integer("k", 1, 1, std::int64_t(r.shard.n)));
    shard.done();
    r.complete = reader.boolean("complete", false);
    const Json& games = kripke::array_at(reader.required("games"), "/games");
    std::set<std::pair<std::size_t, std::uint64_t>> seen;
    for (std::size_t k = 0; k < games.size(); ++k) {
      const std::string path = "/games/" + std::to_string(k);
      r.records.push_back(read_record(games[k], path, batch, r.shard));
      if (!seen.emplace(r.records.back().condition, r.records.back().index).second)
        throw InputError(
            fmt::format("game {} of condition '{}' appears twice in this file",
                        r.records.back().index, r.conditions[r.records.back().condition].name),
            path);
    }
    reader.find("summary");    // recomputed from the records, never trusted
    reader.find("standings");  // a tournament's: the same
    r.timing = read_timing(reader.find("timing"), r.conditions);
    reader.done();
    return r;
  });
}

MergedResults merge_results(const std::vector<Results>& parts,
                            const std::vector<std::string>& files) {
  if (parts.empty()) throw InputError("merge: no results files given");
  const Results& first = parts.front();
  MergedResults merged;
  Results& out = merged.results;
  out.build = first.build;
  out.config = first.config;
  out.conditions = first.conditions;
  out.complete = true;
  out.timing.game_seconds.assign(out.conditions.size(), 0.0);
  std::map<std::uint64_t, std::string> shard_files;
  for (std::size_t p = 0; p < parts.size(); ++p) {
    const Results& part = parts[p];
    if (part.build != first.build)
      throw FileError(files[p], "was played by another build of kripkesim (" + part.build +
                                    ") than " + files[0] + " (" + first.build +
                                    "): merged shards must come from the same build, or their "
                                    "games need not be the ones the seeds say");
    if (part.config != first.config)
      throw FileError(files[p], "comes from a different batch config than " + files[0] +
                                    " (they first differ at /config" +
                                    first_difference(first.config, part.config) + ")");
    if (part.shard.n != first.shard.n)
      throw FileError(files[p], fmt::format("is shard {}/{}, but {} is one of {} shards",
                                            part.shard.k, part.shard.n, files[0], first.shard.n));
    if (const auto [it, fresh] = shard_files.emplace(part.shard.k, files[p]); !fresh)
      throw FileError(files[p], fmt::format("shard {}/{} is also in {}", part.shard.k, part.shard.n,
                                            it->second));
    out.complete = out.complete && part.complete;
    out.records.insert(out.records.end(), part.records.begin(), part.records.end());
    out.timing.wall_seconds += part.timing.wall_seconds;
    for (std::size_t c = 0; c < out.conditions.size(); ++c)
      out.timing.game_seconds[c] += part.timing.game_seconds[c];
    out.merged_from.push_back(fmt::format("{} (shard {}/{}{})", files[p], part.shard.k,
                                          part.shard.n, part.complete ? "" : ", incomplete"));
  }
  std::sort(out.records.begin(), out.records.end(), record_order);
  for (std::size_t k = 1; k < out.records.size(); ++k)
    if (!record_order(out.records[k - 1], out.records[k]))
      throw InputError(fmt::format("game {} of condition '{}' appears twice", out.records[k].index,
                                   out.conditions[out.records[k].condition].name));
  for (std::uint64_t k = 1; k <= first.shard.n; ++k)
    if (!shard_files.count(k)) merged.missing_shards.push_back(k);
  out.complete = out.complete && merged.missing_shards.empty();
  return merged;
}

}  // namespace kripkesim
