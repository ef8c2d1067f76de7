// The three model updates of dynamic epistemic logic that the games use.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include "kripke/errors.hpp"
#include "kripke/model.hpp"

namespace kripke {

struct UpdateResult {
  std::size_t worlds_before = 0;
  std::size_t worlds_after = 0;
  bool changed() const { return worlds_before != worlds_after; }
};

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
    m.set_partition(i, m.partition(i).refined_by(key));
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
// the current model), per agent which events it cannot tell apart (equal class ids), and
// optionally postconditions (factual change): the valuation world w carries after event e.
struct ActionModel {
  std::vector<WorldSet> preconditions;                  // one per event
  std::vector<std::vector<std::uint32_t>> event_class;  // [agent][event]
  std::size_t actual_event = 0;
  // [event][world of the current model]; an event without a row (or a model without this
  // table) changes no fact.
  std::vector<std::vector<std::uint32_t>> valuation_after;
};

// Product update: the new worlds are the pairs (w, e) with w alive and w ∈ pre(e), in
// order of w then e; (w,e) ~i (v,f) iff w ~i v and e ~i f. Dead worlds are dropped, and
// each new world carries the valuation of its w, changed by e's postcondition if it has one.
inline UpdateResult product_update(Model& m, const ActionModel& am) {
  const std::size_t events = am.preconditions.size();
  if (am.event_class.size() != m.agent_count())
    throw std::logic_error("product_update: one event partition per agent needed");
  if (am.actual_event >= events) throw std::logic_error("product_update: no actual event");
  for (const auto& after : am.valuation_after)
    if (!after.empty() && after.size() != m.world_count())
      throw std::logic_error("product_update: a postcondition row per world needed");
  if (!am.preconditions[am.actual_event].test(m.actual()))
    throw FalseAnnouncement("the actual event's precondition is false at the actual world");

  RecycledVector<World> source;
  RecycledVector<std::uint32_t> event_of;
  World new_actual = 0;
  m.alive().for_each([&](World w) {
    for (std::size_t e = 0; e < events; ++e) {
      if (!am.preconditions[e].test(w)) continue;
      if (w == m.actual() && e == am.actual_event) new_actual = static_cast<World>(source.size());
      source.push_back(w);
      event_of.push_back(static_cast<std::uint32_t>(e));
    }
  });

  std::vector<Partition> partitions;
  partitions.reserve(m.agent_count());
  RecycledVector<std::uint64_t> key(source.size());
  for (std::size_t i = 0; i < m.agent_count(); ++i) {
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
  std::vector<std::uint32_t> valuation(source.size());
  for (std::size_t k = 0; k < source.size(); ++k) {
    const std::size_t e = event_of[k];
    const bool changes = e < am.valuation_after.size() && !am.valuation_after[e].empty();
    valuation[k] = changes ? am.valuation_after[e][source[k]] : m.valuation(source[k]);
  }

  UpdateResult r{m.alive_count(), source.size()};
  m = Model(std::move(partitions), new_actual, std::move(valuation));
  return r;
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
