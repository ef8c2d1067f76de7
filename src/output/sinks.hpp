// Where the events of a play go: the JSON Lines log, the text transcript, several places
// at once (output_file.hpp opens the files they write to).
#pragma once

#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "kripke/events.hpp"

namespace kripkesim {

// Both sinks below stop the play with a FileError naming their output (`name`: a file, or
// "standard output") as soon as it takes nothing more: a closed pipe (`| head`; SIGPIPE is
// ignored, main.cpp) or a full disk. The command then ends with exit 2, and no temporary
// file is left behind.

// One line per log record (`record.dump()`); transcript-only events are skipped. The `start`
// event gets the build's identity ("build": build_info.hpp) appended.
class JsonlSink final : public kripke::EventSink {
 public:
  JsonlSink(std::ostream& out, std::string name) : out_(out), name_(std::move(name)) {}
  void emit(const kripke::Event& event) override;

 private:
  std::ostream& out_;
  std::string name_;
};

// The transcript: the text of every event that has one, a line each, except the events
// named in `hidden` (`run --no-hints` hides the hint tables: "hints").
class TextSink final : public kripke::EventSink {
 public:
  TextSink(std::ostream& out, std::string name, std::vector<std::string> hidden = {})
      : out_(out), name_(std::move(name)), hidden_(std::move(hidden)) {}
  void emit(const kripke::Event& event) override;
  bool reads_relations() const override { return false; }  // the text shows none

 private:
  bool hides(const kripke::LogRecord& record) const;

  std::ostream& out_;
  std::string name_;
  std::vector<std::string> hidden_;
};

// Passes every event to each of its sinks, in order.
class FanOutSink final : public kripke::EventSink {
 public:
  void add(kripke::EventSink& sink) { sinks_.push_back(&sink); }
  void emit(const kripke::Event& event) override;
  bool enabled() const override;
  bool reads_relations() const override;

 private:
  std::vector<kripke::EventSink*> sinks_;
};

// The transcript and the log of a play written to memory at once, as `kripkesim run --log`
// writes both: what a bench of a game's `run` measures.
class TranscriptAndLog {
 public:
  TranscriptAndLog() {
    both_.add(text_);
    both_.add(lines_);
  }
  kripke::EventSink& sink() { return both_; }

 private:
  std::ostringstream transcript_, log_;
  TextSink text_{transcript_, "memory"};
  JsonlSink lines_{log_, "memory"};
  FanOutSink both_;
};

}  // namespace kripkesim
