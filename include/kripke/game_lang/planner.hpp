// Shortest plans (`kripkesim plan`): the fewest legal moves, by anyone, that make a goal
// true at the actual world — in a game of simultaneous rounds, the fewest rounds, each one
// legal move of every player who has one. Breadth first over the moves (or rounds); a position is
// its model, contracted and written canonically (worlds ordered by their bisimulation signature),
// so that a model reached twice — by other moves or in another order — is explored once. When every
// formula is decided by the actual world's facts (LanguagePlay::decided_by_facts, the goal too), a
// position is its assignment.
//
// This is the first step toward epistemic planning (the planners EFP and PDKB): a plan here
// is a sequence of moves chosen by one planner who sees the actual world; the agents' own
// strategies and turns play no part, and no plan is conditional on what an agent observes.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "kripke/canonical_form.hpp"
#include "kripke/game_lang/choices.hpp"
#include "kripke/game_lang/facts.hpp"
#include "kripke/game_lang/language_play.hpp"
#include "kripke/interrupt.hpp"

namespace kripke::game_lang {

struct Plan {
  bool found = false;
  // Instances, in order: one a step, or in simultaneous rounds one of each player who moves.
  std::vector<std::vector<std::size_t>> steps;
  std::uint64_t positions = 0;    // distinct positions reached
  int depth_searched = 0;         // every plan this short or shorter was tried
  std::uint64_t worlds_kept = 0;  // the most worlds held at once (the frontier's models)
  bool on_facts = false;          // positions were assignments (the facts decide everything)
};

class Planner {
 public:
  Planner(LanguagePlay& play, FormulaPtr goal, int max_depth, const WorldLimits& limits)
      : play_(play), goal_(std::move(goal)), max_depth_(max_depth), limits_(limits) {
    for (const GameRules::Move& m : play_.rules().moves())
      if (!m.events.empty())
        throw InputError(
            "plan finds a sequence of moves: a move with events, which one happening by "
            "someone's choice or the world, would need a plan for each (a conditional plan)",
            m.path + "/events");
  }

  // FormulaError for a goal that names an unknown variable or agent.
  Plan search() {
    play_.check_formula(*goal_);
    goal_ = play_.expanded(goal_);
    facts_only_ = play_.decided_by_facts() && !first_modal(*goal_);
    return facts_only_ ? search_facts() : search_models();
  }

 private:
  // The steps from lists of each player's legal moves: each move alone, or in simultaneous
  // rounds one move of every player who has one, in every combination.
  std::vector<std::vector<std::size_t>> steps_of(
      std::vector<std::vector<std::size_t>> per_player) const {
    std::erase_if(per_player, [](const auto& moves) { return moves.empty(); });
    std::vector<std::vector<std::size_t>> steps;
    if (play_.rules().simultaneous()) {
      if (!per_player.empty())
        for_each_choice(per_player, [&](const std::vector<std::size_t>& r) { steps.push_back(r); });
      return steps;
    }
    for (const auto& moves : per_player)
      for (std::size_t k : moves) steps.push_back({k});
    std::sort(steps.begin(), steps.end());
    return steps;
  }
  // The steps of legal moves at the play's actual world.
  std::vector<std::vector<std::size_t>> legal_steps() const {
    std::vector<std::vector<std::size_t>> per_player;
    for (std::size_t i = 0; i < play_.rules().agent_count(); ++i)
      per_player.push_back(play_.legal(Agent(i)));
    return steps_of(std::move(per_player));
  }

  // --- positions as assignments ----------------------------------------------------------
  Plan search_facts() {
    const model_lang::Vocabulary& vocab = play_.vocabulary();
    std::vector<FactFormula> legal;
    std::vector<std::optional<FactPost>> post;
    for (std::size_t k = 0; k < play_.instances().size(); ++k) {
      legal.emplace_back(*play_.legal_of(k), vocab);
      post.emplace_back();
      if (const auto& p = play_.post_of(k)) post.back().emplace(*p, vocab);
    }
    const FactFormula goal(*goal_, vocab);
    // A step by its number: a move's instance, or in simultaneous rounds the round's place
    // in `rounds` (positions are many, the rounds few).
    struct Reached {
      std::uint64_t parent;
      std::size_t step;
    };
    std::vector<std::vector<std::size_t>> rounds;
    std::map<std::vector<std::size_t>, std::size_t> round_number;
    const bool simultaneous = play_.rules().simultaneous();
    const auto step_of = [&](std::size_t number) {
      return simultaneous ? rounds[number] : std::vector<std::size_t>{number};
    };
    std::unordered_map<std::uint64_t, Reached> reached;
    const std::uint64_t start = play_.model().valuation(play_.model().actual());
    reached.emplace(start, Reached{start, 0});
    std::vector<std::uint64_t> frontier = {start};
    Plan plan;
    const auto path_to = [&](std::uint64_t a) {
      std::vector<std::vector<std::size_t>> steps;
      while (a != start) {
        steps.push_back(step_of(reached.at(a).step));
        a = reached.at(a).parent;
      }
      std::reverse(steps.begin(), steps.end());
      return steps;
    };
    if (goal.holds(start)) plan.found = true;
    for (int depth = 0; !plan.found && depth < max_depth_ && !frontier.empty(); ++depth) {
      std::vector<std::uint64_t> next;
      // The position a step reaches from a, when new; true once it meets the goal.
      const auto reach = [&](std::uint64_t a, std::uint64_t b, std::size_t step) {
        if (!reached.emplace(b, Reached{a, step}).second) return false;
        if (goal.holds(b)) {
          plan.found = true;
          plan.steps = path_to(b);
          return true;
        }
        next.push_back(b);
        return false;
      };
      for (const std::uint64_t a : frontier) {
        if (!simultaneous) {
          for (std::size_t k = 0; k < legal.size() && !plan.found; ++k)
            if (legal[k].holds(a)) reach(a, post[k] ? post[k]->after(a) : a, k);
        } else {
          std::vector<std::vector<std::size_t>> per_player(play_.rules().agent_count());
          for (std::size_t k = 0; k < legal.size(); ++k)
            if (legal[k].holds(a))
              per_player[std::size_t(play_.rules().mover(play_.instances()[k]))].push_back(k);
          for (const std::vector<std::size_t>& round : steps_of(std::move(per_player))) {
            // A round's moves change different variables
            // (MoveTable::check_simultaneous_posts): the assignment after is this one plus
            // each move's change.
            std::uint64_t b = a;
            for (std::size_t k : round) b += (post[k] ? post[k]->after(a) : a) - a;
            const auto [it, added] = round_number.emplace(round, rounds.size());
            if (added) rounds.push_back(round);
            if (reach(a, b, it->second)) break;
          }
        }
        if (plan.found) break;
        if ((reached.size() & 4095) == 0) poll_interrupt();
      }
      plan.depth_searched = depth + 1;
      frontier = std::move(next);
      check_positions(reached.size(), reached.size(), 0);
    }
    plan.positions = reached.size();
    plan.worlds_kept = 1;
    plan.on_facts = true;
    return plan;
  }

  // --- positions as contracted models ---------------------------------------------------
  struct Node {
    LanguagePlay::Snapshot snapshot;
    std::size_t id = 0;  // its position in the history
  };

  Plan search_models() {
    Plan plan;
    // Positions reached, by canonical form (canonical_form.hpp), and the bytes they hold.
    std::unordered_set<std::string> seen;
    std::uint64_t seen_bytes = 0;
    const auto remember = [&](const Model& m) {
      const auto [it, added] = seen.insert(canonical_form(m));
      if (added) seen_bytes += it->capacity() + kBytesPerSeenEntry;
      return added;
    };
    // Per position: its parent, and the step that reached it.
    std::vector<std::pair<std::size_t, std::vector<std::size_t>>> history;
    std::vector<Node> frontier;
    play_.contract();
    remember(play_.model());
    history.emplace_back(0, std::vector<std::size_t>{});
    frontier.push_back({play_.snapshot(), 0});
    std::uint64_t frontier_worlds = play_.model().alive_count();
    const auto path_to = [&](std::size_t node) {
      std::vector<std::vector<std::size_t>> steps;
      while (node != 0) {
        steps.push_back(history[node].second);
        node = history[node].first;
      }
      std::reverse(steps.begin(), steps.end());
      return steps;
    };
    if (play_.holds(*goal_)) plan.found = true;
    for (int depth = 0; !plan.found && depth < max_depth_ && !frontier.empty(); ++depth) {
      std::vector<Node> next;
      std::uint64_t next_worlds = 0;
      for (const Node& node : frontier) {
        play_.restore(node.snapshot);
        for (const std::vector<std::size_t>& step : legal_steps()) {
          // Every move is held to max_memory beside what the search holds: the positions
          // remembered, the models of both frontiers and the play's copy of this one.
          play_.restore(node.snapshot);
          const std::uint64_t worlds = frontier_worlds + next_worlds + play_.model().world_count();
          check_positions(history.size(), worlds, seen_bytes);
          play_.set_memory_held(kProgramBytes + worlds * bytes_per_kept_world() + seen_bytes);
          play_.make_round(step);
          play_.contract();
          if (!remember(play_.model())) continue;
          history.emplace_back(node.id, step);
          const std::size_t id = history.size() - 1;
          if (play_.holds(*goal_)) {
            plan.found = true;
            plan.steps = path_to(id);
            break;
          }
          next_worlds += play_.model().alive_count();
          next.push_back({play_.snapshot(), id});
          if ((history.size() & 255) == 0) poll_interrupt();
        }
        if (plan.found) break;
      }
      plan.worlds_kept = std::max(plan.worlds_kept, frontier_worlds + next_worlds);
      plan.depth_searched = depth + 1;
      frontier = std::move(next);
      frontier_worlds = next_worlds;
    }
    play_.set_memory_held(0);
    plan.positions = history.size();
    return plan;
  }

  // What the program holds beside the search and the move: its code and libraries, the
  // truth sets it keeps of atoms and formulas, and memory freed but kept by the allocator.
  // Measured on plans on gossip with calls seen by the callers only (6 agents, a million
  // worlds a position): resident memory 50 to 70 MiB above the positions and the move.
  static constexpr std::uint64_t kProgramBytes = std::uint64_t{128} << 20;

  // A remembered position's bytes beside its canonical form: the string, the hash table's
  // node and bucket.
  static constexpr std::uint64_t kBytesPerSeenEntry = 64;

  // A frontier's model's bytes per world: the model, and the history naming its worlds.
  std::uint64_t bytes_per_kept_world() const {
    return model_bytes_per_world(play_.model().agent_count(), 4) + 8;
  }

  // Holds the search to the config's limits: the worlds its frontiers keep (each position
  // its own model) against max_worlds, and with the positions remembered (`seen_bytes`)
  // against max_memory.
  void check_positions(std::uint64_t positions, std::uint64_t worlds,
                       std::uint64_t seen_bytes) const {
    WorldLimits limits = limits_;
    limits.held = kProgramBytes + seen_bytes;
    check_world_limit(BigCount(worlds) + BigCount(positions), limits, bytes_per_kept_world(),
                      "/max_worlds", "the search's positions hold");
  }

  LanguagePlay& play_;
  FormulaPtr goal_;
  int max_depth_;
  WorldLimits limits_;
  bool facts_only_ = false;
};

}  // namespace kripke::game_lang
