// The rules of nine-card as config fields, with the defaults of docs/games/nine-card.md.
#pragma once

#include <string>

#include "kripke/config_reader.hpp"
#include "kripke/deals.hpp"
#include "kripke/games/nine_card/cards.hpp"

namespace kripke::nine_card {

struct Rules {
  int players = 3;
  int hand_size = 2;      // gem cards per player
  int open_cards = 2;     // gem cards shown to everybody; one more is hidden
  int question_hand = 3;  // question cards each player holds (the website says 4)
  bool hints = true;      // the hint and knowledge tables in the transcript and the log
  // When the question deck runs out: "reshuffle" the discard pile (so no card is in two
  // places), or "regenerate" a full new deck of all 15 as Isachenko's program does (a held
  // card can then be in a hand twice).
  std::string question_deck = "reshuffle";
  // Who can win after a turn: "everyone" who knows the hidden card, or only the "mover"
  // (the player who just asked; at the start, the first to move), as the original checks.
  std::string win_check = "everyone";

  // Deal slots: the players 0 … players-1, then the hidden card, then the open
  // cards.
  int slot_count() const { return players + 2; }
  int hidden_slot() const { return players; }
  int open_slot() const { return players + 1; }
  std::string slot_name(int slot) const {
    if (slot == hidden_slot()) return "hidden";
    if (slot == open_slot()) return "open";
    return "player " + std::to_string(slot + 1);
  }
};

inline Rules read_rules(const Json& json) {
  Rules rules;
  ObjectReader r(json, "/rules");
  rules.players = int(r.integer("players", rules.players, 2, kCards - 1));
  rules.hand_size = int(r.integer("hand_size", rules.hand_size, 1, kCards - 1));
  rules.open_cards = int(r.integer("open_cards", rules.open_cards, 0, kCards - 1));
  rules.question_hand = int(r.integer("question_hand", rules.question_hand, 1, kQuestions));
  rules.hints = r.boolean("hints", rules.hints);
  rules.question_deck = r.choice("question_deck", rules.question_deck, {"reshuffle", "regenerate"});
  rules.win_check = r.choice("win_check", rules.win_check, {"everyone", "mover"});
  r.done();
  const int dealt = rules.players * rules.hand_size + 1 + rules.open_cards;
  if (dealt != kCards)
    throw InputError("players x hand_size + 1 hidden + open_cards = " + std::to_string(dealt) +
                         " cards, but the deck has " + std::to_string(kCards),
                     "/rules");
  if (rules.players * rules.question_hand > kQuestions)
    throw InputError(
        "players x question_hand = " + std::to_string(rules.players * rules.question_hand) +
            " question cards, but the question deck has " + std::to_string(kQuestions),
        "/rules/question_hand");
  return rules;
}

inline Json to_json(const Rules& rules) {
  return {{"players", rules.players},       {"hand_size", rules.hand_size},
          {"open_cards", rules.open_cards}, {"question_hand", rules.question_hand},
          {"hints", rules.hints},           {"question_deck", rules.question_deck},
          {"win_check", rules.win_check}};
}

inline DealSpec deal_spec(const Rules& rules) {
  DealSpec spec;
  spec.category.assign(kCards, 0);
  for (int p = 0; p < rules.players; ++p)
    spec.slots.push_back({rules.slot_name(p), rules.hand_size, {}});
  spec.slots.push_back({"hidden", 1, {}});
  spec.slots.push_back({"open", rules.open_cards, {}});
  return spec;
}

}  // namespace kripke::nine_card
