#include "input/config_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <tuple>

#include "games/catalog.hpp"
#include "input/json_text.hpp"
#include "output/file_error.hpp"

namespace kripkesim {
namespace fs = std::filesystem;

kripke::Json read_json_file(const std::string& file) {
  std::error_code ec;
  if (fs::is_directory(file, ec)) throw FileError(file, "is a directory, not a JSON file");
  std::ifstream in(file, std::ios::binary);
  if (!in) throw FileError(file, std::string("cannot open: ") + std::strerror(errno));
  // Read in pieces up to the limit: a config named /dev/zero (or any endless stream) must
  // fail, not fill the memory.
  std::string text;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    const auto got = std::size_t(in.gcount());
    text.append(buffer, got);
    if (std::memchr(buffer, '\0', got)) break;  // not text: parse_json_text says where
    if (text.size() > kMaxJsonFileBytes)
      throw FileError(file, fmt::format("is larger than {} MiB, the limit for a JSON input file",
                                        kMaxJsonFileBytes >> 20));
  }
  if (in.bad()) throw FileError(file, std::string("cannot read: ") + std::strerror(errno));
  try {
    return parse_json_text(text);
  } catch (const kripke::InputError& e) {
    throw FileError(file, e);
  }
}

std::vector<kripke::Agent> take_people(kripke::Json& document) {
  std::vector<kripke::Agent> people;
  if (!document.is_object() || !document.contains("agents") || !document["agents"].is_array())
    return people;
  auto& agents = document["agents"];
  for (std::size_t k = 0; k < agents.size(); ++k) {
    auto& agent = agents[k];
    if (!agent.is_object() || agent.value("strategy", kripke::Json()) != "human") continue;
    agent.erase("strategy");
    people.push_back(kripke::Agent(k));
  }
  return people;
}

std::vector<SeatProgram> take_programs(kripke::Json& document) {
  std::vector<SeatProgram> programs;
  if (!document.is_object() || !document.contains("agents") || !document["agents"].is_array())
    return programs;
  auto& agents = document["agents"];
  for (std::size_t k = 0; k < agents.size(); ++k) {
    auto& agent = agents[k];
    if (!agent.is_object() || !agent.contains("strategy") || !agent["strategy"].is_object())
      continue;
    const std::string path = fmt::format("/agents/{}/strategy", k);
    kripke::Json strategy = agent["strategy"];
    kripke::ObjectReader reader(strategy, path);
    SeatProgram program{kripke::Agent(k), {}, path};
    const kripke::Json& argv = reader.required("program");
    if (!argv.is_array() || argv.empty())
      throw kripke::InputError("a program is a list of words: [\"python3\", \"agent.py\"]",
                               path + "/program");
    for (std::size_t w = 0; w < argv.size(); ++w) {
      if (!argv[w].is_string() || (w == 0 && argv[w].get<std::string>().empty()))
        throw kripke::InputError("expected a word (a string)",
                                 fmt::format("{}/program/{}", path, w));
      program.argv.push_back(argv[w].get<std::string>());
    }
    const std::string fallback = reader.string("fallback", "");
    reader.done();
    if (fallback.empty())
      agent.erase("strategy");
    else
      agent["strategy"] = fallback;
    programs.push_back(std::move(program));
  }
  return programs;
}

kripke::GameConfig read_config(const kripke::Json& document,
                               const std::function<void(kripke::ObjectReader&)>& more_keys) {
  // A seat for a person or a program: only `kripkesim play` seats them (it takes them out
  // first).
  if (document.is_object() && document.contains("agents") && document["agents"].is_array())
    for (std::size_t k = 0; k < document["agents"].size(); ++k) {
      const auto& agent = document["agents"][k];
      if (!agent.is_object()) continue;
      if (agent.value("strategy", kripke::Json()) == "human")
        throw kripke::InputError(
            "a person plays this seat: `kripkesim play` seats people; this command needs an AI "
            "strategy here",
            fmt::format("/agents/{}/strategy", k));
      if (agent.contains("strategy") && agent["strategy"].is_object() &&
          agent["strategy"].contains("program"))
        throw kripke::InputError(
            "a program plays this seat: run, play, batch and tournament seat programs (with "
            "--allow-programs); this command needs a built-in strategy here",
            fmt::format("/agents/{}/strategy", k));
    }
  kripke::ObjectReader reader(document, "");
  kripke::GameConfig config = games().read_config(reader);
  if (more_keys) more_keys(reader);
  reader.done();
  return config;
}

namespace {

GameWithPeople load(const std::string& file, const std::function<void(kripke::GameConfig&)>& adjust,
                    bool people_may_play, bool programs_may_play) {
  kripke::Json document = read_json_file(file);
  return in_file(file, [&] {
    // A scenario or an experiment is a config with more in it: point at its command rather
    // than at the key this command does not know.
    for (const auto& [key, kind, command] :
         {std::tuple{"script", "a scenario", "scenario"},
          std::tuple{"batch", "an experiment", "batch"},
          std::tuple{"tournament", "a tournament", "tournament"}})
      if (document.is_object() && document.contains(key))
        throw kripke::InputError(fmt::format("this is {} (it has a \"{}\"): play it with "
                                             "`kripkesim {} {}`",
                                             kind, key, command, file),
                                 std::string("/") + key);
    GameWithPeople out;
    if (people_may_play) out.people = take_people(document);
    if (programs_may_play) out.programs = take_programs(document);
    kripke::GameConfig config = read_config(document);
    if (adjust) adjust(config);
    out.game = games().make(std::move(config));
    return out;
  });
}

}  // namespace

std::unique_ptr<kripke::Game> load_game(const std::string& file,
                                        const std::function<void(kripke::GameConfig&)>& adjust) {
  return load(file, adjust, false, false).game;
}

GameWithPeople load_game_with_people(const std::string& file,
                                     const std::function<void(kripke::GameConfig&)>& adjust) {
  return load(file, adjust, true, true);
}

GameWithPeople load_game_with_programs(const std::string& file,
                                       const std::function<void(kripke::GameConfig&)>& adjust) {
  return load(file, adjust, false, true);
}

}  // namespace kripkesim
