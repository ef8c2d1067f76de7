// kripkesim draw CONFIG.json [--turns N] [--seed N] [--agent A] [--where F] [--limit N]
//   [--out FILE]: the model as Graphviz DOT.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <optional>

#include "commands.hpp"
#include "dot_drawing.hpp"
#include "file_error.hpp"
#include "formula_input.hpp"
#include "kripke/game_loop.hpp"
#include "output_file.hpp"
#include "scenario.hpp"
#include "started_game.hpp"

namespace kripkesim {
namespace {

struct DrawOptions {
  StartOptions start;
  std::string agent;  // a name or a number: draw only what it considers possible
  std::string where;  // draw only the worlds where this formula holds
  std::size_t limit = 300;
  std::string out = "-";
};

void draw(const DrawOptions& options) {
  std::optional<UserFormula> where;
  if (!options.where.empty())
    where = in_file("--where", [&] { return parse_user_formula(options.where, ""); });
  OutputFile out(options.out);  // opened first: a bad --out is reported before any work
  const StartedGame started(options.start);
  const kripke::Play& play = started.play();
  if (!play.enumerates_worlds())
    throw kripke::InputError(
        "this game counts its worlds rather than listing them: there is no model to draw");

  kripke::WorldSet worlds = play.model().alive();
  std::string title = fmt::format("{}: ", play.game_name());
  if (!options.agent.empty()) {
    const kripke::Agent a = in_file("--agent", [&] {
      return resolve_agent(play, AgentRef{options.agent, ""});
    });
    worlds &= play.model().possible_worlds(a);
    title += fmt::format("what {} considers possible, ", play.agent_name(a));
  }
  if (where) {
    worlds &= in_file("--where", [&] { return truth_set(play, *where); });
    title += fmt::format("where {}, ", where->text);
  }
  const std::size_t count = worlds.count();
  title += fmt::format("{} of {} worlds", count, play.model().alive_count());
  if (options.limit != 0 && count > options.limit)
    throw kripke::InputError(fmt::format(
        "{} worlds to draw, over the limit of {}: draw what one agent considers possible "
        "(--agent), the worlds where a formula holds (--where), or raise --limit",
        count, options.limit));
  out.stream() << dot_drawing(play, worlds, title);
  out.commit();
}

}  // namespace

void add_draw_command(CLI::App& app) {
  auto options = std::make_shared<DrawOptions>();
  CLI::App* cmd = app.add_subcommand(
      "draw", "Draw a game's Kripke model as Graphviz DOT (worlds and relations)");
  options->start.add_to(*cmd, "before drawing");
  cmd->add_option("--agent", options->agent,
                  "draw only the worlds this agent (number or name) considers possible")
      ->type_name("AGENT");
  cmd->add_option("--where", options->where, "draw only the worlds where the formula holds")
      ->type_name("FORMULA");
  cmd->add_option("--limit", options->limit,
                  "refuse to draw more worlds than this (default 300; 0: no limit)")
      ->type_name("N");
  cmd->add_option("-o,--out", options->out, "write the DOT here (default: standard output)")
      ->type_name("FILE");
  help_footer(
      *cmd,
      "Start the game of a config (the deal and the updates before the first turn), play\n"
      "--turns turns, and write its model as Graphviz DOT: a node per world still possible,\n"
      "labelled with the world (a model's assignment, another game's world number), the\n"
      "actual world with a double outline, and for each agent an edge in its own colour\n"
      "between every two worlds it cannot tell apart (the legend names the colours).\n"
      "Render it with Graphviz: kripkesim draw model.json | dot -Tsvg > model.svg",
      "  0  the drawing was written\n"
      "  2  bad usage, a bad config or formula, an unknown agent, or too many worlds");
  cmd->callback([options] { draw(*options); });
}

}  // namespace kripkesim
