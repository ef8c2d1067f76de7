#include "scenario.hpp"

#include <algorithm>
#include <filesystem>

#include "config_file.hpp"
#include "file_error.hpp"

namespace kripkesim {
namespace {

using kripke::InputError;
using kripke::Json;
using kripke::ObjectReader;

// Agents are numbered from 1 in files.
kripke::Agent agent_number(const Json& v, const std::string& path) {
  return kripke::Agent(ObjectReader::integer_value(v, path, 1, 1'000'000) - 1);
}

kripke::Agent agent_key(const std::string& key, const std::string& path) {
  const bool digits =
      !key.empty() && key.size() <= 6 && key.find_first_not_of("0123456789") == std::string::npos;
  if (!digits || std::stoi(key) < 1)
    throw InputError("'" + key + "' is not an agent number (1, 2, ...)", path);
  return std::stoi(key) - 1;
}

// A list of distinct agent numbers, sorted.
std::vector<kripke::Agent> agent_list(const Json& v, const std::string& path) {
  std::vector<kripke::Agent> agents;
  const Json& list = kripke::array_at(v, path);
  for (std::size_t k = 0; k < list.size(); ++k) {
    const kripke::Agent a = agent_number(list[k], path + "/" + std::to_string(k));
    if (std::find(agents.begin(), agents.end(), a) != agents.end())
      throw InputError("agent " + std::to_string(a + 1) + " is listed twice", path);
    agents.push_back(a);
  }
  std::sort(agents.begin(), agents.end());
  return agents;
}

UserFormula formula(const Json& v, const std::string& path) {
  return parse_user_formula(ObjectReader::string_value(v, path), path);
}

StepAction read_move(const Json& v, const std::string&) { return MoveStep{v}; }

StepAction read_play(const Json& v, const std::string& path) {
  return PlayStep{int(ObjectReader::integer_value(v, path, 1, 1'000'000))};
}

StepAction read_announce(const Json& v, const std::string& path) {
  return AnnounceStep{formula(v, path)};
}

StepAction read_observe(const Json& v, const std::string& path) {
  ObjectReader r(v, path);
  ObserveStep step;
  step.agents = agent_list(r.required("agents"), r.path_of("agents"));
  if (step.agents.empty()) throw InputError("no agent observes anything", r.path_of("agents"));
  const std::string formulas_path = r.path_of("formulas");
  const Json& formulas = kripke::array_at(r.required("formulas"), formulas_path);
  if (formulas.empty()) throw InputError("there is nothing to observe", formulas_path);
  // A world's key is the bit vector of the formulas' truth values (scenario_runner.cpp).
  if (formulas.size() > 64)
    throw InputError("at most 64 formulas can be observed at once", formulas_path);
  for (std::size_t k = 0; k < formulas.size(); ++k)
    step.formulas.push_back(formula(formulas[k], formulas_path + "/" + std::to_string(k)));
  r.done();
  return step;
}

StepAction read_expect(const Json& v, const std::string& path) {
  return ExpectStep{formula(v, path)};
}

StepAction read_per_agent(AgentStatistic statistic, const Json& v, const std::string& path) {
  if (!v.is_object() || v.empty())
    throw InputError("expected an object from agent numbers to counts, like {\"1\": 4}", path);
  ExpectPerAgentStep step{statistic, {}};
  for (auto it = v.begin(); it != v.end(); ++it) {
    const std::string at = path + "/" + it.key();
    step.expected.emplace_back(agent_key(it.key(), at),
                               std::uint64_t(ObjectReader::integer_value(it.value(), at, 0)));
  }
  return step;
}

StepAction read_expect_possible(const Json& v, const std::string& path) {
  return read_per_agent(AgentStatistic::Possible, v, path);
}

StepAction read_expect_relations(const Json& v, const std::string& path) {
  return read_per_agent(AgentStatistic::Relations, v, path);
}

StepAction read_expect_worlds(const Json& v, const std::string& path) {
  return ExpectWorldsStep{std::uint64_t(ObjectReader::integer_value(v, path, 0))};
}

StepAction read_expect_winners(const Json& v, const std::string& path) {
  return ExpectWinnersStep{agent_list(v, path)};
}

// A well-formed JSON pointer (RFC 6901) to a part of a document, not the whole.
bool is_part_pointer(const std::string& s) {
  if (s.empty()) return false;
  try {
    static_cast<void>(Json::json_pointer(s));
    return true;
  } catch (const Json::exception&) {
    return false;
  }
}

StepAction read_expect_event(const Json& v, const std::string& path) {
  ObjectReader r(v, path);
  ExpectEventStep step;
  step.event = r.required_string("event");
  const std::string at = r.path_of("values");
  const Json& values = r.required("values");
  r.done();
  if (!values.is_object() || values.empty())
    throw InputError("expected an object of JSON pointers and values, e.g. {\"/worlds\": 9}", at);
  for (const auto& [pointer, value] : values.items()) {
    if (!is_part_pointer(pointer))
      throw InputError("'" + pointer +
                           "' is not a JSON pointer into the event (/worlds, "
                           "/questions/0/best)",
                       at);
    step.values.emplace_back(pointer, value);
  }
  return step;
}

struct ActionKind {
  const char* key;
  StepAction (*read)(const Json& value, const std::string& path);
};

// Every step type: its key and its reader. A new step type adds a line here.
constexpr ActionKind kActions[] = {
    {"move", read_move},
    {"play", read_play},
    {"announce", read_announce},
    {"observe", read_observe},
    {"expect", read_expect},
    {"expect_possible", read_expect_possible},
    {"expect_relations", read_expect_relations},
    {"expect_worlds", read_expect_worlds},
    {"expect_winners", read_expect_winners},
    {"expect_event", read_expect_event},
};

Step read_step(const Json& json, std::size_t index) {
  ObjectReader r(json, "/script/" + std::to_string(index));
  std::vector<const ActionKind*> present;
  std::vector<std::string> keys;
  for (const ActionKind& kind : kActions) {
    keys.push_back(kind.key);
    if (r.has(kind.key)) present.push_back(&kind);
  }
  Step step;
  step.index = index;
  step.comment = r.string("comment", "");
  r.done();
  if (present.size() != 1) {
    std::string found;
    for (const ActionKind* kind : present)
      found += (found.empty() ? "" : " and ") + std::string(kind->key);
    throw InputError("a step has exactly one action (" + ObjectReader::join(keys) + ")" +
                         (found.empty() ? "; this one has none" : "; this one has " + found),
                     r.path());
  }
  step.key = present[0]->key;
  step.path = r.path_of(step.key);
  step.json = Json{{step.key, json[step.key]}};
  step.action = present[0]->read(json[step.key], step.path);
  return step;
}

void check_agent(kripke::Agent a, const kripke::Play& play, const std::string& path) {
  const std::size_t n = play.model().agent_count();
  if (std::size_t(a) >= n)
    throw InputError(
        "there is no agent " + std::to_string(a + 1) + " (agents are 1.." + std::to_string(n) + ")",
        path);
}

}  // namespace

bool is_expectation(const StepAction& action) {
  return std::holds_alternative<ExpectStep>(action) ||
         std::holds_alternative<ExpectPerAgentStep>(action) ||
         std::holds_alternative<ExpectWorldsStep>(action) ||
         std::holds_alternative<ExpectWinnersStep>(action) ||
         std::holds_alternative<ExpectEventStep>(action);
}

void read_scenario_keys(ObjectReader& reader, Scenario& scenario) {
  scenario.name = reader.string("name", scenario.name);
  const std::string path = reader.path_of("script");
  const Json& script = kripke::array_at(reader.required("script"), path);
  for (std::size_t k = 0; k < script.size(); ++k)
    scenario.script.push_back(read_step(script[k], k));
}

Scenario load_scenario(const std::string& file) {
  return in_file(file, [&] {
    Scenario scenario;
    scenario.name = std::filesystem::path(file).stem().string();
    const Json document = read_json_file(file);
    scenario.config =
        read_config(document, [&](ObjectReader& r) { read_scenario_keys(r, scenario); });
    return scenario;
  });
}

void check_script(const Scenario& scenario, const kripke::Play& play) {
  for (const Step& step : scenario.script) {
    const auto agents = [&](const std::vector<kripke::Agent>& list) {
      for (kripke::Agent a : list) check_agent(a, play, step.path);
    };
    const auto formulas = [&](const UserFormula& phi) { truth_set(play, phi); };
    std::visit(
        [&](const auto& action) {
          using T = std::decay_t<decltype(action)>;
          if constexpr (std::is_same_v<T, AnnounceStep> || std::is_same_v<T, ExpectStep>) {
            formulas(action.formula);
          } else if constexpr (std::is_same_v<T, ObserveStep>) {
            agents(action.agents);
            for (const UserFormula& phi : action.formulas) formulas(phi);
          } else if constexpr (std::is_same_v<T, ExpectWinnersStep>) {
            agents(action.winners);
          } else if constexpr (std::is_same_v<T, ExpectPerAgentStep>) {
            for (const auto& [agent, count] : action.expected) check_agent(agent, play, step.path);
          }
        },
        step.action);
  }
}

}  // namespace kripkesim
