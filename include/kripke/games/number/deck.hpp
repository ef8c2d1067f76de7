// The shuffled question deck: drawn from the top, reshuffled when empty. It has its own
// generator so that its order depends only on the seed it is given (see NumberGame).
#pragma once

#include <cstdint>
#include <vector>

#include "kripke/rng.hpp"

namespace kripke::number {

class Deck {
 public:
  Deck(std::vector<int> cards, std::uint64_t seed) : order_(std::move(cards)), rng_(seed) {
    rng_.shuffle(order_);
  }

  // The top card, which goes; the last card reshuffles the deck at once, so that the new top
  // card can be seen (a person's turn shows it before it is drawn).
  int draw() {
    const int card = order_[next_++];
    if (next_ == order_.size()) {
      rng_.shuffle(order_);
      next_ = 0;
    }
    return card;
  }
  int top() const { return order_[next_]; }

  // The deck's cards from the top, including the ones already drawn since the last shuffle.
  const std::vector<int>& order() const { return order_; }

 private:
  std::vector<int> order_;
  Rng rng_;
  std::size_t next_ = 0;
};

}  // namespace kripke::number
