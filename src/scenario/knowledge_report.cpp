#include "scenario/knowledge_report.hpp"

#include <fmt/format.h>

namespace kripkesim {

std::string knowledge_lines(const kripke::Play& play, const UserFormula* phi,
                            const std::string& indent) {
  std::string out;
  for (std::size_t i = 0; i < play.model().agent_count(); ++i) {
    const auto agent = kripke::Agent(i);
    const kripke::BigCount possible = play.possible_count(agent);
    out += fmt::format("{}{}: {} possible world{}", indent, play.agent_name(agent),
                       kripke::to_string(possible), possible == 1 ? "" : "s");
    // An agent whose relation, over the worlds still possible, is not an equivalence
    // believes rather than knows.
    const bool believes = play.enumerates_worlds() && !play.model().equivalence_over_alive(agent);
    if (phi)
      out += fmt::format(", {} the formula: {}", believes ? "believes" : "knows",
                         play.holds(*kripke::f::knows(agent, phi->formula)) ? "yes" : "no");
    if (play.has_goal()) out += fmt::format(", has won: {}", play.has_won(agent) ? "yes" : "no");
    out += "\n";
  }
  return out;
}

}  // namespace kripkesim
