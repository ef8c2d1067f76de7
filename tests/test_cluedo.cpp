// Cluedo, the game: the real deck and hand sizes, the count of deals a player considers
// possible at the start (a closed formula), whole games in which every player's knowledge
// only grows and always keeps the actual deal, a right accusation by whoever wins, wrong
// accusations that put players out, and the config errors.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "clue_test_support.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/games/cluedo/play.hpp"

using kripke::Agent;
using kripke::BigCount;
using kripke::Json;
namespace cl = kripke::cluedo;

namespace {

std::unique_ptr<cl::CluedoGame> make_cluedo(Json rules, Json agents = Json::array(),
                                            Json deal = nullptr) {
  kripke::GameConfig config;
  config.game = "cluedo";
  config.rules = std::move(rules);
  config.agents = std::move(agents);
  config.deal = std::move(deal);
  return std::make_unique<cl::CluedoGame>(config);
}

// "path: message" of the InputError `f` throws.
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const kripke::InputError& e) {
    return e.path() + ": " + e.what();
  }
  return "no error";
}

const cl::CluedoPlay& cluedo_play(const kripke::GameRunner& runner) {
  return dynamic_cast<const cl::CluedoPlay&>(runner.play());
}

}  // namespace

TEST_CASE("[cluedo] the real deck, hands as even as possible, and the deals a player starts with") {
  for (const auto& [players, sizes] :
       {std::pair{3, std::vector<int>{6, 6, 6}}, std::pair{4, std::vector<int>{5, 5, 4, 4}},
        std::pair{5, std::vector<int>{4, 4, 4, 3, 3}},
        std::pair{6, std::vector<int>{3, 3, 3, 3, 3, 3}}}) {
    const auto game = make_cluedo({{"players", players}});
    const Json rules = game->rules();
    CHECK(rules["hand_sizes"] == Json(sizes));
    CHECK(rules["suspects"].size() == 6);
    CHECK(rules["weapons"].size() == 6);
    CHECK(rules["rooms"].size() == 9);
    clue_test::CapturingSink sink;
    kripke::GameRunner runner(*game, 7, sink);
    runner.start();
    const cl::CluedoPlay& play = cluedo_play(runner);
    // Player 1 knows its hand: the envelope is one of the cards it does not hold of each
    // category, and the other hands any split of the rest with the right sizes.
    const Json hand = play.deal()["hands"][0];
    std::vector<int> not_held = {6, 6, 9};
    for (const Json& card : hand)
      --not_held[std::size_t(
          play.rules().card_category[std::size_t(*play.rules().find_card(card))])];
    BigCount expected = BigCount(not_held[0] * not_held[1] * not_held[2]);
    std::vector<int> others(sizes.begin() + 1, sizes.end());
    expected *= kripke::multinomial(18 - sizes[0], others);
    CHECK(play.notebook(0).counts().total == expected);
    CHECK(play.world_count() == kripke::count_deals(play.rules().deal_spec()));
  }
}

TEST_CASE(
    "[cluedo] whole games: knowledge only grows, keeps the actual deal, and a right accusation "
    "wins") {
  int wins = 0;
  for (int players = 3; players <= 6; ++players)
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      Json agents = Json::array();
      for (int p = 0; p < players; ++p)
        agents.push_back({{"strategy", p % 2 ? "random" : "careful"},
                          {"show", p % 3 == 0 ? "min-leak" : "shown-before"}});
      const auto game = make_cluedo({{"players", players}}, agents);
      clue_test::CapturingSink sink;
      kripke::GameRunner runner(*game, seed, sink);
      runner.start();
      const cl::CluedoPlay& play = cluedo_play(runner);
      const Json deal = play.deal();
      std::vector<BigCount> before;
      for (Agent p = 0; p < players; ++p) before.push_back(play.notebook(p).counts().total);
      while (!runner.finished()) {
        runner.step();
        for (Agent p = 0; p < players; ++p) {
          const kripke::PlacementCounts& counts = play.notebook(p).counts();
          CHECK(counts.total <= before[std::size_t(p)]);
          before[std::size_t(p)] = counts.total;
          for (int card = 0; card < play.rules().card_count(); ++card) {
            const std::string name = play.rules().card_names[std::size_t(card)];
            int place = play.rules().envelope();
            for (int q = 0; q < players; ++q)
              for (const Json& held : deal["hands"][std::size_t(q)])
                if (held == name) place = q;
            CHECK(counts.possible_at(card, place));
          }
        }
      }
      const kripke::GameResult result = runner.result();
      INFO(players << " players, seed " << seed);
      REQUIRE(result.reason == kripke::EndReason::Win);
      wins += 1;
      const auto accusations = sink.of("move");
      const Json last = accusations.back();
      CHECK(last["accusation"].size() == 3);
      CHECK(last["right"] == true);
      CHECK(Json(result.winners) == Json::array({last["agent"].get<int>() - 1}));
      Json accused = last["accusation"], envelope = deal["envelope"];
      std::sort(accused.begin(), accused.end());
      std::sort(envelope.begin(), envelope.end());
      CHECK(accused == envelope);
    }
  CHECK(wins == 12);
}

TEST_CASE(
    "[cluedo] a wrong accusation is public and puts the accuser out, and with everyone out the "
    "game stalls") {
  const Json deal = {
      {"hands", Json::array({{"Mustard", "White", "Green", "Peacock", "Plum", "candlestick"},
                             {"dagger", "lead_pipe", "revolver", "rope", "kitchen", "ballroom"},
                             {"conservatory", "dining_room", "billiard_room", "library", "lounge",
                              "hall"}})},
      {"envelope", {"Scarlet", "spanner", "study"}}};
  const auto game = make_cluedo({{"players", 3}}, Json::array(), deal);
  clue_test::CapturingSink sink;
  kripke::GameRunner runner(*game, 1, sink);
  runner.start();
  const cl::CluedoPlay& play = cluedo_play(runner);
  // Nobody can show the envelope's cards: a script that says which card is shown is refused
  // before anything happens.
  const std::size_t events = sink.records.size();
  CHECK_THAT(error_of([&] {
               runner.scripted_turn({{"cards", {"Scarlet", "spanner", "study"}}, {"show", "study"}},
                                    "/script/0");
             }),
             Catch::Contains("/script/0/show: nobody can show a card"));
  CHECK(sink.records.size() == events);
  const BigCount second_before = play.notebook(1).counts().total;
  const BigCount third_before = play.notebook(2).counts().total;
  runner.scripted_turn({{"accuse", {"Scarlet", "rope", "study"}}}, "/script/0");
  CHECK(play.is_out(0));
  CHECK(play.next_asker() == 1);
  // Everybody learns the envelope is not Scarlet, rope and study. Player 2 holds the rope,
  // so it learns nothing; player 3 rules out the deals with that envelope: the other 12
  // cards in two hands of 6.
  CHECK(play.notebook(1).counts().total == second_before);
  CHECK(play.notebook(2).counts().total == third_before - kripke::multinomial(12, {6}));
  // Player 1 still shows: player 2 suggests Mustard, and player 3 passes, player 1 shows it.
  runner.scripted_turn({{"cards", {"Mustard", "spanner", "study"}}}, "/script/1");
  const Json move = sink.of("move").back();
  CHECK(move["passed"] == Json::array({3}));
  CHECK(move["shown_by"] == 1);
  CHECK(move["shown"] == "Mustard");
  runner.scripted_turn({{"accuse", {"Scarlet", "dagger", "study"}}}, "/script/2");
  runner.scripted_turn({{"accuse", {"Scarlet", "rope", "hall"}}}, "/script/3");
  CHECK(play.is_out(1));
  CHECK(play.is_out(2));
  runner.step();
  CHECK(runner.result().reason == kripke::EndReason::Stalled);
  // A right accusation wins.
  kripke::GameRunner second(*game, 1, sink);
  second.start();
  second.scripted_turn({{"accuse", {"study", "spanner", "Scarlet"}}}, "/script/0");
  CHECK(second.result().reason == kripke::EndReason::Win);
  CHECK(second.result().winners == std::vector<Agent>{0});
}

TEST_CASE("[cluedo] bad configs and moves name the place and the problem") {
  using Catch::Contains;
  CHECK_THAT(error_of([&] { (void)make_cluedo({{"players", 7}}); }), Contains("/rules/players: "));
  CHECK_THAT(error_of([&] {
               (void)make_cluedo({{"rooms", Json::array()}});
             }),
             Contains("/rules: Cluedo has suspects, weapons and rooms"));
  const Json hands =
      Json::array({{"Scarlet", "Mustard", "White", "Green", "Peacock", "Plum"},
                   {"dagger", "lead_pipe", "revolver", "rope", "kitchen", "ballroom"},
                   {"conservatory", "dining_room", "billiard_room", "library", "lounge", "hall"}});
  CHECK_THAT(error_of([&] {
               (void)make_cluedo(
                   {{"players", 3}}, Json::array(),
                   {{"hands", hands}, {"envelope", {"candlestick", "spanner", "study"}}});
             }),
             Contains("/deal/envelope: the envelope must hold one card of each category"));
  Json short_hand = hands;
  short_hand[0].erase(0);
  CHECK_THAT(error_of([&] {
               (void)make_cluedo(
                   {{"players", 3}}, Json::array(),
                   {{"hands", short_hand}, {"envelope", {"Scarlet", "spanner", "study"}}});
             }),
             Contains("/deal/hands/0: expected 6 cards"));
  CHECK_THAT(error_of([&] {
               (void)make_cluedo({{"players", 3}}, Json::array(),
                                 {{"hands", hands}, {"envelope", {"knife", "spanner", "study"}}});
             }),
             Contains("/deal/envelope/0: unknown card 'knife'"));
  const auto game = make_cluedo({{"players", 3}});
  clue_test::CapturingSink sink;
  kripke::GameRunner runner(*game, 1, sink);
  runner.start();
  CHECK_THAT(error_of([&] {
               (void)runner.scripted_turn({{"cards", {"Scarlet", "Plum", "hall"}}}, "/script/0");
             }),
             Contains("/script/0/cards/1: one card per category, and 'Plum' is a second suspect"));
  const kripke_test::CliResult formula = kripke_test::run_cli(
      {"check", kripke_test::source_path("configs/cluedo.json"), "--formula", "K1 env(rope)"});
  CHECK(formula.exit_code == 2);
  CHECK_THAT(formula.err, Contains("deals are counted, not listed"));
}

TEST_CASE("[cluedo] the bundled config plays to a right accusation from the command line") {
  const kripke_test::CliResult r = kripke_test::run_cli(
      {"run", kripke_test::source_path("configs/cluedo.json"), "--format", "jsonl"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const std::vector<std::string> lines = kripke_test::lines_of(r.out);
  const Json start = Json::parse(lines.front()), end = Json::parse(lines.back());
  CHECK(start["worlds"] == 250092722880ULL);
  CHECK(end["reason"] == "win");
}

TEST_CASE("[cluedo] info-gain players say what each suggestion is worth, and win") {
  for (int players : {3, 4}) {
    Json agents = Json::array();
    for (int p = 0; p < players; ++p)
      agents.push_back({{"strategy", p == 0 ? "info-gain" : "careful"}});
    const auto game = make_cluedo({{"players", players}}, agents);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      clue_test::CapturingSink sink;
      kripke::GameRunner runner(*game, seed, sink);
      runner.start();
      while (!runner.finished()) runner.step();
      INFO(players << " players, seed " << seed);
      CHECK(runner.result().reason == kripke::EndReason::Win);
      int scored = 0;
      for (const auto& move : sink.of("move")) {
        if (move["agent"] != 1 || !move.contains("reason")) continue;
        const Json& reason = move["reason"];
        CHECK(reason["strategy"] == "info-gain");
        CHECK(reason["considered"] == 324);
        // The best is worth something until the envelope is known, and the runners-up no
        // more than it.
        CHECK(reason["score"].get<double>() > 0);
        for (const Json& alternative : reason["alternatives"])
          CHECK(alternative["score"].get<double>() <= reason["score"].get<double>());
        ++scored;
      }
      CHECK(scored > 0);
    }
  }
}

TEST_CASE("[cluedo] accuse_at: players gamble on the most likely envelope, and may go out") {
  Json agents = Json::array();
  for (int p = 0; p < 4; ++p) agents.push_back({{"strategy", "careful"}, {"accuse_at", 0.05}});
  const auto game = make_cluedo({{"players", 4}}, agents);
  int wrong = 0, games = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    clue_test::CapturingSink sink;
    kripke::GameRunner runner(*game, seed, sink);
    runner.start();
    while (!runner.finished()) runner.step();
    const cl::CluedoPlay& play = cluedo_play(runner);
    for (const auto& move : sink.of("move")) {
      if (!move.contains("accusation")) continue;
      if (move["right"] == false) {
        ++wrong;
        CHECK(play.is_out(move["agent"].get<int>() - 1));
      }
    }
    CHECK((runner.result().reason == kripke::EndReason::Win ||
           runner.result().reason == kripke::EndReason::Stalled));
    ++games;
    CHECK(sink.records.front()["agents"][0]["accuse_at"] == 0.05);
  }
  // With a 5% threshold, accusations come early and many are wrong.
  CHECK(wrong > games);
  // Only a probability in (0, 1] is a threshold.
  for (const Json& bad : {Json(0), Json(1.5), Json("high")})
    CHECK_THAT(error_of([&] {
                 (void)make_cluedo(
                     {{"players", 3}},
                     Json::array({{{"accuse_at", bad}}, Json::object(), Json::object()}));
               }),
               Catch::Contains("/agents/0/accuse_at: expected a probability above 0"));
}
