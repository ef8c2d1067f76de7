// Counts in messages: "1 turn", "2 turns", never "1 turns".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace kripke {

// The count and the noun, the noun in the plural (given, or the noun with an s) unless the
// count is one.
inline std::string counted(std::uint64_t n, std::string_view noun, std::string_view plural = {}) {
  std::string out = std::to_string(n) + " ";
  if (n == 1) return out.append(noun);
  return plural.empty() ? out.append(noun).append("s") : out.append(plural);
}

}  // namespace kripke
