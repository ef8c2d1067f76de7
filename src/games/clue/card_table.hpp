// What Clue's and Cluedo's seats share: the same deck of categories (clue::Rules), so the
// same view of a hand, the same way of naming a suggestion's cards, the same question when
// a person must choose a card to show.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "kripke/game.hpp"
#include "kripke/games/clue/rules.hpp"
#include "play/desk.hpp"

namespace kripkesim::play::card_table {

// "You are player 1.", the hand, then every category's cards.
std::string view(const kripke::Play& play, kripke::Agent me, const kripke::clue::Rules& rules);

// "VERB suspect weapon room   one card of each kind, e.g. ...", and who is asked in turn.
std::string suggestion_help(const kripke::clue::Rules& rules, kripke::Agent me,
                            const std::string& verb);

// The cards `words` name after the verb (each an unambiguous start of a card's name), one of
// each kind, as a JSON list; an InputError saying why otherwise.
kripke::Json cards_named(const kripke::clue::Rules& rules, const std::vector<std::string>& words,
                         const std::string& verb);

// The card a person who must answer `asker`'s suggestion shows, asked when it holds several
// of the suggested cards; none when `shower` is no person, holds one, or the input ended
// (its show policy then decides).
std::optional<int> person_shows(Seats& seats, const kripke::Play& play,
                                const kripke::clue::Rules& rules, kripke::Agent shower,
                                kripke::Agent asker, const std::vector<int>& suggestion,
                                const std::vector<int>& held);

}  // namespace kripkesim::play::card_table
