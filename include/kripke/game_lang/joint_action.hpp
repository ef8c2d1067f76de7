// Moves made at once (a simultaneous round of a game in the game language) as one action
// model: the parallel composition of the moves' action models. An event is a combination
// of one event of each move, its precondition the intersection of theirs; an agent tells
// two combinations apart when it tells apart the events of some move; the facts after it
// are every move's changes together. The muddy children answering "I don't know" together
// are one public announcement of the conjunction: what each child's answer says, judged
// before anyone hears the others'.
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "kripke/model.hpp"
#include "kripke/updates.hpp"

namespace kripke::game_lang {

// An action model with its events' names (as the log writes them).
struct NamedAction {
  ActionModel am;
  std::vector<std::string> names;
};

// The parallel composition of a and b on model m. Both tell events apart by class (no
// arrows), and change disjoint variables: a world's valuation after both is then its own
// plus each one's change (valuations are mixed-radix numbers, one digit per variable).
inline NamedAction joint_action(const NamedAction& a, const NamedAction& b, const Model& m) {
  const std::size_t agents = a.am.event_class.size();
  if (b.am.event_class.size() != agents || !a.am.event_arrows.empty() || !b.am.event_arrows.empty())
    throw std::logic_error("joint_action: both actions tell events apart by class");
  NamedAction out;
  out.am.event_class.assign(agents, {});
  std::vector<std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t>> class_of(agents);
  std::map<std::pair<const void*, const void*>, ValuationRow> rows;
  for (std::size_t ea = 0; ea < a.am.preconditions.size(); ++ea)
    for (std::size_t eb = 0; eb < b.am.preconditions.size(); ++eb) {
      WorldSet pre = a.am.preconditions[ea] & b.am.preconditions[eb];
      if (pre.none()) continue;
      if (ea == a.am.actual_event && eb == b.am.actual_event)
        out.am.actual_event = out.am.preconditions.size();
      const std::vector<std::uint32_t>* after_a = a.am.row_after(ea);
      const std::vector<std::uint32_t>* after_b = b.am.row_after(eb);
      // One row per pair of rows, over every world: the events of a pair share it.
      ValuationRow& after = rows[{after_a, after_b}];
      if (!after && (after_a || after_b)) {
        std::vector<std::uint32_t> both(m.world_count(), 0);
        m.alive().for_each([&](World w) {
          const std::uint32_t v = m.valuation(w);
          both[w] = (after_a ? (*after_a)[w] : v) + (after_b ? (*after_b)[w] : v) - v;
        });
        after = valuation_row(std::move(both));
      }
      for (std::size_t i = 0; i < agents; ++i) {
        const auto key = std::make_pair(a.am.event_class[i][ea], b.am.event_class[i][eb]);
        const auto [it, fresh] = class_of[i].emplace(key, std::uint32_t(class_of[i].size()));
        (void)fresh;
        out.am.event_class[i].push_back(it->second);
      }
      out.am.preconditions.push_back(std::move(pre));
      out.am.valuation_after.push_back(after);
      out.names.push_back(a.names[ea] + " + " + b.names[eb]);
    }
  return out;
}

}  // namespace kripke::game_lang
