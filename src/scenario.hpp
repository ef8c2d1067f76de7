// Scenario files (docs/scenarios.md): a game config plus a "script" of steps — moves,
// announcements, observations, and expectations about who knows what. This file reads
// and checks them; scenario_runner.hpp plays them.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "formula_input.hpp"
#include "kripke/config_reader.hpp"
#include "kripke/game.hpp"

namespace kripkesim {

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
  std::vector<kripke::Agent> agents;
  std::vector<UserFormula> formulas;  // the agents learn the truth value of each
};
struct ExpectStep {  // {"expect": "<formula>"}: true at the actual world
  UserFormula formula;
};
enum class AgentStatistic { Possible, Relations };
struct ExpectPerAgentStep {  // {"expect_possible": {"1": 10}}, {"expect_relations": {...}}
  AgentStatistic statistic = AgentStatistic::Possible;
  std::vector<std::pair<kripke::Agent, std::uint64_t>> expected;
};
struct ExpectWorldsStep {  // {"expect_worlds": N}: the number of alive worlds
  std::uint64_t worlds = 0;
};
struct ExpectWinnersStep {             // {"expect_winners": [2, 3]}: exactly these agents have won
  std::vector<kripke::Agent> winners;  // sorted
};
// {"expect_event": {"event": "hints", "values": {"/worlds": 9}}}: the last logged event of
// that kind has these values at these JSON pointers (what a game shows rather than knows,
// such as nine-card's hint table)
struct ExpectEventStep {
  std::string event;
  std::vector<std::pair<std::string, kripke::Json>> values;  // JSON pointer, value
};

using StepAction =
    std::variant<MoveStep, PlayStep, AnnounceStep, ObserveStep, ExpectStep, ExpectPerAgentStep,
                 ExpectWorldsStep, ExpectWinnersStep, ExpectEventStep>;

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

// A scenario file read (not yet played); FileError on any problem.
Scenario load_scenario(const std::string& file);

// Checks what reading alone cannot: that every formula's atoms and agents exist and every
// agent number is in range, against a play of the scenario's game. InputError otherwise.
void check_script(const Scenario& scenario, const kripke::Play& play);

}  // namespace kripkesim
