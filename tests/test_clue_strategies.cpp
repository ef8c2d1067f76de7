// Clue's suggestion strategies and show policies, each checked against what the player
// knows according to formulas evaluated on the model (not the strategies' own Outlook).
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <set>

#include "clue_test_support.hpp"

using namespace clue_test;
using namespace kripke::clue;

namespace {

// ClueModel's interface example deal: 2 holds Green, 3 holds rope.
Json interface_deal() {
  return {{"hands", Json::array({{"axe", "candle", "dagger"},
                                 {"Green", "lead", "handgun"},
                                 {"rope", "Mustard", "Plum"}})},
          {"envelope", {"wrench", "Scarlet"}}};
}

// A play on the default deck after a few moves, so that players know some cards.
struct Midgame : Started {
  explicit Midgame(const kripke::Game& game) : Started(game) {
    play().scripted_move({{"cards", {"lead", "Scarlet"}}}, "/m");               // 1 asks 2: lead
    play().scripted_move({{"cards", {"rope", "Green"}}}, "/m");                 // 2 asks 3: rope
    play().scripted_move({{"cards", {"axe", "Plum"}}, {"show", "axe"}}, "/m");  // 3 asks 1
  }
  const Tables& tables() const { return static_cast<const CluePlay&>(runner.play()).tables(); }
  Outlook view(kripke::Agent p) { return outlook(tables(), play().model(), p); }
  std::string name(int card) const { return tables().rules().card_names[card]; }
  std::string player(kripke::Agent p) const { return std::to_string(p + 1); }
  // Whether p knows where the card is, by formulas: some place it knows.
  bool knows_place(kripke::Agent p, int card) {
    std::string any = "K" + player(p) + " env(" + name(card) + ")";
    for (kripke::Agent q = 0; q < 3; ++q)
      any += " | K" + player(p) + " has(" + player(q) + "," + name(card) + ")";
    return holds(any);
  }
  bool knows_not_held(kripke::Agent p, kripke::Agent q, int card) {
    return holds("K" + player(p) + " ~has(" + player(q) + "," + name(card) + ")");
  }
  std::vector<int> suggestion(Strategy strategy, kripke::Agent p, std::uint64_t seed) {
    return chosen(strategy, p, seed).cards;
  }
  Suggestion chosen(Strategy strategy, kripke::Agent p, std::uint64_t seed) {
    kripke::Rng rng(seed);
    const Outlook o = view(p);
    const auto order = ask_order(tables().rules(), p);
    return suggest(strategy, {tables(), p, o, order}, rng);
  }
};

const Json kSeed3Rules = Json::object();

}  // namespace

TEST_CASE("[clue] every strategy suggests one card per category") {
  const auto game = make_clue(kSeed3Rules, {}, interface_deal());
  Midgame g(*game);
  for (std::size_t s = 0; s < strategy_names().size(); ++s)
    for (kripke::Agent p = 0; p < 3; ++p)
      for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const auto cards = g.suggestion(Strategy(s), p, seed);
        REQUIRE(cards.size() == 2);
        CHECK(g.tables().rules().card_category[cards[0]] == 0);
        CHECK(g.tables().rules().card_category[cards[1]] == 1);
      }
}

TEST_CASE("[clue] not-own and one-own: how many of the player's own cards") {
  const auto game = make_clue(kSeed3Rules, {}, interface_deal());
  Midgame g(*game);
  std::set<int> own_counts;  // of one-own's suggestions, over every player and seed
  for (kripke::Agent p = 0; p < 3; ++p)
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
      auto own = [&](const std::vector<int>& cards) {
        int n = 0;
        for (int c : cards) n += g.holds("has(" + g.player(p) + "," + g.name(c) + ")");
        return n;
      };
      CHECK(own(g.suggestion(Strategy::NotOwn, p, seed)) == 0);
      // One of its own cards, the other category any card (ClueModel's
      // pick_one_other_card), so sometimes its own too: players 2 and 3 hold a suspect.
      const int n = own(g.suggestion(Strategy::OneOwn, p, seed));
      CHECK(n >= 1);
      own_counts.insert(n);
    }
  CHECK(own_counts == std::set<int>{1, 2});
}

TEST_CASE("[clue] unknown, one-unknown and reasoning: cards whose place the player does not know") {
  const auto game = make_clue(kSeed3Rules, {}, interface_deal());
  Midgame g(*game);
  for (kripke::Agent p = 0; p < 3; ++p)
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
      for (int c : g.suggestion(Strategy::Unknown, p, seed)) CHECK_FALSE(g.knows_place(p, c));
      int unknown = 0;
      for (int c : g.suggestion(Strategy::OneUnknown, p, seed)) unknown += !g.knows_place(p, c);
      CHECK(unknown == 1);
      // reasoning (ClueModel's condition): one unknown card the next player may hold, the
      // other one whose place is known and is not the next player.
      const kripke::Agent next = (p + 1) % 3;
      const auto cards = g.suggestion(Strategy::Reasoning, p, seed);
      auto unknown_maybe_next = [&](int c) {
        return !g.knows_place(p, c) && !g.knows_not_held(p, next, c);
      };
      auto known_elsewhere = [&](int c) {
        return g.knows_place(p, c) && g.knows_not_held(p, next, c);
      };
      CHECK(((unknown_maybe_next(cards[0]) && known_elsewhere(cards[1])) ||
             (unknown_maybe_next(cards[1]) && known_elsewhere(cards[0]))));
    }
}

namespace {

// An outlook of player 1 with the given places per card name (numbers are players 1..3,
// 0 the envelope), for checking a strategy's rule on a chosen state of knowledge.
Outlook outlook_with(const Rules& rules, Outlook base,
                     const std::map<std::string, std::vector<int>>& places) {
  for (const auto& [name, where] : places) {
    const auto card =
        std::size_t(std::find(rules.card_names.begin(), rules.card_names.end(), name) -
                    rules.card_names.begin());
    base.places[card] = 0;
    for (int place : where)
      base.places[card] |= std::uint32_t{1} << (place == 0 ? rules.envelope() : place - 1);
  }
  return base;
}

}  // namespace

TEST_CASE(
    "[clue] reasoning: an unknown card the next player may hold, preferably also the envelope's") {
  const auto game = make_clue(kSeed3Rules, {}, interface_deal());
  Midgame g(*game);
  const auto& t = g.tables();
  const Rules& rules = t.rules();
  // Player 1 asks player 2. Unknown and possibly 2's: candle, lead, Plum (also possibly the
  // envelope's), dagger and Green (not the envelope's). Known and not 2's: axe, handgun,
  // wrench, Scarlet, Mustard.
  const Outlook o = outlook_with(rules, g.view(0),
                                 {{"axe", {1}},
                                  {"candle", {2, 0}},
                                  {"dagger", {2, 3}},
                                  {"handgun", {3}},
                                  {"lead", {2, 3, 0}},
                                  {"rope", {3, 0}},
                                  {"wrench", {1}},
                                  {"Scarlet", {1}},
                                  {"Mustard", {3}},
                                  {"Green", {2, 3}},
                                  {"Plum", {2, 3, 0}}});
  const std::set<std::string> preferred = {"candle", "lead", "Plum"};
  const std::set<std::string> known_elsewhere = {"axe", "handgun", "wrench", "Scarlet", "Mustard"};
  const auto order = ask_order(rules, 0);
  std::set<std::string> asked_unknown;
  for (std::uint64_t seed = 1; seed <= 120; ++seed) {
    kripke::Rng rng(seed);
    const auto cards = suggest(Strategy::Reasoning, {t, 0, o, order}, rng).cards;
    const std::string a = rules.card_names[std::size_t(cards[0])],
                      b = rules.card_names[std::size_t(cards[1])];
    const bool a_unknown = preferred.count(a) > 0;
    CHECK(a_unknown != (preferred.count(b) > 0));
    CHECK(known_elsewhere.count(a_unknown ? b : a) == 1);
    asked_unknown.insert(a_unknown ? a : b);
  }
  CHECK(asked_unknown == preferred);
}

TEST_CASE("[clue] unknown: a category without unknown cards offers any of its cards") {
  // As ClueModel's pick_unknown_cards: player 1 knows where every weapon is (its own axe,
  // candle and dagger, the others elsewhere, wrench in the envelope); its weapon is then
  // any weapon, its own and the envelope's included, and its suspect an unknown one.
  const auto game = make_clue(kSeed3Rules, {}, interface_deal());
  Midgame g(*game);
  const auto& t = g.tables();
  const Rules& rules = t.rules();
  Outlook o = g.view(0);
  const int envelope = rules.envelope();
  for (int card = 0; card < rules.card_count(); ++card) {
    if (rules.card_category[std::size_t(card)] != 0) continue;
    const std::string& name = rules.card_names[std::size_t(card)];
    const int place = name == "wrench"                      ? envelope
                      : name == "rope"                      ? 2
                      : name == "lead" || name == "handgun" ? 1
                                                            : 0;
    o.places[std::size_t(card)] = std::uint32_t{1} << place;
  }
  const auto order = ask_order(rules, 0);
  std::set<std::string> weapons;
  for (std::uint64_t seed = 1; seed <= 80; ++seed) {
    kripke::Rng rng(seed);
    const auto cards = suggest(Strategy::Unknown, {t, 0, o, order}, rng).cards;
    weapons.insert(rules.card_names[std::size_t(cards[0])]);
    CHECK_FALSE(o.knows_place(cards[1]));
  }
  CHECK(weapons.count("axe") == 1);
  CHECK(weapons.count("wrench") == 1);
  CHECK(weapons.size() >= 5);
}

TEST_CASE("[clue] info-gain minimises the expected entropy of the envelope") {
  const auto game = make_clue(kSeed3Rules, {}, interface_deal());
  Midgame g(*game);
  const auto& t = g.tables();
  for (kripke::Agent p = 0; p < 3; ++p) {
    // Independently: the deals p considers possible, from the model's worlds.
    std::vector<DealIndex> deals;
    const auto& m = g.play().model();
    for (kripke::World w : m.partition(p).class_containing(m.actual()))
      if (m.alive().test(w)) deals.push_back(m.valuation(w));
    std::sort(deals.begin(), deals.end());
    deals.erase(std::unique(deals.begin(), deals.end()), deals.end());
    const kripke::Agent next = (p + 1) % 3;
    auto expected_entropy = [&](int weapon, int suspect) {
      std::map<int, std::map<std::vector<int>, double>> joint;  // outcome -> envelope -> P
      for (DealIndex d : deals) {
        std::vector<int> held;
        for (int c : {weapon, suspect})
          if (t.holds(d, next, c)) held.push_back(c);
        if (held.empty()) held.push_back(-1);
        for (int c : held)
          joint[c][t.envelope_cards(d)] += 1.0 / double(held.size()) / double(deals.size());
      }
      double h = 0;
      for (const auto& [outcome, envelopes] : joint) {
        double p_o = 0;
        for (const auto& [e, pr] : envelopes) p_o += pr;
        for (const auto& [e, pr] : envelopes) h -= pr * std::log(pr / p_o);
      }
      return h;
    };
    double best = 1e9;
    for (int w = 0; w < 7; ++w)
      for (int s = 7; s < 11; ++s) best = std::min(best, expected_entropy(w, s));
    // The envelope's entropy now, and the information of a suggestion in bits.
    std::map<std::vector<int>, double> envelopes;
    for (DealIndex d : deals) envelopes[t.envelope_cards(d)] += 1.0 / double(deals.size());
    double now = 0;
    for (const auto& [e, pr] : envelopes) now -= pr * std::log(pr);
    auto bits = [&](int weapon, int suspect) {
      return (now - expected_entropy(weapon, suspect)) / std::log(2.0);
    };
    std::size_t tied = 0;
    for (int w = 0; w < 7; ++w)
      for (int s = 7; s < 11; ++s) tied += expected_entropy(w, s) < best + 1e-9;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      const Suggestion chosen = g.chosen(Strategy::InfoGain, p, seed);
      const auto& cards = chosen.cards;
      CHECK(expected_entropy(cards[0], cards[1]) == Approx(best).margin(1e-9));
      // Its reason: the information of the suggestion, the ties, and the next best ones
      // with their own information, each below the chosen one's.
      const kripke::MoveReason& why = chosen.reason;
      CHECK(why.strategy == "info-gain");
      CHECK(why.considered == 28);
      REQUIRE(why.score);
      CHECK(*why.score == Approx(bits(cards[0], cards[1])).margin(1e-9));
      CHECK(why.tied == tied);
      REQUIRE(why.alternatives.size() == 3);
      double previous = *why.score;
      for (const kripke::ScoredMove& other : why.alternatives) {
        const auto split = other.move.find(" and ");
        const int w = *t.rules().find_card(other.move.substr(0, split));
        const int s = *t.rules().find_card(other.move.substr(split + 5));
        CHECK(other.score == Approx(bits(w, s)).margin(1e-9));
        CHECK(other.score < *why.score - 1e-12);
        CHECK(other.score <= previous + 1e-12);
        previous = other.score;
      }
    }
    // And it is a real choice: some suggestion is worse.
    double worst = 0;
    for (int w = 0; w < 7; ++w)
      for (int s = 7; s < 11; ++s) worst = std::max(worst, expected_entropy(w, s));
    CHECK(worst > best + 1e-6);
  }
}

TEST_CASE("[clue] a rule's reason counts the suggestions the rule allows") {
  const auto game = make_clue(kSeed3Rules, {}, interface_deal());
  Midgame g(*game);
  // not-own: no card of its own. Player 1 holds 3 weapons (4 x 4 left), player 2 two
  // weapons and a suspect (5 x 3), player 3 a weapon and two suspects (6 x 2).
  const std::size_t allowed[] = {16, 15, 12};
  for (kripke::Agent p = 0; p < 3; ++p) {
    const Suggestion s = g.chosen(Strategy::NotOwn, p, 1);
    CHECK(s.reason.strategy == "not-own");
    CHECK(s.reason.rule == "cards it does not hold");
    CHECK(s.reason.considered == allowed[p]);
    CHECK(!s.reason.score);
    CHECK(g.chosen(Strategy::Random, p, 1).reason.considered == 28);
  }
  // one-own: one of its own cards and any card of the other category, counted once:
  // player 1 (3 weapons): 3 x 4 suggestions.
  CHECK(g.chosen(Strategy::OneOwn, 0, 1).reason.considered == 12);
  // player 2 (2 weapons, 1 suspect): 2 x 4 + 7 x 1 - 2 x 1 (counted twice) = 13.
  CHECK(g.chosen(Strategy::OneOwn, 1, 1).reason.considered == 13);
}

TEST_CASE("[clue] show policies when the answerer holds both cards") {
  const auto game = make_clue(kSeed3Rules, {}, interface_deal());
  Midgame g(*game);
  const auto& rules = g.tables().rules();
  const int lead = *rules.find_card("lead"), green = *rules.find_card("Green");
  // Player 1 has seen lead from player 2, so lead tells it nothing new: min-leak shows it.
  REQUIRE(g.holds("K1 has(2,lead) & ~Kw1 has(2,Green)"));
  const Outlook asker = g.view(0);
  std::set<int> random_choices;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    kripke::Rng rng(seed);
    CHECK(choose_shown(ShowPolicy::MinLeak, g.tables(), {lead, green}, 0, 1, asker, rng) == lead);
    CHECK(choose_shown(ShowPolicy::ShownBefore, g.tables(), {lead, green},
                       std::uint64_t{1} << green, 1, asker, rng) == green);
    random_choices.insert(
        choose_shown(ShowPolicy::Random, g.tables(), {lead, green}, 0, 1, asker, rng));
  }
  CHECK(random_choices.size() == 2);
}
