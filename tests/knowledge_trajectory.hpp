// The knowledge trajectory of a game, read from its update records: after every update the
// worlds, and for every agent its possible worlds, relation pairs and whether it knows its
// goal. Two games that re-express each other (a built-in game and the same game in the game
// language, or one game on both engines) must have the same.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "event_recorder.hpp"

namespace kripke_test {

// What an update record says about knowledge, without its wording.
struct Step {
  std::string kind;
  kripke::Json worlds, agents;
  bool operator==(const Step&) const = default;
};

// `from_turn`: the updates of that turn and later only.
inline std::vector<Step> trajectory(const EventRecorder& run, int from_turn = 0) {
  std::vector<Step> out;
  for (const kripke::LogRecord& r : run.records("update")) {
    if (r["turn"].get<int>() < from_turn) continue;
    kripke::Json agents = kripke::Json::array();
    for (const kripke::LogRecord& a : r["agents"])
      agents.push_back(
          {a["possible"].get<int>(), a["relations"].get<std::uint64_t>(), a["knows"].get<bool>()});
    out.push_back(
        {r["turn"].get<int>() == 0 ? "setup" : "turn",
         {r["worlds_before"].get<std::uint64_t>(), r["worlds_after"].get<std::uint64_t>()},
         agents});
  }
  return out;
}

inline std::ostream& operator<<(std::ostream& os, const Step& s) {
  return os << s.kind << ' ' << s.worlds.dump() << ' ' << s.agents.dump();
}

}  // namespace kripke_test
