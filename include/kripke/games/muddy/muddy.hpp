// The muddy children (docs/games/muddy.md): n children, some muddy; each sees every forehead but
// its own. The father announces that at least one is muddy; then, round after round, the
// children say whether they know, and "nobody knows" is itself announced. With k muddy
// children the muddy ones know after k-1 such announcements.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kripke/deals.hpp"
#include "kripke/game.hpp"

namespace kripke::muddy {

struct Rules {
  int children = 3;
};

// What the explicit and the symbolic play share: the children, the actual muddy ones, and
// how they are named and logged.
class MuddyPlayBase : public Play {
 public:
  MuddyPlayBase(int children, std::vector<bool> muddy)
      : Play("muddy"), n_(children), actually_muddy_(std::move(muddy)) {}

  Json agents() const override {
    Json out = Json::array();
    for (int i = 0; i < n_; ++i) out.push_back({{"agent", i + 1}, {"name", agent_name(i)}});
    return out;
  }
  std::string agent_name(Agent i) const override { return "child " + std::to_string(i + 1); }
  Json knowledge(Agent i) const override {
    return {{"muddy", bool(actually_muddy_[std::size_t(i)])}};
  }
  Json deal() const override { return {{"muddy", children_json(actually_muddy_)}}; }
  Json actual_world_json() const override { return children_json(actually_muddy_); }
  // "You consider 1 world possible" would say "you know": a child is asked instead.
  bool shows_counts() const override { return false; }
  // A round of "nobody knows" is the children's move.
  std::optional<Json> replayed_move(const std::vector<LogRecord>& turn) const override {
    for (const LogRecord& r : turn)
      if (r.value("event", "") == "update" && r.value("text", "") == kNobodyKnowsText)
        return Json("nobody-knows");
    return std::nullopt;
  }

 protected:
  // [2, 3]: the muddy children of a world.
  static Json children_json(const std::vector<bool>& muddy) {
    Json out = Json::array();
    for (std::size_t i = 0; i < muddy.size(); ++i)
      if (muddy[i]) out.push_back(i + 1);
    return out;
  }
  // "muddy 2 3", or "nobody muddy".
  static std::string children_text(const Json& children) {
    std::string text = "muddy";
    for (const Json& child : children) {
      text += ' ';
      text += child.dump();
    }
    return text == "muddy" ? "nobody muddy" : text;
  }
  // A world a user names by its muddy children ([2, 3], as world_json writes it).
  std::vector<bool> children_named(const Json& name, const std::string& path) const {
    std::vector<bool> muddy(static_cast<std::size_t>(n_), false);
    for (const Json& child : name) {
      if (!child.is_number_unsigned() || child.get<std::uint64_t>() < 1 ||
          child.get<std::uint64_t>() > std::uint64_t(n_))
        throw InputError("expected the muddy children's numbers, 1 to " + std::to_string(n_), path);
      muddy[child.get<std::size_t>() - 1] = true;
    }
    return muddy;
  }

  FormulaPtr muddy(int i) const { return f::atom("muddy", {std::to_string(i + 1)}); }
  FormulaPtr father_formula() const {
    std::vector<FormulaPtr> someone;
    for (int i = 0; i < n_; ++i) someone.push_back(muddy(i));
    return f::any_of(someone);
  }
  FormulaPtr nobody_knows_formula() const {
    std::vector<FormulaPtr> nobody;
    for (int i = 0; i < n_; ++i) nobody.push_back(f::neg(f::knows_whether(i, muddy(i))));
    return f::all_of(nobody);
  }
  // The transcript's first line: "muddy 2 3 (each child sees every forehead but its own)".
  void say_who_is_muddy() const {
    std::string text = "  muddy";
    for (int i = 0; i < n_; ++i)
      if (actually_muddy_[std::size_t(i)]) text += " " + std::to_string(i + 1);
    emit_text(text + " (each child sees every forehead but its own)");
  }
  static constexpr const char* kFatherText = "father: at least one of you is muddy";
  static constexpr const char* kNobodyKnowsText = "nobody knows whether they are muddy";

  int n_;
  std::vector<bool> actually_muddy_;
};

inline std::vector<bool> muddy_bits(int n, std::uint64_t mask) {
  std::vector<bool> out(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) out[std::size_t(i)] = (mask >> i) & 1U;
  return out;
}

// A world is a bitmask: bit i set = child i (0-based) is muddy. Worlds are all 2^n masks,
// so a world's index is its own valuation.
class MuddyPlay final : public MuddyPlayBase {
 public:
  MuddyPlay(const Rules& rules, std::uint32_t actual)
      : MuddyPlayBase(rules.children, muddy_bits(rules.children, actual)) {
    const std::size_t worlds = std::size_t{1} << n_;
    std::vector<Partition> partitions;
    for (int i = 0; i < n_; ++i) {
      // Child i sees everything but its own forehead: it cannot tell w from w with bit i
      // flipped, a partition by hidden bits that takes no memory per world.
      partitions.push_back(Partition::hiding_bits(worlds, World{1} << i));
      // muddy(i) holds in the worlds with bit i set; computed once, as formulas name it often.
      muddy_truth_.emplace_back(worlds);
      for (std::size_t w = std::size_t{1} << i; w < worlds; w = (w + 1) | (std::size_t{1} << i))
        muddy_truth_.back().set(World(w));
    }
    model_ = Model(std::move(partitions), actual);
  }

  void setup() override {
    say_who_is_muddy();
    announce(father_formula(), kFatherText);
  }

  TurnOutcome play_turn(Rng&) override {
    return announce_nobody_knows().changed() ? TurnOutcome::Continue : TurnOutcome::Stalled;
  }

  bool has_won(Agent i) const override {
    return knows_value(model_, i, [i](std::uint32_t w) { return (w >> i) & 1U; });
  }

  WorldSet atom(const Formula& a, const Model& m) const override {
    if (a.name != "muddy" || a.args.size() != 1)
      throw FormulaError("unknown atom '" + a.name + "' (muddy children know muddy(i))", a.column);
    return worlds_with_valuation_in(m, muddy_truth_[child_number(a.args[0], a.column)]);
  }

  void scripted_move(const Json& move, const std::string& path) override {
    if (move != "nobody-knows")
      throw InputError("unknown muddy-children move (the only move is \"nobody-knows\")", path);
    announce_nobody_knows();
  }

  // A world as the muddy foreheads in it: "muddy 2 3", or "nobody muddy".
  Json world_json(World w) const override {
    return children_json(muddy_bits(n_, model_.valuation(w)));
  }
  std::string world_text(World w) const override { return children_text(world_json(w)); }
  // A world named by its muddy children ([2, 3], as world_json writes it) or its number.
  World world_named(const Json& name, const std::string& path) const override {
    if (!name.is_array()) return Play::world_named(name, path);
    std::uint32_t mask = 0;
    const std::vector<bool> muddy = children_named(name, path);
    for (int i = 0; i < n_; ++i)
      if (muddy[std::size_t(i)]) mask |= std::uint32_t{1} << i;
    return alive_world(World(mask), path);  // world w has valuation w (see above)
  }

 private:
  UpdateResult announce_nobody_knows() {
    return announce(nobody_knows_formula(), kNobodyKnowsText);
  }

  int child_number(const std::string& arg, std::size_t column) const {
    const bool digits =
        !arg.empty() && arg.size() < 4 && arg.find_first_not_of("0123456789") == std::string::npos;
    if (!digits || std::stoi(arg) < 1 || std::stoi(arg) > n_)
      throw FormulaError("muddy(" + arg + "): children are numbered 1.." + std::to_string(n_),
                         column);
    return std::stoi(arg) - 1;
  }

  std::vector<WorldSet> muddy_truth_;  // per child, over the 2^n valuations
};

}  // namespace kripke::muddy
