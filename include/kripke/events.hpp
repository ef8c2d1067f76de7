// What a play produces: events, each a JSON Lines record for the log and a text rendering
// for the transcript. The core never writes them anywhere; a sink does (src/).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace kripke {

// Log records keep their keys in insertion order: "v", "event", "game", "turn" first.
using LogRecord = nlohmann::ordered_json;

inline constexpr int kLogVersion = 1;

struct Event {
  LogRecord record;  // null for transcript-only text (tables, headings)
  std::string text;  // empty when the transcript shows nothing for it
};

class EventSink {
 public:
  virtual ~EventSink() = default;
  virtual void emit(const Event& event) = 0;
  // False when events would be thrown away: plays then skip building them (the per-agent
  // statistics of an update cost a pass over the model per agent).
  virtual bool enabled() const { return true; }
  // Whether anything downstream reads the relation pair counts of update records (a log
  // does; a transcript, which shows only possible worlds and who knows, does not): the
  // counts cost a pass over the model per agent, or a BDD operation per agent.
  virtual bool reads_relations() const { return enabled(); }
};

// Discards everything (batch games without logs).
class NullSink final : public EventSink {
 public:
  void emit(const Event&) override {}
  bool enabled() const override { return false; }
};

}  // namespace kripke
