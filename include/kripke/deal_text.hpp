// The deal in words, for the end of a game's transcript: what was hidden (the envelope, the
// hidden card, the foreheads, the numbers) and every hand, read off the deal as the log's
// `start` event writes it.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "kripke/config_reader.hpp"
#include "kripke/text_width.hpp"

namespace kripke {

namespace deal_text_detail {

inline std::string scalar_text(const Json& value) {
  return value.is_string() ? value.get<std::string>() : value.dump();
}

// "a, b, c" for a list of scalars (nested lists in brackets).
inline std::string list_text(const Json& list) {
  std::string out;
  for (const Json& item : list) {
    // Piece by piece: GCC 12 warns falsely on a chain of + here (PR 105329).
    if (!out.empty()) out += ", ";
    if (item.is_array()) {
      out += '[';
      out += list_text(item);
      out += ']';
    } else {
      out += scalar_text(item);
    }
  }
  return out;
}

inline void add_lines(const Json& deal, const std::string& prefix,
                      const std::function<std::string(int)>& agent_name,
                      std::vector<std::string>& lines) {
  for (const auto& [key, value] : deal.items()) {
    const std::string label = prefix + key + ":";
    if (value.is_object()) {
      add_lines(value, prefix + key + " ", agent_name, lines);
    } else if (value.is_array() && !value.empty() && value.front().is_array()) {
      // One entry per player (hands, boards).
      std::vector<std::string> items = {label};
      for (std::size_t i = 0; i < value.size(); ++i)
        items.push_back(agent_name(int(i)) + ": " + list_text(value[i]) +
                        (i + 1 < value.size() ? ";" : ""));
      lines.push_back(wrap_items(items, "  ", "    "));
    } else {
      lines.push_back(wrap_items({label, value.is_array() ? list_text(value) : scalar_text(value)},
                                 "  ", "    "));
    }
  }
}

}  // namespace deal_text_detail

// "the deal:" and a line per part of the deal, each within kTextWidth columns.
inline std::string deal_text(const Json& deal, const std::function<std::string(int)>& agent_name) {
  std::vector<std::string> lines;
  deal_text_detail::add_lines(deal, "", agent_name, lines);
  std::string out = "the deal:";
  for (const std::string& line : lines) out += "\n" + line;
  return out;
}

}  // namespace kripke
