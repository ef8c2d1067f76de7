#include "games/cluedo/desk.hpp"

#include <string>

#include "assist/notebook_report.hpp"
#include "games/clue/card_table.hpp"
#include "kripke/games/clue/suggestion.hpp"

namespace kripkesim::play {

std::vector<std::string> CluedoDesk::player_names() const {
  std::vector<std::string> names;
  for (kripke::Agent p = 0; p < rules().players; ++p) names.push_back(play_.agent_name(p));
  return names;
}

std::string CluedoDesk::view(kripke::Agent me) const {
  std::string s = card_table::view(play_, me, rules());
  for (kripke::Agent p = 0; p < rules().players; ++p)
    if (cluedo_.is_out(p)) s += "\n  " + play_.agent_name(p) + " is out (a wrong accusation)";
  return s;
}

std::string CluedoDesk::moves_help(kripke::Agent me) const {
  return card_table::suggestion_help(rules(), me, "suggest") +
         "\n    After the answer you are asked whether to accuse.\n"
         "  accuse suspect weapon room   accuse at once, instead of suggesting: right wins the "
         "game,\n    wrong puts you out (you still show cards).";
}

kripke::Json CluedoDesk::read_move(kripke::Agent, const std::vector<std::string>& words) const {
  if (words.front() == "accuse")
    return {{"accuse", card_table::cards_named(rules(), words, "accuse")}};
  return {{"cards", card_table::cards_named(rules(), words, "suggest")}};
}

std::string CluedoDesk::hint(kripke::Agent me) const {
  const kripke::cluedo::Notebook& notebook = cluedo_.notebook(me);
  return assist::suggestion_advice(rules(), notebook) + "\n" +
         assist::envelope_odds(rules(), notebook, 5);
}

std::string CluedoDesk::table(kripke::Agent me) const {
  return assist::notebook_grid(rules(), cluedo_.notebook(me), player_names());
}

void CluedoDesk::seat_people(Seats& seats) {
  cluedo_.set_person_shows([this, &seats](kripke::Agent shower, kripke::Agent asker,
                                          const std::vector<int>& suggestion,
                                          const std::vector<int>& held) {
    return card_table::person_shows(seats, play_, rules(), shower, asker, suggestion, held);
  });
  cluedo_.set_person_accuses(
      [this, &seats](kripke::Agent asker) -> std::optional<std::vector<int>> {
        const std::optional<std::string> decision = seats.choose(
            asker, "Accuse now? (accuse or pass; table and hint help)", {"accuse", "pass"});
        if (!decision || *decision == "pass") return std::nullopt;
        std::vector<int> cards;
        for (const auto& category : rules().categories) {
          const std::optional<std::string> card =
              seats.choose(asker, "Which " + category.noun + "?", category.cards);
          if (!card) return std::nullopt;
          cards.push_back(*rules().find_card(*card));
        }
        return cards;
      });
}

}  // namespace kripkesim::play
