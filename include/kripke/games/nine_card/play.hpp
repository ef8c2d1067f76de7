// One game of nine-card in progress: the model, the question cards in hand and
// in the deck, whose turn it is. A turn: the current player plays a question
// card at another player, draws a replacement, and the truthful answer is
// announced publicly.
#pragma once

#include <algorithm>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kripke/game.hpp"
#include "kripke/games/nine_card/hints.hpp"
#include "kripke/games/nine_card/render.hpp"
#include "kripke/games/nine_card/strategies.hpp"
#include "kripke/games/nine_card/world_table.hpp"

namespace kripke::nine_card {

// The question cards: each player's hand, and the deck (top first).
struct QuestionDeal {
  std::vector<std::vector<int>> hands;
  std::vector<int> deck;
};

inline Json question_list(const std::vector<int>& cards) {
  Json out = Json::array();
  for (int c : cards) out.push_back(questions()[std::size_t(c)].id);
  return out;
}

inline Json question_deal_json(const QuestionDeal& q) {
  Json hands = Json::array();
  for (const auto& hand : q.hands) hands.push_back(question_list(hand));
  return {{"hands", hands}, {"deck", question_list(q.deck)}};
}

class NineCardPlay final : public Play {
 public:
  // `initial` holds every deal, all partitions universal; world d is deal d.
  NineCardPlay(std::shared_ptr<const WorldTable> table, const std::vector<Partition>& initial,
               std::vector<Strategy> strategies, DealIndex deal, QuestionDeal questions,
               std::uint64_t deck_seed)
      : Play("nine-card"),
        table_(std::move(table)),
        rules_(table_->rules()),
        strategies_(std::move(strategies)),
        deal_(deal),
        initial_questions_(questions),
        hands_(std::move(questions.hands)),
        deck_(std::move(questions.deck)),
        deck_rng_(deck_seed) {
    model_ = Model(initial, World(deal));
  }

  // The open cards are announced; then each player looks at its own hand.
  void setup() override {
    const CardMask open = table_->place(deal_, rules_.open_slot());
    if (open) {
      std::vector<FormulaPtr> shown;
      for (int card = 0; card < kCards; ++card)
        if ((open >> card) & 1U) shown.push_back(f::atom("open", {card_name(card)}));
      announce(f::all_of(shown), "the open cards are " + card_list(open, " and "));
      // Every later step reads only the alive worlds (630 of 22,680 by
      // default); without the dead ones the partitions, the observations and
      // the knowledge checks are small.
      compact(model_);
    }
    std::vector<std::uint64_t> key(model_.world_count());
    for (Agent p = 0; p < rules_.players; ++p) {
      for (World w = 0; w < key.size(); ++w) key[w] = table_->place(model_.valuation(w), p);
      const CardMask hand = table_->place(deal_, p);
      std::vector<FormulaPtr> held;
      for (int card = 0; card < kCards; ++card)
        if ((hand >> card) & 1U) held.push_back(has(p, card));
      observe({p}, key, player_name(p) + " looks at its cards: " + card_list(hand, " and "),
              to_string(*f::all_of(held)));
    }
  }

  TurnOutcome play_turn(Rng& rng) override {
    const Agent me = current_;
    const Strategy strategy = strategies_[std::size_t(me)];
    const std::optional<HintTable> hints = show_tables(reads_hints(strategy));
    ask(me, reads_hints(strategy) ? table_ask(strategy, *hints, rng)
                                  : random_ask(hands_[std::size_t(me)], me, rules_.players, rng));
    // Nothing can stall: were no question able to remove a world, every answer
    // of every player would be settled, so every hand and then the hidden card
    // would be known.
    return TurnOutcome::Continue;
  }

  // {"player": 1 (optional: the player whose turn it is), "target": 2,
  // "question": "green"}
  void scripted_move(const Json& move, const std::string& path) override {
    ObjectReader r(move, path);
    const Agent me = current_;
    const auto player = r.integer("player", me + 1, 1, rules_.players);
    r.required("target");
    const auto target = r.integer("target", 0, 1, rules_.players);
    const std::string id = r.required_string("question");
    r.done();
    if (player != me + 1)
      throw InputError(
          "it is " + player_name(me) + "'s turn, not player " + std::to_string(player) + "'s",
          r.path_of("player"));
    if (target == me + 1) throw InputError("a player cannot ask itself", r.path_of("target"));
    const auto question = parse_question(id);
    const auto& hand = hands_[std::size_t(me)];
    if (!question || std::find(hand.begin(), hand.end(), *question) == hand.end())
      throw InputError(player_name(me) + " holds no question card '" + id + "' (it holds " +
                           question_list(hand).dump() + ")",
                       r.path_of("question"));
    show_tables(false);
    ask(me, Ask{*question, Agent(target - 1), {}});
  }

  // Every question card in the hand of the player whose turn it is, at every other player.
  std::vector<Json> legal_moves() const override {
    std::vector<Json> moves;
    for (int card : hands_[std::size_t(current_)])
      for (Agent target = 0; target < rules_.players; ++target)
        if (target != current_)
          moves.push_back(
              {{"target", target + 1}, {"question", questions()[std::size_t(card)].id}});
    return moves;
  }
  std::vector<std::string> public_move_fields() const override {
    return {"target", "question", "answer", "says", "reshuffled"};
  }
  // A turn's question card, at its target.
  std::optional<Json> replayed_move(const std::vector<LogRecord>& turn) const override {
    for (const LogRecord& r : turn)
      if (r.value("event", "") == "move")
        return Json{{"player", r["agent"]}, {"target", r["target"]}, {"question", r["question"]}};
    return std::nullopt;
  }

  bool may_win_now(Agent i) const override { return rules_.win_check == "everyone" || i == mover_; }

  bool has_won(Agent i) const override {
    return knows_value(model_, i, [this](std::uint32_t d) { return table_->hidden_card(d); });
  }

  Json knowledge(Agent) const override {
    return {{"hidden", card_name(table_->hidden_card(deal_))}};
  }

  WorldSet atom(const Formula& a, const Model& m) const override { return table_->atom(a, m); }

  Json deal() const override {
    Json out = deal_json(deal_);
    out["questions"] = question_deal_json(initial_questions_);
    return out;
  }
  // A world as its deal: {"hands": ..., "hidden": ..., "open": ...}, and in short
  // "R1G2 B3R2 G1B1 | open R3G3 | hidden B2".
  Json world_json(World w) const override { return deal_json(model_.valuation(w)); }
  std::string world_text(World w) const override {
    const DealIndex d = model_.valuation(w);
    std::string text;
    for (Agent p = 0; p < rules_.players; ++p) {
      text += card_list(table_->place(d, p), "");
      text += ' ';
    }
    text += "| open ";
    text += card_list(table_->place(d, rules_.open_slot()), "");
    text += " | hidden ";
    return text + card_name(table_->hidden_card(d));
  }
  std::string world_notation() const override {
    return "worlds: the hands of players 1 to " + std::to_string(rules_.players) +
           ", the open cards, the hidden card (R2: red, 2 diamonds)";
  }

  Json agents() const override {
    Json out = Json::array();
    for (Agent p = 0; p < rules_.players; ++p)
      out.push_back({{"agent", p + 1},
                     {"name", agent_name(p)},
                     {"strategy", to_string(strategies_[std::size_t(p)])}});
    return out;
  }
  std::string agent_name(Agent i) const override { return player_name(i); }

  // --- views for the tables, tests and scenarios
  // ----------------------------------------
  const Rules& rules() const { return rules_; }
  Agent current_player() const { return current_; }
  std::optional<Agent> next_mover() const override { return current_; }
  const std::vector<int>& question_hand(Agent p) const { return hands_[std::size_t(p)]; }
  const std::vector<int>& question_deck() const { return deck_; }
  HintTable hints() const {
    return hint_table(*table_, possible_deals(model_, current_), current_,
                      hands_[std::size_t(current_)]);
  }
  KnowledgeTable knowledge_of(Agent p) const {
    return knowledge_table(*table_, possible_deals(model_, p), p);
  }

  // Per player, the knowledge table the hints show the player whose turn it is.
  void log_knowledge() const override {
    for (Agent p = 0; p < rules_.players; ++p) {
      const KnowledgeTable known = knowledge_of(p);
      std::size_t candidates = 0;
      for (std::size_t n : known.rows.front().count) candidates += n > 0;  // the hidden slot
      LogRecord rec = record("knowledge");
      rec["agent"] = p + 1;
      rec["worlds"] = known.worlds;
      rec["hidden_candidates"] = candidates;
      rec["knowledge"] = knowledge_json(known, rules_);
      emit(std::move(rec), "");
    }
  }

 private:
  FormulaPtr has(Agent p, int card) const {
    return f::atom("has", {std::to_string(p + 1), card_name(card)});
  }

  // The knowledge and hint tables of the current player, logged when the rules
  // show hints and someone reads the events. Returns the hint table when it is
  // shown or `needed`.
  std::optional<HintTable> show_tables(bool needed) const {
    const bool shown = rules_.hints && logging();
    if (!shown && !needed) return std::nullopt;
    const std::vector<DealIndex> deals = possible_deals(model_, current_);
    HintTable hints = hint_table(*table_, deals, current_, hands_[std::size_t(current_)]);
    if (shown) {
      const KnowledgeTable known = knowledge_table(*table_, deals, current_);
      LogRecord rec = record("hints");
      rec["agent"] = current_ + 1;
      rec["worlds"] = hints.now.worlds;
      rec["hidden_candidates"] = hints.now.candidates();
      rec["knowledge"] = knowledge_json(known, rules_);
      rec["questions"] = hints_json(hints);
      emit(std::move(rec), knowledge_text(known, rules_) + "\n" + hints_text(hints));
    }
    return hints;
  }

  // `me` plays the question card at the target, draws a replacement, and the
  // answer is announced.
  void ask(Agent me, const Ask& a) {
    const Question& q = questions()[std::size_t(a.question)];
    const int answer = table_->answer(a.question, a.target, deal_);
    const bool reshuffled = replace_card(me, a.question);
    if (logging()) log_move(me, a, answer, reshuffled);
    // "Do you have G1": has(2,G1) or ~has(2,G1); "how many": count(2,green,0).
    const FormulaPtr held = has(a.target, std::countr_zero(unsigned(q.mask)));
    const FormulaPtr phi =
        q.is_have ? (answer ? held : f::neg(held))
                  : f::atom("count", {std::to_string(a.target + 1), q.id, std::to_string(answer)});
    announce(phi, player_name(a.target) + " " + answer_phrase(a.question, answer));
    mover_ = me;
    current_ = (current_ + 1) % rules_.players;
  }

  void log_move(Agent me, const Ask& a, int answer, bool reshuffled) const {
    const Question& q = questions()[std::size_t(a.question)];
    LogRecord rec = record("move");
    const std::string text = player_name(me) + " asks " + player_name(a.target) + ": " + q.text +
                             " " + answer_name(a.question, answer) + ".";
    rec["agent"] = me + 1;
    rec["text"] = text;
    rec["target"] = a.target + 1;
    rec["question"] = q.id;
    rec["answer"] = answer;
    rec["says"] = answer_name(a.question, answer);
    rec["drew"] = questions()[std::size_t(hands_[std::size_t(me)].back())].id;
    rec["reshuffled"] = reshuffled;
    if (a.reason.strategy.empty()) {
      emit(std::move(rec), text);
      return;
    }
    rec["reason"] = a.reason.json();
    std::string shown = text;
    shown += "\n    ";
    shown += a.reason.text();
    emit(std::move(rec), std::move(shown));
  }

  // The played card goes to the discard pile; the replacement (the top of the
  // deck, which is first renewed when empty: the discards reshuffled, or all 15
  // question cards in a new order) goes to the end of the hand.
  bool replace_card(Agent me, int played) {
    auto& hand = hands_[std::size_t(me)];
    hand.erase(std::find(hand.begin(), hand.end(), played));
    discard_.push_back(played);
    const bool reshuffle = deck_.empty();
    if (reshuffle) {
      if (rules_.question_deck == "regenerate") {
        deck_.resize(kQuestions);
        std::iota(deck_.begin(), deck_.end(), 0);
      } else {
        deck_ = std::move(discard_);
      }
      discard_.clear();
      deck_rng_.shuffle(deck_);
    }
    hand.push_back(deck_.front());
    deck_.erase(deck_.begin());
    return reshuffle;
  }

  std::shared_ptr<const WorldTable> table_;
  const Rules& rules_;
  std::vector<Strategy> strategies_;
  Json deal_json(DealIndex d) const {
    auto cards = [&](int slot) {
      Json out = Json::array();
      for (int card = 0; card < kCards; ++card)
        if ((table_->place(d, slot) >> card) & 1U) out.push_back(card_name(card));
      return out;
    };
    Json hands = Json::array();
    for (Agent p = 0; p < rules_.players; ++p) hands.push_back(cards(p));
    return {{"hands", hands},
            {"hidden", card_name(table_->hidden_card(d))},
            {"open", cards(rules_.open_slot())}};
  }

  DealIndex deal_;
  QuestionDeal initial_questions_;
  std::vector<std::vector<int>> hands_;
  std::vector<int> deck_;
  std::vector<int> discard_;
  Rng deck_rng_;  // reshuffles: the play's own, so scripted games reshuffle
                  // reproducibly too
  Agent current_ = 0;
  Agent mover_ = 0;  // who moved last (before the first move: the first to move)
};

}  // namespace kripke::nine_card
