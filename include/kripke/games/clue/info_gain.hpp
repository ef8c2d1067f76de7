// The info-gain strategy: the suggestion whose answer is expected to say the most about
// the envelope.
//
// The asker weighs the deals it considers possible equally and assumes the answerer shows
// each card it holds with equal probability. A suggestion s then has a distribution of
// outcomes o (nobody shows; player j shows the card of category c), and the expected
// entropy of the envelope after the answer is Σ_o P(o) H(envelope | o). The strategy takes
// the suggestion that minimises it, i.e. maximises the expected drop from the current
// entropy (the mutual information of answer and envelope). Ties: uniformly at random.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

#include "kripke/games/clue/outlook.hpp"
#include "kripke/games/clue/suggestion.hpp"
#include "kripke/rng.hpp"

namespace kripke::clue {

// Σ_o (W_o log W_o − Σ_e W_oe log W_oe) for integer weights W_oe: W times the expected
// entropy, W being the total weight (the same for every suggestion).
inline double weighted_conditional_entropy(const std::vector<std::uint64_t>& weights,
                                           std::size_t envelopes) {
  auto xlogx = [](double x) { return x > 0 ? x * std::log(x) : 0.0; };
  double total = 0;
  for (std::size_t start = 0; start < weights.size(); start += envelopes) {
    double outcome = 0;
    for (std::size_t e = start; e < start + envelopes; ++e) {
      outcome += double(weights[e]);
      total -= xlogx(double(weights[e]));
    }
    total += xlogx(outcome);
  }
  return total;
}

// The entropy of the envelope, in nats, when each of the deals weighs the same.
inline double envelope_entropy(const Tables& t, const std::vector<DealIndex>& deals) {
  std::vector<std::uint64_t> count(suggestion_count(t.rules()), 0);
  for (DealIndex d : deals) ++count[t.envelope_id(d)];
  return weighted_conditional_entropy(count, count.size()) / double(deals.size());
}

// For every suggestion (in nth_suggestion's order), what its answer is expected to tell
// the asker about the envelope.
struct SuggestionScores {
  std::vector<double> weighted_entropy;  // W times the expected entropy after the answer
  double total_weight = 0;               // W
  double entropy_now = 0;                // nats

  // The expected information in bits: the entropy now minus the expected entropy after.
  double bits(std::size_t s) const {
    return (entropy_now - weighted_entropy[s] / total_weight) / std::log(2.0);
  }
};

inline SuggestionScores suggestion_scores(const Tables& t, const Outlook& view,
                                          const std::vector<Agent>& order) {
  const Rules& rules = t.rules();
  const int categories = rules.category_count();
  const std::size_t suggestions = suggestion_count(rules);
  const std::size_t envelopes = suggestions;  // one card per category, too
  // A card shown out of k held weighs share / k; share = lcm(1..categories) keeps it whole.
  std::uint64_t share = 1;
  for (int k = 2; k <= categories; ++k) share = std::lcm(share, std::uint64_t(k));

  const std::size_t outcomes = 1 + order.size() * std::size_t(categories);
  std::vector<std::uint64_t> weights(outcomes * envelopes);
  SuggestionScores out;
  out.weighted_entropy.resize(suggestions);
  for (std::size_t s = 0; s < suggestions; ++s) {
    const std::uint64_t suggested = card_mask(nth_suggestion(rules, s));
    std::fill(weights.begin(), weights.end(), 0);
    for (DealIndex d : view.deals) {
      const std::size_t envelope = t.envelope_id(d);
      const Responder r = responder(t, d, suggested, order);
      if (r.position < 0) {
        weights[envelope] += share;
        continue;
      }
      const std::uint64_t each = share / std::uint64_t(std::popcount(r.held));
      for (std::uint64_t held = r.held; held; held &= held - 1) {
        const int card = std::countr_zero(held);
        const std::size_t o = 1 + std::size_t(r.position * categories + rules.card_category[card]);
        weights[o * envelopes + envelope] += each;
      }
    }
    out.weighted_entropy[s] = weighted_conditional_entropy(weights, envelopes);
  }
  out.total_weight = double(share) * double(view.deals.size());
  out.entropy_now = envelope_entropy(t, view.deals);
  return out;
}

inline Suggestion info_gain_suggestion(const Tables& t, const Outlook& view,
                                       const std::vector<Agent>& order, Rng& rng) {
  const Rules& rules = t.rules();
  const std::size_t suggestions = suggestion_count(rules);
  const SuggestionScores scored = suggestion_scores(t, view, order);
  const std::vector<double>& scores = scored.weighted_entropy;
  // The best: the least expected entropy; within rounding, tied.
  const double least = *std::min_element(scores.begin(), scores.end());
  const double tolerance = 1e-9 * std::max(1.0, std::abs(least));
  std::vector<std::size_t> best;
  for (std::size_t s = 0; s < suggestions; ++s)
    if (scores[s] <= least + tolerance) best.push_back(s);

  // The reason, in bits of information about the envelope.
  MoveReason reason;
  reason.strategy = "info-gain";
  reason.rule = "the suggestion whose answer is expected to say the most about the envelope";
  reason.considered = suggestions;
  reason.measure = "bits of information about the envelope";
  reason.score = scored.bits(best.front());
  reason.tied = best.size();
  std::vector<std::size_t> others;
  for (std::size_t s = 0; s < suggestions; ++s)
    if (scores[s] > least + tolerance) others.push_back(s);
  const std::size_t shown = std::min<std::size_t>(3, others.size());
  std::partial_sort(others.begin(), others.begin() + std::ptrdiff_t(shown), others.end(),
                    [&](std::size_t a, std::size_t b) { return scores[a] < scores[b]; });
  for (std::size_t k = 0; k < shown; ++k)
    reason.alternatives.push_back(
        {card_list(rules, nth_suggestion(rules, others[k]), " and "), scored.bits(others[k])});
  return {nth_suggestion(rules, rng.pick(best)), std::move(reason)};
}

}  // namespace kripke::clue
