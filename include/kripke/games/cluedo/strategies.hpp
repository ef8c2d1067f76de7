// How a Cluedo agent suggests and when it accuses, from its Notebook's exact counts alone.
//
// - random: any suspect, weapon and room.
// - careful: what a careful player with a notebook does. In each category whose envelope
//   card it does not know, a card whose place it does not know (at random); in a category
//   whose envelope card it knows, one of its own cards (or, holding none, the envelope
//   card), which nobody can show, so that the answer speaks of the other categories.
// - info-gain: the suggestion whose answer is expected to say the most about the envelope,
//   computed exactly (envelope_odds.hpp); ties at random.
// All accuse as soon as they know the envelope (one card per category that is there in
// every deal they consider possible), so that accusation is never wrong. With the option
// accuse_at below 1 they also accuse the most likely envelope (ties at random) once its
// probability reaches accuse_at, before suggesting and after the answer: a gamble that
// can put them out.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "kripke/games/clue/suggestion.hpp"
#include "kripke/games/cluedo/envelope_odds.hpp"
#include "kripke/games/cluedo/notebook.hpp"
#include "kripke/games/cluedo/rules.hpp"
#include "kripke/move_reason.hpp"
#include "kripke/rng.hpp"

namespace kripke::cluedo {

// Per category, the card the notebook knows is in the envelope, or -1.
inline std::vector<int> known_envelope(const Rules& rules, const Notebook& notebook) {
  std::vector<int> out(std::size_t(rules.category_count()), -1);
  const PlacementCounts& counts = notebook.counts();
  for (int card = 0; card < rules.card_count(); ++card)
    if (counts.known_at(card, notebook.envelope()))
      out[std::size_t(rules.card_category[std::size_t(card)])] = card;
  return out;
}

// Whether the notebook knows the envelope: one card of each category the envelope may hold
// (read from the count's forward half when the whole table is not counted yet: the log asks
// after every event).
inline bool knows_envelope(const Rules& rules, const Notebook& notebook) {
  std::vector<int> possible(std::size_t(rules.category_count()), 0);
  for (CardMask m = notebook.envelope_outlook().may_hold; m; m &= m - 1)
    ++possible[std::size_t(rules.card_category[std::size_t(std::countr_zero(m))])];
  return std::all_of(possible.begin(), possible.end(), [](int n) { return n == 1; });
}

struct Suggestion {
  std::vector<int> cards;  // one per category, in the rules' order
  MoveReason reason;
};

// What the info-gain strategy suggests, and why (the three next best in the reason).
inline Suggestion info_gain_suggestion(const Rules& rules, const Notebook& notebook, Rng& rng) {
  const std::vector<ScoredSuggestion> scored = suggestion_bits(rules, notebook);
  double most = 0;
  for (const ScoredSuggestion& s : scored) most = std::max(most, s.bits);
  const double tolerance = 1e-9 * std::max(1.0, most);
  std::vector<std::size_t> best, others;
  for (std::size_t k = 0; k < scored.size(); ++k)
    (scored[k].bits >= most - tolerance ? best : others).push_back(k);
  MoveReason reason;
  reason.strategy = "info-gain";
  reason.rule = "the suggestion whose answer is expected to say the most about the envelope";
  reason.considered = scored.size();
  reason.measure = "bits of information about the envelope";
  reason.score = most;
  reason.tied = best.size();
  const std::size_t shown = std::min<std::size_t>(3, others.size());
  std::partial_sort(others.begin(), others.begin() + std::ptrdiff_t(shown), others.end(),
                    [&](std::size_t a, std::size_t b) { return scored[a].bits > scored[b].bits; });
  for (std::size_t k = 0; k < shown; ++k)
    reason.alternatives.push_back(
        {clue::card_list(rules, scored[others[k]].cards, " and "), scored[others[k]].bits});
  return {scored[rng.pick(best)].cards, std::move(reason)};
}

// The accusation the player makes now, if any (see above).
inline std::optional<std::vector<int>> accusation(const AgentSettings& settings, const Rules& rules,
                                                  const Notebook& notebook, Rng& rng) {
  if (knows_envelope(rules, notebook)) return known_envelope(rules, notebook);
  if (settings.accuse_at >= 1) return std::nullopt;
  const std::vector<EnvelopeOdds> odds = likely_envelopes(rules, notebook);
  if (odds.empty() || odds.front().probability < settings.accuse_at) return std::nullopt;
  std::vector<std::vector<int>> tied;
  for (const EnvelopeOdds& e : odds)
    if (e.probability >= odds.front().probability * (1 - 1e-12)) tied.push_back(e.cards);
  return rng.pick(tied);
}

inline Suggestion suggest(Strategy strategy, const Rules& rules, const Notebook& notebook,
                          Rng& rng) {
  if (strategy == Strategy::InfoGain) return info_gain_suggestion(rules, notebook, rng);
  std::vector<std::vector<int>> candidates(std::size_t(rules.category_count()));
  MoveReason reason;
  if (strategy == Strategy::Random) {
    reason = {"random", "any suspect, weapon and room, at random", 0, "", std::nullopt, 1, {}};
    for (int card = 0; card < rules.card_count(); ++card)
      candidates[std::size_t(rules.card_category[std::size_t(card)])].push_back(card);
  } else {
    reason = {"careful",
              "cards of unknown place where the envelope is open, an own card (or the known "
              "envelope card) where it is known, at random",
              0,
              "",
              std::nullopt,
              1,
              {}};
    const PlacementCounts& counts = notebook.counts();
    const std::vector<int> envelope = known_envelope(rules, notebook);
    for (int card = 0; card < rules.card_count(); ++card) {
      const int c = rules.card_category[std::size_t(card)];
      bool place_known = false;
      for (int p = 0; p < counts.places; ++p) place_known = place_known || counts.known_at(card, p);
      const bool own = counts.known_at(card, notebook.me());
      if (envelope[std::size_t(c)] < 0 ? !place_known : own)
        candidates[std::size_t(c)].push_back(card);
    }
    for (std::size_t c = 0; c < candidates.size(); ++c)
      if (candidates[c].empty()) candidates[c].push_back(envelope[c]);
  }
  Suggestion out;
  out.reason = std::move(reason);
  out.reason.considered = 1;
  for (const auto& cards : candidates) {
    out.cards.push_back(rng.pick(cards));
    out.reason.considered *= cards.size();
  }
  return out;
}

}  // namespace kripke::cluedo
