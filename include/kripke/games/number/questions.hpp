// The 18 question cards of What's My Number? (docs/games/number.md). A card is answered by one
// player about what that player sees: the boards of the other players, never its own.
// A board is a bitmask of numbers: bit n-1 set = number n is on the board.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <string>

namespace kripke::number {

using Board = std::uint16_t;  // numbers 1..16

// The boards one player sees (the other players' boards, in player order).
using SeenBoards = std::span<const Board>;

namespace seen {

inline constexpr Board kEven = 0xAAAA;    // 2, 4, 6, ...
inline constexpr Board kOdd = 0x5555;     // 1, 3, 5, ...
inline constexpr Board kTriple = 0x4924;  // 3, 6, 9, 12, 15

inline Board all(SeenBoards boards) {
  Board out = 0;
  for (Board b : boards) out |= b;
  return out;
}
inline int count(Board numbers) { return std::popcount(unsigned{numbers}); }
inline int sum(Board numbers) {
  int total = 0;
  for (int n = 1; numbers; ++n, numbers >>= 1) total += (numbers & 1U) ? n : 0;
  return total;
}
// Whether `numbers` holds a run of k consecutive numbers (k >= 1).
inline bool has_run(Board numbers, int k) {
  unsigned run = numbers;
  for (int step = 1; step < k; ++step) run &= unsigned{numbers} >> step;
  return run != 0;
}
// The spread of a board: largest minus smallest number (|a - b| for two numbers).
inline int spread(Board board) {
  if (!board) return 0;
  return (15 - std::countl_zero(board)) - std::countr_zero(board);
}
template <class Property>
bool any_board(SeenBoards boards, Property&& property) {
  return std::any_of(boards.begin(), boards.end(), property);
}
template <class Measure>
bool all_boards_equal(SeenBoards boards, Measure&& measure) {
  return std::all_of(boards.begin(), boards.end(),
                     [&](Board b) { return measure(b) == measure(boards.front()); });
}
// Some seen number a is a multiple of another seen number b >= 2.
inline bool has_divisible_pair(Board numbers) {
  for (int b = 2; b <= 16; ++b) {
    if (!((numbers >> (b - 1)) & 1U)) continue;
    for (int a = 2 * b; a <= 16; a += b)
      if ((numbers >> (a - 1)) & 1U) return true;
  }
  return false;
}

}  // namespace seen

struct Question {
  int number = 0;  // 1..18, as printed on the card
  const char* text = "";
  bool (*holds)(SeenBoards) = nullptr;
};

// The deck in card order. Card 1 asks about each board on its own (like cards 4, 5, 14
// and 15), cards 16-18 about all seen numbers together: read otherwise, cards 1 and 18
// would be the same question (docs/games/number.md).
inline const std::array<Question, 18>& question_cards() {
  using namespace seen;
  static const std::array<Question, 18> cards = {{
      {1, "Do you see a board with two consecutive numbers?",
       [](SeenBoards s) { return any_board(s, [](Board b) { return has_run(b, 2); }); }},
      {2, "Is the sum of the numbers you see less than 16?",
       [](SeenBoards s) { return sum(all(s)) < 16; }},
      {3, "Is the sum of the numbers you see more than 20?",
       [](SeenBoards s) { return sum(all(s)) > 20; }},
      {4, "Do you see at least one board with only even numbers?",
       [](SeenBoards s) { return any_board(s, [](Board b) { return (b & kOdd) == 0; }); }},
      {5, "Do you see at least one board with only odd numbers?",
       [](SeenBoards s) { return any_board(s, [](Board b) { return (b & kEven) == 0; }); }},
      {6, "Do you see only even numbers?", [](SeenBoards s) { return (all(s) & kOdd) == 0; }},
      {7, "Do you see only odd numbers?", [](SeenBoards s) { return (all(s) & kEven) == 0; }},
      {8, "Do you see more even than odd numbers?",
       [](SeenBoards s) { return count(all(s) & kEven) > count(all(s) & kOdd); }},
      {9, "Do you see more odd than even numbers?",
       [](SeenBoards s) { return count(all(s) & kOdd) > count(all(s) & kEven); }},
      {10, "Do you see as many odd as even numbers?",
       [](SeenBoards s) { return count(all(s) & kOdd) == count(all(s) & kEven); }},
      {11, "Do you see at least one multiple of 3?",
       [](SeenBoards s) { return count(all(s) & kTriple) >= 1; }},
      {12, "Do you see at least two multiples of 3?",
       [](SeenBoards s) { return count(all(s) & kTriple) >= 2; }},
      {13, "Do you see a number divisible by another number you see (not counting 1)?",
       [](SeenBoards s) { return has_divisible_pair(all(s)); }},
      {14, "Do all boards you see have the same sum?",
       [](SeenBoards s) { return all_boards_equal(s, sum); }},
      {15, "Do all boards you see have the same difference?",
       [](SeenBoards s) { return all_boards_equal(s, spread); }},
      {16, "Do you see four consecutive numbers?", [](SeenBoards s) { return has_run(all(s), 4); }},
      {17, "Do you see three consecutive numbers?",
       [](SeenBoards s) { return has_run(all(s), 3); }},
      {18, "Do you see two consecutive numbers?", [](SeenBoards s) { return has_run(all(s), 2); }},
  }};
  return cards;
}

inline constexpr int kQuestionCount = 18;

inline const Question& question(int number) { return question_cards().at(std::size_t(number - 1)); }

}  // namespace kripke::number
