// kripkesim play CONFIG [--seat N]... [--seed N] [--log FILE]: people take seats in a game.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "arena/program_seats.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
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
  std::vector<int> seats;             // 1-based, as typed
  std::vector<std::string> programs;  // SEAT=PROGRAM, as typed
  double program_timeout = 10;        // seconds per request
  bool allow_programs = false;        // run the programs the config names
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

// The desk of the play's game; an InputError naming the games that have one otherwise.
std::unique_ptr<play::Desk> desk_for(kripke::Play& play) {
  std::vector<std::string> seated;
  for (const GameUnit& unit : game_units()) {
    if (!unit.make_desk) continue;
    if (unit.info.name == play.game_name()) return unit.make_desk(play);
    seated.push_back(unit.info.name);
  }
  const std::string last = seated.back();
  seated.pop_back();
  throw kripke::InputError("people cannot take a seat in " + play.game_name() +
                           ": kripkesim play runs " + kripke::ObjectReader::join(seated) + " and " +
                           last);
}

// The programs' seats: --program's, then the config's for the other seats, which run only
// with --allow-programs (a config stays data) and are named on standard error.
std::vector<SeatProgram> program_seats(const PlayOptions& options,
                                       const std::vector<SeatProgram>& configured,
                                       const kripke::Play& play) {
  std::vector<SeatProgram> specs;
  for (const std::string& text : options.programs)
    specs.push_back(arena::parse_program_option(text, int(play.model().agent_count())));
  for (const SeatProgram& named : configured) {
    const std::string argv = arena::command_line(named.argv);
    if (!options.allow_programs)
      throw kripke::InputError("this config has seat " + std::to_string(named.seat + 1) +
                                   " played by the program `" + argv +
                                   "`: kripkesim runs a config's programs only with "
                                   "--allow-programs",
                               named.source + "/program");
    arena::check_program_seat(named, play);
    if (std::any_of(specs.begin(), specs.end(),
                    [&](const SeatProgram& s) { return s.seat == named.seat; }))
      continue;
    std::cerr << "kripkesim: seat " << named.seat + 1 << " is played by `" << argv << "`\n";
    specs.push_back(named);
  }
  return specs;
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
    std::vector<SeatProgram> specs = program_seats(options, loaded.programs, runner.play());
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
    arena::ProgramLimits limits;
    limits.timeout = std::chrono::milliseconds(std::int64_t(options.program_timeout * 1000));
    // Their standard error beside the log, if there is one.
    arena::ProgramSeats programs(std::move(specs), limits, marker,
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
  cmd->add_option("--program", options->programs,
                  "a seat a program plays over the seat protocol (docs/agents.md): "
                  "SEAT=\"python3 agent.py\" (words split at spaces, no shell) or "
                  "SEAT='[\"python3\", \"agent.py\"]' (a JSON list); repeat it for several")
      ->type_name("SEAT=PROGRAM")
      // One value each time, so that CONFIG may follow it.
      ->allow_extra_args(false);
  cmd->add_option("--program-timeout", options->program_timeout,
                  "seconds a program has for each request, its queries included (default 10); "
                  "past it the program is stopped and the seat's built-in strategy plays on")
      ->type_name("SECONDS")
      ->check(CLI::Range(0.001, 86400.0));
  cmd->add_flag("--allow-programs", options->allow_programs,
                "start the programs the config names for its seats (\"strategy\": {\"program\": "
                "[...]}); without it such a config is refused, so that a shared config never "
                "runs a program unasked");
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
