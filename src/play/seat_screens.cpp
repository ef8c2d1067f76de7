#include "play/seat_screens.hpp"

namespace kripkesim::play {

void SeatScreens::emit(const kripke::Event& event) {
  if (!desk_) return;
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
