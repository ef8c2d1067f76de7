// What one seat sees of an event: the record cut down to what that player may know, and under
// "screen" the lines a person at `kripkesim play` sees for it (the screen is one rendering of
// these records). A program at a seat gets the same records.
//
// Per kind of event (docs/log-format.md, "A seat's view"):
//   start       game, turn, rules, max_turns, the players (number and name: no strategy),
//               the world count, and "seat"; not the deal, not the seed (which would give
//               the deal away to a program that replays the dealing)
//   turn        a turn's heading (the log has no record for it): the turn
//   update      public, or with the seat in its audience: kind, audience, text, formula,
//               the world counts and, where the game shows them, "you": the seat's own
//               possible worlds and whether it knows; another audience's: kind, audience
//               and a text saying that they learn something
//   move        agent, text, a person's "by", "claim" and "right", and the fields the game
//               names as public (the question asked, the cards suggested); never the
//               agent's reasons
//   win, end    all of it: the game is over, and the end shows the deal
//   knowledge and hint tables, and anything else: nothing (a seat asks for its own table)
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "kripke/events.hpp"
#include "kripke/types.hpp"
#include "kripke/update_record.hpp"

namespace kripke {

namespace seat_view_detail {

inline bool in_audience(const LogRecord& record, Agent me) {
  const auto audience = record.find("audience");
  if (audience == record.end() || !audience->is_array()) return false;
  for (const LogRecord& a : *audience)
    if (a == me + 1) return true;
  return false;
}

// The fields of `record` named in `keys`, in that order, where present.
inline LogRecord kept(const LogRecord& record, const std::vector<const char*>& keys) {
  LogRecord out = LogRecord::object();
  for (const char* key : keys)
    if (const auto it = record.find(key); it != record.end()) out[key] = *it;
  return out;
}

}  // namespace seat_view_detail

// How a game's records read for a seat: Play::seat_view fills it in.
struct SeatViewRules {
  bool shows_counts = true;              // updates show the seat its possible worlds
  std::vector<std::string> move_fields;  // a move record's fields every seat sees
  std::function<std::string(Agent)> agent_name;
};

// The view of `event` from seat `me` (0-based) at turn `turn`.
inline std::optional<LogRecord> seat_view_of(const Event& event, Agent me, int turn,
                                             const SeatViewRules& rules) {
  using namespace seat_view_detail;
  const LogRecord& r = event.record;
  if (r.is_null()) {
    if (event.text.rfind("--- turn", 0) != 0) return std::nullopt;
    LogRecord heading = {{"event", "turn"}, {"turn", turn}, {"screen", event.text}};
    return heading;
  }
  const std::string kind = r.value("event", "");
  if (kind == "win" || kind == "end") {
    LogRecord out = r;
    out["screen"] = event.text;
    return out;
  }
  if (kind == "start") {
    LogRecord out = kept(r, {"v", "event", "game", "turn", "rules", "max_turns"});
    out["seat"] = me + 1;
    LogRecord players = LogRecord::array();
    for (const LogRecord& a : r.value("agents", LogRecord::array()))
      players.push_back(kept(a, {"agent", "name"}));
    out["agents"] = std::move(players);
    out["worlds"] = r.value("worlds", LogRecord());
    out["screen"] =
        "=== " + r.value("game", std::string()) + " (" + count_text(out["worlds"]) + " worlds) ===";
    return out;
  }
  if (kind == "move") {
    LogRecord out =
        kept(r, {"v", "event", "game", "turn", "agent", "text", "by", "claim", "right"});
    for (const std::string& key : rules.move_fields)
      if (const auto it = r.find(key); it != r.end()) out[key] = *it;
    out["screen"] = r.value("text", "");
    return out;
  }
  if (kind != "update") return std::nullopt;

  LogRecord out = kept(r, {"v", "event", "game", "turn", "kind", "audience"});
  const bool is_public = r.value("kind", "") == "public";
  if (!is_public && !in_audience(r, me)) {
    std::string who;
    for (const LogRecord& a : r["audience"]) {
      if (!who.empty()) who += ", ";
      who += rules.agent_name(Agent(a.get<int>() - 1));
    }
    out["screen"] = "  [private] " + who + " learns something you do not see";
    return out;
  }
  for (const char* key : {"text", "formula", "worlds_before", "worlds_after"})
    if (const auto it = r.find(key); it != r.end()) out[key] = *it;
  std::string text = is_public ? "  [public] " : "  [to you] ";
  text += r.value("text", "");
  if (rules.shows_counts)
    for (const LogRecord& stats : r.value("agents", LogRecord::array()))
      if (stats.value("agent", 0) == me + 1) {
        out["you"] = kept(stats, {"possible", "knows", "believes_falsely"});
        text += "\n    you consider " + count_text(stats["possible"]) + " worlds possible";
        if (stats.value("knows", false)) text += "; you know what you need to win";
      }
  out["screen"] = text;
  return out;
}

}  // namespace kripke
