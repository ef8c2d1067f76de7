// The three model updates of dynamic epistemic logic: public announcement, private
// observation and the product update with an action model.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "kripke/deals.hpp"
#include "kripke/errors.hpp"
#include "kripke/interrupt.hpp"
#include "kripke/model.hpp"
#include "kripke/recycling.hpp"

namespace kripke {

struct UpdateResult {
  std::size_t worlds_before = 0;
  std::size_t worlds_after = 0;
  bool changed() const { return worlds_before != worlds_after; }
};

// The valuation each world of a model carries after an event, one per world; none for an
// event that changes no fact. Shared rather than copied: the parts of one move, split by
// what its parties learn, change the facts alike, and a model of a million worlds has
// hundreds of them.
using ValuationRow = std::shared_ptr<const std::vector<std::uint32_t>>;
// The row of `after`; none when it is empty.
inline ValuationRow valuation_row(std::vector<std::uint32_t> after) {
  if (after.empty()) return nullptr;
  return std::make_shared<const std::vector<std::uint32_t>>(std::move(after));
}

// Public announcement of a formula with truth set `truth`: alive ← alive ∩ truth.
// Announcements are truthful, so a truth set without the actual world is an error.
inline UpdateResult public_announce(Model& m, const WorldSet& truth) {
  if (!truth.test(m.actual()))
    throw FalseAnnouncement("the announcement is false at the actual world");
  UpdateResult r{m.alive_count(), 0};
  m.restrict_alive(truth);
  r.worlds_after = m.alive_count();
  return r;
}

// Private observation: every agent in `group` learns the value key[w] of the actual world.
// Each of their partitions is refined by the key; the others' stay as they are. This is
// exact DEL when it is common knowledge that the group observes the key. `changed` reports
// whether some observer's possible worlds shrank (the set of worlds never does).
struct ObservationResult : UpdateResult {
  bool refined = false;
};
inline ObservationResult observe(Model& m, const std::vector<Agent>& group,
                                 const std::vector<std::uint64_t>& key) {
  if (key.size() != m.world_count()) throw std::logic_error("observe: one key per world needed");
  ObservationResult r;
  r.worlds_before = r.worlds_after = m.alive_count();
  for (Agent i : group) {
    const std::size_t before = m.possible(i);
    if (m.has_partition(i)) {
      m.set_partition(i, m.partition(i).refined_by(key));
    } else {
      m.set_relation(i, m.general_relation(i).refined_by(key));
    }
    r.refined = r.refined || m.possible(i) != before;
  }
  return r;
}

// The observation of one agent when its outcome is already known: `refined` is i's
// partition refined by the key (a game whose every play starts with the same observation
// on the same model computes the refinement once and hands it over).
inline ObservationResult observe_refined(Model& m, Agent i, Partition refined) {
  if (refined.world_count() != m.world_count())
    throw std::logic_error("observe_refined: a partition of another model");
  ObservationResult r;
  r.worlds_before = r.worlds_after = m.alive_count();
  const std::size_t before = m.possible(i);
  m.set_partition(i, std::move(refined));
  r.refined = m.possible(i) != before;
  return r;
}

// An action model for the product update: events with preconditions (sets of worlds of
// the current model), per agent which events it considers possible when each happens
// (when that is an equivalence, as equal class ids; else as arrows), and optionally
// postconditions (factual change): the valuation world w carries after event e.
struct ActionModel {
  std::vector<WorldSet> preconditions;                  // one per event
  std::vector<std::vector<std::uint32_t>> event_class;  // [agent][event]
  // Empty, or [agent][event]: the events the agent considers possible when the event
  // happens (Bill, asleep, considers only "nothing" possible while Anne reads the letter).
  // An agent whose list is empty tells events apart by event_class.
  std::vector<std::vector<std::vector<std::uint32_t>>> event_arrows;
  std::size_t actual_event = 0;
  bool has_arrows(std::size_t agent) const {
    return agent < event_arrows.size() && !event_arrows[agent].empty();
  }
  // Per event its row of valuations after it (indexed by the current model's worlds); an
  // event without a row (or a model without this table) changes no fact.
  std::vector<ValuationRow> valuation_after;
  const std::vector<std::uint32_t>* row_after(std::size_t e) const {
    return e < valuation_after.size() ? valuation_after[e].get() : nullptr;
  }
};

// The events agent i considers possible after each event of `am`, ascending: its arrows, or
// the events of the same class.
inline std::vector<std::vector<std::uint32_t>> events_seen(const ActionModel& am, std::size_t i) {
  const std::size_t events = am.preconditions.size();
  std::vector<std::vector<std::uint32_t>> sees(events);
  for (std::size_t e = 0; e < events; ++e) {
    if (am.has_arrows(i)) {
      sees[e] = am.event_arrows[i][e];
    } else {
      for (std::size_t f = 0; f < events; ++f)
        if (am.event_class[i][f] == am.event_class[i][e]) sees[e].push_back(std::uint32_t(f));
    }
    std::sort(sees[e].begin(), sees[e].end());
    sees[e].erase(std::unique(sees[e].begin(), sees[e].end()), sees[e].end());
  }
  return sees;
}

// Whether the product update keeps agent i's relation as rows (a belief, or arrows in the
// action) rather than as a partition.
inline bool product_keeps_rows(const Model& m, const ActionModel& am, std::size_t i) {
  return !m.has_partition(Agent(i)) || am.has_arrows(i);
}

// Agent i's relation as rows: a relation kept as rows is read in place, a partition's rows
// are made for the occasion into `made`.
inline const Relation& relation_rows(const Model& m, Agent i, Relation& made) {
  if (!m.has_partition(i)) return m.general_relation(i);
  made = m.relation(i);
  return made;
}

// What agent i's relation will hold after the product update, counted without building it:
// one row per (row of an old world, event) that occurs, and per row its arrows. Counting
// stops once the bytes pass `stop_above`: the caller refuses the update then.
inline RowsSize product_rows_size(const Model& m, const ActionModel& am, std::size_t i,
                                  BigCount stop_above) {
  const std::vector<std::vector<std::uint32_t>> sees = events_seen(am, i);
  const std::size_t events = sees.size();
  Relation made;
  const Relation& old = relation_rows(m, Agent(i), made);
  RowsSize size;
  std::unordered_set<std::uint64_t> counted;  // (old row, event)
  m.alive().for_each([&](World w) {
    if (size.bytes() > stop_above) {
      size.partial = true;
      return;
    }
    for (std::size_t e = 0; e < events; ++e) {
      if (!am.preconditions[e].test(w)) continue;
      if (!counted.insert(std::uint64_t{old.row_of(w)} * events + e).second) continue;
      ++size.rows;
      for (World v : old.successors(w))
        if (m.alive().test(v))
          for (std::uint32_t f : sees[e]) size.arrows += am.preconditions[f].test(v);
    }
  });
  return size;
}

// Agent i's relation after the product update whose new worlds are (source[k], event_of[k]),
// ordered by source then event: (w,e) sees (v,f) iff w sees v and e sees f. The row of
// (w,e) depends on w's row and e only, and is built once per such pair.
inline Relation product_relation(const Model& m, const ActionModel& am, std::size_t i,
                                 const RecycledVector<World>& source,
                                 const RecycledVector<std::uint32_t>& event_of) {
  const std::size_t events = am.preconditions.size();
  const std::vector<std::vector<std::uint32_t>> sees = events_seen(am, i);
  // The new worlds of old world v: start[v] .. start[v + 1], by event.
  std::vector<std::uint64_t> start(m.world_count() + 1, 0);
  for (World w : source) ++start[w + 1];
  for (std::size_t v = 0; v < m.world_count(); ++v) start[v + 1] += start[v];

  Relation made;
  const Relation& old = relation_rows(m, Agent(i), made);
  Relation::Rows rows;
  std::vector<Relation::RowId> row_of(source.size());
  std::unordered_map<std::uint64_t, Relation::RowId> built;  // (old row, event) → new row
  std::vector<World> members;
  for (std::size_t k = 0; k < source.size(); ++k) {
    const std::uint64_t pair = std::uint64_t{old.row_of(source[k])} * events + event_of[k];
    const auto [it, fresh] = built.try_emplace(pair, 0);
    if (fresh) {
      members.clear();
      for (World v : old.successors(source[k])) {
        auto at = start[v];  // events ascend in v's run, as they do in sees
        for (std::uint32_t f : sees[event_of[k]]) {
          while (at < start[v + 1] && event_of[at] < f) ++at;
          if (at < start[v + 1] && event_of[at] == f) members.push_back(World(at));
        }
      }
      it->second = rows.intern(members);
    }
    row_of[k] = it->second;
  }
  return Relation(std::move(row_of), std::move(rows));
}

// The worlds of the product of m and am in product_update's order — alive worlds ascending,
// each followed by its events ascending — as (world before, event) pairs; `actual` the
// place of (actual world, actual event). Each precondition's members are visited once
// rather than every event tested at every world: one move split by what its parties learn
// has hundreds of events.
struct ProductWorlds {
  RecycledVector<World> source;
  RecycledVector<std::uint32_t> event;
  World actual = 0;
};
inline ProductWorlds product_worlds(const Model& m, const ActionModel& am) {
  // start[w]: where w's new worlds begin (a counting sort by world, events in order).
  RecycledVector<std::uint32_t> start(m.world_count() + 1, 0);
  for (const WorldSet& pre : am.preconditions)
    pre.for_each_common(m.alive(), [&](World w) { ++start[std::size_t(w) + 1]; });
  for (std::size_t w = 0; w < m.world_count(); ++w) {
    if (std::uint64_t{start[w]} + start[w + 1] > std::numeric_limits<World>::max())
      throw std::length_error("product_update: too many worlds");
    start[w + 1] += start[w];
  }
  ProductWorlds p;
  p.source.resize(start[m.world_count()]);
  p.event.resize(p.source.size());
  for (std::size_t e = 0; e < am.preconditions.size(); ++e)
    am.preconditions[e].for_each_common(m.alive(), [&](World w) {
      const std::uint32_t k = start[w]++;
      if (w == m.actual() && e == am.actual_event) p.actual = World(k);
      p.source[k] = w;
      p.event[k] = std::uint32_t(e);
    });
  return p;
}

// Product update: the new worlds are the pairs (w, e) with w alive and w ∈ pre(e), in
// order of w then e; (w,e) ~i (v,f) iff w ~i v and e ~i f. Dead worlds are dropped, and
// each new world carries the valuation of its w, changed by e's postcondition if it has one.
// `product`: product_worlds(m, am), listed by a caller that keeps it (a model's history).
inline UpdateResult product_update(Model& m, const ActionModel& am, const ProductWorlds& product) {
  poll_interrupt();  // before anything changes
  const std::size_t events = am.preconditions.size();
  if (am.event_class.size() != m.agent_count())
    throw std::logic_error("product_update: one event partition per agent needed");
  if (am.actual_event >= events) throw std::logic_error("product_update: no actual event");
  for (const auto& per_event : am.event_arrows) {
    if (!per_event.empty() && per_event.size() != events)
      throw std::logic_error("product_update: arrows from every event needed");
    for (const auto& seen : per_event)
      for (std::uint32_t f : seen)
        if (f >= events) throw std::logic_error("product_update: an arrow to no event");
  }
  for (const ValuationRow& after : am.valuation_after)
    if (after && after->size() != m.world_count())
      throw std::logic_error("product_update: a postcondition row per world needed");
  if (!am.preconditions[am.actual_event].test(m.actual()))
    throw FalseAnnouncement("the actual event's precondition is false at the actual world");

  const RecycledVector<World>& source = product.source;
  const RecycledVector<std::uint32_t>& event_of = product.event;
  const World new_actual = product.actual;

  std::vector<Partition> partitions;
  partitions.reserve(m.agent_count());
  std::vector<std::size_t> general;  // agents whose new relation is built from rows
  RecycledVector<std::uint64_t> key(source.size());
  for (std::size_t i = 0; i < m.agent_count(); ++i) {
    if (product_keeps_rows(m, am, i)) {
      general.push_back(i);
      partitions.push_back(Partition::universal(source.size()));  // replaced below
      continue;
    }
    const Partition& old = m.partition(static_cast<Agent>(i));
    // (old class, event class) as old class × (event classes) + event class: small keys,
    // which Partition groups through a direct table rather than a hash table.
    const auto& classes = am.event_class[i];
    const std::uint64_t event_classes =
        classes.empty() ? 1 : std::uint64_t{*std::max_element(classes.begin(), classes.end())} + 1;
    old.with_class_of([&](auto class_of) {
      for (std::size_t k = 0; k < source.size(); ++k)
        key[k] = std::uint64_t{class_of(source[k])} * event_classes + classes[event_of[k]];
    });
    partitions.push_back(Partition::from_keys(key));
  }
  std::vector<Relation> relations;
  for (std::size_t i : general) relations.push_back(product_relation(m, am, i, source, event_of));
  std::vector<std::uint32_t> valuation(source.size());
  for (std::size_t k = 0; k < source.size(); ++k) {
    const std::vector<std::uint32_t>* after = am.row_after(event_of[k]);
    valuation[k] = after ? (*after)[source[k]] : m.valuation(source[k]);
  }

  UpdateResult r{m.alive_count(), source.size()};
  m = Model(std::move(partitions), new_actual, std::move(valuation));
  for (std::size_t k = 0; k < general.size(); ++k)
    m.set_relation(Agent(general[k]), std::move(relations[k]));
  return r;
}
inline UpdateResult product_update(Model& m, const ActionModel& am) {
  return product_update(m, am, product_worlds(m, am));
}

// The same model without its dead worlds (a product update with one event that everybody
// sees). World indices change; valuations do not. Nothing is learnt.
inline void compact(Model& m) {
  ActionModel trivial;
  trivial.preconditions = {m.alive()};
  trivial.event_class.assign(m.agent_count(), {0});
  product_update(m, trivial);
}

}  // namespace kripke
