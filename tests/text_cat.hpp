// Text pieces joined by appending, for tests that build formulas and names: GCC 12 warns
// falsely (-Wrestrict, PR 105329) on "literal" + std::string.
#pragma once

#include <string>

namespace kripke_test {

template <class... Parts>
std::string cat(const Parts&... parts) {
  std::string s;
  ((s += parts), ...);
  return s;
}

}  // namespace kripke_test
