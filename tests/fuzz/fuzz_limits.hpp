// The limits the fuzz targets put on a config: models stay small, so that the fuzzer spends
// its time on inputs, not on building large (and legitimately slow) models a config asks for.
#pragma once

#include <cstdint>

#include "kripke/config_reader.hpp"

namespace kripke_fuzz {

constexpr std::uint64_t kFuzzMaxWorlds = 20'000;
constexpr std::uint64_t kFuzzMaxBddNodes = 100'000;
// Relations of any shape (listed models, actions with arrows) are held to max_memory.
constexpr std::uint64_t kFuzzMaxMemory = std::uint64_t{256} << 20;

inline void cap(kripke::Json& config, const char* key, std::uint64_t most) {
  const auto it = config.find(key);
  if (it == config.end() || !it->is_number_unsigned() || it->get<std::uint64_t>() > most)
    config[key] = most;
}

// max_worlds, max_memory and max_bdd_nodes (the symbolic engine's models likewise) at most
// the above.
inline void cap_worlds(kripke::Json& config) {
  if (!config.is_object()) return;
  cap(config, "max_worlds", kFuzzMaxWorlds);
  cap(config, "max_bdd_nodes", kFuzzMaxBddNodes);
  cap(config, "max_memory", kFuzzMaxMemory);
}

}  // namespace kripke_fuzz
