// What the current player can see from its chair (docs/games/nine-card.md): the knowledge
// table (for the hidden slot and each other player, in how many of its possible
// worlds each card is there) and the hint table (for each question card in hand
// x each other player x each answer, how many worlds would be left). Both are
// computed from the deals of the worlds the player considers possible — at most
// a few dozen — so they cost microseconds.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "kripke/games/nine_card/world_table.hpp"
#include "kripke/model.hpp"

namespace kripke::nine_card {

// The deals of the worlds agent i considers possible at the actual world.
inline std::vector<DealIndex> possible_deals(const Model& m, Agent i) {
  std::vector<DealIndex> out;
  for (World w : m.partition(i).class_containing(m.actual()))
    if (m.alive().test(w)) out.push_back(m.valuation(w));
  return out;
}

// A group of equally likely worlds, seen through their hidden card.
struct HiddenSpread {
  std::size_t worlds = 0;
  std::array<std::size_t, kCards> per_card{};

  void add(int hidden_card) {
    ++worlds;
    ++per_card[std::size_t(hidden_card)];
  }
  int candidates() const {
    int n = 0;
    for (auto k : per_card) n += k > 0;
    return n;
  }
  // Ordered pairs (w, v) of the group with different hidden cards: the
  // relations a player holding exactly these worlds possible has to worlds with
  // another hidden card.
  std::uint64_t different_pairs() const {
    std::uint64_t same = 0;
    for (std::uint64_t k : per_card) same += k * k;
    return std::uint64_t(worlds) * worlds - same;
  }
  // Shannon entropy of the hidden card (bits), worlds equally likely.
  double entropy() const {
    double h = 0;
    for (auto k : per_card)
      if (k) {
        const double p = double(k) / double(worlds);
        h -= p * std::log2(p);
      }
    return h;
  }
};

inline HiddenSpread hidden_spread(const WorldTable& table, const std::vector<DealIndex>& deals) {
  HiddenSpread s;
  for (DealIndex d : deals) s.add(table.hidden_card(d));
  return s;
}

enum class CellStatus { Possible, Impossible, NoSense };

// How a cell reads in the table (the original's words), and its id in the log.
inline const char* to_string(CellStatus s) {
  static constexpr std::array<const char*, 3> text = {"possible", "Impossible", "No sense"};
  return text[std::size_t(s)];
}
inline const char* status_id(CellStatus s) {
  static constexpr std::array<const char*, 3> id = {"possible", "impossible", "no-sense"};
  return id[std::size_t(s)];
}

struct AnswerCell {
  int answer = 0;
  HiddenSpread left;  // the worlds the player would still consider possible
  CellStatus status = CellStatus::Possible;
};

// One question card asked of one other player.
struct HintRow {
  int question = 0;
  Agent target = 0;
  std::vector<AnswerCell> answers;  // answers 0 … largest
  double expected_worlds = 0;       // Σ_a P(a) · worlds left after a
  double expected_hidden = 0;       // Σ_a P(a) · hidden-card candidates left after a
  double entropy_drop = 0;          // H(hidden) − Σ_a P(a) · H(hidden | a), in bits
  std::uint64_t relations_deleted = 0;
  std::uint64_t sum_squares = 0;  // Σ_a worlds_a², for exact comparisons of expected_worlds
  bool best = false;              // marked best in its table
};

struct HintTable {
  Agent player = 0;
  HiddenSpread now;  // the worlds the player considers possible before asking
  std::vector<HintRow> rows;
  std::vector<std::size_t> best;  // the marked rows: every row tied for best
};

// The best question (Isachenko's Sleuth-project: "which question deletes the most relations to
// worlds with a different hidden card"): the row whose answer removes the most ordered pairs (w, v)
// of worlds the player considers possible with different hidden cards — those the answer separates.
// That number does not depend on which answer comes; divided by the worlds it is the drop in the
// expected number of worlds with another hidden card than the true one that the player keeps. Ties:
// fewer expected worlds left. Rows still tied are all marked.
inline bool better_hint(const HintRow& a, const HintRow& b) {
  if (a.relations_deleted != b.relations_deleted) return a.relations_deleted > b.relations_deleted;
  return a.sum_squares < b.sum_squares;
}

// The rows no other row beats, in table order.
template <class Better>
std::vector<std::size_t> unbeaten(const std::vector<HintRow>& rows, Better&& better) {
  std::vector<std::size_t> out;
  for (std::size_t k = 0; k < rows.size(); ++k) {
    if (!out.empty() && better(rows[out.front()], rows[k])) continue;
    if (!out.empty() && better(rows[k], rows[out.front()])) out.clear();
    out.push_back(k);
  }
  return out;
}

inline HintRow hint_row(const WorldTable& table, const std::vector<DealIndex>& deals,
                        const HiddenSpread& now, int question, Agent target) {
  HintRow row;
  row.question = question;
  row.target = target;
  const int largest = largest_answer(question, table.rules().hand_size);
  for (int a = 0; a <= largest; ++a) row.answers.push_back({a, {}, CellStatus::Possible});
  for (DealIndex d : deals)
    row.answers[std::size_t(table.answer(question, target, d))].left.add(table.hidden_card(d));

  const double total = double(now.worlds);
  std::uint64_t different_left = 0;
  double entropy_left = 0;
  for (AnswerCell& cell : row.answers) {
    const HiddenSpread& s = cell.left;
    cell.status = s.worlds == 0            ? CellStatus::Impossible
                  : s.worlds == now.worlds ? CellStatus::NoSense
                                           : CellStatus::Possible;
    const double p = double(s.worlds) / total;
    row.sum_squares += std::uint64_t(s.worlds) * s.worlds;
    row.expected_hidden += p * s.candidates();
    entropy_left += s.worlds ? p * s.entropy() : 0;
    different_left += s.different_pairs();
  }
  row.expected_worlds = double(row.sum_squares) / total;
  row.entropy_drop = now.entropy() - entropy_left;
  row.relations_deleted = now.different_pairs() - different_left;
  return row;
}

// The hint table of `player`, whose possible worlds have the deals `deals` (not
// empty: the actual world is always among them), holding the question cards
// `hand`.
inline HintTable hint_table(const WorldTable& table, const std::vector<DealIndex>& deals,
                            Agent player, const std::vector<int>& hand) {
  HintTable t;
  t.player = player;
  t.now = hidden_spread(table, deals);
  for (int question : hand)
    for (Agent target = 0; target < table.rules().players; ++target)
      if (target != player) t.rows.push_back(hint_row(table, deals, t.now, question, target));
  t.best = unbeaten(t.rows, better_hint);
  for (std::size_t k : t.best) t.rows[k].best = true;
  return t;
}

// For each slot the player cannot see (the hidden slot, then the other players)
// and each card, the number of its possible worlds in which the card is there.
// The player knows the card is there when the count is the total ("(K)" in the
// table).
struct KnowledgeRow {
  int slot = 0;
  std::array<std::size_t, kCards> count{};
};

struct KnowledgeTable {
  Agent player = 0;
  std::size_t worlds = 0;
  std::vector<KnowledgeRow> rows;
};

inline KnowledgeTable knowledge_table(const WorldTable& table, const std::vector<DealIndex>& deals,
                                      Agent player) {
  const Rules& rules = table.rules();
  KnowledgeTable t;
  t.player = player;
  t.worlds = deals.size();
  std::vector<int> slots = {rules.hidden_slot()};
  for (int p = 0; p < rules.players; ++p)
    if (p != player) slots.push_back(p);
  for (int slot : slots) {
    KnowledgeRow row;
    row.slot = slot;
    for (DealIndex d : deals)
      for (int card = 0; card < kCards; ++card)
        row.count[std::size_t(card)] += (table.place(d, slot) >> card) & 1U;
    t.rows.push_back(row);
  }
  return t;
}

}  // namespace kripke::nine_card
