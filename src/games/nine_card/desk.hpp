// The nine-card game at a seat: the person sees its gem cards, the open cards and its
// question cards, asks with `ask PLAYER QUESTION`, and may see the knowledge table and the
// hint table the original program showed the player whose turn it was.
#pragma once

#include "kripke/games/nine_card/play.hpp"
#include "play/desk.hpp"

namespace kripkesim::play {

class NineCardDesk final : public Desk {
 public:
  explicit NineCardDesk(const kripke::nine_card::NineCardPlay& play) : Desk(play), nine_(play) {}

  std::optional<kripke::Agent> to_move() const override { return nine_.current_player(); }
  std::vector<std::string> verbs() const override { return {"ask"}; }
  std::string view(kripke::Agent me) const override;
  std::string moves_help(kripke::Agent me) const override;
  kripke::Json read_move(kripke::Agent me, const std::vector<std::string>& words) const override;
  std::string hint(kripke::Agent me) const override;
  std::string table(kripke::Agent me) const override;

 private:
  std::vector<std::string> question_ids(kripke::Agent me) const;
  std::vector<std::string> targets(kripke::Agent me) const;

  const kripke::nine_card::NineCardPlay& nine_;
};

}  // namespace kripkesim::play
