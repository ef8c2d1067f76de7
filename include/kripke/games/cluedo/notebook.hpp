// One player's knowledge of a Cluedo deal, kept as what it has seen rather than as worlds:
// its own hand, and every answer as a literal or a hand constraint, counted exactly by
// count_hands (counting_hands.hpp) whenever it is asked. Places are the players 0..n-1 and
// the envelope (place n), which holds exactly one card of each category.
//
// What each event tells the player:
// - a pass, "j holds none of the suggested cards": a literal per card;
// - a card shown to it, "j holds X": a literal;
// - a card shown by j to someone else, "j holds at least one of the suggested cards": a
//   hand constraint, the disjunction literals cannot say (nothing new when it is j);
// - a wrong accusation, "the envelope does not hold all of these": a hand constraint.
// At the level of deals this is exactly what the action model of a shown card tells each
// player (the explicit engine's product update), whatever the shower's policy: the tests
// check it on decks small enough to enumerate.
#pragma once

#include <optional>
#include <vector>

#include "kripke/counting_hands.hpp"
#include "kripke/game.hpp"
#include "kripke/games/clue/rules.hpp"

namespace kripke::cluedo {

class Notebook {
 public:
  // Before the player looks at its hand: every deal is possible.
  Notebook(const clue::Rules& rules, Agent me)
      : me_(me),
        envelope_(rules.envelope()),
        info_(CardPlaces(rules.card_count(), capacities(rules))) {
    for (int c = 0; c < rules.category_count(); ++c) {
      CardMask category = 0;
      for (int card = 0; card < rules.card_count(); ++card)
        if (rules.card_category[std::size_t(card)] == c) category |= CardMask{1} << card;
      info_.exactly(envelope_, category, 1);
    }
  }

  // The player looks at its hand: these cards are its own, no other card is.
  void looks_at_hand(const std::vector<int>& hand) {
    const CardMask own = mask(hand);
    for (int card = 0; card < info_.literals().card_count(); ++card) {
      if ((own >> card) & 1U) {
        info_.literals().place(card, me_);
      } else {
        info_.literals().exclude(card, me_);
      }
    }
    forget();
  }

  Agent me() const { return me_; }
  int envelope() const { return envelope_; }

  // j holds none of `cards` (for j = me, a contradiction when it holds one: the assistant
  // for a real table takes what it is told).
  void passed(Agent j, const std::vector<int>& cards) {
    bool news = false;  // the counts stand when the player knew it (j itself, say)
    for (int card : cards) news = info_.literals().exclude(card, j) || news;
    if (news) forget();
  }
  // `shower` showed `asker` one of `cards`: `card`, which this player sees when it is the
  // asker or the shower (-1 otherwise). Nothing new for the shower, unless what it is told
  // contradicts its hand.
  void shown(Agent asker, Agent shower, const std::vector<int>& cards, int card) {
    if (asker == me_ || (shower == me_ && card >= 0)) {
      info_.literals().place(card, shower);
    } else {
      info_.at_least_one(shower, mask(cards));
    }
    forget();
  }
  // An accusation of `cards` was wrong: the envelope does not hold all of them.
  void wrong_accusation(const std::vector<int>& cards) {
    info_.not_all_of(envelope_, mask(cards));
    forget();
  }

  // The deals this player considers possible, and where each card is in how many of them.
  const PlacementCounts& counts() const {
    if (!counts_) {
      counts_ = count_hands(info_, std::move(forward_));
      forward_.reset();
    }
    return *counts_;
  }
  // How many deals it considers possible, and the cards the envelope holds in some of them:
  // what the log says of the player after every event, counted without the whole table
  // when that is not counted yet.
  struct EnvelopeOutlook {
    BigCount total = 0;
    CardMask may_hold = 0;  // the cards the envelope holds in some deal
  };
  const EnvelopeOutlook& envelope_outlook() const {
    if (outlook_) return *outlook_;
    EnvelopeOutlook& out = outlook_.emplace();
    if (counts_) {
      out.total = counts_->total;
      for (int card = 0; card < info_.literals().card_count(); ++card)
        if (counts_->count(card, envelope_) > 0) out.may_hold |= CardMask{1} << card;
      return out;
    }
    // The envelope dealt first, the forward half kept for counts().
    forward_ = count_forward(info_, envelope_);
    out = {forward_->total(), cards_of_first_place(*forward_)};
    return out;
  }
  const HandConstraints& information() const { return info_; }

  static CardMask mask(const std::vector<int>& cards) {
    CardMask m = 0;
    for (int card : cards) m |= CardMask{1} << card;
    return m;
  }

 private:
  static std::vector<int> capacities(const clue::Rules& rules) {
    std::vector<int> out = rules.hand_sizes;
    out.push_back(rules.category_count());
    return out;
  }

  void forget() {
    counts_.reset();
    forward_.reset();
    outlook_.reset();
  }

  Agent me_;
  int envelope_;
  HandConstraints info_;
  mutable std::optional<PlacementCounts> counts_;   // until the next event
  mutable std::optional<ForwardCount> forward_;     // the same, when counted alone
  mutable std::optional<EnvelopeOutlook> outlook_;  // the same
};

}  // namespace kripke::cluedo
