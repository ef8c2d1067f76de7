// Clue's text rendering: the knowledge table of the original GUI. A column per player;
// the first row is the number of relations it still has, then per card "?" or the place
// it knows the card is in (a player's number or "env"). A "*" marks what the player has
// learnt since the previous table.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "kripke/games/clue/outlook.hpp"

namespace kripke::clue {

inline std::string place_name(const Rules& rules, int place) {
  return place == rules.envelope() ? "env" : std::to_string(place + 1);
}

inline std::string pad_left(const std::string& s, std::size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}
inline std::string pad_right(const std::string& s, std::size_t width) {
  return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}

// `previous` is empty for the first table (nothing is marked new).
inline std::string knowledge_table(const Rules& rules, const std::vector<Outlook>& views,
                                   const std::vector<std::uint64_t>& relations,
                                   const std::vector<Outlook>& previous) {
  std::size_t label = std::string("relations").size();
  for (const auto& name : rules.card_names) label = std::max(label, name.size());
  std::size_t width = std::string("player 9").size();
  for (auto r : relations) width = std::max(width, std::to_string(r).size());
  const std::string indent = "  ";

  // Cells are right-aligned with one column after them for the "*".
  auto row = [&](const std::string& head, const std::vector<std::string>& cells) {
    std::string line = indent + pad_right(head, label);
    for (const auto& cell : cells) {
      const bool marked = cell.back() == '*';
      line += "  " + pad_left(marked ? cell.substr(0, cell.size() - 1) : cell, width) +
              (marked ? "*" : " ");
    }
    while (line.back() == ' ') line.pop_back();
    return line;
  };
  std::vector<std::string> cells;
  for (std::size_t p = 0; p < views.size(); ++p) cells.push_back("player " + std::to_string(p + 1));
  std::string out = row("", cells);
  cells.clear();
  for (auto r : relations) cells.push_back(std::to_string(r));
  out += "\n" + row("relations", cells);
  for (int card = 0; card < rules.card_count(); ++card) {
    cells.clear();
    for (std::size_t p = 0; p < views.size(); ++p) {
      const int place = views[p].known_place(card);
      const bool learnt = place >= 0 && !previous.empty() && !previous[p].knows_place(card);
      cells.push_back((place < 0 ? "?" : place_name(rules, place)) + (learnt ? "*" : ""));
    }
    out += "\n" + row(rules.card_names[card], cells);
  }
  return out;
}

}  // namespace kripke::clue
