// How a Sleuth player chooses its question (docs/games/sleuth.md has the formulas):
//
// * `seed`: Elderman & Steging's two ideas, made precise. "Follow a lead" first: a gem that may be
//   hidden and that at least two other players are known not to hold is a lead; its
//   strength is the number of those players. Otherwise the most potential new knowledge.
//   A (question, player) pair scores (lead, new) compared lexicographically, where
//   new = the cards the question asks for whose ownership by that player is still unknown,
//   lead = the strongest lead among them (0 if none).
// * `random`: a question card, a player and (for a free-choice card) a question, uniformly.
// * `info-gain`: the expected information about the hidden gem, in bits, from exact
//   probabilities: H(hidden) − E[H(hidden | answer)], computed with the counting engine.
//
// Ties go to printed cards before free-choice ones (a free choice is worth keeping), then
// to a uniformly random one among the best.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "kripke/counting.hpp"
#include "kripke/games/sleuth/knowledge.hpp"
#include "kripke/move_reason.hpp"
#include "kripke/rng.hpp"

namespace kripke::sleuth {

enum class Strategy { Seed, Random, InfoGain };

inline const std::vector<std::string>& strategy_names() {
  static const std::vector<std::string> names = {"seed", "random", "info-gain"};
  return names;
}
inline std::string strategy_name(Strategy s) { return strategy_names()[std::size_t(s)]; }

// A possible move: play the question card in hand slot `slot` (for a free-choice card,
// naming question `question`) at player `asked`. Questions are indices into the game's
// question table, whose entry q lists the cards question q asks for.
struct Option {
  int slot = 0;
  bool free = false;
  int question = 0;
  int asked = 0;
};

using QuestionMatches = std::vector<std::vector<int>>;  // per question, the cards it asks for

// The seed strategy's lead threshold: "several players are known not to hold it".
inline constexpr int kLeadMinimum = 2;

inline std::vector<double> seed_scores(const Mind& mind, const std::vector<Option>& options,
                                       const QuestionMatches& matches, int players) {
  const int cards = mind.exact().information().card_count();
  std::vector<int> lead(std::size_t(cards), 0);
  for (int card = 0; card < cards; ++card) {
    if (mind.status(card, mind.hidden_place()) != Status::Unknown) continue;
    int lacking = 0;
    for (int p = 0; p < players; ++p)
      if (p != mind.self() && mind.status(card, p) == Status::Lacks) ++lacking;
    if (lacking >= kLeadMinimum) lead[std::size_t(card)] = lacking;
  }
  std::vector<double> scores;
  for (const Option& o : options) {
    int fresh = 0, strongest = 0;
    for (int card : matches[std::size_t(o.question)]) {
      if (mind.status(card, o.asked) != Status::Unknown) continue;
      ++fresh;
      strongest = std::max(strongest, lead[std::size_t(card)]);
    }
    scores.push_back(double(strongest) * (cards + 1) + fresh);  // lexicographic (lead, new)
  }
  return scores;
}

namespace info_gain_detail {

// Entropy in bits of the hidden gem under `counts` (deals consistent with some literals).
inline double hidden_entropy(const PlacementCounts& counts, int hidden, int cards) {
  const long double n = (long double)counts.total;
  long double h = 0;
  for (int card = 0; card < cards; ++card) {
    const long double k = (long double)counts.count(card, hidden);
    if (k > 0) h -= k / n * std::log2(k / n);
  }
  return double(h);
}

}  // namespace info_gain_detail

// The cards of `matching` whose ownership by `asked` is still open: the only ones an
// answer can tell anything about.
inline std::vector<int> uncertain_cards(const CardPlaces& info, int asked,
                                        const std::vector<int>& matching) {
  const PlaceMask here = PlaceMask{1} << asked;
  std::vector<int> out;
  for (int card : matching)
    if ((info.allowed(card) & here) && info.allowed(card) != here) out.push_back(card);
  return out;
}

// Expected information (bits) about the hidden gem from asking `asked` for `matching`.
// The answer is which of the uncertain cards `asked` holds. Cards with the same allowed
// places are interchangeable, so an answer is summarised by how many of each such group
// are shown (j_g of u_g, in C(u_g, j_g) equally likely arrangements with equal entropy);
// each summary is counted once with one representative arrangement.
inline double hidden_information(const CardPlaces& info, const PlacementCounts& now, int hidden,
                                 int asked, const std::vector<int>& matching) {
  using namespace info_gain_detail;
  std::vector<std::vector<int>> groups;  // the uncertain cards, by allowed places
  std::vector<PlaceMask> masks;
  for (int card : uncertain_cards(info, asked, matching)) {
    const PlaceMask m = info.allowed(card);
    std::size_t g = 0;
    while (g < masks.size() && masks[g] != m) ++g;
    if (g == masks.size()) masks.push_back(m), groups.emplace_back();
    groups[g].push_back(card);
  }
  if (groups.empty() || now.total == 0) return 0;
  const int cards = info.card_count();
  const auto& binom = counting_detail::Binomials::table();
  std::vector<int> shown(groups.size(), 0);
  long double expected = 0;
  while (true) {
    CardPlaces answer = info;
    BigCount arrangements = 1;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      arrangements *= binom(int(groups[g].size()), shown[g]);
      for (std::size_t k = 0; k < groups[g].size(); ++k) {
        if (int(k) < shown[g]) {
          answer.place(groups[g][k], asked);
        } else {
          answer.exclude(groups[g][k], asked);
        }
      }
    }
    const PlacementCounts after = count_placements(answer);
    if (after.total > 0)
      expected += (long double)arrangements * (long double)after.total / (long double)now.total *
                  hidden_entropy(after, hidden, cards);
    std::size_t g = 0;  // the next summary, odometer style
    while (g < groups.size() && shown[g] == int(groups[g].size())) shown[g++] = 0;
    if (g == groups.size()) break;
    ++shown[g];
  }
  return hidden_entropy(now, hidden, cards) - double(expected);
}

inline std::vector<double> info_gain_scores(const Mind& mind, const std::vector<Option>& options,
                                            const QuestionMatches& matches) {
  const CardPlaces& info = mind.exact().information();
  const PlacementCounts& now = mind.exact().counts();
  // The information depends only on the player and the uncertain cards asked for, which
  // many options share (a printed card and the same free choice; questions that differ
  // only in cards whose place is settled): each is computed once.
  std::map<std::pair<int, std::vector<int>>, double> cache;
  std::vector<double> scores;
  for (const Option& o : options) {
    const std::vector<int>& matching = matches[std::size_t(o.question)];
    auto key = std::make_pair(o.asked, uncertain_cards(info, o.asked, matching));
    auto it = cache.find(key);
    if (it == cache.end())
      it = cache
               .emplace(std::move(key),
                        hidden_information(info, now, mind.hidden_place(), o.asked, matching))
               .first;
    scores.push_back(it->second);
  }
  return scores;
}

// An option in words, for reasons ("red of player 3").
using OptionText = std::function<std::string(const Option&)>;

struct OptionChoice {
  std::size_t index = 0;
  MoveReason reason;
};

// The best option: highest score, printed cards before free choices, then a random one.
// The reason gives the chosen score and the best three other ones (options that ask the
// same of the same player once).
inline OptionChoice best_option(const std::vector<Option>& options,
                                const std::vector<double>& scores, MoveReason reason,
                                const OptionText& text, Rng& rng) {
  constexpr double kEpsilon = 1e-12;  // information values that differ by rounding only
  std::vector<std::size_t> best;
  for (std::size_t k = 0; k < options.size(); ++k) {
    if (!best.empty()) {
      const Option& b = options[best.front()];
      const double diff = scores[k] - scores[best.front()];
      if (diff < -kEpsilon || (diff <= kEpsilon && options[k].free && !b.free)) continue;
      if (diff > kEpsilon || (!options[k].free && b.free)) best.clear();
    }
    best.push_back(k);
  }
  const std::size_t chosen = best[rng.below(best.size())];
  reason.considered = options.size();
  reason.score = scores[chosen];
  reason.tied = best.size();
  std::vector<std::size_t> others;
  for (std::size_t k = 0; k < options.size(); ++k)
    if (scores[k] < scores[chosen] - kEpsilon) others.push_back(k);
  std::stable_sort(others.begin(), others.end(),
                   [&](std::size_t a, std::size_t b) { return scores[a] > scores[b]; });
  for (std::size_t k : others) {
    if (reason.alternatives.size() == 3) break;
    const std::string move = text(options[k]);
    bool listed = false;
    for (const ScoredMove& m : reason.alternatives) listed = listed || m.move == move;
    if (!listed) reason.alternatives.push_back({move, scores[k]});
  }
  return {chosen, std::move(reason)};
}

// Uniformly a hand slot, then a player, then a question (only a free choice has several).
inline std::size_t random_option(const std::vector<Option>& options, Rng& rng) {
  std::vector<std::size_t> pool(options.size());
  for (std::size_t k = 0; k < pool.size(); ++k) pool[k] = k;
  auto narrow = [&](auto field) {
    std::vector<int> values;
    for (std::size_t k : pool)
      if (std::find(values.begin(), values.end(), field(options[k])) == values.end())
        values.push_back(field(options[k]));
    const int chosen = values[rng.below(values.size())];
    std::erase_if(pool, [&](std::size_t k) { return field(options[k]) != chosen; });
  };
  narrow([](const Option& o) { return o.slot; });
  narrow([](const Option& o) { return o.asked; });
  return pool[rng.below(pool.size())];
}

inline OptionChoice choose_option(Strategy strategy, const Mind& mind,
                                  const std::vector<Option>& options,
                                  const QuestionMatches& matches, int players,
                                  const OptionText& text, Rng& rng) {
  MoveReason reason;
  reason.strategy = strategy_name(strategy);
  switch (strategy) {
    case Strategy::Random:
      reason.rule = "a question card of its hand, a player and a question, at random";
      reason.considered = options.size();
      return {random_option(options, rng), std::move(reason)};
    case Strategy::Seed:
      reason.rule = "follow a lead, else the most potential new knowledge";
      reason.measure = "points: (strongest lead) x (deck size + 1) + (cards of new knowledge)";
      return best_option(options, seed_scores(mind, options, matches, players), std::move(reason),
                         text, rng);
    case Strategy::InfoGain:
      reason.rule = "the question expected to say most about the hidden gem";
      reason.measure = "bits of information about the hidden gem";
      return best_option(options, info_gain_scores(mind, options, matches), std::move(reason), text,
                         rng);
  }
  return {0, std::move(reason)};
}

}  // namespace kripke::sleuth
