// The assistant's table itself (assist_table.hpp is its public face): the events, the facts
// parsed from them and the Notebook that counts the deals. Only assist_table.cpp includes
// it, so that the commands and tests that use a Table do not compile Cluedo's counting.
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "kripke/games/cluedo/notebook.hpp"
#include "kripke/games/cluedo/rules.hpp"

namespace kripkesim::assist {

class TableState {
 public:
  // What Table's functions of the same names do (assist_table.hpp).
  void apply(const std::string& line);
  void undo();
  const std::vector<std::string>& events() const { return events_; }
  bool over() const {
    return winner_ >= 0 ||
           (!out_.empty() && std::find(out_.begin(), out_.end(), false) == out_.end());
  }
  kripke::BigCount possible_deals() const {
    return notebook_ ? notebook_->counts().total : kripke::BigCount{0};
  }
  std::string report(std::size_t triples) const;
  std::string expecting() const;

  // Players, me and hand given: the counts can be shown.
  bool ready() const { return notebook_.has_value(); }

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

  // Who won, that the person is out, or suggestion_advice.
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
