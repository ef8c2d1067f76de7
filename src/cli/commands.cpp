#include "cli/commands.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <vector>

#include "games/catalog.hpp"
#include "kripke/config_reader.hpp"
#include "output/file_error.hpp"

namespace kripkesim {

void help_footer(CLI::App& command, const std::string& details, const std::string& exit_codes,
                 const std::string& signal_codes) {
  command.footer(details + "\n\nExit codes:\n" + exit_codes +
                 "\n  3  internal error (a bug in kripkesim)" +
                 (signal_codes.empty() ? "" : "\n" + signal_codes));
}

namespace {

// The closest of `names` to `word`, if it is close enough to be a typo of it.
std::string nearest(const std::string& word, const std::vector<std::string>& names) {
  std::string best;
  std::size_t best_distance = std::max<std::size_t>(2, kripke::typo_edits(word)) + 1;
  for (const std::string& name : names)
    if (const std::size_t d = kripke::edit_distance(word, name, best_distance - 1);
        d < best_distance)
      best = name, best_distance = d;
  return best;
}

// The words a usage error complains about: after "not expected: " (CLI11's ExtrasError).
std::vector<std::string> unexpected_words(const std::string& problem) {
  std::vector<std::string> words;
  const std::string marker = "not expected: ";
  const std::size_t at = problem.find(marker);
  if (at == std::string::npos) return words;
  std::istringstream in(problem.substr(at + marker.size()));
  for (std::string w; in >> w;) words.push_back(w.substr(0, w.find('=')));
  return words;
}

}  // namespace

std::string unknown_command_message(const std::string& word,
                                    const std::vector<std::string>& commands) {
  const std::string near = nearest(word, commands);
  return "unknown command '" + word + "'" + (near.empty() ? "" : " (did you mean " + near + "?)") +
         "; the commands are " + kripke::ObjectReader::join(commands);
}

std::string usage_error_message(const CLI::App& app, const std::string& problem,
                                const std::vector<std::string>& args) {
  std::vector<std::string> commands;
  for (const CLI::App* sub : app.get_subcommands({})) commands.push_back(sub->get_name());
  std::string message = "kripkesim: " + problem;
  if (problem.find("subcommand is required") != std::string::npos) {
    // The first word that is not an option was meant as the command.
    const auto word = std::find_if(args.begin(), args.end(),
                                   [](const std::string& a) { return a.rfind("-", 0) != 0; });
    if (word == args.end())
      return "kripkesim: a command is required (" + kripke::ObjectReader::join(commands) +
             ")\nRun \"kripkesim --help\" for the usage.\n";
    return "kripkesim: " + unknown_command_message(*word, commands) +
           "\nRun \"kripkesim --help\" for the usage.\n";
  }
  const std::vector<CLI::App*> used = app.get_subcommands();
  std::vector<std::string> options;
  for (const CLI::App* scope : used.empty()
                                   ? std::vector<const CLI::App*>{&app}
                                   : std::vector<const CLI::App*>(used.begin(), used.end()))
    for (const CLI::Option* o : scope->get_options())
      for (const std::string& name : o->get_lnames()) options.push_back("--" + name);
  for (const std::string& word : unexpected_words(problem)) {
    const bool option = word.rfind("-", 0) == 0;
    const std::string near = nearest(word, option ? options : commands);
    if (!near.empty() && (option || used.empty()))
      message += "\n  did you mean " + near + " (for " + word + ")?";
  }
  const std::string where = used.empty() ? "" : " " + used.front()->get_name();
  return message + "\nRun \"kripkesim" + where + " --help\" for the usage.\n";
}

void check_stdout_written() {
  std::cout.flush();
  const bool failed = !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout);
  if (failed) {
    std::cout.clear();
    std::clearerr(stdout);
    throw FileError("standard output",
                    "cannot write (a full disk, or a closed pipe?): the output is incomplete");
  }
}

void add_count_option(CLI::App& command, const std::string& name, std::uint64_t max,
                      const std::function<void(std::uint64_t)>& set, const std::string& help) {
  command
      .add_option_function<std::string>(
          name,
          [set](const std::string& text) {
            std::uint64_t number = 0;
            kripke::parse_decimal(text, number);
            set(number);
          },
          help)
      ->check(
          [max](const std::string& text) {
            std::uint64_t number = 0;
            return kripke::parse_decimal(text, number) && number <= max
                       ? std::string()
                       : "'" + text + "' is not a whole number from 0 to " + std::to_string(max);
          },
          "N")
      ->type_name("N");
}

void SeedOption::add_to(CLI::App& command) {
  // Read as text and checked here: CLI11 would wrap "-1" and saturate 2^64 without a word.
  option_ = command
                .add_option("--seed", text_,
                            "seed for the deal and the agents' choices, 0 to 2^53-1 (default: the "
                            "config's)")
                ->type_name("N")
                ->check(
                    [](const std::string& text) {
                      std::uint64_t seed = 0;
                      return kripke::parse_decimal(text, seed) && seed <= kripke::kMaxSeed
                                 ? std::string()
                                 : "'" + text + "' is not a seed: " + kripke::kSeedRange;
                    },
                    "SEED");
}

std::uint64_t SeedOption::or_config(std::uint64_t config_seed) const {
  std::uint64_t seed = config_seed;
  if (option_ && option_->count() > 0) kripke::parse_decimal(text_, seed);
  return seed;
}

void EngineOption::add_to(CLI::App& command) {
  command
      .add_option("--engine", engine_,
                  "explicit (every world listed), symbolic (binary decision diagrams: the muddy "
                  "children, models, and games of public moves such as gossip) or auto (default: "
                  "the config's \"engine\")")
      ->check(CLI::IsMember({"explicit", "symbolic", "auto"}))
      ->type_name("ENGINE");
}

void EngineOption::apply(kripke::GameConfig& config) const {
  config.list_worlds = lists_worlds_;
  if (engine_.empty()) return;
  try {
    games().set_engine(config, engine_, "");
    config.engine_source = "--engine";
  } catch (const kripke::InputError& e) {
    throw FileError("--engine", e);
  }
}

}  // namespace kripkesim
