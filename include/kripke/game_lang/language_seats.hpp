// What the desk (src/games/model/desk.cpp) needs of a play of a game written in the game
// language, on either engine: the rules and their moves, a seat's legal moves and what it
// observes and knows, what a move would tell it, and a way to let a seat choose.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

#include "kripke/deals.hpp"
#include "kripke/game_lang/game_rules.hpp"

namespace kripke::game_lang {

class LanguageSeats {
 public:
  virtual ~LanguageSeats() = default;

  virtual const GameRules& rules() const = 0;
  // Every move with its parameters bound; moves are indices into it.
  virtual const std::vector<MoveInstance>& instances() const = 0;
  // The moves of agent i legal now (their preconditions hold at the actual world).
  virtual std::vector<std::size_t> legal(Agent i) const = 0;
  // The values at the actual world of what agent i observes (it always knows them), by the
  // rules' names: {"S(a,b)": true, ...}.
  virtual Json observed(Agent i) const = 0;
  // The variables whose value is the same in every world agent i considers possible.
  virtual Json known_values(Agent i) const = 0;

  // What move k would leave agent i considering possible, by what it would see of it: for
  // each outcome, how many of the worlds it considers possible now would remain; and the
  // count it may expect, each world now equally likely (a world with several outcomes
  // divided between them).
  struct Outlook {
    std::vector<BigCount> worlds_left;  // per outcome, fewest first
    double expected_left = 0;
  };
  virtual Outlook outlook(Agent i, std::size_t k) const = 0;

  // A person's or a program's choice among the moves a player may make, for the players
  // seated (the desk connects it): asked in simultaneous rounds and when "any" turns draw
  // the player's move; none: the player's strategy chooses. (Round-robin turns go to the
  // seat as a person's move: person_move.)
  using SeatChoice =
      std::function<std::optional<std::size_t>(Agent, const std::vector<std::size_t>&)>;
  virtual void set_seat_choice(SeatChoice choose) = 0;
};

}  // namespace kripke::game_lang
