// The assistant's picture of a real Cluedo table (kripkesim assist, docs/assist.md): the
// events a person at the table enters, one line each, and what they know from them,
// counted exactly by a Notebook (include/kripke/games/cluedo/).
//
// Events, in the order they happen:
//   players NAME NAME NAME ...     3 to 6 players, clockwise, the first dealt to first
//   me NAME                        who you are
//   hand CARD CARD ...             your cards
//   suggest NAME CARD CARD CARD shown NAME [CARD]
//   suggest NAME CARD CARD CARD nobody
//   accuse NAME CARD CARD CARD wrong|right
// Between the suggester and the player who shows, everyone passed (the players to the
// suggester's left are asked in turn). The shown card is written when you asked (you saw
// it) and may be written when you showed it. Names and cards may be abbreviated to any
// unambiguous start, in any case.
//
// An event is refused, with the table unchanged, when it is malformed or impossible (an
// unknown card, a player who is out, a card written that you did not see) or when it
// contradicts what came before: then the message names the earlier events that, with it,
// leave no deal possible (a smallest such set: without any one of them, the contradiction
// goes).
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "kripke/games/cluedo/notebook.hpp"
#include "kripke/games/cluedo/rules.hpp"

namespace kripkesim::assist {

class Table {
 public:
  // Applies one event; an InputError (the message alone, no path) when it is refused, the
  // table unchanged then.
  void apply(const std::string& line);
  // The table without its last event.
  void undo();

  // The events so far, as entered (normalised: full names, single spaces).
  const std::vector<std::string>& events() const { return events_; }
  // Players, me and hand given: the counts can be shown.
  bool ready() const { return notebook_.has_value(); }
  // Someone accused right, or everyone is out.
  bool over() const {
    return winner_ >= 0 ||
           (!out_.empty() && std::find(out_.begin(), out_.end(), false) == out_.end());
  }
  // The deals the person considers possible (0 before the hand is given).
  kripke::BigCount possible_deals() const {
    return notebook_ ? notebook_->counts().total : kripke::BigCount{0};
  }

  // What the person sees after an event: the probability grid (card × place, certainties
  // marked), the most likely envelopes, and the suggestion to make next.
  std::string report(std::size_t triples = 5) const;
  // What the next event may be.
  std::string expecting() const;

 private:
  // One event, parsed.
  struct Fact {
    enum class Kind { Players, Me, Hand, Suggest, Accuse } kind = Kind::Players;
    std::vector<std::string> names;  // players
    int player = -1;                 // me, the suggester, the accuser
    std::vector<int> cards;          // the hand, the suggestion, the accusation
    int shower = -1;                 // -1: nobody showed
    int shown = -1;                  // the card shown, when written
    bool right = false;              // an accusation's verdict
    std::string text;                // as events() lists it
  };

  Fact parse(const std::string& line) const;
  // The player or the card a word names; an InputError listing the choices otherwise.
  int player_named(const std::string& word) const;
  int card_named(const std::string& word) const;
  std::vector<int> cards_named(const std::vector<std::string>& words, std::size_t from,
                               std::size_t count) const;
  // The players asked before `shower` (all the others when nobody showed).
  std::vector<int> passers(const Fact& suggestion) const;
  // Whether some deal agrees with these events (indices into facts_) and then `last`.
  bool possible(const std::vector<std::size_t>& earlier, const Fact& last) const;
  void apply_to(kripke::cluedo::Notebook& notebook, const Fact& fact) const;
  // A smallest set of earlier events that `fact` contradicts (numbered from 1).
  std::vector<std::size_t> contradicted(const Fact& fact) const;
  void record(Fact fact);

  std::string grid() const;
  std::string odds(std::size_t triples) const;
  std::string advice() const;

  std::vector<std::string> events_;
  std::vector<Fact> facts_;
  std::vector<std::string> players_;
  int me_ = -1;
  std::optional<kripke::cluedo::Rules> rules_;
  std::optional<kripke::cluedo::Notebook> notebook_;
  std::vector<bool> out_;
  int winner_ = -1;
};

}  // namespace kripkesim::assist
