#include "games/nine_card/desk.hpp"

#include <string>

#include "kripke/games/nine_card/cards.hpp"
#include "kripke/games/nine_card/render.hpp"

namespace kripkesim::play {

namespace nc = kripke::nine_card;

std::vector<std::string> NineCardDesk::question_ids(kripke::Agent me) const {
  std::vector<std::string> ids;
  for (int q : nine_.question_hand(me)) ids.push_back(nc::questions()[std::size_t(q)].id);
  return ids;
}

std::vector<std::string> NineCardDesk::targets(kripke::Agent me) const {
  std::vector<std::string> out;
  for (int p = 1; p <= nine_.rules().players; ++p)
    if (p != me + 1) out.push_back(std::to_string(p));
  return out;
}

std::string NineCardDesk::view(kripke::Agent me) const {
  const kripke::Json deal = nine_.deal();
  const auto cards = [](const kripke::Json& list) {
    std::string s;
    for (const auto& c : list) {
      if (!s.empty()) s += ' ';
      s += c.get<std::string>();
    }
    return s.empty() ? std::string("none") : s;
  };
  // Piece by piece: GCC 12's false -Wrestrict on "literal" + std::string temporaries.
  std::string s = "You are ";
  s += nc::player_name(me);
  s += ".\n  your cards: ";
  s += cards(deal["hands"][std::size_t(me)]);
  s += "\n  open cards: ";
  s += cards(deal["open"]);
  s += "\n  your question cards:";
  for (int q : nine_.question_hand(me)) {
    const nc::Question& question = nc::questions()[std::size_t(q)];
    s += "\n    " + question.id + "  " + question.text;
  }
  return s;
}

std::string NineCardDesk::moves_help(kripke::Agent me) const {
  std::string players, ids;
  for (const auto& t : targets(me)) players += (players.empty() ? "" : " or ") + t;
  for (const auto& q : question_ids(me)) ids += (ids.empty() ? "" : ", ") + q;
  return "  ask PLAYER QUESTION   ask another player about its cards, e.g. ask " +
         targets(me).front() + " " + question_ids(me).front() + "\n    PLAYER: " + players +
         "; QUESTION: one of your question cards (" + ids +
         "), or the start of one\n    The answer is announced to everyone; you then draw a new "
         "question card.";
}

kripke::Json NineCardDesk::read_move(kripke::Agent me,
                                     const std::vector<std::string>& words) const {
  if (words.size() != 3)
    throw kripke::InputError("ask takes a player and one of your question cards: ask " +
                             targets(me).front() + " " + question_ids(me).front());
  if (words[1] == std::to_string(me + 1)) throw kripke::InputError("you cannot ask yourself");
  const std::string target = complete(words[1], targets(me), "player");
  const std::string question = complete(words[2], question_ids(me), "question card in your hand");
  return {{"player", me + 1}, {"target", std::stoi(target)}, {"question", question}};
}

std::string NineCardDesk::hint(kripke::Agent me) const {
  if (me != nine_.current_player()) return "  hints are for the player whose turn it is";
  return nc::hints_text(nine_.hints());
}

std::string NineCardDesk::table(kripke::Agent me) const {
  return nc::knowledge_text(nine_.knowledge_of(me), nine_.rules());
}

}  // namespace kripkesim::play
