// Sleuth's rules from a config, with the defaults of docs/games/sleuth.md: the full 36-card deck,
// 5 players with 7 cards each, 1 hidden gem, 4 question cards in hand, 11 free-choice
// cards. Reduced decks (subsets of the properties, fewer players, other hand sizes) are
// what the explicit Kripke model can enumerate.
#pragma once

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "kripke/config_reader.hpp"
#include "kripke/counting.hpp"
#include "kripke/deals.hpp"
#include "kripke/games/sleuth/cards.hpp"

namespace kripke::sleuth {

struct Rules {
  std::array<std::vector<int>, kDimensions> chosen = {{{0, 1, 2, 3}, {0, 1, 2}, {0, 1, 2}}};
  int players = 5;
  std::vector<int> hand_sizes;  // one per player; default: the cards shared out evenly
  int question_hand = 4;
  int free_choice_cards = 11;
  // Whether to build the explicit Kripke model as well: "auto" when the deals number at most
  // max_worlds, "on" (an error when they do not), "off". The counting engine always runs.
  std::string explicit_model = "auto";

  Deck deck() const { return Deck(chosen); }
  int hidden_place() const { return players; }  // places: players 0..n-1, then the hidden gem
  int place_count() const { return players + 1; }
  std::vector<int> place_sizes() const {
    std::vector<int> sizes = hand_sizes;
    sizes.push_back(1);
    return sizes;
  }
  DealSpec deal_spec() const {
    DealSpec spec;
    spec.category.assign(std::size_t(deck().size()), 0);
    for (int p = 0; p < players; ++p)
      spec.slots.push_back({std::to_string(p + 1), hand_sizes[std::size_t(p)], {}});
    spec.slots.push_back({"H", 1, {}});
    return spec;
  }
  // The question cards: one printed card per one- and two-element question, then the
  // free-choice cards (full deck: 10 + 33 + 11 = 54).
  std::vector<QuestionCard> question_cards() const {
    std::vector<QuestionCard> cards;
    const Deck d = deck();
    for (int elements = 1; elements <= 2; ++elements)
      for (const Question& q : d.questions(elements)) cards.push_back({false, q});
    for (int k = 0; k < free_choice_cards; ++k) cards.push_back({true, Question{}});
    return cards;
  }

  Json to_json() const {
    Json out;
    for (int d = 0; d < kDimensions; ++d) {
      Json letters = Json::array();
      for (int v : chosen[std::size_t(d)])
        letters.push_back(std::string(1, kDimensionTable[std::size_t(d)].letters[std::size_t(v)]));
      out[std::string(kDimensionTable[std::size_t(d)].key)] = letters;
    }
    out["players"] = players;
    out["hand_sizes"] = hand_sizes;
    out["hidden"] = 1;
    out["question_hand"] = question_hand;
    out["free_choice_cards"] = free_choice_cards;
    out["explicit_model"] = explicit_model;
    return out;
  }
};

namespace rules_detail {

// A list of property initials, e.g. ["R", "B"]: in play, kept in canonical order.
inline std::vector<int> read_properties(const Json& list, int dimension, const std::string& path) {
  const Dimension& dim = kDimensionTable[std::size_t(dimension)];
  array_at(list, path);
  std::vector<int> out;
  for (std::size_t k = 0; k < list.size(); ++k) {
    const std::string at = path + "/" + std::to_string(k);
    const std::string s = ObjectReader::string_value(list[k], at);
    const auto v = s.size() == 1 ? dim.letters.find(s[0]) : std::string_view::npos;
    if (v == std::string_view::npos)
      throw InputError("unknown " + std::string(dim.key) + " '" + s + "' (one of " +
                           std::string(dim.letters) + ", as single letters)",
                       at);
    if (std::find(out.begin(), out.end(), int(v)) != out.end())
      throw InputError("'" + s + "' is listed twice", at);
    out.push_back(int(v));
  }
  if (out.empty())
    throw InputError("at least one of " + std::string(dim.letters) + " is needed", path);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace rules_detail

inline Rules read_rules(const Json& json) {
  Rules rules;
  ObjectReader r(json, "/rules");
  for (int d = 0; d < kDimensions; ++d) {
    const std::string key(kDimensionTable[std::size_t(d)].key);
    if (const Json* v = r.find(key))
      rules.chosen[std::size_t(d)] = rules_detail::read_properties(*v, d, r.path_of(key));
  }
  const int cards = rules.deck().size();
  if (cards < 3)
    throw InputError("the deck needs at least 3 gem cards (2 players and the hidden gem)",
                     "/rules");
  rules.players = int(r.integer("players", rules.players, 2, std::min(12, cards - 1)));
  if (const Json* v = r.find("hand_sizes")) {
    array_at(*v, r.path_of("hand_sizes"));
    if (int(v->size()) != rules.players)
      throw InputError("one hand size per player is needed (" + std::to_string(rules.players) + ")",
                       r.path_of("hand_sizes"));
    for (std::size_t k = 0; k < v->size(); ++k)
      rules.hand_sizes.push_back(int(ObjectReader::integer_value(
          (*v)[k], r.path_of("hand_sizes") + "/" + std::to_string(k), 1, cards)));
  } else {
    for (int p = 0; p < rules.players; ++p)  // the first players take the odd cards
      rules.hand_sizes.push_back((cards - 1) / rules.players + (p < (cards - 1) % rules.players));
  }
  int dealt = 0;
  for (int h : rules.hand_sizes) dealt += h;
  if (dealt != cards - 1)
    throw InputError("the hands hold " + std::to_string(dealt) + " cards, but the deck of " +
                         std::to_string(cards) + " leaves " + std::to_string(cards - 1) +
                         " beside the hidden gem",
                     r.path_of("hand_sizes"));
  try {  // every player's exact engine counts these deals: refuse what it cannot count
    static_cast<void>(CardPlaces(cards, rules.place_sizes()));
  } catch (const InputError& e) {
    throw InputError(std::string("the counting engine cannot handle these rules: ") + e.what(),
                     "/rules");
  }
  r.integer("hidden", 1, 1, 1);  // one hidden gem: the rules and the win conditions assume it
  rules.question_hand = int(r.integer("question_hand", rules.question_hand, 1, 20));
  rules.free_choice_cards = int(r.integer("free_choice_cards", rules.free_choice_cards, 0, 1000));
  rules.explicit_model = r.choice("explicit_model", rules.explicit_model, {"auto", "on", "off"});
  r.done();
  const int deck_size = int(rules.question_cards().size());
  if (deck_size < rules.players * rules.question_hand)
    throw InputError("the question deck has " + std::to_string(deck_size) + " cards, fewer than " +
                         std::to_string(rules.players) + " players x " +
                         std::to_string(rules.question_hand) + " in hand",
                     "/rules/question_hand");
  return rules;
}

}  // namespace kripke::sleuth
