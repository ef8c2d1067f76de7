// A game written in the game language at a seat (`kripkesim play`, programs at seats): the
// person sees what its agent observes, makes a move as `MOVE AGENT...` (the move's name,
// then the agents of its parameters after the mover's), and may ask what it knows. Built in
// the model's unit; gossip, written in the language, seats people with it too.
#pragma once

#include <memory>

#include "play/desk.hpp"

namespace kripkesim::play {

// The desk of a play of a game in the language; an InputError for a model without moves.
std::unique_ptr<Desk> language_desk(kripke::Play& play);

}  // namespace kripkesim::play
