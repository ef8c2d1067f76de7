// Kripke models as Graphviz DOT (`kripkesim draw`): a node per world, labelled as the game
// writes the world, the actual world with a double outline, and for each agent an edge of
// its own colour between every two worlds it cannot tell apart (no reflexive loops); or the
// same of its bisimulation contraction.
#pragma once

#include <string>

#include "kripke/bisimulation.hpp"
#include "kripke/game.hpp"

namespace kripkesim {

// The DOT text of the play's model restricted to some of its alive worlds, a node per block
// of `drawn` (kripke::without_contraction: a node per world); `title` heads the legend.
std::string dot_drawing(const kripke::Play& play, const kripke::Contraction& drawn,
                        const std::string& title);

// The colour agent i's edges get (a colour-blind-safe palette, repeating after eight).
std::string agent_colour(kripke::Agent i);

}  // namespace kripkesim
