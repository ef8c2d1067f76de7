// kripkesim draw FILE [--step K] [--turns N] [--seed N] [--agent A] [--where F] [--minimize]
//   [--limit N] [--format dot|svg|png] [--out FILE]: the model as Graphviz DOT, or rendered.
#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/commands.hpp"
#include "cli/model_drawing.hpp"
#include "cli/started_game.hpp"
#include "input/formula_input.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/plural.hpp"
#include "output/file_error.hpp"
#include "output/graphviz_render.hpp"
#include "output/output_file.hpp"
#include "scenario/scenario.hpp"

namespace kripkesim {
namespace {

struct DrawOptions {
  StartOptions start;
  std::string agent;  // a name or a number: draw only what it considers possible
  std::string where;  // draw only the worlds where this formula holds
  std::string title;  // the legend's first line instead of the one made from the options
  bool minimize = false;
  std::size_t limit = 2000;  // nodes and edges
  std::string format = "dot";
  std::string out = "-";
  int timeout = 60;  // seconds Graphviz may take to render
};

void draw(const DrawOptions& options) {
  std::optional<UserFormula> where;
  if (!options.where.empty())
    where = in_file("--where", [&] { return parse_user_formula(options.where, ""); });
  // A PNG on a terminal is a screenful of binary: as the shell would have it written, to a
  // file or a pipe.
  if (options.format == "png" && options.out == "-" && ::isatty(STDOUT_FILENO))
    throw kripke::InputError(
        "--format png writes an image, not text: give --out FILE.png, or redirect standard "
        "output to a file or a viewer");
  OutputFile out(options.out);  // opened first: a bad --out is reported before any work
  const StartedGame started(options.start);
  const kripke::Play& play = started.play();
  DrawRequest request;
  if (!options.agent.empty())
    request.agent = in_file("--agent", [&] {
      return resolve_agent(play, AgentRef{options.agent, ""});
    });
  if (where) {
    request.where = in_file("--where", [&] { return truth_set(play, *where); });
    request.where_text = where->text;
  }
  request.minimize = options.minimize;
  request.title = options.title;
  request.limit = options.limit;
  const std::string dot = in_file(options.start.config, [&] { return model_dot(play, request); });
  out.stream() << (options.format == "dot" ? dot
                                           : render_with_dot(dot, options.format, options.timeout));
  out.commit();
}

}  // namespace

void add_draw_command(CLI::App& app) {
  auto options = std::make_shared<DrawOptions>();
  // A drawing lists the worlds: under "auto" the explicit engine whenever it fits.
  options->start.engine.set_lists_worlds();
  CLI::App* cmd = app.add_subcommand(
      "draw", "Draw a game's Kripke model as Graphviz DOT (worlds and relations)");
  options->start.add_to(*cmd, "before drawing");
  cmd->add_option("--agent", options->agent,
                  "draw only the worlds this agent (number or name) considers possible")
      ->type_name("AGENT");
  cmd->add_option("--where", options->where, "draw only the worlds where the formula holds")
      ->type_name("FORMULA");
  cmd->add_option("--title", options->title,
                  "the legend's first line (default: the game, the options and the world count)")
      ->type_name("TEXT");
  cmd->add_flag("--minimize", options->minimize,
                "draw the bisimulation contraction: the smallest model with the same knowledge");
  add_count_option(
      *cmd, "--limit", kMaxCountOption,
      [options](std::uint64_t n) { options->limit = std::size_t(n); },
      "refuse to draw more nodes and edges than this in all (default 2000; 0: no limit)");
  cmd->add_option("--format", options->format,
                  "dot (default): Graphviz's text; svg or png: rendered by Graphviz's dot")
      ->check(CLI::IsMember({"dot", "svg", "png"}))
      ->type_name("FORMAT");
  cmd->add_option("-o,--out", options->out, "write the drawing here (default: standard output)")
      ->type_name("FILE");
  cmd->add_option("--timeout", options->timeout,
                  "seconds Graphviz's dot may take for svg or png before it is stopped (default "
                  "60)")
      ->check(CLI::Range(1, 86400))
      ->type_name("SECONDS");
  help_footer(*cmd,
              "Start the game of a config (the deal and the updates before the first turn), or of\n"
              "a scenario and play its first --step steps (all by default), then play --turns\n"
              "turns, and write its model as Graphviz DOT: a node per world still possible,\n"
              "labelled with the world (a model's assignment, a game's deal), the actual world\n"
              "with a double outline, and for each agent its classes (the worlds it cannot tell\n"
              "apart) as chains of edges in its own colour: two worlds are alike to the agent\n"
              "when a path of its colour joins them (the legend names the colours). --limit\n"
              "counts what Graphviz lays out, nodes and edges. --minimize draws\n"
              "a node per class of bisimilar worlds instead (same valuation, same knowledge), and\n"
              "the legend gives the count. A model with beliefs (relations that are not\n"
              "equivalences) is drawn with arrows: from each world to the worlds the agent\n"
              "considers possible there, a loop where it sees itself. --format svg or png renders\n"
              "it with Graphviz's `dot`\n"
              "program (scripts/install-deps.sh draw installs it).",
              "  0  the drawing was written\n"
              "  2  bad usage, a bad config or formula, an unknown agent, too many worlds, or no\n"
              "     Graphviz for svg or png");
  cmd->callback([options] { draw(*options); });
}

}  // namespace kripkesim
