#include "scenario/scenario_runner.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>

#include "games/catalog.hpp"
#include "kripke/errors.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/text_width.hpp"
#include "scenario/knowledge_report.hpp"

namespace kripkesim {
namespace {

using kripke::Agent;
using kripke::InputError;

std::string agents_text(const kripke::Play& play, const std::vector<Agent>& agents) {
  std::string out;
  for (Agent a : agents) out += (out.empty() ? "" : ", ") + play.agent_name(a);
  return out.empty() ? "nobody" : out;
}

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

  // The play checks the announcement's truth on the truth set it updates with: φ is
  // evaluated once.
  std::optional<std::string> operator()(const AnnounceStep& s) {
    try {
      evaluating(s.formula, [&] {
        play_.scripted_announcement(s.formula.formula, "announcement: " + s.formula.text);
      });
    } catch (const kripke::FalseAnnouncement&) {
      throw kripke::FalseAnnouncement(
          s.formula.text + " is false at the actual world, and announcements are truthful",
          step_.path);
    }
    return std::nullopt;
  }

  // The observers learn, for each formula, whether it holds.
  std::optional<std::string> operator()(const ObserveStep& s) {
    std::vector<kripke::FormulaPtr> formulas;
    std::string text;
    for (const UserFormula& phi : s.formulas) {
      formulas.push_back(phi.formula);
      text += (text.empty() ? "" : "; ") + phi.text;
    }
    const std::vector<Agent> agents = resolve_agents(play_, s.agents, step_.path);
    play_.scripted_observation(agents, formulas,
                               agents_text(play_, agents) +
                                   (agents.size() == 1 ? " observes" : " observe") + " whether " +
                                   text,
                               text);
    return std::nullopt;
  }

  // The product update with the step's action model: what each agent tells apart is in
  // `indistinguishable`, what it considers possible (when not an equivalence) in `arrows`.
  std::optional<std::string> operator()(const ActionStep& s) {
    kripke::Play::ScriptedAction action;
    std::string formula;
    for (const ActionEvent& e : s.events) {
      action.events.push_back(
          {e.precondition.formula, e.postcondition, e.postcondition_path, e.name});
      formula += (formula.empty() ? "" : "; ") + e.name + ": " + e.precondition.text;
      if (!e.postcondition.is_null()) formula += " then " + e.postcondition.dump();
    }
    action.actual_event = actual_event(s);
    EventRelations relations = event_relations(play_, s);
    action.event_class = std::move(relations.event_class);
    action.event_arrows = std::move(relations.event_arrows);
    play_.scripted_action(action, s.text, formula);
    return std::nullopt;
  }

  // The event that happens: the step's "actual", whose precondition must hold at the
  // actual world, or else the only event whose precondition does.
  std::size_t actual_event(const ActionStep& s) const {
    if (s.actual) {
      if (holds_at_actual(play_, s.events[*s.actual].precondition)) return *s.actual;
      throw kripke::FalseAnnouncement("the precondition of '" + s.events[*s.actual].name + "' (" +
                                          s.events[*s.actual].precondition.text +
                                          ") is false at the actual world, so it cannot happen",
                                      s.actual_path);
    }
    std::vector<std::string> possible;
    std::size_t found = 0;
    for (std::size_t e = 0; e < s.events.size(); ++e)
      if (holds_at_actual(play_, s.events[e].precondition)) {
        possible.push_back(s.events[e].name);
        found = e;
      }
    if (possible.size() == 1) return found;
    if (possible.empty())
      throw kripke::FalseAnnouncement(
          "no event can happen: every precondition is false at the actual world", step_.path);
    throw InputError("the events " + kripke::ObjectReader::join(possible) +
                         " can all happen at the actual world: say which with \"actual\"",
                     step_.path);
  }

  std::optional<std::string> operator()(const ExpectStep& s) {
    if (holds_at_actual(play_, s.formula)) return std::nullopt;
    return fmt::format("expected {} to be true at the actual world: it is false", s.formula.text);
  }

  std::optional<std::string> operator()(const ExpectPerAgentStep& s) {
    const bool possible = s.statistic == AgentStatistic::Possible;
    std::string wrong;
    for (const auto& [ref, expected] : s.expected) {
      const Agent agent = resolve_agent(play_, ref);
      const std::optional<kripke::BigCount> counted =
          possible ? play_.possible_count(agent) : play_.relation_count(agent);
      if (!counted)
        throw InputError(
            "relations are not known: this game counts its worlds, it does not "
            "list them");
      const kripke::BigCount found = *counted;
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
    const std::vector<Agent> expected = resolve_agents(play_, s.winners, step_.path);
    if (winners == expected) return std::nullopt;
    return fmt::format("expected winners: {}; found: {}", agents_text(play_, expected),
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

// Which worlds are left, and which each agent considers possible, when there are few
// enough to read (a failed expectation is easier to understand with them in view).
std::string few_worlds_lines(const kripke::Play& play, const std::string& indent) {
  constexpr std::size_t kFew = 8;
  if (!play.enumerates_worlds()) return "";
  const auto listed = [&](const kripke::WorldSet& worlds) {
    std::string text;
    worlds.for_each([&](kripke::World w) {
      if (!text.empty()) text += "; ";
      text += play.world_text(w);
    });
    return text;
  };
  const kripke::Model& m = play.model();
  std::string out;
  if (m.alive_count() <= kFew) out += fmt::format("{}the worlds: {}\n", indent, listed(m.alive()));
  for (std::size_t i = 0; i < m.agent_count(); ++i) {
    const kripke::WorldSet possible = m.possible_worlds(kripke::Agent(i));
    if (possible.count() <= kFew && possible.count() < m.alive_count())
      out += fmt::format("{}{} considers possible: {}\n", indent, play.agent_name(kripke::Agent(i)),
                         listed(possible));
  }
  return out;
}

std::string failure_report(const kripke::Play& play, const Step& step, const std::string& problem) {
  std::string out = fmt::format("  step {} ({}): {}\n", step.index, step.path, step.json.dump());
  if (!step.comment.empty()) out += fmt::format("    comment: {}\n", step.comment);
  out +=
      fmt::format("    {}\n    alive worlds: {}\n", problem, kripke::to_string(play.world_count()));
  const auto* expect = std::get_if<ExpectStep>(&step.action);
  out += knowledge_lines(play, expect ? &expect->formula : nullptr, "    ");
  return out + few_worlds_lines(play, "    ");
}

}  // namespace

std::optional<std::string> play_script_step(kripke::GameRunner& runner, const EventMemory& events,
                                            const Step& step) {
  try {
    return std::visit(StepExecutor(runner, events, step), step.action);
  } catch (const InputError& e) {
    if (!e.path().empty()) throw;
    throw InputError(e.what(), step.path);
  }
}

ScenarioPlay::ScenarioPlay(const Scenario& scenario, kripke::EventSink& transcript)
    : game_(games().make(scenario.config)),
      events_(transcript, std::any_of(scenario.script.begin(), scenario.script.end(),
                                      [](const Step& step) {
                                        return std::holds_alternative<ExpectEventStep>(step.action);
                                      })),
      runner_(std::make_unique<kripke::GameRunner>(*game_, scenario.config.seed, events_)) {
  check_script(scenario, runner_->play());
  runner_->start(/*scripted=*/true);
}

std::optional<std::string> ScenarioPlay::play_step(const Step& step) {
  const kripke::Play& play = runner_->play();
  // The step as written, cut to the transcript's width (the file has it whole).
  std::string heading = fmt::format("-- step {}: {}", step.index, step.json.dump());
  heading = kripke::cut_to_width(heading);
  play.emit_text(heading);
  if (!step.comment.empty()) play.emit_text("   # " + step.comment);
  const std::optional<std::string> problem = play_script_step(*runner_, events_, step);
  if (is_expectation(step.action)) play.emit_text(problem ? "   FAILED: " + *problem : "   ok");
  if (problem) return failure_report(play, step, *problem);
  return std::nullopt;
}

ScenarioResult run_scenario(const Scenario& scenario, kripke::EventSink& transcript) {
  ScenarioPlay scenario_play(scenario, transcript);
  ScenarioResult result{scenario.name, {}};
  for (const Step& step : scenario.script)
    if (auto failure = scenario_play.play_step(step)) result.failures.push_back(*failure);
  scenario_play.runner().end_of_script();
  return result;
}

}  // namespace kripkesim
