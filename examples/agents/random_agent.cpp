// A seat-protocol agent (docs/agents.md) compiled, for the arena's overhead bench and as a
// starting point in C++: a random legal move and random choices, its generator seeded from
// its seat, so that a game with it is the same for the same kripkesim seed. It reads a line,
// answers when asked, and does nothing else: what it costs is the protocol's cost.
#include <iostream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

int main() {
  std::mt19937_64 rng(1);
  std::string line;
  while (std::getline(std::cin, line)) {
    const nlohmann::json message = nlohmann::json::parse(line, nullptr, false);
    if (message.is_discarded() || !message.is_object()) return 2;
    const std::string type = message.value("type", "");
    const auto pick = [&](const nlohmann::json& list) {
      return list.at(std::uniform_int_distribution<std::size_t>(0, list.size() - 1)(rng));
    };
    if (type == "hello") {
      rng.seed(message.value("seat", 1));
    } else if (type == "move") {
      std::cout << nlohmann::json{{"move", pick(message["legal_moves"])}}.dump() << std::endl;
    } else if (type == "choose") {
      std::cout << nlohmann::json{{"choice", pick(message["choices"])}}.dump() << std::endl;
    } else if (type == "end") {
      return 0;
    }
  }
  return 0;
}
