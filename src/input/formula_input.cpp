#include "input/formula_input.hpp"

#include <algorithm>

#include "kripke/errors.hpp"
#include "kripke/formula_parser.hpp"

namespace kripkesim {
kripke::InputError located(const kripke::FormulaError& e, const UserFormula& phi) {
  return kripke::InputError(std::string(e.what()) + "\n" + caret_under(phi.text, e.column()),
                            phi.path);
}

std::string caret_under(const std::string& text, std::size_t column) {
  // The text as a terminal shows it, one cell per character: tabs and other control bytes
  // become spaces and bytes that are not UTF-8 become '?', so that the caret lines up. A
  // long formula is shown around the caret only, "..." marking what is left out.
  constexpr std::size_t kBefore = 40, kWidth = 80;
  std::size_t caret = 0;  // the cells before the column
  for (std::size_t at = 0; at < text.size() && at + 1 < column;) {
    ++caret;
    at += std::max<std::size_t>(1, kripke::utf8_length_at(text, at));
  }
  const std::size_t first = caret > kBefore ? caret - kBefore : 0;
  std::string shown = first > 0 ? "..." : "";
  std::size_t cell = 0;
  for (std::size_t at = 0; at < text.size(); ++cell) {
    const auto byte = static_cast<unsigned char>(text[at]);
    const std::size_t length = kripke::utf8_length_at(text, at);
    if (cell >= first + kWidth) {
      shown += "...";
      break;
    }
    if (cell < first) {
      at += std::max<std::size_t>(1, length);
    } else if (length == 0) {
      shown += '?';
      ++at;
    } else if (byte < 0x20 || byte == 0x7f) {
      shown += ' ';
      ++at;
    } else {
      shown += text.substr(at, length);
      at += length;
    }
  }
  const std::string indent = "    ";
  const std::size_t under = caret - first + (first > 0 ? 3 : 0);
  return indent + shown + "\n" + indent + std::string(under, ' ') + "^";
}

UserFormula parse_user_formula(const std::string& text, const std::string& path) {
  try {
    return {text, kripke::parse_formula(text), path};
  } catch (const kripke::FormulaError& e) {
    throw located(e, UserFormula{text, nullptr, path});
  }
}

UserFormula FormulaTexts::parse(const std::string& text, const std::string& path) {
  if (const auto it = parsed_.find(text); it != parsed_.end()) return {text, it->second, path};
  UserFormula out = parse_user_formula(text, path);
  parsed_.emplace(text, out.formula);
  return out;
}

kripke::WorldSet truth_set(const kripke::Play& play, const UserFormula& phi) {
  return evaluating(phi, [&] { return play.truth(*phi.formula); });
}

bool holds_at_actual(const kripke::Play& play, const UserFormula& phi) {
  return evaluating(phi, [&] {
    // Checked whole first: an engine may read a formula at one world only as far as it
    // needs (p | q without q where p holds), and a mistake anywhere in it is still one.
    play.check_formula(*phi.formula);
    return play.holds(*phi.formula);
  });
}

}  // namespace kripkesim
