#include "games/model/desk.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "kripke/game_lang/language_seats.hpp"

namespace kripkesim::play {
namespace {

namespace gl = kripke::game_lang;

class LanguageDesk final : public Desk {
 public:
  LanguageDesk(kripke::Play& play, gl::LanguageSeats& game) : Desk(play), game_(game) {}

  // In simultaneous rounds, and when "any" turns draw a seated player's move, the seat
  // chooses among the moves it may make: one word each (call(b), know).
  void seat_people(Seats& seats) override {
    game_.set_seat_choice(
        [this, &seats](kripke::Agent me,
                       const std::vector<std::size_t>& moves) -> std::optional<std::size_t> {
          if (!seats.is_person(me)) return std::nullopt;
          std::vector<std::string> choices;
          for (std::size_t k : moves) choices.push_back(choice_of(k));
          std::string question = "Your move";
          question += game_.rules().simultaneous() ? " this round" : "";
          question += " (";
          question += kripke::ObjectReader::join(choices);
          question += ")?";
          const std::optional<std::string> chosen = seats.choose(me, question, choices);
          if (!chosen) return std::nullopt;
          return moves[std::size_t(std::find(choices.begin(), choices.end(), *chosen) -
                                   choices.begin())];
        });
  }

  std::optional<kripke::Agent> to_move() const override { return play_.next_mover(); }

  std::vector<std::string> verbs() const override {
    std::vector<std::string> names;
    for (const auto& move : game_.rules().moves()) names.push_back(move.name);
    return names;
  }

  // What the seat observes, which it always knows.
  std::string view(kripke::Agent me) const override {
    std::string s = "You are ";  // piece by piece: GCC 12's false -Wrestrict
    s += play_.agent_name(me);
    s += ". You see: ";
    s += facts(game_.observed(me));
    return s;
  }

  std::string moves_help(kripke::Agent me) const override {
    std::string s = "Your legal moves:";
    for (std::size_t k : game_.legal(me)) {
      s += ' ';
      s += words_of(k);
      s += ';';
    }
    if (s.back() == ';') s.pop_back();
    s += "\nA move is its name, then its parameters after yours (agents, cards, ...).";
    return s;
  }

  kripke::Json read_move(kripke::Agent me, const std::vector<std::string>& words) const override {
    if (words.empty())
      throw kripke::InputError("say a move: " + kripke::ObjectReader::join(verbs()));
    const std::string name = complete(words[0], verbs(), "move");
    const gl::GameRules& rules = game_.rules();
    for (std::size_t k : game_.legal(me)) {
      const gl::MoveInstance& instance = game_.instances()[k];
      const auto& move = rules.moves()[instance.move];
      if (move.name != name) continue;
      // The words after the name, each completed among what its parameter ranges over.
      std::vector<std::string> named, given;
      for (std::size_t p = 0, w = 1; p < move.parameters.size(); ++p) {
        if (p == move.mover) continue;
        given.push_back(rules.value_name(instance, p));
        if (w < words.size()) {
          const auto d = move.ranges[p];
          named.push_back(
              complete(words[w++], rules.templates().members(d), rules.templates().member_kind(d)));
        }
      }
      if (given == named && words.size() == given.size() + 1) return rules.instance_json(instance);
    }
    throw kripke::InputError("not a legal move now; " + moves_help(me));
  }

  // For each legal move, how many of the worlds the seat considers possible would remain
  // after it, by what the seat would see of it (a card shown, what it observes after).
  std::string hint(kripke::Agent me) const override {
    std::string s = "You consider ";
    s += kripke::to_string(play_.possible_count(me));
    s += " worlds possible. After each of your moves, by what you would see of it:";
    for (std::size_t k : game_.legal(me)) {
      const gl::LanguageSeats::Outlook o = game_.outlook(me, k);
      std::string left;
      for (const kripke::BigCount n : o.worlds_left) {
        if (!left.empty()) left += " or ";
        left += kripke::to_string(n);
      }
      s += fmt::format("\n  {}: {} (expected {:.1f})", words_of(k), left, o.expected_left);
    }
    return s;
  }

  // What the seat knows: the variables whose value is the same in every world it
  // considers possible, and how many worlds those are.
  std::string table(kripke::Agent me) const override {
    const kripke::Json known = game_.known_values(me);
    std::string s = "You consider ";
    s += kripke::to_string(play_.possible_count(me));
    s += " worlds possible. You know: ";
    s += facts(known);
    return s;
  }

 private:
  // A move as one word: its name, with its parameters after the mover in parentheses.
  std::string choice_of(std::size_t k) const {
    const gl::MoveInstance& instance = game_.instances()[k];
    const auto& move = game_.rules().moves()[instance.move];
    std::string s = move.name;
    std::string others;
    for (std::size_t p = 0; p < move.parameters.size(); ++p)
      if (p != move.mover)
        others += (others.empty() ? "" : ",") + game_.rules().value_name(instance, p);
    if (!others.empty()) s += "(" + others + ")";
    return s;
  }

  // A move as a person types it: its name and its parameters after the mover.
  std::string words_of(std::size_t k) const {
    const gl::MoveInstance& instance = game_.instances()[k];
    const auto& move = game_.rules().moves()[instance.move];
    std::string s = move.name;
    for (std::size_t p = 0; p < move.parameters.size(); ++p)
      if (p != move.mover) s += " " + game_.rules().value_name(instance, p);
    return s;
  }

  static std::string facts(const kripke::Json& values) {
    std::string s;
    for (const auto& [name, value] : values.items()) {
      if (!s.empty()) s += ", ";
      s += name + " = " + value.dump();
    }
    return s.empty() ? "nothing" : s;
  }

  gl::LanguageSeats& game_;
};

}  // namespace

std::unique_ptr<Desk> language_desk(kripke::Play& play) {
  auto* game = dynamic_cast<gl::LanguageSeats*>(&play);
  if (!game)
    throw kripke::InputError(
        "nobody can take a seat in a model without moves: give its rules moves "
        "(docs/game-language.md)");
  return std::make_unique<LanguageDesk>(play, *game);
}

}  // namespace kripkesim::play
