// What a Cluedo player's notebook says about the envelope as a whole (from count_answers'
// exact counts), and what a suggestion is expected to tell it (answer_information.hpp).
//
// - likely_envelopes: every triple the player considers possible, with its probability
//   (the deals weigh the same), most likely first.
// - suggestion_bits: for every suggestion, the expected information its answer gives the
//   asker about the envelope, in bits: the envelope's entropy now minus its expected
//   entropy after the answer (the mutual information of answer and envelope), the answerer
//   assumed to show each card it holds with equal probability. This is the measure of the
//   info-gain strategy of the clue game, computed here by counting instead of over listed
//   deals. Suggestions whose cards are interchangeable in everything the player knows
//   (card by card: the same group of the count, or the same known place) score alike, so
//   each such class is counted once.
#pragma once

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>
#include <vector>

#include "kripke/games/cluedo/answer_information.hpp"
#include "kripke/games/cluedo/answers.hpp"

namespace kripke::cluedo {

struct EnvelopeOdds {
  std::vector<int> cards;  // one per category
  double probability = 0;
};

// Every possible envelope, most likely first (ties in card order).
inline std::vector<EnvelopeOdds> likely_envelopes(const Rules& rules, const Notebook& notebook) {
  const std::vector<AnswerCount> classes = count_answers(rules, notebook, notebook.me(), {});
  BigCount total = 0;
  for (const AnswerCount& a : classes) total += a.weight;
  std::vector<EnvelopeOdds> out;
  for (const AnswerCount& a : classes) {
    const double each = double(a.weight) / double(a.triples()) / double(total);
    std::vector<int> cards(a.envelope.size(), 0);
    auto expand = [&](auto&& self, std::size_t c) -> void {
      if (c == a.envelope.size()) {
        out.push_back({cards, each});
        return;
      }
      for (CardMask m = a.envelope[c]; m; m &= m - 1) {
        cards[c] = std::countr_zero(m);
        self(self, c + 1);
      }
    };
    expand(expand, 0);
  }
  std::sort(out.begin(), out.end(), [](const EnvelopeOdds& x, const EnvelopeOdds& y) {
    return x.probability != y.probability ? x.probability > y.probability : x.cards < y.cards;
  });
  return out;
}

struct ScoredSuggestion {
  std::vector<int> cards;  // one per category
  double bits = 0;
};

// Every suggestion the asker (the notebook's player) can make, in card order per category,
// with its expected information about the envelope (answer_information.hpp: one count
// shared by all of them).
inline std::vector<ScoredSuggestion> suggestion_bits(const Rules& rules, const Notebook& notebook) {
  const answer_information_detail::SharedCount shared(rules, notebook.information(), notebook.me());
  const hand_counting_detail::Prepared& pr = shared.pr;
  const double entropy_now = envelope_entropy(shared);
  // A card's class: its group, or the place it is known to be in.
  auto card_class = [&](int card) {
    const int g = pr.group_of[std::size_t(card)];
    if (g >= 0 || !pr.possible) return g;
    int place = 0;
    while (!((pr.fixed_at[std::size_t(place)] >> card) & 1U)) ++place;
    return 64 + place;
  };
  std::vector<std::vector<int>> by_category(std::size_t(rules.category_count()));
  for (int card = 0; card < rules.card_count(); ++card)
    by_category[std::size_t(rules.card_category[std::size_t(card)])].push_back(card);

  std::map<std::vector<int>, double> scored;  // per class of suggestions
  std::vector<ScoredSuggestion> out;
  std::vector<int> cards(by_category.size(), 0);
  auto visit = [&](auto&& self, std::size_t c) -> void {
    if (c < by_category.size()) {
      for (int card : by_category[c]) {
        cards[c] = card;
        self(self, c + 1);
      }
      return;
    }
    std::vector<int> key;
    for (int card : cards) key.push_back(card_class(card));
    auto it = scored.find(key);
    if (it == scored.end())
      it = scored.emplace(key, answer_information(shared, cards, entropy_now)).first;
    out.push_back({cards, it->second});
  };
  visit(visit, 0);
  return out;
}

}  // namespace kripke::cluedo
