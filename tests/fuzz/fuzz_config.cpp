// libFuzzer target: any bytes as a config file, through everything `kripkesim validate` does
// with it (tests/fuzz/README is in docs/testing.md). Bad input must end as an InputError;
// anything else that escapes (another exception, a crash, a sanitizer report) is a bug.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "cli/validation.hpp"
#include "input/json_text.hpp"
#include "kripke/errors.hpp"

namespace {

// Models stay small, so that the fuzzer spends its time on inputs, not on building large
// (and legitimately slow) models the config asks for.
constexpr std::uint64_t kFuzzMaxWorlds = 20'000;

constexpr std::uint64_t kFuzzMaxBddNodes = 100'000;

void cap(kripke::Json& config, const char* key, std::uint64_t most) {
  const auto it = config.find(key);
  if (it == config.end() || !it->is_number_unsigned() || it->get<std::uint64_t>() > most)
    config[key] = most;
}

void cap_worlds(kripke::Json& config) {
  if (!config.is_object()) return;
  cap(config, "max_worlds", kFuzzMaxWorlds);
  cap(config, "max_bdd_nodes", kFuzzMaxBddNodes);  // the symbolic engine's models likewise
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    kripke::Json document = kripkesim::parse_json_text(text);
    cap_worlds(document);
    if (document.is_object() && document.contains("batch") && document["batch"].is_object()) {
      auto& batch = document["batch"];
      if (batch.contains("conditions") && batch["conditions"].is_array())
        for (auto& condition : batch["conditions"]) cap_worlds(condition);
    }
    kripkesim::validate_document(document);
  } catch (const kripke::InputError&) {
    // bad input, reported as such: what should happen
  }
  return 0;
}
