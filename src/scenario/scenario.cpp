#include "scenario/scenario.hpp"

#include <algorithm>
#include <filesystem>
#include <unordered_set>

#include "input/config_file.hpp"
#include "output/file_error.hpp"

namespace kripkesim {
namespace {

using kripke::InputError;
using kripke::Json;
using kripke::ObjectReader;

// An agent as written: its number (1, 2, ...) or its name.
AgentRef agent_ref(const Json& v, const std::string& path) {
  if (v.is_number_integer()) return {std::to_string(ObjectReader::integer_value(v, path, 1)), path};
  if (v.is_string() && !v.get<std::string>().empty()) return {v.get<std::string>(), path};
  throw InputError("expected an agent: its number (1, 2, ...) or its name", path);
}

std::vector<AgentRef> agent_list(const Json& v, const std::string& path) {
  std::vector<AgentRef> agents;
  const Json& list = kripke::array_at(v, path);
  for (std::size_t k = 0; k < list.size(); ++k)
    agents.push_back(agent_ref(list[k], path + "/" + std::to_string(k)));
  return agents;
}

UserFormula formula(const Json& v, const std::string& path, FormulaTexts& texts) {
  return texts.parse(ObjectReader::string_value(v, path), path);
}

StepAction read_move(const Json& v, const std::string&, FormulaTexts&) { return MoveStep{v}; }

StepAction read_play(const Json& v, const std::string& path, FormulaTexts&) {
  return PlayStep{int(ObjectReader::integer_value(v, path, 1, 1'000'000))};
}

StepAction read_announce(const Json& v, const std::string& path, FormulaTexts& texts) {
  return AnnounceStep{formula(v, path, texts)};
}

StepAction read_observe(const Json& v, const std::string& path, FormulaTexts& texts) {
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
    step.formulas.push_back(formula(formulas[k], formulas_path + "/" + std::to_string(k), texts));
  r.done();
  return step;
}

// The index of the event named `name`, or an error naming the events.
std::size_t event_index(const ActionStep& step, const Json& v, const std::string& path) {
  const std::string name = ObjectReader::string_value(v, path);
  std::vector<std::string> names;
  for (std::size_t e = 0; e < step.events.size(); ++e) {
    if (step.events[e].name == name) return e;
    names.push_back(step.events[e].name);
  }
  throw InputError(
      "no event is named '" + name + "' (the events: " + ObjectReader::join(names) + ")", path);
}

// "arrows": {"bill": {"read": ["nothing"], "nothing": ["nothing"]}}: per agent, from every
// event the events it considers possible when that one happens.
void read_event_arrows(ActionStep& step, const Json& arrows, const std::string& at) {
  if (!arrows.is_object())
    throw InputError(
        "expected an object from agents to arrows, like {\"bill\": {\"read\": [\"nothing\"], "
        "\"nothing\": [\"nothing\"]}}",
        at);
  for (const auto& [agent, from] : arrows.items()) {
    const std::string agent_path = at + "/" + agent;
    if (!from.is_object())
      throw InputError("expected an object from each event to the events " + agent +
                           " considers possible when it happens",
                       agent_path);
    std::vector<std::vector<std::size_t>> sees(step.events.size());
    std::vector<bool> given(step.events.size(), false);
    for (const auto& [event, targets] : from.items()) {
      const std::string event_path = agent_path + "/" + event;
      const std::size_t e = event_index(step, Json(event), event_path);
      given[e] = true;
      const Json& list = kripke::array_at(targets, event_path);
      for (std::size_t k = 0; k < list.size(); ++k)
        sees[e].push_back(event_index(step, list[k], event_path + "/" + std::to_string(k)));
    }
    for (std::size_t e = 0; e < given.size(); ++e)
      if (!given[e])
        throw InputError("the arrows of " + agent + " leave out the event '" + step.events[e].name +
                             "': say which events " + agent +
                             " considers possible when it happens ([] for none)",
                         agent_path);
    step.arrows.emplace_back(AgentRef{agent, agent_path}, std::move(sees));
  }
}

StepAction read_action(const Json& v, const std::string& path, FormulaTexts& texts) {
  ObjectReader r(v, path);
  ActionStep step;
  const std::string events_path = r.path_of("events");
  const Json& events = kripke::array_at(r.required("events"), events_path);
  if (events.empty()) throw InputError("an action needs at least one event", events_path);
  for (std::size_t e = 0; e < events.size(); ++e) {
    ObjectReader er(events[e], events_path + "/" + std::to_string(e));
    ActionEvent event;
    event.name = er.required_string("name");
    if (event.name.empty())
      throw InputError("an event needs a name: the actual event and arrows refer to it",
                       er.path_of("name"));
    for (const ActionEvent& other : step.events)
      if (other.name == event.name)
        throw InputError("two events are named '" + event.name + "'", er.path_of("name"));
    event.precondition = formula(er.required("pre"), er.path_of("pre"), texts);
    if (const Json* post = er.find("post")) {
      event.postcondition = *post;
      event.postcondition_path = er.path_of("post");
    }
    er.done();
    step.events.push_back(std::move(event));
  }
  if (const Json* actual = r.find("actual")) {
    step.actual_path = r.path_of("actual");
    step.actual = event_index(step, *actual, step.actual_path);
  }
  if (const Json* groups = r.find("indistinguishable")) {
    const std::string at = r.path_of("indistinguishable");
    if (!groups->is_object())
      throw InputError(
          "expected an object from agents to groups of events, like {\"bob\": [[\"p\", "
          "\"not p\"]]}",
          at);
    for (const auto& [agent, list] : groups->items()) {
      const std::string agent_path = at + "/" + agent;
      std::vector<std::vector<std::size_t>> classes;
      std::vector<bool> placed(step.events.size(), false);
      const Json& items = kripke::array_at(list, agent_path);
      for (std::size_t g = 0; g < items.size(); ++g) {
        const std::string group_path = agent_path + "/" + std::to_string(g);
        const Json& group = kripke::array_at(items[g], group_path);
        std::vector<std::size_t> members;
        for (std::size_t k = 0; k < group.size(); ++k) {
          const std::string item_path = group_path + "/" + std::to_string(k);
          const std::size_t e = event_index(step, group[k], item_path);
          if (placed[e])
            throw InputError("the event '" + step.events[e].name + "' is in two of " + agent +
                                 "'s groups: an agent's groups are the sets of events it cannot "
                                 "tell apart, and do not overlap",
                             item_path);
          placed[e] = true;
          members.push_back(e);
        }
        classes.push_back(std::move(members));
      }
      step.indistinguishable.emplace_back(AgentRef{agent, agent_path}, std::move(classes));
    }
  }
  if (const Json* arrows = r.find("arrows")) read_event_arrows(step, *arrows, r.path_of("arrows"));
  std::string names;
  for (const ActionEvent& e : step.events) names += (names.empty() ? "" : " | ") + e.name;
  step.text = r.string("text", "action: " + names);
  r.done();
  return step;
}

StepAction read_expect(const Json& v, const std::string& path, FormulaTexts& texts) {
  return ExpectStep{formula(v, path, texts)};
}

StepAction read_per_agent(AgentStatistic statistic, const Json& v, const std::string& path) {
  if (!v.is_object() || v.empty())
    throw InputError("expected an object from agents to counts, like {\"1\": 4}", path);
  ExpectPerAgentStep step{statistic, {}};
  for (auto it = v.begin(); it != v.end(); ++it) {
    const std::string at = path + "/" + it.key();
    step.expected.emplace_back(AgentRef{it.key(), at},
                               std::uint64_t(ObjectReader::integer_value(it.value(), at, 0)));
  }
  return step;
}

StepAction read_expect_possible(const Json& v, const std::string& path, FormulaTexts&) {
  return read_per_agent(AgentStatistic::Possible, v, path);
}

StepAction read_expect_relations(const Json& v, const std::string& path, FormulaTexts&) {
  return read_per_agent(AgentStatistic::Relations, v, path);
}

StepAction read_expect_worlds(const Json& v, const std::string& path, FormulaTexts&) {
  return ExpectWorldsStep{std::uint64_t(ObjectReader::integer_value(v, path, 0))};
}

StepAction read_expect_winners(const Json& v, const std::string& path, FormulaTexts&) {
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

StepAction read_expect_event(const Json& v, const std::string& path, FormulaTexts&) {
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
  StepAction (*read)(const Json& value, const std::string& path, FormulaTexts& texts);
};

// Every step type: its key and its reader. A new step type adds a line here.
constexpr ActionKind kActions[] = {
    {"move", read_move},
    {"play", read_play},
    {"announce", read_announce},
    {"observe", read_observe},
    {"action", read_action},
    {"expect", read_expect},
    {"expect_possible", read_expect_possible},
    {"expect_relations", read_expect_relations},
    {"expect_worlds", read_expect_worlds},
    {"expect_winners", read_expect_winners},
    {"expect_event", read_expect_event},
};

}  // namespace

Step read_step(const Json& json, std::size_t index) {
  FormulaTexts texts;
  return read_step(json, index, texts);
}

Step read_step(const Json& json, std::size_t index, FormulaTexts& texts) {
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
  step.action = present[0]->read(json[step.key], step.path, texts);
  return step;
}

EventRelations event_relations(const kripke::Play& play, const ActionStep& step) {
  const std::size_t agents = play.model().agent_count(), events = step.events.size();
  EventRelations out;
  out.event_arrows.resize(agents);
  for (std::size_t i = 0; i < agents; ++i) {
    std::vector<std::uint32_t> classes(events);
    for (std::size_t e = 0; e < events; ++e) classes[e] = std::uint32_t(e);
    out.event_class.push_back(std::move(classes));
  }
  std::vector<bool> given(agents, false);
  const auto once = [&](const AgentRef& ref) {
    const auto i = std::size_t(resolve_agent(play, ref));
    if (given[i])
      throw InputError("the agent " + play.agent_name(kripke::Agent(i)) +
                           " is given twice: one entry per agent, in \"indistinguishable\" or "
                           "\"arrows\"",
                       ref.path);
    given[i] = true;
    return i;
  };
  for (const auto& [ref, groups] : step.indistinguishable) {
    auto& classes = out.event_class[once(ref)];
    for (const auto& group : groups)
      for (std::size_t e : group) classes[e] = std::uint32_t(group.front());
  }
  for (const auto& [ref, sees] : step.arrows) {
    auto& arrows = out.event_arrows[once(ref)];
    for (const auto& targets : sees) arrows.emplace_back(targets.begin(), targets.end());
  }
  return out;
}

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
  FormulaTexts texts;
  for (std::size_t k = 0; k < script.size(); ++k)
    scenario.script.push_back(read_step(script[k], k, texts));
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

kripke::Agent resolve_agent(const kripke::Play& play, const AgentRef& ref) {
  const std::size_t n = play.model().agent_count();
  const std::string& key = ref.key;
  const bool digits =
      !key.empty() && key.size() <= 6 && key.find_first_not_of("0123456789") == std::string::npos;
  if (digits) {
    const int number = std::stoi(key);
    if (number >= 1 && std::size_t(number) <= n) return number - 1;
    throw InputError("there is no agent " + key + " (agents are 1.." + std::to_string(n) + ")",
                     ref.path);
  }
  const std::vector<std::string> names = play.agent_names_in_formulas();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == key) return kripke::Agent(i);
  throw InputError("there is no agent '" + key + "' (" +
                       (names.empty() ? "this game numbers its agents 1.." + std::to_string(n)
                                      : "the agents: " + ObjectReader::join(names)) +
                       ")",
                   ref.path);
}

std::vector<kripke::Agent> resolve_agents(const kripke::Play& play,
                                          const std::vector<AgentRef>& refs,
                                          const std::string& path) {
  std::vector<kripke::Agent> agents;
  for (const AgentRef& ref : refs) {
    const kripke::Agent a = resolve_agent(play, ref);
    if (std::find(agents.begin(), agents.end(), a) != agents.end())
      throw InputError(play.agent_name(a) + " is listed twice", path);
    agents.push_back(a);
  }
  std::sort(agents.begin(), agents.end());
  return agents;
}

void check_script(const Scenario& scenario, const kripke::Play& play) {
  std::unordered_set<const kripke::Formula*> checked;
  for (const Step& step : scenario.script) {
    // Checked, not evaluated: an unknown atom or agent is an error before anything is
    // played, and each formula is evaluated once, at its step. A formula the script repeats
    // is one parsed formula (FormulaTexts), checked once.
    const auto formulas = [&](const UserFormula& phi) {
      if (checked.insert(phi.formula.get()).second)
        evaluating(phi, [&] { play.check_formula(*phi.formula); });
    };
    std::visit(
        [&](const auto& action) {
          using T = std::decay_t<decltype(action)>;
          if constexpr (std::is_same_v<T, AnnounceStep> || std::is_same_v<T, ExpectStep>) {
            formulas(action.formula);
          } else if constexpr (std::is_same_v<T, ObserveStep>) {
            resolve_agents(play, action.agents, step.path);
            for (const UserFormula& phi : action.formulas) formulas(phi);
          } else if constexpr (std::is_same_v<T, ActionStep>) {
            for (const ActionEvent& e : action.events) {
              formulas(e.precondition);
              if (!e.postcondition.is_null())
                play.check_postcondition(e.postcondition, e.postcondition_path);
            }
            (void)event_relations(play, action);
            if (!action.arrows.empty()) play.check_belief_action(action.arrows.front().first.path);
          } else if constexpr (std::is_same_v<T, ExpectWinnersStep>) {
            resolve_agents(play, action.winners, step.path);
          } else if constexpr (std::is_same_v<T, ExpectPerAgentStep>) {
            for (const auto& [agent, count] : action.expected) resolve_agent(play, agent);
          }
        },
        step.action);
  }
}

}  // namespace kripkesim
