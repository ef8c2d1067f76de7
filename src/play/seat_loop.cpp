#include "play/seat_loop.hpp"

#include <algorithm>

#include "kripke/text_width.hpp"

namespace kripkesim::play {
namespace {

// The loop's own commands; a game's move verbs come from its desk.
const std::vector<std::string> kCommands = {"help", "hint", "table", "view", "history", "quit"};

}  // namespace

void PersonMarker::emit(const kripke::Event& event) {
  const std::string kind = event.record.is_object() ? event.record.value("event", "") : "";
  if (kind == "start") {
    kripke::Event marked = event;
    for (auto& agent : marked.record["agents"]) {
      for (kripke::Agent seat : seats_)
        if (agent.value("agent", 0) == seat + 1) agent["strategy"] = "human";
      for (kripke::Agent seat : programs_)
        if (agent.value("agent", 0) == seat + 1) agent["strategy"] = "program";
    }
    next_.emit(marked);
  } else if (kind == "move" && seat_moving_) {
    // The move's agent says whose it is: a program's answer between turns is logged while
    // the people's are (ask_claims).
    kripke::Event marked = event;
    const kripke::Agent mover = kripke::Agent(event.record.value("agent", 0) - 1);
    const bool program = std::find(programs_.begin(), programs_.end(), mover) != programs_.end();
    marked.record["by"] = program ? "program" : "person";
    next_.emit(marked);
  } else {
    next_.emit(event);
  }
}

bool SeatLoop::is_person(kripke::Agent a) const {
  // A desk asks a program's seat its choices as it asks a person's.
  return std::find(seats_.begin(), seats_.end(), a) != seats_.end() || is_program(a);
}

void SeatLoop::run() {
  runner_.before_win_check([this] { between_turns(); });
  desk_.ask_within_turns([this] { between_turns(); });
  runner_.start();
  while (!runner_.finished()) {
    const std::optional<kripke::Agent> mover = desk_.to_move();
    if (interrupted()) {
      input_ended_ = true;  // nobody is asked anything more
    } else if (mover && is_program(*mover)) {
      program_turn(*mover);
    } else if (!mover || !is_person(*mover)) {
      runner_.step();
    } else if (!sit_down(*mover, /*for_turn=*/true)) {
      input_ended_ = true;
    } else if (person_turn(*mover) == TurnEnd::Quit) {
      quit_ = true;
    }
    if (quit_) runner_.stop(kripke::EndReason::Quit);
    if (input_ended_)
      runner_.stop(interrupted() ? kripke::EndReason::Interrupted : kripke::EndReason::InputEnded);
  }
  // The end, as the last person at the screen sees it (the first seat if nobody moved).
  show_backlog();
}

void SeatLoop::show_backlog(std::optional<kripke::Agent> fallback) {
  if (seats_.empty()) return;
  const kripke::Agent viewer = seated_.value_or(fallback.value_or(seats_.front()));
  out_ << kripke::fit_lines(screens_.take_backlog(viewer)) << std::flush;
}

void SeatLoop::program_turn(kripke::Agent me) {
  const std::optional<kripke::Json> move = programs_->move(me, runner_.play().legal_moves());
  if (!move) {
    runner_.step();  // its built-in strategy (the fault is in the log)
    return;
  }
  marker_.set_seat_moving(true);
  runner_.person_turn(*move, "/move", runner_.play().agent_name(me) + "'s program");
  marker_.set_seat_moving(false);
  show_backlog();
}

void SeatLoop::between_turns() {
  if (input_ended_ || quit_) return;
  marker_.set_seat_moving(true);
  desk_.between_turns(*this);
  marker_.set_seat_moving(false);
  for (kripke::Agent person : desk_.wrong_claims()) runner_.play().rule_out(person);
}

void SeatLoop::tell(kripke::Agent a, const std::string& text) {
  if (is_program(a)) return;  // a program learns the verdict from the events it is shown
  out_ << text << "\n";       // `a` has just answered: it has the screen
}

bool SeatLoop::sit_down(kripke::Agent me, bool for_turn) {
  const bool pass = seats_.size() > 1 && seated_ != me;
  seated_ = me;
  if (pass) {
    const std::string name = runner_.play().agent_name(me);
    if (input_.terminal()) {
      out_ << "\x1b[2J\x1b[H";  // clear the screen: the last person's cards go
      if (!input_.read("Pass the keyboard to " + name + " and press Enter. ")) return false;
      out_ << "\x1b[2J\x1b[H";
    } else {
      out_ << "=== " << name << " at the keyboard ===\n";
    }
  }
  // What is in front of the seat, again only when something happened since: a run of
  // questions to one person (accuse? which suspect? which weapon?) shows it once.
  const std::string backlog = screens_.take_backlog(me);
  if (for_turn || pass || !backlog.empty())
    out_ << kripke::fit_lines(backlog + desk_.view(me)) << "\n";
  if (const std::string prompt = desk_.turn_prompt(me); for_turn && !prompt.empty())
    out_ << kripke::fit_lines(prompt) << "\n";
  return true;
}

bool SeatLoop::info_command(kripke::Agent me, const std::string& command) {
  if (command == "help") {
    out_ << kripke::fit_lines(help(me)) << "\n";
  } else if (command == "hint") {
    out_ << kripke::fit_lines(desk_.hint(me)) << "\n";
  } else if (command == "table") {
    out_ << kripke::fit_lines(desk_.table(me)) << "\n";
  } else if (command == "view") {
    out_ << kripke::fit_lines(desk_.view(me)) << "\n";
    if (const std::string prompt = desk_.turn_prompt(me); desk_.to_move() == me && !prompt.empty())
      out_ << prompt << "\n";
  } else if (command == "history") {
    for (const std::string& shown : screens_.history(me)) out_ << shown << "\n";
  } else {
    return false;
  }
  return true;
}

SeatLoop::TurnEnd SeatLoop::person_turn(kripke::Agent me) {
  typed_ahead_.clear();  // what answered an earlier run of questions, and was left over
  std::vector<std::string> words_known = kCommands;
  for (const std::string& verb : desk_.verbs()) words_known.push_back(verb);
  const std::string prompt = runner_.play().agent_name(me) + "> ";
  for (;;) {
    std::optional<std::vector<std::string>> read = read_words(prompt);
    if (!read) return TurnEnd::InputEnded;
    std::vector<std::string>& words = *read;
    if (words.empty()) continue;
    kripke::Json move;
    try {
      words[0] = complete(words[0], words_known, "command");
      if (words[0] == "quit") return TurnEnd::Quit;
      if (!info_command(me, words[0])) move = desk_.read_move(me, words);
    } catch (const kripke::InputError& e) {
      out_ << "  " << e.what() << "\n";  // one line, and the prompt again
    }
    if (move.is_null()) continue;
    // The desk checked the move: the game takes it as a scenario's move step.
    marker_.set_seat_moving(true);
    runner_.person_turn(move, "/move", runner_.play().agent_name(me) + " at the keyboard");
    marker_.set_seat_moving(false);
    // Whoever has the keyboard now (another person may have answered the move).
    show_backlog(me);
    return TurnEnd::Moved;
  }
}

std::optional<std::vector<std::string>> SeatLoop::read_words(const std::string& prompt) {
  const std::optional<std::string> line = input_.read(prompt);
  if (!line) {
    input_ended_ = true;
    return std::nullopt;
  }
  return kripke::split_words(*line);
}

std::optional<std::string> SeatLoop::choose(kripke::Agent a, const std::string& question,
                                            const std::vector<std::string>& choices) {
  if (input_ended_ || quit_) return std::nullopt;
  if (is_program(a)) return programs_->choose(a, question, choices);
  if (!sit_down(a, /*for_turn=*/false)) {
    input_ended_ = true;
    return std::nullopt;
  }
  const std::string prompt = runner_.play().agent_name(a) + "> ";
  out_ << kripke::fit_lines(question) << "\n";
  for (;;) {
    std::vector<std::string> words;
    if (!typed_ahead_.empty()) {
      // The next word typed ahead, and the rest stay queued for the questions after.
      words = typed_ahead_;
      typed_ahead_.clear();
      out_ << prompt << words.front() << "\n";
    } else {
      std::optional<std::vector<std::string>> read = read_words(prompt);
      if (!read) return std::nullopt;
      words = std::move(*read);
    }
    if (!words.empty() && words.front() == "show") words.erase(words.begin());
    if (words.empty()) {
      out_ << question << "\n";
      continue;
    }
    try {
      std::string answer = complete(words.front(), choices, "answer");
      typed_ahead_.assign(words.begin() + 1, words.end());
      return answer;
    } catch (const kripke::InputError& e) {
      typed_ahead_.clear();
      // Not an answer: a command (hint, table, quit...), or one line saying why.
      std::string command;
      try {
        command = complete(words.front(), kCommands, "command");
      } catch (const kripke::InputError&) {
        out_ << "  " << e.what() << "\n";
        continue;
      }
      if (command == "quit") {
        quit_ = true;
        return std::nullopt;
      }
      info_command(a, command);
    }
  }
}

std::string SeatLoop::help(kripke::Agent me) const {
  std::string text = "Moves:\n";  // piece by piece: GCC 12's false -Wrestrict
  text += desk_.moves_help(me);
  return text +
         "\nCommands (any unambiguous start will do):\n"
         "  hint      for each move you could make, how many worlds each answer would leave\n"
         "  table     what you know: in how many of your possible worlds each card is where\n"
         "  view      what is in front of you again\n"
         "  history   everything you have been shown in this game\n"
         "  help      this list\n"
         "  quit      end the game here (the log so far is kept)";
}

}  // namespace kripkesim::play
