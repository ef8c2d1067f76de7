// kripkesim assist: the assistant for a real Cluedo table. Whole games of the cluedo game,
// entered as the events one player saw, give the assistant that player's exact counts;
// contradictions are refused naming a smallest set of earlier events; bad events and
// state files name the problem; the command line keeps the state file whole.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "assist/assist_table.hpp"
#include "cli_runner.hpp"
#include "clue_test_support.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/games/cluedo/play.hpp"
#include "text_cat.hpp"

using Catch::Matchers::Contains;
using kripke::Agent;
using kripke::Json;
using kripkesim::assist::Table;
namespace cl = kripke::cluedo;

namespace {

std::string refusal(Table& table, const std::string& event) {
  const std::size_t before = table.events().size();
  try {
    table.apply(event);
  } catch (const kripke::InputError& e) {
    CHECK(table.events().size() == before);  // unchanged
    return e.what();
  }
  return "accepted";
}

std::string words(const Json& names) {
  std::string out;
  for (const Json& n : names) out += " " + n.get<std::string>();
  return out;
}

// A table with four players; Ann (5 cards) is "me".
Table four_players() {
  Table t;
  t.apply("players Ann Bob Cat Dan");
  t.apply("me ann");
  t.apply("hand Scarlet rope hall kitchen lounge");
  return t;
}

}  // namespace

TEST_CASE("[assist] a whole game entered as one player saw it gives that player's exact counts") {
  for (int players = 3; players <= 6; ++players)
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      Json agents = Json::array();
      for (int p = 0; p < players; ++p)
        agents.push_back({{"strategy", p % 2 ? "random" : "careful"}});
      kripke::GameConfig config;
      config.game = "cluedo";
      config.rules = {{"players", players}};
      config.agents = agents;
      cl::CluedoGame game(config);
      clue_test::CapturingSink sink;
      kripke::GameRunner runner(game, seed, sink);
      runner.start();
      const auto& play = dynamic_cast<const cl::CluedoPlay&>(runner.play());
      const Agent me = Agent(seed % std::uint64_t(players));
      const Json deal = play.deal();
      Table table;
      std::string names = "players";
      for (int p = 0; p < players; ++p) names += " P" + std::to_string(p + 1);
      table.apply(names);
      table.apply("me P" + std::to_string(me + 1));
      table.apply("hand" + words(deal["hands"][std::size_t(me)]));
      CHECK(table.possible_deals() == play.notebook(me).counts().total);
      std::size_t seen = sink.records.size();
      int events = 0;
      while (!runner.finished()) {
        runner.step();
        for (; seen < sink.records.size(); ++seen) {
          const Json& r = sink.records[seen];
          if (r["event"] != "move") continue;
          const std::string who = kripke_test::cat("P", std::to_string(r["agent"].get<int>()));
          std::string event;
          if (r.contains("accusation")) {
            event = "accuse " + who + words(r["accusation"]) + (r["right"] ? " right" : " wrong");
          } else {
            event = "suggest " + who + words(r["suggestion"]);
            if (r["shown_by"].is_null()) {
              event += " nobody";
            } else {
              event += " shown P" + std::to_string(r["shown_by"].get<int>());
              if (r["agent"] == me + 1 || r["shown_by"] == me + 1)
                event += " " + r["shown"].get<std::string>();
            }
          }
          INFO(event);
          table.apply(event);
          ++events;
        }
        if (!runner.finished()) {
          INFO(players << " players, seed " << seed);
          REQUIRE(table.possible_deals() == play.notebook(me).counts().total);
        }
      }
      CHECK(table.over());
      CHECK(events > 2);
      // Taken back and entered again, the last event gives the same.
      const std::string last = table.events().back();
      table.undo();
      CHECK_FALSE(table.over());
      table.apply(last);
      CHECK(table.over());
    }
}

TEST_CASE("[assist] a contradiction names the earlier events it contradicts, and only those") {
  Table t = four_players();
  t.apply("suggest Ann Plum dagger study shown Bob dagger");  // event 4
  // Bob passes on the dagger he showed.
  CHECK(refusal(t, "suggest Cat Plum dagger ballroom nobody") ==
        "suggest Cat Plum dagger ballroom nobody: contradicts event 4 (suggest Ann Plum dagger "
        "study shown Bob dagger): no deal agrees with them all");
  // Cat shows one of Ann's own cards; Ann passes holding one.
  CHECK_THAT(refusal(t, "suggest Bob Scarlet rope hall shown Cat"),
             Contains("contradicts event 3 (hand Scarlet rope hall kitchen lounge)"));
  CHECK_THAT(refusal(t, "suggest Dan Scarlet candlestick study shown Bob"),
             Contains("contradicts event 3 (hand"));
  // Dan holds one of three, passes on two, then on the third.
  t.apply("suggest Cat Green candlestick study shown Dan");      // event 5
  t.apply("suggest Cat Green candlestick conservatory nobody");  // event 6
  CHECK(refusal(t, "suggest Cat White revolver study nobody") ==
        "suggest Cat White revolver study nobody: contradicts event 5 (suggest Cat Green "
        "candlestick study shown Dan) and event 6 (suggest Cat Green candlestick conservatory "
        "nobody): no deal agrees with them all");
  CHECK(t.events().size() == 6);
  // With Dan known to hold the study, the grid says so.
  t.apply("suggest Bob White revolver ballroom nobody");
  CHECK_THAT(t.report(), Contains("Possible deals:"));
}

TEST_CASE("[assist] bad events are refused with one message, the table unchanged") {
  Table empty;
  CHECK_THAT(refusal(empty, "me Ann"), Contains("players NAME NAME NAME"));
  CHECK(refusal(empty, "players Ann Bob") == "Cluedo has 3 to 6 players, and 2 are named");
  CHECK_THAT(refusal(empty, "players A B C D E F G"), Contains("7 are named"));
  CHECK(refusal(empty, "players Ann Bob ann") == "'ann' is named twice");
  Table t;
  t.apply("players Ann Bob Cat Dan");
  CHECK_THAT(refusal(t, "me Eve"), Contains("'Eve' is not one player"));
  t.apply("me Cat");
  CHECK_THAT(refusal(t, "hand Scarlet rope hall kitchen lounge"),
             Contains("Cat, player 3 of 4, holds 4 cards"));
  CHECK_THAT(refusal(t, "hand Scarlet rope hall bathroom"), Contains("'bathroom' is not one card"));
  CHECK_THAT(refusal(t, "hand Scarlet rope hall hall"), Contains("'hall' is named twice"));
  t.apply("hand Scarlet rope hall kitchen");
  CHECK_THAT(refusal(t, "suggest Ann Plum dagger rope nobody"),
             Contains("'rope' is a second weapon"));
  CHECK_THAT(refusal(t, "suggest Ann Plum dagger study shown Bob dagger"),
             Contains("only Ann saw the card Bob showed"));
  CHECK_THAT(refusal(t, "suggest Cat Plum dagger study shown Bob"),
             Contains("write the card you were shown"));
  CHECK_THAT(refusal(t, "suggest Ann Plum dagger study shown Ann"),
             Contains("cannot show a card to itself"));
  CHECK_THAT(refusal(t, "suggest Ann Plum dagger study"), Contains("expected"));
  CHECK_THAT(refusal(t, "whisper Ann"), Contains("unknown event 'whisper'"));
  // Abbreviations: any unambiguous start.
  t.apply("suggest an pl dag stu shown bo");
  CHECK(t.events().back() == "suggest Ann Plum dagger study shown Bob");
  CHECK_THAT(refusal(t, "suggest Ann P dagger study nobody"), Contains("'P' is not one card"));
  // A wrong accusation puts the player out: it shows, but no longer suggests or accuses.
  t.apply("accuse Dan Mustard revolver ballroom wrong");
  CHECK_THAT(refusal(t, "suggest Dan Plum dagger study nobody"), Contains("Dan is out"));
  CHECK_THAT(refusal(t, "accuse Dan Plum dagger study right"), Contains("Dan is out"));
  t.apply("suggest Bob Plum dagger study shown Dan");
  t.apply("accuse Bob Green candlestick library right");
  CHECK(t.over());
  CHECK_THAT(refusal(t, "suggest Ann Plum dagger study nobody"), Contains("the game is over"));
  CHECK_THAT(t.report(), Contains("Bob won."));
}

TEST_CASE("[assist] the envelope known: the odds say it and the advice is to accuse") {
  // Three players; me holds 6 cards; the other two pass on everything but the envelope's.
  Table t;
  t.apply("players Ann Bob Cat");
  t.apply("me Ann");
  t.apply("hand Scarlet Mustard candlestick dagger kitchen ballroom");
  CHECK_THAT(t.report(), Contains("Suggest next"));
  // Bob: White Green revolver dining_room billiard_room library; Cat: Peacock rope spanner
  // lounge hall conservatory; the envelope: Plum lead_pipe study.
  t.apply("suggest Ann White lead_pipe conservatory shown Bob White");
  t.apply("suggest Ann Green lead_pipe conservatory shown Bob Green");
  t.apply("suggest Ann Peacock lead_pipe conservatory shown Cat Peacock");
  t.apply("suggest Ann Plum revolver kitchen shown Bob revolver");
  t.apply("suggest Ann Plum rope kitchen shown Cat rope");
  t.apply("suggest Ann Plum spanner kitchen shown Cat spanner");
  CHECK_THAT(t.report(), !Contains("You know the envelope"));
  for (const char* room : {"dining_room", "billiard_room", "library"})
    t.apply(std::string("suggest Ann Plum lead_pipe ") + room + " shown Bob " + room);
  for (const char* room : {"lounge", "hall", "conservatory"})
    t.apply(std::string("suggest Ann Plum lead_pipe ") + room + " shown Cat " + room);
  CHECK_THAT(t.report(), Contains("100.00%  Plum, lead_pipe, study") &&
                             Contains("You know the envelope: accuse Plum, lead_pipe, study."));
}

TEST_CASE("[assist] the command line: events from a file, the state saved whole, resumed") {
  kripke_test::TempDir dir;
  const std::string state = (dir.path() / "game.json").string();
  const std::string first = dir.write("first.txt",
                                      "# our Friday game\n"
                                      "players Ann Bob Cat Dan\nme Ann\n"
                                      "hand Scarlet rope hall kitchen lounge\n\n"
                                      "suggest Ann Plum dagger study shown Bob dagger\n");
  kripke_test::CliResult r = kripke_test::run_cli({"assist", state, "--events", first});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Contains("envelope") && Contains("Most likely") && Contains("Suggest next"));
  const Json saved = Json::parse(kripke_test::read_file(state));
  CHECK(saved["events"].size() == 4);

  // A contradiction in a file: exit 2, file and line named, the state file untouched.
  const std::string before = kripke_test::read_file(state);
  const std::string bad = dir.write("bad.txt",
                                    "suggest Bob Green revolver study nobody\n"
                                    "suggest Cat Plum dagger ballroom nobody\n");
  r = kripke_test::run_cli({"assist", state, "--events", bad});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Contains("bad.txt: line 2: suggest Cat Plum dagger ballroom nobody: "
                             "contradicts event 4"));
  CHECK(kripke_test::read_file(state) == before);

  // Resumed at the prompt (input from a pipe): a refused event, undo, quit.
  r = kripke_test::run_cli_with_input({"assist", state},
                                      "suggest Cat Plum dagger ballroom nobody\n"
                                      "suggest Bob Green revolver study nobody\nevents\nundo\n"
                                      "quit\n");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Contains("Refused: suggest Cat Plum dagger ballroom nobody: contradicts") &&
                        Contains("  5  suggest Bob Green revolver study nobody"));
  CHECK_THAT(r.out, Contains("Took back event 5: suggest Bob Green revolver study nobody\n"));
  CHECK(Json::parse(kripke_test::read_file(state))["events"].size() == 4);

  // A state file that is not one, or holds a bad event.
  const std::string wrong = dir.write("wrong.json", R"({"kripkesim": "assist", "events": [
    "players Ann Bob Cat", "me Zed"]})");
  r = kripke_test::run_cli({"assist", wrong});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Contains("wrong.json: /events/1: 'Zed' is not one player"));
  const std::string other = dir.write("other.json", R"({"game": "cluedo"})");
  r = kripke_test::run_cli({"assist", other});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Contains("other.json"));
}
