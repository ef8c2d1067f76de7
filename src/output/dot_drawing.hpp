// Kripke models as Graphviz DOT (`kripkesim draw`): a node per world, labelled as the game
// writes the world, the actual world with a double outline, and for each agent its classes
// (the worlds it cannot tell apart) as chains of edges of its own colour; or the same of its
// bisimulation contraction. A model with beliefs is drawn with arrows instead.
#pragma once

#include <string>

#include "kripke/bisimulation.hpp"
#include "kripke/game.hpp"

namespace kripkesim {

// The DOT text of the play's model restricted to some of its alive worlds, a node per block
// of `drawn` (kripke::without_contraction: a node per world); `title` heads the legend.
std::string dot_drawing(const kripke::Play& play, const kripke::Contraction& drawn,
                        const std::string& title);

// The DOT text of a model with beliefs (some relation is not an equivalence) restricted to
// the alive worlds of `worlds`: a directed graph, a node per world, and per agent an arrow
// from each world to each world it considers possible there, in the agent's colour; a loop
// where a world sees itself (reflexivity is information here: a world without its loop is
// one the agent rules out while in it). An agent whose relation is an equivalence gets
// chains of undirected edges, as in an S5 drawing.
std::string dot_belief_drawing(const kripke::Play& play, const kripke::WorldSet& worlds,
                               const std::string& title);

// What Graphviz lays out for dot_belief_drawing: its nodes and edges.
std::size_t belief_drawing_size(const kripke::Model& m, const kripke::WorldSet& worlds);

// Whether agent i cannot tell any two of the drawn nodes apart (one class holds them all):
// its edges are left out and the legend says so.
bool alike_everywhere(const kripke::Contraction& drawn, kripke::Agent i);

// What Graphviz lays out for `drawn`: its nodes and its edges (per agent and class of k
// nodes, k - 1 edges, except for an agent alike_everywhere).
std::size_t drawing_size(const kripke::Contraction& drawn);

// The colour agent i's edges get (a colour-blind-safe palette, repeating after eight).
std::string agent_colour(kripke::Agent i);

}  // namespace kripkesim
