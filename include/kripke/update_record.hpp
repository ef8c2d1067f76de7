// What an update event says: its kind, the world counts as the log writes them, and the
// transcript's lines for it. The log's field names and words live here, not in the games.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "kripke/deals.hpp"
#include "kripke/events.hpp"
#include "kripke/model.hpp"
#include "kripke/text_width.hpp"

namespace kripke {

// How an update reaches the agents (the log's "kind"): announced to all, observed by an
// audience, or an action model every agent knows happens.
enum class UpdateKind { Public, Private, Action };

inline std::string_view to_string(UpdateKind kind) {
  switch (kind) {
    case UpdateKind::Public:
      return "public";
    case UpdateKind::Private:
      return "private";
    case UpdateKind::Action:
      return "action";
  }
  return "public";
}

// A world count in a log record: a JSON number up to 2^53 (read exactly by every reader, jq
// and JavaScript included, which read numbers as doubles), above that its decimal digits as
// a string (counted models such as Sleuth's full deck reach 10^23).
inline LogRecord count_json(BigCount n) {
  if (n <= BigCount(std::uint64_t{1} << 53)) return static_cast<std::uint64_t>(n);
  return to_string(n);
}
// A count_json as text: its digits either way.
inline std::string count_text(const LogRecord& count) {
  return count.is_string() ? count.get<std::string>() : count.dump();
}

// The transcript's lines for an update: its kind, audience and text, then the world count,
// each agent's possible worlds and who knows, wrapped to kTextWidth columns. `stats`: the
// record's "agents" (per agent "possible", "knows" and, in a model with beliefs,
// "believes_falsely").
inline std::string update_text(UpdateKind kind, const std::vector<Agent>& audience,
                               const std::string& text, BigCount worlds_before,
                               BigCount worlds_after, const LogRecord& stats,
                               const std::function<std::string(Agent)>& agent_name) {
  std::string who;
  if (kind != UpdateKind::Public) {
    for (Agent a : audience) who += (who.empty() ? "" : ", ") + agent_name(a);
    who = " to " + who;
  }
  std::vector<std::string> items = {"worlds " + to_string(worlds_before) + " -> " +
                                    to_string(worlds_after) + ";"};
  std::vector<std::string> knowers;
  const std::size_t n = stats.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Agent a = Agent(i);
    const LogRecord& possible = stats[i]["possible"];
    items.push_back((i == 0 ? "possible: " : "") + agent_name(a) + ": " + count_text(possible) +
                    (i + 1 < n ? "," : ";"));
    if (stats[i]["knows"].get<bool>()) knowers.push_back(agent_name(a));
  }
  if (knowers.empty()) knowers.emplace_back("nobody");
  for (std::size_t k = 0; k + 1 < knowers.size(); ++k) knowers[k] += ',';
  knowers.front().insert(0, "knows: ");
  items.insert(items.end(), knowers.begin(), knowers.end());
  std::vector<std::string> wrong;
  for (std::size_t i = 0; i < n; ++i)
    if (stats[i].value("believes_falsely", false)) wrong.push_back(agent_name(Agent(i)));
  if (!wrong.empty()) items.back() += ';';
  for (std::size_t k = 0; k < wrong.size(); ++k)
    items.push_back((k == 0 ? "believes falsely: " : "") + wrong[k] +
                    (k + 1 < wrong.size() ? "," : ""));
  return wrap_words("[" + std::string(to_string(kind)) + who + "] " + text, "  ", "      ") + "\n" +
         wrap_items(items, "    ", "      ");
}

}  // namespace kripke
