#include "output/dot_drawing.hpp"

#include <fmt/format.h>

#include <iterator>
#include <vector>

namespace kripkesim {
namespace {

// A DOT string literal's contents: quotes and backslashes escaped, line breaks as \n.
std::string escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out;
}

}  // namespace

namespace {

// ColorBrewer's Dark2: distinguishable in print and by most colour-blind readers; the
// names are for the legend.
struct Colour {
  const char* hex;
  const char* name;
};
constexpr Colour kPalette[] = {{"#1b9e77", "teal"},  {"#d95f02", "orange"}, {"#7570b3", "violet"},
                               {"#e7298a", "pink"},  {"#66a61e", "green"},  {"#e6ab02", "yellow"},
                               {"#a6761d", "brown"}, {"#666666", "grey"}};

const Colour& colour_of(kripke::Agent i) { return kPalette[std::size_t(i) % 8]; }

}  // namespace

std::string agent_colour(kripke::Agent i) { return colour_of(i).hex; }

bool alike_everywhere(const kripke::Contraction& drawn, kripke::Agent i) {
  return drawn.block_count() > 1 && drawn.classes[i].size() == 1;
}

std::size_t drawing_size(const kripke::Contraction& drawn) {
  std::size_t size = drawn.block_count();
  for (std::size_t i = 0; i < drawn.classes.size(); ++i)
    if (!alike_everywhere(drawn, kripke::Agent(i)))
      for (const auto& members : drawn.classes[i]) size += members.size() - 1;
  return size;
}

namespace {

// The legend's opening lines: the title, the game's notation, the actual world's mark.
std::string legend_start(const kripke::Play& play, const std::string& title) {
  std::string legend = title;
  if (const std::string notation = play.world_notation(); !notation.empty())
    legend += "\n" + notation;
  return legend + "\nactual world: double outline";
}

// The graph's opening (`kind`: graph or digraph) with the legend as its label.
std::string graph_start(const std::string& kind, const std::string& legend) {
  std::string out = kind + " kripke {\n";
  // Each legend line ends in \l: left-aligned (\n would centre it).
  std::string legend_lines = escaped(legend + "\n");
  for (std::size_t at = 0; (at = legend_lines.find("\\n", at)) != std::string::npos; at += 2)
    legend_lines[at + 1] = 'l';
  out += fmt::format("  label=\"{}\";\n  labelloc=b;\n  labeljust=l;\n", legend_lines);
  out += "  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n";
  out += "  edge [fontname=\"Helvetica\", fontsize=10];\n";
  return out;
}

// An edge's attributes in agent i's colour, labelled with its name.
std::string agent_style(const kripke::Play& play, kripke::Agent i) {
  return fmt::format("color=\"{}\", fontcolor=\"{}\", label=\"{}\"", agent_colour(i),
                     agent_colour(i), escaped(play.agent_name(i)));
}

}  // namespace

std::string dot_drawing(const kripke::Play& play, const kripke::Contraction& drawn,
                        const std::string& title) {
  const kripke::Model& m = play.model();
  std::string legend = legend_start(play, title);
  for (std::size_t i = 0; i < m.agent_count(); ++i)
    legend += alike_everywhere(drawn, kripke::Agent(i))
                  ? fmt::format("\n{}: cannot tell any two of these worlds apart (no edges)",
                                play.agent_name(kripke::Agent(i)))
                  : fmt::format("\n{}: {} edges", play.agent_name(kripke::Agent(i)),
                                colour_of(kripke::Agent(i)).name);
  legend += "\nan agent cannot tell two worlds apart when a path of its colour joins them";
  std::vector<std::size_t> copies(drawn.block_count(), 0);
  for (std::uint32_t block : drawn.block_of)
    if (block != kripke::Contraction::kOutside) ++copies[block];
  std::string out = graph_start("graph", legend);
  // A node per block, named after its smallest world and labelled with that world (every
  // world of a block carries the same valuation).
  for (std::size_t b = 0; b < drawn.block_count(); ++b) {
    const kripke::World w = drawn.representative[b];
    std::string label = play.world_text(w);
    if (copies[b] > 1) label += fmt::format("\n({} bisimilar worlds)", copies[b]);
    const bool actual = drawn.block_of[m.actual()] == b;
    out += fmt::format("  w{} [label=\"{}\"{}];\n", w, escaped(label),
                       actual ? ", peripheries=2" : "");
  }
  // Each agent's classes as chains: a class of k worlds takes k - 1 edges (a clique would
  // take k(k - 1)/2, which Graphviz cannot lay out in reasonable time past a few hundred).
  // An agent to whom every drawn world is alike (what it considers possible, drawn with
  // --agent) gets no edges: its chain would say nothing the legend does not.
  for (std::size_t i = 0; i < m.agent_count(); ++i) {
    const kripke::Agent agent = kripke::Agent(i);
    if (alike_everywhere(drawn, agent)) continue;
    const std::string style = agent_style(play, agent);
    for (const auto& members : drawn.classes[i])
      for (std::size_t a = 1; a < members.size(); ++a)
        out += fmt::format("  w{} -- w{} [{}];\n", drawn.representative[members[a - 1]],
                           drawn.representative[members[a]], style);
  }
  return out + "}\n";
}

std::size_t belief_drawing_size(const kripke::Model& m, const kripke::WorldSet& worlds) {
  std::size_t size = worlds.count();
  for (std::size_t i = 0; i < m.agent_count(); ++i) {
    const auto a = kripke::Agent(i);
    worlds.for_each([&](kripke::World w) {
      if (m.has_partition(a)) return;
      for (kripke::World v : m.general_relation(a).successors(w)) size += worlds.test(v);
    });
    if (m.has_partition(a)) {  // chains: a class of k drawn worlds takes k - 1 edges
      std::vector<std::size_t> drawn_in(m.partition(a).class_count(), 0);
      worlds.for_each([&](kripke::World w) { ++drawn_in[m.partition(a).class_of(w)]; });
      for (std::size_t k : drawn_in) size += k > 0 ? k - 1 : 0;
    }
  }
  return size;
}

std::string dot_belief_drawing(const kripke::Play& play, const kripke::WorldSet& worlds,
                               const std::string& title) {
  const kripke::Model& m = play.model();
  std::string legend = legend_start(play, title);
  bool arrows = false;
  for (std::size_t i = 0; i < m.agent_count(); ++i) {
    const auto a = kripke::Agent(i);
    arrows = arrows || !m.has_partition(a);
    legend += m.has_partition(a)
                  ? fmt::format(
                        "\n{}: {} lines join the worlds it cannot tell apart (S5: it "
                        "considers each world possible while in it; no loops drawn)",
                        play.agent_name(a), colour_of(a).name)
                  : fmt::format(
                        "\n{}: {} arrows, from a world to those it considers possible "
                        "there",
                        play.agent_name(a), colour_of(a).name);
  }
  // Only arrows have loops: the S5 agents' lines say nothing of them.
  if (arrows)
    legend +=
        "\nfor an agent drawn with arrows, a world without its loop is one it rules out "
        "while in it";
  std::string out = graph_start("digraph", legend);
  worlds.for_each([&](kripke::World w) {
    out += fmt::format("  w{} [label=\"{}\"{}];\n", w, escaped(play.world_text(w)),
                       w == m.actual() ? ", peripheries=2" : "");
  });
  for (std::size_t i = 0; i < m.agent_count(); ++i) {
    const auto a = kripke::Agent(i);
    const std::string style = agent_style(play, a);
    if (m.has_partition(a)) {
      std::vector<kripke::World> last(m.partition(a).class_count(), kripke::World(-1));
      worlds.for_each([&](kripke::World w) {
        kripke::World& previous = last[m.partition(a).class_of(w)];
        if (previous != kripke::World(-1))
          out += fmt::format("  w{} -> w{} [{}, dir=none];\n", previous, w, style);
        previous = w;
      });
      continue;
    }
    // Each agent's loops on a side of their own, so that their labels do not overlap.
    static constexpr const char* kLoopSides[] = {"n", "s", "e", "w", "ne", "sw", "nw", "se"};
    const char* side = kLoopSides[i % std::size(kLoopSides)];
    worlds.for_each([&](kripke::World w) {
      for (kripke::World v : m.general_relation(a).successors(w)) {
        if (!worlds.test(v)) continue;
        if (v == w)
          out += fmt::format("  w{0}:{1} -> w{0}:{1} [{2}];\n", w, side, style);
        else
          out += fmt::format("  w{} -> w{} [{}];\n", w, v, style);
      }
    });
  }
  return out + "}\n";
}

}  // namespace kripkesim
