// The heart of Sleuth's tests: the counting engine against the explicit Kripke model.
//
// On reduced decks that enumerate, the same seeded games update both: the explicit model
// (every deal a world; each answer a private observation refining the asker's partition)
// and every player's counting engine. After every turn, for every player, the number of
// worlds it considers possible and, for every card and place, the number of those worlds
// with the card there must be equal. The `rules` engine must be sound: whatever it claims
// (holds, does not hold, the hidden gem), the exact engine knows too.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "kripke/game_loop.hpp"
#include "sleuth_test_support.hpp"

using namespace kripke;
using namespace kripke::sleuth;
using sleuth_test::make_sleuth;

namespace {

// Per card and place, the worlds of agent a's class (at the actual world) with the card
// there, read straight off the explicit model's deal table.
std::vector<std::uint64_t> explicit_counts(const SleuthPlay& play, Agent a, std::uint64_t& total) {
  const Model& m = play.model();
  const DealTable& table = play.tables().explicit_model->table();
  const int places = play.tables().rules.place_count();
  std::vector<std::uint64_t> at(std::size_t(table.card_count() * places), 0);
  total = 0;
  for (World w : m.partition(a).class_containing(m.actual())) {
    if (!m.alive().test(w)) continue;
    ++total;
    for (int card = 0; card < table.card_count(); ++card)
      ++at[std::size_t(card * places + table.slot(m.valuation(w), card))];
  }
  return at;
}

void check_engines_agree(const SleuthPlay& play) {
  const int places = play.tables().rules.place_count();
  for (Agent a = 0; a < play.players(); ++a) {
    std::uint64_t total = 0;
    const std::vector<std::uint64_t> at = explicit_counts(play, a, total);
    const PlacementCounts& counts = play.mind(a).exact().counts();
    INFO("player " << a + 1 << " at turn " << play.turn());
    REQUIRE(counts.total == BigCount(total));
    REQUIRE(play.model().possible(a) == total);
    for (int card = 0; card < play.tables().deck.size(); ++card)
      for (int p = 0; p < places; ++p)
        REQUIRE(counts.count(card, p) == BigCount(at[std::size_t(card * places + p)]));
    // The exact engine's verdict on the hidden gem is the explicit model's.
    const DealTable& table = play.tables().explicit_model->table();
    const bool model_knows = knows_value(play.model(), a, [&](std::uint32_t v) {
      for (int card = 0; card < table.card_count(); ++card)
        if (table.slot(v, card) == places - 1) return card;
      return -1;
    });
    CHECK(model_knows == play.mind(a).exact().known_card_at(places - 1).has_value());
  }
}

// Everything the rules engine claims, the exact engine knows too. And for the hidden gem the
// converse holds (docs/games/sleuth.md, "Why the rules find the hidden gem when counting
// does"): the exact engine knows it only when the literals exclude it from every hand,
// which is the rules' second way — so both know it after the same turns.
void check_rules_sound(const SleuthPlay& play) {
  const int hidden = play.tables().rules.hidden_place();
  for (Agent a = 0; a < play.players(); ++a) {
    const Mind& m = play.mind(a);
    for (int card = 0; card < play.tables().deck.size(); ++card) {
      for (int p = 0; p < play.players(); ++p) {
        const Status claim = m.rules().status(card, p);
        if (claim != Status::Unknown) REQUIRE(m.exact().status(card, p) == claim);
      }
      if (m.rules().in_game(card)) REQUIRE(m.exact().status(card, hidden) == Status::Lacks);
    }
    if (const auto gem = m.rules().hidden_gem()) REQUIRE(m.exact().known_card_at(hidden) == gem);
    REQUIRE(m.rules().hidden_gem().has_value() == m.exact().known_card_at(hidden).has_value());
  }
}

template <class Check>
void run_and_check(SleuthGame& game, std::uint64_t seed, Check&& check) {
  NullSink sink;
  GameRunner runner(game, seed, sink);
  runner.start();
  const auto& play = dynamic_cast<const SleuthPlay&>(runner.play());
  check(play);
  while (!runner.finished()) {
    runner.step();
    check(play);
  }
}

Json mixed_agents(int players, std::uint64_t seed) {
  const char* strategies[] = {"seed", "random", "info-gain"};
  const char* engines[] = {"exact", "rules"};
  Json agents = Json::array();
  for (int p = 0; p < players; ++p)
    agents.push_back({{"strategy", strategies[(std::uint64_t(p) + seed) % 3]},
                      {"engine", engines[(std::uint64_t(p) * 7 + seed) % 2]}});
  return agents;
}

}  // namespace

TEST_CASE("[sleuth][engines] 8 cards, hands 3/2/2: counting equals the Kripke model every turn") {
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    auto game = make_sleuth({{"rules",
                              {{"colours", {"R", "G"}},
                               {"types", {"D", "O"}},
                               {"quantities", {"S", "P"}},
                               {"players", 3}}},
                             {"agents", mixed_agents(3, seed)}});
    REQUIRE(game->tables().deals == BigCount(1680));  // 8!/(3!·2!·2!·1!)
    run_and_check(*game, seed, [](const SleuthPlay& play) {
      check_engines_agree(play);
      check_rules_sound(play);
    });
  }
}

TEST_CASE(
    "[sleuth][engines] 12 cards, hands 4/4/3 (138,600 worlds): counting equals the Kripke model") {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    auto game = make_sleuth(
        {{"rules", {{"colours", {"R", "G"}}, {"quantities", {"S", "P"}}, {"players", 3}}},
         {"agents", mixed_agents(3, seed)}});
    run_and_check(*game, seed, [](const SleuthPlay& play) {
      check_engines_agree(play);
      check_rules_sound(play);
    });
  }
}

TEST_CASE("[sleuth][engines] 8 cards, 4 players with 1/2/2/2: counting equals the Kripke model") {
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    auto game = make_sleuth({{"rules",
                              {{"colours", {"R", "G", "Y", "B"}},
                               {"types", {"D"}},
                               {"quantities", {"S", "P"}},
                               {"players", 4},
                               {"hand_sizes", {1, 2, 2, 2}}}},
                             {"agents", mixed_agents(4, seed)}});
    // 8 cards: hands of 1, 2, 2, 2 and the hidden gem: 8!/(1!·2!·2!·2!·1!) = 5040.
    REQUIRE(game->tables().deals == BigCount(5040));
    run_and_check(*game, seed, [](const SleuthPlay& play) {
      check_engines_agree(play);
      check_rules_sound(play);
    });
  }
}

TEST_CASE(
    "[sleuth][engines] 12 cards, 4 players with 3/3/3/2 (1,108,800 worlds): counting equals "
    "the Kripke model") {
  // The deck of the sleuth-capacity scenario, where counting knows more than the rules.
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    auto game =
        make_sleuth({{"rules", sleuth_test::capacity_deck()}, {"agents", mixed_agents(4, seed)}});
    REQUIRE(game->tables().deals == BigCount(1108800));  // 12!/(3!·3!·3!·2!·1!)
    run_and_check(*game, seed, [](const SleuthPlay& play) {
      check_engines_agree(play);
      check_rules_sound(play);
    });
  }
}

TEST_CASE("[sleuth][engines] the rules engine is sound on the full deck") {
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    auto game = make_sleuth({{"agents", mixed_agents(5, seed)}, {"max_turns", 200}});
    run_and_check(*game, seed, check_rules_sound);
  }
}

TEST_CASE("[sleuth][engines] info-gain's expected information matches the explicit model") {
  // For a player's class in the explicit model: I(hidden; answer) from the joint
  // distribution of (hidden gem, the asked player's matching cards) over its worlds.
  auto game = make_sleuth({{"rules",
                            {{"colours", {"R", "G"}},
                             {"types", {"D", "O"}},
                             {"quantities", {"S", "P"}},
                             {"players", 3}}}});
  NullSink sink;
  GameRunner runner(*game, 3, sink);
  runner.start();
  runner.step();
  runner.step();
  const auto& play = dynamic_cast<const SleuthPlay&>(runner.play());
  const Tables& t = play.tables();
  const DealTable& table = t.explicit_model->table();
  const int hidden = t.rules.hidden_place();
  for (Agent a = 0; a < play.players(); ++a) {
    for (std::size_t q = 0; q < t.questions.size(); ++q) {
      for (int asked = 0; asked < play.players(); ++asked) {
        if (asked == a) continue;
        std::map<std::pair<int, std::uint64_t>, double> joint;
        std::map<int, double> of_hidden;
        std::map<std::uint64_t, double> of_answer;
        double n = 0;
        for (World w : play.model().partition(a).class_containing(play.model().actual())) {
          int gem = 0;
          std::uint64_t answer = 0;
          for (int card = 0; card < table.card_count(); ++card) {
            if (table.slot(w, card) == hidden) gem = card;
            if (table.slot(w, card) == asked && t.questions[q].matches(t.deck.gem(card)))
              answer |= 1ULL << card;
          }
          joint[{gem, answer}] += 1;
          of_hidden[gem] += 1;
          of_answer[answer] += 1;
          n += 1;
        }
        double information = 0;
        for (const auto& [key, k] : joint)
          information += k / n * std::log2(k * n / (of_hidden[key.first] * of_answer[key.second]));
        const Mind& m = play.mind(a);
        const double computed = hidden_information(m.exact().information(), m.exact().counts(),
                                                   hidden, asked, t.matches[q]);
        INFO("player " << a + 1 << " asks " << asked + 1 << " " << t.questions[q].code());
        CHECK(computed == Approx(information).margin(1e-9));
      }
    }
  }
}

TEST_CASE("[sleuth][engines] the outcome records when each engine first knew, for every player") {
  // Every player runs both engines; the play's outcome says at which turn each first knew
  // the hidden gem. Stepping through mixed games checks it against the minds after every
  // turn, and at the end against the winners.
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    auto game = make_sleuth({{"agents", mixed_agents(5, seed)}, {"max_turns", 200}});
    NullSink sink;
    GameRunner runner(*game, seed, sink);
    runner.start();
    const auto& play = dynamic_cast<const SleuthPlay&>(runner.play());
    const int hidden = play.tables().rules.hidden_place();
    auto check_turn = [&] {
      const Json knew = play.outcome()["first_knew"];
      for (Agent a = 0; a < play.players(); ++a) {
        const Mind& m = play.mind(a);
        const Json& exact = knew["exact"][std::size_t(a)];
        const Json& rules = knew["rules"][std::size_t(a)];
        INFO("seed " << seed << ", player " << a + 1 << ", turn " << play.turn());
        CHECK(exact.is_null() == !m.exact().known_card_at(hidden).has_value());
        CHECK(rules.is_null() == !m.rules().hidden_gem().has_value());
        if (!exact.is_null()) CHECK(exact.get<int>() <= play.turn());
        // For the hidden gem the two engines agree, so they first know at the same turn.
        CHECK(exact == rules);
      }
    };
    check_turn();
    while (!runner.finished()) {
      runner.step();
      check_turn();
    }
    const GameResult result = runner.result();
    REQUIRE(result.reason == kripke::EndReason::Win);
    for (Agent a = 0; a < play.players(); ++a) {
      const bool won =
          std::find(result.winners.begin(), result.winners.end(), a) != result.winners.end();
      const Json& own =
          result.outcome["first_knew"][engine_name(play.mind(a).engine())][std::size_t(a)];
      // Winners knew by their own engine at the last turn; nobody else knew by its own.
      CHECK(own == (won ? Json(result.turns) : Json(nullptr)));
    }
  }
}

TEST_CASE("[sleuth][engines] info-gain players ask and win alike with either engine") {
  // info-gain reads exact probabilities whatever the engine, and both engines know the
  // hidden gem after the same turns: the same seed gives the same questions and winners.
  auto game_with = [](const char* engine) {
    const Json agent = {{"strategy", "info-gain"}, {"engine", engine}};
    return make_sleuth({{"agents", Json::array({agent, agent, agent, agent, agent})}});
  };
  const auto exact = game_with("exact");
  const auto rules = game_with("rules");
  for (std::uint64_t seed = 1; seed <= 2; ++seed) {
    sleuth_test::RecordingSink a, b;
    const GameResult ra = run_game(*exact, seed, a);
    const GameResult rb = run_game(*rules, seed, b);
    INFO("seed " << seed);
    CHECK(ra.turns == rb.turns);
    CHECK(ra.winners == rb.winners);
    CHECK(ra.outcome == rb.outcome);
    auto moves = [](const sleuth_test::RecordingSink& sink) {
      std::vector<LogRecord> out;
      for (const Event& e : sink.events)
        if (!e.record.is_null() && e.record["event"] == "move") out.push_back(e.record);
      return out;
    };
    CHECK(moves(a) == moves(b));
  }
}
