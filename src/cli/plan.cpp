// kripkesim plan CONFIG.json --goal FORMULA [--max-depth D] [--seed N] [--format text|json]
#include "games/model/plan.hpp"

#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "input/config_file.hpp"
#include "input/formula_input.hpp"
#include "kripke/game.hpp"
#include "kripke/text_width.hpp"
#include "output/file_error.hpp"

namespace kripkesim {
namespace {

struct PlanOptions {
  std::string config;
  std::string goal;
  int max_depth = 20;
  SeedOption seed;
  std::string format = "text";
};

// An assignment as one line: the true variables, then the others' values ("S(a,b) S(b,a)
// true; x = 3"); false variables left out.
std::string facts_text(const kripke::Json& assignment) {
  std::string truths, values;
  for (const auto& [name, value] : assignment.items()) {
    if (value.is_boolean()) {
      if (value.get<bool>()) truths += (truths.empty() ? "" : " ") + name;
    } else {
      values += (values.empty() ? "" : ", ") + name + " = " +
                (value.is_string() ? value.get<std::string>() : value.dump());
    }
  }
  std::string text = truths.empty() ? "nothing true" : truths + " true";
  if (!values.empty()) text += "; " + values;
  return text;
}

void plan(const PlanOptions& options) {
  const std::unique_ptr<kripke::Game> game = load_game(options.config);
  const std::uint64_t seed = options.seed.or_config(game->config().seed);
  const UserFormula goal = parse_user_formula(options.goal, "--goal");
  const auto started = std::chrono::steady_clock::now();
  const PlanResult r = in_file(options.config, [&] {
    return evaluating(goal,
                      [&] { return find_plan(*game, seed, goal.formula, options.max_depth); });
  });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (options.format == "json") {
    kripke::Json out = {{"found", r.found},
                        {"moves", r.moves},
                        {"positions", r.positions},
                        {"depth_searched", r.depth_searched},
                        {"worlds_kept", r.worlds_kept},
                        {"seconds", seconds}};
    if (r.found) {
      out["after"] = r.after;
      if (r.on_facts)
        out["on_facts"] = true;
      else
        out["worlds_after"] = r.worlds_after;
    }
    std::cout << out.dump() << '\n';
  } else if (!r.found) {
    std::cout << fmt::format(
        "no plan of {} {} or fewer makes the goal true ({} positions reached, {:.2f} s)\n",
        r.depth_searched, r.rounds ? "rounds" : "moves", r.positions, seconds);
  } else {
    std::cout << fmt::format("a plan of {} ({} positions reached, {:.2f} s):\n",
                             kripke::counted(r.moves.size(), r.rounds ? "round" : "move"),
                             r.positions, seconds);
    for (std::size_t k = 0; k < r.texts.size(); ++k)
      std::cout << fmt::format("  {}. {}\n", k + 1, r.texts[k]);
    const std::string after = r.on_facts ? "after it (on the facts alone): "
                                         : fmt::format("after it ({} {}): ", r.worlds_after,
                                                       r.worlds_after == 1 ? "world" : "worlds");
    std::cout << kripke::wrap_words(facts_text(r.after), after, "  ") << '\n';
  }
  std::cout.flush();
  check_stdout_written();
  if (!r.found) throw CommandExit(kExitExpectationFailed);  // no plan: as a goal not met
}

}  // namespace

void add_plan_command(CLI::App& app) {
  auto options = std::make_shared<PlanOptions>();
  CLI::App* cmd = app.add_subcommand(
      "plan", "Find a shortest sequence of moves that makes a goal true (game language)");
  cmd->add_option("CONFIG", options->config, "a game written in the game language (JSON)")
      ->required()
      ->type_name("FILE");
  cmd->add_option("--goal", options->goal, "the formula to make true at the actual world")
      ->required()
      ->type_name("FORMULA");
  cmd->add_option("--max-depth", options->max_depth, "the longest plan tried (default 20)")
      ->check(CLI::Range(0, 10000))
      ->type_name("D");
  options->seed.add_to(*cmd);
  cmd->add_option("--format", options->format, "text (the plan) or json (one object)")
      ->check(CLI::IsMember({"text", "json"}))
      ->type_name("text|json");
  help_footer(
      *cmd,
      "Find a shortest sequence of legal moves, made by anyone in any order, after which the\n"
      "goal holds at the actual world, in a game written in the game language\n"
      "(docs/game-language.md): breadth first over the moves, each position's model\n"
      "contracted and compared up to isomorphism of its contraction (bisimilar models are\n"
      "explored once); a position is its assignment when every formula, the goal too, is\n"
      "decided by the facts. Prints the plan, the positions reached and the actual world\n"
      "after it. The agents' strategies and turns play no part, but in a game of\n"
      "simultaneous rounds a step is a round: one legal move of every player who has one.\n"
      "The search is held to max_worlds and max_memory: the worlds its positions keep, the\n"
      "positions it remembers, and every move beside them.",
      "  0  a plan was found\n  1  no plan of --max-depth moves or fewer\n  2  bad usage, a bad "
      "config or goal, or the search over the limits");
  cmd->callback([options] { plan(*options); });
}

}  // namespace kripkesim
