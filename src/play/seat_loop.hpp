// `kripkesim play`'s loop: the AI agents play their turns, and at a person's turn the person
// types commands and a move, which is played as a scenario's move step would be (so the log
// is the same, the move marked "by": "person"). With several people at one screen
// (hot-seat) the screen is cleared and the keyboard passed between their turns, so that
// nobody sees another's cards.
#pragma once

#include <atomic>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "kripke/game_loop.hpp"
#include "play/desk.hpp"
#include "play/line_input.hpp"
#include "play/program_table.hpp"
#include "play/seat_screens.hpp"

namespace kripkesim::play {

// Marks the people and programs in the log on its way to `next`: "strategy": "human" (or
// "program") for their seats in the start record, "by": "person" (or "program") on the
// moves their turns emit.
class PersonMarker final : public kripke::EventSink {
 public:
  explicit PersonMarker(kripke::EventSink& next) : next_(next) {}
  void set_seats(std::vector<kripke::Agent> seats) { seats_ = std::move(seats); }
  void set_programs(std::vector<kripke::Agent> seats) { programs_ = std::move(seats); }
  void emit(const kripke::Event& event) override;
  bool enabled() const override { return next_.enabled(); }
  bool reads_relations() const override { return next_.reads_relations(); }
  // Whether the moves emitted from now on are made at a seat (by its person or its
  // program: the move's agent says which) rather than by the game's own strategies.
  void set_seat_moving(bool moving) { seat_moving_ = moving; }

 private:
  kripke::EventSink& next_;
  std::vector<kripke::Agent> seats_, programs_;
  bool seat_moving_ = false;
};

class SeatLoop final : public Seats {
 public:
  SeatLoop(kripke::GameRunner& runner, Desk& desk, SeatScreens& screens, PersonMarker& marker,
           LineInput& input, std::ostream& out, std::vector<kripke::Agent> seats)
      : runner_(runner),
        desk_(desk),
        screens_(screens),
        marker_(marker),
        input_(input),
        out_(out),
        seats_(std::move(seats)) {}

  // Plays the game to its end, or until a person quits, the input ends or `stop` is raised
  // (the game then ends with the reason "quit", "input ended" or "interrupted").
  void run();
  // Seats played by programs (src/arena/): asked for their moves and choices as data.
  void seat_programs(ProgramTable& programs) { programs_ = &programs; }
  // A flag (InterruptGuard's) that ends the game after the current turn: a person's turn
  // ends at once, as a signal also ends the wait for a line (the read fails with EINTR).
  void stop_when(const std::atomic<bool>& stop) { stop_ = &stop; }

  bool is_person(kripke::Agent a) const override;
  std::optional<std::string> choose(kripke::Agent a, const std::string& question,
                                    const std::vector<std::string>& choices) override;
  void tell(kripke::Agent a, const std::string& text) override;

 private:
  enum class TurnEnd { Moved, Quit, InputEnded };

  // Hands the screen to `me`: the hot-seat pause, then what `me` has not seen yet and its
  // view of the table (and, for its turn, the desk's turn prompt). False when the input
  // ended during the pause.
  bool sit_down(kripke::Agent me, bool for_turn);
  TurnEnd person_turn(kripke::Agent me);
  // What happened since, as whoever has the keyboard sees it (`fallback`, else the first
  // person's seat, when nobody sat down yet); nothing when no person plays.
  void show_backlog(std::optional<kripke::Agent> fallback = std::nullopt);
  // A program's turn: its move, or its built-in strategy's when it fails.
  void program_turn(kripke::Agent me);
  bool is_program(kripke::Agent a) const { return programs_ && programs_->seats(a); }
  // The words of the next line typed at `prompt`; none at the end of the input.
  std::optional<std::vector<std::string>> read_words(const std::string& prompt);
  // help, hint, table, view, history: false for any other command.
  bool info_command(kripke::Agent me, const std::string& command);
  // The desk's questions between turns (GameRunner::before_win_check: after a turn's
  // updates, before its winners), and the people who answered wrongly ruled out.
  void between_turns();
  std::string help(kripke::Agent me) const;

  kripke::GameRunner& runner_;
  ProgramTable* programs_ = nullptr;
  Desk& desk_;
  SeatScreens& screens_;
  PersonMarker& marker_;
  LineInput& input_;
  std::ostream& out_;
  std::vector<kripke::Agent> seats_;
  std::optional<kripke::Agent> seated_;
  // The game ends after the current turn: the input ended, or a person typed quit.
  bool input_ended_ = false;
  bool quit_ = false;
  // Words typed after a choice's answer, which answer the questions that follow it
  // ("accuse White dagger kitchen" at "Accuse now?"), each echoed after its question.
  std::vector<std::string> typed_ahead_;
  const std::atomic<bool>* stop_ = nullptr;
  bool interrupted() const { return stop_ && stop_->load(); }
};

}  // namespace kripkesim::play
