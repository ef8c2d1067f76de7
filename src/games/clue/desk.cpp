#include "games/clue/desk.hpp"

#include <algorithm>
#include <numeric>
#include <string>

#include "games/clue/card_table.hpp"
#include "kripke/games/clue/info_gain.hpp"
#include "kripke/games/clue/outlook.hpp"
#include "kripke/games/clue/render.hpp"
#include "kripke/games/clue/suggestion.hpp"

namespace kripkesim::play {

namespace cl = kripke::clue;

namespace {

std::string percent(std::size_t part, std::size_t whole) {
  return std::to_string((200 * part + whole) / (2 * whole)) + "%";
}

}  // namespace

std::string ClueDesk::view(kripke::Agent me) const { return card_table::view(play_, me, rules()); }

std::string ClueDesk::moves_help(kripke::Agent me) const {
  return card_table::suggestion_help(rules(), me, "suggest");
}

kripke::Json ClueDesk::read_move(kripke::Agent, const std::vector<std::string>& words) const {
  return {{"cards", card_table::cards_named(rules(), words, "suggest")}};
}

std::string ClueDesk::hint(kripke::Agent me) const {
  const cl::Tables& t = clue_.tables();
  const cl::Outlook view = cl::outlook(t, clue_.model(), me);
  const std::vector<kripke::Agent> order = cl::ask_order(rules(), me);
  const cl::SuggestionScores scores = cl::suggestion_scores(t, view, order);
  std::vector<std::size_t> ranked(cl::suggestion_count(rules()));
  std::iota(ranked.begin(), ranked.end(), 0);
  std::stable_sort(ranked.begin(), ranked.end(), [&](std::size_t a, std::size_t b) {
    return scores.weighted_entropy[a] < scores.weighted_entropy[b];
  });
  // Piece by piece throughout: GCC 12's false -Wrestrict on "literal" + std::string&&.
  std::string s = "  hints for ";
  s += play_.agent_name(me);
  s += " (";
  s += std::to_string(view.deals.size());
  s += " deals possible; how often each answer comes, counting your possible deals alike, and "
       "the expected information about the envelope)\n    ";
  s += cl::pad_right("suggestion", 28);
  s += cl::pad_right("nobody shows", 14);
  for (kripke::Agent j : order) s += cl::pad_right(play_.agent_name(j) + " shows", 17);
  s += "bits";
  const std::size_t listed = std::min<std::size_t>(10, ranked.size());
  for (std::size_t k = 0; k < listed; ++k) {
    const std::vector<int> cards = cl::nth_suggestion(rules(), ranked[k]);
    std::vector<std::size_t> outcome(order.size() + 1, 0);
    for (cl::DealIndex d : view.deals)
      ++outcome[std::size_t(cl::responder(t, d, cl::card_mask(cards), order).position + 1)];
    s += "\n    ";
    s += cl::pad_right(cl::card_list(rules(), cards, " and "), 28);
    s += cl::pad_right(percent(outcome[0], view.deals.size()), 14);
    for (std::size_t j = 0; j < order.size(); ++j)
      s += cl::pad_right(percent(outcome[j + 1], view.deals.size()), 17);
    s += std::to_string(scores.bits(ranked[k])).substr(0, 5);
  }
  if (ranked.size() > listed) {
    s += "\n    (the best ";
    s += std::to_string(listed);
    s += " of ";
    s += std::to_string(ranked.size());
    s += ")";
  }
  return s;
}

std::string ClueDesk::table(kripke::Agent me) const {
  const cl::Tables& t = clue_.tables();
  const cl::Outlook view = cl::outlook(t, clue_.model(), me);
  const std::size_t total = view.deals.size();
  std::string s = "  what ";  // piece by piece: GCC 12's false -Wrestrict
  s += play_.agent_name(me);
  s += " knows (";
  s += std::to_string(total);
  s += " deals possible; where each card may be, in how many of them):";
  for (int card = 0; card < rules().card_count(); ++card) {
    std::vector<std::size_t> at(std::size_t(rules().players) + 1, 0);
    for (cl::DealIndex d : view.deals) ++at[std::size_t(t.place_of(d, card))];
    s += "\n    ";
    s += cl::pad_right(rules().card_names[std::size_t(card)], 10);
    for (std::size_t place = 0; place < at.size(); ++place) {
      if (!at[place]) continue;
      s += "  ";
      s += cl::place_name(rules(), int(place));
      s += ' ';
      s += at[place] == total ? std::string("(K)") : percent(at[place], total);
    }
  }
  return s + "\n    ((K): you know the card is there)";
}

void ClueDesk::seat_people(Seats& seats) {
  clue_.set_person_shows([this, &seats](kripke::Agent answerer, kripke::Agent asker,
                                        const std::vector<int>& suggestion,
                                        const std::vector<int>& held) {
    return card_table::person_shows(seats, play_, rules(), answerer, asker, suggestion, held);
  });
}

}  // namespace kripkesim::play
