// Scenario files (docs/scenarios.md): a game config plus a "script" of steps — moves,
// announcements, observations, and expectations about who knows what. This file reads
// and checks them; scenario_runner.hpp plays them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "input/formula_input.hpp"
#include "kripke/config_reader.hpp"
#include "kripke/game.hpp"

namespace kripkesim {

// An agent as a scenario names it: by number (1, 2, ...) or, in a model, by name. Names
// are resolved against the play (resolve_agents).
struct AgentRef {
  std::string key;   // "2", "alice"
  std::string path;  // where it was written
};

struct MoveStep {  // {"move": <the game's scripted move>}
  kripke::Json move;
};
struct PlayStep {  // {"play": N}: N turns by the agents (fewer if the game ends)
  int turns = 1;
};
struct AnnounceStep {  // {"announce": "<formula>"}: a truthful public announcement
  UserFormula formula;
};
struct ObserveStep {  // {"observe": {"agents": [...], "formulas": [...]}}
  std::vector<AgentRef> agents;
  std::vector<UserFormula> formulas;  // the agents learn the truth value of each
};
struct ExpectStep {  // {"expect": "<formula>"}: true at the actual world
  UserFormula formula;
};
enum class AgentStatistic { Possible, Relations };
struct ExpectPerAgentStep {  // {"expect_possible": {"1": 10}}, {"expect_relations": {...}}
  AgentStatistic statistic = AgentStatistic::Possible;
  std::vector<std::pair<AgentRef, std::uint64_t>> expected;
};
struct ExpectWorldsStep {  // {"expect_worlds": N}: the number of alive worlds
  std::uint64_t worlds = 0;
};
struct ExpectWinnersStep {  // {"expect_winners": [2, 3]}: exactly these agents have won
  std::vector<AgentRef> winners;
};
// {"action": {"events": [...], "actual": "e", "indistinguishable": {"bob": [["e", "f"]]}}}:
// an action model and its product update (docs/scenarios.md).
struct ActionEvent {
  std::string name;
  UserFormula precondition;
  kripke::Json postcondition;  // null: no factual change
  std::string postcondition_path;
};
struct ActionStep {
  std::string text;  // for the log
  std::vector<ActionEvent> events;
  std::optional<std::size_t> actual;  // the event that happens; none: the only possible one
  std::string actual_path;
  // Per agent named, the groups of events it cannot tell apart (event indices); an agent
  // not named tells every event from every other.
  std::vector<std::pair<AgentRef, std::vector<std::vector<std::size_t>>>> indistinguishable;
  // Per agent named, for each event, the events it considers possible when that one happens
  // (any relation: Bill, asleep, thinks "nothing" happened whatever happens).
  std::vector<std::pair<AgentRef, std::vector<std::vector<std::size_t>>>> arrows;
};
// {"expect_event": {"event": "hints", "values": {"/worlds": 9}}}: the last logged event of
// that kind has these values at these JSON pointers (what a game shows rather than knows,
// such as nine-card's hint table)
struct ExpectEventStep {
  std::string event;
  std::vector<std::pair<std::string, kripke::Json>> values;  // JSON pointer, value
};

using StepAction =
    std::variant<MoveStep, PlayStep, AnnounceStep, ObserveStep, ActionStep, ExpectStep,
                 ExpectPerAgentStep, ExpectWorldsStep, ExpectWinnersStep, ExpectEventStep>;

struct Step {
  std::size_t index = 0;
  std::string key;    // the action's key: "announce", ...
  std::string path;   // JSON pointer of the action's value: "/script/3/announce"
  kripke::Json json;  // the step as written without its comment, for reports
  std::string comment;
  StepAction action;
};

struct Scenario {
  std::string name;
  kripke::GameConfig config;
  std::vector<Step> script;
};

bool is_expectation(const StepAction& action);

// Reads the scenario keys ("name", "script") from a config's reader; `name` falls back to
// `default_name`.
void read_scenario_keys(kripke::ObjectReader& reader, Scenario& scenario);

// Step `index` of a script (its errors at /script/INDEX/...); `texts`: the formulas the
// script's earlier steps parsed, shared with this one where the text is the same.
Step read_step(const kripke::Json& json, std::size_t index);
Step read_step(const kripke::Json& json, std::size_t index, FormulaTexts& texts);

// A scenario file read (not yet played); FileError on any problem.
Scenario load_scenario(const std::string& file);

// The agents the references name in `play`, sorted; InputError at a reference's path for
// an agent the play does not have, or one named twice.
kripke::Agent resolve_agent(const kripke::Play& play, const AgentRef& ref);
std::vector<kripke::Agent> resolve_agents(const kripke::Play& play,
                                          const std::vector<AgentRef>& refs,
                                          const std::string& path);

// What each agent of `play` tells apart in an action step: per agent, event classes (every
// event its own class unless "indistinguishable" groups them), and arrows for the agents
// "arrows" names (empty for the others). InputError for an agent the play lacks or one given
// twice (by name and number, or in both).
struct EventRelations {
  std::vector<std::vector<std::uint32_t>> event_class;                // [agent][event]
  std::vector<std::vector<std::vector<std::uint32_t>>> event_arrows;  // [agent][event]
};
EventRelations event_relations(const kripke::Play& play, const ActionStep& step);

// Checks what reading alone cannot: that every formula's atoms and agents exist and every
// agent number is in range, against a play of the scenario's game. InputError otherwise.
void check_script(const Scenario& scenario, const kripke::Play& play);

}  // namespace kripkesim
