// kripkesim sequences PATH... [--seed N] [--format text|json]
#include "games/model/sequences.hpp"

#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "input/config_file.hpp"
#include "input/config_folders.hpp"
#include "kripke/game.hpp"
#include "kripke/plural.hpp"
#include "kripke/text_width.hpp"
#include "output/file_error.hpp"

namespace kripkesim {
namespace {

struct SequencesOptions {
  std::vector<std::string> configs;
  bool files_only = true;  // no folder among them: a single file's line has no name
  SeedOption seed;
  std::string format = "text";
};

void count(const SequencesOptions& options, const std::string& file) {
  const std::unique_ptr<kripke::Game> game = load_game(file);
  const std::uint64_t seed = options.seed.or_config(game->config().seed);
  const MoveSequences c = in_file(file, [&] { return count_move_sequences(*game, seed); });
  const bool several = options.configs.size() > 1 || !options.files_only;
  if (options.format == "json") {
    kripke::Json out = {{"successful", c.successful},
                        {"unsuccessful", c.unsuccessful},
                        {"positions", c.positions},
                        {"longest", c.longest},
                        {"step", c.rounds ? "round" : "move"}};
    if (several) out["config"] = file;
    std::cout << out.dump() << '\n';
  } else {
    std::string line = several ? file + ": " : "";  // piece by piece: GCC 12's -Wrestrict
    line += fmt::format("{} successful and {} unsuccessful sequences (longest {}; {} visited)",
                        c.successful, c.unsuccessful,
                        kripke::counted(std::uint64_t(c.longest), c.rounds ? "round" : "move"),
                        kripke::counted(c.positions, "position"));
    std::cout << kripke::fit_lines(line) << '\n';
  }
}

}  // namespace

void add_sequences_command(CLI::App& app) {
  auto options = std::make_shared<SequencesOptions>();
  CLI::App* cmd = app.add_subcommand(
      "sequences", "Count a game's maximal move sequences, successful and not (game language)");
  cmd->add_option("PATH", options->configs,
                  "games written in the game language (JSON), or folders of them")
      ->required()
      ->type_name("FILE");
  options->seed.add_to(*cmd);
  cmd->add_option("--format", options->format, "text (a sentence) or json (one object)")
      ->check(CLI::IsMember({"text", "json"}))
      ->type_name("text|json");
  help_footer(
      *cmd,
      "Count every maximal sequence of moves the players' strategies allow in a game written\n"
      "in the game language (docs/game-language.md), as GoMoChe's `statistics` counts a\n"
      "gossip protocol's call sequences: from the start (the rules' actual world, or one drawn\n"
      "with the seed), any player may make any move its strategy allows; a sequence ends when\n"
      "nobody may move, and is successful when every player's \"win\" holds at its end. The\n"
      "empty sequence is not counted. A sequence longer than max_turns stops the count.\n"
      "With several configs (or folders of them), one line each (JSON: with \"config\"),\n"
      "counted in one process; a config that cannot be counted gets its message on stderr\n"
      "and the others are still counted.",
      "  0  counted\n  2  bad usage, a bad config, a game not in the game language, or a\n"
      "     sequence past max_turns (with several configs: in any of them)");
  cmd->callback([options] {
    // Folders are replaced by every *.json file under them, sorted.
    std::vector<std::string> files;
    for (const std::string& path : options->configs) {
      if (!std::filesystem::is_directory(path)) {
        files.push_back(path);
        continue;
      }
      options->files_only = false;
      std::vector<FileError> unreadable;
      for (const auto& file : json_files_under(path, unreadable)) files.push_back(file.string());
      if (!unreadable.empty()) throw unreadable.front();
    }
    options->configs = files;
    // Several configs: each is counted, and a bad one (or one whose sequences do not end)
    // gets its message and does not stop the others.
    bool bad = false;
    for (const std::string& file : files) {
      try {
        count(*options, file);
      } catch (const kripke::InputError& e) {
        if (files.size() == 1 && options->files_only) throw;
        std::cout.flush();
        std::cerr << "kripkesim: " << describe(e) << std::endl;
        bad = true;
      }
    }
    std::cout.flush();
    check_stdout_written();
    if (bad) throw CommandExit(kExitBadInput);
  });
}

}  // namespace kripkesim
