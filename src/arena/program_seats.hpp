// Programs at seats, over the seat protocol (docs/agents.md): each seat's program is started
// with its argv (no shell), greeted with a `hello`, shown every event as its seat sees it
// (Play::seat_view: never another seat's cards or counts), and asked for a move at its turn
// (with the legal moves in the game's JSON move form) and for every choice its seat makes
// between turns. Before it answers it may ask what its seat knows (a formula, the table, the
// hint), answered from the seat's information only.
//
// A program is untrusted input. A line that is not JSON, an unknown request or an illegal
// move gets an error and the request again, up to `retries` times; then the seat's built-in
// strategy decides that request. No answer within the time limit, a line longer than 1 MiB,
// or the program's end (exit, crash, closed output) stops it for the rest of the game: its
// built-in strategy plays on. Every fault is a `program` record in the log.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "arena/agent_process.hpp"
#include "input/config_file.hpp"
#include "kripke/events.hpp"
#include "kripke/play.hpp"
#include "play/desk.hpp"
#include "play/program_table.hpp"

namespace kripkesim::arena {

struct ProgramLimits {
  std::chrono::milliseconds timeout{10'000};  // per request, queries included
  int retries = 2;                            // error replies before the fallback decides
  int max_queries = 10'000;                   // per request
};

// "2=python3 my_agent.py" (words split at spaces) or "2=[\"python3\", \"my agent.py\"]" (a
// JSON list): the seat, 1-based, and the argv. InputError saying what is wrong.
SeatProgram parse_program_option(const std::string& text, int players);

// The argv as one line for messages: words with a space or a quote in JSON quotes.
std::string command_line(const std::vector<std::string>& argv);

// InputError at the program's source (a config's pointer) when its seat is not one of the
// play's.
void check_program_seat(const SeatProgram& program, const kripke::Play& play);

class ProgramSeats final : public play::ProgramTable, public kripke::EventSink {
 public:
  // `log`: where fault records go (the log, not the screens). `stderr_prefix`: each
  // program's standard error goes to PREFIX-seat-N.txt ("" : /dev/null).
  ProgramSeats(std::vector<SeatProgram> specs, ProgramLimits limits, kripke::EventSink& log,
               std::string stderr_prefix);
  ~ProgramSeats() override;  // stops every program still running (none is left behind)

  // Starts the programs and greets them, once the play and the desk exist.
  void start(const kripke::Play& play, const play::Desk& desk);
  // Tells every program the game is over, and stops them (none is left running).
  void finish();

  bool seats(kripke::Agent a) const override;
  // Requests sent so far (moves and choices).
  long long requests() const { return next_id_ - 1; }
  // The CPU time kripkesim spent on the protocol so far: showing the events, writing the
  // requests, reading and checking the replies, answering queries (not waiting).
  double cpu_seconds() const { return cpu_seconds_; }
  std::optional<kripke::Json> move(kripke::Agent a,
                                   const std::vector<kripke::Json>& legal_moves) override;
  std::optional<std::string> choose(kripke::Agent a, const std::string& question,
                                    const std::vector<std::string>& choices) override;

  // Each event, as each program's seat sees it.
  void emit(const kripke::Event& event) override;
  bool enabled() const override { return true; }
  // A seat's view has its own count of possible worlds, never relation counts.
  bool reads_relations() const override { return false; }

 private:
  struct Seat;
  Seat* seat_of(kripke::Agent a);
  // Sends `request` and reads replies until one passes `check` (which returns the error to
  // send back, or ""): that reply, or nullopt after a fault.
  std::optional<kripke::Json> ask(Seat& seat, kripke::Json request,
                                  const std::function<std::string(const kripke::Json&)>& check);
  // A query's answer: what the seat knows.
  kripke::Json answer_query(const Seat& seat, const kripke::Json& query) const;
  // In how many of the seat's possible worlds each formula holds.
  kripke::Json count_answer(kripke::Agent me, const kripke::Json& formulas) const;
  static constexpr std::size_t kMaxCountedFormulas = 100'000;
  void send(Seat& seat, const kripke::Json& message);
  // One JSON object, as text, after the events held for the seat ("": only those).
  void send_line(Seat& seat, const std::string& line);
  // An event's line, written with the next message (or once kHeldBytes are held).
  void hold_line(Seat& seat, const std::string& line);
  static constexpr std::size_t kHeldBytes = std::size_t{1} << 16;
  // Logs a fault; `stop`: the program plays no more.
  void fault(Seat& seat, const std::string& kind, const std::string& detail, bool stop);

  std::vector<std::unique_ptr<Seat>> seats_;
  ProgramLimits limits_;
  kripke::EventSink& log_;
  std::string stderr_prefix_;
  const kripke::Play* play_ = nullptr;
  const play::Desk* desk_ = nullptr;
  long long next_id_ = 1;
  double cpu_seconds_ = 0;
};

}  // namespace kripkesim::arena
