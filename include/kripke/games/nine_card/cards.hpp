// The nine gem cards (R1 … B3) and the fifteen question cards of the 9-card
// Sleuth variant (docs/games/nine-card.md). Every question is "how many of your cards lie
// in the set M?": a "do you have G1" card is the set {G1} (answer 0 = no, 1 =
// yes), a "how many red" card the three red cards. So one rule answers every
// question: popcount(hand & M).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kripke::nine_card {

inline constexpr int kCards = 9;
inline constexpr int kQuestions = 15;

// A set of gem cards: bit c for card c, where c = 3 * colour + diamonds - 1.
using CardMask = std::uint16_t;

inline constexpr std::array<char, 3> kColourLetters = {'R', 'G', 'B'};
inline constexpr std::array<const char*, 3> kColourNames = {"red", "green", "blue"};

inline std::string card_name(int card) {
  return std::string(1, kColourLetters[std::size_t(card / 3)]) + char('1' + card % 3);
}

inline std::optional<int> parse_card(const std::string& name) {
  for (int card = 0; card < kCards; ++card)
    if (card_name(card) == name) return card;
  return std::nullopt;
}

inline std::string card_list(CardMask mask, const std::string& separator = " ") {
  std::string s;
  for (int card = 0; card < kCards; ++card)
    if ((mask >> card) & 1U) s += (s.empty() ? "" : separator) + card_name(card);
  return s;
}

inline std::string diamonds(int n) {
  return std::to_string(n) + (n == 1 ? " diamond" : " diamonds");
}

struct Question {
  std::string id;     // how it is named in configs, scripts, atoms and logs:
                      // "green", "d1", "G1"
  std::string text;   // how the card reads
  std::string label;  // a short form for tables
  CardMask mask = 0;
  bool is_have = false;  // a "do you have" card: answers read no / yes
};

// The deck in a fixed order: the six "how many" cards (1, 2, 3 diamonds, red,
// green, blue), then one "do you have" card per gem card, R1 … B3.
inline const std::vector<Question>& questions() {
  static const std::vector<Question> deck = [] {
    std::vector<Question> q;
    for (int d = 0; d < 3; ++d) {
      const CardMask same_diamonds = CardMask((1U | 1U << 3 | 1U << 6) << d);
      q.push_back({"d" + std::to_string(d + 1),
                   "How many of your cards have " + diamonds(d + 1) + "?",
                   "how many " + diamonds(d + 1) + "?", same_diamonds, false});
    }
    for (int colour = 0; colour < 3; ++colour) {
      const std::string name = kColourNames[std::size_t(colour)];
      q.push_back({name, "How many of your cards are " + name + "?", "how many " + name + "?",
                   CardMask(0b111U << (3 * colour)), false});
    }
    for (int card = 0; card < kCards; ++card)
      q.push_back({card_name(card), "Do you have " + card_name(card) + "?",
                   "have " + card_name(card) + "?", CardMask(1U << card), true});
    return q;
  }();
  return deck;
}

inline std::optional<int> parse_question(const std::string& id) {
  for (int k = 0; k < kQuestions; ++k)
    if (questions()[std::size_t(k)].id == id) return k;
  return std::nullopt;
}

inline std::string all_question_ids() {
  std::string s;
  for (const auto& q : questions()) s += (s.empty() ? "" : ", ") + q.id;
  return s;
}

// The answer of a player holding `hand` to question q.
inline int answer(int q, CardMask hand) {
  return std::popcount(unsigned(hand & questions()[std::size_t(q)].mask));
}

// The answers question q can have with hands of `hand_size` cards: 0 … largest.
inline int largest_answer(int q, int hand_size) {
  return std::min(std::popcount(unsigned(questions()[std::size_t(q)].mask)), hand_size);
}

inline std::string answer_name(int q, int a) {
  if (questions()[std::size_t(q)].is_have) return a ? "yes" : "no";
  return std::to_string(a);
}

// What an answer says, after the player's name: "holds 0 green cards", "holds 1
// card with 2 diamonds", "holds G1", "does not hold G1".
inline std::string answer_phrase(int q, int a) {
  const Question& question = questions()[std::size_t(q)];
  if (question.is_have) return (a ? "holds " : "does not hold ") + question.id;
  const std::string cards = a == 1 ? " card" : " cards";
  if (q < 3) return "holds " + std::to_string(a) + cards + " with " + diamonds(q + 1);
  return "holds " + std::to_string(a) + " " + question.id + cards;
}

}  // namespace kripke::nine_card
