#include "scenario_runner.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>

#include "knowledge_report.hpp"
#include "kripke/errors.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/games/registry.hpp"

namespace kripkesim {
namespace {

using kripke::Agent;
using kripke::InputError;

std::string agents_text(const kripke::Play& play, const std::vector<Agent>& agents) {
  std::string out;
  for (Agent a : agents) out += (out.empty() ? "" : ", ") + play.agent_name(a);
  return out.empty() ? "nobody" : out;
}

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
  const kripke::LogRecord* last(const std::string& event) const {
    const auto it = last_.find(event);
    return it == last_.end() ? nullptr : &it->second;
  }

 private:
  kripke::EventSink& transcript_;
  bool keep_;
  std::map<std::string, kripke::LogRecord> last_;
};

// The value at `pointer` in the record, as a Json to compare with a scenario's value.
std::optional<kripke::Json> value_at(const kripke::LogRecord& record, const std::string& pointer) {
  try {
    return kripke::Json::parse(record.at(kripke::LogRecord::json_pointer(pointer)).dump());
  } catch (const kripke::LogRecord::exception&) {
    return std::nullopt;
  }
}

// Executes the steps of one scenario against a running game. Actions change the game;
// expectations return what went wrong, or nothing.
class StepExecutor {
 public:
  StepExecutor(kripke::GameRunner& runner, const EventMemory& events, const Step& step)
      : runner_(runner), play_(runner.play()), events_(events), step_(step) {}

  std::optional<std::string> operator()(const MoveStep& s) {
    runner_.scripted_turn(s.move, step_.path);
    return std::nullopt;
  }

  std::optional<std::string> operator()(const PlayStep& s) {
    runner_.require_running(step_.path);
    for (int k = 0; k < s.turns && !runner_.finished(); ++k) runner_.step();
    return std::nullopt;
  }

  std::optional<std::string> operator()(const AnnounceStep& s) {
    if (!holds_at_actual(play_, s.formula))
      throw kripke::FalseAnnouncement(
          s.formula.text + " is false at the actual world, and announcements are truthful",
          step_.path);
    play_.announce(s.formula.formula, "announcement: " + s.formula.text);
    return std::nullopt;
  }

  // The observers learn, for each formula, whether it holds: a world's key is the bit
  // vector of the formulas' truth values there.
  std::optional<std::string> operator()(const ObserveStep& s) {
    std::vector<std::uint64_t> key(play_.model().world_count(), 0);
    std::string formulas;
    for (std::size_t k = 0; k < s.formulas.size(); ++k) {
      truth_set(play_, s.formulas[k]).for_each([&](kripke::World w) {
        key[w] |= std::uint64_t{1} << k;
      });
      formulas += (formulas.empty() ? "" : "; ") + s.formulas[k].text;
    }
    play_.observe(s.agents, key,
                  agents_text(play_, s.agents) + (s.agents.size() == 1 ? " observes" : " observe") +
                      " whether " + formulas,
                  formulas);
    return std::nullopt;
  }

  std::optional<std::string> operator()(const ExpectStep& s) {
    if (holds_at_actual(play_, s.formula)) return std::nullopt;
    return fmt::format("expected {} to be true at the actual world: it is false", s.formula.text);
  }

  std::optional<std::string> operator()(const ExpectPerAgentStep& s) {
    const bool possible = s.statistic == AgentStatistic::Possible;
    if (!possible && !play_.enumerates_worlds())
      throw InputError(
          "relations are not known: this game counts its worlds, it does not list them");
    std::string wrong;
    for (const auto& [agent, expected] : s.expected) {
      const kripke::BigCount found =
          possible ? play_.possible_count(agent) : play_.model().relations(agent);
      if (found != expected)
        wrong += fmt::format("{}{} of {}: expected {}, found {}", wrong.empty() ? "" : "; ",
                             possible ? "possible worlds" : "relations", play_.agent_name(agent),
                             expected, kripke::to_string(found));
    }
    return wrong.empty() ? std::nullopt : std::optional(wrong);
  }

  std::optional<std::string> operator()(const ExpectWorldsStep& s) {
    const kripke::BigCount alive = play_.world_count();
    if (alive == s.worlds) return std::nullopt;
    return fmt::format("expected {} alive worlds, found {}", s.worlds, kripke::to_string(alive));
  }

  std::optional<std::string> operator()(const ExpectWinnersStep& s) {
    const std::vector<Agent> winners = play_.winners();
    if (winners == s.winners) return std::nullopt;
    return fmt::format("expected winners: {}; found: {}", agents_text(play_, s.winners),
                       agents_text(play_, winners));
  }

  // Values compare as JSON (9 equals 9.0), so only exactly representable numbers match.
  std::optional<std::string> operator()(const ExpectEventStep& s) {
    const kripke::LogRecord* record = events_.last(s.event);
    if (!record) return fmt::format("no '{}' event has been logged", s.event);
    std::string wrong;
    for (const auto& [pointer, expected] : s.values) {
      const std::optional<kripke::Json> found = value_at(*record, pointer);
      if (!found || *found != expected)
        wrong += fmt::format("{}{}: expected {}, found {}", wrong.empty() ? "" : "; ", pointer,
                             expected.dump(), found ? found->dump() : "nothing");
    }
    if (wrong.empty()) return std::nullopt;
    return fmt::format("the last '{}' event (turn {}): {}", s.event, record->at("turn").dump(),
                       wrong);
  }

 private:
  kripke::GameRunner& runner_;
  kripke::Play& play_;
  const EventMemory& events_;
  const Step& step_;
};

std::string failure_report(const kripke::Play& play, const Step& step, const std::string& problem) {
  std::string out = fmt::format("  step {} ({}): {}\n", step.index, step.path, step.json.dump());
  if (!step.comment.empty()) out += fmt::format("    comment: {}\n", step.comment);
  out +=
      fmt::format("    {}\n    alive worlds: {}\n", problem, kripke::to_string(play.world_count()));
  const auto* expect = std::get_if<ExpectStep>(&step.action);
  return out + knowledge_lines(play, expect ? &expect->formula : nullptr, "    ");
}

// Runs one step; input errors that the core raised without a place get the step's.
std::optional<std::string> execute(kripke::GameRunner& runner, const EventMemory& events,
                                   const Step& step) {
  try {
    return std::visit(StepExecutor(runner, events, step), step.action);
  } catch (const InputError& e) {
    if (!e.path().empty()) throw;
    throw InputError(e.what(), step.path);
  }
}

}  // namespace

ScenarioResult run_scenario(const Scenario& scenario, kripke::EventSink& transcript) {
  const auto game = kripke::make_game(scenario.config);
  const bool expects_events = std::any_of(
      scenario.script.begin(), scenario.script.end(),
      [](const Step& step) { return std::holds_alternative<ExpectEventStep>(step.action); });
  EventMemory events(transcript, expects_events);
  kripke::GameRunner runner(*game, scenario.config.seed, events);
  check_script(scenario, runner.play());
  runner.start();

  ScenarioResult result{scenario.name, {}};
  for (const Step& step : scenario.script) {
    const kripke::Play& play = runner.play();
    play.emit_text(fmt::format("-- step {}: {}", step.index, step.json.dump()));
    if (!step.comment.empty()) play.emit_text("   # " + step.comment);
    const std::optional<std::string> problem = execute(runner, events, step);
    if (is_expectation(step.action)) play.emit_text(problem ? "   FAILED: " + *problem : "   ok");
    if (problem) result.failures.push_back(failure_report(play, step, *problem));
  }
  return result;
}

}  // namespace kripkesim
