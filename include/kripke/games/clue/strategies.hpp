// How a player chooses its suggestion (the original's six strategies and info-gain) and,
// when it holds several suggested cards, which one it shows. Each reads only the player's
// own Outlook; docs/games/clue.md says how each original strategy is read.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "kripke/games/clue/info_gain.hpp"
#include "kripke/games/clue/outlook.hpp"
#include "kripke/rng.hpp"

namespace kripke::clue {

enum class Strategy { Random, NotOwn, OneOwn, Unknown, OneUnknown, Reasoning, InfoGain };
enum class ShowPolicy { Random, ShownBefore, MinLeak };

inline const std::vector<std::string>& strategy_names() {
  static const std::vector<std::string> names = {"random",      "not-own",   "one-own",  "unknown",
                                                 "one-unknown", "reasoning", "info-gain"};
  return names;
}
inline const std::vector<std::string>& show_policy_names() {
  static const std::vector<std::string> names = {"random", "shown-before", "min-leak"};
  return names;
}

struct AgentSettings {
  Strategy strategy = Strategy::Random;
  ShowPolicy show = ShowPolicy::Random;
};

// Candidate cards per category.
using CardSets = std::vector<std::vector<int>>;

inline CardSets cards_where(const Rules& rules, const std::function<bool(int card)>& keep) {
  CardSets sets(rules.categories.size());
  for (int card = 0; card < rules.card_count(); ++card)
    if (keep(card)) sets[rules.card_category[card]].push_back(card);
  return sets;
}

// One card from each category's set, uniformly (every set must be non-empty).
inline std::vector<int> draw(const CardSets& sets, Rng& rng) {
  std::vector<int> cards;
  for (const auto& set : sets) cards.push_back(rng.pick(set));
  return cards;
}

// One card from `one`, uniformly among the cards whose every other category has a card in
// `rest`; then one card from `rest` in every other category, uniformly. Nothing when no card
// of `one` qualifies. (ClueModel picks the one card from the whole list first, so a category
// with more candidates is chosen more often; so do we.)
inline std::optional<std::vector<int>> one_and_rest(const Rules& rules, const CardSets& one,
                                                    const CardSets& rest, Rng& rng) {
  std::vector<int> eligible;
  for (std::size_t c = 0; c < one.size(); ++c) {
    bool possible = true;
    for (std::size_t other = 0; other < rest.size(); ++other)
      possible = possible && (other == c || !rest[other].empty());
    if (possible) eligible.insert(eligible.end(), one[c].begin(), one[c].end());
  }
  if (eligible.empty()) return std::nullopt;
  const int chosen = rng.pick(eligible);
  const auto chosen_category = std::size_t(rules.card_category[std::size_t(chosen)]);
  std::vector<int> cards;
  for (std::size_t c = 0; c < one.size(); ++c)
    cards.push_back(c == chosen_category ? chosen : rng.pick(rest[c]));
  return cards;
}

struct StrategyInput {
  const Tables& tables;
  Agent self;
  const Outlook& view;              // the asker's knowledge
  const std::vector<Agent>& order;  // whom the suggestion is put to, in order
};

// Each strategy as ClueModel's clue_agent.py defines it (docs/games/clue.md, "Strategies").
inline std::vector<int> suggest(Strategy strategy, const StrategyInput& in, Rng& rng) {
  const Rules& rules = in.tables.rules();
  const Outlook& view = in.view;
  const auto any = cards_where(rules, [](int) { return true; });
  const auto own = cards_where(rules, [&](int c) { return view.known_place(c) == in.self; });
  const auto not_own = cards_where(rules, [&](int c) { return view.known_place(c) != in.self; });
  const auto unknown = cards_where(rules, [&](int c) { return !view.knows_place(c); });
  const auto known = cards_where(rules, [&](int c) { return view.knows_place(c); });
  // Per category the unknown cards, or any card of a category without one (the original's
  // pick_unknown_cards: nothing special about a category whose every card is placed).
  auto unknown_or_any = unknown;
  for (std::size_t c = 0; c < unknown_or_any.size(); ++c)
    if (unknown_or_any[c].empty()) unknown_or_any[c] = any[c];

  switch (strategy) {
    case Strategy::Random:
      return draw(any, rng);
    case Strategy::NotOwn:
      return draw(not_own, rng);
    case Strategy::OneOwn:
      // One of its own cards, the other categories any card (its own ones included).
      if (auto s = one_and_rest(rules, own, any, rng)) return *s;
      return draw(not_own, rng);
    case Strategy::OneUnknown:
      if (auto s = one_and_rest(rules, unknown, known, rng)) return *s;
      return draw(unknown_or_any, rng);
    case Strategy::Unknown:
      return draw(unknown_or_any, rng);
    case Strategy::Reasoning: {
      // An unknown card the next player may hold, preferably one that may also be in the
      // envelope, with cards whose place is known and is not the next player: a shown card
      // is then the unknown one. Without such a suggestion, a random one.
      const Agent next = in.order.front();
      const auto known_elsewhere =
          cards_where(rules, [&](int c) { return view.knows_place(c) && !view.may_be(c, next); });
      const auto maybe_next =
          cards_where(rules, [&](int c) { return !view.knows_place(c) && view.may_be(c, next); });
      const auto maybe_next_and_envelope = cards_where(rules, [&](int c) {
        return !view.knows_place(c) && view.may_be(c, next) && view.may_be(c, rules.envelope());
      });
      if (auto s = one_and_rest(rules, maybe_next_and_envelope, known_elsewhere, rng)) return *s;
      if (auto s = one_and_rest(rules, maybe_next, known_elsewhere, rng)) return *s;
      return draw(any, rng);
    }
    case Strategy::InfoGain:
      return info_gain_suggestion(in.tables, view, in.order, rng);
  }
  return draw(not_own, rng);
}

// Which of the held suggested cards the answerer shows. `shown_before`: the cards it has
// shown in earlier turns (a mask). `asker`: the asker's knowledge, for min-leak.
inline int choose_shown(ShowPolicy policy, const Tables& t, const std::vector<int>& held,
                        std::uint64_t shown_before, Agent answerer, const Outlook& asker,
                        Rng& rng) {
  if (held.size() == 1) return held.front();
  std::vector<int> candidates;
  if (policy == ShowPolicy::ShownBefore) {
    for (int card : held)
      if ((shown_before >> card) & 1U) candidates.push_back(card);
  } else if (policy == ShowPolicy::MinLeak) {
    // The card after which the asker's possible deals are most numerous: the one it
    // considered most likely already.
    std::size_t most = 0;
    for (int card : held) {
      const auto n =
          std::size_t(std::count_if(asker.deals.begin(), asker.deals.end(),
                                    [&](DealIndex d) { return t.holds(d, answerer, card); }));
      if (n > most) candidates.clear(), most = n;
      if (n == most) candidates.push_back(card);
    }
  }
  return rng.pick(candidates.empty() ? held : candidates);
}

}  // namespace kripke::clue
