// What a seat at a Clue or Cluedo table sees beyond the shared view (seat_view.hpp): the
// suggestion and who answered it, and of a card shown to another player who showed it to
// whom and that it is one of the suggested cards, never which.
#pragma once

#include <string>
#include <vector>

#include "kripke/events.hpp"
#include "kripke/types.hpp"

namespace kripke::clue {

// The public fields of a suggestion's move record (the card shown is added for the two
// players who saw it).
inline std::vector<std::string> card_move_fields() {
  return {"suggestion", "asked", "passed", "shown_by", "accusation"};
}

// `view`: the shared view of `event` for seat `me`, adjusted in place.
inline void card_seat_view(const Event& event, Agent me, LogRecord& view) {
  const LogRecord& r = event.record;
  if (!r.is_object()) return;
  const std::string kind = r.value("event", "");
  if (kind == "move") {
    const auto shown = r.find("shown");
    if (shown != r.end() &&
        (r.value("agent", 0) == me + 1 || r.value("shown_by", LogRecord()) == me + 1))
      view["shown"] = *shown;
    return;
  }
  if (kind != "update" || r.value("kind", "") != "action" || view.contains("text")) return;
  // An action whose audience the seat is not in: "SHOWER shows ASKER CARD; ... holds A, B or
  // C" is seen as "SHOWER shows ASKER one of A, B or C".
  const std::string text = r.value("text", "");
  const auto card = text.rfind(' ', text.find("; "));
  const auto held = text.rfind(" holds ");
  if (card == std::string::npos || held == std::string::npos) return;
  view["screen"] = "  [you see] " + text.substr(0, card) + " one of " + text.substr(held + 7);
}

}  // namespace kripke::clue
