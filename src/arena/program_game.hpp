// A game with programs at some seats and nobody at a keyboard (`run`, `batch` and
// `tournament` with programs): the seat loop of `kripkesim play` without people, so that a
// program's turn, its choices between turns and its faults go exactly as at `play`.
#pragma once

#include <atomic>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "arena/program_seats.hpp"
#include "kripke/game_loop.hpp"
#include "output/sinks.hpp"
#include "play/seat_loop.hpp"

namespace kripkesim::arena {

// The programs a command seats: --program's (`typed`, SEAT=PROGRAM), then the config's for
// the other seats, which run only when `allow` (--allow-programs: a config stays data;
// otherwise an InputError at the config's pointer) and are named on `announce`.
std::vector<SeatProgram> seat_programs(const std::vector<std::string>& typed,
                                       const std::vector<SeatProgram>& configured, bool allow,
                                       const kripke::Play& play, std::ostream& announce);

class ProgramGame {
 public:
  // The events go to `out`, the programs' moves marked "by": "program" and their seats'
  // strategy "program" in the start record. `stderr_prefix` as ProgramSeats takes it.
  ProgramGame(kripke::EventSink& out, ProgramLimits limits, std::string stderr_prefix);

  // The sink to build the GameRunner with: the log, and the programs' views once seated.
  kripke::EventSink& sink() { return sinks_; }
  // Seats `programs` and plays the runner's game (not started yet) to its end, or until
  // `stop` turns true (the end reason is then "interrupted"). InputError when a seat is
  // given two programs or is not in the game, or the game has no seats (a model).
  void play(kripke::GameRunner& runner, std::vector<SeatProgram> programs,
            const std::atomic<bool>* stop = nullptr);
  // The requests the programs were sent (after play).
  long long requests() const { return programs_ ? programs_->requests() : 0; }
  // kripkesim's CPU time on the protocol (ProgramSeats::cpu_seconds).
  double protocol_cpu_seconds() const { return programs_ ? programs_->cpu_seconds() : 0; }

 private:
  ProgramLimits limits_;
  std::string stderr_prefix_;
  play::PersonMarker marker_;
  std::optional<ProgramSeats> programs_;
  // The programs' views, forwarded once they are seated. Enabled from the start: a game
  // whose log goes nowhere (a batch without --log-dir) still shows the programs every event.
  class ToPrograms final : public kripke::EventSink {
   public:
    explicit ToPrograms(std::optional<ProgramSeats>& programs) : programs_(programs) {}
    void emit(const kripke::Event& event) override {
      if (programs_) programs_->emit(event);
    }
    bool enabled() const override { return true; }
    bool reads_relations() const override { return false; }

   private:
    std::optional<ProgramSeats>& programs_;
  } to_programs_{programs_};
  FanOutSink sinks_;
};

}  // namespace kripkesim::arena
