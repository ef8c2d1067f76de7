// Sleuth at a seat: the person sees its gem cards and question cards, asks with
// `ask PLAYER QUESTION` (a question pattern such as RD* or *PC; RD stands for RD*), and may
// see its score sheet and knowledge base (`table`) and the expected information of every
// question it could ask now (`hint`, computed exactly as the info-gain agent does).
#pragma once

#include "kripke/games/sleuth/play.hpp"
#include "play/desk.hpp"

namespace kripkesim::play {

class SleuthDesk final : public Desk {
 public:
  explicit SleuthDesk(const kripke::sleuth::SleuthPlay& play) : Desk(play), sleuth_(play) {}

  std::optional<kripke::Agent> to_move() const override {
    return kripke::Agent(sleuth_.next_asker());
  }
  std::vector<std::string> verbs() const override { return {"ask"}; }
  std::string view(kripke::Agent me) const override;
  std::string moves_help(kripke::Agent me) const override;
  kripke::Json read_move(kripke::Agent me, const std::vector<std::string>& words) const override;
  std::string hint(kripke::Agent me) const override;
  std::string table(kripke::Agent me) const override;

 private:
  std::vector<std::string> others(kripke::Agent me) const;

  const kripke::sleuth::SleuthPlay& sleuth_;
};

}  // namespace kripkesim::play
