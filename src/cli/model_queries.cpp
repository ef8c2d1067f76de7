#include "cli/model_queries.hpp"

#include <fmt/format.h>

#include <limits>

#include "kripke/config_reader.hpp"

namespace kripkesim {
namespace {

std::string worlds_text(kripke::BigCount n) {
  return kripke::to_string(n) + (n == 1 ? " world" : " worlds");
}

}  // namespace

QueryAnswer answer_query(const kripke::Play& play, Query query, const UserFormula& phi,
                         OutputFormat format, std::size_t limit) {
  const kripke::BigCount worlds = play.world_count();
  QueryAnswer answer;
  kripke::Json out = {{"formula", phi.text}, {"worlds", kripke::count_json(worlds)}};

  if (query == Query::Count) {
    const auto sample = evaluating(phi, [&] { return play.worlds_satisfying(*phi.formula, 0); });
    out["count"] = kripke::count_json(sample.count);
    answer.output =
        format == OutputFormat::Json ? out.dump() + "\n" : kripke::to_string(sample.count) + "\n";
    return answer;
  }

  if (query == Query::Valid) {
    const auto failing =
        evaluating(phi, [&] { return play.worlds_satisfying(*kripke::f::neg(phi.formula), 1); });
    answer.holds = failing.count == 0;
    out["valid"] = answer.holds;
    out["failing"] = kripke::count_json(failing.count);
    out["counterexample"] = answer.holds ? kripke::Json(nullptr) : failing.json.front();
    if (format == OutputFormat::Json) {
      answer.output = out.dump() + "\n";
    } else if (answer.holds) {
      answer.output = fmt::format("valid: true in all {}\n", worlds_text(worlds));
    } else {
      answer.output =
          fmt::format("not valid: false in {} of {}, for example {}\n",
                      kripke::to_string(failing.count), worlds_text(worlds), failing.text.front());
    }
    return answer;
  }

  // --where: the worlds, up to the limit, in the order of the model.
  const auto sample = evaluating(phi, [&] {
    return play.worlds_satisfying(*phi.formula,
                                  limit ? limit : std::numeric_limits<std::size_t>::max());
  });
  out["count"] = kripke::count_json(sample.count);
  if (format == OutputFormat::Json) {
    out["where"] = sample.json;
    out["listed"] = sample.json.size();
    answer.output = out.dump() + "\n";
    return answer;
  }
  answer.output = fmt::format("{} of {}:\n", worlds_text(sample.count), kripke::to_string(worlds));
  for (const std::string& line : sample.text) answer.output += "  " + line + "\n";
  if (sample.count > sample.text.size())
    answer.output += fmt::format("  ... and {} more (--limit 0 lists them all)\n",
                                 kripke::to_string(sample.count - sample.text.size()));
  return answer;
}

std::string frame_report(const kripke::Play& play, OutputFormat format) {
  if (!play.enumerates_worlds())
    throw kripke::InputError(
        "--frame: this game counts its worlds without listing them: its relations are "
        "partitions (S5) by construction, and --frame has nothing to read");
  const kripke::Model& m = play.model();
  kripke::Json agents = kripke::Json::array();
  std::string text;
  for (std::size_t i = 0; i < m.agent_count(); ++i) {
    const auto a = kripke::Agent(i);
    // A partition is an equivalence by construction.
    const kripke::FrameProperties f = m.has_partition(a)
                                          ? kripke::FrameProperties{true, true, true, true, true}
                                          : m.general_relation(a).properties(m.alive());
    const std::pair<const char*, bool> properties[] = {{"reflexive", f.reflexive},
                                                       {"serial", f.serial},
                                                       {"transitive", f.transitive},
                                                       {"euclidean", f.euclidean},
                                                       {"symmetric", f.symmetric}};
    kripke::Json entry = {{"agent", a + 1}, {"name", play.agent_name(a)}};
    std::string has, lacks;
    for (const auto& [name, holds] : properties) {
      entry[name] = holds;
      const std::string shown = std::string(name) == "euclidean" ? "Euclidean" : name;
      std::string& list = holds ? has : lacks;
      list += (list.empty() ? "" : ", ") + std::string(holds ? "" : "not ") + shown;
    }
    entry["logic"] = f.logic();
    // No arrow at all between the worlds still possible: the agent considers nothing
    // possible anywhere, so it believes everything, a contradiction too.
    const bool empty = !m.has_partition(a) && m.general_relation(a).pairs(m.alive()) == 0;
    entry["empty"] = empty;
    agents.push_back(std::move(entry));
    text += fmt::format("{}: {}{}{}{}\n", play.agent_name(a), f.logic(),
                        has.empty() ? "" : " (" + has + ")", lacks.empty() ? "" : "; " + lacks,
                        empty ? "; no arrows: it believes everything, even false" : "");
  }
  if (format == OutputFormat::Json) return kripke::Json({{"frame", agents}}).dump() + "\n";
  return text;
}

}  // namespace kripkesim
