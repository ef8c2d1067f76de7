// kripkesim assist STATE [--events FILE]: an assistant for a person playing Cluedo at a
// real table (docs/assist.md). The events come from a prompt or a file; the state file
// keeps them, so a session can be resumed.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include "assist/assist_table.hpp"
#include "cli/commands.hpp"
#include "input/config_file.hpp"
#include "output/output_file.hpp"
#include "play/line_input.hpp"

namespace kripkesim {
namespace {

struct AssistOptions {
  std::string state;
  std::string events;
  std::size_t triples = 5;
};

// The table the state file holds: {"kripkesim": "assist", "game": "cluedo", "events": [...]}
// (none when the file does not exist yet).
assist::Table load_state(const std::string& file) {
  assist::Table table;
  if (!std::filesystem::exists(file)) return table;
  const kripke::Json json = read_json_file(file);
  in_file(file, [&] {
    kripke::ObjectReader r(json, "");
    if (r.required_string("kripkesim") != "assist")
      throw kripke::InputError("not a state file of kripkesim assist", "/kripkesim");
    r.choice("game", "cluedo", {"cluedo"});
    const kripke::Json& events = r.required("events");
    if (!events.is_array()) throw kripke::InputError("expected an array", "/events");
    r.done();
    for (std::size_t k = 0; k < events.size(); ++k) {
      const std::string path = fmt::format("/events/{}", k);
      try {
        table.apply(kripke::ObjectReader::string_value(events[k], path));
      } catch (const kripke::InputError& e) {
        throw kripke::InputError(e.what(), e.path().empty() ? path : e.path());
      }
    }
  });
  return table;
}

// Written whole or not at all (OutputFile).
void save_state(const std::string& file, const assist::Table& table) {
  OutputFile out(file);
  const kripke::Json json = {
      {"kripkesim", "assist"}, {"game", "cluedo"}, {"events", table.events()}};
  out.stream() << json.dump(2) << '\n';
  out.commit();
}

// Every event of the file, or none: the state is saved once all are taken.
void apply_file(const AssistOptions& options, assist::Table& table) {
  std::ifstream in(options.events);
  if (!in) throw FileError(options.events, "cannot be read");
  assist::Table next = table;
  for (int number = 1;; ++number) {
    try {
      const std::optional<std::string> line = play::read_line(in);
      if (!line) break;
      const auto start = line->find_first_not_of(" \t");
      if (start == std::string::npos || (*line)[start] == '#') continue;
      next.apply(*line);
    } catch (const kripke::InputError& e) {
      throw FileError(options.events, e.what(), fmt::format("line {}", number));
    }
  }
  save_state(options.state, next);
  table = std::move(next);
  std::cout << table.report(options.triples);
}

constexpr const char* kHelp =
    "Events: players NAME NAME NAME ... | me NAME | hand CARD ... |\n"
    "  suggest NAME CARD CARD CARD shown NAME [CARD] | suggest NAME CARD CARD CARD nobody |\n"
    "  accuse NAME CARD CARD CARD wrong|right\n"
    "Commands: show (the grid again), events (the list so far), undo (take back the last\n"
    "  event), help, quit. Names and cards may be abbreviated.\n";

void prompt_loop(const AssistOptions& options, assist::Table& table) {
  play::LineInput input(std::cin, std::cout, play::on_terminal());
  std::cout << table.report(options.triples);
  while (const auto line = input.read("assist> ")) {
    const std::string command = [&] {
      const auto start = line->find_first_not_of(" \t");
      const auto end = line->find_last_not_of(" \t\r");
      return start == std::string::npos ? std::string() : line->substr(start, end - start + 1);
    }();
    if (command.empty()) continue;
    if (command == "quit" || command == "exit") break;
    if (command == "help") {
      std::cout << kHelp << "Next: " << table.expecting() << '\n';
      continue;
    }
    if (command == "show") {
      std::cout << table.report(options.triples);
      continue;
    }
    if (command == "events") {
      for (std::size_t k = 0; k < table.events().size(); ++k)
        std::cout << fmt::format("{:>3}  {}\n", k + 1, table.events()[k]);
      continue;
    }
    try {
      if (command == "undo") {
        const std::vector<std::string> before = table.events();
        table.undo();  // refuses when there is nothing to take back
        // Say what went, so that a mistaken undo can be typed in again.
        std::cout << "Took back event " << before.size() << ": " << before.back() << '\n';
      } else {
        table.apply(command);
      }
    } catch (const kripke::InputError& e) {
      std::cout << "Refused: " << e.what() << "\nNext: " << table.expecting() << '\n';
      continue;
    }
    save_state(options.state, table);
    std::cout << table.report(options.triples);
  }
}

}  // namespace

void add_assist_command(CLI::App& app) {
  auto options = std::make_shared<AssistOptions>();
  CLI::App* cmd = app.add_subcommand(
      "assist", "Exact odds for a person playing Cluedo at a real table, event by event");
  cmd->add_option("STATE", options->state,
                  "the state file: created by the first event, saved after every event, read "
                  "again to resume")
      ->required()
      ->type_name("FILE");
  cmd->add_option("--events", options->events,
                  "take the events from FILE (one per line, # comments) instead of a prompt; "
                  "all or none are taken")
      ->type_name("FILE");
  cmd->add_option("--triples", options->triples, "how many likely envelopes to list (default 5)")
      ->type_name("N")
      ->check(CLI::Range(1, 324));
  help_footer(
      *cmd,
      "You enter the game as it happens at your table (docs/assist.md): the players clockwise,\n"
      "who you are, your hand, then every suggestion (who suggested what, who showed, and the\n"
      "card when it was shown to you) and every accusation. After each event you see, counted\n"
      "exactly over every deal that agrees with what you saw, the probability of every card in\n"
      "every place (\"yes\" where certain, \"-\" where impossible), the envelope's most likely\n"
      "triples, and the suggestion whose answer is expected to tell you most. An event that\n"
      "cannot be true is refused with one message naming the earlier events it contradicts,\n"
      "and the state file stays as it was.\n\n" +
          std::string(kHelp),
      "  0  done (quit or end of input at the prompt; all events of --events taken)\n"
      "  2  a bad state file, or a bad or contradictory event in --events (nothing saved)");
  cmd->callback([options] {
    assist::Table table = load_state(options->state);
    if (options->events.empty()) {
      prompt_loop(*options, table);
    } else {
      apply_file(*options, table);
    }
  });
}

}  // namespace kripkesim
