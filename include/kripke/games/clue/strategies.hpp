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
#include "kripke/games/clue/show_policy.hpp"
#include "kripke/move_reason.hpp"
#include "kripke/rng.hpp"

namespace kripke::clue {

enum class Strategy { Random, NotOwn, OneOwn, Unknown, OneUnknown, Reasoning, InfoGain };

inline const std::vector<std::string>& strategy_names() {
  static const std::vector<std::string> names = {"random",      "not-own",   "one-own",  "unknown",
                                                 "one-unknown", "reasoning", "info-gain"};
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

inline bool contains(const std::vector<int>& cards, int card) {
  return std::find(cards.begin(), cards.end(), card) != cards.end();
}

// How many suggestions (one card per category) `allowed` admits: what a rule chose among.
inline std::size_t allowed_suggestions(
    const Rules& rules, const std::function<bool(const std::vector<int>&)>& allowed) {
  std::size_t n = 0;
  for (std::size_t k = 0; k < suggestion_count(rules); ++k) n += allowed(nth_suggestion(rules, k));
  return n;
}

// A rule's choice: the cards, and the reason that names the rule and counts its choices.
class RuleChoice {
 public:
  RuleChoice(const Rules& rules, Strategy strategy, Rng& rng)
      : rules_(rules), strategy_(strategy), rng_(rng) {}

  // Every category from its set.
  Suggestion draw_from(const CardSets& sets, const std::string& rule) {
    return made(draw(sets, rng_), rule, [&](const std::vector<int>& s) {
      for (std::size_t c = 0; c < s.size(); ++c)
        if (!contains(sets[c], s[c])) return false;
      return true;
    });
  }
  // One card from `one`, the other categories from `rest` (one_and_rest); nothing when no
  // card of `one` fits.
  std::optional<Suggestion> one_and_rest_from(const CardSets& one, const CardSets& rest,
                                              const std::string& rule) {
    auto cards = one_and_rest(rules_, one, rest, rng_);
    if (!cards) return std::nullopt;
    return made(std::move(*cards), rule, [&](const std::vector<int>& s) {
      for (std::size_t c = 0; c < s.size(); ++c) {
        bool fits = contains(one[c], s[c]);
        for (std::size_t other = 0; fits && other < s.size(); ++other)
          fits = other == c || contains(rest[other], s[other]);
        if (fits) return true;
      }
      return false;
    });
  }

 private:
  Suggestion made(std::vector<int> cards, const std::string& rule,
                  const std::function<bool(const std::vector<int>&)>& allowed) {
    MoveReason reason;
    reason.strategy = strategy_names()[std::size_t(strategy_)];
    reason.rule = rule;
    reason.considered = allowed_suggestions(rules_, allowed);
    return {std::move(cards), std::move(reason)};
  }

  const Rules& rules_;
  Strategy strategy_;
  Rng& rng_;
};

// Each strategy as ClueModel's clue_agent.py defines it (docs/games/clue.md, "Strategies").
inline Suggestion suggest(Strategy strategy, const StrategyInput& in, Rng& rng) {
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
  const std::string unknown_rule =
      "cards whose place it does not know (any card of a category "
      "where it knows every place)";

  RuleChoice choose(rules, strategy, rng);
  switch (strategy) {
    case Strategy::Random:
      return choose.draw_from(any, "any suggestion");
    case Strategy::NotOwn:
      return choose.draw_from(not_own, "cards it does not hold");
    case Strategy::OneOwn:
      // One of its own cards, the other categories any card (its own ones included).
      if (auto s = choose.one_and_rest_from(own, any, "one card of its own, the others any"))
        return *s;
      return choose.draw_from(not_own, "cards it does not hold (no card of its own fits)");
    case Strategy::OneUnknown:
      if (auto s = choose.one_and_rest_from(unknown, known,
                                            "one card whose place it does not know, the others "
                                            "cards whose place it knows"))
        return *s;
      return choose.draw_from(unknown_or_any, unknown_rule);
    case Strategy::Unknown:
      return choose.draw_from(unknown_or_any, unknown_rule);
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
      const std::string others = ", the others cards it knows are not the next player's";
      if (auto s = choose.one_and_rest_from(
              maybe_next_and_envelope, known_elsewhere,
              "one unknown card the next player may hold and the envelope may too" + others))
        return *s;
      if (auto s = choose.one_and_rest_from(maybe_next, known_elsewhere,
                                            "one unknown card the next player may hold" + others))
        return *s;
      return choose.draw_from(any, "any suggestion (none fits its rule)");
    }
    case Strategy::InfoGain:
      return info_gain_suggestion(in.tables, view, in.order, rng);
  }
  return choose.draw_from(not_own, "cards it does not hold");
}

// Which of the held suggested cards the answerer shows, judged by the asker's deals
// (show_policy.hpp). `asker`: the asker's knowledge, for min-leak.
inline int choose_shown(ShowPolicy policy, const Tables& t, const std::vector<int>& held,
                        std::uint64_t shown_before, Agent answerer, const Outlook& asker,
                        Rng& rng) {
  return pick_shown(
      policy, held, shown_before,
      [&](int card) {
        return std::size_t(std::count_if(asker.deals.begin(), asker.deals.end(),
                                         [&](DealIndex d) { return t.holds(d, answerer, card); }));
      },
      rng);
}

}  // namespace kripke::clue
