#include "games/muddy/desk.hpp"

#include <string>

#include "kripke/formula_parser.hpp"

namespace kripkesim::play {

bool MuddyDesk::is_muddy(kripke::Agent child) const {
  return play_.knowledge(child).value("muddy", false);
}

std::string MuddyDesk::view(kripke::Agent me) const {
  std::string s = "You are ";  // piece by piece: GCC 12's false -Wrestrict
  s += play_.agent_name(me);
  s += ". You see:";
  for (std::size_t i = 0; i < play_.model().agent_count(); ++i) {
    if (kripke::Agent(i) == me) continue;
    s += ' ';
    s += play_.agent_name(kripke::Agent(i));
    s += is_muddy(kripke::Agent(i)) ? " muddy," : " clean,";
  }
  s.back() = '.';
  s += " Your own forehead you cannot see.";
  return s;
}

std::string MuddyDesk::moves_help(kripke::Agent) const {
  return "  Nobody moves: the father asks, after his announcement and after every round, "
         "whether you know\n  whether you are muddy. Answer muddy (you know you are), clean "
         "(you know you are not) or no\n  (you cannot know yet). A guess, or no when you could "
         "know, is wrong.";
}

kripke::Json MuddyDesk::read_move(kripke::Agent, const std::vector<std::string>&) const {
  throw kripke::InputError("the children do not move: answer the father's question");
}

std::string MuddyDesk::hint(kripke::Agent me) const {
  std::string s =
      "  Every child sees the others' foreheads. After the father's announcement, a "
      "child who sees\n  no muddy forehead knows it is muddy; after k rounds in "
      "which nobody knew, a child who sees\n  k muddy foreheads knows it is muddy "
      "too. You see ";
  int seen = 0;
  for (std::size_t i = 0; i < play_.model().agent_count(); ++i)
    if (kripke::Agent(i) != me && is_muddy(kripke::Agent(i))) ++seen;
  s += std::to_string(seen);
  s += seen == 1 ? " muddy forehead." : " muddy foreheads.";
  return s;
}

std::string MuddyDesk::table(kripke::Agent me) const {
  const std::string i = std::to_string(me + 1);
  const bool muddy_everywhere = play_.holds(*kripke::parse_formula("K" + i + " muddy(" + i + ")"));
  const bool clean_everywhere = play_.holds(*kripke::parse_formula("K" + i + " ~muddy(" + i + ")"));
  std::string s = "  You consider ";
  s += kripke::to_string(play_.possible_count(me));
  s += " worlds possible; ";
  s += muddy_everywhere   ? "in all of them you are muddy."
       : clean_everywhere ? "in all of them you are clean."
                          : "in some you are muddy, in some clean.";
  return s;
}

void MuddyDesk::between_turns(Seats& seats) {
  const ClaimQuestion question = {
      "The father asks: do you know whether you are muddy? (muddy, clean or no)",
      {"muddy", "clean", "no"}};
  ask_claims(
      seats, [&](kripke::Agent) { return question; },
      [&](kripke::Agent child, const std::string& answer) {
        const bool knows = play_.has_won(child);
        const bool muddy = is_muddy(child);
        ClaimVerdict v;
        v.right = answer == "no" ? !knows : knows && (answer == "muddy") == muddy;
        v.said = play_.agent_name(child);
        v.said += answer == "no" ? " does not know yet" : " steps forward: " + answer;
        v.claim = answer;
        if (answer == "no") {
          v.why = knows ? "you could know: in every world you consider possible you are "
                        : "you cannot know yet.";
          if (knows) v.why += muddy ? "muddy." : "clean.";
        } else if (!knows) {
          v.why = "a guess: you still consider it possible that you are ";
          v.why += muddy ? "clean." : "muddy.";
        } else {
          v.why = v.right ? "you know it." : "you knew the opposite.";
        }
        return v;
      });
}

}  // namespace kripkesim::play
