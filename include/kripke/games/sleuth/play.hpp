// One game of Sleuth in progress: the deal, the question deck and hands, and every
// player's mind (knowledge.hpp).
//
// A turn: the player whose turn it is asks one other player one question (public: who,
// whom, which properties); the asked player shows all its matching cards to the asker
// alone. In Kripke terms the asker privately observes "the asked player's cards that match
// the question" — nothing else changes, since the question itself does not depend on the
// deal. The asker's mind receives the literals; on a reduced deck the explicit Kripke
// model (explicit_model.hpp) is refined as well, and tests check both agree.
//
// The full deck's ~10^23 worlds are never listed: then the Play's Model is a placeholder
// with the actual deal as its only world (formulas cannot be evaluated; atoms say why),
// and the world counts in the log come from the counting engine.
#pragma once

#include <algorithm>
#include <deque>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "kripke/game.hpp"
#include "kripke/games/sleuth/explicit_model.hpp"
#include "kripke/games/sleuth/knowledge.hpp"
#include "kripke/games/sleuth/knowledge_base.hpp"
#include "kripke/games/sleuth/rules.hpp"
#include "kripke/games/sleuth/strategies.hpp"
#include "kripke/games/sleuth/text.hpp"

namespace kripke::sleuth {

struct AgentConfig {
  Strategy strategy = Strategy::Seed;
  Engine engine = Engine::Exact;
};

// Everything about a game that does not depend on the deal: built once, shared read-only
// by all its plays (and batch threads).
struct Tables {
  Tables(Rules r, std::vector<AgentConfig> a, const WorldLimits& limits)
      : rules(std::move(r)),
        deck(rules.deck()),
        question_cards(rules.question_cards()),
        agents(std::move(a)),
        deals(count_deals(rules.deal_spec())) {
    for (int elements = 1; elements <= 2; ++elements)
      for (const Question& q : deck.questions(elements)) {
        questions.push_back(q);
        matches.push_back(deck.matching(q));
      }
    for (const QuestionCard& c : question_cards)
      card_question.push_back(c.free ? -1 : question_index(c.question));
    const bool fits = deals <= BigCount(limits.max_worlds);
    // "on" asks for every deal to be enumerated: a model too large is refused at that key.
    if (rules.explicit_model == "on")
      check_world_limit(
          deals, limits,
          model_bytes_per_world(std::size_t(rules.players), rules.deal_spec().card_count()),
          "/rules/explicit_model");
    if (rules.explicit_model == "on" || (rules.explicit_model == "auto" && fits))
      explicit_model.emplace(rules.deal_spec(), limits);
  }

  int question_index(const Question& q) const {
    return int(std::find(questions.begin(), questions.end(), q) - questions.begin());
  }

  Rules rules;
  Deck deck;
  std::vector<QuestionCard> question_cards;
  std::vector<Question> questions;  // every one- and two-element question: free-choice options
  QuestionMatches matches;          // per question, the cards it asks for
  std::vector<int> card_question;   // per question card, its question (-1: free choice)
  std::vector<AgentConfig> agents;
  BigCount deals;
  std::optional<ExplicitModel> explicit_model;
};

class SleuthPlay final : public Play {
 public:
  // `deal[card]` is the card's place: a player 0..n-1, or n for the hidden gem.
  SleuthPlay(std::shared_ptr<const Tables> tables, Deal deal, Rng& rng)
      : Play("sleuth"), t_(std::move(tables)), deal_(std::move(deal)) {
    const Rules& rules = t_->rules;
    std::vector<int> order(t_->question_cards.size());
    std::iota(order.begin(), order.end(), 0);
    rng.shuffle(order);
    question_deck_.assign(order.begin(), order.end());
    hands_.resize(std::size_t(rules.players));
    for (auto& hand : hands_)
      for (int k = 0; k < rules.question_hand; ++k) hand.push_back(draw());
    for (int p = 0; p < rules.players; ++p)
      minds_.emplace_back(p, t_->agents[std::size_t(p)].engine, rules.place_sizes(),
                          t_->deck.size());
    exact_knew_.assign(std::size_t(rules.players), -1);
    rules_knew_.assign(std::size_t(rules.players), -1);
    if (t_->explicit_model) {
      model_ = t_->explicit_model->initial(t_->explicit_model->world_of(deal_));
    } else {
      model_ =
          Model(std::vector<Partition>(std::size_t(rules.players), Partition::universal(1)), 0);
    }
  }

  // Every player looks at its own hand.
  void setup() override {
    for (int p = 0; p < players(); ++p) {
      const std::vector<int> own = cards_at(p);
      minds_[std::size_t(p)].see_own_hand(own);
      if (t_->explicit_model) model_.set_partition(p, t_->explicit_model->hand_partition(p));
      log_observation(
          p, "player " + std::to_string(p + 1) + " looks at its hand: " + card_list(t_->deck, own),
          answer_formula(t_->deck, p, own, own));
      note_knowledge(p);
      log_knowledge_base(p);
    }
  }

  TurnOutcome play_turn(Rng& rng) override {
    const int asker = next_asker_;
    const std::vector<Option> options = options_for(asker);
    const OptionChoice chosen = choose_option(
        t_->agents[std::size_t(asker)].strategy, minds_[std::size_t(asker)], options, t_->matches,
        players(), [this](const Option& o) { return option_text(o); }, rng);
    play_option(asker, options[chosen.index], &chosen.reason);
    return TurnOutcome::Continue;
  }

  // {"asked": 3, "question": "RD*"}: the question of the player whose turn it is, chosen by a
  // person and asked with a question card from its hand, as its own turn would: the printed
  // card of that question if it holds one, else a free-choice card.
  TurnOutcome person_move(const Json& move, const std::string& path, Rng&) override {
    ObjectReader r(move, path);
    const int asker = next_asker_;
    const int asked =
        int(ObjectReader::integer_value(r.required("asked"), r.path_of("asked"), 1, players())) - 1;
    const Question q = parse_question(r.required_string("question"), r.path_of("question"));
    r.done();
    const int question = t_->question_index(q);
    std::optional<Option> printed, free;
    for (const Option& o : options_for(asker))
      if (o.asked == asked && o.question == question) (o.free ? free : printed) = o;
    if (!printed && !free)
      throw InputError(agent_name(asker) + " holds no question card for " + q.code() +
                           " to ask of " + agent_name(asked),
                       path);
    play_option(asker, printed ? *printed : *free);
    return TurnOutcome::Continue;
  }

  // Every question the player whose turn it is can ask with its question cards, of every
  // other player, in person_move's form (a printed card and a free-choice card asking the
  // same are one move).
  std::vector<Json> legal_moves() const override {
    std::vector<Json> moves;
    for (const Option& o : options_for(next_asker_)) {
      Json move = {{"asked", o.asked + 1},
                   {"question", t_->questions[std::size_t(o.question)].code()}};
      if (std::find(moves.begin(), moves.end(), move) == moves.end())
        moves.push_back(std::move(move));
    }
    return moves;
  }
  std::vector<std::string> public_move_fields() const override {
    return {"asked", "question", "question_card"};
  }
  // A turn's question, by its player, of the player asked.
  std::optional<Json> replayed_move(const std::vector<LogRecord>& turn) const override {
    for (const LogRecord& r : turn)
      if (r.value("event", "") == "move")
        return Json{{"asker", r["agent"]}, {"asked", r["asked"]}, {"question", r["question"]}};
    return std::nullopt;
  }
  // The gems a player shows another are its own: it sees that answer too.
  void adjust_seat_view(const Event& event, Agent me, LogRecord& view) const override {
    const LogRecord& r = event.record;
    if (!r.is_object() || r.value("event", "") != "update" || view.contains("text")) return;
    const std::string text = r.value("text", "");
    if (text.rfind(agent_name(me) + " shows ", 0) != 0) return;
    view["text"] = text;
    view["formula"] = r.value("formula", "");
    view["screen"] = "  [you show] " + text;
  }

  bool has_won(Agent i) const override { return minds_[std::size_t(i)].hidden_gem().has_value(); }

  // {"first_knew": {"exact": [...], "rules": [...]}}: per player, the turn at which the exact
  // engine, and Elderman & Steging's rules, first knew the hidden gem from what that player had
  // seen — both engines run for every player, whichever one it plays with — or null when not by the
  // end. The player's own engine's entry is when it won; the other is when it would have
  // known from the same questions and answers (always the same turn: docs/games/sleuth.md).
  Json outcome() const override {
    auto turns = [](const std::vector<int>& knew) {
      Json out = Json::array();
      for (int t : knew) out.push_back(t < 0 ? Json(nullptr) : Json(t));
      return out;
    };
    return {{"first_knew", {{"exact", turns(exact_knew_)}, {"rules", turns(rules_knew_)}}}};
  }

  Json knowledge(Agent i) const override {
    const Mind& m = minds_[std::size_t(i)];
    Json out = {{"hidden", t_->deck.name(*m.hidden_gem())}, {"engine", engine_name(m.engine())}};
    if (m.engine() == Engine::Rules) out["way"] = m.rules().way_found();
    return out;
  }

  // has(p,X): player p holds gem X; hidden(X): X is the hidden gem. Explicit model only.
  WorldSet atom(const Formula& a, const Model& m) const override {
    if (!t_->explicit_model)
      throw FormulaError(
          "formulas need the explicit Kripke model, which this deck does not have (" +
              to_string(t_->deals) + " deals; see explicit_model in the rules)",
          a.column);
    int place = t_->rules.hidden_place();
    if (a.name == "has" && a.args.size() == 2) {
      place = player_number(a.args[0], a.column);
    } else if (!(a.name == "hidden" && a.args.size() == 1)) {
      throw FormulaError("unknown atom '" + a.name + "' (Sleuth knows has(p,X) and hidden(X))",
                         a.column);
    }
    const int card = card_number(a.args.back(), a.column);
    const DealTable& table = t_->explicit_model->table();
    return worlds_where(m, [&](std::uint32_t v) { return table.slot(v, card) == place; });
  }

  // {"asker": 2, "asked": 3, "question": "RD*"}: a question outside the question cards;
  // "asker" defaults to the player whose turn it is; the turn then passes to the player after
  // the asker, as after Clue's "by" and What's My Number?'s "player".
  void scripted_move(const Json& move, const std::string& path) override {
    ObjectReader r(move, path);
    const int asker = int(r.integer("asker", next_asker_ + 1, 1, players())) - 1;
    const int asked =
        int(ObjectReader::integer_value(r.required("asked"), r.path_of("asked"), 1, players())) - 1;
    const Question q = parse_question(r.required_string("question"), r.path_of("question"));
    r.done();
    if (asked == asker)
      throw InputError("a player asks another player, not itself", r.path_of("asked"));
    if (!t_->deck.in_play(q))
      throw InputError("question " + q.code() + " names a property that is not in this deck",
                       r.path_of("question"));
    ask(asker, asked, t_->question_index(q), "scripted");
    next_asker_ = (asker + 1) % players();
  }

  Json deal() const override {
    return deal_json([this](int card) { return int(deal_[std::size_t(card)]); });
  }
  // With the explicit model, a world as its deal: {"hidden": ..., "hands": ...}, and in
  // short "hands of players 1, 2, ... | hidden gem" with the deck's card names.
  Json world_json(World w) const override {
    if (!enumerates_worlds()) return Play::world_json(w);
    return deal_json([this, w](int card) { return world_place(w, card); });
  }
  std::string world_text(World w) const override {
    if (!enumerates_worlds()) return Play::world_text(w);
    std::vector<std::string> places(std::size_t(players()) + 1);
    for (int card = 0; card < t_->deck.size(); ++card) {
      std::string& text = places[std::size_t(world_place(w, card))];
      if (!text.empty()) text += ' ';
      text += t_->deck.name(card);
    }
    std::string out;
    for (int p = 0; p < players(); ++p) {
      out += places[std::size_t(p)];
      out += " | ";
    }
    out += "hidden ";
    return out + places.back();
  }
  std::string world_notation() const override {
    return "worlds: the hands of players 1 to " + std::to_string(players()) +
           ", then the hidden gem";
  }

  Json agents() const override {
    Json out = Json::array();
    for (int p = 0; p < players(); ++p)
      out.push_back({{"agent", p + 1},
                     {"name", agent_name(p)},
                     {"strategy", strategy_name(t_->agents[std::size_t(p)].strategy)},
                     {"engine", engine_name(t_->agents[std::size_t(p)].engine)}});
    return out;
  }
  std::string agent_name(Agent i) const override { return "player " + std::to_string(i + 1); }

  // Without the explicit model, the worlds are all deals and a player's possible worlds
  // are counted by its exact engine (on reduced decks both agree: tests check it). With it,
  // the model's own counts (a scenario's announcements change the model, not the minds).
  bool enumerates_worlds() const override { return t_->explicit_model.has_value(); }
  BigCount world_count() const override {
    return enumerates_worlds() ? Play::world_count() : t_->deals;
  }
  BigCount possible_count(Agent i) const override {
    return enumerates_worlds() ? Play::possible_count(i)
                               : minds_.at(std::size_t(i)).exact().possible_worlds();
  }

  // --- for tests and tools ----------------------------------------------------------------
  // Every move the asker can make with its question cards.
  std::vector<Option> options_for(int asker) const {
    std::vector<Option> options;
    const auto& hand = hands_[std::size_t(asker)];
    for (int slot = 0; slot < int(hand.size()); ++slot) {
      const int q = t_->card_question[std::size_t(hand[std::size_t(slot)])];
      for (int asked = 0; asked < players(); ++asked) {
        if (asked == asker) continue;
        if (q >= 0) {
          options.push_back({slot, false, q, asked});
        } else {
          for (int free_q = 0; free_q < int(t_->questions.size()); ++free_q)
            options.push_back({slot, true, free_q, asked});
        }
      }
    }
    return options;
  }
  // "red of player 3": what an option asks of whom, for reasons.
  std::string option_text(const Option& o) const {
    std::string text = t_->questions[std::size_t(o.question)].code();
    text += " of ";
    return text + agent_name(o.asked);
  }

  int players() const { return t_->rules.players; }
  const Tables& tables() const { return *t_; }
  const Mind& mind(Agent i) const { return minds_.at(std::size_t(i)); }
  const Deal& actual_deal() const { return deal_; }
  int next_asker() const { return next_asker_; }
  std::optional<Agent> next_mover() const override { return Agent(next_asker_); }
  const std::vector<int>& question_hand(Agent i) const { return hands_.at(std::size_t(i)); }
  const std::deque<int>& question_deck() const { return question_deck_; }

 private:
  int draw() {
    const int card = question_deck_.front();
    question_deck_.pop_front();
    return card;
  }

  int world_place(World w, int card) const {
    return int(t_->explicit_model->table().slot(model_.valuation(w), card));
  }

  // A deal as data, given each card's place.
  template <class PlaceOf>
  Json deal_json(PlaceOf&& place_of) const {
    Json hands = Json::array();
    std::string hidden;
    for (int p = 0; p < players(); ++p) hands.push_back(Json::array());
    for (int card = 0; card < t_->deck.size(); ++card) {
      const int place = place_of(card);
      if (place == t_->rules.hidden_place()) {
        hidden = t_->deck.name(card);
      } else {
        hands[std::size_t(place)].push_back(t_->deck.name(card));
      }
    }
    return {{"hidden", hidden}, {"hands", hands}};
  }

  std::vector<int> cards_at(int place) const {
    std::vector<int> out;
    for (int card = 0; card < int(deal_.size()); ++card)
      if (deal_[std::size_t(card)] == place) out.push_back(card);
    return out;
  }

  // The asker plays option o: its question is asked and answered, the used card goes to
  // the bottom of the deck and the asker draws from the top. `reason`: why its strategy
  // chose it (none for a person's choice).
  void play_option(int asker, const Option& o, const MoveReason* reason = nullptr) {
    const int card = hands_[std::size_t(asker)][std::size_t(o.slot)];
    ask(asker, o.asked, o.question, t_->question_cards[std::size_t(card)].label(), reason);
    hands_[std::size_t(asker)].erase(hands_[std::size_t(asker)].begin() + o.slot);
    question_deck_.push_back(card);
    hands_[std::size_t(asker)].push_back(draw());
    next_asker_ = (asker + 1) % players();
  }

  // The public question, then the private answer to the asker. `reason`: why the asker's
  // strategy chose it (none for a scripted question).
  void ask(int asker, int asked, int question, const std::string& card_label,
           const MoveReason* reason = nullptr) {
    const Question& q = t_->questions[std::size_t(question)];
    const std::vector<int>& matching = t_->matches[std::size_t(question)];
    std::vector<int> shown;
    for (int card : matching)
      if (deal_[std::size_t(card)] == asked) shown.push_back(card);
    if (logging()) {
      const bool free = card_label == "free";
      LogRecord rec = record("move");
      rec["agent"] = asker + 1;
      rec["text"] = agent_name(asker) + " asks " + agent_name(asked) + " for " + q.text() + " (" +
                    q.code() +
                    (free                     ? ", named on a free-choice card)"
                     : card_label == q.code() ? ")"
                                              : ", " + card_label + ")");
      rec["asked"] = asked + 1;
      rec["question"] = q.code();
      rec["question_card"] = card_label;
      std::string text = rec["text"];
      if (reason) {
        rec["reason"] = reason->json();
        text += "\n    ";
        text += reason->text();
      }
      emit(std::move(rec), std::move(text));
    }
    minds_[std::size_t(asker)].see_answer(asked, matching, shown);
    note_knowledge(asker);
    if (t_->explicit_model)
      kripke::observe(model_, {asker}, t_->explicit_model->answer_keys(asked, matching));
    std::vector<int> hidden_from_view;  // asked for but not held
    for (int card : matching)
      if (deal_[std::size_t(card)] != asked) hidden_from_view.push_back(card);
    log_observation(asker,
                    agent_name(asked) + " shows " + agent_name(asker) + " " +
                        card_list(t_->deck, shown) +
                        (hidden_from_view.empty()
                             ? ""
                             : " (not held: " + card_list(t_->deck, hidden_from_view) + ")"),
                    answer_formula(t_->deck, asked, matching, shown));
    if (logging()) emit_text(score_sheet(t_->deck, minds_[std::size_t(asker)], "    "));
    log_knowledge_base(asker);
  }

  // Player p's knowledge base after its own observation (only those change it): a
  // `knowledge` event, which the transcript shows on request (`run --knowledge`).
  void log_knowledge_base(int p) const {
    if (!logging()) return;
    const Mind& mind = minds_[std::size_t(p)];
    const KnowledgeBase kb = knowledge_base(t_->deck, mind, players());
    LogRecord rec = record("knowledge");
    rec["agent"] = p + 1;
    add_knowledge_base(rec, t_->deck, kb);
    emit(std::move(rec), knowledge_base_text(t_->deck, kb, p));
  }

  // Only a player's own observations change what it knows: called after each of them.
  void note_knowledge(int p) {
    const Mind& m = minds_[std::size_t(p)];
    if (exact_knew_[std::size_t(p)] < 0 && m.exact().known_card_at(m.hidden_place()))
      exact_knew_[std::size_t(p)] = turn();
    if (rules_knew_[std::size_t(p)] < 0 && m.rules().hidden_gem())
      rules_knew_[std::size_t(p)] = turn();
  }

  // An `update` event for a private observation by one player (the set of worlds stays).
  void log_observation(int observer, const std::string& text, const std::string& formula) {
    log_update(UpdateKind::Private, {observer}, text, formula, world_count(), world_count());
  }

  int player_number(const std::string& arg, std::size_t column) const {
    const bool digits =
        !arg.empty() && arg.size() < 4 && arg.find_first_not_of("0123456789") == std::string::npos;
    if (!digits || std::stoi(arg) < 1 || std::stoi(arg) > players())
      throw FormulaError(
          "has(" + arg + ",...): players are numbered 1.." + std::to_string(players()), column);
    return std::stoi(arg) - 1;
  }
  int card_number(const std::string& arg, std::size_t column) const {
    for (int card = 0; card < t_->deck.size(); ++card)
      if (t_->deck.name(card) == arg) return card;
    throw FormulaError("no gem card '" + arg + "' in this deck", column);
  }

  std::shared_ptr<const Tables> t_;
  Deal deal_;
  std::deque<int> question_deck_;
  std::vector<std::vector<int>> hands_;  // question cards in hand, per player
  std::vector<Mind> minds_;
  int next_asker_ = 0;
  std::vector<int> exact_knew_, rules_knew_;  // outcome(): first turn known, -1 not yet
};

}  // namespace kripke::sleuth
