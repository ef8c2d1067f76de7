// What a Cluedo player can learn from a suggestion, counted exactly: for every answer the
// suggestion can get (everyone passes; the k-th player to the asker's left shows, holding
// these of the suggested cards) and every envelope, how many of the deals the player
// considers possible give that answer with that envelope. With no suggestion, the same
// count is the envelope's joint distribution (the most likely triples: envelope_odds.hpp).
// The info-gain measure takes every suggestion from one shared count instead
// (answer_information.hpp); this count, one per suggestion, is the tests' reference for it
// on decks too large to list.
//
// It is counting_hands.hpp's place-by-place count with two changes. The suggested cards
// get groups of their own, so the count can follow where each goes, and the places are
// filled in answering order (the players to the asker's left, the asker, the envelope
// last), with the answer so far added to the state: nobody yet, or the first player who
// took a suggested card and which ones. Rather than one state per answer, each state
// carries a row of counts, one per answer (the shower's choice already split: a player
// holding k of the three shows each with probability 1/k), so the hands of a state are
// enumerated once. The envelope takes what is left, so the last states give every answer
// with every envelope class: per category, a group of cards that are interchangeable in
// everything the player knows, hence equally likely to be the envelope's card. The cost
// is a count's with three more groups, its steps each adding a row of up to
// 1 + 3·(players − 1) counts.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "kripke/counting_hands.hpp"
#include "kripke/games/cluedo/notebook.hpp"
#include "kripke/games/cluedo/rules.hpp"

namespace kripke::cluedo {

// Deals with one answer and an envelope from one class, as weights: kShare per deal when
// nobody shows, and kShare / k per deal when the responder holds k of the suggested cards
// (it shows each with equal probability).
struct AnswerCount {
  static constexpr int kShare = 6;  // lcm(1, 2, 3): the weights stay whole
  int responder = -1;  // the answerer's position to the asker's left (0: next); -1: all pass
  int category = -1;   // the category of the card shown (-1: none)
  std::vector<CardMask> envelope;  // per category: the cards the envelope's one may be
  BigCount weight = 0;             // over the whole class

  // How many envelopes the class holds (each has weight / triples() of the weight).
  std::uint64_t triples() const {
    std::uint64_t n = 1;
    for (CardMask m : envelope) n *= std::uint64_t(std::popcount(m));
    return n;
  }
};

namespace answers_detail {

// The states of one level, each with a row of counts: [0] the deals with no answer yet,
// [1 + j·categories + c] the weights of "answerer j showed a card of category c".
class RowLevel {
  struct KeyOf {
    const RowLevel* level;
    std::uint64_t operator()(std::size_t k) const { return level->keys_[k]; }
  };

 public:
  explicit RowLevel(std::size_t width) : width_(width) {}

  // The row of `key`, added as zeros when new; valid until the next call.
  BigCount* row(std::uint64_t key) {
    const std::size_t k = index_.add(key, keys_.size(), KeyOf{this});
    if (k == keys_.size()) {
      keys_.push_back(key);
      values_.resize(values_.size() + width_, 0);
    }
    return &values_[k * width_];
  }
  std::size_t size() const { return keys_.size(); }
  std::uint64_t key(std::size_t k) const { return keys_[k]; }
  const BigCount* row_at(std::size_t k) const { return &values_[k * width_]; }

 private:
  std::size_t width_;
  counting_detail::KeyIndex index_;
  std::vector<std::uint64_t> keys_;
  std::vector<BigCount> values_;
};

}  // namespace answers_detail

// The deals `notebook` considers possible, by the answer `asker`'s `suggestion` (one card
// per category; empty: no suggestion, every answer "all pass") would get and by envelope
// class. Empty when the notebook contradicts itself.
inline std::vector<AnswerCount> count_answers(const Rules& rules, const Notebook& notebook,
                                              Agent asker, const std::vector<int>& suggestion) {
  using namespace hand_counting_detail;
  using answers_detail::RowLevel;
  const Prepared pr = prepare(notebook.information(), Notebook::mask(suggestion));
  if (!pr.possible) return {};

  // Answering order, then the asker, then the envelope.
  const int players = rules.players;
  std::vector<const Place*> order;
  for (int k = 1; k <= players; ++k)
    order.push_back(&pr.places[std::size_t((asker + k) % players)]);
  order.push_back(&pr.places[std::size_t(rules.envelope())]);
  const std::size_t answerers = std::size_t(players - 1);
  const std::size_t categories = std::size_t(rules.category_count());
  const std::size_t width = 1 + answerers * categories;

  // Whether the place holding a hand of d[] holds the suggested card of each category.
  auto held_by = [&](const Place& pl, const std::vector<int>& d) {
    unsigned held = 0;
    for (std::size_t c = 0; c < suggestion.size(); ++c) {
      const int card = suggestion[c];
      const int g = pr.group_of[std::size_t(card)];
      const bool here =
          g >= 0 ? ((pr.groups[std::size_t(g)].allowed >> pl.index) & 1U) && d[std::size_t(g)] > 0
                 : ((pr.fixed_at[std::size_t(pl.index)] >> card) & 1U) != 0;
      if (here) held |= 1U << c;
    }
    return held;
  };

  std::vector<int> d(pr.groups.size(), 0);
  RowLevel level(width);
  level.row(pr.start)[0] = 1;
  for (std::size_t j = 0; j + 1 < order.size(); ++j) {
    RowLevel next(width);
    // The rows' slots that can be non-zero: no answer yet, and the answers of the
    // answerers before this place.
    const std::size_t live = 1 + std::min(j, answerers) * categories;
    for (std::size_t k = 0; k < level.size(); ++k) {
      const std::uint64_t key = level.key(k);
      for_each_hand(*order[j], pr.groups, key, pr.layout, d,
                    [&](BigCount ways, std::uint64_t taken) {
                      const BigCount* from = level.row_at(k);
                      BigCount* to = next.row(key - taken);
                      for (std::size_t slot = 1; slot < live; ++slot)
                        if (from[slot]) to[slot] += from[slot] * ways;
                      if (!from[0]) return;
                      const unsigned held = j < answerers ? held_by(*order[j], d) : 0U;
                      if (!held) {
                        to[0] += from[0] * ways;
                        return;
                      }
                      const BigCount each =
                          from[0] * ways * BigCount(AnswerCount::kShare / std::popcount(held));
                      for (unsigned h = held; h; h &= h - 1)
                        to[1 + j * categories + std::size_t(std::countr_zero(h))] += each;
                    });
    }
    level = std::move(next);
  }

  // The envelope takes what is left: one class of envelopes per state.
  std::vector<AnswerCount> out;
  const Place& envelope = *order.back();
  for (std::size_t k = 0; k < level.size(); ++k) {
    const std::uint64_t key = level.key(k);
    BigCount ways = 0;
    for_each_hand(envelope, pr.groups, key, pr.layout, d, [&](BigCount w, std::uint64_t taken) {
      if (taken == key) ways += w;
    });
    if (ways == 0) continue;
    AnswerCount a;
    a.envelope.assign(categories, 0);
    for (CardMask f = pr.fixed_at[std::size_t(rules.envelope())]; f; f &= f - 1) {
      const int card = std::countr_zero(f);
      a.envelope[std::size_t(rules.card_category[std::size_t(card)])] |= CardMask{1} << card;
    }
    for (std::size_t g = 0; g < pr.groups.size(); ++g) {
      if (pr.layout.get(key, int(g)) == 0) continue;
      for (int card : pr.groups[g].cards)
        a.envelope[std::size_t(rules.card_category[std::size_t(card)])] |= CardMask{1} << card;
    }
    const BigCount* row = level.row_at(k);
    for (std::size_t slot = 0; slot < width; ++slot) {
      if (!row[slot]) continue;
      a.responder = slot == 0 ? -1 : int((slot - 1) / categories);
      a.category = slot == 0 ? -1 : int((slot - 1) % categories);
      a.weight = row[slot] * ways * (slot == 0 ? BigCount(AnswerCount::kShare) : BigCount(1));
      out.push_back(a);
    }
  }
  return out;
}

}  // namespace kripke::cluedo
