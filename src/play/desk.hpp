// The game's side of `kripkesim play`: what a person in a seat sees and may do. Each game
// people can play has a desk (src/games/<game>/desk.cpp); the seat loop (seat_loop.cpp) and the
// screens (seat_screens.cpp) are shared. A desk reads the play through the game's public views and
// turns typed words into the same move a scenario's step would give, so that a person's
// game is played, logged and replayed like any other.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "kripke/events.hpp"
#include "kripke/game.hpp"

namespace kripkesim::play {

// What a desk may ask of the people during a turn that is not theirs (Clue: which of the
// suggested cards to show). The seat loop provides it.
class Seats {
 public:
  virtual ~Seats() = default;
  virtual bool is_person(kripke::Agent a) const = 0;
  // Hands the screen to `a` (hot-seat: the pause), shows `question` and reads one of
  // `choices` (a unique start will do); nullopt when the input ends.
  virtual std::optional<std::string> choose(kripke::Agent a, const std::string& question,
                                            const std::vector<std::string>& choices) = 0;
  // Shows `text` to `a`, who has just answered a choice (its verdict, say).
  virtual void tell(kripke::Agent a, const std::string& text) = 0;
};

class Desk {
 public:
  virtual ~Desk() = default;

  // The seat whose move the next turn is; none when the turn is nobody's (the muddy
  // children's rounds: the father speaks).
  virtual std::optional<kripke::Agent> to_move() const = 0;
  // What the seat has in front of it: its own cards (or, in What's My Number?, the others'
  // boards), the open cards, its question cards.
  virtual std::string view(kripke::Agent me) const = 0;
  // What the seat is asked to do when its turn comes, after the view (What's My Number?:
  // the card it drew); empty when the view says it. Only at its turn: a question between
  // turns ("do you know your numbers?") is asked alone.
  virtual std::string turn_prompt(kripke::Agent me) const {
    (void)me;
    return "";
  }
  // The words a move starts with ("ask"); the loop's own commands (help, hint, table,
  // history, quit) are the others.
  virtual std::vector<std::string> verbs() const = 0;
  // The legal moves now, in the game's words, with their syntax.
  virtual std::string moves_help(kripke::Agent me) const = 0;
  // A typed move (its words; any unambiguous prefix of a word will do) as the move a
  // scenario step gives; an InputError with one line saying why when it is not a legal move.
  virtual kripke::Json read_move(kripke::Agent me, const std::vector<std::string>& words) const = 0;
  // For each possible move, what each answer would leave (the hint table).
  virtual std::string hint(kripke::Agent me) const = 0;
  // What the seat knows: where it knows each card is, in how many worlds it may be elsewhere.
  virtual std::string table(kripke::Agent me) const = 0;

  // Connects the game's choices that people make during others' turns to `seats`.
  virtual void seat_people(Seats& seats) { (void)seats; }
  // After the setup's and every turn's updates, before the winners are checked: the
  // questions a game puts to the people between turns (the father's "do you know whether
  // you are muddy?"). Whatever the desk logs then is marked as the people's; a person who
  // answers wrongly cannot win (wrong_claims).
  virtual void between_turns(Seats& seats) { (void)seats; }
  // For a game whose questions come within a turn (What's My Number?: after the answer,
  // before the epistemagic announcement, whose absence would give the answer away): `ask`
  // puts them then. between_turns asks each turn's questions once, whichever comes first.
  virtual void ask_within_turns(std::function<void()> ask) { (void)ask; }
  // The people who answered such a question wrongly: out of the game (Play::rule_out).
  const std::set<kripke::Agent>& wrong_claims() const { return wrong_claims_; }
  // What the seat sees of an event, as lines of text (empty: nothing): the "screen" of the
  // play's seat view (Play::seat_view, kripke/seat_view.hpp).
  std::string shown(const kripke::Event& event, kripke::Agent me) const;

 protected:
  explicit Desk(const kripke::Play& play) : play_(play) {}

  // The question a game puts to each person between turns ("do you know ...?") and the
  // answers it takes.
  struct ClaimQuestion {
    std::string text;
    std::vector<std::string> choices;
  };
  // How an answer is judged: right only when it says exactly what the player knows.
  struct ClaimVerdict {
    std::string said;    // the move's text: "child 2 steps forward: muddy"
    kripke::Json claim;  // the log's "claim"
    bool right = false;
    std::string why;  // shown after "Right: " or "Wrong: "
  };
  // Asks every person not yet wrong; logs each answer as that player's move (with "claim"
  // and "right"), tells the person the verdict, and asks a person who was wrong no more.
  void ask_claims(Seats& seats, const std::function<ClaimQuestion(kripke::Agent)>& question,
                  const std::function<ClaimVerdict(kripke::Agent, const std::string&)>& judge);

  const kripke::Play& play_;

 private:
  std::set<kripke::Agent> wrong_claims_;  // people who answered wrongly
};

// A game unit's desk factory (src/games/<game>/unit.cpp): the desk DeskT for a play of the
// game's own type PlayT (const where the desk only reads it).
template <class DeskT, class PlayT>
std::unique_ptr<Desk> desk_for_play(kripke::Play& play) {
  return std::make_unique<DeskT>(dynamic_cast<PlayT&>(play));
}

// The candidate `word` names: the one equal to it ignoring case, else the only one it is a
// prefix of; nullopt when none or several.
std::optional<std::string> completion(const std::string& word,
                                      const std::vector<std::string>& candidates);

// The candidate `word` is an unambiguous prefix of (or equal to, ignoring case); an
// InputError naming `what` and the candidates otherwise.
std::string complete(const std::string& word, const std::vector<std::string>& candidates,
                     const std::string& what);

}  // namespace kripkesim::play
