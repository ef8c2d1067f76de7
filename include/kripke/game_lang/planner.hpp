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

#include "kripke/bisimulation.hpp"
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
      check_positions(reached.size(), reached.size());
    }
    plan.positions = reached.size();
    plan.worlds_kept = 1;
    return plan;
  }

  // --- positions as contracted models ---------------------------------------------------
  struct Node {
    LanguagePlay::Snapshot snapshot;
    std::size_t id = 0;  // its position in the history
  };

  Plan search_models() {
    Plan plan;
    std::unordered_set<std::string> seen;
    // Per position: its parent, and the step that reached it.
    std::vector<std::pair<std::size_t, std::vector<std::size_t>>> history;
    std::vector<Node> frontier;
    play_.contract();
    seen.insert(canonical(play_.model()));
    history.emplace_back(0, std::vector<std::size_t>{});
    frontier.push_back({play_.snapshot(), 0});
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
      std::uint64_t worlds = 0;
      for (const Node& node : frontier) {
        play_.restore(node.snapshot);
        for (const std::vector<std::size_t>& step : legal_steps()) {
          play_.restore(node.snapshot);
          play_.make_round(step);
          play_.contract();
          if (!seen.insert(canonical(play_.model())).second) continue;
          history.emplace_back(node.id, step);
          const std::size_t id = history.size() - 1;
          if (play_.holds(*goal_)) {
            plan.found = true;
            plan.steps = path_to(id);
            break;
          }
          worlds += play_.model().alive_count();
          next.push_back({play_.snapshot(), id});
          check_positions(history.size(), worlds);
          if ((history.size() & 255) == 0) poll_interrupt();
        }
        if (plan.found) break;
      }
      plan.worlds_kept = std::max(plan.worlds_kept, worlds);
      plan.depth_searched = depth + 1;
      frontier = std::move(next);
    }
    plan.positions = history.size();
    return plan;
  }

  // Holds the search to the config's limits: the worlds its frontier keeps (each position
  // its own model) against max_worlds and max_memory.
  void check_positions(std::uint64_t positions, std::uint64_t worlds) const {
    const std::uint64_t per_world = model_bytes_per_world(play_.model().agent_count(), 4) + 8;
    check_world_limit(BigCount(worlds) + BigCount(positions), limits_, per_world, "/max_worlds",
                      "the search's positions hold");
  }

  // The model written so that isomorphic models read alike: the worlds reachable from the
  // actual one, ordered by a signature refined as bisimulation is (valuation, then per agent
  // the sorted signatures its class reaches), then each world's valuation and, per agent,
  // the index of its class's first world. Equal strings are isomorphic models (and, the
  // models being contracted, bisimilar ones read alike).
  static std::string canonical(const Model& m) {
    std::vector<World> worlds;
    {
      std::vector<bool> seen(m.world_count(), false);
      std::vector<World> stack = {m.actual()};
      seen[m.actual()] = true;
      while (!stack.empty()) {
        const World w = stack.back();
        stack.pop_back();
        worlds.push_back(w);
        for (std::size_t i = 0; i < m.agent_count(); ++i)
          m.for_each_possible(Agent(i), w, [&](World v) {
            if (!seen[v] && m.alive().test(v)) {
              seen[v] = true;
              stack.push_back(v);
            }
          });
      }
    }
    std::unordered_map<World, std::uint64_t> sig;
    for (World w : worlds) sig[w] = std::uint64_t(m.valuation(w)) * 0x9E3779B97F4A7C15ULL + 1;
    sig[m.actual()] ^= 0xD1B54A32D192ED03ULL;
    for (std::size_t round = 0; round < worlds.size() + 1; ++round) {
      std::unordered_map<World, std::uint64_t> next;
      std::unordered_set<std::uint64_t> distinct_before, distinct_after;
      for (World w : worlds) {
        std::uint64_t h = sig[w];
        for (std::size_t i = 0; i < m.agent_count(); ++i) {
          std::vector<std::uint64_t> reach;
          m.for_each_possible(Agent(i), w, [&](World v) {
            if (sig.count(v)) reach.push_back(sig[v]);
          });
          std::sort(reach.begin(), reach.end());
          reach.erase(std::unique(reach.begin(), reach.end()), reach.end());
          h = mix(h ^ (i + 1));
          for (std::uint64_t r : reach) h = mix(h ^ r);
        }
        next[w] = h;
        distinct_before.insert(sig[w]);
        distinct_after.insert(h);
      }
      sig = std::move(next);
      if (distinct_after.size() == distinct_before.size()) break;
    }
    std::sort(worlds.begin(), worlds.end(), [&](World a, World b) {
      return sig[a] != sig[b] ? sig[a] < sig[b] : m.valuation(a) < m.valuation(b);
    });
    std::unordered_map<World, std::size_t> position;
    for (std::size_t k = 0; k < worlds.size(); ++k) position[worlds[k]] = k;
    std::string out;
    const auto put = [&out](std::uint64_t x) {
      out.append(reinterpret_cast<const char*>(&x), sizeof x);
    };
    put(worlds.size());
    put(position[m.actual()]);
    for (World w : worlds) put(m.valuation(w));
    for (std::size_t i = 0; i < m.agent_count(); ++i)
      for (World w : worlds) {
        std::size_t first = worlds.size();
        m.for_each_possible(Agent(i), w, [&](World v) {
          if (position.count(v)) first = std::min(first, position[v]);
        });
        put(first);
      }
    return out;
  }

  static std::uint64_t mix(std::uint64_t x) {
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDULL;
    x ^= x >> 33;
    x *= 0xC4CEB9FE1A85EC53ULL;
    return x ^ (x >> 33);
  }

  LanguagePlay& play_;
  FormulaPtr goal_;
  int max_depth_;
  WorldLimits limits_;
  bool facts_only_ = false;
};

}  // namespace kripke::game_lang
