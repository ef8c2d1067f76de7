// JSON text to a tree, strictly: every way a text can be bad becomes an InputError that says
// where (a line and column, or the JSON pointer of the offending value), never a crash or an
// internal error. Configs, scenarios and results files are all read through here.
#pragma once

#include <cstddef>
#include <string>

#include "kripke/config_reader.hpp"

namespace kripkesim {

// Values nested deeper than this are refused: copying or printing a tree recurses once per
// level, and tens of thousands of levels overflow the stack. Real files nest under ten.
inline constexpr std::size_t kMaxJsonDepth = 256;

// Parses `text`. InputErrors (their path empty unless the problem is at a value):
// - malformed JSON, a number outside the range of a double (1e400), a NUL byte:
//   "line L, column C: ...";
// - a key twice in one object, nesting deeper than kMaxJsonDepth: at the value's JSON pointer.
kripke::Json parse_json_text(const std::string& text);

}  // namespace kripkesim
