// kripkesim list
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "games/catalog.hpp"
#include "input/config_file.hpp"
#include "input/config_folders.hpp"
#include "kripke/text_width.hpp"
#include "output/file_error.hpp"

namespace kripkesim {
namespace {

std::string strategies(const kripke::GameInfo& game) {
  return game.strategies.empty() ? "none (the agents only reason)"
                                 : kripke::ObjectReader::join(game.strategies);
}

// The kinds of bundled file, in the order they are listed, by the command that reads them.
enum class Kind { Game, Scenario, Experiment, Unreadable };

struct Entry {
  std::string name;  // relative to the configs folder
  Kind kind;
  std::string description;
};

// A bundled file's kind and "description" (a scenario's "name" when it has no description).
Entry entry_of(const std::filesystem::path& file, const std::filesystem::path& dir) {
  Entry entry{file.lexically_relative(dir).string(), Kind::Game, "(no description)"};
  try {
    const kripke::Json j = read_json_file(file.string());
    if (j.is_object() && j.contains("script")) entry.kind = Kind::Scenario;
    if (j.is_object() && j.contains("batch")) entry.kind = Kind::Experiment;
    for (const char* key : {"name", "description"})
      if (j.is_object() && j.contains(key) && j[key].is_string())
        entry.description = j[key].get<std::string>();
  } catch (const kripke::InputError& e) {
    entry.kind = Kind::Unreadable;
    entry.description = "(unreadable: " + describe(e) + ")";
  }
  return entry;
}

// Up to the first full stop followed by a space, or all of it.
std::string first_sentence(const std::string& text) {
  const std::size_t stop = text.find(". ");
  return stop == std::string::npos ? text : text.substr(0, stop + 1);
}

void list() {
  std::cout << "Games:\n";
  for (const kripke::GameInfo& game : games().games())
    std::cout << kripke::wrap_items(
                     kripke::split_words(game.summary, {fmt::format("{:<10}", game.name)}), "  ",
                     "             ")
              << "\n"
              << kripke::wrap_words("strategies: " + strategies(game), "             ",
                                    "               ")
              << "\n";
  const std::filesystem::path dir = bundled_configs_dir();
  if (!std::filesystem::is_directory(dir)) {
    std::cout << fmt::format(
        "\nNo bundled configs: {} is not a directory (set KRIPKESIM_CONFIGS).\n", dir.string());
    return;
  }
  std::vector<FileError> unreadable;
  std::vector<Entry> entries;
  for (const auto& file : json_files_under(dir, unreadable)) entries.push_back(entry_of(file, dir));
  const std::pair<Kind, const char*> headings[] = {
      {Kind::Game, "Game configs (kripkesim run FILE)"},
      {Kind::Scenario, "Scenarios (kripkesim scenario FILE)"},
      {Kind::Experiment, "Experiments (kripkesim batch FILE)"},
      {Kind::Unreadable, "Unreadable files"}};
  std::cout << fmt::format("\nBundled configs, in {}:\n", dir.string());
  for (const auto& [kind, heading] : headings) {
    // (A lambda cannot capture a structured binding in clang 14, the fuzz preset's compiler.)
    const Kind wanted = kind;
    if (std::none_of(entries.begin(), entries.end(),
                     [wanted](const Entry& e) { return e.kind == wanted; }))
      continue;
    std::cout << fmt::format("\n{}:\n", heading);
    for (const Entry& e : entries)
      if (e.kind == kind)
        std::cout << "  " << e.name << "\n"
                  << kripke::wrap_words(first_sentence(e.description), "      ", "      ") << "\n";
  }
  std::cout << "\n(each file's first sentence: its \"description\" has the rest)\n";
  if (unreadable.empty()) return;
  std::cout.flush();
  for (const FileError& e : unreadable) std::cerr << "kripkesim: " << describe(e) << '\n';
  throw CommandExit(kExitBadInput);
}

}  // namespace

void add_list_command(CLI::App& app) {
  CLI::App* cmd =
      app.add_subcommand("list", "List the games, their strategies, and the bundled configs");
  help_footer(
      *cmd,
      "List the games (name, summary, agent strategies) and the bundled configs with the\n"
      "first sentence of their descriptions. The configs are looked for in $KRIPKESIM_CONFIGS,\n"
      "else ./configs, else the source tree kripkesim was built from.",
      "  0  listed\n  2  a file or folder under the configs could not be read (named; the rest is "
      "listed)");
  cmd->callback(list);
}

}  // namespace kripkesim
