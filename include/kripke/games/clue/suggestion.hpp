// A suggestion (one card per category) and who answers it in a given deal: the asked
// players in order, the first who holds a suggested card shows one.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "kripke/games/clue/tables.hpp"
#include "kripke/move_reason.hpp"

namespace kripke::clue {

// The players the asker puts the question to, in order: the next player only, or every
// other player clockwise.
inline std::vector<Agent> ask_order(const Rules& rules, Agent asker) {
  std::vector<Agent> order;
  const int asked = rules.ask == AskOrder::Next ? 1 : rules.players - 1;
  for (int k = 1; k <= asked; ++k) order.push_back((asker + k) % rules.players);
  return order;
}

// A strategy's suggestion and why it made it.
struct Suggestion {
  std::vector<int> cards;
  MoveReason reason;
};

// The suggestions of the deck: one card of each category.
inline std::size_t suggestion_count(const Rules& rules) {
  std::size_t n = 1;
  for (const Category& c : rules.categories) n *= c.cards.size();
  return n;
}

// The k-th suggestion in mixed radix over the categories: one card from each.
inline std::vector<int> nth_suggestion(const Rules& rules, std::size_t k) {
  std::vector<int> cards(rules.categories.size());
  int first = rules.card_count();
  for (int c = rules.category_count() - 1; c >= 0; --c) {
    const std::size_t size = rules.categories[c].cards.size();
    first -= int(size);
    cards[c] = first + int(k % size);
    k /= size;
  }
  return cards;
}

inline std::uint64_t card_mask(const std::vector<int>& cards) {
  std::uint64_t mask = 0;
  for (int card : cards) mask |= std::uint64_t{1} << card;
  return mask;
}

// Who shows a card, as a position in `order` (-1: nobody can), and the suggested cards
// that player holds (a mask).
struct Responder {
  int position = -1;
  std::uint64_t held = 0;
};

inline Responder responder(const Tables& t, DealIndex deal, std::uint64_t suggested,
                           const std::vector<Agent>& order) {
  for (std::size_t k = 0; k < order.size(); ++k) {
    const std::uint64_t held = t.hand(deal, order[k]) & suggested;
    if (held) return {int(k), held};
  }
  return {};
}

inline std::vector<int> cards_in(std::uint64_t mask) {
  std::vector<int> out;
  for (; mask; mask &= mask - 1) out.push_back(std::countr_zero(mask));
  return out;
}

// "dagger, Scarlet" / "dagger and Scarlet" / "neither dagger nor Scarlet".
inline std::string card_list(const Rules& rules, const std::vector<int>& cards,
                             const std::string& last_joiner = ", ") {
  std::string s;
  for (std::size_t k = 0; k < cards.size(); ++k) {
    if (k) s += k + 1 == cards.size() ? last_joiner : ", ";
    s += rules.card_names[cards[k]];
  }
  return s;
}

// The card a scripted move says `answerer` shows of the suggested cards it holds: `show`
// (the move's "show", at `show_path`), or, left empty, the only one it holds.
inline int scripted_shown(const Rules& rules, const std::string& answerer,
                          const std::vector<int>& held, const std::string& show,
                          const std::string& move_path, const std::string& show_path) {
  if (show.empty() && held.size() > 1)
    throw InputError(answerer + " holds " + card_list(rules, held, " and ") +
                         ": say which it shows with \"show\"",
                     move_path);
  if (show.empty()) return held.front();
  const auto card = rules.find_card(show);
  if (!card || std::find(held.begin(), held.end(), *card) == held.end())
    throw InputError(answerer + " cannot show '" + show + "' (of the suggested cards it holds " +
                         card_list(rules, held, " and ") + ")",
                     show_path);
  return *card;
}

}  // namespace kripke::clue
