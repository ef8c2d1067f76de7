#include "output/sinks.hpp"

#include <algorithm>

#include "kripke/text_width.hpp"
#include "output/build_info.hpp"
#include "output/file_error.hpp"

namespace kripkesim {
namespace {

void check_written(const std::ostream& out, const std::string& name) {
  if (!out)
    throw FileError(name,
                    "cannot write (a full disk, or a closed pipe?): the output is incomplete");
}

}  // namespace

void JsonlSink::emit(const kripke::Event& event) {
  if (event.record.is_null()) return;
  if (event.record.is_object() && event.record.value("event", "") == "start") {
    kripke::LogRecord start = event.record;  // once per game: the copy costs nothing
    start["build"] = build_id();
    out_ << start.dump() << '\n';
  } else {
    out_ << event.record.dump() << '\n';
  }
  check_written(out_, name_);
}

void TextSink::emit(const kripke::Event& event) {
  if (event.text.empty() || hides(event.record)) return;
  out_ << kripke::fit_lines(event.text) << '\n';
  check_written(out_, name_);
}

bool TextSink::hides(const kripke::LogRecord& record) const {
  if (hidden_.empty() || !record.is_object()) return false;
  const auto kind = record.find("event");
  return kind != record.end() && kind->is_string() &&
         std::find(hidden_.begin(), hidden_.end(), kind->get<std::string>()) != hidden_.end();
}

void FanOutSink::emit(const kripke::Event& event) {
  for (kripke::EventSink* sink : sinks_) sink->emit(event);
}

bool FanOutSink::enabled() const {
  return std::any_of(sinks_.begin(), sinks_.end(),
                     [](const kripke::EventSink* s) { return s->enabled(); });
}

bool FanOutSink::reads_relations() const {
  return std::any_of(sinks_.begin(), sinks_.end(),
                     [](const kripke::EventSink* s) { return s->reads_relations(); });
}

}  // namespace kripkesim
