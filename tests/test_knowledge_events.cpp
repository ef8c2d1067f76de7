// The `knowledge` events of Clue, nine-card and What's My Number? against the formulas they
// summarise, evaluated on the play's model at the moment each event is emitted: Clue's
// "card X: player 2" iff K_a has(2,X), nine-card's counts iff K_a / K_a ~ of the card's
// place, What's My Number?'s candidates iff M_a of each pair.
#include <catch2/catch.hpp>
#include <functional>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "input/config_file.hpp"
#include "kripke/formula_parser.hpp"
#include "kripke/game_loop.hpp"
#include "text_cat.hpp"

using namespace kripke_test;

namespace {

// Calls `check` with every knowledge event while the play is in the state it describes.
class KnowledgeChecker final : public kripke::EventSink {
 public:
  using Check = std::function<void(const kripke::Play&, const kripke::LogRecord&)>;
  explicit KnowledgeChecker(Check check) : check_(std::move(check)) {}
  void watch(const kripke::Play& play) { play_ = &play; }
  void emit(const kripke::Event& e) override {
    if (!e.record.is_null() && e.record["event"] == "knowledge") {
      check_(*play_, e.record);
      ++seen;
    }
  }
  int seen = 0;

 private:
  Check check_;
  const kripke::Play* play_ = nullptr;
};

bool holds(const kripke::Play& play, const std::string& formula) {
  INFO(formula);
  return play.truth(*kripke::parse_formula(formula)).test(play.model().actual());
}

// Plays `games` games of the config (seeds 1, 2, ...), checking every knowledge event.
int play_checked(const std::string& config, int games, const KnowledgeChecker::Check& check) {
  const auto game = kripkesim::load_game(source_path(config));
  int events = 0;
  for (int seed = 1; seed <= games; ++seed) {
    KnowledgeChecker checker(check);
    kripke::GameRunner runner(*game, std::uint64_t(seed), checker);
    checker.watch(runner.play());
    runner.run();
    events += checker.seen;
  }
  return events;
}

std::string agent_of(const kripke::LogRecord& r) { return std::to_string(r["agent"].get<int>()); }

}  // namespace

TEST_CASE("[knowledge] Clue's knowledge events say where a player knows each card is") {
  for (const std::string config : {"configs/clue-small.json", "configs/clue.json"}) {
    INFO(config);
    const int events =
        play_checked(config, 4, [](const kripke::Play& play, const kripke::LogRecord& r) {
          const std::string a = agent_of(r);
          const int players = int(play.model().agent_count());
          for (const auto& [card, place] : r["cards"].items()) {
            INFO("agent " << a << ", card " << card << ": " << place.dump());
            for (int p = 1; p <= players; ++p)
              CHECK(holds(play, cat("K", a, " has(", std::to_string(p), ",", card, ")")) ==
                    (place == p));
            CHECK(holds(play, cat("K", a, " env(", card, ")")) == (place == "env"));
          }
        });
    CHECK(events > 12);
  }
}

TEST_CASE("[knowledge] nine-card's knowledge events count each card's possible places") {
  const int events = play_checked(
      "configs/nine-card.json", 4, [](const kripke::Play& play, const kripke::LogRecord& r) {
        const std::string a = agent_of(r);
        const std::size_t worlds = r["worlds"];
        CHECK(worlds == play.model().possible(kripke::Agent(r["agent"].get<int>() - 1)));
        for (const auto& row : r["knowledge"]) {
          const std::string place = row["place"];
          for (const auto& [card, count] : row["counts"].items()) {
            const std::string there =
                place == "hidden" ? cat("hidden(", card, ")")
                                  : cat("has(", place.substr(place.size() - 1), ",", card, ")");
            INFO("agent " << a << ", " << there << ": " << count.dump() << " of " << worlds);
            CHECK(holds(play, cat("K", a, " ", there)) == (count == worlds));
            CHECK(holds(play, cat("K", a, " ~", there)) == (count == 0));
          }
        }
      });
  CHECK(events > 9);
}

TEST_CASE("[knowledge] What's My Number?'s knowledge events list the pairs a player may hold") {
  const int events = play_checked(
      "configs/number.json", 3, [](const kripke::Play& play, const kripke::LogRecord& r) {
        const std::string a = agent_of(r);
        const auto& candidates = r["candidates"];
        CHECK(candidates.size() == play.model().possible(kripke::Agent(r["agent"].get<int>() - 1)));
        for (int n = 1; n <= 9; ++n) {
          const std::string num = cat("num(", a, ",", std::to_string(n), ")");
          bool in_all = true, in_some = false;
          for (const auto& pair : candidates) {
            const bool here = pair[0] == n || pair[1] == n;
            in_all = in_all && here;
            in_some = in_some || here;
          }
          CHECK(holds(play, cat("K", a, " ", num)) == in_all);
          CHECK(holds(play, cat("M", a, " ", num)) == in_some);
        }
        for (const auto& pair : candidates)
          CHECK(holds(play, cat("M", a, " (num(", a, ",", pair[0].dump(), ") & num(", a, ",",
                                pair[1].dump(), "))")));
      });
  CHECK(events > 9);
}
