#include "games/number/desk.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "kripke/games/number/questions.hpp"
#include "kripke/games/number/rules.hpp"

namespace kripkesim::play {
namespace {

namespace nm = kripke::number;

std::string board_text(nm::Board board) {
  std::string s;
  for (const kripke::Json& n : nm::board_numbers(board)) {
    if (!s.empty()) s += ',';
    s += n.dump();
  }
  return s;
}

std::string quoted_card(int q) {
  std::string s = "question ";
  s += std::to_string(q);
  s += " \"";
  s += nm::question(q).text;
  s += '"';
  return s;
}

// A claim as the log keeps it: "no", or the numbers claimed.
kripke::Json claim_json(const std::string& claim) {
  if (claim == "no") return claim;
  kripke::Json numbers = kripke::Json::array();
  std::istringstream in(claim);  // one of the boards offered: numbers and commas
  for (std::string n; std::getline(in, n, ',');) numbers.push_back(std::stoi(n));
  return numbers;
}

}  // namespace

bool NumberDesk::picks() const { return number_.tables().rules().kooi != nm::KooiChoice::Off; }

std::vector<nm::Board> NumberDesk::possible_boards(kripke::Agent me) const {
  const kripke::Model& m = number_.model();
  std::vector<nm::Board> out;
  for (kripke::World w : m.partition(me).class_containing(m.actual()))
    if (m.alive().test(w)) out.push_back(number_.tables().board(w, me));
  return out;
}

std::vector<std::string> NumberDesk::conceivable_boards(kripke::Agent me) const {
  const nm::Rules& rules = number_.tables().rules();
  nm::Board seen = 0;
  for (int i = 0; i < rules.players; ++i)
    if (kripke::Agent(i) != me)
      seen = nm::Board(seen | number_.tables().board(number_.model().actual(), kripke::Agent(i)));
  std::vector<int> unseen;
  for (int n = 1; n <= rules.numbers; ++n)
    if (!((seen >> (n - 1)) & 1U)) unseen.push_back(n);
  // Every board_size-subset of the unseen numbers, in increasing order.
  std::vector<std::string> out;
  std::vector<bool> taken(unseen.size(), false);
  std::fill(taken.begin(), taken.begin() + rules.board_size, true);
  do {
    nm::Board board = 0;
    for (std::size_t k = 0; k < unseen.size(); ++k)
      if (taken[k]) board = nm::Board(board | (1U << (unseen[k] - 1)));
    out.push_back(board_text(board));
  } while (std::prev_permutation(taken.begin(), taken.end()));
  return out;
}

std::string NumberDesk::view(kripke::Agent me) const {
  const kripke::Model& m = number_.model();
  std::string s = "You are ";  // piece by piece: GCC 12's false -Wrestrict
  s += play_.agent_name(me);
  s += ". You see";
  const int players = number_.tables().players();
  for (int i = 0, shown = 0; i < players; ++i) {
    if (kripke::Agent(i) == me) continue;
    s += shown++ ? (shown == players - 1 ? " and " : ", ") : " ";
    s += play_.agent_name(kripke::Agent(i));
    s += " [";
    s += board_text(number_.tables().board(m.actual(), kripke::Agent(i)));
    s += ']';
  }
  s += ". Your own board you cannot see: ";
  s += std::to_string(number_.tables().rules().board_size);
  s += " of the numbers you do not see are on it.";
  return s;
}

std::string NumberDesk::turn_prompt(kripke::Agent) const {
  if (picks())
    return "Your turn: pick a question card and answer it (answer CARD yes|no; help lists them).";
  return "Your turn: you draw " + quoted_card(number_.top_card()) +
         "\nAnswer it about the boards you see: answer yes, or answer no.";
}

std::string NumberDesk::moves_help(kripke::Agent) const {
  std::string s;
  if (picks()) {
    s = "  answer CARD yes|no   pick a card of the deck (Kooi's Choice) and answer it truthfully\n"
        "                       about the boards you see, e.g. answer 11 yes. The cards:";
    for (int q : number_.tables().rules().questions)
      s += fmt::format("\n    {:2}  {}", q, nm::question(q).text);
  } else {
    s = "  answer yes|no   your truthful answer to ";
    s += quoted_card(number_.top_card());
    s += ",\n                  about the boards you see";
  }
  return s +
         "\n  After every turn you are asked whether you know your numbers: type them (as 2,4) "
         "or no.\n  A guess, or no when you could know, is wrong.";
}

kripke::Json NumberDesk::read_move(kripke::Agent me, const std::vector<std::string>& typed) const {
  const std::string syntax = picks() ? "answer CARD yes|no" : "answer yes|no";
  std::vector<std::string> words = typed;
  if (words.front() != "answer") words.insert(words.begin(), "answer");  // yes, no alone
  if (words.size() != (picks() ? 3U : 2U)) throw kripke::InputError("type " + syntax);
  int card = number_.top_card();
  if (picks()) {
    const std::vector<int>& deck = number_.tables().rules().questions;
    std::vector<std::string> cards;
    for (int q : deck) cards.push_back(std::to_string(q));
    card = std::stoi(complete(words[1], cards, "question card"));
  }
  const bool yes = complete(words.back(), {"yes", "no"}, "answer") == "yes";
  if (yes != number_.true_answer(card, me))
    throw kripke::InputError("that is not true of the boards you see: answers are truthful");
  return {{"question", card}, {"answer", yes}};
}

std::string NumberDesk::hint(kripke::Agent me) const {
  const kripke::Model& m = number_.model();
  const nm::Tables& t = number_.tables();
  std::vector<int> cards = {number_.top_card()};
  if (picks()) cards = t.rules().questions;
  const std::vector<nm::Board> mine = possible_boards(me);
  struct Row {
    int card;
    bool yes;
    std::size_t left;
    double removes;  // the others' possible worlds, mean over the boards `me` may hold
  };
  std::vector<Row> rows;
  for (int q : cards) {
    const bool yes = number_.true_answer(q, me);
    const kripke::WorldSet& keep = t.answer(q, me, yes);
    std::size_t removed = 0;
    for (kripke::World w : m.partition(me).class_containing(m.actual())) {
      if (!m.alive().test(w)) continue;
      for (int i = 0; i < t.players(); ++i) {
        if (kripke::Agent(i) == me) continue;
        for (kripke::World v : m.partition(kripke::Agent(i)).class_containing(w))
          removed += m.alive().test(v) && !keep.test(v);
      }
    }
    rows.push_back({q, yes, m.alive().count() - nm::removed_by(m.alive(), keep),
                    double(removed) / double(mine.size())});
  }
  std::stable_sort(rows.begin(), rows.end(),
                   [](const Row& a, const Row& b) { return a.removes > b.removes; });
  std::string s =
      "  Your own answer never tells you anything: it depends only on what you see. You "
      "learn from\n  the others' answers and from the epistemagic announcements. What your "
      "answer would tell them:\n  card  answer  worlds left  others' possible worlds it "
      "removes (mean over your possible boards)";
  for (const Row& r : rows)
    s += fmt::format("\n  {:>4}  {:<6}  {:>11}  {:.1f}", r.card, r.yes ? "yes" : "no", r.left,
                     r.removes);
  return s;
}

std::string NumberDesk::table(kripke::Agent me) const {
  const std::vector<nm::Board> mine = possible_boards(me);
  std::string s =
      fmt::format("  You may hold {} board{}:", mine.size(), mine.size() == 1 ? "" : "s");
  nm::Board any = 0;
  for (nm::Board b : mine) {
    s += "  ";
    s += board_text(b);
    any = nm::Board(any | b);
  }
  s += "\n  Each number that may be yours is on";
  for (const kripke::Json& n : nm::board_numbers(any)) {
    const int number = n.get<int>();
    const auto on = std::count_if(mine.begin(), mine.end(),
                                  [&](nm::Board b) { return (b >> (number - 1)) & 1U; });
    s += fmt::format(" {}: {} of them;", number, on);
  }
  s.back() = '.';
  return s;
}

void NumberDesk::between_turns(Seats& seats) {
  if (play_.turn() == 0) return;  // before the first answer nobody can know
  // Put after the answer (ask_within_turns), before the epistemagic announcement; not
  // again after the turn.
  if (play_.turn() == asked_turn_) return;
  asked_turn_ = play_.turn();
  ask_claims(
      seats,
      [&](kripke::Agent me) {
        ClaimQuestion q;
        q.choices = conceivable_boards(me);
        q.text = "Do you know your numbers? Type them (as " + q.choices.front() + ") or no.";
        q.choices.push_back("no");
        return q;
      },
      [&](kripke::Agent me, const std::string& claim) {
        const std::vector<nm::Board> mine = possible_boards(me);
        const bool knows = mine.size() == 1;
        const std::string known = knows ? board_text(mine.front()) : "";
        ClaimVerdict v;
        v.right = claim == "no" ? !knows : claim == known;
        v.said = play_.agent_name(me);
        v.said += claim == "no" ? " does not know yet" : " says: my numbers are " + claim;
        v.claim = claim_json(claim);
        if (claim == "no") {
          v.why = knows ? "you could know: the only board you consider possible is " + known + "."
                        : "you cannot know yet.";
        } else if (!knows) {
          v.why = fmt::format("a guess: you still consider {} boards possible.", mine.size());
        } else {
          v.why = v.right ? "you know it." : "you could know they are " + known + ".";
        }
        return v;
      });
}

}  // namespace kripkesim::play
