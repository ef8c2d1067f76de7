// Every suggestion's expected information about the envelope, from one count shared by all
// of them (the info-gain strategy's measure: envelope_odds.hpp).
//
// count_answers follows the three suggested cards by giving each a group of its own, so
// every suggestion costs a count of its own. Here the cards are not singled out: cards of
// one group are interchangeable in everything the player knows, so given how many cards
// of a group each place takes, which of them it takes is uniform. A suggested card of a
// group of n cards (m of them suggested) is then followed by factors on the one count:
// - the answerers before the j-th hold none of the m: C(r, m) / C(n, m), r the group's
//   cards left when the j-th answers;
// - the j-th takes d of the r and holds exactly k given ones of the m:
//   C(d, k) C(r - d, m - k) / (C(m, k) C(r, d)) of its hands;
// - a suggested card nobody showed ends in the envelope with probability 1 / r', r' the
//   group's cards left after the answer (for the envelope's group of that category).
// So one pass over the places (in answering order, then the asker and the envelope) counts
// the deals to every state and the steps between them, one backward pass counts, for every
// state, the ways to finish with each envelope class, and the answering steps are summed
// into moments per state (Σ weight·d of a group, of two groups, of three); a suggestion
// then costs a pass over the states (over the steps when two of its cards share a group,
// or when an answerer is known to hold one) and over the ways to finish from them. The
// weights are combined in floating point (the counts themselves are exact); the tests check
// every suggestion's bits against the explicit model on decks small enough to list, and
// against count_answers on the real deck.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "kripke/counting_hands.hpp"
#include "kripke/games/cluedo/answers.hpp"
#include "kripke/games/cluedo/notebook.hpp"
#include "kripke/games/cluedo/rules.hpp"
#include "kripke/lists.hpp"
#include "kripke/recycling.hpp"

namespace kripke::cluedo {

namespace answer_information_detail {

using hand_counting_detail::Layout;
using hand_counting_detail::Place;
using hand_counting_detail::Prepared;

// A place's hand taken between two states: `taken` is the key decrement (the cards of each
// group, packed as the key packs what is left).
struct Step {
  std::uint32_t from, to;
  std::uint64_t taken;
  double ways;    // the hands of cards (only summed in floating point, as the weights are)
  double weight;  // the deals to `from` times `ways`
};

// What every suggestion of one asker shares: the states in answering order, the steps,
// the envelope classes and, per state, the ways to finish with each.
struct SharedCount {
  Prepared pr;
  int categories = 0;
  std::size_t answerers = 0;
  std::vector<std::size_t> answerer_place;     // the places of the answerers, in answering order
  std::vector<counting_detail::Level> levels;  // [j]: after the first j places, with the deals
  std::vector<RecycledVector<Step>> steps;     // [j]: from level j to j + 1
  // Per category, the groups holding its cards, and each group's place in that list (-1).
  std::vector<std::vector<int>> category_groups, place_in_category;
  // [j]: the moments of the answering steps from level j, per state they reach: Σ weight·d
  // of one group, Σ weight·d·d' of a group of each of two categories (pairs (0,1), (0,2),
  // (1,2)), Σ weight·d·d'·d'' of a group of each category. One list of (state, moment) per
  // group, pair or triple of groups (`list`), the states ascending and only those some step
  // reaches, so that a suggestion reads just its own. With one suggested card per group,
  // its answers need these alone (Cluedo's three categories).
  struct Moment {
    std::uint32_t state;
    double moment;
  };
  std::vector<Lists<Moment>> moments;
  // The envelope classes: the last level's states the envelope can take whole. Per class,
  // per category, the group of its card (-1: a card of known place).
  std::vector<std::uint32_t> final_state;
  std::vector<double> final_ways;  // the deals of the class (the envelope's ways included)
  std::vector<std::vector<int>> class_group;
  // [j]: per state, (class, ways to finish from it), for j = 1..answerers.
  std::vector<Lists<std::pair<std::uint32_t, double>>> finish;

  SharedCount(const Rules& rules, const HandConstraints& info, Agent asker)
      : pr(hand_counting_detail::prepare(info)) {
    if (!pr.possible) return;
    categories = rules.category_count();
    answerers = std::size_t(rules.players - 1);
    std::vector<const Place*> order;  // the answerers, then the asker
    for (int k = 1; k <= rules.players; ++k) {
      order.push_back(&pr.places[std::size_t((asker + k) % rules.players)]);
      if (k < rules.players) answerer_place.push_back(std::size_t((asker + k) % rules.players));
    }
    levels.resize(order.size() + 1);
    steps.resize(order.size());
    levels[0].add(pr.start, 1);
    std::vector<int> d(pr.groups.size(), 0);
    for (std::size_t j = 0; j < order.size(); ++j) {
      for (std::uint32_t k = 0; k < levels[j].entries().size(); ++k) {
        const auto [key, here] = levels[j].entries()[k];
        hand_counting_detail::for_each_hand(
            *order[j], pr.groups, key, pr.layout, d, [&](BigCount ways, std::uint64_t taken) {
              const auto to = std::uint32_t(levels[j + 1].add(key - taken, here * ways));
              steps[j].push_back({k, to, taken, double(ways), double(here * ways)});
            });
      }
    }
    if (categories == 3) count_moments(rules);
    // The envelope takes what is left.
    const std::size_t last = order.size();
    const Place& envelope = pr.places[std::size_t(rules.envelope())];
    const auto& finals = levels[last].entries();
    std::vector<std::int64_t> class_of(finals.size(), -1);
    for (std::uint32_t k = 0; k < finals.size(); ++k) {
      const auto [key, deals_to] = finals[k];
      BigCount ways = 0;
      hand_counting_detail::for_each_hand(envelope, pr.groups, key, pr.layout, d,
                                          [&](BigCount w, std::uint64_t taken) {
                                            if (taken == key) ways += w;
                                          });
      if (ways == 0 || deals_to == 0) continue;
      class_of[k] = std::int64_t(final_state.size());
      final_state.push_back(k);
      final_ways.push_back(double(deals_to * ways));
      std::vector<int> group(std::size_t(categories), -1);
      for (std::size_t g = 0; g < pr.groups.size(); ++g)
        if (pr.layout.get(key, int(g)) > 0)
          group[std::size_t(rules.card_category[std::size_t(pr.groups[g].cards[0])])] = int(g);
      class_group.push_back(std::move(group));
    }
    // Backward: the ways to finish from each state, by envelope class.
    finish.resize(last + 1);
    for (std::uint32_t k = 0; k < finals.size(); ++k) {
      if (class_of[k] >= 0)
        finish[last].entries.push_back(
            {std::uint32_t(class_of[k]),
             final_ways[std::size_t(class_of[k])] / double(finals[k].value)});
      finish[last].end_list();
    }
    std::vector<double> scratch(final_state.size(), 0);
    std::vector<std::uint32_t> touched;
    for (std::size_t j = last; j-- > 1;) {
      auto& here = finish[j];
      const std::size_t states = levels[j].entries().size();
      here.first.reserve(states + 1);
      std::size_t s = 0;
      for (std::uint32_t from = 0; from < states; ++from) {
        for (; s < steps[j].size() && steps[j][s].from == from; ++s)
          for (const auto& [c, w] : finish[j + 1][steps[j][s].to]) {
            if (scratch[c] == 0) touched.push_back(c);
            scratch[c] += steps[j][s].ways * w;
          }
        std::sort(touched.begin(), touched.end());
        for (std::uint32_t c : touched) {
          here.entries.push_back({c, scratch[c]});
          scratch[c] = 0;
        }
        touched.clear();
        here.end_list();
      }
    }
  }

  // The pair of categories (c, c'), c < c', as moments' index.
  static int pair_index(int c, int other) { return c + other - 1; }

 private:
  void count_moments(const Rules& rules) {
    const std::size_t groups = pr.groups.size();
    category_groups.assign(3, {});
    place_in_category.assign(3, std::vector<int>(groups, -1));
    for (std::size_t g = 0; g < groups; ++g)
      for (int c = 0; c < 3; ++c)
        for (int card : pr.groups[g].cards)
          if (rules.card_category[std::size_t(card)] == c && place_in_category[c][g] < 0) {
            place_in_category[std::size_t(c)][g] = int(category_groups[std::size_t(c)].size());
            category_groups[std::size_t(c)].push_back(int(g));
          }
    const std::size_t lists = list_of_triple(category_groups[0].size(), 0, 0);
    moments.resize(answerers);
    // What a hand adds to the moments, per kind of hand (its key decrement): the lists and
    // the factors d, d' and d'' that multiply the step's weight (1 for a group or a pair),
    // expanded when the kind is first met.
    struct Term {
      std::uint32_t list;
      double d, e, f;
    };
    std::vector<Term> terms;
    std::unordered_map<std::uint64_t, std::pair<std::uint32_t, std::uint32_t>> kinds;
    std::vector<std::pair<int, double>> touched;  // (group, cards taken)
    const auto expand = [&](std::uint64_t taken) {
      const auto first = std::uint32_t(terms.size());
      touched.clear();
      for (std::size_t g = 0; g < groups; ++g)
        if (const int d = pr.layout.get(taken, int(g)); d > 0) touched.push_back({int(g), d});
      for (const auto& [g, d] : touched) terms.push_back({std::uint32_t(g), d, 1, 1});
      for (const auto& [g, d] : touched)
        for (const auto& [h, e] : touched) {
          if (g == h) continue;
          for (int c = 0; c < 3; ++c)
            for (int other = c + 1; other < 3; ++other) {
              const int a = place_in_category[std::size_t(c)][std::size_t(g)];
              const int b = place_in_category[std::size_t(other)][std::size_t(h)];
              if (a >= 0 && b >= 0)
                terms.push_back({std::uint32_t(list_of_pair(c, other, a, b)), d, e, 1});
            }
          for (const auto& [k3, f] : touched) {
            if (k3 == g || k3 == h) continue;
            const int a = place_in_category[0][std::size_t(g)];
            const int b = place_in_category[1][std::size_t(h)];
            const int c = place_in_category[2][std::size_t(k3)];
            if (a >= 0 && b >= 0 && c >= 0)
              terms.push_back(
                  {std::uint32_t(list_of_triple(std::size_t(a), std::size_t(b), std::size_t(c))), d,
                   e, f});
          }
        }
      return std::pair{first, std::uint32_t(terms.size())};
    };
    std::vector<double> sum(lists, 0.0);  // the state's moments, per list
    std::vector<std::uint32_t> written;   // the lists with a moment for the state
    struct Raw {
      std::uint32_t list, state;
      double moment;
    };
    RecycledVector<Raw> raw;
    for (std::size_t j = 0; j < answerers; ++j) {
      // The steps by the state they reach (in their order), so that each state's moments
      // are summed in one place and its lists come out in order of the states.
      const std::size_t states = levels[j + 1].entries().size();
      RecycledVector<std::uint32_t> start(states + 1, 0), by_state(steps[j].size());
      for (const Step& s : steps[j]) ++start[s.to + 1];
      for (std::size_t y = 0; y < states; ++y) start[y + 1] += start[y];
      {
        std::vector<std::uint32_t> next(start.begin(), start.end() - 1);
        for (std::uint32_t k = 0; k < steps[j].size(); ++k) by_state[next[steps[j][k].to]++] = k;
      }
      raw.clear();
      const auto add = [&](std::size_t list, double moment) {
        if (sum[list] == 0) written.push_back(std::uint32_t(list));
        sum[list] += moment;
      };
      for (std::uint32_t y = 0; y < states; ++y) {
        for (std::uint32_t k = start[y]; k < start[y + 1]; ++k) {
          const Step& s = steps[j][by_state[k]];
          auto kind = kinds.find(s.taken);
          if (kind == kinds.end()) kind = kinds.emplace(s.taken, expand(s.taken)).first;
          for (std::uint32_t t = kind->second.first; t < kind->second.second; ++t)
            add(terms[t].list, s.weight * terms[t].d * terms[t].e * terms[t].f);
        }
        for (const std::uint32_t list : written) {
          if (sum[list] != 0) raw.push_back({list, y, sum[list]});
          sum[list] = 0;
        }
        written.clear();
      }
      // By list, the states ascending within each (a stable counting sort).
      Lists<Moment>& m = moments[j];
      m.first.assign(lists + 1, 0);
      for (const Raw& r : raw) ++m.first[r.list + 1];
      for (std::size_t l = 0; l < lists; ++l) m.first[l + 1] += m.first[l];
      m.entries.resize(raw.size());
      std::vector<std::size_t> next(m.first.begin(), m.first.end() - 1);
      for (const Raw& r : raw) m.entries[next[r.list]++] = {r.state, r.moment};
    }
  }

 public:
  // The moments' lists: the groups, then per pair of categories (c, c') its pairs of groups
  // (a-th of c's, b-th of the other's), then the triples (one group of each category).
  std::size_t list_of_pair(int c, int other, int a, int b) const {
    std::size_t list = pr.groups.size();
    for (int p = 0; p < pair_index(c, other); ++p) list += pair_size(p);
    return list + std::size_t(a) * category_groups[std::size_t(other)].size() + std::size_t(b);
  }
  std::size_t list_of_triple(std::size_t a, std::size_t b, std::size_t c) const {
    std::size_t list = pr.groups.size() + pair_size(0) + pair_size(1) + pair_size(2);
    return list + (a * category_groups[1].size() + b) * category_groups[2].size() + c;
  }

 private:
  // The pairs of groups of the categories of pair_index p.
  std::size_t pair_size(int p) const {
    static constexpr int kCategories[3][2] = {{0, 1}, {0, 2}, {1, 2}};
    return category_groups[std::size_t(kCategories[p][0])].size() *
           category_groups[std::size_t(kCategories[p][1])].size();
  }
};

inline double xlogx(double x) { return x > 0 ? x * std::log(x) : 0.0; }

// The groups holding suggested cards: m of the group's n, of these categories; per set K of
// categories, how many of its suggested cards K names.
struct Marked {
  int group = 0;
  unsigned categories = 0;
  int m = 0, n = 0;
  std::vector<int> given;
  int shift = 0;           // where the key keeps the group's count
  std::uint64_t mask = 0;  // of that count, unshifted
  int count(std::uint64_t key) const { return int((key >> shift) & mask); }
};

// Binomial coefficients as doubles, for the weights (the ones used here, of a hand's few
// cards, are exact).
class DoubleBinomials {
 public:
  static const DoubleBinomials& table() {
    static const DoubleBinomials t;
    return t;
  }
  double operator()(int n, int k) const { return c_[std::size_t(n) * 65 + std::size_t(k)]; }

 private:
  DoubleBinomials() : c_(65 * 65, 0.0) {
    const counting_detail::Binomials& exact = counting_detail::Binomials::table();
    for (int n = 0; n <= 64; ++n)
      for (int k = 0; k <= n; ++k) c_[std::size_t(n) * 65 + std::size_t(k)] = double(exact(n, k));
  }
  std::vector<double> c_;
};

}  // namespace answer_information_detail

// The entropy of the envelope now (nats): its classes' deals, each spread evenly over the
// class's triples.
inline double envelope_entropy(const answer_information_detail::SharedCount& shared) {
  using answer_information_detail::xlogx;
  double total = 0, sum = 0;
  for (std::size_t h = 0; h < shared.final_state.size(); ++h) {
    double triples = 1;
    for (int g : shared.class_group[h])
      if (g >= 0) triples *= double(shared.pr.groups[std::size_t(g)].size());
    total += shared.final_ways[h];
    sum += triples * xlogx(shared.final_ways[h] / triples);
  }
  return total > 0 ? (xlogx(total) - sum) / total : 0;
}

// The expected information (bits) about the envelope of the answer to `suggestion` (one
// card per category) put by the counted notebook's player; `entropy_now`: envelope_entropy.
inline double answer_information(const answer_information_detail::SharedCount& shared,
                                 const std::vector<int>& suggestion, double entropy_now) {
  using answer_information_detail::Marked;
  using answer_information_detail::xlogx;
  const hand_counting_detail::Prepared& pr = shared.pr;
  if (!pr.possible || shared.final_state.empty()) return 0;  // a contradictory notebook
  const answer_information_detail::DoubleBinomials& binom =
      answer_information_detail::DoubleBinomials::table();
  const hand_counting_detail::Layout& layout = pr.layout;
  const int categories = shared.categories;
  const std::size_t answerers = shared.answerers;
  const std::size_t classes = shared.final_state.size();
  const std::size_t subsets = std::size_t{1} << categories;

  // Per category: the suggested card's group, or (a card of known place) the answerer
  // holding it, from 1 (0: the asker or the envelope holds it).
  std::vector<int> group_of(std::size_t(categories), -1);
  std::vector<std::size_t> held_by(std::size_t(categories), 0);
  std::vector<Marked> marked;
  unsigned open = 0;
  std::size_t first_held = answerers + 1;
  for (int c = 0; c < categories; ++c) {
    const int card = suggestion[std::size_t(c)];
    const int g = pr.group_of[std::size_t(card)];
    if (g < 0) {
      for (std::size_t j = 1; j <= answerers; ++j)
        if ((pr.fixed_at[shared.answerer_place[j - 1]] >> card) & 1U) {
          held_by[std::size_t(c)] = j;
          first_held = std::min(first_held, j);
        }
      continue;
    }
    group_of[std::size_t(c)] = g;
    open |= 1U << c;
    auto it =
        std::find_if(marked.begin(), marked.end(), [&](const Marked& x) { return x.group == g; });
    if (it == marked.end())
      it = marked.insert(marked.end(), Marked{g, 0, 0, pr.groups[std::size_t(g)].size(), {}});
    it->categories |= 1U << c;
    ++it->m;
  }
  // Per set K of suggested cards of groups that the answerer holds: Π C(m, k) C(n, m).
  std::vector<double> denominator(subsets, 1.0);
  std::vector<int> count_of(subsets);
  for (unsigned k = 0; k < subsets; ++k) count_of[k] = std::popcount(k);
  for (Marked& x : marked) {
    x.shift = layout.shift[std::size_t(x.group)];
    x.mask = (std::uint64_t{1} << layout.bits[std::size_t(x.group)]) - 1;
  }
  for (Marked& x : marked)
    for (unsigned k = 0; k < subsets; ++k) {
      x.given.push_back(count_of[k & x.categories]);
      denominator[k] *= binom(x.m, x.given.back()) * binom(x.n, x.m);
    }

  // With one suggested card per group (two share one only when it holds cards of several
  // categories, none of which the envelope may hold), the answering steps are read through
  // their moments (SharedCount::moments); otherwise step by step.
  const bool by_moments =
      !shared.moments.empty() &&
      std::all_of(marked.begin(), marked.end(), [](const Marked& x) { return x.m == 1; });
  // Per open category, the cards left of its suggested card's group in a state's key (its
  // Marked group's count).
  const Marked* marked_of[8] = {};
  for (int c = 0; c < categories; ++c)
    for (const Marked& x : marked)
      if ((x.categories >> c) & 1U) marked_of[c] = &x;
  const auto left = [&](int c, std::uint64_t key) { return double(marked_of[c]->count(key)); };
  std::vector<int> position(std::size_t(categories), -1);  // in its category's groups
  if (by_moments)
    for (int c = 0; c < categories; ++c)
      if ((open >> c) & 1U)
        position[std::size_t(c)] =
            shared.place_in_category[std::size_t(c)][std::size_t(group_of[std::size_t(c)])];

  const int share = AnswerCount::kShare;
  // Per envelope class: the categories whose suggested card it may hold (its group's).
  std::vector<unsigned> envelope_may_hold(classes, 0);
  for (std::size_t h = 0; h < classes; ++h)
    for (int c = 0; c < categories; ++c)
      if (((open >> c) & 1U) && shared.class_group[h][std::size_t(c)] == group_of[std::size_t(c)])
        envelope_may_hold[h] |= 1U << c;
  // Weights by answer slot (0: everybody passes; 1 + j·categories + c: the (j+1)-th answerer
  // shows the card of category c), envelope class and which waiting suggested cards it
  // holds: a subset of those it may hold, so a class has envelope_may_hold + 1 cells (one
  // for most classes) from class_cells[h] on.
  const std::size_t width = 1 + answerers * std::size_t(categories);
  std::vector<std::size_t> class_cells(classes + 1, 0);
  for (std::size_t h = 0; h < classes; ++h)
    class_cells[h + 1] = class_cells[h] + envelope_may_hold[h] + 1;
  const std::size_t per_slot = class_cells[classes];
  RecycledVector<double> cells(width * per_slot, 0.0);
  const auto slot_cells = [&](std::size_t slot) { return &cells[slot * per_slot]; };
  const auto cell = [&](std::size_t slot, std::size_t h, unsigned in_envelope) -> double& {
    return slot_cells(slot)[class_cells[h] + in_envelope];
  };
  // [state after the answerer][K]: most states are not reached by a given suggestion's
  // answers, and most reached ones by few sets K, so each state keeps the sets it has a
  // weight for (`written`, a bit per K: Cluedo's three categories make 8) and no row is
  // cleared.
  std::size_t most_states = 0;
  for (std::size_t j = 1; j <= answerers; ++j)
    most_states = std::max(most_states, shared.levels[j].entries().size());
  RecycledVector<double> held(most_states * subsets);  // read only where `written` says
  RecycledVector<std::uint8_t> written;
  const auto add_held = [&](std::size_t y, unsigned k, double w) {
    double& at = held[y * subsets + k];
    if ((written[y] >> k) & 1U) {
      at += w;
    } else {
      written[y] = std::uint8_t(written[y] | 1U << k);
      at = w;
    }
  };
  for (std::size_t j = 1; j <= std::min(answerers, first_held); ++j) {
    unsigned fixed = 0;  // suggested cards of known place this answerer holds
    for (int c = 0; c < categories; ++c)
      if (held_by[std::size_t(c)] == j) fixed |= 1U << c;
    const auto& before = shared.levels[j - 1].entries();
    const auto& after = shared.levels[j].entries();
    written.assign(after.size(), 0);
    int r[8], d[8];  // per marked group (at most one per category)
    const auto add_step = [&](const answer_information_detail::Step& s) {
      const std::uint64_t key = before[s.from].key;
      unsigned touched = 0;  // the categories whose suggested cards this hand may hold
      bool avoided = true;   // the groups it takes nothing of still hold their marked cards
      for (std::size_t i = 0; i < marked.size(); ++i) {
        r[i] = marked[i].count(key);
        d[i] = marked[i].count(s.taken);
        if (d[i] > 0) touched |= marked[i].categories;
        avoided = avoided && (d[i] > 0 || r[i] >= marked[i].m);
      }
      if (!avoided) return;
      for (unsigned k = touched;; k = (k - 1) & touched) {
        if (k | fixed) {
          double weight = s.weight;
          for (std::size_t i = 0; i < marked.size() && weight != 0; ++i) {
            const Marked& x = marked[i];
            const int given = x.given[k];
            weight = given > d[i] || x.m - given > r[i] - d[i]
                         ? 0
                         : weight * binom(d[i], given) * binom(r[i] - d[i], x.m - given);
          }
          if (weight != 0) add_held(s.to, k, weight);
        }
        if (k == 0) break;
      }
    };
    if (fixed || !by_moments) {
      for (const answer_information_detail::Step& s : shared.steps[j - 1]) add_step(s);
    } else {
      // One suggested card per group: held[y][K] = Σ weight · Π_K d · Π_others r(y), from
      // the moments' list of K's groups.
      const auto& m = shared.moments[j - 1];
      for (unsigned k = open; k != 0; k = (k - 1) & open) {
        const int first = std::countr_zero(k), second = std::countr_zero(k & (k - 1));
        const std::size_t list =
            count_of[k] == 1 ? std::size_t(group_of[std::size_t(first)])
            : count_of[k] == 2
                ? shared.list_of_pair(first, second, position[std::size_t(first)],
                                      position[std::size_t(second)])
                : shared.list_of_triple(std::size_t(position[0]), std::size_t(position[1]),
                                        std::size_t(position[2]));
        const unsigned rest = open & ~k;
        for (const auto& [y, moment] : m[list]) {
          double w = moment;
          for (int c = 0; c < 3; ++c)
            if ((rest >> c) & 1U) w *= left(c, after[y].key);
          if (w != 0) add_held(y, k, w);
        }
      }
    }
    // Per set K of suggested cards the answerer holds: the cells of the slots of the cards
    // it may show, the share of the weight each gets, and the suggested cards still waiting
    // to be placed.
    struct HeldSet {
      unsigned waiting = 0;
      int slots = 0;
      double* slot_cells[8] = {};
      double scale = 0;  // kShare / the cards it may show
    };
    HeldSet by_set[8];  // Cluedo's three categories make 8 sets
    for (unsigned k = 0; k < subsets; ++k) {
      const unsigned shown = k | fixed;
      HeldSet& h = by_set[k];
      h.waiting = open & ~k;
      h.scale = shown ? double(share / count_of[shown]) : 0;
      for (int c = 0; c < categories; ++c)
        if ((shown >> c) & 1U)
          h.slot_cells[h.slots++] = slot_cells(1 + (j - 1) * std::size_t(categories) + c);
    }
    // The state's answers: per set K it has a weight for, the weight of each card shown.
    struct Answer {
      double each;
      const HeldSet* set;
    };
    Answer answers[8];
    for (std::size_t y = 0; y < after.size(); ++y) {
      int count = 0;
      // The sets K in the order of the subsets of `open`, largest first.
      for (unsigned ks = written[y]; ks != 0;) {
        const unsigned k = unsigned(std::bit_width(ks) - 1);
        ks &= ~(1U << k);
        if (const double w = held[y * subsets + k]; w > 0)
          answers[count++] = {w / denominator[k] * by_set[k].scale, &by_set[k]};
      }
      if (count == 0) continue;
      // Per category, 1 / the cards left of its suggested card's group, and 1 - that: read
      // only when a waiting suggested card may be in the envelope.
      double in_share[8], out_share[8];
      bool shares = false;
      for (const auto [each, set] : std::span(answers, std::size_t(count)))
        for (const auto& [h, ways] : shared.finish[j][y]) {
          const unsigned may = set->waiting & envelope_may_hold[h];
          const std::size_t at = class_cells[h];
          if (may == 0) {
            const double weight = each * ways;
            for (int s = 0; s < set->slots; ++s) set->slot_cells[s][at] += weight;
            continue;
          }
          if (!shares) {
            shares = true;
            for (int c = 0; c < categories; ++c)
              if ((open >> c) & 1U) {
                in_share[c] = 1.0 / left(c, after[y].key);
                out_share[c] = 1 - in_share[c];
              }
          }
          // Exactly these in the envelope: each is there in 1/r of the ways, r its group's
          // cards left, independently (cards of different groups).
          for (unsigned in = may;; in = (in - 1) & may) {
            double exactly = ways;
            for (unsigned rest = may; rest != 0; rest &= rest - 1) {
              const int c = std::countr_zero(rest);
              exactly *= (in >> c) & 1U ? in_share[c] : out_share[c];
            }
            if (exactly > 0)
              for (int s = 0; s < set->slots; ++s) set->slot_cells[s][at + in] += each * exactly;
            if (in == 0) break;
          }
        }
    }
  }
  // Everybody passes: the suggested cards of groups are the envelope's.
  if (first_held > answerers) {
    const auto& last = shared.levels.back().entries();
    for (std::size_t h = 0; h < classes; ++h) {
      double w = shared.final_ways[h] * share;
      for (const Marked& x : marked)
        w *= binom(layout.get(last[shared.final_state[h]].key, x.group), x.m) / binom(x.n, x.m);
      if (w <= 0) continue;
      // The class holds a card of each group of suggested cards, so it may hold them all.
      if ((open & ~envelope_may_hold[h]) != 0)
        throw std::logic_error("answer_information: an envelope class without its cards");
      cell(0, h, open) += w;
    }
  }

  // The expected entropy after the answer, each cell's weight spread over its triples.
  // When everybody passes, the envelope holds all the suggested cards of groups; after a
  // card is shown, any subset of those its class may hold (read in ascending order, as the
  // sums were written).
  double total = 0, after = 0;
  for (std::size_t slot = 0; slot < width; ++slot) {
    double answer = 0;
    const auto spread = [&](std::size_t h, unsigned in) {
      const double w = cell(slot, h, in);
      if (w <= 0) return;
      double triples = 1;
      for (int c = 0; c < categories; ++c) {
        const int g = shared.class_group[h][std::size_t(c)];
        if (g < 0) continue;
        const double n = double(pr.groups[std::size_t(g)].size());
        triples *= group_of[std::size_t(c)] != g ? n : ((in >> c) & 1U) ? 1 : n - 1;
      }
      answer += w;
      after -= triples * xlogx(w / triples);
    };
    for (std::size_t h = 0; h < classes; ++h) {
      if (slot == 0) {
        if ((open & ~envelope_may_hold[h]) == 0) spread(h, open);
        continue;
      }
      const unsigned may = envelope_may_hold[h];
      for (unsigned in = 0;; in = (in - may) & may) {
        spread(h, in);
        if (in == may) break;
      }
    }
    total += answer;
    after += xlogx(answer);
  }
  return total > 0 ? (entropy_now - after / total) / std::log(2.0) : 0;
}

}  // namespace kripke::cluedo
