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

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "kripke/deals.hpp"

namespace kripkesim::assist {

class TableState;  // assist/table_state.hpp

class Table {
 public:
  Table();
  ~Table();
  Table(const Table& other);
  Table& operator=(const Table& other);
  Table(Table&&) noexcept;
  Table& operator=(Table&&) noexcept;

  // Applies one event; an InputError (the message alone, no path) when it is refused, the
  // table unchanged then.
  void apply(const std::string& line);
  // The table without its last event.
  void undo();

  // The events so far, as entered (normalised: full names, single spaces).
  const std::vector<std::string>& events() const;
  // Someone accused right, or everyone is out.
  bool over() const;
  // The deals the person considers possible (0 before the hand is given).
  kripke::BigCount possible_deals() const;

  // What the person sees after an event: the probability grid (card × place, certainties
  // marked), the most likely envelopes, and the suggestion to make next.
  std::string report(std::size_t triples = 5) const;
  // What the next event may be.
  std::string expecting() const;

 private:
  std::unique_ptr<TableState> state_;
};

}  // namespace kripkesim::assist
