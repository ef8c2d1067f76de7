// libFuzzer target: any bytes as a config file, through everything `kripkesim validate` does
// with it (tests/fuzz/README is in docs/testing.md). Bad input must end as an InputError;
// anything else that escapes (another exception, a crash, a sanitizer report) is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "cli/validation.hpp"
#include "fuzz_limits.hpp"
#include "input/json_text.hpp"
#include "kripke/errors.hpp"

using kripke_fuzz::cap_worlds;

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
