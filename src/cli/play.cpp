// kripkesim play CONFIG [--seat N]... [--seed N] [--log FILE]: people take seats in a game.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "arena/program_game.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/program_options.hpp"
#include "games/catalog.hpp"
#include "input/config_file.hpp"
#include "kripke/game_loop.hpp"
#include "output/interrupt.hpp"
#include "output/output_file.hpp"
#include "output/sinks.hpp"
#include "play/desk.hpp"
#include "play/line_input.hpp"
#include "play/seat_loop.hpp"
#include "play/seat_screens.hpp"

namespace kripkesim {
namespace {

struct PlayOptions {
  std::string config;
  std::vector<int> seats;  // 1-based, as typed
  ProgramOptions programs;
  SeedOption seed;
  std::string log;
};

// The people's seats: the config's "human" agents and --seat, or seat 1 when neither names
// one and no program takes a seat. An error at --seat for a seat the game does not have.
std::vector<kripke::Agent> people_seats(std::vector<kripke::Agent> people,
                                        const std::vector<int>& typed, const kripke::Play& play,
                                        bool programs) {
  const auto players = int(play.model().agent_count());
  for (int seat : typed) {
    if (seat < 1 || seat > players)
      throw kripke::InputError(fmt::format("--seat {}: {} has seats 1 to {} in this config", seat,
                                           play.game_name(), players));
    people.push_back(kripke::Agent(seat - 1));
  }
  for (kripke::Agent seat : people)
    if (int(seat) >= players)
      throw kripke::InputError(fmt::format("a person plays agent {}, but {} has {}", seat + 1,
                                           play.game_name(), players),
                               fmt::format("/agents/{}", seat));
  if (people.empty() && !programs) people.push_back(0);
  std::sort(people.begin(), people.end());
  people.erase(std::unique(people.begin(), people.end()), people.end());
  return people;
}

void play_game(const PlayOptions& options) {
  // Named, not a structured binding: clang 14 (the fuzz preset) cannot capture one.
  GameWithPeople loaded = load_game_with_people(options.config);
  const std::unique_ptr<kripke::Game>& game = loaded.game;
  const std::vector<kripke::Agent>& people = loaded.people;
  InterruptGuard interrupt;
  std::optional<OutputFile> log_file;
  std::optional<JsonlSink> log;
  kripke::NullSink no_log;
  if (!options.log.empty()) {
    log_file.emplace(options.log);
    log.emplace(log_file->stream(), log_file->name());
  }
  in_file(options.config, [&] {
    // The seats are known once the play exists; the sinks are attached before.
    play::SeatScreens screens;
    play::PersonMarker marker(log ? static_cast<kripke::EventSink&>(*log) : no_log);
    FanOutSink sinks;
    sinks.add(marker);
    sinks.add(screens);
    kripke::GameRunner runner(*game, options.seed.or_config(game->config().seed), sinks);
    std::vector<SeatProgram> specs =
        arena::seat_programs(options.programs.typed(), loaded.programs, options.programs.allowed(),
                             runner.play(), std::cerr);
    const std::vector<kripke::Agent> seats =
        people_seats(people, options.seats, runner.play(), !specs.empty());
    std::vector<kripke::Agent> taken_by_programs;
    for (const SeatProgram& spec : specs) {
      if (std::count(seats.begin(), seats.end(), spec.seat) ||
          std::count(taken_by_programs.begin(), taken_by_programs.end(), spec.seat))
        throw kripke::InputError(fmt::format("--program: seat {} is taken twice", spec.seat + 1));
      taken_by_programs.push_back(spec.seat);
    }
    const std::unique_ptr<play::Desk> desk = desk_for(runner.play());
    screens.seat(seats, *desk);
    marker.set_seats(seats);
    marker.set_programs(taken_by_programs);
    // Their standard error beside the log, if there is one.
    arena::ProgramSeats programs(std::move(specs), options.programs.limits(), marker,
                                 options.log.empty() ? "" : options.log + ".program");
    sinks.add(programs);
    programs.start(runner.play(), *desk);
    play::LineInput input(std::cin, std::cout, play::on_terminal());
    play::SeatLoop loop(runner, *desk, screens, marker, input, std::cout, seats);
    loop.stop_when(interrupt.requested());
    loop.seat_programs(programs);
    desk->seat_people(loop);
    loop.run();
    programs.finish();
  });
  if (log_file) log_file->commit();
  if (interrupt.signal())
    throw CommandExit(
        ExitCode(128 + interrupt.signal()),
        log_file ? "interrupted: the game so far is in " + options.log : "interrupted");
}

}  // namespace

void add_play_command(CLI::App& app) {
  auto options = std::make_shared<PlayOptions>();
  CLI::App* cmd =
      app.add_subcommand("play", "Take a seat in a game: people play, the AI plays the rest");
  cmd->add_option("CONFIG", options->config, "the game config (JSON)")
      ->required()
      ->type_name("FILE");
  cmd->add_option("--seat", options->seats,
                  "a seat a person plays (repeat it for several people at one screen: "
                  "hot-seat); default: the agents whose strategy is \"human\", else seat 1")
      ->type_name("N");
  options->programs.add_to(*cmd, /*seat_option=*/true);
  options->seed.add_to(*cmd);
  cmd->add_option("--log", options->log,
                  "also write the JSON Lines log to FILE (a person's moves marked \"by\": "
                  "\"person\"); written when the game ends, also by quit or end of input")
      ->type_name("FILE");
  help_footer(
      *cmd,
      "People take seats in a game (docs/cli.md#play): at a person's turn the table as that\n"
      "player sees it (its own cards, every public answer, the answers shown to it, never\n"
      "another player's private ones), then a prompt for a move in the game's words\n"
      "(nine-card: ask 2 green; clue: suggest rope Scarlet; cluedo: suggest Scarlet rope hall,\n"
      "accuse Scarlet rope hall; sleuth: ask 4 RD*; number: answer yes; muddy: answer the\n"
      "father's question) or a command: help, hint (the hint table),\n"
      "table (the knowledge table), view, history, quit. Any unambiguous start of a word will\n"
      "do. On a terminal the prompt has line editing and history; with several people the\n"
      "screen is cleared and the keyboard passed between turns. Input from a pipe or file is\n"
      "read line by line and echoed. End of input ends the game; the log is still written,\n"
      "and so it is when Ctrl-C, SIGTERM or a closed terminal (SIGHUP) stops the game (its\n"
      "end reason: \"interrupted\").",
      "  0  the game ended (won, stalled, the turn limit, quit or end of input)\n"
      "  2  bad usage, a bad config, or a game without seats (a model)",
      "  130  interrupted by Ctrl-C (143: by SIGTERM, 129: by SIGHUP); the log so far is written");
  cmd->callback([options] { play_game(*options); });
}

}  // namespace kripkesim
