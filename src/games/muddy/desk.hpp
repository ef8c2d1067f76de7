// The muddy children at a seat: the person is a child who sees every forehead but its own.
// Nobody moves; after the father's announcement and after every round the father asks
// "do you know whether you are muddy?", and the person answers muddy, clean or no — before
// seeing whether the others step forward. An answer is right when it says exactly what the
// child knows: "no" while it cannot know yet, "muddy" or "clean" once it knows, and truly.
// A guess, or "no" while it could know, is wrong, and the child is not asked again; the
// game goes on as the model says (the other children reason perfectly), to its end. Each
// answer is logged as the child's move, with "claim" and "right".
#pragma once

#include "kripke/games/muddy/muddy.hpp"
#include "play/desk.hpp"

namespace kripkesim::play {

class MuddyDesk final : public Desk {
 public:
  explicit MuddyDesk(const kripke::muddy::MuddyPlayBase& play) : Desk(play) {}

  std::optional<kripke::Agent> to_move() const override { return std::nullopt; }
  std::vector<std::string> verbs() const override { return {}; }
  std::string view(kripke::Agent me) const override;
  std::string moves_help(kripke::Agent me) const override;
  kripke::Json read_move(kripke::Agent me, const std::vector<std::string>& words) const override;
  std::string hint(kripke::Agent me) const override;
  std::string table(kripke::Agent me) const override;
  void between_turns(Seats& seats) override;

 private:
  bool is_muddy(kripke::Agent child) const;
};

}  // namespace kripkesim::play
