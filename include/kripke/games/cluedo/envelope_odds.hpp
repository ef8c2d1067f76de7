// What a Cluedo player's notebook says about the envelope as a whole, and what a
// suggestion is expected to tell it, both from count_answers' exact counts.
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

namespace envelope_odds_detail {

// Σ over answers o of (W_o ln W_o − Σ_e W_oe ln W_oe), from weights per answer and envelope
// class (each class's weight spread evenly over its triples): W times the expected entropy
// of the envelope after the answer, in nats. With a single answer: W times the entropy now.
class WeightedEntropy {
 public:
  void add(int answer, const std::vector<CardMask>& envelope, std::uint64_t triples,
           double weight) {
    auto& slot = cells_[{answer, envelope}];
    slot.first += weight;
    slot.second = triples;
  }
  double value() const {
    auto xlogx = [](double x) { return x > 0 ? x * std::log(x) : 0.0; };
    std::map<int, double> per_answer;
    double sum = 0;
    for (const auto& [key, cell] : cells_) {
      per_answer[key.first] += cell.first;
      sum -= double(cell.second) * xlogx(cell.first / double(cell.second));
    }
    for (const auto& [answer, weight] : per_answer) sum += xlogx(weight);
    return sum;
  }

 private:
  std::map<std::pair<int, std::vector<CardMask>>, std::pair<double, std::uint64_t>> cells_;
};

}  // namespace envelope_odds_detail

struct ScoredSuggestion {
  std::vector<int> cards;  // one per category
  double bits = 0;
};

// Every suggestion the asker (the notebook's player) can make, in card order per category,
// with its expected information about the envelope.
inline std::vector<ScoredSuggestion> suggestion_bits(const Rules& rules, const Notebook& notebook) {
  using envelope_odds_detail::WeightedEntropy;
  const Agent asker = notebook.me();
  const hand_counting_detail::Prepared pr = hand_counting_detail::prepare(notebook.information());
  // A card's class: its group, or the place it is known to be in.
  auto card_class = [&](int card) {
    const int g = pr.group_of[std::size_t(card)];
    if (g >= 0) return g;
    int place = 0;
    while (!((pr.fixed_at[std::size_t(place)] >> card) & 1U)) ++place;
    return 64 + place;
  };
  std::vector<std::vector<int>> by_category(std::size_t(rules.category_count()));
  for (int card = 0; card < rules.card_count(); ++card)
    by_category[std::size_t(rules.card_category[std::size_t(card)])].push_back(card);

  std::map<std::vector<int>, double> scored;  // per class of suggestions
  double entropy_now = -1;
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
    if (it == scored.end()) {
      const std::vector<AnswerCount> answers = count_answers(rules, notebook, asker, cards);
      WeightedEntropy after, now;
      double total = 0;
      for (const AnswerCount& a : answers) {
        const double w = double(a.weight);
        total += w;
        now.add(0, a.envelope, a.triples(), w);
        const int answer = a.responder < 0 ? 0 : 1 + a.responder * int(cards.size()) + a.category;
        after.add(answer, a.envelope, a.triples(), w);
      }
      double bits = 0;  // a contradictory notebook: nothing to learn
      if (total > 0) {
        if (entropy_now < 0) entropy_now = now.value() / total;
        bits = (entropy_now - after.value() / total) / std::log(2.0);
      }
      it = scored.emplace(key, bits).first;
    }
    out.push_back({cards, it->second});
  };
  visit(visit, 0);
  return out;
}

}  // namespace kripke::cluedo
