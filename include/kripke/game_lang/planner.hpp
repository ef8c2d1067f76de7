// Shortest plans (`kripkesim plan`): the fewest legal moves, by anyone, that make a goal
// true at the actual world. Breadth first over the moves; a position is its model, contracted
// and written canonically (worlds ordered by their bisimulation signature), so that a model
// reached twice — by other moves or in another order — is explored once. When every formula
// is decided by the actual world's facts (LanguagePlay::decided_by_facts, the goal too), a
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
#include "kripke/game_lang/facts.hpp"
#include "kripke/game_lang/language_play.hpp"
#include "kripke/interrupt.hpp"

namespace kripke::game_lang {

struct Plan {
  bool found = false;
  std::vector<std::size_t> moves;  // instances, in order
  std::uint64_t positions = 0;     // distinct positions reached
  int depth_searched = 0;          // every plan this short or shorter was tried
  std::uint64_t worlds_kept = 0;   // the most worlds held at once (the frontier's models)
};

class Planner {
 public:
  Planner(LanguagePlay& play, FormulaPtr goal, int max_depth, const WorldLimits& limits)
      : play_(play), goal_(std::move(goal)), max_depth_(max_depth), limits_(limits) {
    if (play_.rules().simultaneous())
      throw InputError(
          "plan searches moves made one at a time: games with simultaneous rounds "
          "are not planned yet",
          play_.rules().turns_path());
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
  // The legal moves of anyone at the play's actual world.
  std::vector<std::size_t> legal_moves() const {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < play_.rules().agent_count(); ++i)
      for (std::size_t k : play_.legal(Agent(i))) out.push_back(k);
    std::sort(out.begin(), out.end());
    return out;
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
    struct Reached {
      std::uint64_t parent;
      std::size_t move;
    };
    std::unordered_map<std::uint64_t, Reached> reached;
    const std::uint64_t start = play_.model().valuation(play_.model().actual());
    reached.emplace(start, Reached{start, 0});
    std::vector<std::uint64_t> frontier = {start};
    Plan plan;
    const auto path_to = [&](std::uint64_t a) {
      std::vector<std::size_t> moves;
      while (a != start) {
        moves.push_back(reached.at(a).move);
        a = reached.at(a).parent;
      }
      std::reverse(moves.begin(), moves.end());
      return moves;
    };
    if (goal.holds(start)) plan.found = true;
    for (int depth = 0; !plan.found && depth < max_depth_ && !frontier.empty(); ++depth) {
      std::vector<std::uint64_t> next;
      for (const std::uint64_t a : frontier) {
        for (std::size_t k = 0; k < legal.size() && !plan.found; ++k) {
          if (!legal[k].holds(a)) continue;
          const std::uint64_t b = post[k] ? post[k]->after(a) : a;
          if (!reached.emplace(b, Reached{a, k}).second) continue;
          if (goal.holds(b)) {
            plan.found = true;
            plan.moves = path_to(b);
          }
          next.push_back(b);
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
    std::size_t parent = 0;
    std::size_t move = 0;
  };

  Plan search_models() {
    Plan plan;
    std::unordered_set<std::string> seen;
    std::vector<std::pair<std::size_t, std::size_t>> history;  // per position: parent, move
    std::vector<Node> frontier;
    play_.contract();
    seen.insert(canonical(play_.model()));
    history.emplace_back(0, 0);
    frontier.push_back({play_.snapshot(), 0, 0});
    const auto path_to = [&](std::size_t node) {
      std::vector<std::size_t> moves;
      while (node != 0) {
        moves.push_back(history[node].second);
        node = history[node].first;
      }
      std::reverse(moves.begin(), moves.end());
      return moves;
    };
    if (play_.holds(*goal_)) plan.found = true;
    for (int depth = 0; !plan.found && depth < max_depth_ && !frontier.empty(); ++depth) {
      std::vector<Node> next;
      std::uint64_t worlds = 0;
      for (const Node& node : frontier) {
        play_.restore(node.snapshot);
        const std::vector<std::size_t> moves = legal_moves();
        for (std::size_t k : moves) {
          play_.restore(node.snapshot);
          play_.make(k);
          play_.contract();
          if (!seen.insert(canonical(play_.model())).second) continue;
          history.emplace_back(node.parent, k);
          const std::size_t id = history.size() - 1;
          if (play_.holds(*goal_)) {
            plan.found = true;
            plan.moves = path_to(id);
            break;
          }
          worlds += play_.model().alive_count();
          next.push_back({play_.snapshot(), id, k});
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
