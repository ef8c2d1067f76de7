// The Graphviz DOT drawing of a play's model, or of the part one agent considers possible or
// where a formula holds, optionally contracted: what `kripkesim draw` writes and Python's
// Game.draw() returns.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "kripke/play.hpp"

namespace kripkesim {

struct DrawRequest {
  std::optional<kripke::Agent> agent;     // only what it considers possible
  std::optional<kripke::WorldSet> where;  // only these worlds
  std::string where_text;                 // the formula, for the title
  bool minimize = false;                  // the bisimulation contraction (S5 models)
  std::string title;                      // the legend's first line ("": made up)
  std::size_t limit = 0;                  // nodes and edges at most (0: any)
};

// InputError for a play whose worlds are counted rather than listed, a drawing over the
// limit (saying how to make it smaller), and --minimize of a model with beliefs.
std::string model_dot(const kripke::Play& play, const DrawRequest& request);

}  // namespace kripkesim
