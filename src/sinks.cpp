#include "sinks.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "file_error.hpp"

namespace kripkesim {

void JsonlSink::emit(const kripke::Event& event) {
  if (!event.record.is_null()) out_ << event.record.dump() << '\n';
}

void TextSink::emit(const kripke::Event& event) {
  if (event.text.empty() || hides(event.record)) return;
  out_ << event.text << '\n';
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

AtomicFile::AtomicFile(std::string path)
    : path_(std::move(path)), temp_path_(path_ + ".tmp." + std::to_string(::getpid())) {
  out_.open(temp_path_, std::ios::binary | std::ios::trunc);
  if (!out_) throw FileError(path_, std::string("cannot write: ") + std::strerror(errno));
}

AtomicFile::~AtomicFile() {
  if (committed_) return;
  out_.close();
  std::remove(temp_path_.c_str());
}

void AtomicFile::commit() {
  out_.close();
  if (!out_) throw FileError(path_, "cannot write (is the disk full?)");
  if (std::rename(temp_path_.c_str(), path_.c_str()) != 0)
    throw FileError(path_, std::string("cannot write: ") + std::strerror(errno));
  committed_ = true;
}

}  // namespace kripkesim
