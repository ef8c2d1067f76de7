// The two names every layer shares: an agent and a world, both numbered from 0. Formulas
// (syntax) and models (semantics) both speak of them; neither needs the other for that.
#pragma once

#include <cstdint>

namespace kripke {

using Agent = int;
using World = std::uint32_t;

}  // namespace kripke
