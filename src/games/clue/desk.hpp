// Clue at a seat: the person sees its hand, suggests with `suggest WEAPON SUSPECT [ROOM]`,
// chooses which card to show when it must answer, and may see its own knowledge (where
// each card can still be, in how many of its possible deals) and a hint table (for each
// suggestion, who would show a card how often, and the expected information about the
// envelope, as the info-gain agent weighs it).
#pragma once

#include "kripke/games/clue/clue.hpp"
#include "play/desk.hpp"

namespace kripkesim::play {

class ClueDesk final : public Desk {
 public:
  explicit ClueDesk(kripke::clue::CluePlay& play) : Desk(play), clue_(play) {}

  std::optional<kripke::Agent> to_move() const override { return clue_.next_asker(); }
  std::vector<std::string> verbs() const override { return {"suggest"}; }
  std::string view(kripke::Agent me) const override;
  std::string moves_help(kripke::Agent me) const override;
  kripke::Json read_move(kripke::Agent me, const std::vector<std::string>& words) const override;
  std::string hint(kripke::Agent me) const override;
  std::string table(kripke::Agent me) const override;
  void seat_people(Seats& seats) override;

 private:
  const kripke::clue::Rules& rules() const { return clue_.tables().rules(); }

  kripke::clue::CluePlay& clue_;
};

}  // namespace kripkesim::play
