// Sleuth's cards (docs/games/sleuth.md): gem cards with three properties — colour, type, quantity —
// written by their initials (RDS = Red Diamond Solitaire), and the questions asked about
// them, written as a pattern with `*` for "any" (R** = Red, *PC = Pearl Cluster). The
// pattern keeps the letters unambiguous: P is Pearl as a type and Pair as a quantity.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kripke/errors.hpp"

namespace kripke::sleuth {

inline constexpr int kDimensions = 3;

struct Dimension {
  std::string_view key;      // the rules field listing which of its properties are in play
  std::string_view letters;  // initials, in canonical order
  std::array<std::string_view, 4> names;
};

inline constexpr std::array<Dimension, kDimensions> kDimensionTable = {{
    {"colours", "RGYB", {"Red", "Green", "Yellow", "Blue"}},
    {"types", "DOP", {"Diamond", "Opal", "Pearl", ""}},
    {"quantities", "SPC", {"Solitaire", "Pair", "Cluster", ""}},
}};

// A gem card: the index of its property in each dimension's canonical list.
struct Gem {
  std::array<int, kDimensions> value{};
};

// A question: per dimension a property index, or -1 for "any". One or two are set.
struct Question {
  std::array<int, kDimensions> value{-1, -1, -1};

  bool matches(const Gem& g) const {
    for (int d = 0; d < kDimensions; ++d)
      if (value[std::size_t(d)] >= 0 && value[std::size_t(d)] != g.value[std::size_t(d)])
        return false;
    return true;
  }
  int elements() const {
    int n = 0;
    for (int v : value) n += v >= 0;
    return n;
  }
  // "RD*"
  std::string code() const {
    std::string s;
    for (int d = 0; d < kDimensions; ++d) {
      const int v = value[std::size_t(d)];
      s += v < 0 ? '*' : kDimensionTable[std::size_t(d)].letters[std::size_t(v)];
    }
    return s;
  }
  // "Red Diamond"
  std::string text() const {
    std::string s;
    for (int d = 0; d < kDimensions; ++d) {
      const int v = value[std::size_t(d)];
      if (v < 0) continue;
      if (!s.empty()) s += ' ';  // piece by piece: GCC 12's false -Wrestrict when inlined
      s += kDimensionTable[std::size_t(d)].names[std::size_t(v)];
    }
    return s;
  }
  friend bool operator==(const Question&, const Question&) = default;
};

// Reads a question pattern such as "R**" or "*PC" (see the top of this file).
inline Question parse_question(const std::string& code, const std::string& path) {
  const std::string hint =
      " (a question is written like R**, *D* or RD*: one letter or * per "
      "property, colour then type then quantity)";
  if (code.size() != kDimensions) throw InputError("bad question '" + code + "'" + hint, path);
  Question q;
  for (int d = 0; d < kDimensions; ++d) {
    const char c = code[std::size_t(d)];
    if (c == '*') continue;
    const auto at = kDimensionTable[std::size_t(d)].letters.find(c);
    if (at == std::string_view::npos)
      throw InputError("bad question '" + code + "': '" + std::string(1, c) + "' is not one of " +
                           std::string(kDimensionTable[std::size_t(d)].key) + " " +
                           std::string(kDimensionTable[std::size_t(d)].letters) + hint,
                       path);
    q.value[std::size_t(d)] = int(at);
  }
  if (q.elements() < 1 || q.elements() > 2)
    throw InputError("bad question '" + code + "': it must name one or two properties" + hint,
                     path);
  return q;
}

// A question card: a printed one- or two-element question, or a free choice (the asker
// names any one- or two-element question when playing it).
struct QuestionCard {
  bool free = false;
  Question question;  // unused when free

  std::string label() const { return free ? "free" : question.code(); }
};

// The gem cards in play: every combination of the chosen properties, colour-major.
class Deck {
 public:
  // `chosen[d]`: the canonical indices of dimension d's properties in play, ascending.
  explicit Deck(std::array<std::vector<int>, kDimensions> chosen) : chosen_(std::move(chosen)) {
    for (int c : chosen_[0])
      for (int t : chosen_[1])
        for (int q : chosen_[2]) gems_.push_back(Gem{{c, t, q}});
  }

  int size() const { return int(gems_.size()); }
  const Gem& gem(int card) const { return gems_.at(std::size_t(card)); }
  const std::vector<int>& chosen(int dimension) const { return chosen_[std::size_t(dimension)]; }

  std::string name(int card) const {
    std::string s;
    for (int d = 0; d < kDimensions; ++d)
      s += kDimensionTable[std::size_t(d)].letters[std::size_t(gem(card).value[std::size_t(d)])];
    return s;
  }
  // The card called `name`; InputError (at `path`) when there is none in this deck.
  int find(const std::string& name, const std::string& path) const {
    for (int card = 0; card < size(); ++card)
      if (this->name(card) == name) return card;
    throw InputError("no gem card '" + name +
                         "' in this deck (cards are written like RDS: colour, " +
                         "type, quantity initials)",
                     path);
  }

  // The cards a question asks for, ascending.
  std::vector<int> matching(const Question& q) const {
    std::vector<int> out;
    for (int card = 0; card < size(); ++card)
      if (q.matches(gem(card))) out.push_back(card);
    return out;
  }

  // Every one- and two-element question about the properties in play: the one-element ones
  // (colours, types, quantities), then the pairs (colour×type, colour×quantity, type×quantity).
  // The full deck gives 4+3+3 = 10 and 12+12+9 = 33, the printed question cards.
  std::vector<Question> questions(int elements) const {
    std::vector<Question> out;
    for (int d1 = 0; d1 < kDimensions; ++d1) {
      if (elements == 1) {
        for (int v : chosen(d1)) {
          Question q;
          q.value[std::size_t(d1)] = v;
          out.push_back(q);
        }
        continue;
      }
      for (int d2 = d1 + 1; d2 < kDimensions; ++d2)
        for (int v1 : chosen(d1))
          for (int v2 : chosen(d2)) {
            Question q;
            q.value[std::size_t(d1)] = v1;
            q.value[std::size_t(d2)] = v2;
            out.push_back(q);
          }
    }
    return out;
  }

  // Whether a question only names properties in play.
  bool in_play(const Question& q) const {
    for (int d = 0; d < kDimensions; ++d) {
      const int v = q.value[std::size_t(d)];
      if (v < 0) continue;
      const auto& c = chosen(d);
      if (std::find(c.begin(), c.end(), v) == c.end()) return false;
    }
    return true;
  }

 private:
  std::array<std::vector<int>, kDimensions> chosen_;
  std::vector<Gem> gems_;
};

}  // namespace kripke::sleuth
