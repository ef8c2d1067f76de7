// Clue's text rendering: the knowledge table of the original GUI. A column per player;
// two rows of relation counts (the pairs of its whole partition among alive worlds, and
// the original's figure: the pairs among the worlds it considers possible), then per card
// "?" or the place it knows the card is in (a player's number or "env"). A "*" marks what
// the player has learnt since the previous table.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
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

struct RelationCounts {
  std::uint64_t all = 0;       // Σ over the player's classes of |class ∩ alive|²
  std::uint64_t possible = 0;  // (worlds it considers possible)²: ClueModel's count
};

// `previous` is empty for the first table (nothing is marked new).
inline std::string knowledge_table(const Rules& rules, const std::vector<Outlook>& views,
                                   const std::vector<RelationCounts>& relations,
                                   const std::vector<Outlook>& previous) {
  const std::string all_label = "relations (all)", possible_label = "relations (possible)";
  std::size_t label = possible_label.size();
  for (const auto& name : rules.card_names) label = std::max(label, name.size());
  std::size_t width = std::string("player 9").size();
  for (auto r : relations) width = std::max(width, std::to_string(r.all).size());
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
  for (const auto& [head, count] : {std::pair{all_label, &RelationCounts::all},
                                    std::pair{possible_label, &RelationCounts::possible}}) {
    cells.clear();
    for (const auto& r : relations) cells.push_back(std::to_string(r.*count));
    out += '\n';  // appended separately: GCC 12 warns falsely (-Wrestrict) on "\n" + string
    out += row(head, cells);
  }
  for (int card = 0; card < rules.card_count(); ++card) {
    cells.clear();
    for (std::size_t p = 0; p < views.size(); ++p) {
      const int place = views[p].known_place(card);
      const bool learnt = place >= 0 && !previous.empty() && !previous[p].knows_place(card);
      cells.push_back((place < 0 ? "?" : place_name(rules, place)) + (learnt ? "*" : ""));
    }
    out += '\n';
    out += row(rules.card_names[card], cells);
  }
  out += '\n';
  out += indent;
  out +=
      "(per card, where the column's player knows it is: a player, env = the envelope, ? = "
      "unknown; * = learnt since the last table)";
  return out;
}

}  // namespace kripke::clue
