// A Clue deal written out: as data ({"hands": [[...], ...], "envelope": [...]}, the
// config's "deal" key), read back from that data, and as short text for drawings and
// lists: each hand, then the envelope after a bar, cards by their first letters when
// those tell the deck's cards apart ("cd rS MG | wP", as ClueModel's pages abbreviate
// them), by their names otherwise.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "kripke/config_reader.hpp"
#include "kripke/errors.hpp"
#include "kripke/games/clue/tables.hpp"

namespace kripke::clue {

inline Json card_names_json(const Rules& rules, const std::vector<int>& cards) {
  Json out = Json::array();
  for (int c : cards) out.push_back(rules.card_names[std::size_t(c)]);
  return out;
}

inline Json deal_json(const Tables& t, DealIndex deal) {
  Json hands = Json::array();
  for (int p = 0; p < t.rules().players; ++p)
    hands.push_back(card_names_json(t.rules(), t.cards_at(deal, p)));
  return {{"hands", hands}, {"envelope", card_names_json(t.rules(), t.envelope_cards(deal))}};
}

// Whether every card of the deck has its own first letter (upper and lower case differ).
inline bool initials_differ(const Rules& rules) {
  std::set<char> initials;
  for (const std::string& name : rules.card_names) initials.insert(name.front());
  return initials.size() == rules.card_names.size();
}

inline std::string deal_text(const Tables& t, DealIndex deal) {
  const Rules& rules = t.rules();
  const bool short_names = initials_differ(rules);
  const auto cards_text = [&](const std::vector<int>& cards) {
    std::string out;
    for (int c : cards) {
      if (!short_names && !out.empty()) out += ',';
      const std::string& name = rules.card_names[std::size_t(c)];
      out += short_names ? name.substr(0, 1) : name;
    }
    return out.empty() ? std::string("-") : out;
  };
  std::string out;
  for (int p = 0; p < rules.players; ++p) {
    out += cards_text(t.cards_at(deal, p));
    out += ' ';
  }
  out += "| ";
  return out + cards_text(t.envelope_cards(deal));
}

// What deal_text writes, for a legend: "hands of players 1, 2, 3 | envelope; c candle, ...".
inline std::string deal_notation(const Rules& rules) {
  std::string out = "worlds: the hands of players 1 to " + std::to_string(rules.players) +
                    ", then the envelope after |";
  if (!initials_differ(rules)) return out;
  out += "\n";
  for (std::size_t c = 0; c < rules.card_names.size(); ++c) {
    if (c) out += c % 6 ? ", " : ",\n";
    out += rules.card_names[c].substr(0, 1);
    out += ' ';
    out += rules.card_names[c];
  }
  return out;
}

// A deal as the config writes it (rules.hpp's read_deal_places), as its row in the deal
// table; InputError at `path` (and below it) otherwise.
inline DealIndex read_deal(const Tables& t, const Json& json, const std::string& path) {
  return DealIndex(t.deals().rank(read_deal_places(t.rules(), json, path)));
}

}  // namespace kripke::clue
