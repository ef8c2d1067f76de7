// Cluedo at a seat: the person sees its hand, suggests with `suggest SUSPECT WEAPON ROOM`
// and may then accuse, or accuses at once with `accuse SUSPECT WEAPON ROOM`; chooses which
// card to show when it must answer; `table` is its notebook (where each card may be, with
// probabilities, as `kripkesim assist` shows it) and `hint` the info-gain agent's ranking of
// suggestions with the most likely envelopes. A wrong accusation puts the person out: it
// still shows cards.
#pragma once

#include "kripke/games/cluedo/play.hpp"
#include "play/desk.hpp"

namespace kripkesim::play {

class CluedoDesk final : public Desk {
 public:
  explicit CluedoDesk(kripke::cluedo::CluedoPlay& play) : Desk(play), cluedo_(play) {}

  std::optional<kripke::Agent> to_move() const override { return cluedo_.next_asker(); }
  std::vector<std::string> verbs() const override { return {"suggest", "accuse"}; }
  std::string view(kripke::Agent me) const override;
  std::string moves_help(kripke::Agent me) const override;
  kripke::Json read_move(kripke::Agent me, const std::vector<std::string>& words) const override;
  std::string hint(kripke::Agent me) const override;
  std::string table(kripke::Agent me) const override;
  void seat_people(Seats& seats) override;

 private:
  const kripke::cluedo::Rules& rules() const { return cluedo_.rules(); }
  std::vector<std::string> player_names() const;

  kripke::cluedo::CluedoPlay& cluedo_;
};

}  // namespace kripkesim::play
