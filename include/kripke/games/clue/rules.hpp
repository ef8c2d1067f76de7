// Clue's rules (docs/games/clue.md) as read from a config's "rules": the deck by category, the
// players and their hand sizes, whom a suggestion is put to, and how a shown card updates
// the model. Defaults are ClueModel's game: 7 weapons, 4 suspects, 3 players with 3 cards.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "kripke/config_reader.hpp"
#include "kripke/deals.hpp"

namespace kripke::clue {

// ask "next": only the next player answers (the original); "clockwise": each following
// player in turn until one can show a card (real Cluedo).
enum class AskOrder { Next, Clockwise };
// How a shown card updates the model: "product" is the exact action model, "shortcut" the
// original's public "holds at least one" plus the asker's private refinement.
enum class Semantics { Product, Shortcut };

struct Category {
  std::string key;   // the rules key: "weapons"
  std::string noun;  // for text: "weapon"
  std::vector<std::string> cards;
};

struct Rules {
  std::vector<Category> categories = {
      {"weapons", "weapon", {"axe", "candle", "dagger", "handgun", "lead", "rope", "wrench"}},
      {"suspects", "suspect", {"Scarlet", "Mustard", "Green", "Plum"}},
      {"rooms", "room", {}},  // optional; an empty category is dropped
  };
  int players = 3;
  std::vector<int> hand_sizes;  // empty: the cards outside the envelope dealt evenly
  AskOrder ask = AskOrder::Next;
  Semantics semantics = Semantics::Product;

  // --- the deck, derived from the categories (filled by `finish`) ---------------------
  std::vector<std::string> card_names;  // category by category, in the config's order
  std::vector<int> card_category;

  int card_count() const { return int(card_names.size()); }
  int category_count() const { return int(categories.size()); }
  // Places: players 0..players-1, then the envelope.
  int envelope() const { return players; }
  int place_count() const { return players + 1; }

  std::optional<int> find_card(const std::string& name) const {
    const auto it = std::find(card_names.begin(), card_names.end(), name);
    if (it == card_names.end()) return std::nullopt;
    return int(it - card_names.begin());
  }
  // The card of that name; an InputError at `path` naming the deck otherwise.
  int card_named(const std::string& name, const std::string& path) const {
    if (const auto card = find_card(name)) return *card;
    throw InputError("unknown card '" + name + "' (cards: " + ObjectReader::join(card_names) + ")",
                     path);
  }

  // The deal: the players' hands (free slots), then the envelope (one card per category).
  DealSpec deal_spec() const {
    DealSpec spec;
    spec.category = card_category;
    for (int p = 0; p < players; ++p)
      spec.slots.push_back({"player " + std::to_string(p + 1), hand_sizes[p], {}});
    spec.slots.push_back({"envelope", category_count(), std::vector<int>(categories.size(), 1)});
    return spec;
  }

  // Drops empty categories, numbers the deck, fills in the default hand sizes.
  void finish(const std::string& hand_sizes_path) {
    std::erase_if(categories, [](const Category& c) { return c.cards.empty(); });
    card_names.clear();
    card_category.clear();
    for (int c = 0; c < category_count(); ++c)
      for (const auto& card : categories[c].cards) {
        card_names.push_back(card);
        card_category.push_back(c);
      }
    const int dealt = card_count() - category_count();
    if (hand_sizes.empty()) {
      for (int p = 0; p < players; ++p)
        hand_sizes.push_back(dealt / players + (p < dealt % players));
    } else if (int(hand_sizes.size()) != players) {
      throw InputError("one hand size per player needed (" + std::to_string(players) + " players)",
                       hand_sizes_path);
    }
    int total = 0;
    for (int size : hand_sizes) total += size;
    if (total != dealt)
      throw InputError("the hands hold " + std::to_string(total) + " cards but " +
                           std::to_string(dealt) +
                           " are dealt (the deck minus one card per category)",
                       hand_sizes_path);
  }
};

inline const std::vector<std::string>& ask_names() {
  static const std::vector<std::string> names = {"next", "clockwise"};
  return names;
}
inline const std::vector<std::string>& semantics_names() {
  static const std::vector<std::string> names = {"product", "shortcut"};
  return names;
}

// Card names appear in formulas (has(2,rope)), so they must be words the parser reads.
inline void check_card_name(const std::string& name, const std::string& path) {
  const bool word = !name.empty() && std::all_of(name.begin(), name.end(), [](char ch) {
    return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_';
  });
  if (!word)
    throw InputError("card names are letters, digits and '_' (found '" + name + "')", path);
}

// Reads the deck and the table from a config's "rules" into `rules`, whose categories and
// players are the defaults: a list of card names per category key (an absent key keeps
// the default cards), "players" (3 to 6) and "hand_sizes". Then numbers the deck.
inline void read_deck(ObjectReader& r, Rules& rules) {
  for (Category& category : rules.categories) {
    const Json* list = r.find(category.key);
    if (!list) continue;
    const std::string path = r.path_of(category.key);
    category.cards.clear();
    for (std::size_t k = 0; k < array_at(*list, path).size(); ++k)
      category.cards.push_back(
          ObjectReader::string_value((*list)[k], path + "/" + std::to_string(k)));
    if (category.cards.empty() && category.key != "rooms")
      throw InputError("a game needs at least one " + category.noun, path);
  }
  // Hands are bitmasks of 64 bits (see tables.hpp); checked before the names, so that a
  // deck of thousands of names is refused at once.
  std::size_t cards = 0;
  for (const Category& category : rules.categories) cards += category.cards.size();
  if (cards > 64)
    throw InputError(
        "a deck of at most 64 cards is supported (this one has " + std::to_string(cards) + ")",
        "/rules");
  std::set<std::string> seen;
  for (const Category& category : rules.categories)
    for (std::size_t k = 0; k < category.cards.size(); ++k) {
      const std::string& name = category.cards[k];
      const std::string path = r.path_of(category.key) + "/" + std::to_string(k);
      check_card_name(name, path);
      if (!seen.insert(name).second)
        throw InputError("the card '" + name + "' appears twice in the deck", path);
    }
  rules.players = int(r.integer("players", rules.players, 3, 6));
  const std::string sizes_path = r.path_of("hand_sizes");
  if (const Json* sizes = r.find("hand_sizes")) {
    for (std::size_t k = 0; k < array_at(*sizes, sizes_path).size(); ++k)
      rules.hand_sizes.push_back(int(
          ObjectReader::integer_value((*sizes)[k], sizes_path + "/" + std::to_string(k), 0, 64)));
  }
  rules.finish(sizes_path);
}

inline Rules read_rules(const Json& json) {
  ObjectReader r(json, "/rules");
  Rules rules;
  read_deck(r, rules);
  rules.ask = r.choice("ask", "next", ask_names()) == "next" ? AskOrder::Next : AskOrder::Clockwise;
  rules.semantics = r.choice("semantics", "product", semantics_names()) == "product"
                        ? Semantics::Product
                        : Semantics::Shortcut;
  r.done();
  return rules;
}

// A list of card names with one card per category (a suggestion, an accusation), as card
// numbers in the categories' order.
inline std::vector<int> read_one_per_category(const Rules& rules, const Json& list,
                                              const std::string& path) {
  std::vector<int> cards(rules.categories.size(), -1);
  for (std::size_t k = 0; k < array_at(list, path).size(); ++k) {
    const std::string item_path = path + "/" + std::to_string(k);
    const std::string name = ObjectReader::string_value(list[k], item_path);
    const int card = rules.card_named(name, item_path);
    const int category = rules.card_category[std::size_t(card)];
    if (cards[std::size_t(category)] >= 0)
      throw InputError("one card per category, and '" + name + "' is a second " +
                           rules.categories[std::size_t(category)].noun,
                       item_path);
    cards[std::size_t(category)] = card;
  }
  for (std::size_t c = 0; c < cards.size(); ++c)
    if (cards[c] < 0) throw InputError("no " + rules.categories[c].noun + " is named", path);
  return cards;
}

// A deal as a config writes it, {"hands": [[...], ...], "envelope": [...]}, as the place of
// every card (a player, or rules.envelope()); an InputError at `path` (and below it) when
// a hand has the wrong size, a card is unknown, dealt twice or not at all, or the envelope
// does not hold one card of each category.
inline Deal read_deal_places(const Rules& rules, const Json& json, const std::string& path) {
  ObjectReader r(json, path);
  Deal deal(std::size_t(rules.card_count()), std::uint8_t(255));
  auto place_cards = [&](const Json& list, const std::string& list_path, int place,
                         std::size_t size) {
    if (array_at(list, list_path).size() != size)
      throw InputError("expected " + std::to_string(size) + " cards", list_path);
    for (std::size_t k = 0; k < list.size(); ++k) {
      const std::string item_path = list_path + "/" + std::to_string(k);
      const std::string name = ObjectReader::string_value(list[k], item_path);
      const int card = rules.card_named(name, item_path);
      if (deal[std::size_t(card)] != 255)
        throw InputError("the card '" + name + "' is dealt twice", item_path);
      deal[std::size_t(card)] = std::uint8_t(place);
    }
  };
  const Json& hands = array_at(r.required("hands"), path + "/hands");
  if (int(hands.size()) != rules.players)
    throw InputError("one hand per player needed (" + std::to_string(rules.players) + ")",
                     path + "/hands");
  for (int p = 0; p < rules.players; ++p)
    place_cards(hands[std::size_t(p)], path + "/hands/" + std::to_string(p), p,
                std::size_t(rules.hand_sizes[std::size_t(p)]));
  place_cards(r.required("envelope"), path + "/envelope", rules.envelope(),
              rules.categories.size());
  r.done();
  std::vector<int> in_envelope(rules.categories.size(), 0);
  for (int card = 0; card < rules.card_count(); ++card)
    if (deal[std::size_t(card)] == rules.envelope())
      ++in_envelope[std::size_t(rules.card_category[std::size_t(card)])];
  for (int count : in_envelope)
    if (count != 1)
      throw InputError("the envelope must hold one card of each category", path + "/envelope");
  return deal;
}

// Config "agents": none (every player gets the default settings) or one entry per player,
// each read by read_one(reader).
template <class Settings, class ReadOne>
std::vector<Settings> read_agent_list(const Json& list, int players, ReadOne&& read_one) {
  std::vector<Settings> out(static_cast<std::size_t>(players));
  if (list.empty()) return out;
  if (int(list.size()) != players)
    throw InputError(
        "one entry per player needed (" + std::to_string(players) + " players), or none",
        "/agents");
  for (std::size_t k = 0; k < list.size(); ++k) {
    ObjectReader r(list[k], "/agents/" + std::to_string(k));
    out[k] = read_one(r);
    r.done();
  }
  return out;
}

// The rules with every default filled in, as the `start` event shows them.
inline Json rules_json(const Rules& rules) {
  Json out = Json::object();
  for (const Category& c : rules.categories) out[c.key] = c.cards;
  if (!out.contains("rooms")) out["rooms"] = Json::array();
  out["players"] = rules.players;
  out["hand_sizes"] = rules.hand_sizes;
  out["ask"] = ask_names()[rules.ask == AskOrder::Next ? 0 : 1];
  out["semantics"] = semantics_names()[rules.semantics == Semantics::Product ? 0 : 1];
  return out;
}

}  // namespace kripke::clue
