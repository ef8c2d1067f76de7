// Partitions of the states that an agent observes as a whole, by their classes: the value
// classes of a term it observes (Sum and Product's P is told x * y), when a block of
// variables holding the value would make the state law large (one path per state when the
// term takes nearly as many values as there are states). Two states are alike to the agent
// when they lie in the same class; the knowledge structure computes its operators class by
// class (knowledge_structure.hpp), each class a BDD of a few states.
#pragma once

#include <bdd.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

#include "kripke/symbolic/assignment_count.hpp"
#include "kripke/symbolic/buddy_session.hpp"

namespace kripke::symbolic {

// A partition: its classes (disjoint BDDs of the states, that covered them when it was
// made) and, for a state (a value per variable of the structure), the index of its class.
struct ObservedClasses {
  std::vector<bdd> classes;
  std::function<std::size_t(const std::vector<bool>& state)> class_of;
};
using ObservedClassesPtr = std::shared_ptr<const ObservedClasses>;

// The classes that hold states now, each as the BDD of its states (class ∧ θ). After an
// announcement most classes of a fine partition are empty: the operators never visit them.
using LiveClasses = std::vector<bdd>;
using LiveClassesPtr = std::shared_ptr<const LiveClasses>;

// The classes of `classes` that still hold states within `states`, each narrowed to them.
inline LiveClassesPtr live_within(const LiveClasses& classes, const bdd& states) {
  auto out = std::make_shared<LiveClasses>();
  for (const bdd& in_class : classes)
    if (bdd narrowed = in_class & states; narrowed != bddfalse) out->push_back(std::move(narrowed));
  BuddySession::check();
  return out;
}

// The classes of states alike in both partitions: each live class of `a` split by the
// classes of `b` its states lie in, found by listing them. The work grows with the states,
// not with the product of the class counts.
inline LiveClassesPtr joined(const LiveClasses& a, const ObservedClasses& b, int variables) {
  auto out = std::make_shared<LiveClasses>();
  std::vector<std::size_t> met;
  for (const bdd& states : a) {
    const AssignmentCount listed(states, variables);
    met.clear();
    for (const std::vector<bool>& state : listed.first(std::size_t(listed.total())))
      met.push_back(b.class_of(state));
    std::sort(met.begin(), met.end());
    met.erase(std::unique(met.begin(), met.end()), met.end());
    for (std::size_t o : met) out->push_back(states & b.classes[o]);
    BuddySession::check();
  }
  return out;
}

// An operator's BDD built class by class: in each class, where it holds. Either the union
// of the parts where it holds or the complement of the union of the parts where it fails,
// whichever joins fewer parts: on states the two agree, since the classes cover them, and
// a union of many small BDDs costs a path of new nodes per part (K{P} φ over tens of
// thousands of classes holds in a handful, ~Kv{P} x in most).
class ClassWise {
 public:
  // Within the class's `states`, the operator holds where `truth` does.
  void add(const bdd& states, const bdd& truth) {
    if (truth == bddtrue) {
      holds_.push_back(states);
    } else if (truth == bddfalse) {
      fails_.push_back(states);
    } else {
      holds_.push_back(states & truth);
      fails_.push_back(states & !truth);
    }
  }
  bdd result() const {
    const bool by_holds = holds_.size() <= fails_.size();
    bdd joined = bddfalse;
    for (const bdd& part : by_holds ? holds_ : fails_) joined |= part;
    BuddySession::check();
    return by_holds ? joined : !joined;
  }

 private:
  std::vector<bdd> holds_, fails_;
};

}  // namespace kripke::symbolic
