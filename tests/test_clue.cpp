// Clue: rules and configs, world counts, scripted moves and whole games.
#include <catch2/catch.hpp>

#include "clue_test_support.hpp"

using namespace clue_test;
using kripke::InputError;

namespace {

std::uint64_t binomial(int n, int k) {
  std::uint64_t r = 1;
  for (int j = 1; j <= k; ++j) r = r * std::uint64_t(n - k + j) / std::uint64_t(j);
  return r;
}

// The path of the InputError that `f` throws ("" when it throws none).
template <class F>
std::string error_path(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.path();
  }
  return "no error";
}

}  // namespace

TEST_CASE("[clue] world counts of both seed decks (docs/games/clue.md)") {
  CHECK(make_clue()->tables().deal_count() == 47040);              // ClueModel
  CHECK(make_clue(small_rules())->tables().deal_count() == 1440);  // ClueModel's figures
  // With rooms: envelope choices times the ways to deal the rest into the hands.
  const auto game = make_clue({{"weapons", {"a", "b", "c", "d"}},
                               {"suspects", {"S", "M", "G"}},
                               {"rooms", {"h", "k", "l"}}});
  CHECK(game->tables().deal_count() == 4 * 3 * 3 * binomial(7, 3) * binomial(4, 2));
  CHECK(game->tables().rules().hand_sizes == std::vector<int>{3, 2, 2});
}

TEST_CASE("[clue] every deal puts one card of each category in the envelope") {
  const auto game = make_clue(small_rules());
  const auto& t = game->tables();
  for (kripke::clue::DealIndex d = 0; d < t.deal_count(); ++d) {
    const auto envelope = t.envelope_cards(d);
    REQUIRE(envelope.size() == 2);
    CHECK(t.rules().card_category[envelope[0]] == 0);
    CHECK(t.rules().card_category[envelope[1]] == 1);
    for (int p = 0; p < 3; ++p) CHECK(t.cards_at(d, p).size() == 2);
    // Distinct deals, in order: each is found at its own index.
    CHECK(t.deals().rank(t.deals().deal(d)) == d);
  }
}

TEST_CASE("[clue] decks over max_worlds are refused with the world count") {
  try {
    make_clue(Json::object(), Json::array(), nullptr, 40000);
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).find("47040") != std::string::npos);
  }
  // Real Cluedo (6 suspects, 6 weapons, 9 rooms, 3 players) is far over the default limit.
  Json cluedo = {{"weapons", {"w1", "w2", "w3", "w4", "w5", "w6"}},
                 {"suspects", {"s1", "s2", "s3", "s4", "s5", "s6"}},
                 {"rooms", {"r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9"}}};
  try {
    make_clue(cluedo);
    FAIL("no error");
  } catch (const InputError& e) {
    const std::uint64_t count = 6 * 6 * 9 * binomial(18, 6) * binomial(12, 6);
    CHECK(std::string(e.what()).find(std::to_string(count)) != std::string::npos);
  }
}

TEST_CASE("[clue] bad rules, agents and deals name the JSON path") {
  CHECK(error_path([] { make_clue({{"weapons", {"axe", "Scarlet"}}}); }) == "/rules/suspects/0");
  CHECK(error_path([] { make_clue({{"weapons", {"axe", "rope 2"}}}); }) == "/rules/weapons/1");
  CHECK(error_path([] { make_clue({{"weapons", Json::array()}}); }) == "/rules/weapons");
  CHECK(error_path([] { make_clue({{"players", 7}}); }) == "/rules/players");
  CHECK(error_path([] { make_clue({{"hand_sizes", {3, 3}}}); }) == "/rules/hand_sizes");
  CHECK(error_path([] { make_clue({{"hand_sizes", {4, 3, 3}}}); }) == "/rules/hand_sizes");
  CHECK(error_path([] { make_clue({{"ask", "left"}}); }) == "/rules/ask");
  CHECK(error_path([] { make_clue({{"semantic", "product"}}); }) == "/rules");
  CHECK(error_path([] {
          make_clue(Json::object(), {{{"strategy", "clever"}}, Json::object(), Json::object()});
        }) == "/agents/0/strategy");
  CHECK(error_path([] { make_clue(Json::object(), {Json::object()}); }) == "/agents");
  CHECK(error_path([] {
          make_clue(Json::object(), {Json::object(), {{"show", "all"}}, Json::object()});
        }) == "/agents/1/show");
  Json deal = figures_deal();
  deal["hands"][2][1] = "dagger";
  CHECK(error_path([&] { make_clue(small_rules(), {}, deal); }) == "/deal/hands/2/1");
  deal = figures_deal();
  deal["envelope"] = {"wrench", "rope"};
  deal["hands"][1][0] = "Plum";
  CHECK(error_path([&] { make_clue(small_rules(), {}, deal); }) == "/deal/envelope");
  deal = figures_deal();
  deal["hands"][0] = {"candle"};
  CHECK(error_path([&] { make_clue(small_rules(), {}, deal); }) == "/deal/hands/0");
}

TEST_CASE("[clue] the rules with defaults filled in") {
  const Json rules = make_clue()->rules();
  CHECK(rules["weapons"].size() == 7);
  CHECK(rules["suspects"].size() == 4);
  CHECK(rules["rooms"].empty());
  CHECK(rules["hand_sizes"] == Json({3, 3, 3}));
  CHECK(rules["ask"] == "next");
  CHECK(rules["semantics"] == "product");
  // Reading them back gives the same game.
  CHECK(make_clue(rules)->rules() == rules);
}

TEST_CASE("[clue] setup: each player observes its own hand") {
  const auto game = make_clue(small_rules(), {}, figures_deal());
  Started s(*game);
  // With its hand fixed, a player still considers possible: an envelope of a weapon and a
  // suspect it does not hold, and any split of the other four cards between the others.
  const int weapons_held[] = {2, 1, 0};  // candle, dagger | rope, Scarlet | Mustard, Green
  for (int p = 0; p < 3; ++p)
    CHECK(s.play().model().possible(p) == std::size_t(4 - weapons_held[p]) *
                                              std::size_t(4 - (2 - weapons_held[p])) *
                                              binomial(4, 2));
  CHECK(s.holds("K1 has(1,candle) & K2 has(2,Scarlet) & K3 ~has(3,rope)"));
  CHECK_FALSE(s.holds("Kw1 has(2,rope)"));
  CHECK(s.sink.of("update").size() == 3);
  CHECK(s.sink.of("start")[0]["deal"] == figures_deal());
  // The refinements are computed once per Game: each must be the universal partition
  // refined by the player's hand, read here from the has() atoms of the play itself.
  const auto& model = s.play().model();
  const std::vector<std::string> cards = {"candle",  "dagger",  "rope",  "wrench",
                                          "Scarlet", "Mustard", "Green", "Plum"};
  for (int p = 0; p < 3; ++p) {
    std::vector<std::uint64_t> hand(model.world_count(), 0);
    for (std::size_t c = 0; c < cards.size(); ++c) {
      std::string atom = "has(";  // piece by piece: GCC 12's false -Wrestrict (PR 105329)
      atom += std::to_string(p + 1);
      atom += ',';
      atom += cards[c];
      atom += ')';
      s.play().truth(*kripke::parse_formula(atom)).for_each([&](kripke::World w) {
        hand[w] |= std::uint64_t{1} << c;
      });
    }
    CHECK(model.partition(p) == kripke::Partition::universal(model.world_count()).refined_by(hand));
  }
}

TEST_CASE("[clue] atoms and their errors") {
  const auto game = make_clue(small_rules(), {}, figures_deal());
  Started s(*game);
  CHECK(s.holds("has(2,rope) & env(wrench) & ~env(rope)"));
  CHECK_THROWS_AS(s.holds("has(4,rope)"), kripke::FormulaError);
  CHECK_THROWS_AS(s.holds("has(1,axe)"), kripke::FormulaError);
  CHECK_THROWS_AS(s.holds("holds(1,rope)"), kripke::FormulaError);
}

TEST_CASE("[clue] a scripted suggestion nobody can answer is a public announcement") {
  const auto game = make_clue(small_rules(), {}, figures_deal());
  Started s(*game);
  s.play().scripted_move({{"cards", {"candle", "Green"}}}, "/steps/0/move");
  CHECK(s.holds("C{1,2,3} (~has(2,candle) & ~has(2,Green))"));
  const auto moves = s.sink.of("move");
  REQUIRE(moves.size() == 1);
  CHECK(moves[0]["agent"] == 1);
  CHECK(moves[0]["passed"] == Json({2}));
  CHECK(moves[0]["shown"].is_null());
  CHECK(s.sink.of("update").back()["kind"] == "public");
  CHECK(s.sink.of("update").back()["formula"] == "~has(2,candle) & ~has(2,Green)");
}

TEST_CASE("[clue] scripted moves are validated before anything happens") {
  const auto game = make_clue(small_rules(), {}, figures_deal());
  Started s(*game);
  const std::size_t updates = s.sink.of("update").size();
  auto path_of = [&](Json move) { return error_path([&] { s.play().scripted_move(move, "/m"); }); };
  CHECK(path_of({{"cards", {"candle", "axe"}}}) == "/m/cards/1");
  CHECK(path_of({{"cards", {"candle", "rope"}}}) == "/m/cards/1");
  CHECK(path_of({{"cards", {"candle"}}}) == "/m/cards");
  CHECK(path_of({{"cards", {"rope", "Scarlet"}}}) == "/m");  // 2 holds both: which?
  CHECK(path_of({{"cards", {"rope", "Green"}}, {"show", "Green"}}) == "/m/show");
  CHECK(path_of({{"cards", {"candle", "Plum"}}, {"show", "Plum"}}) == "/m/show");
  CHECK(path_of({{"cards", {"rope", "Green"}}, {"ask", 1}}) == "/m/ask");
  CHECK(path_of({{"cards", {"rope", "Green"}}, {"by", 4}}) == "/m/by");
  CHECK(path_of({{"cards", {"rope", "Green"}}, {"shows", "rope"}}) == "/m");
  CHECK(s.sink.of("update").size() == updates);
  CHECK(s.sink.of("move").empty());
}

TEST_CASE("[clue] clockwise: each player in turn until one can show") {
  Json rules = small_rules();
  rules["ask"] = "clockwise";
  const auto game = make_clue(rules, {}, figures_deal());
  Started s(*game);
  // Player 1 asks about candle and Green: 2 holds neither, 3 holds Green.
  s.play().scripted_move({{"cards", {"candle", "Green"}}}, "/m");
  const auto move = s.sink.of("move").back();
  CHECK(move["asked"] == Json({2, 3}));
  CHECK(move["passed"] == Json({2}));
  CHECK(move["shown_by"] == 3);
  CHECK(move["shown"] == "Green");
  CHECK(s.holds("K1 has(3,Green) & C{1,2,3} ~has(2,Green)"));
  // Player 2 asks about wrench and Plum (the envelope): 3 and 1 both pass.
  s.play().scripted_move({{"cards", {"wrench", "Plum"}}}, "/m");
  CHECK(s.sink.of("move").back()["passed"] == Json({3, 1}));
  CHECK(s.holds("K2 (env(wrench) & env(Plum))"));
  CHECK(s.play().has_won(1));
}

TEST_CASE("[clue] every strategy finishes its games with a winner") {
  for (const auto& strategy : kripke::clue::strategy_names()) {
    for (const std::string semantics : {"product", "shortcut"}) {
      Json agents = Json::array();
      for (const std::string show : {"random", "shown-before", "min-leak"})
        agents.push_back({{"strategy", strategy}, {"show", show}});
      const auto game = make_clue({{"semantics", semantics}}, agents);
      for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        kripke::NullSink sink;
        const auto result = kripke::run_game(*game, seed, sink);
        INFO(strategy << " " << semantics << " seed " << seed);
        CHECK(result.reason == kripke::EndReason::Win);
        CHECK_FALSE(result.winners.empty());
      }
    }
  }
}

TEST_CASE("[clue] winners know the envelope, and only they do") {
  const auto game =
      make_clue(Json::object(), {{{"strategy", "info-gain"}}, Json::object(), Json::object()});
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    Started s(*game, seed);
    while (!s.runner.finished()) s.runner.step();
    const auto& m = s.play().model();
    const auto& t = game->tables();
    const auto winners = s.runner.result().winners;
    for (int p = 0; p < 3; ++p) {
      // Independently: all the worlds p considers possible have the actual envelope.
      bool knows = true;
      for (kripke::World w : m.partition(p).class_containing(m.actual()))
        if (m.alive().test(w))
          knows = knows &&
                  t.envelope_cards(m.valuation(w)) == t.envelope_cards(m.valuation(m.actual()));
      CHECK(knows == (std::find(winners.begin(), winners.end(), p) != winners.end()));
    }
    const auto win = s.sink.of("win");
    REQUIRE(win.size() == 1);
    CHECK(win[0]["knowledge"][0]["knows"]["envelope"] == s.sink.of("start")[0]["deal"]["envelope"]);
  }
}

TEST_CASE("[clue] product and shortcut play the same games: first-order knowledge agrees") {
  // Strategies, show policies and the winner check read only what players know about the
  // deal, which both semantics update alike; they differ in knowledge about knowledge.
  Json agents = {{{"strategy", "info-gain"}, {"show", "min-leak"}},
                 {{"strategy", "reasoning"}, {"show", "shown-before"}},
                 {{"strategy", "random"}}};
  const auto product = make_clue({{"semantics", "product"}}, agents);
  const auto shortcut = make_clue({{"semantics", "shortcut"}}, agents);
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    Started a(*product, seed), b(*shortcut, seed);
    while (!a.runner.finished()) a.runner.step();
    while (!b.runner.finished()) b.runner.step();
    CHECK(a.sink.of("move") == b.sink.of("move"));
    CHECK(a.runner.result().winners == b.runner.result().winners);
  }
}

TEST_CASE("[clue] the text transcript: suggestion, both views of the answer, knowledge table") {
  const auto game = make_clue(small_rules(), {}, figures_deal());
  Started s(*game);
  s.play().scripted_move({{"cards", {"dagger", "Scarlet"}}}, "/m");
  const std::string& text = s.sink.text;
  CHECK(text.find("player 1 (random) suggests dagger and Scarlet, asking player 2") !=
        std::string::npos);
  // The update's line is wrapped at 100 columns, its continuation indented by 6.
  CHECK(text.find("player 2 shows player 1 Scarlet; player 3 sees only that player 2\n"
                  "      holds dagger or Scarlet") != std::string::npos);
  // The last table: player 1 has just learnt that 2 holds Scarlet.
  const std::string table = text.substr(text.rfind("relations"));
  const std::string scarlet_row = table.substr(
      table.find("Scarlet"), table.find('\n', table.find("Scarlet")) - table.find("Scarlet"));
  CHECK(scarlet_row.find("2*") != std::string::npos);
  CHECK(scarlet_row.find('?') != std::string::npos);  // player 3 does not know
}

TEST_CASE("[clue] the log gives ClueModel's relation count beside the partition's") {
  // ClueModel keeps only the relations among the worlds a player considers possible; its
  // logs print 57600 / 102400 / 90000 at the start of the 47,040-world game: 240², 320²,
  // 300² for players holding one weapon and two suspects, three weapons, two and one.
  const Json deal = {{"hands", Json::array({{"axe", "Scarlet", "Mustard"},
                                            {"candle", "dagger", "handgun"},
                                            {"lead", "rope", "Green"}})},
                     {"envelope", {"wrench", "Plum"}}};
  const auto game = make_clue(Json::object(), {}, deal);
  Started s(*game);
  const auto model = s.sink.of("update").back()["agents"];
  REQUIRE(model.size() == 3);
  CHECK(model[0]["possible"] == 240);
  CHECK(model[0]["possible_relations"] == 57600);
  CHECK(model[1]["possible_relations"] == 102400);
  CHECK(model[2]["possible_relations"] == 90000);
  // The whole partition's pairs: every class of a player holds the deals with its hand,
  // 47,040 / C(11,3) = 47,040 / 165 deals on average.
  for (const auto& agent : model) CHECK(agent["relations"] > agent["possible_relations"]);
  // The transcript's knowledge table names both.
  CHECK_THAT(s.sink.text, Catch::Contains("relations (all)") &&
                              Catch::Contains("relations (possible)") && Catch::Contains("57600"));
}
