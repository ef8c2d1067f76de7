// What a Sleuth player knows, by two engines.
//
// Everything a player ever learns is literals: its own hand ("I hold X", "I do not hold
// Y"), and from each answer to its own question, for every card the question asks for,
// "p holds X" (shown) or "p does not hold X" (not shown). Other players' answers teach it
// nothing (it sees only the public question). Both engines receive exactly these literals:
//
// * `exact` (ExactKnowledge): the counting engine over the literals — the worlds the
//   player considers possible are exactly the deals consistent with them, so this is the
//   knowledge of the explicit Kripke model (tests check it on reduced decks).
// * `rules` (RulesKnowledge): Elderman & Steging's knowledge base and inference rules, faithfully:
//   per player the lists "has", "has not" and "could have", the two fixpoint rules on hand
//   sizes, and the two ways of finding the hidden gem. Sound but incomplete by design.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kripke/counting.hpp"

namespace kripke::sleuth {

// A player's view of one card at one place (a player's hand, or the hidden gem).
enum class Status { Holds, Lacks, Unknown };

enum class Engine { Exact, Rules };

inline std::string engine_name(Engine e) { return e == Engine::Exact ? "exact" : "rules"; }

// The counting engine with its counts cached until the next literal.
class ExactKnowledge {
 public:
  ExactKnowledge(int cards, std::vector<int> place_sizes) : info_(cards, std::move(place_sizes)) {}

  bool holds(int card, int place) { return note(info_.place(card, place)); }
  bool lacks(int card, int place) { return note(info_.exclude(card, place)); }

  const CardPlaces& information() const { return info_; }
  const PlacementCounts& counts() const {
    if (!fresh_) {
      counts_ = count_placements(info_);
      fresh_ = true;
    }
    return counts_;
  }
  BigCount possible_worlds() const { return counts().total; }

  Status status(int card, int place) const {
    if (!info_.may_be(card, place)) return Status::Lacks;  // no need to count
    const PlacementCounts& c = counts();
    if (c.known_at(card, place)) return Status::Holds;
    return c.possible_at(card, place) ? Status::Unknown : Status::Lacks;
  }

  // The card known to be at `place` (for the hidden place: the hidden gem), if any.
  std::optional<int> known_card_at(int place) const {
    for (int card = 0; card < info_.card_count(); ++card)
      if (status(card, place) == Status::Holds) return card;
    return std::nullopt;
  }

 private:
  bool note(bool news) {
    if (news) fresh_ = false;
    return news;
  }

  CardPlaces info_;
  // A cache inside one play (plays are never shared between threads).
  mutable PlacementCounts counts_;
  mutable bool fresh_ = false;
};

// Elderman & Steging's knowledge base of player `self`: for every player p the lists has(p) —
// K_self K_p X — and has_not(p) — K_self ¬K_p X; could-have is the rest. K_self X ("X is in
// the game") is "X is in some has list"; M_self X ("X may be the hidden gem") is its negation.
class RulesKnowledge {
 public:
  using Mask = std::uint64_t;  // one bit per card (at most 36)

  // Before the player looks at its hand: every list empty.
  RulesKnowledge(int self, int cards, std::vector<int> hand_sizes)
      : self_(self),
        all_(cards == 64 ? ~Mask{0} : (Mask{1} << cards) - 1),
        hand_sizes_(std::move(hand_sizes)),
        has_(hand_sizes_.size(), 0),
        has_not_(hand_sizes_.size(), 0) {}

  // A player knows its own hand, and "that the other players are unaware of its cards".
  void see_own_hand(const std::vector<int>& own_cards) {
    Mask own = 0;
    for (int card : own_cards) own |= bit(card);
    has_[std::size_t(self_)] = own;
    has_not_[std::size_t(self_)] = all_ & ~own;
    for (std::size_t p = 0; p < has_.size(); ++p)
      if (int(p) != self_) has_not_[p] |= own;
    infer();
  }

  // The answer of `asked` to the player's own question: `shown` ⊆ `matching`.
  void see_answer(int asked, const std::vector<int>& matching, const std::vector<int>& shown) {
    Mask shown_mask = 0, matching_mask = 0;
    for (int card : shown) shown_mask |= bit(card);
    for (int card : matching) matching_mask |= bit(card);
    add_has(asked, shown_mask);  // K(X), K(K_p X), and K(¬K_p' X) for the others
    has_not_[std::size_t(asked)] |= matching_mask & ~shown_mask;
    infer();
  }

  Status status(int card, int player) const {
    if (has_[std::size_t(player)] & bit(card)) return Status::Holds;
    if (has_not_[std::size_t(player)] & bit(card)) return Status::Lacks;
    return Status::Unknown;
  }
  // K_self X: the card is known to be in some hand.
  bool in_game(int card) const { return (in_game_mask() & bit(card)) != 0; }

  // The two ways of finding the hidden gem: a single card still possibly hidden, or a
  // possibly hidden card that every other player is known not to hold.
  std::optional<int> hidden_gem() const { return hidden_gem_and_way().first; }
  std::string way_found() const { return hidden_gem_and_way().second; }

  const std::vector<Mask>& has() const { return has_; }
  const std::vector<Mask>& has_not() const { return has_not_; }

 private:
  static Mask bit(int card) { return Mask{1} << card; }
  Mask in_game_mask() const {
    Mask m = 0;
    for (Mask h : has_) m |= h;
    return m;
  }
  Mask could(std::size_t p) const { return all_ & ~has_[p] & ~has_not_[p]; }

  std::pair<std::optional<int>, std::string> hidden_gem_and_way() const {
    const Mask possible = all_ & ~in_game_mask();
    if (std::popcount(possible) == 1)
      return {std::countr_zero(possible), "the only gem not known to be in play"};
    Mask nobody_holds = possible;
    for (std::size_t p = 0; p < has_.size(); ++p)
      if (int(p) != self_) nobody_holds &= has_not_[p];
    if (nobody_holds) return {std::countr_zero(nobody_holds), "no other player holds it"};
    return {std::nullopt, ""};
  }

  void add_has(int player, Mask cards) {
    has_[std::size_t(player)] |= cards;
    for (std::size_t p = 0; p < has_.size(); ++p)
      if (int(p) != player) has_not_[p] |= cards;
  }

  // The two inference rules on a player's hand size, repeated while either changes a list.
  void infer() {
    for (bool changed = true; changed;) {
      changed = false;
      for (std::size_t p = 0; p < has_.size(); ++p) {
        const Mask maybe = could(p);
        if (!maybe) continue;
        const int known = std::popcount(has_[p]);
        if (known == hand_sizes_[p]) {  // the whole hand is known: the rest is not there
          has_not_[p] |= maybe;
          changed = true;
        } else if (known + std::popcount(maybe) == hand_sizes_[p]) {  // every candidate is there
          add_has(int(p), maybe);
          changed = true;
        }
      }
    }
  }

  int self_;
  Mask all_;
  std::vector<int> hand_sizes_;
  std::vector<Mask> has_, has_not_;
};

// One player's mind: the literals it has received, in both engines. Its own engine decides
// what it claims to know (and so when it wins); the exact engine is also kept for every
// player, for the log's world counts and the score sheet's probabilities (computed lazily).
class Mind {
 public:
  Mind(int self, Engine engine, const std::vector<int>& place_sizes, int cards)
      : self_(self),
        engine_(engine),
        hidden_(int(place_sizes.size()) - 1),
        exact_(cards, place_sizes),
        rules_(self, cards, std::vector<int>(place_sizes.begin(), place_sizes.end() - 1)) {}

  void see_own_hand(const std::vector<int>& own_cards) {
    see_cards(self_, own_cards, own_cards, true);
    rules_.see_own_hand(own_cards);
  }
  // `asked` shows the player the cards of `matching` it holds: `shown` (both ascending).
  void see_answer(int asked, const std::vector<int>& matching, const std::vector<int>& shown) {
    see_cards(asked, matching, shown, false);
    rules_.see_answer(asked, matching, shown);
  }

  int self() const { return self_; }
  Engine engine() const { return engine_; }
  int hidden_place() const { return hidden_; }
  const ExactKnowledge& exact() const { return exact_; }
  const RulesKnowledge& rules() const { return rules_; }

  // What the player's own engine says about a card at a place (a hand or the hidden gem).
  Status status(int card, int place) const {
    if (engine_ == Engine::Exact) return exact_.status(card, place);
    if (place != hidden_) return rules_.status(card, place);
    if (const auto gem = rules_.hidden_gem()) return *gem == card ? Status::Holds : Status::Lacks;
    return rules_.in_game(card) ? Status::Lacks : Status::Unknown;
  }
  std::optional<int> hidden_gem() const {
    return engine_ == Engine::Exact ? exact_.known_card_at(hidden_) : rules_.hidden_gem();
  }

 private:
  // The literals "place holds X" for X in `held`, "does not hold X" for the rest of
  // `asked_for` (or of the whole deck when `whole_deck`).
  void see_cards(int place, const std::vector<int>& asked_for, const std::vector<int>& held,
                 bool whole_deck) {
    std::vector<char> is_held(std::size_t(exact_.information().card_count()), 0),
        is_asked(is_held.size(), whole_deck);
    for (int card : held) is_held[std::size_t(card)] = 1;
    for (int card : asked_for) is_asked[std::size_t(card)] = 1;
    for (std::size_t card = 0; card < is_held.size(); ++card) {
      if (is_held[card]) {
        exact_.holds(int(card), place);
      } else if (is_asked[card]) {
        exact_.lacks(int(card), place);
      }
    }
  }

  int self_;
  Engine engine_;
  int hidden_;
  ExactKnowledge exact_;
  RulesKnowledge rules_;
};

}  // namespace kripke::sleuth
