// What each person at the table has been shown: the events of the play filtered through the
// desk (desk.hpp) for each seat, kept as a backlog (what happened since the person last sat
// down, shown when it is their turn again) and a history (everything, for `history`).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "kripke/events.hpp"
#include "play/desk.hpp"

namespace kripkesim::play {

class SeatScreens final : public kripke::EventSink {
 public:
  // The seats and the desk are known once the play exists, after the sink is attached to
  // it (the play emits nothing before its start).
  void seat(std::vector<kripke::Agent> seats, const Desk& desk) {
    seats_ = std::move(seats);
    desk_ = &desk;
  }

  void emit(const kripke::Event& event) override;
  // A screen shows each seat its own count of possible worlds, never relation counts.
  bool reads_relations() const override { return false; }

  // What `seat` has not seen yet, emptied.
  std::string take_backlog(kripke::Agent seat);
  const std::vector<std::string>& history(kripke::Agent seat) { return history_[seat]; }

 private:
  std::vector<kripke::Agent> seats_;
  const Desk* desk_ = nullptr;
  std::map<kripke::Agent, std::string> backlog_;
  std::map<kripke::Agent, std::vector<std::string>> history_;
};

}  // namespace kripkesim::play
