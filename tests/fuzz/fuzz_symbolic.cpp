// libFuzzer target: any bytes as a scenario of a model written in a config, played on both
// engines. Where both take it, they must agree: whether the expectations hold, and every
// logged update (worlds before and after, each agent's possible worlds, relations and
// knowledge). Bad input must end as an InputError on either engine; anything else that
// escapes, or a disagreement, is a bug.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "fuzz_limits.hpp"
#include "games/catalog.hpp"
#include "input/config_file.hpp"
#include "input/json_text.hpp"
#include "kripke/errors.hpp"
#include "scenario/scenario.hpp"
#include "scenario/scenario_runner.hpp"

namespace {

struct Updates final : kripke::EventSink {
  std::vector<kripke::LogRecord> records;
  void emit(const kripke::Event& e) override {
    if (e.record.is_object() && e.record.value("event", "") == "update")
      records.push_back(e.record);
  }
};

struct Outcome {
  bool passed = false;
  std::vector<kripke::LogRecord> updates;
};

// The scenario on one engine; nothing when that engine refuses it.
std::optional<Outcome> play_on(kripkesim::Scenario scenario, const std::string& engine) {
  try {
    kripkesim::games().set_engine(scenario.config, engine, "/engine");
    Updates updates;
    const kripkesim::ScenarioResult result = kripkesim::run_scenario(scenario, updates);
    return Outcome{result.passed(), std::move(updates.records)};
  } catch (const kripke::InputError&) {
    return std::nullopt;  // refused: a limit of this engine, or bad input
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  kripkesim::Scenario scenario;
  try {
    kripke::Json document = kripkesim::parse_json_text(text);
    if (!document.is_object() || document.value("game", "") != "model") return 0;
    kripke_fuzz::cap_worlds(document);
    scenario.config = kripkesim::read_config(
        document, [&](kripke::ObjectReader& r) { kripkesim::read_scenario_keys(r, scenario); });
  } catch (const kripke::InputError&) {
    return 0;
  }
  const std::optional<Outcome> expl = play_on(scenario, "explicit");
  const std::optional<Outcome> symb = play_on(scenario, "symbolic");
  if (!expl || !symb) return 0;
  if (expl->passed != symb->passed)
    throw std::logic_error("the engines disagree on the scenario's expectations");
  if (expl->updates != symb->updates) throw std::logic_error("the engines log different updates");
  return 0;
}
