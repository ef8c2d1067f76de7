// Everything about What's My Number? that does not depend on the actual deal, computed
// once per Game and shared (read-only) by all its plays, also across threads: the worlds
// (every deal), each world's boards, the players' partitions, and the truth sets of the
// atoms num(i,n) and answer(q,i) over the worlds.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "kripke/deals.hpp"
#include "kripke/games/number/questions.hpp"
#include "kripke/games/number/rules.hpp"
#include "kripke/model.hpp"

namespace kripke::number {

class Tables {
 public:
  Tables(const Rules& rules, const WorldLimits& limits)
      : rules_(rules),
        deals_(deal_spec(rules), limits, std::size_t(rules.players)),
        players_(std::size_t(rules.players)) {
    const std::size_t worlds = deals_.size();
    boards_.assign(worlds * players_, 0);
    for (std::size_t w = 0; w < worlds; ++w)
      for (int card = 0; card < rules.numbers; ++card)
        if (const std::size_t slot = deals_.slot(w, card); slot < players_)
          boards_[w * players_ + slot] |= Board(1U << card);
    build_partitions();
    build_atoms();
  }

  const Rules& rules() const { return rules_; }
  std::size_t world_count() const { return deals_.size(); }
  int players() const { return int(players_); }

  // Player i's board in world w (a world is a deal: its index in the deal table).
  Board board(World w, Agent i) const { return boards_[w * players_ + std::size_t(i)]; }

  // The boards player i sees in world w: the others', in player order.
  struct Seen {
    std::array<Board, 3> boards{};  // at most 4 players
    std::size_t count = 0;
    SeenBoards view() const { return {boards.data(), count}; }
  };
  Seen seen_by(World w, Agent i) const {
    Seen out;
    for (std::size_t j = 0; j < players_; ++j)
      if (Agent(j) != i) out.boards[out.count++] = boards_[w * players_ + j];
    return out;
  }

  // The world with these boards (one per player).
  World world_of(const std::vector<Board>& boards) const {
    Deal deal(std::size_t(rules_.numbers), std::uint8_t(players_));  // face down unless on a board
    for (std::size_t i = 0; i < boards.size(); ++i)
      for (int card = 0; card < rules_.numbers; ++card)
        if ((boards[i] >> card) & 1U) deal[std::size_t(card)] = std::uint8_t(i);
    const std::size_t w = deals_.rank(deal);
    if (w == deals_.size()) throw std::logic_error("number: boards that are no deal");
    return World(w);
  }

  // The model before any answer: every deal alive; player i cannot tell apart deals that
  // differ only in its own board (and so in the face-down numbers).
  Model initial_model(World actual) const {
    return Model(std::vector<Partition>(partitions_), actual,
                 std::vector<std::uint32_t>(valuation_));
  }

  // num(i,n): player i has number n.
  const WorldSet& num(Agent i, int n) const {
    return num_[std::size_t(i) * std::size_t(rules_.numbers) + std::size_t(n - 1)];
  }
  // answer(q,i) (yes = true) or its negation: the worlds where card q, answered by player i
  // about the boards it sees, gets that answer.
  const WorldSet& answer(int q, Agent i, bool yes) const {
    return answer_[((std::size_t(q - 1) * players_) + std::size_t(i)) * 2 + (yes ? 1 : 0)];
  }

 private:
  static DealSpec deal_spec(const Rules& rules) {
    DealSpec spec;
    spec.category.assign(std::size_t(rules.numbers), 0);
    for (int i = 0; i < rules.players; ++i)
      spec.slots.push_back({"player " + std::to_string(i + 1), rules.board_size, {}});
    spec.slots.push_back({"face down", rules.face_down(), {}});
    return spec;
  }

  void build_partitions() {
    const std::size_t worlds = world_count();
    std::vector<std::uint64_t> key(worlds);
    for (std::size_t i = 0; i < players_; ++i) {
      for (std::size_t w = 0; w < worlds; ++w) {
        // What player i sees: the other boards, 16 bits each (at most 3 others).
        std::uint64_t k = 0;
        int shift = 0;
        for (std::size_t j = 0; j < players_; ++j)
          if (j != i) k |= std::uint64_t{boards_[w * players_ + j]} << shift, shift += 16;
        key[w] = k;
      }
      partitions_.push_back(Partition::from_keys(key));
    }
    valuation_ = Model::identity(worlds);
  }

  void build_atoms() {
    const std::size_t worlds = world_count();
    for (std::size_t i = 0; i < players_; ++i)
      for (int n = 1; n <= rules_.numbers; ++n) {
        WorldSet set(worlds);
        for (std::size_t w = 0; w < worlds; ++w)
          if ((boards_[w * players_ + i] >> (n - 1)) & 1U) set.set(World(w));
        num_.push_back(std::move(set));
      }
    for (const Question& q : question_cards())
      for (std::size_t i = 0; i < players_; ++i) {
        WorldSet yes(worlds);
        for (std::size_t w = 0; w < worlds; ++w)
          if (q.holds(seen_by(World(w), Agent(i)).view())) yes.set(World(w));
        answer_.push_back(yes.complement());
        answer_.push_back(std::move(yes));
      }
  }

  Rules rules_;
  DealTable deals_;
  std::size_t players_;
  std::vector<Board> boards_;  // [world * players + player]
  std::vector<Partition> partitions_;
  std::vector<std::uint32_t> valuation_;  // the identity: world w is deal w
  std::vector<WorldSet> num_;             // [player * numbers + n - 1]
  std::vector<WorldSet> answer_;          // [((card - 1) * players + player) * 2 + yes]
};

}  // namespace kripke::number
