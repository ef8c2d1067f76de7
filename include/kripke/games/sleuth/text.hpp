// Text for Sleuth's transcript: card lists, the literals an answer teaches (in the formula
// syntax), and a player's score sheet.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "kripke/games/sleuth/cards.hpp"
#include "kripke/games/sleuth/knowledge.hpp"
#include "kripke/text_width.hpp"

namespace kripke::sleuth {

inline std::string card_list(const Deck& deck, const std::vector<int>& cards) {
  std::string s;
  for (int card : cards) s += (s.empty() ? "" : ", ") + deck.name(card);
  return s.empty() ? "nothing" : s;
}

inline std::string percent(double p) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100 * p);
  return buf;
}

// "has(2,RDS) & ~has(2,RDP)": what `player` showing `shown` of `matching` establishes.
inline std::string answer_formula(const Deck& deck, int player, const std::vector<int>& matching,
                                  const std::vector<int>& shown) {
  std::string s;
  for (int card : matching) {
    const bool held = std::find(shown.begin(), shown.end(), card) != shown.end();
    s += std::string(s.empty() ? "" : " & ") + (held ? "" : "~") + "has(" +
         std::to_string(player + 1) + "," + deck.name(card) + ")";
  }
  return s.empty() ? "true" : s;
}

// The gems a player still holds possible as the hidden one, each with its probability under
// the exact engine: for the exact engine the cards counting does not exclude; for the rules
// engine its M_a(X) facts (the cards not known to be in the game), which stay listed beside
// a gem found by "no other player holds it" (at 0%), followed by the gem found.
// Wrapped to kTextWidth columns after `indent`, a gem never apart from its probability.
inline std::string score_sheet(const Deck& deck, const Mind& mind, const std::string& indent) {
  const PlacementCounts& counts = mind.exact().counts();
  const bool exact = mind.engine() == Engine::Exact;
  std::vector<std::string> gems;
  for (int card = 0; card < deck.size(); ++card) {
    const bool possible = exact ? mind.status(card, mind.hidden_place()) != Status::Lacks
                                : !mind.rules().in_game(card);
    if (!possible) continue;
    if (!gems.empty()) gems.back() += ',';
    gems.push_back(deck.name(card) + " " + percent(counts.probability(card, mind.hidden_place())));
  }
  const std::size_t n = gems.size();
  std::vector<std::string> items = split_words(
      "score sheet of player " + std::to_string(mind.self() + 1) + " (" +
      engine_name(mind.engine()) + " engine; probabilities exact): " + std::to_string(n) +
      (n == 1 ? " gem" : " gems") + " possibly hidden:");
  items.insert(items.end(), gems.begin(), gems.end());
  if (const auto gem = mind.hidden_gem(); gem && n > 1) {
    items.back() += ";";
    items.insert(items.end(), {"found:", deck.name(*gem)});
  }
  return wrap_items(items, indent, indent + "  ");
}

}  // namespace kripke::sleuth
