// Why an agent chose its move: what its strategy looked for, the score of the move it chose
// under the strategy's measure, and the best few alternatives. A `move` event carries it as
// `reason` (docs/log-format.md) and the transcript shows it as one line under the move.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "kripke/config_reader.hpp"

namespace kripke {

struct ScoredMove {
  std::string move;  // in the game's words: "rope and Plum", "ask player 2 for green"
  double score = 0;
};

struct MoveReason {
  std::string strategy;         // the strategy's name, as configs write it
  std::string rule;             // what it looked for, in words
  std::size_t considered = 0;   // the moves the rule allowed (or, with a measure, weighed)
  std::string measure;          // what scores measure ("bits of information"); empty: none
  std::optional<double> score;  // the chosen move's, under the measure
  std::size_t tied = 1;         // moves with the chosen one's score (one is taken at random)
  std::vector<ScoredMove> alternatives;  // the best others with a lower score, best first

  // Scores are rounded to 6 significant digits: enough to compare, stable in golden logs.
  static double rounded(double x) {
    if (x == 0 || !std::isfinite(x)) return x;
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", x);
    return std::strtod(text, nullptr);
  }

  Json json() const {
    Json out = {{"strategy", strategy}, {"rule", rule}, {"considered", considered}};
    if (measure.empty()) return out;
    out["measure"] = measure;
    out["score"] = score ? Json(rounded(*score)) : Json(nullptr);
    out["tied"] = tied;
    Json others = Json::array();
    for (const ScoredMove& m : alternatives)
      others.push_back({{"move", m.move}, {"score", rounded(m.score)}});
    out["alternatives"] = others;
    return out;
  }

  // "why: info-gain: 0.918 bits of information about the envelope (best of 28, 2 tied;
  // next: rope and Plum 0.811)" or "why: not-own: cards it does not hold, at random (12
  // allowed)".
  std::string text() const {
    std::string out = "why: ";
    out += strategy;
    out += ": ";
    if (measure.empty() || !score) {
      out += rule;
      out += " (";
      out += std::to_string(considered);
      out += considered == 1 ? " allowed)" : " allowed, one at random)";
      return out;
    }
    out += number(*score);
    out += ' ';
    out += measure;
    out += " (best of ";
    out += std::to_string(considered);
    if (tied > 1) {
      out += ", ";
      out += std::to_string(tied);
      out += " tied";
    }
    for (std::size_t k = 0; k < alternatives.size(); ++k) {
      out += k == 0 ? "; next: " : ", ";
      out += alternatives[k].move;
      out += ' ';
      out += number(alternatives[k].score);
    }
    out += ')';
    return out;
  }

 private:
  static std::string number(double x) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", x);
    return text;
  }
};

}  // namespace kripke
