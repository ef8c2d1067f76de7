// The worlds of nine-card: every deal of the nine gem cards into the players'
// hands, the hidden slot and the open slot, and for each deal the set of cards
// in every slot. Built once per Game and shared, read-only, by all its plays:
// with the slot sets at hand, any question's answer in any world is one
// popcount, and a formula atom one table lookup.
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "kripke/deals.hpp"
#include "kripke/errors.hpp"
#include "kripke/evaluate.hpp"
#include "kripke/formula.hpp"
#include "kripke/games/nine_card/cards.hpp"
#include "kripke/games/nine_card/rules.hpp"

namespace kripke::nine_card {

// A world's valuation is the index of its deal in the table.
using DealIndex = std::uint32_t;

class WorldTable {
 public:
  WorldTable(const Rules& rules, const WorldLimits& limits)
      : rules_(rules),
        deals_(deal_spec(rules), limits, std::size_t(rules.players)),
        stride_(rules.slot_count()) {
    places_.assign(deals_.size() * stride_, 0);
    full_truth_.assign(stride_ * kCards, WorldSet(deals_.size()));
    for (std::size_t d = 0; d < deals_.size(); ++d)
      for (int card = 0; card < kCards; ++card) {
        places_[d * stride_ + deals_.slot(d, card)] |= CardMask(1U << card);
        full_truth_[deals_.slot(d, card) * std::size_t(kCards) + std::size_t(card)].set(World(d));
      }
  }

  const Rules& rules() const { return rules_; }
  const DealTable& deals() const { return deals_; }
  std::size_t size() const { return deals_.size(); }

  // The cards in `slot` (a player, hidden_slot() or open_slot()) in deal d.
  CardMask place(DealIndex d, int slot) const { return places_[d * stride_ + std::size_t(slot)]; }
  int hidden_card(DealIndex d) const {
    return std::countr_zero(unsigned(place(d, rules_.hidden_slot())));
  }
  int answer(int question, int player, DealIndex d) const {
    return nine_card::answer(question, place(d, player));
  }

  // The atoms: has(p,C), hidden(C), open(C) and count(p,Q,n) — "player p's
  // answer to question Q is n", e.g. count(2,green,0): player 2 holds no green
  // card.
  WorldSet atom(const Formula& a, const Model& m) const {
    const std::size_t arity = a.args.size();
    if (a.name == "has" && arity == 2) return card_in_slot(m, player_arg(a, 0), card_arg(a, 1));
    if ((a.name == "hidden" || a.name == "open") && arity == 1)
      return card_in_slot(m, a.name == "hidden" ? rules_.hidden_slot() : rules_.open_slot(),
                          card_arg(a, 0));
    if (a.name == "count" && arity == 3) {
      const int player = player_arg(a, 0);
      const auto question = parse_question(a.args[1]);
      if (!question)
        throw FormulaError("count(p,Q,n): unknown question '" + a.args[1] + "' (one of " +
                               all_question_ids() + ")",
                           a.column);
      const int n = number_arg(a, 2);
      return worlds_where(m, [&](DealIndex d) { return answer(*question, player, d) == n; });
    }
    throw FormulaError("unknown atom '" + a.name + "' with " + std::to_string(arity) +
                           " arguments (nine-card knows has(p,C), hidden(C), open(C), "
                           "count(p,Q,n); cards R1 ... B3)",
                       a.column);
  }

 private:
  // The worlds of m where `card` lies in `slot`. A model of this game with as
  // many worlds as the table is the initial one, where world d is deal d (plays
  // only drop worlds, and compaction keeps their order): its truth sets are
  // precomputed — the open-card announcement is evaluated there in every game.
  WorldSet card_in_slot(const Model& m, int slot, int card) const {
    if (m.world_count() == size())
      return full_truth_[std::size_t(slot) * kCards + std::size_t(card)] & m.alive();
    return worlds_where(m, [&](DealIndex d) { return (place(d, slot) >> card) & 1U; });
  }

  int number_arg(const Formula& a, std::size_t k) const {
    const std::string& s = a.args[k];
    if (s.empty() || s.size() > 2 || s.find_first_not_of("0123456789") != std::string::npos)
      throw FormulaError(a.name + ": '" + s + "' is not a number", a.column);
    return std::stoi(s);
  }
  int player_arg(const Formula& a, std::size_t k) const {
    const int p = number_arg(a, k);
    if (p < 1 || p > rules_.players)
      throw FormulaError(a.name + ": players are numbered 1.." + std::to_string(rules_.players),
                         a.column);
    return p - 1;
  }
  static int card_arg(const Formula& a, std::size_t k) {
    const auto card = parse_card(a.args[k]);
    if (!card)
      throw FormulaError(a.name + ": '" + a.args[k] + "' is not a card (R1 ... B3)", a.column);
    return *card;
  }

  Rules rules_;
  DealTable deals_;
  std::size_t stride_;
  std::vector<CardMask> places_;      // [deal][slot]
  std::vector<WorldSet> full_truth_;  // [slot][card]: the deals with the card in the slot
};

}  // namespace kripke::nine_card
