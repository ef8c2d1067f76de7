// One game of What's My Number? in progress: whose turn it is, the question deck, and the
// turn itself — a question answered in public, then the epistemagic steps.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "kripke/game.hpp"
#include "kripke/games/number/deck.hpp"
#include "kripke/games/number/formulas.hpp"
#include "kripke/games/number/knowledge.hpp"
#include "kripke/games/number/tables.hpp"

namespace kripke::number {

// What every play of one game shares, built once by NumberGame.
struct GameData {
  GameData(const Rules& rules, const WorldLimits& limits)
      : tables(rules, limits),
        nobody_knows(to_string(*nobody_knows_formula(rules.players, rules.numbers))) {}
  Tables tables;
  std::string nobody_knows;  // the formula of the epistemagic announcement, printed
};

class NumberPlay final : public Play {
 public:
  // Called after each answer, before the epistemagic steps: the questions a table puts to
  // its players then ("do you know your numbers?") must come before an announcement that is
  // made only while nobody knows, or its absence would give the answer away.
  void ask_after_answers(std::function<void()> ask) { after_answer_ = std::move(ask); }

  NumberPlay(std::shared_ptr<const GameData> data, World actual, std::uint64_t deck_seed)
      : Play("number"),
        data_(std::move(data)),
        t_(data_->tables),
        rules_(t_.rules()),
        deck_(rules_.questions, deck_seed) {
    model_ = t_.initial_model(actual);
  }

  // Nothing to update: the model starts as the deal left it. The transcript shows the deal
  // and the deck. (Strings are appended piece by piece: GCC 12 warns falsely on
  // "literal" + std::string temporaries, PR 105329.)
  void setup() override {
    std::string text = "boards:";
    Board down = Board((1U << rules_.numbers) - 1);
    for (Agent i = 0; i < t_.players(); ++i) {
      text.append(i ? ", " : " ").append(agent_name(i)).append(" ");
      text.append(board_numbers(board(i)).dump());
      down &= Board(~board(i));
    }
    text.append("; face down ").append(board_numbers(down).dump()).append("\n");
    text += rules_.kooi == KooiChoice::Off ? "question deck:" : "question order for ties:";
    for (int q : deck_.order()) text.append(" ").append(std::to_string(q));
    emit_text(text);
  }

  TurnOutcome play_turn(Rng&) override {
    const Agent p = next_player_;
    if (rules_.kooi == KooiChoice::Off) {
      answer(p, Choice{deck_.draw(), 0}, ChosenBy::Deck);
    } else {
      answer(p, kooi_choice(p), ChosenBy::Kooi);
    }
    return after_answer();
  }

  // {"question": q, "answer": true}: the turn of the player whose turn it is, played by a
  // person: the top card of the deck (under Kooi's Choice, any card of the deck: the
  // person's pick), answered truthfully about the boards the player sees.
  TurnOutcome person_move(const Json& move, const std::string& path, Rng&) override {
    ObjectReader in(move, path);
    const std::string card_path = in.path_of("question");
    const int card =
        int(ObjectReader::integer_value(in.required("question"), card_path, 1, kQuestionCount));
    const Json& said = in.required("answer");
    if (!said.is_boolean()) throw InputError("expected true or false", in.path_of("answer"));
    in.done();
    const Agent p = next_player_;
    const bool picks = rules_.kooi != KooiChoice::Off;
    const std::vector<int>& deck = rules_.questions;
    if (!picks && card != deck_.top())
      throw InputError(agent_name(p) + " holds question " + std::to_string(deck_.top()), card_path);
    if (picks && std::find(deck.begin(), deck.end(), card) == deck.end())
      throw InputError("question " + std::to_string(card) + " is not in the deck", card_path);
    if (said.get<bool>() != true_answer(card, p))
      throw InputError("not what " + agent_name(p) + " sees: answers are truthful",
                       in.path_of("answer"));
    if (!picks) deck_.draw();
    answer(p, Choice{card, 0}, picks ? ChosenBy::Person : ChosenBy::Deck);
    return after_answer();
  }

  // The card the player whose turn it is answers (under Kooi's Choice any card of the deck),
  // with its truthful answer.
  std::vector<Json> legal_moves() const override {
    std::vector<Json> moves;
    const Agent p = next_player_;
    const auto add = [&](int card) {
      moves.push_back({{"question", card}, {"answer", true_answer(card, p)}});
    };
    if (rules_.kooi == KooiChoice::Off) {
      add(deck_.top());
    } else {
      for (int card : rules_.questions) add(card);
    }
    return moves;
  }
  // "You consider 1 world possible" would say "you know": a seat is asked instead.
  bool shows_counts() const override { return false; }
  std::vector<std::string> public_move_fields() const override {
    return {"question", "answer", "chosen_by"};
  }
  // A turn's card, by its player (Kooi's Choice's cards that remove a number cannot be said
  // in a scripted move).
  std::optional<Json> replayed_move(const std::vector<LogRecord>& turn) const override {
    for (const LogRecord& r : turn)
      if (r.value("event", "") == "move" && !r.contains("removes"))
        return Json{{"question", r["question"]}, {"player", r["agent"]}};
    return std::nullopt;
  }

  // What a seat at `kripkesim play` reads.
  const Tables& tables() const { return t_; }
  Agent next_player() const { return next_player_; }
  std::optional<Agent> next_mover() const override { return next_player_; }
  int top_card() const { return deck_.top(); }
  // Player p's truthful answer to card q: what p sees in the actual world.
  bool true_answer(int q, Agent p) const { return t_.answer(q, p, true).test(model_.actual()); }

  bool has_won(Agent i) const override {
    return knows_value(model_, i, [&](std::uint32_t v) { return t_.board(v, i); });
  }

  Json knowledge(Agent i) const override { return {{"board", board_numbers(board(i))}}; }

  // Per player, the pairs of numbers it may hold: one per world of its class (the other
  // boards fix the class), in the order of the worlds.
  void log_knowledge() const override {
    for (Agent i = 0; i < t_.players(); ++i) {
      Json candidates = Json::array();
      std::string text = agent_name(i) + " may hold:";
      for (World w : model_.partition(i).class_containing(model_.actual())) {
        if (!model_.alive().test(w)) continue;
        candidates.push_back(board_numbers(t_.board(w, i)));
        char separator = ' ';
        for (const Json& n : candidates.back()) {
          text += separator;
          text += n.dump();
          separator = ',';
        }
      }
      LogRecord rec = record("knowledge");
      rec["agent"] = i + 1;
      rec["candidates"] = std::move(candidates);
      emit(std::move(rec), std::move(text));
    }
  }

  WorldSet atom(const Formula& a, const Model& m) const override { return resolve_atom(t_, a, m); }

  // "nobody-knows": one epistemagic step. {"question": q}: the current player answers card
  // q (the deck is not touched), then the rules' epistemagic follows, as in a turn;
  // {"question": q, "player": i}: player i answers, and the turn passes to the next player.
  void scripted_move(const Json& move, const std::string& path) override {
    if (move == "nobody-knows") {
      announce_nobody_knows(1);
      return;
    }
    if (!move.is_object())
      throw InputError(
          "a move is \"nobody-knows\" or {\"question\": q} or {\"question\": q, "
          "\"player\": i}",
          path);
    ObjectReader in(move, path);
    const int card = int(ObjectReader::integer_value(in.required("question"),
                                                     in.path_of("question"), 1, kQuestionCount));
    const Agent p = Agent(in.integer("player", next_player_ + 1, 1, t_.players()) - 1);
    in.done();
    next_player_ = p;
    answer(p, Choice{card, 0}, ChosenBy::Script);
    epistemagic();
  }

  Json deal() const override { return world_json(model_.actual()); }
  // A world as the players' numbers: {"boards": [[1, 2], ...]}, and "1,2 3,4 5,6".
  Json world_json(World w) const override {
    Json boards = Json::array();
    for (Agent i = 0; i < t_.players(); ++i) boards.push_back(board_numbers(t_.board(w, i)));
    return {{"boards", boards}};
  }
  std::string world_text(World w) const override {
    std::string text;
    for (Agent i = 0; i < t_.players(); ++i) {
      if (i) text += ' ';
      for (const Json& n : board_numbers(t_.board(w, i))) {
        if (text.size() && text.back() != ' ') text += ',';
        text += n.dump();
      }
    }
    return text;
  }
  std::string world_notation() const override {
    return "worlds: the numbers of players 1 to " + std::to_string(t_.players());
  }

  Json agents() const override {
    Json out = Json::array();
    for (Agent i = 0; i < t_.players(); ++i)
      out.push_back({{"agent", i + 1}, {"name", agent_name(i)}});
    return out;
  }
  std::string agent_name(Agent i) const override { return "player " + std::to_string(i + 1); }

  // The question player p would pick under Kooi's Choice: the card whose truthful answer
  // removes the most (possible worlds of all players at the actual world, or worlds of the
  // model); ties go to the card nearest the top of the deck.
  struct Choice {
    int card = 0;
    std::size_t removes = 0;  // the measure Kooi's Choice maximised
  };
  Choice kooi_choice(Agent p) const {
    Choice best{0, 0};
    for (int q : deck_.order()) {
      const WorldSet& keep = answer_set(q, p);
      std::size_t removes = 0;
      if (rules_.kooi == KooiChoice::FullModel) {
        removes = removed_by(model_.alive(), keep);
      } else {
        for (Agent i = 0; i < t_.players(); ++i) removes += possible_removed_by(model_, i, keep);
      }
      if (best.card == 0 || removes > best.removes) best = {q, removes};
    }
    return best;
  }

  // Whether some future turn could still change the model: some card some player may answer
  // (under Kooi's Choice: the card each player would pick now) removes a world, or the
  // epistemagic announcement would. If not, the game stalls: it would go on unchanged.
  bool can_change() {
    const WorldSet& alive = model_.alive();
    for (Agent p = 0; p < t_.players(); ++p) {
      if (rules_.kooi != KooiChoice::Off) {
        if (removed_by(alive, answer_set(kooi_choice(p).card, p))) return true;
        continue;
      }
      for (int q : rules_.questions)
        if (removed_by(alive, answer_set(q, p))) return true;
    }
    return rules_.epistemagic != Epistemagic::None &&
           removed_by(alive, nobody_knows(model_, scratch_));
  }

 private:
  Board board(Agent i) const { return t_.board(model_.actual(), i); }

  // The truth set of the truthful answer of player p to card q.
  const WorldSet& answer_set(int q, Agent p) const { return t_.answer(q, p, true_answer(q, p)); }

  // How the answered card was chosen; the names are the move record's `chosen_by`.
  enum class ChosenBy { Deck, Kooi, Script, Person };

  void answer(Agent p, const Choice& choice, ChosenBy chosen_by) {
    static const char* const kChosenBy[] = {"deck", "kooi", "script", "person"};
    const bool yes = true_answer(choice.card, p);
    const std::string card = "question " + std::to_string(choice.card);
    std::string how = agent_name(p) + " draws " + card;
    if (chosen_by == ChosenBy::Kooi)
      how = agent_name(p) + " picks " + card + " by Kooi's Choice (removes " +
            std::to_string(choice.removes) +
            (rules_.kooi == KooiChoice::FullModel ? " worlds)" : " possible worlds)");
    if (chosen_by == ChosenBy::Script) how = agent_name(p) + " is asked " + card;
    if (chosen_by == ChosenBy::Person) how = agent_name(p) + " picks " + card;
    LogRecord rec = record("move");
    rec["agent"] = p + 1;
    rec["text"] = how;
    rec["question"] = choice.card;
    rec["answer"] = yes;
    rec["chosen_by"] = kChosenBy[int(chosen_by)];
    if (chosen_by == ChosenBy::Kooi) rec["removes"] = choice.removes;
    emit(std::move(rec), how);
    const UpdateResult r = public_announce(model_, t_.answer(choice.card, p, yes));
    log_update(UpdateKind::Public, all_agents(),
               agent_name(p) + ": \"" + question(choice.card).text + "\" " + (yes ? "yes" : "no"),
               to_string(*answer_formula(choice.card, p, yes)), r);
    next_player_ = (p + 1) % t_.players();
  }

  // The rest of a turn after its answer: the epistemagic steps, then whether the game stalls.
  TurnOutcome after_answer() {
    if (after_answer_) after_answer_();
    epistemagic();
    if (!winners().empty()) return TurnOutcome::Continue;  // the loop ends the game
    return can_change() ? TurnOutcome::Continue : TurnOutcome::Stalled;
  }

  // After an answer, while nobody knows: once, or until the model stops changing.
  void epistemagic() {
    if (rules_.epistemagic == Epistemagic::None) return;
    for (int step = 1; winners().empty(); ++step) {
      const UpdateResult r = announce_nobody_knows(step);
      if (rules_.epistemagic == Epistemagic::Once || !r.changed()) return;
    }
  }

  UpdateResult announce_nobody_knows(int step) {
    const UpdateResult r = public_announce(model_, nobody_knows(model_, scratch_));
    log_update(UpdateKind::Public, all_agents(),
               "epistemagic " + std::to_string(step) + ": nobody knows their numbers",
               data_->nobody_knows, r);
    return r;
  }

  std::shared_ptr<const GameData> data_;
  const Tables& t_;
  const Rules& rules_;
  Deck deck_;
  Agent next_player_ = 0;
  std::vector<std::uint8_t> scratch_;  // nobody_knows's counters, reused
  std::function<void()> after_answer_;
};

}  // namespace kripke::number
