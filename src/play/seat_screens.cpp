#include "play/seat_screens.hpp"

namespace kripkesim::play {

void SeatScreens::emit(const kripke::Event& event) {
  if (!desk_) return;
  const std::string kind = event.record.is_object() ? event.record.value("event", "") : "";
  if (kind == "win" || kind == "end") {
    endings_.push_back(event);
    return;
  }
  show(event);
}

void SeatScreens::release_endings() {
  std::vector<kripke::Event> held;
  held.swap(endings_);
  for (const kripke::Event& event : held) show(event);
}

void SeatScreens::show(const kripke::Event& event) {
  for (kripke::Agent seat : seats_) {
    std::string text = desk_->shown(event, seat);
    if (text.empty()) continue;
    backlog_[seat] += text + "\n";
    history_[seat].push_back(std::move(text));
  }
}

std::string SeatScreens::take_backlog(kripke::Agent seat) {
  std::string out;
  out.swap(backlog_[seat]);
  return out;
}

}  // namespace kripkesim::play
