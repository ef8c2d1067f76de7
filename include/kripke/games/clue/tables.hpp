// Clue's worlds: every deal of the deck into the players' hands and the envelope, and the
// tables a play reads about them. Nothing here depends on the actual deal, so a Game builds
// it once and its plays (and threads) share it read-only.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "kripke/deals.hpp"
#include "kripke/errors.hpp"
#include "kripke/evaluate.hpp"
#include "kripke/formula.hpp"
#include "kripke/games/clue/rules.hpp"
#include "kripke/model.hpp"

namespace kripke::clue {

using DealIndex = std::uint32_t;  // a world's valuation: its row in the deal table

class Tables {
 public:
  Tables(Rules rules, const WorldLimits& limits)
      : rules_(std::move(rules)), deals_(rules_.deal_spec(), limits, std::size_t(rules_.players)) {
    const std::size_t n = deals_.size();
    const int cards = rules_.card_count();
    // The envelope id in mixed radix, first category most significant: card c, when in the
    // envelope, adds its index within its category times the sizes of the later categories.
    std::vector<std::uint32_t> weight(std::size_t(cards), 0);
    for (int card = cards - 1, radix = 1; card >= 0; --card) {
      const int c = rules_.card_category[card];
      const int first = int(std::find(rules_.card_category.begin(), rules_.card_category.end(), c) -
                            rules_.card_category.begin());
      weight[card] = std::uint32_t((card - first) * radix);
      if (card == first) radix *= int(rules_.categories[c].cards.size());
    }
    envelope_.assign(n, 0);
    hands_.assign(std::size_t(rules_.players), std::vector<std::uint64_t>(n, 0));
    at_.assign(std::size_t(rules_.place_count() * cards), WorldSet(n));
    for (std::size_t d = 0; d < n; ++d) {
      for (int card = 0; card < cards; ++card) {
        const int place = place_of(DealIndex(d), card);
        at_[truth_index(place, card)].set(World(d));
        if (place == rules_.envelope()) {
          envelope_[d] += weight[card];
        } else {
          hands_[place][d] |= std::uint64_t{1} << card;
        }
      }
    }
    // Nobody has looked at a card yet: one class for everybody (built once, then copied).
    universal_.assign(std::size_t(rules_.players), Partition::universal(n));
    // What each player knows once it has looked at its hand: the same in every play.
    for (int p = 0; p < rules_.players; ++p)
      looked_.push_back(universal_[std::size_t(p)].refined_by(hands_[std::size_t(p)]));
  }

  const Rules& rules() const { return rules_; }
  const DealTable& deals() const { return deals_; }
  std::size_t deal_count() const { return deals_.size(); }

  // The place of a card in a deal: a player 0..players-1 or rules().envelope().
  int place_of(DealIndex deal, int card) const { return deals_.slot(deal, card); }
  bool holds(DealIndex deal, int place, int card) const { return place_of(deal, card) == place; }
  // The envelope's cards as one number (mixed radix over the categories): equal numbers,
  // equal envelopes. What a player must know to win.
  std::uint32_t envelope_id(DealIndex deal) const { return envelope_[deal]; }
  // Player p's hand in every deal, as a bitmask over the cards: what p observes.
  const std::vector<std::uint64_t>& hand_keys(int p) const { return hands_[std::size_t(p)]; }
  // Player p's partition of the initial model refined by its hand.
  const Partition& looked_at_hand(int p) const { return looked_[std::size_t(p)]; }
  std::uint64_t hand(DealIndex deal, int p) const { return hands_[std::size_t(p)][deal]; }

  std::vector<int> envelope_cards(DealIndex deal) const {
    return cards_at(deal, rules_.envelope());
  }
  std::vector<int> cards_at(DealIndex deal, int place) const {
    std::vector<int> out;
    for (int card = 0; card < rules_.card_count(); ++card)
      if (holds(deal, place, card)) out.push_back(card);
    return out;
  }

  // Before anyone looks at a card: every deal possible for everybody.
  Model initial_model(DealIndex actual) const {
    return Model(universal_, actual, Model::identity(deal_count()));
  }

  // --- atoms: has(p,card) (p = 1..players) and env(card) --------------------------------
  WorldSet atom(const Formula& a, const Model& m) const {
    if (a.name == "has" && a.args.size() == 2) {
      const int place = player_number(a.args[0], a.column);
      const int card = card_number(a.args[1], a.column);
      return worlds_with_valuation_in(m, at_[truth_index(place, card)]);
    }
    if (a.name == "env" && a.args.size() == 1) {
      const int card = card_number(a.args[0], a.column);
      return worlds_with_valuation_in(m, at_[truth_index(rules_.envelope(), card)]);
    }
    throw FormulaError("unknown atom '" + a.name + "' (Clue has has(player,card) and env(card))",
                       a.column);
  }

  int player_number(const std::string& arg, std::size_t column) const {
    const bool digits =
        !arg.empty() && arg.size() < 3 && arg.find_first_not_of("0123456789") == std::string::npos;
    if (!digits || std::stoi(arg) < 1 || std::stoi(arg) > rules_.players)
      throw FormulaError(
          "'" + arg + "' is not a player (players are 1.." + std::to_string(rules_.players) + ")",
          column);
    return std::stoi(arg) - 1;
  }
  int card_number(const std::string& name, std::size_t column) const {
    if (const auto card = rules_.find_card(name)) return *card;
    throw FormulaError(
        "unknown card '" + name + "' (cards: " + ObjectReader::join(rules_.card_names) + ")",
        column);
  }

 private:
  std::size_t truth_index(int place, int card) const {
    return std::size_t(place * rules_.card_count() + card);
  }
  Rules rules_;
  DealTable deals_;
  std::vector<std::uint32_t> envelope_;
  std::vector<std::vector<std::uint64_t>> hands_;
  std::vector<WorldSet> at_;  // [truth_index(place, card)]: the deals with the card there
  std::vector<Partition> universal_;
  std::vector<Partition> looked_;  // universal_[p] refined by hands_[p]
};

}  // namespace kripke::clue
