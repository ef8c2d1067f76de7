// What's My Number? at a seat: the person sees the other players' boards, never its own.
// In its turn it answers the top question card about what it sees (`answer yes`); under
// Kooi's Choice it picks the card from the deck first (`answer 11 yes`). Answers are
// truthful: an untrue one is refused. After every turn the person is asked whether it
// knows its numbers and types them (`2,4`) or `no`, before anyone is seen to win; the
// claim is right when it says exactly what the player knows, as with the muddy children.
// A wrong claim is logged and the person is not asked again; the game goes on as the
// model says. Each claim is logged as the player's move, with "claim" and "right".
#pragma once

#include "kripke/games/number/play.hpp"
#include "play/desk.hpp"

namespace kripkesim::play {

class NumberDesk final : public Desk {
 public:
  explicit NumberDesk(kripke::number::NumberPlay& play) : Desk(play), number_(play) {}

  std::optional<kripke::Agent> to_move() const override { return number_.next_player(); }
  void ask_within_turns(std::function<void()> ask) override {
    number_.ask_after_answers(std::move(ask));
  }
  // "yes" and "no" alone answer the card drawn (answer yes, answer no).
  std::vector<std::string> verbs() const override { return {"answer", "yes", "no"}; }
  std::string view(kripke::Agent me) const override;
  std::string turn_prompt(kripke::Agent me) const override;
  std::string moves_help(kripke::Agent me) const override;
  kripke::Json read_move(kripke::Agent me, const std::vector<std::string>& words) const override;
  std::string hint(kripke::Agent me) const override;
  std::string table(kripke::Agent me) const override;
  void between_turns(Seats& seats) override;

 private:
  bool picks() const;  // Kooi's Choice: the person picks the card
  // The boards `me` may hold (alive worlds of its class at the actual world), in world order.
  std::vector<kripke::number::Board> possible_boards(kripke::Agent me) const;
  // Every board `me` might hold, judging by what it sees alone: the answers it may give.
  std::vector<std::string> conceivable_boards(kripke::Agent me) const;

  kripke::number::NumberPlay& number_;
  int asked_turn_ = -1;  // the turn whose question was put (within it, or after it)
};

}  // namespace kripkesim::play
