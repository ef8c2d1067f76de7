// Playing a scenario: the game starts as `run` starts it (the start event and the setup
// updates), then every step of the script in order. A failed expectation is recorded and
// the script goes on; bad input (a false announcement, an illegal move) ends it.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kripke/events.hpp"
#include "kripke/game_loop.hpp"
#include "scenario/scenario.hpp"

namespace kripkesim {

// Passes every event on to the transcript and, when the script has expect_event steps,
// keeps the last record of each kind for them (records are then built even when the
// transcript throws them away).
class EventMemory final : public kripke::EventSink {
 public:
  EventMemory(kripke::EventSink& transcript, bool keep) : transcript_(transcript), keep_(keep) {}
  void emit(const kripke::Event& e) override {
    if (keep_ && !e.record.is_null()) last_[e.record.at("event").get<std::string>()] = e.record;
    transcript_.emit(e);
  }
  bool enabled() const override { return keep_ || transcript_.enabled(); }
  bool reads_relations() const override { return keep_ || transcript_.reads_relations(); }
  const kripke::LogRecord* last(const std::string& event) const {
    const auto it = last_.find(event);
    return it == last_.end() ? nullptr : &it->second;
  }

 private:
  kripke::EventSink& transcript_;
  bool keep_;
  std::map<std::string, kripke::LogRecord> last_;
};

// Plays one step on a running game (a scenario's, or Python's Game.update): the failure
// report of a failed expectation, or nothing. Input errors that the core raised without a
// place get the step's.
std::optional<std::string> play_script_step(kripke::GameRunner& runner, const EventMemory& events,
                                            const Step& step);

// A scenario's game, started, whose steps are played one at a time (`run_scenario` plays
// them all; `draw` and `check` stop after the first few).
class ScenarioPlay {
 public:
  // Builds and starts the game; InputError for a script that does not fit the game.
  ScenarioPlay(const Scenario& scenario, kripke::EventSink& transcript);

  // Plays one step: the failure report of a failed expectation, or nothing. InputError
  // (at the step's path) for bad input.
  std::optional<std::string> play_step(const Step& step);

  kripke::GameRunner& runner() { return *runner_; }

 private:
  std::unique_ptr<kripke::Game> game_;
  EventMemory events_;
  std::unique_ptr<kripke::GameRunner> runner_;
};

struct ScenarioResult {
  std::string name;
  std::vector<std::string> failures;  // one report per failed expectation
  bool passed() const { return failures.empty(); }
};

// Plays `scenario`; `transcript` receives the game's events and a line per step. Throws
// InputError (without a file name) for bad input.
ScenarioResult run_scenario(const Scenario& scenario, kripke::EventSink& transcript);

}  // namespace kripkesim
