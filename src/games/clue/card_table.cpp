#include "games/clue/card_table.hpp"

#include "kripke/games/clue/suggestion.hpp"
#include "play/desk.hpp"

namespace kripkesim::play::card_table {

namespace cl = kripke::clue;

std::string view(const kripke::Play& play, kripke::Agent me, const cl::Rules& rules) {
  std::string s = "You are ";  // piece by piece: GCC 12's false -Wrestrict
  s += play.agent_name(me);
  s += ".\n  your hand:";
  const kripke::Json deal = play.deal();  // kept: a range over a temporary's part dangles
  for (const auto& card : deal["hands"][std::size_t(me)]) {
    s += ' ';
    s += card.get<std::string>();
  }
  for (const auto& category : rules.categories) {
    s += "\n  ";
    s += category.key;
    s += ":";
    for (const auto& card : category.cards) s += " " + card;
  }
  return s;
}

std::string suggestion_help(const cl::Rules& rules, kripke::Agent me, const std::string& verb) {
  std::string nouns, example;
  for (const auto& category : rules.categories) {
    nouns += (nouns.empty() ? "" : " ") + category.noun;
    example += " " + category.cards.front();
  }
  std::string asked;
  for (kripke::Agent j : cl::ask_order(rules, me))
    asked += (asked.empty() ? "" : ", ") + std::to_string(j + 1);
  std::string s = "  " + verb + " ";
  s += nouns;
  s += "   one card of each kind, e.g. " + verb;
  s += example;
  s += "\n    Asked in turn: player";
  s += asked.find(',') == std::string::npos ? " " : "s ";
  s += asked;
  s += "; the first who holds a suggested card shows you one, privately.";
  return s;
}

kripke::Json cards_named(const cl::Rules& rules, const std::vector<std::string>& words,
                         const std::string& verb) {
  const auto& cats = rules.categories;
  if (words.size() != cats.size() + 1) {
    std::string nouns;
    for (const auto& c : cats) nouns += " " + c.noun;
    throw kripke::InputError(verb + " names one card of each kind:" + nouns);
  }
  kripke::Json cards = kripke::Json::array();
  for (std::size_t k = 1; k < words.size(); ++k)
    cards.push_back(complete(words[k], rules.card_names, "card"));
  std::vector<bool> named(cats.size(), false);
  for (const auto& name : cards) {
    const int category = rules.card_category[*rules.find_card(name.get<std::string>())];
    if (named[std::size_t(category)])
      throw kripke::InputError("two " + cats[std::size_t(category)].noun + "s: " + verb +
                               " names one card of each kind");
    named[std::size_t(category)] = true;
  }
  return cards;
}

std::optional<int> person_shows(Seats& seats, const kripke::Play& play, const cl::Rules& rules,
                                kripke::Agent shower, kripke::Agent asker,
                                const std::vector<int>& suggestion, const std::vector<int>& held) {
  // With one suggested card in hand there is nothing to choose.
  if (!seats.is_person(shower) || held.size() < 2) return std::nullopt;
  std::vector<std::string> names;
  for (int card : held) names.push_back(rules.card_names[std::size_t(card)]);
  std::string question = play.agent_name(asker);
  question += " suggests ";
  question += cl::card_list(rules, suggestion, " and ");
  question += ". You hold ";
  question += cl::card_list(rules, held, " and ");
  question += ": which do you show ";
  question += play.agent_name(asker);
  question += "?";
  const std::optional<std::string> chosen = seats.choose(shower, question, names);
  if (!chosen) return std::nullopt;
  return *rules.find_card(*chosen);
}

}  // namespace kripkesim::play::card_table
