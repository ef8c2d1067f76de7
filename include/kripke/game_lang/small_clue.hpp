// Clue as ClueModel plays it (Jongsma's simplified Clue: one weapon and one suspect in the
// envelope, the rest dealt to the players; each player in turn suggests a weapon and a
// suspect to the next player, who shows one of them if it can), written in the game
// language (docs/game-language.md), as configs/games/small-clue.json writes it for the small
// deck. The tests replay the built-in game's moves in it, and the bench times it beside the
// built-in game.
//
// The deal is the family has(p, card) over the players p1, p2, ... and the cards (a set);
// a card no player has is in the envelope. A suggestion is a move of the asker i to the next
// player j (next(i, j)) naming a weapon w and a suspect s (parameters ranging over those
// sets), with three events: j shows the weapon, j shows the suspect (asker and answerer see which;
// the others that "a card" was shown), or j holds neither (everyone sees it). Where j holds
// both, which it shows is j's choice (the move's chosen_by: at random, or by j's strategy,
// the card that tells i least); the product update keeps both possibilities for the
// onlookers, as the built-in game's "product" semantics does. The built-in game's
// "shortcut" (ClueModel's own update: everyone learns that j holds one of the cards, and
// only the asker whether j holds the one shown) is the same events with a weaker
// precondition: "j holds one of them", where j may choose the card only if it holds it,
// and the asker learns whether j holds it.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "kripke/config_reader.hpp"

namespace kripke::game_lang {

namespace small_clue_detail {

inline std::string joined(const std::vector<std::string>& parts, const std::string& with) {
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : with) + part;
  return out;
}

}  // namespace small_clue_detail

struct SmallClueDeck {
  std::vector<std::string> weapons = {"candle", "dagger", "rope", "wrench"};
  std::vector<std::string> suspects = {"Scarlet", "Mustard", "Green", "Plum"};
  int players = 3;
  bool shortcut = false;  // the built-in game's "shortcut" semantics of a shown card
};

// The rules for `deck`, each player holding the same number of cards; `hands`, when not
// null, is the actual deal as the built-in game writes it ({"hands": [[...], ...]}).
inline Json small_clue_rules(const SmallClueDeck& deck = {}, const Json& hands = nullptr) {
  using small_clue_detail::joined;
  std::vector<std::string> cards = deck.weapons;
  cards.insert(cards.end(), deck.suspects.begin(), deck.suspects.end());
  std::vector<std::string> names;
  for (int p = 1; p <= deck.players; ++p) names.push_back("p" + std::to_string(p));
  const auto has = [](const std::string& who, const std::string& card) {
    return "has(" + who + ", " + card + ")";
  };
  // Each card held by at most one player, each player holding its share, and as many cards
  // of each category held as it has but one: a weapon and a suspect in the envelope. Sums of
  // true/false variables count them (true is 1), which the law's solver reads directly.
  const std::size_t hand = (cards.size() - 2) / names.size();
  Json variables = Json::array();
  std::vector<std::string> law;
  for (const std::string& p : names) {
    std::vector<std::string> held;
    for (const std::string& c : cards) held.push_back(has(p, c));
    law.push_back(joined(held, " + ") + " = " + std::to_string(hand));
  }
  for (const std::string& c : cards) {
    std::vector<std::string> holders;
    for (const std::string& p : names) holders.push_back(has(p, c));
    law.push_back(joined(holders, " + ") + " <= 1");
  }
  for (const std::vector<std::string>* category : {&deck.weapons, &deck.suspects}) {
    std::vector<std::string> held;
    for (const std::string& c : *category)
      for (const std::string& p : names) held.push_back(has(p, c));
    law.push_back(joined(held, " + ") + " = " + std::to_string(category->size() - 1));
  }
  variables.push_back({{"name", "has"}, {"of", {"agents", "cards"}}});
  Json next_pairs = Json::array();
  for (std::size_t p = 0; p < names.size(); ++p)
    next_pairs.push_back(names[p] + "," + names[(p + 1) % names.size()]);
  variables.push_back({{"name", "next"},
                       {"of", {"agents", "agents"}},
                       {"itself", false},
                       {"initially_true", next_pairs}});

  // A card no player holds is in the envelope; a player wins knowing which cards those are.
  const Json definitions = {{"envelope(c)", {{"all", "~has(_, c)"}}},
                            {"knows_envelope(x)", {{"all", "Kw{x} envelope(_)"}}}};
  Json agents = Json::array();
  for (const std::string& p : names) agents.push_back({{"name", p}, {"observes", {"has(me, _)"}}});
  // The suggestion of weapon w and suspect s by i to j: j shows one of them, or neither.
  // The cards come first so that the moves are listed card by card, as the built-in game
  // lists its suggestions.
  const auto show = [&](const std::string& name, const std::string& card) {
    if (!deck.shortcut)
      return Json{{"name", name},
                  {"pre", has("j", card)},
                  {"seen_by", {"i", "j"}},
                  {"others_see", "a card"}};
    return Json{{"name", name},
                {"pre", has("j", "w") + " | " + has("j", "s")},
                {"when", has("j", card)},
                {"learn", {has("j", card)}},
                {"learnt_by", {"i"}}};
  };
  const Json moves =
      Json::array({{{"name", "suggest"},
                    {"parameters", {{{"w", "weapons"}}, {{"s", "suspects"}}, "i", "j"}},
                    {"mover", "i"},
                    {"legal", "next(i, j)"},
                    {"chosen_by", "j"},
                    {"events",
                     {show("show_weapon", "w"),
                      show("show_suspect", "s"),
                      {{"name", "neither"}, {"pre", "~has(j, w) & ~has(j, s)"}}}}}});
  Json rules = {{"sets",
                 {{"weapons", deck.weapons},
                  {"suspects", deck.suspects},
                  {"cards", {"weapons", "suspects"}}}},
                {"agents", agents},
                {"variables", variables},
                {"law", joined(law, " & ")},
                {"definitions", definitions},
                {"moves", moves},
                {"win", "knows_envelope(me)"}};
  if (hands.is_null()) return rules;
  Json actual = Json::object();
  for (std::size_t p = 0; p < names.size(); ++p)
    for (const std::string& c : cards) {
      const Json& hand_p = hands[p];
      actual["has(" + names[p] + "," + c + ")"] =
          std::find(hand_p.begin(), hand_p.end(), Json(c)) != hand_p.end();
    }
  for (std::size_t p = 0; p < names.size(); ++p)
    for (std::size_t q = 0; q < names.size(); ++q)
      if (p != q) actual["next(" + names[p] + "," + names[q] + ")"] = q == (p + 1) % names.size();
  rules["actual"] = actual;
  return rules;
}

}  // namespace kripke::game_lang
