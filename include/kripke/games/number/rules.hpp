// The rules of What's My Number? as a config reads them (docs/games/number.md; every default is the
// rule book's), and the reading of a config's "deal".
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "kripke/config_reader.hpp"
#include "kripke/errors.hpp"
#include "kripke/games/number/questions.hpp"

namespace kripke::number {

// After an answer, if nobody knows: announce "nobody knows their numbers" never, once per
// turn, or until the model stops changing.
enum class Epistemagic { None, Once, Steady };
// Kooi's Choice: the answering player picks the most informative question instead of the
// top card, measured by the possible worlds in the actual world or by the whole model.
enum class KooiChoice { Off, PossibleWorlds, FullModel };

inline const std::vector<std::string> kEpistemagicNames = {"none", "once", "steady"};
inline const std::vector<std::string> kKooiNames = {"off", "possible-worlds", "full-model"};

struct Rules {
  int players = 3;
  int numbers = 9;                               // the number cards 1..numbers
  int board_size = 2;                            // numbers per player; the rest lie face down
  std::vector<int> questions = all_questions();  // the deck, by card number
  Epistemagic epistemagic = Epistemagic::None;
  KooiChoice kooi = KooiChoice::Off;

  int face_down() const { return numbers - players * board_size; }

  static std::vector<int> all_questions() {
    std::vector<int> q;
    for (int k = 1; k <= kQuestionCount; ++k) q.push_back(k);
    return q;
  }

  Json to_json() const {
    return {{"players", players},
            {"numbers", numbers},
            {"board_size", board_size},
            {"questions", questions},
            {"epistemagic", kEpistemagicNames[std::size_t(epistemagic)]},
            {"kooi", kKooiNames[std::size_t(kooi)]}};
  }
};

inline std::size_t index_of(const std::vector<std::string>& names, const std::string& name) {
  return std::size_t(std::find(names.begin(), names.end(), name) - names.begin());
}

// Reads config "rules" (path /rules).
inline Rules read_rules(const Json& json) {
  Rules r;
  ObjectReader in(json, "/rules");
  r.players = int(in.integer("players", r.players, 2, 4));
  r.numbers = int(in.integer("numbers", r.numbers, 1, 16));
  r.board_size = int(in.integer("board_size", r.board_size, 1, 16));
  if (const Json* list = in.find("questions")) {
    const std::string path = in.path_of("questions");
    r.questions.clear();
    for (std::size_t k = 0; k < array_at(*list, path).size(); ++k) {
      const int q = int(ObjectReader::integer_value((*list)[k], path + "/" + std::to_string(k), 1,
                                                    kQuestionCount));
      if (std::find(r.questions.begin(), r.questions.end(), q) != r.questions.end())
        throw InputError("question " + std::to_string(q) + " is in the deck twice",
                         path + "/" + std::to_string(k));
      r.questions.push_back(q);
    }
    if (r.questions.empty()) throw InputError("the question deck is empty", path);
  }
  r.epistemagic =
      Epistemagic(index_of(kEpistemagicNames, in.choice("epistemagic", "none", kEpistemagicNames)));
  r.kooi = KooiChoice(index_of(kKooiNames, in.choice("kooi", "off", kKooiNames)));
  in.done();
  if (r.face_down() < 0)
    throw InputError(std::to_string(r.players) + " players with " + std::to_string(r.board_size) +
                         " numbers each need more than " + std::to_string(r.numbers) + " numbers",
                     "/rules");
  return r;
}

// Reads config "deal": {"boards": [[1, 2], [3, 4], [5, 6]]}, one board per player; the
// numbers on no board lie face down. Returns the boards as bitmasks.
inline std::vector<Board> read_boards(const Json& deal, const Rules& rules) {
  ObjectReader in(deal, "/deal");
  const std::string path = in.path_of("boards");
  const Json& boards = array_at(in.required("boards"), path);
  in.done();
  if (boards.size() != std::size_t(rules.players))
    throw InputError("expected " + std::to_string(rules.players) +
                         " boards, one per player, found " + std::to_string(boards.size()),
                     path);
  std::vector<Board> out;
  Board used = 0;
  for (std::size_t i = 0; i < boards.size(); ++i) {
    const std::string board_path = path + "/" + std::to_string(i);
    const Json& numbers = array_at(boards[i], board_path);
    if (numbers.size() != std::size_t(rules.board_size))
      throw InputError("a board holds " + std::to_string(rules.board_size) + " numbers, found " +
                           std::to_string(numbers.size()),
                       board_path);
    Board board = 0;
    for (std::size_t k = 0; k < numbers.size(); ++k) {
      const std::string number_path = board_path + "/" + std::to_string(k);
      const auto n = ObjectReader::integer_value(numbers[k], number_path, 1, rules.numbers);
      const Board bit = Board(1U << (n - 1));
      if (used & bit)
        throw InputError("number " + std::to_string(n) + " is dealt twice", number_path);
      used |= bit;
      board |= bit;
    }
    out.push_back(board);
  }
  return out;
}

// A board as its numbers in increasing order.
inline Json board_numbers(Board board) {
  Json out = Json::array();
  for (int n = 1; n <= 16; ++n)
    if ((board >> (n - 1)) & 1U) out.push_back(n);
  return out;
}

}  // namespace kripke::number
