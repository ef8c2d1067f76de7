// The subcommands of kripkesim, one function each (src/cli/<command>.cpp): it adds the
// subcommand, its options and its help text to the app, and the callback that runs it. A
// command reports bad input by throwing kripke::InputError (exit 2) and other outcomes by
// throwing CommandExit.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace kripke {
struct GameConfig;
}  // namespace kripke

namespace kripkesim {

void add_list_command(CLI::App& app);
void add_run_command(CLI::App& app);
void add_play_command(CLI::App& app);
void add_assist_command(CLI::App& app);
void add_check_command(CLI::App& app);
void add_draw_command(CLI::App& app);
void add_validate_command(CLI::App& app);
void add_sequences_command(CLI::App& app);
void add_plan_command(CLI::App& app);
void add_scenario_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_batch_command(CLI::App& app);
void add_tournament_command(CLI::App& app);
void add_merge_command(CLI::App& app);
void add_help_command(CLI::App& app);

// Help texts wrapped to kripke::kTextWidth columns, for the app and the commands added after.
void use_wrapping_help(CLI::App& app);

// The end of a command's --help: what it does in detail, then its exit codes (one per line;
// "3 internal error" is added after them, and the codes for being stopped by a signal, if
// any, after that). The one-line summary given to add_subcommand is what `kripkesim --help`
// lists.
void help_footer(CLI::App& command, const std::string& details, const std::string& exit_codes,
                 const std::string& signal_codes = "");

// "unknown command 'WORD' (did you mean NEAR?); the commands are ...".
std::string unknown_command_message(const std::string& word,
                                    const std::vector<std::string>& commands);

// What a usage error says (main.cpp's CLI11 failure message): "kripkesim: " and the
// problem, with the nearest command or option when a word was mistyped.
// `args` are the command line's words after the program's name.
std::string usage_error_message(const CLI::App& app, const std::string& problem,
                                const std::vector<std::string>& args);

// Standard output could not be written (a full disk, /dev/full, a closed pipe): an InputError
// naming it, thrown when the command has finished writing.
void check_stdout_written();

// The largest --limit or --step: far above any count that makes sense, far below a wrap.
inline constexpr std::uint64_t kMaxCountOption = 1'000'000'000;

// A whole-number option (--limit, --step) from 0 to `max`, read as decimal digits: CLI11
// alone would read "-5" as 2^64 - 5 and 2^64 as 2^64 - 1. Sets `value` when given.
void add_count_option(CLI::App& command, const std::string& name, std::uint64_t max,
                      const std::function<void(std::uint64_t)>& set, const std::string& help);

// --seed N, which overrides the config's seed.
class SeedOption {
 public:
  void add_to(CLI::App& command);
  std::uint64_t or_config(std::uint64_t config_seed) const;

 private:
  std::string text_;
  CLI::Option* option_ = nullptr;
};

// --engine explicit|symbolic|auto, which overrides the config's "engine" (a game that has no
// symbolic engine refuses "symbolic", naming the option).
class EngineOption {
 public:
  void add_to(CLI::App& command);
  // --engine if given, and whether the command needs the worlds listed (GameConfig's
  // list_worlds: draw does).
  void apply(kripke::GameConfig& config) const;
  void set_lists_worlds() { lists_worlds_ = true; }

 private:
  std::string engine_;
  bool lists_worlds_ = false;
};

}  // namespace kripkesim
