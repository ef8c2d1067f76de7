#include "games/sleuth/desk.hpp"

#include <algorithm>
#include <cctype>
#include <numeric>
#include <set>
#include <string>

#include "kripke/games/sleuth/knowledge_base.hpp"
#include "kripke/games/sleuth/strategies.hpp"
#include "kripke/games/sleuth/text.hpp"

namespace kripkesim::play {

namespace sl = kripke::sleuth;

std::vector<std::string> SleuthDesk::others(kripke::Agent me) const {
  std::vector<std::string> out;
  for (int p = 1; p <= sleuth_.players(); ++p)
    if (p != me + 1) out.push_back(std::to_string(p));
  return out;
}

std::string SleuthDesk::view(kripke::Agent me) const {
  const kripke::Json deal = sleuth_.deal();
  const sl::Tables& t = sleuth_.tables();
  std::string s = "You are ";  // piece by piece: GCC 12's false -Wrestrict
  s += play_.agent_name(me);
  s += ".\n  your gems:";
  for (const auto& gem : deal["hands"][std::size_t(me)]) {
    s += ' ';
    s += gem.get<std::string>();
  }
  s += "\n  your question cards:";
  for (int card : sleuth_.question_hand(me)) {
    const sl::QuestionCard& c = t.question_cards[std::size_t(card)];
    s += "\n    ";
    s += c.label();
    s += "  ";
    s += c.free ? "any question of one or two properties" : c.question.text();
  }
  return s;
}

std::string SleuthDesk::moves_help(kripke::Agent me) const {
  std::string players;
  for (const auto& p : others(me)) players += (players.empty() ? "" : ", ") + p;
  std::string s = "  ask PLAYER QUESTION   ask a player for its gems with a question, e.g. ask ";
  s += others(me).front();
  s += " RD*\n    PLAYER: ";
  s += players;
  s += "; QUESTION: one letter or * per property, colour (RGYB), type (DOP), quantity (SPC),\n"
       "    one or two of them named (RD* = Red Diamond, *PC = Pearl Cluster; RD stands for "
       "RD*),\n    on one of your question cards or on a free-choice card. The player shows you "
       "its matching gems, privately.";
  return s;
}

kripke::Json SleuthDesk::read_move(kripke::Agent me, const std::vector<std::string>& words) const {
  if (words.size() != 3)
    throw kripke::InputError("ask takes a player and a question: ask " + others(me).front() +
                             " RD*");
  if (words[1] == std::to_string(me + 1)) throw kripke::InputError("you cannot ask yourself");
  const int asked = std::stoi(complete(words[1], others(me), "player")) - 1;
  std::string code = words[2];
  for (char& c : code) c = char(std::toupper(static_cast<unsigned char>(c)));
  if (code.size() < std::size_t(sl::kDimensions)) code.resize(std::size_t(sl::kDimensions), '*');
  const sl::Question q = sl::parse_question(code, "");
  const sl::Tables& t = sleuth_.tables();
  const std::string asked_for = q.code();
  if (!t.deck.in_play(q))
    throw kripke::InputError("question " + asked_for +
                             " names a property that is not in this deck");
  const int question = t.question_index(q);
  const auto options = sleuth_.options_for(me);
  if (std::none_of(options.begin(), options.end(),
                   [&](const sl::Option& o) { return o.question == question; }))
    throw kripke::InputError("you hold no question card for " + asked_for +
                             " (and no free-choice card)");
  return {{"asked", asked + 1}, {"question", q.code()}};
}

std::string SleuthDesk::hint(kripke::Agent me) const {
  const sl::Tables& t = sleuth_.tables();
  const sl::Mind& mind = sleuth_.mind(me);
  const std::vector<sl::Option> options = sleuth_.options_for(me);
  const std::vector<double> bits = sl::info_gain_scores(mind, options, t.matches);
  // One line per (question, player): printed and free-choice cards ask the same.
  std::vector<std::size_t> order(options.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return bits[a] > bits[b]; });
  std::string s = "  hints for ";
  s += play_.agent_name(me);
  s += " (";
  s += kripke::to_string(mind.exact().possible_worlds());
  s += " deals possible; the expected information about the hidden gem, exact):";
  std::set<std::pair<int, int>> listed;
  for (std::size_t k : order) {
    const sl::Option& o = options[k];
    if (!listed.insert({o.question, o.asked}).second) continue;
    if (listed.size() > 10) break;
    s += "\n    ";
    s += sleuth_.option_text(o);
    s += o.free ? " (free card): " : ": ";
    s += std::to_string(bits[k]).substr(0, 5);
    s += " bits";
  }
  return s;
}

std::string SleuthDesk::table(kripke::Agent me) const {
  const sl::Tables& t = sleuth_.tables();
  const sl::Mind& mind = sleuth_.mind(me);
  std::string s = sl::score_sheet(t.deck, mind, "  ");
  s += '\n';
  s += sl::knowledge_base_text(t.deck, sl::knowledge_base(t.deck, mind, sleuth_.players()), me);
  return s;
}

}  // namespace kripkesim::play
