// `kripkesim play`: people at the table. Scripted standard input plays the nine-card game
// from seat 1 (mistyped and illegal moves, help, hint, table, quit, end of input): what the
// person is shown (their cards and answers, never another player's private ones), and the
// game's course and log, which must equal an in-process replay that plays the same moves as
// a scenario's move steps would. Then hot-seat through a pipe, "strategy": "human" in a
// config, refusals, and one session through a pseudo-terminal (the prompt, libedit's line
// editing, the hot-seat pause and the cleared screen).
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <functional>
#include <optional>
#include <regex>
#include <string>
#include <tuple>
#include <vector>

#include "cli_runner.hpp"
#include "event_recorder.hpp"
#include "input/config_file.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/games/clue/clue.hpp"
#include "kripke/games/cluedo/play.hpp"
#include "kripke/games/nine_card/play.hpp"
#include "kripke/games/number/play.hpp"
#include "kripke/games/number/rules.hpp"
#include "kripke/games/sleuth/play.hpp"
#include "text_cat.hpp"

namespace {

using kripke::Json;
namespace nc = kripke::nine_card;

const std::string kNineCard = kripke_test::source_path("configs/nine-card.json");

// The game as kripkesim play builds it, played in process: the people's moves (each seat's
// first question card, asked of the next player) as scripted turns, the AI's turns as
// steps. Returns the lines the people type; `recorder` gets the events.
struct Replay {
  std::vector<std::string> lines;  // per person turn, the move typed
  std::vector<int> movers;         // who typed each
  kripke_test::EventRecorder recorder;
};

Replay replay(const std::vector<kripke::Agent>& people, std::size_t max_person_turns = 1000) {
  Replay r;
  const auto game = kripkesim::load_game(kNineCard);
  kripke::GameRunner runner(*game, game->config().seed, r.recorder);
  runner.start();
  while (!runner.finished()) {
    const auto& play = dynamic_cast<const nc::NineCardPlay&>(runner.play());
    const kripke::Agent me = play.current_player();
    if (std::find(people.begin(), people.end(), me) == people.end()) {
      runner.step();
      continue;
    }
    if (r.lines.size() == max_person_turns) break;
    const int target = (me + 1) % play.rules().players + 1;
    const std::string q = nc::questions()[std::size_t(play.question_hand(me).front())].id;
    r.lines.push_back(kripke_test::cat("ask ", std::to_string(target), " ", q));
    r.movers.push_back(me);
    runner.person_turn({{"player", me + 1}, {"target", target}, {"question", q}}, "/move", "test");
  }
  return r;
}

std::vector<Json> log_records(const std::string& path) {
  std::vector<Json> out;
  for (const std::string& line : kripke_test::lines_of(kripke_test::read_file(path)))
    out.push_back(Json::parse(line));
  return out;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += l + "\n";
  return s;
}

// `kripkesim play ARGS --log FILE` with `typed` as its input: what it printed and its log.
struct Played {
  kripke_test::CliResult r;
  std::vector<Json> log;
};
Played play_typed(std::vector<std::string> args, const std::vector<std::string>& typed) {
  kripke_test::TempDir dir;
  const std::string log = dir.file("game.jsonl");
  args.insert(args.begin(), "play");
  args.insert(args.end(), {"--log", log});
  Played p;
  p.r = kripke_test::run_cli_with_input(args, joined(typed));
  if (p.r.exit_code == 0) p.log = log_records(log);
  return p;
}

// The person types `first` at its first prompt, then the replay's lines; the game must
// end normally.
Played play_replayed(const std::string& config, std::vector<std::string> first,
                     const Replay& replayed) {
  first.insert(first.end(), replayed.lines.begin(), replayed.lines.end());
  Played p = play_typed({config}, first);
  INFO(p.r.out);
  INFO(p.r.err);
  REQUIRE(p.r.exit_code == 0);
  return p;
}

// The log records a replay emitted, as the log file holds them.
std::vector<Json> records_of(const Replay& replayed) {
  std::vector<Json> out;
  for (const auto& e : replayed.recorder.events)
    if (!e.record.is_null()) out.push_back(Json::parse(e.record.dump()));
  return out;
}

// `text` with every run of spaces and line breaks as one space: what a line says, however
// the screen's 100 columns wrapped it.
std::string squeezed(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool blank = c == ' ' || c == '\n';
    if (blank && !out.empty() && out.back() == ' ') continue;
    out += blank ? ' ' : c;
  }
  return out;
}

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("[play] a person plays nine-card from seat 1 through standard input") {
  const Replay expected = replay({0});
  REQUIRE_FALSE(expected.lines.empty());
  // The first turn: mistakes and commands before the move.
  std::vector<std::string> typed = {"help",        "hnt",       "h",   "hint", "table",
                                    "ask 1 green", "ask 2 zzz", "ask", ""};
  typed.insert(typed.end(), expected.lines.begin(), expected.lines.end());
  typed.insert(typed.begin() + 9, "history");
  const Played played = play_typed({kNineCard}, typed);
  const auto& r = played.r;
  INFO(r.out);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  // The prompt, the errors (one line each) and the answers to the commands.
  CHECK(occurrences(r.out, "player 1> ") >= typed.size() - 1);
  for (const char* answer :
       {"ask PLAYER QUESTION", "no command 'hnt' (help, hint, table, view, history, quit, ask)",
        "'h' could be help, hint, history: type more of it", "hints for player 1",
        "what player 1 knows", "you cannot ask yourself", "no question card in your hand 'zzz'",
        "ask takes a player and one of your question cards"})
    CHECK_THAT(r.out, Catch::Contains(answer));
  // What player 1 sees: its own cards, never the others' private looks or the AI's reasons.
  const auto game = kripkesim::load_game(kNineCard);
  kripke::NullSink none;
  kripke::GameRunner start(*game, game->config().seed, none);
  const Json deal = start.play().deal();
  std::string cards;
  for (const auto& c : deal["hands"][0]) {
    if (!cards.empty()) cards += ' ';
    cards += c.get<std::string>();
  }
  CHECK_THAT(r.out, Catch::Contains(kripke_test::cat("your cards: ", cards)));
  CHECK_THAT(r.out, Catch::Contains("[to you] player 1 looks at its cards"));
  CHECK_THAT(r.out, Catch::Contains("[private] player 2 learns something you do not see"));
  CHECK_THAT(r.out, !Catch::Contains("player 2 looks at its cards"));
  CHECK_THAT(r.out, !Catch::Contains("player 3 looks at its cards"));
  CHECK_THAT(r.out, !Catch::Contains("why:"));
  CHECK_THAT(r.out, !Catch::Contains("hints for player 2"));
  CHECK_THAT(r.out, !Catch::Contains("possible: player"));  // the others' counts of worlds
  CHECK_THAT(r.out, Catch::Contains("=== end after"));
  // The log is the replay's, the person's moves marked, the seat's strategy "human".
  const std::vector<Json>& logged = played.log;
  const std::vector<Json> replayed = records_of(expected);
  REQUIRE(logged.size() == replayed.size());
  CHECK(logged.front()["agents"][0]["strategy"] == "human");
  CHECK(logged.front()["agents"][1]["strategy"] == "info-gain");
  int by_person = 0;
  for (std::size_t k = 1; k < logged.size(); ++k) {
    Json record = logged[k];
    if (record.contains("by")) {
      CHECK(record["by"] == "person");
      CHECK(record["agent"] == 1);
      ++by_person;
      record.erase("by");
    } else if (record["event"] == "move") {
      CHECK(record["agent"] != 1);
    }
    CHECK(record == replayed[k]);
  }
  CHECK(by_person == int(expected.lines.size()));
}

TEST_CASE("[play] quit and the end of input end the game with the log written") {
  kripke_test::TempDir dir;
  for (const auto& [input, reason] : {std::pair<std::string, std::string>{"hint\nquit\n", "quit"},
                                      {"table\n", "input ended"},
                                      {"", "input ended"}}) {
    INFO(input);
    const std::string log = dir.file("game.jsonl");
    const auto r = kripke_test::run_cli_with_input({"play", kNineCard, "--log", log}, input);
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    const auto records = log_records(log);
    REQUIRE_FALSE(records.empty());
    CHECK(records.back()["event"] == "end");
    CHECK(records.back()["reason"] == reason);
    CHECK_THAT(r.out, Catch::Contains(kripke_test::cat("=== end after 0 turns: ", reason, " ===")));
  }
}

TEST_CASE("[play] hot-seat through a pipe: each person sees only their own cards") {
  const Replay expected = replay({0, 1}, 6);
  kripke_test::TempDir dir;
  const std::string log = dir.file("game.jsonl");
  const auto r = kripke_test::run_cli_with_input(
      {"play", kNineCard, "--seat", "1", "--seat", "2", "--log", log},
      joined(expected.lines) + "quit\n");
  INFO(r.out);
  REQUIRE(r.exit_code == 0);
  // Split the transcript at each change of person; each part must show its own look only.
  std::vector<std::pair<int, std::string>> parts;
  for (const std::string& line : kripke_test::lines_of(r.out)) {
    if (line == "=== player 1 at the keyboard ===" || line == "=== player 2 at the keyboard ===") {
      parts.emplace_back(line[11] - '0', "");
      continue;
    }
    if (!parts.empty()) parts.back().second += line + "\n";
  }
  REQUIRE(parts.size() >= 4);
  CHECK(parts[0].first == 1);
  CHECK(parts[1].first == 2);
  for (const auto& [seat, text] : parts) {
    const std::string other = seat == 1 ? "2" : "1";
    CHECK_THAT(text, !Catch::Contains(kripke_test::cat("player ", other, " looks at its cards")));
  }
  CHECK_THAT(parts[0].second, Catch::Contains("[to you] player 1 looks at its cards"));
  CHECK_THAT(parts[1].second, Catch::Contains("[to you] player 2 looks at its cards"));
  const auto records = log_records(log);
  CHECK(records.front()["agents"][0]["strategy"] == "human");
  CHECK(records.front()["agents"][1]["strategy"] == "human");
  CHECK(records.front()["agents"][2]["strategy"] == "random");
  CHECK(records.back()["reason"] == "quit");
}

TEST_CASE("[play] \"strategy\": \"human\" in a config, and what is refused") {
  kripke_test::TempDir dir;
  const std::string config = dir.write("people.json", R"({"game": "nine-card", "seed": 3,
    "agents": [{"strategy": "random"}, {"strategy": "human"}, {"strategy": "random"}]})");
  const auto run = kripke_test::run_cli({"run", config});
  CHECK(run.exit_code == 2);
  CHECK_THAT(run.err, Catch::Contains("people.json: /agents/1/strategy: a person plays this "
                                      "seat: `kripkesim play` seats people"));
  // So do an experiment and a scenario; validate accepts the config.
  const std::string people = kripke_test::read_file(config);
  const std::string body = people.substr(0, people.rfind('}'));
  for (const auto& [file, more, command] :
       {std::tuple{"batch.json", R"(, "batch": {"games": 2}})", "batch"},
        std::tuple{"script.json", R"(, "script": [{"play": 1}]})", "scenario"}}) {
    const auto refused =
        kripke_test::run_cli({command, dir.write(file, kripke_test::cat(body, more))});
    CHECK(refused.exit_code == 2);
    CHECK_THAT(refused.err, Catch::Contains("/agents/1/strategy: a person plays this seat"));
  }
  CHECK(kripke_test::run_cli({"validate", config}).exit_code == 0);
  const auto seated = kripke_test::run_cli_with_input({"play", config}, "quit\n");
  CHECK(seated.exit_code == 0);
  CHECK_THAT(seated.out, Catch::Contains("You are player 2."));
  CHECK_THAT(seated.out, Catch::Contains("player 2> "));
  const auto far = kripke_test::run_cli_with_input({"play", kNineCard, "--seat", "7"}, "");
  CHECK(far.exit_code == 2);
  CHECK_THAT(far.err, Catch::Contains("--seat 7: nine-card has seats 1 to 3 in this config"));
  const std::string model_config =
      dir.write("model.json",
                R"({"game": "model", "rules": {"variables": [{"name": "p", "from": 0, "to": 1}],)"
                R"( "agents": [{"name": "a", "observes": ["p"]}]}})");
  const auto model = kripke_test::run_cli_with_input({"play", model_config}, "");
  CHECK(model.exit_code == 2);
  CHECK_THAT(model.err, Catch::Contains("nobody can take a seat in a model without moves: give "
                                        "its rules moves (docs/game-language.md)"));
}

namespace {

// A session through a pseudo-terminal: what the program writes is read until `expected`
// appears (or 20 seconds pass).
class Terminal {
 public:
  explicit Terminal(const std::vector<std::string>& args) {
    pid_ = forkpty(&fd_, nullptr, nullptr, nullptr);
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      std::vector<std::string> words{kripke_test::kripkesim_exe()};
      words.insert(words.end(), args.begin(), args.end());
      std::vector<char*> argv;
      for (auto& w : words) argv.push_back(w.data());
      argv.push_back(nullptr);
      setenv("TERM", "xterm", 1);
      if (chdir(kripke_test::source_dir().c_str()) != 0) _exit(126);
      execv(argv[0], argv.data());
      _exit(127);
    }
  }
  ~Terminal() {
    if (fd_ >= 0) close(fd_);
    if (pid_ > 0 && !waited_) waitpid(pid_, nullptr, 0);
  }

  // Everything written until `expected` appears; fails the test after 20 seconds.
  std::string read_until(const std::string& expected) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (seen_.find(expected, from_) == std::string::npos) {
      pollfd p{fd_, POLLIN, 0};
      if (std::chrono::steady_clock::now() > deadline || poll(&p, 1, 200) < 0) {
        FAIL("no '" << expected << "' in: " << seen_.substr(from_));
      }
      if (!(p.revents & (POLLIN | POLLHUP))) continue;
      char buffer[4096];
      const ssize_t got = read(fd_, buffer, sizeof buffer);
      if (got <= 0) FAIL("the program ended before '" << expected << "': " << seen_.substr(from_));
      seen_.append(buffer, std::size_t(got));
    }
    const auto end = seen_.find(expected, from_) + expected.size();
    std::string out = seen_.substr(from_, end - from_);
    from_ = end;
    return out;
  }
  void type(const std::string& keys) {
    REQUIRE(write(fd_, keys.data(), keys.size()) == ssize_t(keys.size()));
  }
  int exit_code() {
    int status = 0;
    waitpid(pid_, &status, 0);
    waited_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  int fd_ = -1;
  pid_t pid_ = -1;
  bool waited_ = false;
  std::string seen_;
  std::size_t from_ = 0;
};

}  // namespace

TEST_CASE("[play] through a terminal: prompt, line editing, hot-seat pause") {
  const Replay expected = replay({0, 1}, 1);
  kripke_test::TempDir dir;
  const std::string log = dir.file("game.jsonl");
  Terminal t({"play", kNineCard, "--seat", "1", "--seat", "2", "--log", log});
  // The screen is cleared before the pause, so the first person's cards are gone.
  const std::string first = t.read_until("Pass the keyboard to player 1 and press Enter.");
  CHECK_THAT(first, Catch::Contains("\x1b[2J"));
  t.type("\r");
  t.read_until("player 1> ");
  // "int", then Ctrl-A (to the start of the line: libedit's, not the terminal's) and "h".
  t.type("int\x01h\r");
  t.read_until("hints for player 1");
  t.read_until("player 1> ");
  t.type(expected.lines.front() + "\r");
  const std::string passing = t.read_until("Pass the keyboard to player 2 and press Enter.");
  CHECK_THAT(passing, Catch::Contains("\x1b[2J"));
  t.type("\r");
  const std::string second = t.read_until("player 2> ");
  CHECK_THAT(second, Catch::Contains("[to you] player 2 looks at its cards"));
  CHECK_THAT(second, !Catch::Contains("[to you] player 1 looks at its cards"));
  t.type("quit\r");
  CHECK(t.exit_code() == 0);
  const auto records = log_records(log);
  REQUIRE_FALSE(records.empty());
  CHECK(records.back()["reason"] == "quit");
}

namespace {

// Clue or Cluedo played in process as `kripkesim play` plays it with a person in seat 1 who
// suggests the k-th card of each kind at its k-th turn and, asked to choose, shows the last
// of the cards it holds; returns what the person types, in order. `seat` connects what
// else the person decides (Cluedo: whether to accuse).
template <class PlayT>
Replay card_game_replay(const std::string& config, std::optional<std::uint64_t> seed = {},
                        const std::function<void(PlayT&, Replay&)>& seat = {}) {
  Replay r;
  const auto game = kripkesim::load_game(config);
  kripke::GameRunner runner(*game, seed.value_or(game->config().seed), r.recorder);
  auto& play = dynamic_cast<PlayT&>(runner.play());
  const kripke::clue::Rules& rules = play.rules();
  play.set_person_shows([&](kripke::Agent shower, kripke::Agent, const std::vector<int>&,
                            const std::vector<int>& held) -> std::optional<int> {
    if (shower != 0 || held.size() < 2) return std::nullopt;
    r.lines.push_back(kripke_test::cat("show ", rules.card_names[std::size_t(held.back())]));
    return held.back();
  });
  if (seat) seat(play, r);
  runner.start();
  int turns = 0;
  while (!runner.finished()) {
    if (play.next_asker() != 0) {
      runner.step();
      continue;
    }
    Json cards = Json::array();
    std::string line = "suggest";
    for (const auto& category : rules.categories) {
      const std::string& card = category.cards[std::size_t(turns) % category.cards.size()];
      cards.push_back(card);
      line += " " + card;
    }
    ++turns;
    r.lines.push_back(line);
    runner.person_turn({{"cards", cards}}, "/move", "test");
  }
  return r;
}

}  // namespace

TEST_CASE("[play] a person plays Clue: suggests, shows cards, sees only its own answers") {
  const std::string config = kripke_test::source_path("configs/clue.json");
  const Replay expected = card_game_replay<kripke::clue::CluePlay>(config);
  REQUIRE(std::count_if(expected.lines.begin(), expected.lines.end(),
                        [](const std::string& l) { return l.rfind("show ", 0) == 0; }) > 0);
  const Played played = play_replayed(
      config, {"suggest rope", "suggest rope dagger", "suggest zz Scarlet", "hint", "table"},
      expected);
  const auto& r = played.r;
  for (const char* answer : {"suggest names one card of each kind: weapon suspect",
                             "two weapons: suggest names one card of each kind", "no card 'zz'",
                             "hints for player 1", "bits", "what player 1 knows",
                             "which do you show player", "You are player 1.", "=== end after"})
    CHECK_THAT(r.out, Catch::Contains(answer));
  // The log is the replay's; every card shown between two other players stays hidden.
  const std::vector<Json>& logged = played.log;
  const std::vector<Json> replayed = records_of(expected);
  REQUIRE(logged.size() == replayed.size());
  CHECK(logged.front()["agents"][0]["strategy"] == "human");
  int hidden = 0;
  for (std::size_t k = 1; k < logged.size(); ++k) {
    Json record = logged[k];
    record.erase("by");
    CHECK(record == replayed[k]);
    if (record["event"] == "move" && !record["shown"].is_null() && record["agent"] != 1 &&
        record["shown_by"] != 1) {
      ++hidden;
      const std::string secret =
          kripke_test::cat("player ", record["shown_by"].dump(), " shows player ",
                           record["agent"].dump(), " ", record["shown"].get<std::string>());
      CHECK_THAT(squeezed(r.out), !Catch::Contains(secret));
    }
  }
  CHECK(hidden > 0);
  const std::regex onlooker(R"(\[you see\] player [23] shows player [23] one of \w+ or \w+\n)");
  CHECK(std::regex_search(r.out, onlooker));
}

TEST_CASE("[play] a person plays Sleuth: asks with question cards, sees only its own answers") {
  const std::string config = kripke_test::source_path("configs/sleuth.json");
  // In process: the person asks its first option (its first question card, of the first
  // other player) each turn, as `ask PLAYER CODE`.
  Replay expected;
  {
    const auto game = kripkesim::load_game(config);
    kripke::GameRunner runner(*game, game->config().seed, expected.recorder);
    const auto& sleuth = dynamic_cast<const kripke::sleuth::SleuthPlay&>(runner.play());
    runner.start();
    while (!runner.finished()) {
      if (sleuth.next_asker() != 0) {
        runner.step();
        continue;
      }
      const kripke::sleuth::Option o = sleuth.options_for(0).front();
      const std::string code = sleuth.tables().questions[std::size_t(o.question)].code();
      expected.lines.push_back(kripke_test::cat("ask ", std::to_string(o.asked + 1), " ", code));
      runner.person_turn({{"asked", o.asked + 1}, {"question", code}}, "/move", "test");
    }
  }
  const Played played =
      play_replayed(config, {"ask 1 R", "ask 2 ZZ", "ask 2", "hint", "table"}, expected);
  const auto& r = played.r;
  for (const char* answer : {"you cannot ask yourself", "bad question 'ZZ*'",
                             "ask takes a player and a question", "hints for player 1", "bits",
                             "score sheet of player 1", "You are player 1.", "=== end after"})
    CHECK_THAT(r.out, Catch::Contains(answer));
  CHECK_THAT(r.out, Catch::Contains(" shows player 1 "));
  REQUIRE(played.log.size() == records_of(expected).size());
  const std::vector<Json> replayed = records_of(expected);
  int others_answers = 0, own_answers = 0;
  for (std::size_t k = 1; k < played.log.size(); ++k) {
    Json record = played.log[k];
    record.erase("by");
    CHECK(record == replayed[k]);
    // Another player's answer never reaches player 1's screen, unless player 1 gave it.
    if (record["event"] == "update" && record["kind"] == "private" &&
        record["audience"] != Json::array({1})) {
      const std::string text = record["text"];
      if (text.rfind("player 1 shows ", 0) == 0) {
        ++own_answers;
        CHECK_THAT(squeezed(r.out), Catch::Contains(kripke_test::cat("[you show] ", text)));
      } else {
        ++others_answers;
        CHECK_THAT(squeezed(r.out), !Catch::Contains(text));
      }
    }
  }
  CHECK(others_answers > 0);
  CHECK(own_answers > 0);
}

TEST_CASE("[play] a person is a muddy child: answers the father, right or wrong") {
  const std::string config = kripke_test::source_path("configs/muddy.json");  // 2, 3, 5 muddy
  // Child 2 (muddy, sees 3 and 5): cannot know until two rounds of "nobody knows" passed.
  const Played right = play_typed({config, "--seat", "2"}, {"hint", "table", "no", "n", "mud"});
  INFO(right.r.out);
  REQUIRE(right.r.exit_code == 0);
  CHECK_THAT(right.r.out, Catch::Contains("You are child 2. You see: child 1 clean, child 3 "
                                          "muddy, child 4 clean, child 5 muddy."));
  CHECK_THAT(right.r.out, Catch::Contains("You see 2 muddy foreheads."));
  CHECK_THAT(right.r.out, Catch::Contains("in some you are muddy, in some clean."));
  CHECK(occurrences(right.r.out, "Right: you cannot know yet.") == 2);
  CHECK_THAT(right.r.out, Catch::Contains("Right: you know it."));
  // Nothing tells the child what it knows before it answers: no counts, no early win.
  CHECK_THAT(right.r.out, !Catch::Contains("you consider"));
  CHECK_THAT(right.r.out, !Catch::Contains("each child sees"));
  CHECK(right.r.out.find("*** child 2, child 3, child 5 win ***") >
        right.r.out.find("Right: you know it."));
  std::vector<Json> answers;
  for (const Json& record : right.log)
    if (record["event"] == "move") answers.push_back(record);
  REQUIRE(answers.size() == 3);
  CHECK(answers.back()["claim"] == "muddy");
  CHECK(answers.back()["right"] == true);
  CHECK(answers.back()["by"] == "person");
  CHECK(right.log.back()["winners"] == Json::array({2, 3, 5}));
  // A guess at once is wrong, and the child is not asked again; the game goes on.
  const Played guess = play_typed({config, "--seat", "2"}, {"muddy"});
  REQUIRE(guess.r.exit_code == 0);
  CHECK_THAT(guess.r.out,
             Catch::Contains("Wrong: a guess: you still consider it possible that you are clean."));
  CHECK(occurrences(guess.r.out, "The father asks") == 1);
  CHECK_THAT(guess.r.out, Catch::Contains("child 2 steps forward: muddy (wrong: out of the game)"));
  CHECK_THAT(guess.r.out, Catch::Contains("You are out: you cannot win this game."));
  CHECK(guess.log.back()["reason"] == "win");
  // Child 2 comes to know, but its guess put it out: the others win without it.
  CHECK(guess.log.back()["winners"] == Json::array({3, 5}));
  CHECK_THAT(guess.r.out, Catch::Contains("*** child 3, child 5 win ***"));
  // Child 1 (clean) says "no" to the end; quit at the father's question ends the game.
  const Played clean = play_typed({config}, {"no", "no", "no"});
  CHECK(occurrences(clean.r.out, "Right: you cannot know yet.") == 3);
  const Played quit = play_typed({config}, {"quit"});
  REQUIRE(quit.r.exit_code == 0);
  CHECK(quit.log.back()["reason"] == "quit");
}

TEST_CASE("[play] a person plays What's My Number?: answers its cards, claims its numbers") {
  namespace nm = kripke::number;
  const std::string config = kripke_test::source_path("configs/number.json");
  // In process: player 1 answers each card it draws truthfully, and after every answer,
  // before the epistemagic announcement, makes the right claim (its numbers once it knows
  // them, no before); the claims are the desk's, so they are not in the replay's records.
  Replay expected;
  std::string own;  // player 1's board, as a claim: "2,4"
  {
    const auto game = kripkesim::load_game(config);
    kripke::GameRunner runner(*game, game->config().seed, expected.recorder);
    auto& number = dynamic_cast<nm::NumberPlay&>(runner.play());
    runner.start();
    const kripke::Model& m = number.model();
    for (const Json& n : nm::board_numbers(number.tables().board(m.actual(), 0)))
      own += kripke_test::cat(own.empty() ? "" : ",", n.dump());
    number.ask_after_answers([&] {
      std::size_t possible = 0;
      for (kripke::World w : m.partition(0).class_containing(m.actual()))
        possible += m.alive().test(w);
      expected.lines.push_back(possible == 1 ? own : "no");
    });
    while (!runner.finished()) {
      if (number.next_player() != 0) {
        runner.step();
      } else {
        const int q = number.top_card();
        const bool yes = number.true_answer(q, 0);
        expected.lines.push_back(yes ? "answer yes" : "answer no");
        expected.movers.push_back(0);
        runner.person_turn({{"question", q}, {"answer", yes}}, "/move", "test");
      }
    }
  }
  REQUIRE(expected.movers.size() >= 2);
  REQUIRE(expected.lines[1] == "no");  // after turn 1, player 1 cannot know yet
  const std::string untrue = expected.lines[0] == "answer yes" ? "answer no" : "answer yes";
  const Played played =
      play_replayed(config, {"answer", "answer maybe", untrue, "hint", "table", "view"}, expected);
  const auto& r = played.r;
  for (const char* shown : {"You are player 1. You see player 2 [", "Your turn: you draw question ",
                            "type answer yes|no", "no answer 'maybe' (yes, no)",
                            "that is not true of the boards you see: answers are truthful",
                            "Your own answer never tells you anything",
                            "You may hold 10 boards:", "Do you know your numbers? Type them (as ",
                            "Right: you cannot know yet.", "=== end after"})
    CHECK_THAT(r.out, Catch::Contains(shown));
  // Never the own board, the others' knowledge, counts of possible worlds, or the deck,
  // until the end shows the deal.
  const std::string during = r.out.substr(0, r.out.rfind("the deal:"));
  for (const std::string& hidden :
       {"[" + own + "]", std::string("may hold:"), std::string("you consider"),
        std::string("boards: player"), std::string("question deck")})
    CHECK_THAT(during, !Catch::Contains(hidden));
  CHECK_THAT(r.out, Catch::Contains("the deal:\n  boards: player 1: "));
  // The log: the replay's records, plus one claim per turn, each right.
  std::vector<Json> game_records, claims;
  for (std::size_t k = 1; k < played.log.size(); ++k) {
    Json record = played.log[k];
    CHECK(record.contains("by") == (record["event"] == "move" && record["agent"] == 1));
    record.erase("by");
    (record.contains("claim") ? claims : game_records).push_back(record);
  }
  std::vector<Json> replayed = records_of(expected);
  replayed.erase(replayed.begin());
  CHECK(game_records == replayed);
  REQUIRE(claims.size() == expected.lines.size() - expected.movers.size());
  for (const Json& claim : claims) CHECK(claim["right"] == true);
  if (expected.lines.back() == own) {
    CHECK_THAT(r.out, Catch::Contains("Right: you know it."));
    CHECK(r.out.find("*** player 1") > r.out.find("Right: you know it."));
  }

  // A lucky guess after the first turn is wrong, and the person is not asked again. The
  // answer is typed alone ("yes" or "no" for "answer yes"); the card and the question "do
  // you know?" are never asked at once.
  const Played guess = play_typed({config}, {expected.lines[0].substr(7), own});
  INFO(guess.r.out);
  REQUIRE(guess.r.exit_code == 0);
  CHECK_THAT(guess.r.out, !Catch::Contains("no command"));
  std::size_t questions = 0;
  for (auto asked = r.out.find("Do you know your numbers?"); asked != std::string::npos;
       asked = r.out.find("Do you know your numbers?", asked + 1), ++questions) {
    const auto card = r.out.rfind("Your turn: you draw", asked);
    CHECK((card == std::string::npos || card < r.out.rfind("player 1> ", asked)));
  }
  CHECK(questions >= 3);  // including after the turn before player 1's
  // Each question comes after its turn's answer and before the turn's epistemagic
  // announcement, whose absence (someone knows) would otherwise give the answer away.
  for (auto asked = r.out.find("Do you know your numbers?"); asked != std::string::npos;
       asked = r.out.find("Do you know your numbers?", asked + 1)) {
    const auto last_before = [&](const char* what) {
      const auto at = r.out.rfind(what, asked);
      return at == std::string::npos ? std::size_t{0} : at;
    };
    const std::size_t answered = std::max(last_before("\" yes"), last_before("\" no"));
    REQUIRE(answered > 0);
    CHECK(r.out.substr(answered, asked - answered).find("epistemagic") == std::string::npos);
  }
  CHECK_THAT(r.out, Catch::Contains("epistemagic 1: nobody knows their numbers"));
  CHECK_THAT(guess.r.out, Catch::Contains("Wrong: a guess: you still consider "));
  CHECK(occurrences(guess.r.out, "Do you know your numbers?") == 1);
  Json guessed;
  for (const Json& record : guess.log)
    if (record.contains("claim")) guessed = record;
  CHECK(guessed["right"] == false);
  CHECK(guessed["text"] ==
        kripke_test::cat("player 1 says: my numbers are ", own, " (wrong: out of the game)"));
  CHECK(guessed["claim"].size() == 2);

  // Under Kooi's Choice the person picks the card: answer CARD yes|no.
  kripke_test::TempDir dir;
  const std::string kooi = dir.write(
      "kooi.json", R"({"game": "number", "seed": 2013, "rules": {"kooi": "possible-worlds"}})");
  bool eleven = false;
  {
    kripke_test::EventRecorder recorder;
    const auto game = kripkesim::load_game(kooi);
    kripke::GameRunner runner(*game, game->config().seed, recorder);
    runner.start();
    eleven = dynamic_cast<const nm::NumberPlay&>(runner.play()).true_answer(11, 0);
  }
  const Played picked = play_typed({kooi}, {"answer yes", "answer 99 yes", "help",
                                            eleven ? "answer 11 y" : "answer 11 n", "quit"});
  INFO(picked.r.out);
  REQUIRE(picked.r.exit_code == 0);
  CHECK_THAT(picked.r.out, Catch::Contains("type answer CARD yes|no"));
  CHECK_THAT(picked.r.out, Catch::Contains("no question card '99'"));
  CHECK_THAT(picked.r.out, Catch::Contains("11  Do you see at least one multiple of 3?"));
  CHECK_THAT(picked.r.out, Catch::Contains("player 1 picks question 11"));
  Json move;
  for (const Json& record : picked.log)
    if (record["event"] == "move") {
      move = record;
      break;
    }
  CHECK(move["question"] == 11);
  CHECK(move["answer"] == eleven);
  CHECK(move["chosen_by"] == "person");
  CHECK(move["by"] == "person");
  CHECK(picked.log.back()["reason"] == "quit");
}

TEST_CASE("[play] a person's turn is one of the game's turns: it counts towards max_turns") {
  const Replay expected = replay({0}, 1);
  REQUIRE(expected.lines.size() == 1);
  kripke_test::TempDir dir;
  Json config = Json::parse(kripke_test::read_file(kNineCard));
  config["max_turns"] = 1;
  const Played played = play_typed({dir.write("one-turn.json", config.dump())}, expected.lines);
  INFO(played.r.out);
  REQUIRE(played.r.exit_code == 0);
  CHECK(played.log.back()["reason"] == "max_turns");
  CHECK(played.log.back()["turns"] == 1);
}

namespace {

// The Cluedo person of card_game_replay never accuses (answers "pass").
Replay cluedo_replay(const std::string& config, std::uint64_t seed) {
  return card_game_replay<kripke::cluedo::CluedoPlay>(
      config, seed, [](kripke::cluedo::CluedoPlay& play, Replay& r) {
        play.set_person_accuses([&r](kripke::Agent) -> std::optional<std::vector<int>> {
          r.lines.emplace_back("pass");
          return std::nullopt;
        });
      });
}

}  // namespace

TEST_CASE("[play] a person plays Cluedo: suggests, shows, accuses, sees the envelope at the end") {
  const std::string config = kripke_test::source_path("configs/cluedo.json");
  // The first seed at which the person is asked to choose a card to show, and passes twice.
  std::uint64_t seed = 1;
  std::optional<Replay> found;
  for (; seed <= 50 && !found; ++seed) {
    Replay r = cluedo_replay(config, seed);
    const auto shows = std::count_if(r.lines.begin(), r.lines.end(),
                                     [](const std::string& l) { return l.rfind("show ", 0) == 0; });
    if (shows > 0 && std::count(r.lines.begin(), r.lines.end(), "pass") > 1)
      found.emplace(std::move(r));
  }
  REQUIRE(found);
  const Replay& expected = *found;
  std::vector<std::string> typed = {"suggest Scar",
                                    "suggest Scarlet Mustard hall",
                                    "suggest zz rope hall",
                                    "accuse Scarlet rope",
                                    "hint",
                                    "table",
                                    "help"};
  typed.insert(typed.end(), expected.lines.begin(), expected.lines.end());
  const Played played = play_typed({config, "--seed", std::to_string(seed - 1)}, typed);
  INFO(played.r.out);
  REQUIRE(played.r.exit_code == 0);
  const auto& r = played.r;
  for (const char* shown :
       {"You are player 1.\n  your hand: ",
        "suggest names one card of each kind: suspect weapon room",
        "two suspects: suggest names one card of each kind", "no card 'zz'",
        "accuse names one card of each kind", "Suggest next (expected information about the",
        "Possible deals: ", "; possible envelopes: ",
        "               player 1  player 2  player 3  player 4  envelope\nScarlet",
        "         yes         -         -         -         -\n", "accuse suspect weapon room",
        "Accuse now? (accuse or pass", "which do you show player",
        "the deal:\n  envelope: ", "=== end after"})
    CHECK_THAT(r.out, Catch::Contains(shown));
  // The log is the replay's; no card shown between two other players reaches the screen.
  const std::vector<Json> replayed = records_of(expected);
  REQUIRE(played.log.size() == replayed.size());
  CHECK(played.log.front()["agents"][0]["strategy"] == "human");
  int hidden = 0;
  for (std::size_t k = 1; k < played.log.size(); ++k) {
    Json record = played.log[k];
    record.erase("by");
    CHECK(record == replayed[k]);
    if (record["event"] == "move" && record.contains("shown") && !record["shown"].is_null() &&
        record["agent"] != 1 && record["shown_by"] != 1) {
      ++hidden;
      CHECK_THAT(squeezed(r.out),
                 !Catch::Contains(kripke_test::cat("player ", record["shown_by"].dump(),
                                                   " shows player ", record["agent"].dump(), " ",
                                                   record["shown"].get<std::string>())));
    }
  }
  CHECK(hidden > 0);
  const std::regex onlooker(R"(\[you see\] player \d shows player \d one of \w+, \w+ or \w+\n)");
  CHECK(std::regex_search(r.out, onlooker));

  // The envelope of the bundled seed is White, dagger, kitchen. Accused at once: a win.
  const Played right = play_typed({config}, {"accuse white dag kitch"});
  REQUIRE(right.r.exit_code == 0);
  CHECK_THAT(right.r.out, Catch::Contains("player 1 accuses White, dagger and kitchen: right"));
  CHECK(right.log.back()["winners"] == Json::array({1}));
  // Suggested, nobody shows, then accused when asked: a win in the same turn.
  const Played asked =
      play_typed({config}, {"suggest White dagger kitchen", "accuse", "Wh", "dag", "kit"});
  REQUIRE(asked.r.exit_code == 0);
  CHECK_THAT(asked.r.out, Catch::Contains("Which suspect?"));
  CHECK(asked.log.back()["winners"] == Json::array({1}));
  CHECK(asked.log.back()["turns"] == 1);
  // The accusation typed at "Accuse now?" in one line: the questions that follow take the
  // words typed ahead, and the hand is shown once, not before each question.
  const Played typed_ahead =
      play_typed({config}, {"suggest White dagger kitchen", "accuse White dagger kitchen"});
  REQUIRE(typed_ahead.r.exit_code == 0);
  CHECK(typed_ahead.log.back()["winners"] == Json::array({1}));
  CHECK(typed_ahead.log.back()["turns"] == 1);
  CHECK_THAT(typed_ahead.r.out, Catch::Contains("Which suspect?\nplayer 1> White\n"));
  const std::string after_accuse = typed_ahead.r.out.substr(typed_ahead.r.out.find("Accuse now?"));
  CHECK(after_accuse.find("your hand") == std::string::npos);
  // Wrong: the person is out, the others play on, and the person still shows cards.
  const Played wrong = play_typed({config}, {"accuse Scarlet dagger kitchen"});
  REQUIRE(wrong.r.exit_code == 0);
  CHECK_THAT(wrong.r.out,
             Catch::Contains("accuses Scarlet, dagger and kitchen: wrong, and is out"));
  CHECK(wrong.log.back()["winners"] != Json::array({1}));
  CHECK(wrong.log.back()["turns"].get<int>() > 1);
}

TEST_CASE("[play] Cluedo through a terminal: the notebook, a suggestion, quit") {
  kripke_test::TempDir dir;
  const std::string log = dir.file("game.jsonl");
  Terminal t({"play", kripke_test::source_path("configs/cluedo.json"), "--log", log});
  t.read_until("player 1> ");
  t.type("tab\r");
  CHECK_THAT(t.read_until("player 1> "), Catch::Contains("envelope"));
  t.type("suggest Scarlet rope hall\r");
  CHECK_THAT(t.read_until("Accuse now?"), Catch::Contains("[to you] player 3 shows player 1 rope"));
  t.type("pass\r");
  t.read_until("player 1> ");
  t.type("quit\r");
  CHECK(t.exit_code() == 0);
  const auto records = log_records(log);
  REQUIRE_FALSE(records.empty());
  CHECK(records.back()["reason"] == "quit");
}
