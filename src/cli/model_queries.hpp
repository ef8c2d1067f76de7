// `kripkesim check --where / --valid / --count / --frame`: questions about every alive world
// of a game's model, not only the actual one, answered as text or as one JSON object.
#pragma once

#include <cstddef>
#include <string>

#include "input/formula_input.hpp"
#include "kripke/game.hpp"

namespace kripkesim {

enum class Query { Where, Valid, Count };
enum class OutputFormat { Text, Json };

struct QueryAnswer {
  std::string output;  // what to print, ending in a newline
  bool holds = true;   // --valid: whether the formula holds in every alive world
};

// `limit`: the most worlds --where lists (0: all); the count is always complete.
QueryAnswer answer_query(const kripke::Play& play, Query query, const UserFormula& phi,
                         OutputFormat format, std::size_t limit);

// `check --frame`: per agent, which frame properties its relation has over the alive worlds
// (reflexive, serial, transitive, Euclidean, symmetric) and the logic they make valid (S5,
// KD45, ...). InputError for a game that counts its worlds instead of listing them.
std::string frame_report(const kripke::Play& play, OutputFormat format);

}  // namespace kripkesim
