// The generic agents of the game language (docs/game-language.md#the-agents): info-gain, its
// measure checked by hand, and claim, which makes its claim exactly when it knows its goal.
#include <catch2/catch.hpp>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "event_recorder.hpp"
#include "kripke/game_lang/info_gain.hpp"
#include "kripke/game_lang/language_game.hpp"
#include "kripke/game_lang/move_sequences.hpp"
#include "kripke/game_loop.hpp"
#include "language_test_support.hpp"

using namespace kripke_test;
using kripke::game_lang::information_gain;

namespace {

// a knows nothing of p and q; b sees both. a may ask b about p or about q (only the two
// learn the answer), look at a lamp that then shows p (a sees the lamp), or wait.
kripke::Json questions_rules() {
  const kripke::Json ask = {
      {"parameters", {"i", "j"}}, {"seen_by", {"i", "j"}}, {"others_see", "that a move was made"}};
  kripke::Json ask_p = ask, ask_q = ask;
  ask_p["name"] = "ask_p";
  ask_p["parties_learn"] = {"p"};
  ask_q["name"] = "ask_q";
  ask_q["parties_learn"] = {"q"};
  return {{"agents",
           {{{"name", "a"}, {"observes", {"lamp"}}}, {{"name", "b"}, {"observes", {"p", "q"}}}}},
          {"variables", {{{"name", "p"}}, {{"name", "q"}}, {{"name", "lamp"}}}},
          {"law", "~lamp"},
          {"moves",
           {ask_p,
            ask_q,
            {{"name", "look"}, {"parameters", {"i"}}, {"post", {{"lamp", "p"}}}},
            {{"name", "wait"}, {"parameters", {"i"}}}}}};
}

std::string first_move_of_a(const kripke::Json& rules, const kripke::Json& about,
                            std::uint64_t seed) {
  const kripke::Json strategies = {{{"agent", "a"}, {"strategy", "info-gain"}, {"about", about}},
                                   {{"agent", "b"}, {"strategy", "random"}}};
  const kripke::game_lang::LanguageGame game(language_config(rules, strategies, 1));
  EventRecorder events;
  kripke::run_game(game, seed, events);
  const kripke::LogRecord move = events.records("move").front();
  REQUIRE(move["move"]["i"] == "a");
  return move["move"]["move"].get<std::string>();
}

}  // namespace

TEST_CASE("[game-language] the information gain of a move, computed by hand") {
  // Four worlds, the quantity two bits.
  const std::vector<std::string> q = {"00", "01", "10", "11"};
  using Outcomes = std::vector<std::vector<std::string>>;
  CHECK(information_gain(q, Outcomes{{"x"}, {"x"}, {"x"}, {"x"}}) == Approx(0.0));
  CHECK(information_gain(q, Outcomes{{"x"}, {"x"}, {"y"}, {"y"}}) == Approx(1.0));  // a bit
  CHECK(information_gain(q, Outcomes{{"w"}, {"x"}, {"y"}, {"z"}}) == Approx(2.0));
  // One world apart from three: 2 - 3/4 log2 3.
  CHECK(information_gain(q, Outcomes{{"x"}, {"x"}, {"x"}, {"y"}}) ==
        Approx(2.0 - 0.75 * std::log2(3.0)));
  // Where the move cannot be made, the mover learns that too: a world ruled out.
  CHECK(information_gain(q, Outcomes{{"x"}, {"x"}, {"x"}, {}}) == Approx(2.0 - std::log2(3.0)));
  // A quantity the same at every world has nothing to learn.
  CHECK(information_gain({"1", "1", "1"}, Outcomes{{"x"}, {"y"}, {"z"}}) == Approx(0.0));
  // Someone's choice at a world: two worlds, one of which may show either of two outcomes.
  // Outcome y comes from the second world only (weight 1/2 of 2): after it nothing is left
  // to learn; after x (weights 1 and 1/2) the entropy is H(2/3, 1/3).
  const double h = -(2.0 / 3) * std::log2(2.0 / 3) - (1.0 / 3) * std::log2(1.0 / 3);
  CHECK(information_gain({"a", "b"}, Outcomes{{"x"}, {"x", "y"}}) == Approx(1.0 - 0.75 * h));
}

TEST_CASE("[game-language] info-gain asks about what it seeks, and looks when that tells") {
  const kripke::Json rules = questions_rules();
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    INFO("seed " << seed);
    // About q: only asking about q tells anything.
    CHECK(first_move_of_a(rules, "q", seed) == "ask_q");
    // About p: asking and looking tell a as much (one bit); it draws between them.
    const std::string p = first_move_of_a(rules, "p", seed);
    CHECK((p == "ask_p" || p == "look"));
    // About both, as a list: one bit whichever it asks or looks at.
    const std::string both = first_move_of_a(rules, kripke::Json::array({"p", "q"}), seed);
    CHECK(both != "wait");
  }
  // Without the lamp, it asks about p: never the question about q, never waiting.
  kripke::Json no_lamp = rules;
  no_lamp["moves"].erase(2);
  for (std::uint64_t seed = 1; seed <= 8; ++seed)
    CHECK(first_move_of_a(no_lamp, "p", seed) == "ask_p");

  // Once a knows p, asking about p again tells nothing: a asks about q or waits at random,
  // and after it knows both, every move is a tie.
  const kripke::Json strategies = {
      {{"agent", "a"}, {"strategy", "info-gain"}, {"about", {"p", "q"}}},
      {{"agent", "b"}, {"strategy", "protocol"}, {"guards", {{"wait", "true"}}}}};
  const kripke::game_lang::LanguageGame game(language_config(no_lamp, strategies, 4));
  EventRecorder events;
  kripke::run_game(game, 3, events);
  std::vector<std::string> a_moves;
  for (const kripke::LogRecord& m : events.records("move"))
    if (m["move"]["i"] == "a") a_moves.push_back(m["move"]["move"].get<std::string>());
  REQUIRE(a_moves.size() == 2);
  CHECK(a_moves[0] != "wait");
  CHECK(a_moves[1] != "wait");
  CHECK(a_moves[0] != a_moves[1]);  // the second question is the other one
}

TEST_CASE("[game-language] claim agents claim exactly when they know, and never lose") {
  // The muddy children with a risky claim: "I am muddy" is always allowed; said truly it
  // wins, said falsely it loses. Passing says "I do not know that I am muddy" (its
  // precondition), from which the others learn, as from the father's children's answers.
  const kripke::Json rules = {
      {"agents",
       {{{"name", "c1"}, {"observes", {"muddy(other)"}}},
        {{"name", "c2"}, {"observes", {"muddy(other)"}}},
        {{"name", "c3"}, {"observes", {"muddy(other)"}}},
        {{"name", "c4"}, {"observes", {"muddy(other)"}}}}},
      {"variables",
       {{{"name", "muddy"}, {"of", {"agents"}}},
        {{"name", "said"}, {"of", {"agents"}}, {"initially_true", kripke::Json::array()}}}},
      {"definitions", {{"someone_muddy", {{"some", "muddy(_)"}}}}},
      {"opening", {"someone_muddy"}},
      {"moves",
       {{{"name", "claim_muddy"}, {"parameters", {"i"}}, {"post", {{"said(i)", true}}}},
        {{"name", "pass"}, {"parameters", {"i"}}, {"legal", "~K{i} muddy(i)"}}}},
      {"turns", "simultaneous"},
      {"win", "said(me) & muddy(me)"},
      {"lose", "said(me) & ~muddy(me)"}};
  const kripke::Json claim = {
      {"strategy", "claim"}, {"claim", "claim_muddy"}, {"goal", "muddy(me)"}};
  const kripke::game_lang::LanguageGame claiming(
      language_config(rules, kripke::Json::array({claim})));
  kripke::Json protocol_otherwise = claim;
  protocol_otherwise["otherwise"] = {{"strategy", "protocol"}, {"guards", {{"pass", "true"}}}};
  const kripke::game_lang::LanguageGame claiming_too(
      language_config(rules, kripke::Json::array({protocol_otherwise})));
  const kripke::game_lang::LanguageGame guessing(
      language_config(rules, kripke::Json::array({{{"strategy", "random"}}})));
  int guesses_lost = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    INFO("seed " << seed);
    kripke::NullSink quiet;
    const kripke::GameResult r = kripke::run_game(claiming, seed, quiet);
    std::vector<kripke::Agent> muddy;
    for (kripke::Agent a = 0; a < 4; ++a)
      if (r.deal["muddy(c" + std::to_string(a + 1) + ")"] == true) muddy.push_back(a);
    // With k muddy children, the muddy ones know at round k (the literature's answer), and
    // claim then, all together; nobody ever claims falsely.
    CHECK(r.reason == kripke::EndReason::Win);
    CHECK(r.winners == muddy);
    CHECK(r.losers.empty());
    CHECK(r.turns == int(muddy.size()));
    const kripke::GameResult again = kripke::run_game(claiming_too, seed, quiet);
    CHECK(again.winners == r.winners);
    CHECK(again.turns == r.turns);
    guesses_lost += kripke::run_game(guessing, seed, quiet).reason == kripke::EndReason::Loss;
  }
  CHECK(guesses_lost > 0);  // random children guess, sometimes wrongly
}

TEST_CASE("[game-language] bad agents exit 2 with the JSON pointer") {
  TempDir dir;
  struct Case {
    kripke::Json agents;
    std::string pointer, words;
  };
  const std::vector<Case> cases = {
      {{{{"strategy", "info-gain"}}}, "/agents/0", "about"},
      {{{{"strategy", "info-gain"}, {"about", "r"}}}, "/agents/0/about", "r"},
      {{{{"strategy", "info-gain"}, {"about", {"p", "p &"}}}}, "/agents/0/about/1", "p &"},
      {{{{"strategy", "claim"}, {"claim", "shout"}, {"goal", "p"}}},
       "/agents/0/claim",
       "'shout' is not a move"},
      {{{{"strategy", "claim"}, {"claim", "wait"}}}, "/agents/0", "give \"goal\""},
      {{{{"strategy", "claim"},
         {"claim", "wait"},
         {"goal", "p"},
         {"otherwise", {{"strategy", "claim"}}}}},
       "/agents/0/otherwise/strategy",
       "unknown value 'claim'"},
      {{{{"strategy", "claim"}, {"claim", "wait"}, {"goal", "K{me} s"}}}, "/agents/0/goal", "s"},
  };
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const kripke::Json config = {
        {"game", "model"}, {"rules", questions_rules()}, {"agents", cases[k].agents}};
    const std::string file = dir.write("bad" + std::to_string(k) + ".json", config.dump());
    const CliResult r = run_cli({"run", file});
    INFO(k << ": " << r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(cases[k].pointer) && Catch::Contains(cases[k].words));
  }
}

TEST_CASE("[game-language] sequences follow info-gain's choices: its best moves only") {
  // a seeks q: every maximal sequence starts with a asking about q (b waits or asks).
  const kripke::Json strategies = {
      {{"agent", "a"}, {"strategy", "info-gain"}, {"about", "q"}},
      {{"agent", "b"}, {"strategy", "protocol"}, {"guards", {{"wait", "true"}}}}};
  kripke::Json rules = questions_rules();
  rules["win"] = "K{me} q";
  rules["moves"][3]["legal"] = "~K{i} q";  // waiting ends once a knows q
  rules["moves"][0]["legal"] = "~K{i} q";
  rules["moves"][1]["legal"] = "~K{i} q";
  rules["moves"][2]["legal"] = "~K{i} q";
  const kripke::game_lang::LanguageGame game(language_config(rules, strategies, 10));
  auto play = kripke::game_lang::started_language_play(game, 1, "the test counts");
  const kripke::game_lang::SequenceCount c = kripke::game_lang::SequenceCounter(*play, 10).count();
  // a asks about q (its one best move of four) and then knows q; b, who sees q, never has a
  // legal move. One sequence, and both know q at its end.
  CHECK(c.successful == 1);
  CHECK(c.unsuccessful == 0);
  CHECK(c.longest == 1);
}
