// kripkesim check CONFIG.json (--formula F [--at WORLD] | --where F | --valid F | --count F |
//   --frame)
//   [--turns N] [--seed N] [--format text|json] [--limit N]
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdint>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/model_queries.hpp"
#include "cli/started_game.hpp"
#include "input/config_file.hpp"
#include "input/formula_input.hpp"
#include "kripke/game_loop.hpp"
#include "output/file_error.hpp"
#include "scenario/knowledge_report.hpp"

namespace kripkesim {
namespace {

struct CheckOptions {
  StartOptions start;
  std::string formula, where, valid, count;
  bool frame = false;  // --frame: the frame properties of each agent's relation
  std::string at;      // a world (JSON: an assignment or a number) to evaluate --formula at
  std::string format = "text";
  std::size_t limit = 100;
};

// The question asked: which option, and its formula's text.
struct Question {
  std::string option;
  std::string text;
};

Question question_of(const CheckOptions& o) {
  std::vector<Question> asked;
  for (const Question& q : {Question{"--formula", o.formula}, Question{"--where", o.where},
                            Question{"--valid", o.valid}, Question{"--count", o.count},
                            Question{"--frame", o.frame ? "frame" : ""}})
    if (!q.text.empty()) asked.push_back(q);
  if (asked.size() != 1)
    throw kripke::InputError(
        "give exactly one of --formula, --where, --valid and --count (a non-empty formula), or "
        "--frame");
  return asked.front();
}

// --formula F --at WORLD: whether F holds at the named world instead of the actual one.
void check_at(const kripke::Play& play, const UserFormula& phi, const std::string& at,
              OutputFormat format) {
  const kripke::Play::TruthAtWorld answer = in_file("--at", [&] {
    kripke::Json name;
    try {
      name = kripke::Json::parse(at);
    } catch (const kripke::Json::exception&) {
      throw kripke::InputError(
          "expected a world as JSON: an assignment {\"x\": 4, \"y\": 13} or a world number");
    }
    return evaluating(phi, [&] { return play.truth_at_named(*phi.formula, name, ""); });
  });
  const bool truth = answer.holds;
  if (format == OutputFormat::Json)
    std::cout
        << kripke::Json({{"formula", phi.text}, {"holds", truth}, {"at", answer.world}}).dump()
        << '\n';
  else
    std::cout << (truth ? "true" : "false") << " at " << answer.text << '\n';
  if (!truth) throw CommandExit(kExitExpectationFailed);
}

void check(const CheckOptions& options) {
  const Question q = question_of(options);
  if (!options.at.empty() && q.option != "--formula")
    throw kripke::InputError("--at names the world where --formula is evaluated; " + q.option +
                             " asks about every world");
  const auto format = options.format == "json" ? OutputFormat::Json : OutputFormat::Text;
  // The config first: an error there (a variable named like an operator) explains what
  // would otherwise look like an error in the formula.
  const StartedGame started(options.start);
  if (q.option == "--frame") {
    // The config is what cannot be framed (a game that counts its worlds): it is named.
    std::cout << in_file(options.start.config,
                         [&] { return frame_report(started.runner().play(), format); });
    return;
  }
  const UserFormula phi = in_file(q.option, [&] { return parse_user_formula(q.text, ""); });
  const kripke::GameRunner& runner = started.runner();
  const kripke::Play& play = runner.play();
  if (q.option != "--formula") {
    const Query query = q.option == "--where"   ? Query::Where
                        : q.option == "--valid" ? Query::Valid
                                                : Query::Count;
    const QueryAnswer answer =
        in_file(q.option, [&] { return answer_query(play, query, phi, format, options.limit); });
    std::cout << answer.output;
    if (!answer.holds) throw CommandExit(kExitExpectationFailed);
    return;
  }
  if (!options.at.empty()) {
    check_at(play, phi, options.at, format);
    return;
  }
  const bool truth = in_file("--formula", [&] { return holds_at_actual(play, phi); });
  if (format == OutputFormat::Json) {
    std::cout << kripke::Json({{"formula", phi.text},
                               {"holds", truth},
                               {"actual", play.actual_world_json()}})
                     .dump()
              << '\n';
  } else {
    std::cout << (truth ? "true" : "false") << '\n' << knowledge_lines(play, &phi, "");
    if (runner.finished() && runner.result().turns < options.start.turns)
      std::cout << fmt::format("(the game ended after turn {}: {})\n", runner.result().turns,
                               kripke::to_string(runner.result().reason));
  }
  if (!truth) throw CommandExit(kExitExpectationFailed);
}

}  // namespace

void add_check_command(CLI::App& app) {
  auto options = std::make_shared<CheckOptions>();
  CLI::App* cmd = app.add_subcommand(
      "check", "Evaluate a formula at the actual world of a game, or ask about all its worlds");
  options->start.add_to(*cmd, "before evaluating");
  cmd->add_option("-f,--formula", options->formula,
                  "whether the formula holds at the actual world, e.g. \"K1 muddy(1)\"")
      ->type_name("FORMULA");
  cmd->add_option("--at", options->at,
                  "evaluate --formula at this world instead of the actual one: an assignment "
                  "as JSON ('{\"x\": 4, \"y\": 13}') or a world number (0: the first world "
                  "--where lists)")
      ->type_name("WORLD");
  cmd->add_option("--where", options->where, "list the worlds (alive ones) where the formula holds")
      ->type_name("FORMULA");
  cmd->add_option("--valid", options->valid,
                  "whether the formula holds in every world; exit 1 with a counter-example if not")
      ->type_name("FORMULA");
  cmd->add_option("--count", options->count, "the number of worlds where the formula holds")
      ->type_name("FORMULA");
  cmd->add_flag("--frame", options->frame,
                "per agent, which of reflexive, serial, transitive, Euclidean and symmetric its "
                "relation is over the worlds left, and the logic that makes valid (S5, KD45, ...)");
  cmd->add_option("--format", options->format, "text (default) or json: one JSON object")
      ->check(CLI::IsMember({"text", "json"}));
  add_count_option(
      *cmd, "--limit", kMaxCountOption,
      [options](std::uint64_t n) { options->limit = std::size_t(n); },
      "the most worlds --where lists (default 100; 0: all); the count is exact");
  help_footer(
      *cmd,
      "Start the game of a config (the deal and the updates before the first turn) and play\n"
      "--turns turns. Then, with --formula, evaluate the formula at the actual world: prints\n"
      "true or false, then a line per agent: the worlds it considers possible, whether it\n"
      "knows the formula (K_i formula), and whether it has reached its goal; --at evaluates\n"
      "it at another world, named by its assignment or number. With --where,\n"
      "--valid or --count, ask about every world still possible: which ones satisfy the\n"
      "formula (by their assignment in a model written in a config, by number otherwise),\n"
      "whether all do, how many do. --frame says what kind of relation each agent has (S5:\n"
      "knowledge; KD45: belief; ...). --format json prints one JSON object instead.\n"
      "Formula syntax (docs/cli.md): atoms of the game (muddy(2), has(1,rope), p, x + y <= 9),\n"
      "~ & | -> <->, K1 (or B1) M1 Kw1 or K{name}, Kv{name} x (knows the value of a term, in\n"
      "a model), E{1,2} C{1,2} D{1,2}, [!φ]ψ <!φ>ψ, true, false.",
      "  0  the formula is true (--formula), valid (--valid), or the answer was printed\n"
      "  1  the formula is false at the actual world (or the --at world), or not valid\n"
      "  2  bad usage, a bad config, or a bad formula (the message shows the column)");
  cmd->callback([options] { check(*options); });
}

}  // namespace kripkesim
