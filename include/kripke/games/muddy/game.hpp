// The muddy children's game: its rules, deals and engine. The explicit engine lists the
// 2^n worlds (up to 30 children, within the world and memory limits); the symbolic one
// (symbolic_play.hpp) keeps them in a BDD (up to 127 children). "engine": "auto" takes the
// faster: the explicit one up to kAutoExplicitChildren, the symbolic one beyond.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "kripke/game.hpp"
#include "kripke/game_catalog.hpp"
#include "kripke/games/muddy/muddy.hpp"
#include "kripke/games/muddy/symbolic_play.hpp"

namespace kripke::muddy {

class MuddyGame final : public Game {
 public:
  // The explicit engine's limit: a world is a 32-bit mask.
  static constexpr int kExplicitChildren = 30;
  // The explicit engine's memory per world: its partitions by hidden bits store nothing per
  // world, so this is the bitsets: muddy(i) for every child, and about 40 sets that the
  // play and evaluating "nobody knows" make and recycle (measured peaks: 115 MiB at n = 24, 471 MiB
  // at n = 26: 7.2 and 7.4 bytes per world).
  static std::uint64_t explicit_bytes_per_world(int children) {
    return (std::uint64_t(children) + 40) / 8;
  }
  // The symbolic engine's: exact 128-bit counts.
  static constexpr int kSymbolicChildren = 127;
  // Under "auto", the most children the explicit engine plays: where `kripkesim run` with
  // every child muddy takes about the same time on both engines (BuDDy's start-up favours
  // the explicit engine below, the 2^n worlds the symbolic one above); docs/performance.md
  // has the table.
  static constexpr int kAutoExplicitChildren = 14;

  explicit MuddyGame(GameConfig config) : Game(std::move(config)) {
    ObjectReader r(this->config().rules, "/rules");
    rules_.children = int(r.integer("children", rules_.children, 1, kSymbolicChildren));
    r.done();
    symbolic_ = choose_symbolic();
    if (!this->config().agents.empty())
      throw InputError("the muddy children take no agent settings", "/agents");
    if (!this->config().deal.is_null()) actual_ = read_deal(this->config().deal);
  }

  Json rules() const override { return {{"children", rules_.children}}; }
  bool symbolic() const { return symbolic_; }

  // Deal k is the set of muddy children with bitmask k + 1 (every non-empty set).
  std::size_t deal_count() const override {
    if (rules_.children >= 64) return std::numeric_limits<std::size_t>::max();
    return std::size_t((std::uint64_t{1} << rules_.children) - 1);
  }
  std::unique_ptr<Play> new_play_with_deal(Rng&, std::size_t k) const override {
    if (k >= deal_count()) throw std::out_of_range("muddy: no deal " + std::to_string(k));
    return play_with(muddy_bits(rules_.children, std::uint64_t(k) + 1));
  }

  std::unique_ptr<Play> new_play(Rng& rng) const override {
    if (!actual_.empty()) return play_with(actual_);
    // A random deal: any non-empty set of muddy children, uniformly (the same draw for both
    // engines up to 63 children, so a seed plays the same game on either).
    const int n = rules_.children;
    if (n < 64) return play_with(muddy_bits(n, 1 + rng.below((std::uint64_t{1} << n) - 1)));
    std::vector<bool> muddy(static_cast<std::size_t>(n));
    do {
      for (int i = 0; i < n; ++i) muddy[std::size_t(i)] = rng.below(2) == 1;
    } while (std::find(muddy.begin(), muddy.end(), true) == muddy.end());
    return play_with(muddy);
  }

 private:
  std::unique_ptr<Play> play_with(const std::vector<bool>& muddy) const {
    if (symbolic_)
      return std::make_unique<SymbolicMuddyPlay>(rules_.children, muddy, config().bdd_node_limit());
    std::uint32_t mask = 0;
    for (int i = 0; i < rules_.children; ++i)
      if (muddy[std::size_t(i)]) mask |= std::uint32_t{1} << i;
    return std::make_unique<MuddyPlay>(rules_, mask);
  }

  // The engine: as asked, or under "auto" the faster one (the explicit one when its model
  // fits, up to kAutoExplicitChildren).
  bool choose_symbolic() const {
    const std::string& engine = config().engine;
    if (engine == "symbolic") return true;
    const auto check_explicit = [&] {
      if (rules_.children > kExplicitChildren)
        throw InputError("the explicit engine lists 2^n worlds, up to " +
                             std::to_string(kExplicitChildren) +
                             " children: use \"engine\": \"symbolic\" (or \"auto\")",
                         "/rules/children");
      check_world_limit(BigCount{1} << rules_.children, config().limits(),
                        explicit_bytes_per_world(rules_.children), "/rules/children");
    };
    if (engine == "explicit") {
      check_explicit();
      return false;
    }
    if (rules_.children > kAutoExplicitChildren && !config().list_worlds) return true;
    try {
      check_explicit();
      return false;
    } catch (const InputError&) {
      return true;
    }
  }

  std::vector<bool> read_deal(const Json& deal) const {
    ObjectReader r(deal, "/deal");
    const Json& list = array_at(r.required("muddy"), "/deal/muddy");
    r.done();
    std::vector<bool> muddy(static_cast<std::size_t>(rules_.children), false);
    for (std::size_t k = 0; k < list.size(); ++k) {
      const std::string path = "/deal/muddy/" + std::to_string(k);
      const auto child = ObjectReader::integer_value(list[k], path, 1, rules_.children);
      if (muddy[std::size_t(child - 1)])
        throw InputError("child " + std::to_string(child) + " is listed twice", path);
      muddy[std::size_t(child - 1)] = true;
    }
    if (std::find(muddy.begin(), muddy.end(), true) == muddy.end())
      throw InputError("at least one child must be muddy (the father's announcement is truthful)",
                       "/deal/muddy");
    return muddy;
  }

  Rules rules_;
  bool symbolic_ = false;
  std::vector<bool> actual_;  // empty: dealt at random
};

// The game's entry in a catalog (game_catalog.hpp).
inline GameInfo game_info() {
  return {"muddy",
          "the muddy children (docs/games/muddy.md): an engine check with 2^n worlds",
          {},
          [](GameConfig c) { return std::make_unique<MuddyGame>(std::move(c)); },
          true};
}

}  // namespace kripke::muddy
