// A Cluedo player's notebook as a person reads it, shared by `kripkesim assist` (a real
// table) and Cluedo's seat at `kripkesim play`: the grid of where each card may be, with
// probabilities; the most likely envelopes; the suggestions that tell the most about the
// envelope (the info-gain agent's measure).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "kripke/games/cluedo/notebook.hpp"
#include "kripke/games/cluedo/rules.hpp"

namespace kripkesim::assist {

// Per card, per place (each player, named by `players`, then the envelope): "yes" where the
// notebook knows the card is, "-" where it cannot be, else its probability.
std::string notebook_grid(const kripke::cluedo::Rules& rules,
                          const kripke::cluedo::Notebook& notebook,
                          const std::vector<std::string>& players);

// The count of possible deals and envelopes, and the `triples` most likely envelopes.
std::string envelope_odds(const kripke::cluedo::Rules& rules,
                          const kripke::cluedo::Notebook& notebook, std::size_t triples);

// The three best scores of expected information about the envelope, each with its first
// suggestion and how many tie with it; or, when the envelope is known, the accusation.
std::string suggestion_advice(const kripke::cluedo::Rules& rules,
                              const kripke::cluedo::Notebook& notebook);

}  // namespace kripkesim::assist
