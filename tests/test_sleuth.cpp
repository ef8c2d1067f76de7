// Sleuth: the rules and counts of docs/games/sleuth.md, the Elderman & Steging rule engine, turns,
// configs.
#include <catch2/catch.hpp>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "kripke/formula_parser.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/games/sleuth/game.hpp"
#include "sleuth_test_support.hpp"

using namespace kripke;
using namespace kripke::sleuth;
using sleuth_test::make_sleuth;
using sleuth_test::RecordingSink;

namespace {

// C(n, k) with plain loops, for world counts computed independently of the engine.
BigCount choose(int n, int k) {
  BigCount c = 1;
  for (int j = 1; j <= k; ++j) c = c * BigCount(n - k + j) / BigCount(j);
  return c;
}

Json twelve_cards() {
  return {{"colours", {"R", "G"}}, {"quantities", {"S", "P"}}, {"players", 3}};
}

// A deal of twelve_cards(): hands of 4, 4 and 3, GPS hidden.
Json twelve_card_deal() {
  return {{"hidden", "GPS"},
          {"hands",
           {{"RDS", "RDP", "ROS", "ROP"}, {"RPS", "RPP", "GDS", "GDP"}, {"GOS", "GOP", "GPP"}}}};
}

}  // namespace

TEST_CASE("[sleuth] the full game: 36 cards, 54 question cards, about 10^23 deals") {
  auto game = make_sleuth(Json::object());
  const Tables& t = game->tables();
  CHECK(t.deck.size() == 36);
  CHECK(t.deck.name(0) == "RDS");
  CHECK(t.deck.name(35) == "BPC");
  CHECK(t.rules.hand_sizes == std::vector<int>{7, 7, 7, 7, 7});
  int one = 0, two = 0, free = 0;
  for (const QuestionCard& c : t.question_cards) {
    if (c.free) {
      ++free;
    } else if (c.question.elements() == 1) {
      ++one;
    } else {
      ++two;
    }
  }
  CHECK(one == 10);
  CHECK(two == 33);
  CHECK(free == 11);
  // 36 cards into 5 hands of 7 and 1 hidden: C(36,7)·C(29,7)·C(22,7)·C(15,7)·C(8,7).
  const BigCount deals =
      choose(36, 7) * choose(29, 7) * choose(22, 7) * choose(15, 7) * choose(8, 7);
  CHECK(t.deals == deals);
  CHECK(to_string(t.deals) == "114388526826842830848000");
  CHECK_FALSE(t.explicit_model.has_value());
}

TEST_CASE("[sleuth] a reduced deck of 12 cards in hands of 4, 4, 3 has 138,600 worlds") {
  auto game = make_sleuth({{"rules", twelve_cards()}});
  const Tables& t = game->tables();
  CHECK(t.deck.size() == 12);
  CHECK(t.rules.hand_sizes == std::vector<int>{4, 4, 3});
  CHECK(t.deals == BigCount(138600));  // 12!/(4!·4!·3!·1!)
  REQUIRE(t.explicit_model.has_value());
  CHECK(t.explicit_model->worlds() == 138600);
  CHECK(t.question_cards.size() == std::size_t((2 + 3 + 2) + (6 + 4 + 6) + 11));
}

TEST_CASE("[sleuth] questions are patterns: P is Pearl as a type and Pair as a quantity") {
  const Deck deck({{{0, 1, 2, 3}, {0, 1, 2}, {0, 1, 2}}});
  const Question pearl = parse_question("*P*", "/q");
  const Question pair = parse_question("**P", "/q");
  CHECK(pearl.text() == "Pearl");
  CHECK(pair.text() == "Pair");
  CHECK(parse_question("RD*", "/q").text() == "Red Diamond");
  for (int card : deck.matching(pearl)) CHECK(deck.name(card)[1] == 'P');
  for (int card : deck.matching(pair)) CHECK(deck.name(card)[2] == 'P');
  CHECK(deck.matching(pearl).size() == 12);
  CHECK(deck.matching(parse_question("B*C", "/q")).size() == 3);
  CHECK_THROWS_AS(parse_question("RDS", "/q"), InputError);  // three properties
  CHECK_THROWS_AS(parse_question("***", "/q"), InputError);  // none
  CHECK_THROWS_AS(parse_question("X**", "/q"), InputError);
  CHECK_THROWS_AS(parse_question("R*", "/q"), InputError);
}

TEST_CASE("[sleuth] rule engine: the first inference rule (a complete hand rules out the rest)") {
  // 9 cards, players with 3, 3, 2 cards and the hidden gem; we are player 0 with 0,1,2.
  RulesKnowledge kb(0, 9, {3, 3, 2});
  kb.see_own_hand({0, 1, 2});
  CHECK(kb.status(0, 1) == Status::Lacks);  // the others do not hold my cards
  CHECK(kb.status(3, 1) == Status::Unknown);
  // Player 1 shows 3, 4, 5 when asked for 3..6: its hand is complete, so it lacks 7 and 8.
  kb.see_answer(1, {3, 4, 5, 6}, {3, 4, 5});
  CHECK(kb.status(6, 1) == Status::Lacks);
  CHECK(kb.status(7, 1) == Status::Lacks);
  CHECK(kb.status(8, 1) == Status::Lacks);
  CHECK(kb.status(3, 2) == Status::Lacks);  // shown cards are in nobody else's hand
  CHECK_FALSE(kb.hidden_gem());             // 6, 7, 8 are still possible
}

TEST_CASE("[sleuth] rule engine: the second rule and the two ways to find the hidden gem") {
  RulesKnowledge kb(0, 9, {3, 3, 2});
  kb.see_own_hand({0, 1, 2});
  // Player 2 (2 cards) lacks 3, 4, 5, 6: it can only hold 7 and 8, so it does (rule 2),
  // and then player 1 lacks them.
  kb.see_answer(2, {3, 4, 5, 6}, {});
  CHECK(kb.status(7, 2) == Status::Holds);
  CHECK(kb.status(8, 2) == Status::Holds);
  CHECK(kb.status(7, 1) == Status::Lacks);
  CHECK_FALSE(kb.hidden_gem());

  // 10 cards, hands of 3: players 1 and 2 might hold any of 3..9. Both lack 9: nobody else
  // holds it, so it is the hidden gem (the second way) while 3..8 are still unplaced.
  RulesKnowledge kb1(0, 10, {3, 3, 3});
  kb1.see_own_hand({0, 1, 2});
  kb1.see_answer(1, {9}, {});
  CHECK_FALSE(kb1.hidden_gem());
  kb1.see_answer(2, {9}, {});
  REQUIRE(kb1.hidden_gem());
  CHECK(*kb1.hidden_gem() == 9);
  CHECK(kb1.way_found() == "no other player holds it");
  CHECK_FALSE(kb1.in_game(3));

  RulesKnowledge kb2(0, 5, {2, 2});
  kb2.see_own_hand({0, 1});
  kb2.see_answer(1, {2, 3}, {2, 3});  // only card 4 is not known in play: the first way
  REQUIRE(kb2.hidden_gem());
  CHECK(*kb2.hidden_gem() == 4);
  CHECK(kb2.way_found() == "the only gem not known to be in play");
}

TEST_CASE("[sleuth] a turn: the asker sees exactly the matching cards and the card cycles") {
  auto game = make_sleuth({{"seed", 11}});
  RecordingSink sink;
  GameRunner runner(*game, 11, sink);
  runner.start();
  auto& play = dynamic_cast<SleuthPlay&>(runner.play());
  const std::vector<int> hand_before = play.question_hand(0);
  const std::size_t deck_before = play.question_deck().size();
  runner.step();
  // The move event names the question; the asker now knows, for every card the question
  // asks for, whether the asked player holds it — and nothing about the other cards.
  const Event* move = nullptr;
  for (const Event& e : sink.events)
    if (!e.record.is_null() && e.record["event"] == "move") move = &e;
  REQUIRE(move);
  const int asked = move->record["asked"].get<int>() - 1;
  const Question q = parse_question(move->record["question"].get<std::string>(), "");
  const Tables& t = play.tables();
  int shown = 0;
  for (int card : t.deck.matching(q)) shown += play.actual_deal()[std::size_t(card)] == asked;
  const bool whole_hand = shown == t.rules.hand_sizes[std::size_t(asked)];
  for (int card = 0; card < t.deck.size(); ++card) {
    const bool holds = play.actual_deal()[std::size_t(card)] == asked;
    const Status s = play.mind(0).exact().status(card, asked);
    if (q.matches(t.deck.gem(card)) || play.actual_deal()[std::size_t(card)] == 0) {
      CHECK(s == (holds ? Status::Holds : Status::Lacks));
    } else {
      CHECK(s == (whole_hand ? Status::Lacks : Status::Unknown));
    }
  }
  // The used card went to the bottom, the asker drew the top one.
  CHECK(play.question_deck().size() == deck_before);
  CHECK(play.question_hand(0).size() == hand_before.size());
  const int used = play.question_deck().back();
  CHECK(std::find(hand_before.begin(), hand_before.end(), used) != hand_before.end());
  CHECK(std::find(play.question_hand(0).begin(), play.question_hand(0).end(), used) ==
        play.question_hand(0).end());
  CHECK(play.next_asker() == 1);
}

TEST_CASE("[sleuth] games end with winners who know the actual hidden gem") {
  for (const char* strategy : {"seed", "random", "info-gain"}) {
    for (const char* engine : {"exact", "rules"}) {
      Json agent = {{"strategy", strategy}, {"engine", engine}};
      auto game = make_sleuth(
          {{"agents", Json::array({agent, agent, agent, agent, agent})}, {"max_turns", 400}});
      for (std::uint64_t seed = 1; seed <= (std::string(strategy) == "info-gain" ? 1U : 4U);
           ++seed) {
        NullSink sink;
        GameRunner runner(*game, seed, sink);
        const GameResult result = runner.run();
        INFO(strategy << "/" << engine << " seed " << seed);
        REQUIRE(result.reason == kripke::EndReason::Win);
        const auto& play = dynamic_cast<const SleuthPlay&>(runner.play());
        for (Agent a : result.winners) CHECK(play.knowledge(a)["hidden"] == result.deal["hidden"]);
      }
    }
  }
}

TEST_CASE("[sleuth] the same seed gives the same game") {
  auto game = make_sleuth({{"agents", Json::array({{{"strategy", "random"}},
                                                   {{"strategy", "seed"}, {"engine", "rules"}},
                                                   {{"strategy", "seed"}},
                                                   {{"strategy", "random"}, {"engine", "rules"}},
                                                   {{"strategy", "seed"}}})}});
  RecordingSink a, b;
  run_game(*game, 99, a);
  run_game(*game, 99, b);
  REQUIRE(a.events.size() == b.events.size());
  for (std::size_t k = 0; k < a.events.size(); ++k) {
    CHECK(a.events[k].text == b.events[k].text);
    CHECK(a.events[k].record == b.events[k].record);
  }
}

TEST_CASE("[sleuth] log counts: JSON numbers up to 2^53, decimal strings above") {
  auto game = make_sleuth(Json::object());
  RecordingSink sink;
  GameRunner runner(*game, 5, sink);
  runner.start();
  const LogRecord& start = sink.events.front().record;
  CHECK(start["worlds"] == "114388526826842830848000");
  CHECK(start["model"][0]["possible"] == "114388526826842830848000");
  CHECK_FALSE(start["model"][0].contains("relations"));  // no enumerated relation to count
  // After looking at its hand player 1 considers 29!/(7!^4·1!) deals possible, about
  // 1.4·10^16: above 2^53, so a string (a double would round it).
  const LogRecord* first_look = nullptr;
  for (const Event& e : sink.events)
    if (!e.record.is_null() && e.record["event"] == "update") {
      first_look = &e.record;
      break;
    }
  REQUIRE(first_look);
  const BigCount seen = choose(29, 7) * choose(22, 7) * choose(15, 7) * choose(8, 7);
  CHECK((*first_look)["agents"][0]["possible"] == to_string(seen));
  // Later counts fall below 2^53 and are numbers: every count is one or the other.
  while (!runner.finished()) runner.step();
  int numbers = 0, strings = 0;
  for (const Event& e : sink.events) {
    if (e.record.is_null() || e.record["event"] != "update") continue;
    for (const auto& agent : e.record["agents"]) {
      const auto& possible = agent["possible"];
      if (possible.is_string()) {
        ++strings;
        const std::string digits = possible.get<std::string>();
        CHECK((digits.size() > 16 || (digits.size() == 16 && digits > "9007199254740992")));
      } else {
        ++numbers;
        CHECK(possible.get<std::uint64_t>() <= (std::uint64_t{1} << 53));
      }
    }
  }
  CHECK(numbers > 0);
  CHECK(strings > 0);
}

TEST_CASE("[sleuth] formulas need the explicit model") {
  auto full = make_sleuth(Json::object());
  Rng rng(1);
  auto play = full->new_play(rng);
  CHECK_THROWS_AS(play->truth(*parse_formula("hidden(RDS)")), FormulaError);

  auto small = make_sleuth({{"rules", twelve_cards()}, {"seed", 4}});
  NullSink sink;
  GameRunner runner(*small, 4, sink);
  runner.start();
  const auto& p = dynamic_cast<const SleuthPlay&>(runner.play());
  const std::string hidden = p.deal()["hidden"];
  CHECK(p.holds(*parse_formula("hidden(" + hidden + ")")));
  const std::string mine = p.deal()["hands"][0][0];
  CHECK(p.holds(*parse_formula("K1 has(1," + mine + ")")));
  CHECK(p.holds(*parse_formula("K1 ~hidden(" + mine + ")")));
  CHECK(p.holds(*parse_formula("~K2 ~hidden(" + mine + ") & ~K2 has(1," + mine + ")")));
  CHECK_THROWS_AS(p.truth(*parse_formula("has(4,RDS)")), FormulaError);
  CHECK_THROWS_AS(p.truth(*parse_formula("has(1,BDS)")), FormulaError);  // not in this deck
  CHECK_THROWS_AS(p.truth(*parse_formula("gem(RDS)")), FormulaError);
}

TEST_CASE("[sleuth] scripted moves ask any question in play") {
  auto game = make_sleuth({{"rules", twelve_cards()}, {"deal", twelve_card_deal()}});
  NullSink sink;
  GameRunner runner(*game, 1, sink);
  runner.start();
  auto& play = dynamic_cast<SleuthPlay&>(runner.play());
  play.scripted_move({{"asked", 3}, {"question", "G**"}}, "/moves/0");
  // Player 1 asked player 3 for Green: shown GOS, GOP, GPP (all of player 3's cards).
  const Mind& m = play.mind(0);
  CHECK(m.exact().status(play.tables().deck.find("GOS", ""), 2) == Status::Holds);
  CHECK(m.exact().status(play.tables().deck.find("GPS", ""), 2) == Status::Lacks);
  CHECK(play.next_asker() == 1);
  CHECK_THROWS_AS(play.scripted_move({{"asked", 2}, {"question", "B**"}}, "/m"), InputError);
  CHECK_THROWS_AS(play.scripted_move({{"asked", 2}, {"asker", 2}, {"question", "R**"}}, "/m"),
                  InputError);
  CHECK_THROWS_AS(play.scripted_move({{"asked", 2}, {"question", "R**"}, {"extra", 1}}, "/m"),
                  InputError);
  // A named asker who is not the player to move: the turn passes to the player after it.
  play.scripted_move({{"asker", 3}, {"asked", 1}, {"question", "R**"}}, "/m");
  CHECK(play.next_asker() == 0);
}

TEST_CASE("[sleuth] bad configs are input errors with their path") {
  auto path_of = [](Json config) -> std::string {
    try {
      make_sleuth(std::move(config));
    } catch (const InputError& e) {
      return e.path();
    }
    return "no error";
  };
  CHECK(path_of({{"rules", {{"colours", {"R", "X"}}}}}) == "/rules/colours/1");
  CHECK(path_of({{"rules", {{"colours", {"R", "R"}}}}}) == "/rules/colours/1");
  CHECK(path_of({{"rules", {{"hand_sizes", {7, 7, 7, 7, 6}}}}}) == "/rules/hand_sizes");
  CHECK(path_of({{"rules", {{"players", 1}}}}) == "/rules/players");
  // 36 cards among 12 players: about 2^108 deals, more than the counting engine's 2^100.
  CHECK(path_of({{"rules", {{"players", 12}}}}) == "/rules");
  // Few deals, but 13 places of up to 24 cards do not pack into the counting engine's key.
  CHECK(path_of({{"rules",
                  {{"players", 12}, {"hand_sizes", {24, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}}}}}) ==
        "/rules");
  CHECK(path_of({{"rules", {{"hidden", 2}}}}) == "/rules/hidden");
  CHECK(path_of({{"rules", {{"colour", {"R"}}}}}) == "/rules");
  CHECK(path_of({{"rules", {{"question_hand", 20}}}}) == "/rules/question_hand");
  CHECK(path_of({{"agents", {{{"strategy", "seed"}}}}}) == "/agents");
  CHECK(path_of({{"agents", Json::array({{{"engine", "magic"}}, {}, {}, {}, {}})}}) ==
        "/agents/0/engine");
  // Too many worlds to enumerate: the key that asks for it.
  CHECK(path_of({{"rules", {{"explicit_model", "on"}}}}) == "/rules/explicit_model");
  Json deal = {
      {"hidden", "GPS"},
      {"hands",
       {{"RDS", "RDP", "ROS", "ROP"}, {"RPS", "RPP", "GDS", "GDP"}, {"GOS", "GOP", "GOP"}}}};
  CHECK(path_of({{"rules", twelve_cards()}, {"deal", deal}}) == "/deal/hands/2/2");
  deal["hands"][2] = {"GOS", "GOP"};
  CHECK(path_of({{"rules", twelve_cards()}, {"deal", deal}}) == "/deal/hands/2");
}

TEST_CASE("[sleuth] the rules miss what counting knows about capacity, but not the hidden gem") {
  // The sleuth-capacity scenario with player 1 reasoning by the rules: after two Solitaire
  // questions ROS, GDS, YDS fill player 4's two places and the hidden one, so RDP, GDP,
  // GOP, YOP are in play. Counting knows it; Elderman & Steging's lists do not. Neither knows which
  // of the three Solitaires is hidden.
  const Json exact = Json::object();  // the default agent: seed strategy, exact engine
  auto game = make_sleuth({{"rules", sleuth_test::capacity_deck()},
                           {"agents", Json::array({{{"engine", "rules"}}, exact, exact, exact})},
                           {"deal",
                            {{"hidden", "ROS"},
                             {"hands",
                              {{"ROP", "GOS", "YDP"},
                               {"RDP", "GDP", "GOP"},
                               {"RDS", "YOS", "YOP"},
                               {"GDS", "YDS"}}}}}});
  NullSink sink;
  GameRunner runner(*game, 1, sink);
  runner.start();
  auto& play = dynamic_cast<SleuthPlay&>(runner.play());
  play.scripted_move({{"asked", 3}, {"question", "**S"}}, "/m");
  play.scripted_move({{"asker", 1}, {"asked", 2}, {"question", "**S"}}, "/m");
  const Mind& m = play.mind(0);
  const Deck& deck = play.tables().deck;
  const int hidden = play.tables().rules.hidden_place();
  for (const char* name : {"RDP", "GDP", "GOP", "YOP"}) {
    const int card = deck.find(name, "");
    INFO(name);
    CHECK(m.exact().status(card, hidden) == Status::Lacks);
    CHECK_FALSE(m.rules().in_game(card));
    CHECK(m.status(card, hidden) == Status::Unknown);  // the player's own engine: the rules
  }
  CHECK(m.exact().status(deck.find("RDP", ""), 3) == Status::Lacks);  // player 4 is full
  CHECK(m.rules().status(deck.find("RDP", ""), 3) == Status::Unknown);
  CHECK_FALSE(m.exact().known_card_at(hidden));
  CHECK_FALSE(m.rules().hidden_gem());
}

TEST_CASE("[sleuth] a rules player's score sheet: its M facts, and the gem found beside them") {
  // Player 1 (rules) asks player 3 for Green Pearls and is shown GPP (so player 3 lacks
  // GPS), then player 2, who shows none: GPS is in nobody else's hand, the second way of
  // finding the hidden gem. The cards of players 2 and 3 it has not seen are still not
  // known to be in the game: M_1 facts, listed at 0%.
  const Json exact = Json::object();
  auto game = make_sleuth({{"rules", twelve_cards()},
                           {"agents", Json::array({{{"engine", "rules"}}, exact, exact})},
                           {"deal", twelve_card_deal()}});
  NullSink sink;
  GameRunner runner(*game, 1, sink);
  runner.start();
  auto& play = dynamic_cast<SleuthPlay&>(runner.play());
  play.scripted_move({{"asked", 3}, {"question", "GP*"}}, "/m");
  play.scripted_move({{"asker", 1}, {"asked", 2}, {"question", "GP*"}}, "/m");
  const Mind& m = play.mind(0);
  REQUIRE(m.hidden_gem() == play.tables().deck.find("GPS", ""));
  CHECK(m.rules().way_found() == "no other player holds it");
  CHECK(score_sheet(play.tables().deck, m, "") ==
        "score sheet of player 1 (rules engine; probabilities exact): 7 gems possibly hidden: "
        "RPS 0.0%,\n  RPP 0.0%, GDS 0.0%, GDP 0.0%, GOS 0.0%, GOP 0.0%, GPS 100.0%; found: GPS");
}

TEST_CASE("[sleuth] knowledge events: every player's lists are true of the deal, and grow") {
  // Five rules players on the full deck: each knowledge event follows one of the player's
  // own observations; what it lists as held, not held, in the game or found is true.
  const Json rules_player = {{"engine", "rules"}};
  auto game = make_sleuth({{"agents", Json::array({rules_player, rules_player, rules_player,
                                                   rules_player, rules_player})}});
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    sleuth_test::RecordingSink sink;
    const GameResult result = run_game(*game, seed, sink);
    std::map<std::string, int> holder;  // card -> player (1-based), 0 for the hidden gem
    for (std::size_t p = 0; p < result.deal["hands"].size(); ++p)
      for (const auto& card : result.deal["hands"][p]) holder[card.get<std::string>()] = int(p) + 1;
    const std::string hidden = result.deal["hidden"];
    holder[hidden] = 0;
    std::map<int, std::size_t> known_before;  // per agent: cards in has lists last time
    int events = 0;
    for (const auto& e : sink.events) {
      if (e.record.is_null() || e.record["event"] != "knowledge") continue;
      ++events;
      const int agent = e.record["agent"];
      std::size_t known = 0;
      for (const auto& lists : e.record["players"]) {
        const int p = lists["player"];
        CHECK(p != agent);
        for (const auto& card : lists["has"]) CHECK(holder.at(card) == p);
        for (const auto& card : lists["has_not"]) CHECK(holder.at(card) != p);
        known += lists["has"].size();
        CHECK(lists["has"].size() + lists["has_not"].size() + lists["could_have"].size() == 36);
      }
      for (const auto& card : e.record["in_game"]) CHECK(card != hidden);
      CHECK(e.record["in_game"].size() + e.record["maybe_hidden"].size() == 36);
      if (!e.record["found"].is_null()) CHECK(e.record["found"] == hidden);
      CHECK(known >= known_before[agent]);
      known_before[agent] = known;
      CHECK_FALSE(e.text.empty());
    }
    CHECK(events == 5 + result.turns);
    if (result.reason == kripke::EndReason::Win) CHECK(known_before.size() == 5);
  }
}
