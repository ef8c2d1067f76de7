// What's My Number? (docs/games/number.md), checked against a brute-force reference written here
// from the rule book alone: plain loops over the deals, the 18 questions on lists of
// numbers, "knows" as "one deal left that agrees with what the player sees".
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <functional>
#include <map>
#include <numeric>
#include <string>
#include <vector>

#include "event_recorder.hpp"
#include "games/catalog.hpp"
#include "kripke/formula_parser.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/games/number/number.hpp"

using namespace kripke;
using kripke_test::EventRecorder;

namespace {

using Pair = std::array<int, 2>;
struct RefDeal {
  std::array<Pair, 3> boards;  // players 1..3
};

std::vector<RefDeal> all_ref_deals() {
  std::vector<RefDeal> out;
  auto pairs_from = [](const std::vector<int>& pool) {
    std::vector<Pair> ps;
    for (std::size_t a = 0; a < pool.size(); ++a)
      for (std::size_t b = a + 1; b < pool.size(); ++b) ps.push_back({pool[a], pool[b]});
    return ps;
  };
  auto without = [](std::vector<int> pool, Pair p) {
    pool.erase(
        std::remove_if(pool.begin(), pool.end(), [&](int n) { return n == p[0] || n == p[1]; }),
        pool.end());
    return pool;
  };
  const std::vector<int> numbers = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  for (Pair p1 : pairs_from(numbers))
    for (Pair p2 : pairs_from(without(numbers, p1)))
      for (Pair p3 : pairs_from(without(without(numbers, p1), p2))) out.push_back({{p1, p2, p3}});
  return out;
}

// The 18 cards, written independently of questions.hpp: `seen` = the two boards player i sees.
bool ref_answer(int card, const std::vector<Pair>& boards) {
  std::vector<int> n;
  for (const Pair& b : boards) n.insert(n.end(), b.begin(), b.end());
  const int sum = std::accumulate(n.begin(), n.end(), 0);
  const auto evens = std::count_if(n.begin(), n.end(), [](int x) { return x % 2 == 0; });
  const auto odds = std::ptrdiff_t(n.size()) - evens;
  const auto triples = std::count_if(n.begin(), n.end(), [](int x) { return x % 3 == 0; });
  auto seen = [&](int x) { return std::find(n.begin(), n.end(), x) != n.end(); };
  auto run_of = [&](int k) {
    for (int start = 1; start + k - 1 <= 9; ++start) {
      bool all = true;
      for (int x = start; x < start + k; ++x) all = all && seen(x);
      if (all) return true;
    }
    return false;
  };
  auto board_is = [&](auto property) {
    return std::any_of(boards.begin(), boards.end(), property);
  };
  switch (card) {
    case 1:
      return board_is([](Pair b) { return std::abs(b[0] - b[1]) == 1; });
    case 2:
      return sum < 16;
    case 3:
      return sum > 20;
    case 4:
      return board_is([](Pair b) { return b[0] % 2 == 0 && b[1] % 2 == 0; });
    case 5:
      return board_is([](Pair b) { return b[0] % 2 == 1 && b[1] % 2 == 1; });
    case 6:
      return odds == 0;
    case 7:
      return evens == 0;
    case 8:
      return evens > odds;
    case 9:
      return odds > evens;
    case 10:
      return odds == evens;
    case 11:
      return triples >= 1;
    case 12:
      return triples >= 2;
    case 13:
      for (int a : n)
        for (int b : n)
          if (a != b && b >= 2 && a % b == 0) return true;
      return false;
    case 14:
      return boards[0][0] + boards[0][1] == boards[1][0] + boards[1][1];
    case 15:
      return std::abs(boards[0][0] - boards[0][1]) == std::abs(boards[1][0] - boards[1][1]);
    case 16:
      return run_of(4);
    case 17:
      return run_of(3);
    case 18:
      return run_of(2);
  }
  FAIL("no card " << card);
  return false;
}

std::vector<Pair> seen_by(const RefDeal& d, int player) {
  std::vector<Pair> out;
  for (int j = 0; j < 3; ++j)
    if (j != player) out.push_back(d.boards[std::size_t(j)]);
  return out;
}

// The reference model: the deals still possible; what player i considers possible at deal d
// is every alive deal that shows i the same other boards.
struct Reference {
  std::vector<RefDeal> deals = all_ref_deals();
  std::vector<bool> alive = std::vector<bool>(deals.size(), true);
  std::size_t actual = 0;

  explicit Reference(const std::array<Pair, 3>& boards) {
    for (std::size_t k = 0; k < deals.size(); ++k)
      if (deals[k].boards == boards) actual = k;
  }
  std::size_t alive_count() const {
    return std::size_t(std::count(alive.begin(), alive.end(), true));
  }
  std::size_t possible(int i, std::size_t at) const {
    std::size_t n = 0;
    for (std::size_t k = 0; k < deals.size(); ++k)
      n += alive[k] && seen_by(deals[k], i) == seen_by(deals[at], i);
    return n;
  }
  std::size_t possible(int i) const { return possible(i, actual); }
  bool knows(int i, std::size_t at) const { return possible(i, at) == 1; }
  void answer(int card, int player) {
    const bool truth = ref_answer(card, seen_by(deals[actual], player));
    for (std::size_t k = 0; k < deals.size(); ++k)
      if (ref_answer(card, seen_by(deals[k], player)) != truth) alive[k] = false;
  }
  // Keeps the deals where, for every player, another alive deal shows it the same boards.
  void nobody_knows() {
    std::array<std::map<std::vector<Pair>, int>, 3> shown;
    for (std::size_t k = 0; k < deals.size(); ++k)
      for (int i = 0; i < 3; ++i)
        if (alive[k]) ++shown[std::size_t(i)][seen_by(deals[k], i)];
    for (std::size_t k = 0; k < deals.size(); ++k)
      for (int i = 0; i < 3; ++i)
        if (alive[k] && shown[std::size_t(i)][seen_by(deals[k], i)] == 1) alive[k] = false;
  }
};

Json boards_json(const std::array<Pair, 3>& boards) {
  Json b = Json::array();
  for (const Pair& p : boards) b.push_back({p[0], p[1]});
  return {{"boards", b}};
}

std::unique_ptr<Game> number_game(Json rules = Json::object(), Json deal = nullptr,
                                  std::uint64_t seed = 1) {
  GameConfig c;
  c.game = "number";
  c.seed = seed;
  c.rules = std::move(rules);
  c.deal = std::move(deal);
  return kripkesim::games().make(c);
}

void check_against(const Play& play, const Reference& ref) {
  REQUIRE(play.model().alive_count() == ref.alive_count());
  for (int i = 0; i < 3; ++i) {
    CHECK(play.model().possible(i) == ref.possible(i));
    CHECK(play.has_won(i) == (ref.possible(i) == 1));
  }
}

}  // namespace

TEST_CASE("[number] 7560 worlds, and each player considers 10 possible at the start") {
  auto game = number_game();
  REQUIRE(game->deal_count() == 7560);
  REQUIRE(all_ref_deals().size() == 7560);
  for (std::size_t k : {std::size_t{0}, std::size_t{1234}, std::size_t{7559}}) {
    Rng rng(1);
    auto play = game->new_play_with_deal(rng, k);
    CHECK(play->model().alive_count() == 7560);
    for (int i = 0; i < 3; ++i) CHECK(play->model().possible(i) == 10);
    CHECK(play->winners().empty());
  }
}

TEST_CASE("[number] deal k of the game plays the deal its config would name") {
  auto game = number_game();
  Rng rng(7);
  for (std::size_t k : {std::size_t{0}, std::size_t{999}, std::size_t{7559}}) {
    auto play = game->new_play_with_deal(rng, k);
    auto again = number_game(Json::object(), play->deal())->new_play(rng);
    CHECK(again->deal() == play->deal());
    CHECK(again->model().actual() == World(k));
  }
}

TEST_CASE("[number] every card, for every player, matches the reference on every deal") {
  auto game = number_game();
  const auto deals = all_ref_deals();
  for (const RefDeal& d : deals) {
    Rng rng(1);
    const auto play = number_game(Json::object(), boards_json(d.boards))->new_play(rng);
    for (int card = 1; card <= 18; ++card)
      for (int i = 0; i < 3; ++i) {
        const auto phi = number::answer_atom(card, i);
        if (play->holds(*phi) != ref_answer(card, seen_by(d, i)))
          FAIL("card " << card << " player " << i + 1 << " deal " << play->deal().dump());
      }
    if (&d - deals.data() == 60) break;  // a new Game per deal is slow; the next test covers all
  }
  // All deals at once: the truth set of answer(q,i) has as many worlds as the reference says.
  Rng rng(1);
  const auto play = game->new_play_with_deal(rng, 0);
  for (int card = 1; card <= 18; ++card)
    for (int i = 0; i < 3; ++i) {
      const auto expected = std::count_if(deals.begin(), deals.end(), [&](const RefDeal& d) {
        return ref_answer(card, seen_by(d, i));
      });
      CHECK(play->truth(*number::answer_atom(card, i)).count() == std::size_t(expected));
    }
}

TEST_CASE("[number] the 18 cards are 18 different questions") {
  Rng rng(1);
  const auto play = number_game()->new_play_with_deal(rng, 0);
  std::vector<WorldSet> sets;
  for (int card = 1; card <= 18; ++card) sets.push_back(play->truth(*number::answer_atom(card, 0)));
  for (std::size_t a = 0; a < sets.size(); ++a)
    for (std::size_t b = a + 1; b < sets.size(); ++b) {
      INFO("cards " << a + 1 << " and " << b + 1);
      CHECK(sets[a] != sets[b]);
      CHECK(sets[a] != sets[b].complement());
    }
}

TEST_CASE("[number] a fixed deal and question order replayed against the reference") {
  const std::array<Pair, 3> boards = {{{2, 7}, {4, 9}, {1, 5}}};
  // Answers, with "nobody knows" announced by hand (the rules' epistemagic is off).
  const std::vector<Json> script = {{{"question", 7}}, {{"question", 11}}, "nobody-knows",
                                    {{"question", 2}}, {{"question", 13}}, "nobody-knows",
                                    {{"question", 5}}, {{"question", 15}}, {{"question", 18}},
                                    "nobody-knows",    {{"question", 3}},  {{"question", 10}},
                                    "nobody-knows",    "nobody-knows"};
  auto game = number_game(Json::object(), boards_json(boards));
  Rng rng(1);
  auto play = game->new_play(rng);
  EventRecorder recorder;
  play->attach(recorder);
  Reference ref(boards);
  check_against(*play, ref);
  int player = 0;
  std::size_t moves = 0;
  for (const Json& move : script) {
    if (!ref.alive_count() || ref.possible(0) == 1 || ref.possible(1) == 1 || ref.possible(2) == 1)
      break;  // someone knows: "nobody knows" would be false, and the game is over
    INFO("move " << move.dump());
    if (move == "nobody-knows") {
      ref.nobody_knows();
    } else {
      const std::size_t answerer_before = ref.possible(player);
      ref.answer(move["question"], player);
      CHECK(ref.possible(player) == answerer_before);  // one's own answer teaches one nothing
      player = (player + 1) % 3;
    }
    play->scripted_move(move, "/script");
    ++moves;
    check_against(*play, ref);
  }
  // The replay got somewhere: it ended with a winner, one update per move, and "nobody
  // knows" removed worlds at least once.
  CHECK_FALSE(play->winners().empty());
  const auto updates = recorder.records("update");
  CHECK(updates.size() == moves);
  CHECK(std::any_of(updates.begin(), updates.end(), [](const LogRecord& u) {
    return u["text"].get<std::string>().find("nobody knows") != std::string::npos &&
           u["worlds_after"] < u["worlds_before"];
  }));
}

TEST_CASE("[number] epistemagic until steady matches the reference, step by step") {
  const std::array<Pair, 3> boards = {{{1, 2}, {3, 4}, {5, 6}}};
  auto game = number_game({{"epistemagic", "steady"}}, boards_json(boards));
  Rng rng(1);
  auto play = game->new_play(rng);
  Reference ref(boards);
  const int cards[] = {9, 1, 14, 4, 16, 12, 8, 17, 6, 2, 3, 5, 7, 10, 11, 13, 15, 18};
  int player = 0, most_steps = 0;
  for (int card : cards) {
    if (!play->winners().empty()) break;
    play->scripted_move({{"question", card}}, "/script");
    ref.answer(card, player);
    player = (player + 1) % 3;
    // Steady: "nobody knows" until the model stops changing or someone knows.
    int steps = 0;
    while (ref.possible(0) > 1 && ref.possible(1) > 1 && ref.possible(2) > 1) {
      const std::size_t before = ref.alive_count();
      ref.nobody_knows();
      if (ref.alive_count() == before) break;
      most_steps = std::max(most_steps, ++steps);
    }
    check_against(*play, ref);
  }
  CHECK_FALSE(play->winners().empty());
  CHECK(most_steps >= 2);  // some turn needed more than one epistemagic step
}

TEST_CASE("[number] every announcement removes exactly the worlds where its formula is false") {
  // The logged formula, evaluated before the update, is the set the update keeps: a true
  // announcement never removes a world where it holds, and the log says what was announced.
  for (const char* mode : {"none", "once", "steady"}) {
    auto game = number_game({{"epistemagic", mode}});
    for (std::size_t k = 0; k < 7560; k += 997) {
      Rng rng(k);
      auto play = game->new_play_with_deal(rng, k);
      EventRecorder recorder;
      play->attach(recorder);
      play->setup();
      for (int turn = 0; turn < 60 && play->winners().empty(); ++turn) {
        const std::size_t seen = recorder.events.size();
        const Model before = play->model();
        play->play_turn(rng);
        // Re-evaluate each update's formula on the model it was applied to.
        Model m = before;
        for (std::size_t e = seen; e < recorder.events.size(); ++e) {
          const LogRecord& rec = recorder.events[e].record;
          if (rec.is_null() || rec["event"] != "update") continue;
          const auto phi = parse_formula(rec["formula"].get<std::string>());
          const WorldSet truth = Evaluator(m, [&](const Formula& a, const Model& mm) {
                                   return play->atom(a, mm);
                                 }).eval(*phi);
          REQUIRE(truth.test(m.actual()));  // truthful: the actual world stays
          public_announce(m, truth);
          CHECK(rec["worlds_after"] == m.alive_count());
        }
        CHECK(m.alive() == play->model().alive());
      }
    }
  }
}

TEST_CASE("[number] epistemagic never removes the actual world, and only magic gives 3 winners") {
  std::size_t three_winners[3] = {0, 0, 0};
  const char* modes[] = {"none", "once", "steady"};
  for (int mode = 0; mode < 3; ++mode) {
    auto game = number_game({{"epistemagic", modes[mode]}});
    for (std::size_t k = 0; k < 7560; k += 7) {
      NullSink sink;
      GameRunner runner(*game, k, sink, k);
      const GameResult r = runner.run();
      REQUIRE(r.reason == kripke::EndReason::Win);
      REQUIRE(runner.play().model().alive().test(runner.play().model().actual()));
      three_winners[mode] += r.winners.size() == 3;
    }
  }
  CHECK(three_winners[0] == 0);  // the answerer learns nothing from its own answer
  CHECK(three_winners[1] + three_winners[2] > 0);
}

TEST_CASE("[number] Kooi's Choice picks the card that removes most, ties by deck order") {
  const std::array<Pair, 3> boards = {{{1, 4}, {6, 8}, {2, 9}}};
  for (const char* measure : {"possible-worlds", "full-model"}) {
    auto game = number_game({{"kooi", measure}}, boards_json(boards));
    Rng rng(3);
    auto play = game->new_play(rng);
    EventRecorder recorder;
    play->attach(recorder);
    play->setup();
    Reference ref(boards);
    for (int turn = 0; turn < 6 && play->winners().empty(); ++turn) {
      const int player = turn % 3;
      // The reference's scores of all 18 cards.
      std::vector<std::size_t> score(19, 0);
      for (int card = 1; card <= 18; ++card) {
        Reference after = ref;
        after.answer(card, player);
        score[std::size_t(card)] =
            std::string(measure) == "full-model"
                ? ref.alive_count() - after.alive_count()
                : (ref.possible(0) + ref.possible(1) + ref.possible(2)) -
                      (after.possible(0) + after.possible(1) + after.possible(2));
      }
      const std::size_t best = *std::max_element(score.begin(), score.end());
      play->play_turn(rng);
      const auto moves = recorder.records("move");
      const int chosen = moves.back()["question"];
      CHECK(score[std::size_t(chosen)] == best);
      CHECK(moves.back()["removes"] == best);
      // No card with the same score lies above it in the deck (the setup text lists it).
      std::string order_text;
      for (const Event& e : recorder.events)
        if (e.text.find("question order for ties:") != std::string::npos) order_text = e.text;
      std::vector<int> order;
      for (std::size_t at = order_text.find("ties:") + 5; at < order_text.size();) {
        std::size_t end = 0;
        order.push_back(std::stoi(order_text.substr(at), &end));
        at += end;
      }
      REQUIRE(order.size() == 18);
      for (int card : order) {
        if (card == chosen) break;
        CHECK(score[std::size_t(card)] < best);
      }
      ref.answer(chosen, player);
      check_against(*play, ref);
    }
  }
}

TEST_CASE("[number] a game stalls when no card and no epistemagic can change anything") {
  // With only card 6 ("only even numbers?") in the deck, each player's answer is news once.
  auto game = number_game({{"questions", {6}}}, boards_json({{{2, 7}, {4, 9}, {1, 5}}}));
  NullSink sink;
  GameRunner runner(*game, 1, sink);
  const GameResult r = runner.run();
  CHECK(r.reason == kripke::EndReason::Stalled);
  CHECK(r.turns <= 3);
  CHECK(r.winners.empty());
  // Nothing more can be learnt: every answer keeps every world.
  for (int i = 0; i < 3; ++i) {
    const auto phi = number::answer_formula(6, i, runner.play().holds(*number::answer_atom(6, i)));
    CHECK(runner.play().truth(*phi) == runner.play().model().alive());
  }
}

TEST_CASE("[number] the deck depends on the seed and the deal, not on the other rules") {
  auto questions = [](const char* mode, std::uint64_t seed) {
    auto game = number_game({{"epistemagic", mode}}, nullptr, seed);
    EventRecorder recorder;
    GameRunner(*game, 99, recorder, 4321).run();
    std::vector<int> q;
    for (const auto& m : recorder.records("move")) q.push_back(m["question"]);
    return q;
  };
  const auto none = questions("none", 5), steady = questions("steady", 5);
  const std::size_t common = std::min(none.size(), steady.size());
  REQUIRE(common >= 2);
  CHECK(std::equal(none.begin(), none.begin() + long(common), steady.begin()));
  CHECK(questions("none", 6) != none);
}

TEST_CASE("[number] bad configs name the offending field") {
  auto error_path = [](Json rules, Json deal) {
    try {
      number_game(std::move(rules), std::move(deal));
    } catch (const InputError& e) {
      return e.path();
    }
    return std::string("no error");
  };
  CHECK(error_path({{"epistemagic", "always"}}, nullptr) == "/rules/epistemagic");
  CHECK(error_path({{"kooi", "on"}}, nullptr) == "/rules/kooi");
  CHECK(error_path({{"questons", {1}}}, nullptr) == "/rules");
  CHECK(error_path({{"questions", {1, 19}}}, nullptr) == "/rules/questions/1");
  CHECK(error_path({{"questions", {4, 4}}}, nullptr) == "/rules/questions/1");
  CHECK(error_path({{"players", 4}, {"board_size", 3}}, nullptr) == "/rules");
  CHECK(error_path(Json::object(), {{"boards", {{1, 2}, {3, 4}}}}) == "/deal/boards");
  CHECK(error_path(Json::object(), {{"boards", {{1, 2}, {3, 4}, {5}}}}) == "/deal/boards/2");
  CHECK(error_path(Json::object(), {{"boards", {{1, 2}, {3, 4}, {4, 6}}}}) == "/deal/boards/2/0");
  CHECK(error_path(Json::object(), {{"boards", {{1, 2}, {3, 4}, {5, 10}}}}) == "/deal/boards/2/1");
  CHECK(error_path(Json::object(), {{"hands", {}}}) == "/deal");
}

TEST_CASE("[number] other table sizes: 4 players x 2 of 10 numbers") {
  auto game = number_game({{"players", 4}, {"numbers", 10}});
  CHECK(game->deal_count() == 113400);  // C(10,2) C(8,2) C(6,2) C(4,2), 2 face down
  Rng rng(2);
  auto play = game->new_play(rng);
  for (int i = 0; i < 4; ++i) CHECK(play->model().possible(i) == 6);  // C(4,2)
}

TEST_CASE("[number] atoms num and answer, and unknown atoms and ranges are errors") {
  auto game = number_game(Json::object(), boards_json({{{2, 7}, {4, 9}, {1, 5}}}));
  Rng rng(1);
  auto play = game->new_play(rng);
  CHECK(play->holds(*parse_formula("num(1,2) & num(1,7) & num(3,5) & ~num(2,3)")));
  CHECK(play->holds(*parse_formula("K2 num(1,7) & ~Kw1 num(1,7)")));
  CHECK(play->holds(*parse_formula("answer(6,3) <-> ~answer(6,3)")) == false);
  CHECK_THROWS_AS(play->truth(*parse_formula("num(4,1)")), FormulaError);
  CHECK_THROWS_AS(play->truth(*parse_formula("num(1,10)")), FormulaError);
  CHECK_THROWS_AS(play->truth(*parse_formula("answer(19,1)")), FormulaError);
  CHECK_THROWS_AS(play->truth(*parse_formula("muddy(1)")), FormulaError);
}
