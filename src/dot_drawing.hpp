// Kripke models as Graphviz DOT (`kripkesim draw`): a node per world, labelled as the game
// writes the world, the actual world with a double outline, and for each agent an edge of
// its own colour between every two worlds it cannot tell apart (no reflexive loops).
#pragma once

#include <string>

#include "kripke/game.hpp"
#include "kripke/world_set.hpp"

namespace kripkesim {

// The DOT text of the play's model restricted to `worlds` (a subset of the alive worlds);
// `title` heads the legend.
std::string dot_drawing(const kripke::Play& play, const kripke::WorldSet& worlds,
                        const std::string& title);

// The colour agent i's edges get (a colour-blind-safe palette, repeating after eight).
std::string agent_colour(kripke::Agent i);

}  // namespace kripkesim
