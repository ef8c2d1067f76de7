#include "arena/program_game.hpp"

#include <algorithm>
#include <memory>
#include <ostream>
#include <sstream>

#include "games/catalog.hpp"
#include "play/desk.hpp"
#include "play/line_input.hpp"
#include "play/seat_screens.hpp"

namespace kripkesim::arena {

std::vector<SeatProgram> seat_programs(const std::vector<std::string>& typed,
                                       const std::vector<SeatProgram>& configured, bool allow,
                                       const kripke::Play& play, std::ostream& announce) {
  std::vector<SeatProgram> specs;
  for (const std::string& text : typed)
    specs.push_back(parse_program_option(text, int(play.model().agent_count())));
  for (const SeatProgram& named : configured) {
    const std::string argv = command_line(named.argv);
    if (!allow)
      throw kripke::InputError("this config has seat " + std::to_string(named.seat + 1) +
                                   " played by the program `" + argv +
                                   "`: kripkesim runs a config's programs only with "
                                   "--allow-programs",
                               named.source + "/program");
    check_program_seat(named, play);
    if (std::any_of(specs.begin(), specs.end(),
                    [&](const SeatProgram& s) { return s.seat == named.seat; }))
      continue;
    announce << "kripkesim: seat " << named.seat + 1 << " is played by `" << argv << "`\n";
    specs.push_back(named);
  }
  return specs;
}

ProgramGame::ProgramGame(kripke::EventSink& out, ProgramLimits limits, std::string stderr_prefix)
    : limits_(limits), stderr_prefix_(std::move(stderr_prefix)), marker_(out) {
  sinks_.add(marker_);
  sinks_.add(to_programs_);
}

void ProgramGame::play(kripke::GameRunner& runner, std::vector<SeatProgram> programs,
                       const std::atomic<bool>* stop) {
  std::vector<kripke::Agent> seats;
  for (const SeatProgram& program : programs) {
    check_program_seat(program, runner.play());
    if (std::count(seats.begin(), seats.end(), program.seat))
      throw kripke::InputError(
          "seat " + std::to_string(program.seat + 1) + " is given two programs", program.source);
    seats.push_back(program.seat);
  }
  const std::unique_ptr<play::Desk> desk = desk_for(runner.play());
  marker_.set_programs(seats);
  // The play emits nothing before its start: the programs see every event.
  programs_.emplace(std::move(programs), limits_, marker_, stderr_prefix_);
  programs_->start(runner.play(), *desk);
  // Nobody types and nobody watches: the loop asks only the programs.
  play::SeatScreens screens;
  screens.seat({}, *desk);
  std::istringstream no_keyboard;
  std::ostringstream no_screen;
  play::LineInput input(no_keyboard, no_screen, /*terminal=*/false);
  play::SeatLoop loop(runner, *desk, screens, marker_, input, no_screen, {});
  if (stop) loop.stop_when(*stop);
  loop.seat_programs(*programs_);
  desk->seat_people(loop);
  loop.run();
  programs_->finish();
}

}  // namespace kripkesim::arena
