// kripkesim: the command-line entry point. The subcommands live in src/cli/ (commands.hpp);
// this file only assembles them and turns errors into exit codes (src/cli/exit_codes.hpp).
#include <CLI/CLI.hpp>
#include <csignal>
#include <exception>
#include <filesystem>
#include <iostream>
#include <new>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "kripke/errors.hpp"
#include "output/build_info.hpp"
#include "output/file_error.hpp"
#include "output/memory_reserve.hpp"

int main(int argc, char** argv) {
  using namespace kripkesim;
  // No malloc tuning: glibc's own thresholds adapt to the sizes a game frees, and the
  // engine recycles its large buffers itself (include/kripke/recycling.hpp). Setting
  // M_TRIM_THRESHOLD, as this file once did, switches that adaptation off and sends every
  // block over 128 KiB to mmap: a Clue batch then spent half its CPU time in the kernel.
  // A closed pipe (`kripkesim run ... | head`) makes writes fail instead of killing the
  // process: the command stops, says so and exits 2, and leaves no temporary file.
  std::signal(SIGPIPE, SIG_IGN);
  // Running out of memory anywhere, reading a config included, ends with exit 2 and its
  // message: the reserve gives the error room to unwind.
  keep_memory_reserve();
  CLI::App app(
      "kripkesim: an epistemic game simulator. Games are Kripke models updated by\n"
      "public and private announcements; agents play them, and every update is logged.",
      "kripkesim");
  app.set_version_flag("--version", "kripkesim " + build_id(),
                       "print the version and the git commit it was built from, then exit");
  app.require_subcommand(1);
  use_wrapping_help(app);
  add_help_command(app);
  add_list_command(app);
  add_run_command(app);
  add_play_command(app);
  add_assist_command(app);
  add_check_command(app);
  add_draw_command(app);
  add_validate_command(app);
  add_sequences_command(app);
  add_plan_command(app);
  add_scenario_command(app);
  add_batch_command(app);
  add_tournament_command(app);
  add_merge_command(app);
  add_bench_command(app);
  help_footer(
      app, "Run \"kripkesim COMMAND --help\" for a command's options. Documentation: docs/cli.md",
      "  0  success\n  1  an expectation failed (scenario, check)\n"
      "  2  bad usage, a bad config or bad input: the message names the file, the JSON path\n"
      "     (or the formula's column) and the problem",
      "  130  batch, tournament: interrupted by Ctrl-C (143: by SIGTERM); the finished games\n"
      "       are kept");
  const std::vector<std::string> args(argv + 1, argv + argc);
  app.failure_message([&args](const CLI::App* parsed, const CLI::Error& e) {
    return usage_error_message(*parsed, e.what(), args);
  });
  try {
    try {
      app.parse(argc, argv);
      check_stdout_written();
      return kExitOk;
    } catch (const CommandExit& e) {
      check_stdout_written();  // an outcome reported to a stdout that took nothing is none
      if (*e.what()) std::cerr << "kripkesim: " << e.what() << '\n';
      return e.code();
    }
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? kExitOk : kExitBadInput;
  } catch (const kripke::InputError& e) {
    std::cout.flush();
    std::cerr << "kripkesim: " << describe(e) << '\n';
    return kExitBadInput;
  } catch (const std::filesystem::filesystem_error& e) {
    // A path the user gave that the system refused (a loop of links, a name too long, a
    // folder without permission) wherever a command did not name it itself.
    std::cout.flush();
    std::cerr << "kripkesim: " << e.path1().string() << ": " << e.code().message() << '\n';
    return kExitBadInput;
  } catch (const std::bad_alloc&) {
    // The memory estimate (max_memory) let through what the process could not get: a
    // limit set outside (ulimit, a container) or other programs' use of the memory.
    std::cout.flush();
    std::cerr << "kripkesim: " << kOutOfMemory << '\n';
    return kExitBadInput;
  } catch (const std::exception& e) {
    std::cout.flush();
    std::cerr << "kripkesim: internal error: " << e.what() << '\n';
    return kExitInternalError;
  }
}
