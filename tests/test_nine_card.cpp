// nine-card (docs/games/nine-card.md): world counts, rules, and every knowledge claim and
// hint-table cell checked against a brute-force reference that enumerates deals
// with plain recursion and reads questions from their names — sharing no code
// with the game's world table.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "kripke/formula_parser.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/games/nine_card/nine_card.hpp"

using namespace kripke;
using nine_card::NineCardGame;
using nine_card::NineCardPlay;

namespace {

// --- the reference
// ----------------------------------------------------------------------
const std::vector<std::string> kNames = {"R1", "R2", "R3", "G1", "G2", "G3", "B1", "B2", "B3"};
constexpr int kHidden = 3, kOpen = 4;  // slots 0..2 are the players

using RefDeal = std::array<int, 9>;  // slot of each card

void enumerate(const std::vector<int>& sizes, RefDeal& d, std::vector<int>& room, int card,
               std::vector<RefDeal>& out) {
  if (card == 9) {
    out.push_back(d);
    return;
  }
  for (std::size_t s = 0; s < sizes.size(); ++s) {
    if (room[s] == 0) continue;
    --room[s];
    d[std::size_t(card)] = int(s);
    enumerate(sizes, d, room, card + 1, out);
    ++room[s];
  }
}

const std::vector<RefDeal>& all_deals() {
  static const std::vector<RefDeal> deals = [] {
    std::vector<RefDeal> out;
    std::vector<int> sizes = {2, 2, 2, 1, 2}, room = sizes;
    RefDeal d{};
    enumerate(sizes, d, room, 0, out);
    return out;
  }();
  return deals;
}

// The cards a question is about, read from its name: "red", "d2" or a card.
std::set<int> question_cards(const std::string& id) {
  std::set<int> out;
  for (int c = 0; c < 9; ++c) {
    const std::string& n = kNames[std::size_t(c)];
    const bool match = id == "red"     ? n[0] == 'R'
                       : id == "green" ? n[0] == 'G'
                       : id == "blue"  ? n[0] == 'B'
                       : id[0] == 'd'  ? n[1] == id[1]
                                       : n == id;
    if (match) out.insert(c);
  }
  return out;
}

int ref_answer(const RefDeal& d, const std::string& question, int target) {
  int n = 0;
  for (int c : question_cards(question)) n += d[std::size_t(c)] == target;
  return n;
}

int ref_hidden(const RefDeal& d) {
  for (int c = 0; c < 9; ++c)
    if (d[std::size_t(c)] == kHidden) return c;
  return -1;
}

struct Answer {
  std::string question;
  int target;  // 0-based
  int value;
};

// The deals player p considers possible: same open cards, same own hand, every
// answer so far.
std::vector<RefDeal> ref_possible(const RefDeal& actual, int p,
                                  const std::vector<Answer>& answers) {
  std::vector<RefDeal> out;
  for (const RefDeal& d : all_deals()) {
    bool ok = true;
    for (int c = 0; c < 9 && ok; ++c) {
      const bool seen = actual[std::size_t(c)] == kOpen || actual[std::size_t(c)] == p;
      const bool seen_here = d[std::size_t(c)] == kOpen || d[std::size_t(c)] == p;
      if ((seen || seen_here) && d[std::size_t(c)] != actual[std::size_t(c)]) ok = false;
    }
    for (const Answer& a : answers) ok = ok && ref_answer(d, a.question, a.target) == a.value;
    if (ok) out.push_back(d);
  }
  return out;
}

std::set<int> hidden_candidates(const std::vector<RefDeal>& deals) {
  std::set<int> out;
  for (const RefDeal& d : deals) out.insert(ref_hidden(d));
  return out;
}

// Shannon entropy (bits) of the hidden card over equally likely deals.
double entropy(const std::vector<RefDeal>& deals) {
  std::map<int, double> n;
  for (const RefDeal& d : deals) n[ref_hidden(d)] += 1;
  double h = 0;
  for (const auto& [card, k] : n)
    h -= k / double(deals.size()) * std::log2(k / double(deals.size()));
  return h;
}

// --- driving the game
// -------------------------------------------------------------------
struct Recorder final : EventSink {
  std::vector<Event> events;
  void emit(const Event& e) override { events.push_back(e); }
  std::vector<LogRecord> of(const std::string& kind) const {
    std::vector<LogRecord> out;
    for (const auto& e : events)
      if (!e.record.is_null() && e.record.value("event", std::string()) == kind)
        out.push_back(e.record);
    return out;
  }
};

GameConfig config(Json rules = Json::object(), Json agents = Json::array(), Json deal = nullptr) {
  GameConfig c;
  c.game = "nine-card";
  c.rules = std::move(rules);
  c.agents = std::move(agents);
  c.deal = std::move(deal);
  return c;
}

RefDeal ref_deal(const Json& deal) {
  RefDeal d{};
  auto put = [&](const std::string& card, int slot) {
    d[std::size_t(std::find(kNames.begin(), kNames.end(), card) - kNames.begin())] = slot;
  };
  for (int p = 0; p < 3; ++p)
    for (const auto& c : deal["hands"][std::size_t(p)]) put(c.get<std::string>(), p);
  put(deal["hidden"].get<std::string>(), kHidden);
  for (const auto& c : deal["open"]) put(c.get<std::string>(), kOpen);
  return d;
}

std::vector<Answer> answers_so_far(const Recorder& log) {
  std::vector<Answer> out;
  for (const auto& m : log.of("move"))
    out.push_back(
        {m["question"].get<std::string>(), m["target"].get<int>() - 1, m["answer"].get<int>()});
  return out;
}

// Every player's possible worlds and knowledge of the hidden card agree with
// the reference.
void check_knowledge(const NineCardPlay& play, const RefDeal& actual,
                     const std::vector<Answer>& answers) {
  for (int p = 0; p < 3; ++p) {
    const auto possible = ref_possible(actual, p, answers);
    INFO("player " << p + 1 << " after " << answers.size() << " answers");
    CHECK(play.model().possible(p) == possible.size());
    CHECK(play.has_won(p) == (hidden_candidates(possible).size() == 1));
    const auto table = play.knowledge_of(p);
    REQUIRE(table.worlds == possible.size());
    for (const auto& row : table.rows)
      for (int c = 0; c < 9; ++c) {
        std::size_t n = 0;
        for (const RefDeal& d : possible) n += d[std::size_t(c)] == row.slot;
        CHECK(row.count[std::size_t(c)] == n);
      }
  }
}

// Every hint-table cell and summary of the current player agrees with the
// reference.
void check_hints(const NineCardPlay& play, const RefDeal& actual,
                 const std::vector<Answer>& answers) {
  const int me = play.current_player();
  const auto possible = ref_possible(actual, me, answers);
  const auto table = play.hints();
  REQUIRE(table.rows.size() == 2 * play.question_hand(me).size());
  REQUIRE(table.now.worlds == possible.size());
  std::vector<std::pair<std::uint64_t, std::uint64_t>> scores;  // (deleted, Σ_a |S_a|²)
  for (const auto& row : table.rows) {
    const std::string id = nine_card::questions()[std::size_t(row.question)].id;
    INFO("question " << id << " to player " << row.target + 1);
    CHECK(row.target != me);
    std::map<int, std::vector<RefDeal>> by_answer;
    for (const RefDeal& d : possible) by_answer[ref_answer(d, id, row.target)].push_back(d);
    double expected_worlds = 0, expected_hidden = 0;
    std::uint64_t squares = 0;
    for (const auto& cell : row.answers) {
      const auto& group = by_answer[cell.answer];
      CHECK(cell.left.worlds == group.size());
      CHECK(std::size_t(cell.left.candidates()) == hidden_candidates(group).size());
      const auto status = group.empty()                     ? nine_card::CellStatus::Impossible
                          : group.size() == possible.size() ? nine_card::CellStatus::NoSense
                                                            : nine_card::CellStatus::Possible;
      CHECK(cell.status == status);
      const double p = double(group.size()) / double(possible.size());
      expected_worlds += p * double(group.size());
      squares += group.size() * group.size();
      expected_hidden += p * double(hidden_candidates(group).size());
    }
    CHECK(row.expected_worlds == Approx(expected_worlds));
    CHECK(row.expected_hidden == Approx(expected_hidden));
    double entropy_after = 0;
    for (const auto& [answer, group] : by_answer)
      entropy_after += double(group.size()) / double(possible.size()) * entropy(group);
    CHECK(row.entropy_drop == Approx(entropy(possible) - entropy_after).margin(1e-12));
    // Relations deleted: ordered pairs with different hidden cards that the
    // answer separates.
    std::uint64_t deleted = 0;
    for (const RefDeal& a : possible)
      for (const RefDeal& b : possible)
        deleted += ref_hidden(a) != ref_hidden(b) &&
                   ref_answer(a, id, row.target) != ref_answer(b, id, row.target);
    CHECK(row.relations_deleted == deleted);
    scores.push_back({deleted, squares});
  }
  // Marked: every row with the most relations deleted and, among those, the fewest expected
  // worlds left.
  std::uint64_t most = 0, fewest = UINT64_MAX;
  for (const auto& [deleted, squares] : scores) most = std::max(most, deleted);
  for (const auto& [deleted, squares] : scores)
    if (deleted == most) fewest = std::min(fewest, squares);
  std::vector<std::size_t> marked;
  for (std::size_t k = 0; k < scores.size(); ++k) {
    CHECK(table.rows[k].best == (scores[k].first == most && scores[k].second == fewest));
    if (scores[k].first == most && scores[k].second == fewest) marked.push_back(k);
  }
  CHECK(table.best == marked);
}

}  // namespace

TEST_CASE("[nine-card] the reference enumerates 9!/(2!2!2!1!2!) deals") {
  CHECK(all_deals().size() == 22680);
}

TEST_CASE(
    "[nine-card] dealing: 22,680 worlds, 630 after the open cards, 30 "
    "per player") {
  NineCardGame game(config());
  CHECK(game.table().size() == 22680);
  Recorder log;
  GameRunner runner(game, 7, log);
  runner.start();
  const auto start = log.of("start").at(0);
  CHECK(start["worlds"] == 22680);
  const auto updates = log.of("update");
  REQUIRE(updates.size() == 4);
  CHECK(updates[0]["kind"] == "public");
  CHECK(updates[0]["worlds_before"] == 22680);
  CHECK(updates[0]["worlds_after"] == 630);
  const RefDeal actual = ref_deal(start["deal"]);
  std::string open_formula;
  for (int c = 0; c < 9; ++c)
    if (actual[std::size_t(c)] == kOpen)
      open_formula += (open_formula.empty() ? "open(" : " & open(") + kNames[std::size_t(c)] + ")";
  CHECK(updates[0]["formula"] == open_formula);
  for (int p = 0; p < 3; ++p) {
    const auto& u = updates[std::size_t(p) + 1];
    CHECK(u["kind"] == "private");
    CHECK(u["audience"] == Json::array({p + 1}));
    CHECK(u["worlds_after"] == 630);
    CHECK(u["agents"][std::size_t(p)]["possible"] == 30);
  }
  CHECK(runner.play().model().alive_count() == 630);
  check_knowledge(dynamic_cast<const NineCardPlay&>(runner.play()), actual, {});
}

TEST_CASE("[nine-card] rules are config fields checked against the deck") {
  CHECK(NineCardGame(config({{"players", 2}, {"hand_size", 3}})).table().size() == 5040);
  CHECK(NineCardGame(config({{"players", 4}, {"open_cards", 0}})).table().size() == 22680);
  CHECK_THROWS_AS(NineCardGame(config({{"players", 4}})), InputError);
  CHECK_THROWS_AS(NineCardGame(config({{"question_hand", 6}})), InputError);
  CHECK_THROWS_AS(NineCardGame(config({{"hand_sise", 2}})), InputError);
  CHECK_THROWS_AS(NineCardGame(config(Json::object(), Json::array({{{"strategy", "clever"}}}))),
                  InputError);
  CHECK_THROWS_AS(NineCardGame(config(Json::object(), Json::array({{{"strategy", "random"}}}))),
                  InputError);
  const Json good = Json::parse(R"({"hands": [["B2", "B3"], ["R1", "R2"], ["G1", "B1"]],
                                    "hidden": "G3", "open": ["R3", "G2"]})");
  CHECK_NOTHROW(NineCardGame(config(Json::object(), Json::array(), good)));
  Json twice = good;
  twice["hidden"] = "B2";
  try {
    NineCardGame game(config(Json::object(), Json::array(), twice));
    FAIL("a card dealt twice was accepted");
  } catch (const InputError& e) {
    CHECK(e.path() == "/deal/hidden");
  }
  Json short_hand = good;
  short_hand["hands"][1] = Json::array({"R1"});
  CHECK_THROWS_AS(NineCardGame(config(Json::object(), Json::array(), short_hand)), InputError);
  Json bad_questions = good;
  bad_questions["questions"] =
      Json::parse(R"({"hands": [["G1", "green", "d2"], ["G1", "R1", "R2"], ["d1", "d3", "B3"]]})");
  CHECK_THROWS_AS(NineCardGame(config(Json::object(), Json::array(), bad_questions)), InputError);
}

TEST_CASE(
    "[nine-card] the answer formulas hold exactly where the reference "
    "gives that answer") {
  NineCardGame game(config());
  Rng rng(3);
  auto play = game.new_play(rng);
  // The initial model holds every deal, so formulas are checked on all 22,680
  // worlds.
  const auto& deals = game.table().deals();
  const std::vector<std::string> how_many = {"d1", "d2", "d3", "red", "green", "blue"};
  for (int target = 1; target <= 3; ++target) {
    for (const auto& id : how_many)
      for (int a = 0; a <= 2; ++a) {
        const std::string s = std::to_string(target);
        const auto count =
            play->truth(*parse_formula("count(" + s + "," + id + "," + std::to_string(a) + ")"));
        // The same set written with has-atoms.
        std::vector<std::string> c;
        for (int card : question_cards(id))
          c.push_back("has(" + s + "," + kNames[std::size_t(card)] + ")");
        const std::string has_formula =
            a == 0   ? "~" + c[0] + " & ~" + c[1] + " & ~" + c[2]
            : a == 1 ? "(" + c[0] + " & ~" + c[1] + " & ~" + c[2] + ") | (~" + c[0] + " & " + c[1] +
                           " & ~" + c[2] + ") | (~" + c[0] + " & ~" + c[1] + " & " + c[2] + ")"
                     : "(" + c[0] + " & " + c[1] + ") | (" + c[0] + " & " + c[2] + ") | (" + c[1] +
                           " & " + c[2] + ")";
        CHECK(play->truth(*parse_formula(has_formula)) == count);
        std::size_t n = 0;
        for (std::size_t w = 0; w < deals.size(); ++w) {
          RefDeal d{};
          for (int card = 0; card < 9; ++card) d[std::size_t(card)] = deals.slot(w, card);
          const bool expected = ref_answer(d, id, target - 1) == a;
          n += expected;
          if (count.test(World(w)) != expected)
            FAIL("count(" << s << "," << id << "," << a << ") at deal " << w);
        }
        CHECK(count.count() == n);
      }
  }
  CHECK(play->truth(*parse_formula("hidden(R1) | hidden(R2) | hidden(R3)")).count() == 22680 / 3);
  CHECK_THROWS_AS(play->truth(*parse_formula("has(4,R1)")), FormulaError);
  CHECK_THROWS_AS(play->truth(*parse_formula("hidden(R4)")), FormulaError);
  CHECK_THROWS_AS(play->truth(*parse_formula("count(1,purple,1)")), FormulaError);
  CHECK_THROWS_AS(play->truth(*parse_formula("muddy(1)")), FormulaError);
}

TEST_CASE(
    "[nine-card] knowledge, possible worlds, wins and hint cells match "
    "the reference") {
  for (const char* strategy : {"random", "hint", "info-gain"}) {
    const Json agents =
        Json::array({{{"strategy", strategy}}, {{"strategy", "random"}}, {{"strategy", strategy}}});
    NineCardGame game(config(Json::object(), agents));
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      INFO(strategy << " seed " << seed);
      Recorder log;
      GameRunner runner(game, seed, log);
      runner.start();
      const auto& play = dynamic_cast<const NineCardPlay&>(runner.play());
      const RefDeal actual = ref_deal(log.of("start").at(0)["deal"]);
      while (!runner.finished()) {
        check_hints(play, actual, answers_so_far(log));
        runner.step();
        check_knowledge(play, actual, answers_so_far(log));
      }
      // The game ends with a win, and the winners are exactly the players who
      // know.
      const auto end = log.of("end").at(0);
      CHECK(end["reason"] == "win");
      const auto answers = answers_so_far(log);
      Json knowers = Json::array();
      for (int p = 0; p < 3; ++p)
        if (hidden_candidates(ref_possible(actual, p, answers)).size() == 1)
          knowers.push_back(p + 1);
      CHECK(end["winners"] == knowers);
    }
  }
}

TEST_CASE(
    "[nine-card] every answer is announced with a formula true exactly "
    "where it holds") {
  NineCardGame game(config(
      Json::object(),
      Json::array({{{"strategy", "random"}}, {{"strategy", "random"}}, {{"strategy", "random"}}})));
  const auto& deals = game.table().deals();
  Recorder log;
  GameRunner runner(game, 11, log);
  runner.start();
  while (!runner.finished()) {
    const Model before = runner.play().model();
    runner.step();
    const auto move = log.of("move").back();
    const auto update = log.of("update").back();
    CHECK(update["kind"] == "public");
    CHECK(update["worlds_before"] == before.alive_count());
    // The logged formula, evaluated on the model before the answer, is the new
    // alive set...
    const Evaluator eval(before,
                         [&](const Formula& a, const Model& m) { return game.table().atom(a, m); });
    const WorldSet truth = eval.eval(*parse_formula(update["formula"].get<std::string>()));
    CHECK(truth == runner.play().model().alive());
    CHECK(update["worlds_after"] == truth.count());
    // ...and exactly the worlds where the reference gives the announced answer.
    before.alive().for_each([&](World w) {
      RefDeal d{};
      for (int c = 0; c < 9; ++c) d[std::size_t(c)] = deals.slot(before.valuation(w), c);
      CHECK(truth.test(w) ==
            (ref_answer(d, move["question"], move["target"].get<int>() - 1) == move["answer"]));
    });
  }
}

namespace {

// The Sleuth-project's example: player 1 holds B2 and B3; it asked player 2 how many
// green cards it has (0); then players 2 and 3 asked. Player 1's "do you have
// G1" card, asked of player 2, shows "No sense" (no) and "Impossible" (yes).
const char* kSeedExample = R"({
  "hands": [["B2", "B3"], ["R1", "R2"], ["G1", "B1"]], "hidden": "G3", "open": ["R3", "G2"],
  "questions": {"hands": [["G1", "green", "d2"], ["d1", "red", "R1"], ["B2", "blue", "d3"]],
                "deck": ["R2", "R3", "G2", "G3", "B1", "B3"]}})";

}  // namespace

TEST_CASE(
    "[nine-card] the Sleuth-project's example: No sense and Impossible for G1 "
    "asked of player 2") {
  NineCardGame game(config(Json::object(), Json::array(), Json::parse(kSeedExample)));
  Recorder log;
  GameRunner runner(game, 1, log);
  runner.start();
  auto& play = dynamic_cast<NineCardPlay&>(runner.play());
  const RefDeal actual = ref_deal(Json::parse(kSeedExample));
  const char* moves[] = {R"({"player": 1, "target": 2, "question": "green"})",
                         R"({"player": 2, "target": 1, "question": "d1"})",
                         R"({"player": 3, "target": 1, "question": "B2"})"};
  for (const char* move : moves) {
    play.set_turn(play.turn() + 1);
    play.scripted_move(Json::parse(move), "/script");
    CHECK(play.winners().empty());
  }
  CHECK(log.of("move")[0]["answer"] == 0);
  const auto answers = answers_so_far(log);
  check_knowledge(play, actual, answers);
  REQUIRE(play.current_player() == 0);
  check_hints(play, actual, answers);
  const auto table = play.hints();
  // The hand: G1 first (the played "green" was replaced at the end).
  REQUIRE(nine_card::questions()[std::size_t(play.question_hand(0)[0])].id == "G1");
  const auto& g1_to_2 = table.rows[0];
  REQUIRE(g1_to_2.target == 1);
  CHECK(g1_to_2.answers[0].status == nine_card::CellStatus::NoSense);     // no
  CHECK(g1_to_2.answers[1].status == nine_card::CellStatus::Impossible);  // yes
  CHECK(g1_to_2.answers[0].left.worlds == ref_possible(actual, 0, answers).size());
  CHECK(g1_to_2.relations_deleted == 0);
  // Asked of player 3 the same card splits player 1's worlds.
  const auto& g1_to_3 = table.rows[1];
  CHECK(g1_to_3.target == 2);
  CHECK(g1_to_3.answers[0].status == nine_card::CellStatus::Possible);
  CHECK(g1_to_3.answers[1].status == nine_card::CellStatus::Possible);
  // Player 1's move logs the table first: the hints event has the same cells,
  // and the transcript the words.
  play.set_turn(4);
  play.scripted_move(Json::parse(R"({"target": 3, "question": "G1"})"), "/script");
  const auto hints = log.of("hints").back();
  CHECK(hints["turn"] == 4);
  CHECK(hints["agent"] == 1);
  CHECK(hints["questions"][0]["question"] == "G1");
  CHECK(hints["questions"][0]["answers"][0]["status"] == "no-sense");
  CHECK(hints["questions"][0]["answers"][1]["status"] == "impossible");
  std::string text;
  for (const auto& e : log.events) text += e.text + "\n";
  CHECK(text.find("have G1?             player 2  no: n/s     yes: imp") != std::string::npos);
  CHECK(text.find("(imp = Impossible, n/s = No sense;") != std::string::npos);
}

TEST_CASE("[nine-card] a table strategy's reason: the chosen row's score, the best, and the next") {
  NineCardGame game(config(Json::object(), Json::array(), Json::parse(kSeedExample)));
  Recorder log;
  GameRunner runner(game, 1, log);
  runner.start();
  const auto& play = dynamic_cast<const NineCardPlay&>(runner.play());
  const auto table = play.hints();
  using nine_card::Strategy;
  // Each strategy's measure, read from the row independently of table_score.
  const auto measure = [](Strategy s, const nine_card::HintRow& row) {
    if (s == Strategy::Hint) return double(row.relations_deleted);
    if (s == Strategy::InfoGain) return row.entropy_drop;
    double most = 0;
    for (const auto& cell : row.answers)
      if (cell.status == nine_card::CellStatus::Possible)
        most = std::max(most, double(cell.left.worlds));
    return most;
  };
  for (Strategy s : {Strategy::Hint, Strategy::InfoGain, Strategy::HighestProbability}) {
    INFO(nine_card::to_string(s));
    double best = 0;
    for (const auto& row : table.rows) best = std::max(best, measure(s, row));
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      kripke::Rng rng(seed);
      const nine_card::Ask a = nine_card::table_ask(s, table, rng);
      const kripke::MoveReason& why = a.reason;
      CHECK(why.strategy == nine_card::to_string(s));
      CHECK(why.considered == table.rows.size());
      REQUIRE(why.score);
      CHECK(*why.score == Approx(best).margin(1e-9));
      for (const auto& row : table.rows)
        if (row.question == a.question && row.target == a.target)
          CHECK(measure(s, row) == Approx(*why.score).margin(1e-9));
      CHECK(why.tied >= 1);
      CHECK(why.alternatives.size() == std::min<std::size_t>(3, table.rows.size() - why.tied));
      for (const auto& other : why.alternatives) CHECK(other.score <= *why.score + 1e-9);
    }
  }
  // The random strategy names its rule and how many asks it chose among.
  kripke::Rng rng(1);
  const auto random = nine_card::random_ask(play.question_hand(0), 0, 3, rng);
  CHECK(random.reason.considered == 3 * 2);
  CHECK(!random.reason.score);
}

TEST_CASE(
    "[nine-card] question cards: hands of 3, replaced from the deck, "
    "reshuffled when empty") {
  const Json random = {{"strategy", "random"}};
  NineCardGame game(config(Json::object(), Json::array({random, random, random})));
  int reshuffles = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Recorder log;
    GameRunner runner(game, seed, log);
    runner.start();
    const auto& play = dynamic_cast<const NineCardPlay&>(runner.play());
    CHECK(play.question_deck().size() == 6);
    while (!runner.finished()) {
      const int me = play.current_player();
      const std::vector<int> deck_before = play.question_deck();
      std::set<int> in_hands;
      for (int p = 0; p < 3; ++p)
        for (int q : play.question_hand(p)) in_hands.insert(q);
      REQUIRE(in_hands.size() == 9);
      runner.step();
      const auto move = log.of("move").back();
      const auto& hand = play.question_hand(me);
      REQUIRE(hand.size() == 3);
      const std::string drew = nine_card::questions()[std::size_t(hand.back())].id;
      CHECK(move["drew"] == drew);
      if (move["reshuffled"]) {
        ++reshuffles;
        // The deck was empty; the six cards outside the hands (the played one
        // among them) were shuffled and the top one drawn.
        CHECK(deck_before.empty());
        std::set<int> rest(play.question_deck().begin(), play.question_deck().end());
        rest.insert(hand.back());
        std::set<int> outside;
        for (int q = 0; q < 15; ++q)
          if (!in_hands.count(q)) outside.insert(q);
        outside.insert(*nine_card::parse_question(move["question"]));
        CHECK(rest == outside);
      } else {
        REQUIRE(!deck_before.empty());
        CHECK(hand.back() == deck_before.front());
        CHECK(play.question_deck() == std::vector<int>(deck_before.begin() + 1, deck_before.end()));
      }
    }
  }
  CHECK(reshuffles > 0);
}

TEST_CASE("[nine-card] \"question_deck\": \"regenerate\" renews all 15 cards, as the original") {
  const Json random = {{"strategy", "random"}};
  NineCardGame game(
      config({{"question_deck", "regenerate"}}, Json::array({random, random, random})));
  int renewals = 0, doubled = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Recorder log;
    GameRunner runner(game, seed, log);
    runner.start();
    const auto& play = dynamic_cast<const NineCardPlay&>(runner.play());
    while (!runner.finished()) {
      const int me = play.current_player();
      runner.step();
      const auto move = log.of("move").back();
      if (move["reshuffled"]) {
        ++renewals;
        // The new deck held all 15 question cards; the top one was drawn.
        std::multiset<int> all(play.question_deck().begin(), play.question_deck().end());
        all.insert(play.question_hand(me).back());
        CHECK(all == std::multiset<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14});
      }
      std::multiset<int> in_hands;
      for (int p = 0; p < 3; ++p)
        for (int q : play.question_hand(p)) in_hands.insert(q);
      doubled += std::set<int>(in_hands.begin(), in_hands.end()).size() < in_hands.size();
    }
  }
  CHECK(renewals > 0);
  CHECK(doubled > 0);  // a card held twice: impossible when the discards are reshuffled
}

TEST_CASE("[nine-card] \"win_check\": \"mover\" lets only the player who just asked win") {
  const Json random = {{"strategy", "random"}};
  int others_won = 0;
  for (const std::string check : {"everyone", "mover"}) {
    NineCardGame game(config({{"win_check", check}}, Json::array({random, random, random})));
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
      Recorder log;
      const GameResult result = run_game(game, seed, log);
      if (result.reason != kripke::EndReason::Win) continue;
      const auto moves = log.of("move");
      const int mover = moves.empty() ? 1 : moves.back()["agent"].get<int>();
      for (kripke::Agent w : result.winners) {
        if (check == "mover") CHECK(int(w) + 1 == mover);
        if (check == "everyone") others_won += int(w) + 1 != mover;
      }
    }
  }
  CHECK(others_won > 0);  // so the option changes something
}

TEST_CASE("[nine-card] highest-probability asks a row holding the largest possible cell") {
  const Json agents = Json::array(
      {{{"strategy", "highest-probability"}}, {{"strategy", "random"}}, {{"strategy", "random"}}});
  NineCardGame game(config(Json::object(), agents));
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Recorder log;
    run_game(game, seed, log);
    const auto hints = log.of("hints"), moves = log.of("move");
    for (std::size_t k = 0; k < moves.size(); ++k) {
      if (moves[k]["agent"] != 1) continue;
      std::size_t chosen_most = 0, most = 0;
      for (const auto& row : hints[k]["questions"]) {
        std::size_t row_most = 0;
        for (const auto& cell : row["answers"])
          if (cell["status"] == "possible")
            row_most = std::max(row_most, cell["worlds"].get<std::size_t>());
        most = std::max(most, row_most);
        if (row["question"] == moves[k]["question"] && row["target"] == moves[k]["target"])
          chosen_most = row_most;
      }
      CHECK(chosen_most == most);
      ++checked;
    }
  }
  CHECK(checked > 15);
}

TEST_CASE(
    "[nine-card] the hint agent plays the marked row, info-gain the "
    "largest entropy drop") {
  const Json agents =
      Json::array({{{"strategy", "hint"}}, {{"strategy", "info-gain"}}, {{"strategy", "hint"}}});
  NineCardGame game(config(Json::object(), agents));
  int checked = 0;
  std::set<int> asked_in_ties;  // 10 x target + asker, when the asker had tied targets
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Recorder log;
    run_game(game, seed, log);
    const auto hints = log.of("hints"), moves = log.of("move");
    REQUIRE(hints.size() == moves.size());
    for (std::size_t k = 0; k < moves.size(); ++k) {
      const auto& rows = hints[k]["questions"];
      std::size_t chosen = rows.size(), most_info = 0;
      for (std::size_t r = 0; r < rows.size(); ++r) {
        if (rows[r]["question"] == moves[k]["question"] && rows[r]["target"] == moves[k]["target"])
          chosen = r;
        if (rows[r]["entropy_drop"].get<double>() >
            rows[most_info]["entropy_drop"].get<double>() + 1e-9)
          most_info = r;
      }
      REQUIRE(chosen < rows.size());
      if (moves[k]["agent"] == 2) {
        CHECK(rows[chosen]["entropy_drop"].get<double>() ==
              Approx(rows[most_info]["entropy_drop"].get<double>()));
      } else {
        CHECK(rows[chosen]["best"] == true);
      }
      // Ties are broken at random: both players of a tie get asked.
      if (rows[chosen]["best"] == true) {
        std::set<int> tied_targets;
        for (const auto& row : rows)
          if (row["best"] == true) tied_targets.insert(row["target"].get<int>());
        if (tied_targets.size() > 1)
          asked_in_ties.insert(moves[k]["target"].get<int>() * 10 + moves[k]["agent"].get<int>());
      }
      ++checked;
    }
  }
  CHECK(checked > 40);
  // Player 1, facing ties between players 2 and 3, asked each of them at some point.
  CHECK(asked_in_ties.count(21));
  CHECK(asked_in_ties.count(31));
}

TEST_CASE(
    "[nine-card] a game is the same with and without logging, and hints "
    "can be turned off") {
  for (bool hints : {true, false}) {
    const Json agents = Json::array(
        {{{"strategy", "random"}}, {{"strategy", "info-gain"}}, {{"strategy", "hint"}}});
    NineCardGame game(config({{"hints", hints}}, agents));
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      Recorder log, again;
      NullSink none;
      const GameResult logged = run_game(game, seed, log);
      const GameResult quiet = run_game(game, seed, none);
      run_game(game, seed, again);
      CHECK(logged.turns == quiet.turns);
      CHECK(logged.winners == quiet.winners);
      CHECK(logged.deal == quiet.deal);
      CHECK(log.of("hints").size() == (hints ? std::size_t(logged.turns) : 0));
      REQUIRE(log.events.size() == again.events.size());
      for (std::size_t k = 0; k < log.events.size(); ++k)
        CHECK(log.events[k].record == again.events[k].record);
    }
  }
}

TEST_CASE(
    "[nine-card] a fixed deal in the config is the actual deal, and "
    "scripted moves are checked") {
  const Json deal = Json::parse(kSeedExample);
  NineCardGame game(config(Json::object(), Json::array(), deal));
  Rng rng(5);
  auto play = game.new_play(rng);
  CHECK(play->deal() == deal);
  play->setup();
  CHECK_THROWS_AS(play->scripted_move(Json::parse(R"({"target": 2, "question": "red"})"), "/s"),
                  InputError);
  CHECK_THROWS_AS(play->scripted_move(Json::parse(R"({"target": 1, "question": "G1"})"), "/s"),
                  InputError);
  CHECK_THROWS_AS(
      play->scripted_move(Json::parse(R"({"player": 2, "target": 1, "question": "d1"})"), "/s"),
      InputError);
  CHECK_THROWS_AS(play->scripted_move(Json::parse(R"({"question": "G1"})"), "/s"), InputError);
  CHECK_THROWS_AS(
      play->scripted_move(Json::parse(R"({"target": 2, "question": "G1", "x": 1})"), "/s"),
      InputError);
  play->scripted_move(Json::parse(R"({"target": 2, "question": "G1"})"), "/s");
  CHECK(play->holds(*parse_formula("K1 ~has(2,G1) & ~K2 has(1,B2) & M2 has(1,B2)")));
}
