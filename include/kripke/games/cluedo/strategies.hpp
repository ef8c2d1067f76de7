// How a Cluedo agent suggests and when it accuses, from its Notebook's exact counts alone.
//
// - random: any suspect, weapon and room.
// - careful: what a careful player with a notebook does. In each category whose envelope
//   card it does not know, a card whose place it does not know (at random); in a category
//   whose envelope card it knows, one of its own cards (or, holding none, the envelope
//   card), which nobody can show, so that the answer speaks of the other categories.
// Both accuse as soon as they know the envelope (one card per category that is there in
// every deal they consider possible), so an AI's accusation is never wrong.
#pragma once

#include <string>
#include <vector>

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

inline bool knows_envelope(const Rules& rules, const Notebook& notebook) {
  for (int card : known_envelope(rules, notebook))
    if (card < 0) return false;
  return true;
}

struct Suggestion {
  std::vector<int> cards;  // one per category, in the rules' order
  MoveReason reason;
};

inline Suggestion suggest(Strategy strategy, const Rules& rules, const Notebook& notebook,
                          Rng& rng) {
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
