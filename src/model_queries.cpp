#include "model_queries.hpp"

#include <fmt/format.h>

#include <optional>

#include "kripke/config_reader.hpp"

namespace kripkesim {
namespace {

std::string plural(std::size_t n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

}  // namespace

QueryAnswer answer_query(const kripke::Play& play, Query query, const UserFormula& phi,
                         OutputFormat format, std::size_t limit) {
  const kripke::WorldSet truth = truth_set(play, phi);
  const kripke::WorldSet& alive = play.model().alive();
  const std::size_t holding = truth.count(), worlds = alive.count();
  QueryAnswer answer;
  kripke::Json out = {{"formula", phi.text}, {"worlds", worlds}};

  if (query == Query::Count) {
    out["count"] = holding;
    answer.output = format == OutputFormat::Json ? out.dump() + "\n" : fmt::format("{}\n", holding);
    return answer;
  }

  if (query == Query::Valid) {
    const kripke::WorldSet failing = alive - truth;
    answer.holds = failing.none();
    out["valid"] = answer.holds;
    out["failing"] = failing.count();
    std::optional<kripke::World> first;
    failing.for_each([&](kripke::World w) {
      if (!first) first = w;
    });
    out["counterexample"] = answer.holds ? kripke::Json(nullptr) : play.world_json(*first);
    if (format == OutputFormat::Json) {
      answer.output = out.dump() + "\n";
    } else if (answer.holds) {
      answer.output = fmt::format("valid: true in all {}\n", plural(worlds, "world", "worlds"));
    } else {
      answer.output = fmt::format("not valid: false in {} of {}, for example {}\n", failing.count(),
                                  plural(worlds, "world", "worlds"), play.world_text(*first));
    }
    return answer;
  }

  // --where: the worlds, up to the limit, in the order of the model.
  kripke::Json listed = kripke::Json::array();
  std::string lines;
  std::size_t shown = 0;
  truth.for_each([&](kripke::World w) {
    if (limit && shown >= limit) return;
    ++shown;
    if (format == OutputFormat::Json) {
      listed.push_back(play.world_json(w));
    } else {
      lines += "  ";
      lines += play.world_text(w);
      lines += '\n';
    }
  });
  out["count"] = holding;
  out["where"] = listed;
  if (format == OutputFormat::Json) {
    out["listed"] = shown;
    answer.output = out.dump() + "\n";
    return answer;
  }
  answer.output = fmt::format("{} of {}:\n", plural(holding, "world", "worlds"), worlds) + lines;
  if (shown < holding)
    answer.output += fmt::format("  ... and {} more (--limit 0 lists them all)\n", holding - shown);
  return answer;
}

}  // namespace kripkesim
