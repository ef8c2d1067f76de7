// An event sink for tests: keeps every event a play emits, in order, so a test can look at
// the log records of one kind or at the transcript text.
#pragma once

#include <string>
#include <vector>

#include "kripke/events.hpp"

namespace kripke_test {

struct EventRecorder final : kripke::EventSink {
  std::vector<kripke::Event> events;

  void emit(const kripke::Event& e) override { events.push_back(e); }

  // The log records of one event kind ("move", "update", ...), in order.
  std::vector<kripke::LogRecord> records(const std::string& kind) const {
    std::vector<kripke::LogRecord> out;
    for (const kripke::Event& e : events)
      if (!e.record.is_null() && e.record["event"] == kind) out.push_back(e.record);
    return out;
  }
};

}  // namespace kripke_test
