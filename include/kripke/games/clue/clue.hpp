// Simplified Clue (docs/games/clue.md, ClueModel): a deck of weapons and suspects (and
// optionally rooms) is dealt into the players' hands and an envelope holding one card of
// each category. In turn, each player suggests one card per category; the asked player
// holding none says so publicly, the first who holds one shows one to the asker alone.
// Whoever knows the envelope wins.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "kripke/deals.hpp"
#include "kripke/game.hpp"
#include "kripke/game_catalog.hpp"
#include "kripke/games/clue/card_seat_view.hpp"
#include "kripke/games/clue/deal_notation.hpp"
#include "kripke/games/clue/outlook.hpp"
#include "kripke/games/clue/render.hpp"
#include "kripke/games/clue/rules.hpp"
#include "kripke/games/clue/strategies.hpp"
#include "kripke/games/clue/suggestion.hpp"
#include "kripke/games/clue/tables.hpp"

namespace kripke::clue {

class CluePlay final : public Play {
 public:
  CluePlay(std::shared_ptr<const Tables> tables, std::vector<AgentSettings> agents,
           DealIndex actual)
      : Play("clue"),
        t_(std::move(tables)),
        rules_(t_->rules()),
        agents_(std::move(agents)),
        shown_before_(std::size_t(rules_.players), 0) {
    model_ = t_->initial_model(actual);
  }

  // Each player looks at its own hand.
  void setup() override {
    for (Agent p = 0; p < rules_.players; ++p) {
      const std::vector<int> hand = t_->cards_at(actual_deal(), p);
      std::vector<FormulaPtr> holds;
      for (int card : hand) holds.push_back(has(p, card));
      // observe({p}, t_->hand_keys(p), ...), refined once per Game rather than per play.
      observe_refined(p, t_->looked_at_hand(p),
                      agent_name(p) + " looks at its hand: " + card_list(rules_, hand),
                      to_string(*f::all_of(holds)));
    }
    emit_table();
  }

  TurnOutcome play_turn(Rng& rng) override {
    const Agent asker = next_asker_;
    const std::vector<Agent> order = ask_order(rules_, asker);
    const Outlook view = outlook(*t_, model_, asker);
    const Suggestion chosen = suggest(agents_[asker].strategy, {*t_, asker, view, order}, rng);
    suggest_and_answer(
        asker, chosen.cards, order,
        [&](Agent answerer, const std::vector<int>& held) {
          return shown_card(answerer, asker, chosen.cards, held, view, rng);
        },
        &chosen.reason);
    return TurnOutcome::Continue;
  }

  // {"cards": ["rope", "Scarlet"]}: the suggestion of the player whose turn it is, chosen by
  // a person; asked in the rules' order, the answerers show cards by their policies (or,
  // at a person's seat, as the person chooses).
  TurnOutcome person_move(const Json& move, const std::string& path, Rng& rng) override {
    ObjectReader r(move, path);
    const std::vector<int> cards = read_suggestion(r.required("cards"), r.path_of("cards"));
    r.done();
    const Agent asker = next_asker_;
    const Outlook view = outlook(*t_, model_, asker);
    person_suggests_ = true;
    suggest_and_answer(asker, cards, ask_order(rules_, asker),
                       [&](Agent answerer, const std::vector<int>& held) {
                         return shown_card(answerer, asker, cards, held, view, rng);
                       });
    person_suggests_ = false;
    return TurnOutcome::Continue;
  }

  // Every suggestion: one card of each category, in person_move's form.
  std::vector<Json> legal_moves() const override {
    std::vector<Json> moves;
    for (std::size_t k = 0; k < suggestion_count(rules_); ++k)
      moves.push_back({{"cards", names(nth_suggestion(rules_, k))}});
    return moves;
  }
  std::vector<std::string> public_move_fields() const override { return card_move_fields(); }
  void adjust_seat_view(const Event& event, Agent me, LogRecord& view) const override {
    card_seat_view(event, me, view);
  }

  // A person's choice of the card to show (`kripkesim play`): given the answerer, the asker,
  // the suggestion and the suggested cards the answerer holds, one of those cards, or
  // nullopt to leave the choice to the answerer's show policy.
  using PersonShows = std::function<std::optional<int>(Agent answerer, Agent asker,
                                                       const std::vector<int>& suggestion,
                                                       const std::vector<int>& held)>;
  void set_person_shows(PersonShows choose) { person_shows_ = std::move(choose); }
  Agent next_asker() const { return next_asker_; }
  std::optional<Agent> next_mover() const override { return next_asker_; }

  bool has_won(Agent i) const override {
    return knows_value(model_, i, [this](std::uint32_t d) { return t_->envelope_id(d); });
  }

  Json knowledge(Agent) const override {
    return {{"envelope", names(t_->envelope_cards(actual_deal()))}};
  }

  // Per player: the deals it considers possible and, per card, the place it knows the card
  // is in (a player's number or "env"), or null. The transcript shows the same as the
  // knowledge table, so the events carry no text.
  void log_knowledge() const override {
    for (Agent p = 0; p < rules_.players; ++p) {
      const Outlook view = outlook(*t_, model_, p);
      LogRecord rec = record("knowledge");
      rec["agent"] = p + 1;
      rec["possible_deals"] = view.deals.size();
      LogRecord cards = LogRecord::object();
      for (int card = 0; card < rules_.card_count(); ++card) {
        const int place = view.known_place(card);
        auto& slot = cards[rules_.card_names[std::size_t(card)]];
        if (place == rules_.envelope()) {
          slot = "env";
        } else if (place >= 0) {
          slot = place + 1;
        }
      }
      rec["cards"] = std::move(cards);
      emit(std::move(rec), "");
    }
  }

  WorldSet atom(const Formula& a, const Model& m) const override { return t_->atom(a, m); }

  // {"by": 1, "ask": 2, "cards": ["dagger", "Scarlet"], "show": "Scarlet"}: "by" defaults to
  // whose turn it is, "ask" (one player only) to the rules' order, "show" to the only
  // suggested card the answerer holds (it must be given when it holds several).
  void scripted_move(const Json& move, const std::string& path) override {
    ObjectReader r(move, path);
    const Agent asker = Agent(r.integer("by", next_asker_ + 1, 1, rules_.players) - 1);
    std::vector<Agent> order = ask_order(rules_, asker);
    if (const Json* ask = r.find("ask")) {
      const auto asked = ObjectReader::integer_value(*ask, r.path_of("ask"), 1, rules_.players) - 1;
      if (asked == asker) throw InputError("a player cannot ask itself", r.path_of("ask"));
      order = {Agent(asked)};
    }
    const std::vector<int> cards = read_suggestion(r.required("cards"), r.path_of("cards"));
    const std::string show = r.string("show", "");
    r.done();
    if (!show.empty() && responder(*t_, actual_deal(), card_mask(cards), order).position < 0)
      throw InputError("nobody can show a card, so \"show\" must be left out", r.path_of("show"));
    suggest_and_answer(asker, cards, order, [&](Agent answerer, const std::vector<int>& held) {
      return scripted_shown(rules_, agent_name(answerer), held, show, path, r.path_of("show"));
    });
  }

  // A turn's suggestion, by its player, with the card shown (when one was).
  std::optional<Json> replayed_move(const std::vector<LogRecord>& turn) const override {
    for (const LogRecord& r : turn) {
      if (r.value("event", "") != "move") continue;
      Json move = {{"by", r["agent"]}, {"cards", r["suggestion"]}};
      if (r.contains("shown") && r["shown"].is_string()) move["show"] = r["shown"];
      return move;
    }
    return std::nullopt;
  }

  Json deal() const override { return deal_json(*t_, actual_deal()); }
  // A world as its deal: {"hands": ..., "envelope": ...}, and "cd rS MG | wP".
  Json world_json(World w) const override { return deal_json(*t_, model_.valuation(w)); }
  std::string world_text(World w) const override { return deal_text(*t_, model_.valuation(w)); }
  std::string world_notation() const override { return deal_notation(rules_); }
  // A world named by its deal, as world_json writes it, or by its number.
  World world_named(const Json& name, const std::string& path) const override {
    if (!name.is_object()) return Play::world_named(name, path);
    const DealIndex d = read_deal(*t_, name, path);
    return alive_world_with_valuation(d, "the deal " + deal_text(*t_, d), path);
  }

  Json agents() const override {
    Json out = Json::array();
    for (Agent p = 0; p < rules_.players; ++p)
      out.push_back({{"agent", p + 1},
                     {"name", agent_name(p)},
                     {"strategy", strategy_names()[std::size_t(agents_[p].strategy)]},
                     {"show", show_policy_names()[std::size_t(agents_[p].show)]}});
    return out;
  }
  std::string agent_name(Agent i) const override { return "player " + std::to_string(i + 1); }

  // ClueModel keeps only the relations among the worlds a player considers possible, all
  // of them to each other: its table and logs show (possible worlds)^2 where `relations`
  // counts the pairs of the whole partition.
  std::uint64_t possible_relations(Agent i) const {
    const std::uint64_t possible = model_.possible(i);
    return possible * possible;
  }
  void add_statistics(Agent i, LogRecord& stats) const override {
    stats["possible_relations"] = possible_relations(i);
  }

  const Tables& tables() const { return *t_; }
  const Rules& rules() const { return rules_; }

 private:
  using ShowChoice = std::function<int(Agent answerer, const std::vector<int>& held)>;

  DealIndex actual_deal() const { return model_.valuation(model_.actual()); }

  int shown_card(Agent answerer, Agent asker, const std::vector<int>& suggestion,
                 const std::vector<int>& held, const Outlook& asker_view, Rng& rng) const {
    if (person_shows_)
      if (const auto card = person_shows_(answerer, asker, suggestion, held)) return *card;
    return choose_shown(agents_[answerer].show, *t_, held, shown_before_[answerer], answerer,
                        asker_view, rng);
  }

  FormulaPtr has(Agent p, int card) const {
    return f::atom("has", {std::to_string(p + 1), rules_.card_names[card]});
  }
  Json names(const std::vector<int>& cards) const { return card_names_json(rules_, cards); }

  std::vector<int> read_suggestion(const Json& list, const std::string& path) const {
    return read_one_per_category(rules_, list, path);
  }

  // The asked players answer in order until one shows a card. Every answer is an update:
  // a public "holds none" for each player who cannot show, then the shown card. Winners
  // are checked by the game loop once the answer is complete.
  // `reason`: why the asker's strategy chose the suggestion (none for a scripted one).
  void suggest_and_answer(Agent asker, const std::vector<int>& cards,
                          const std::vector<Agent>& order, const ShowChoice& choose,
                          const MoveReason* reason = nullptr) {
    const Responder r = responder(*t_, actual_deal(), card_mask(cards), order);
    const std::vector<Agent> passed(order.begin(),
                                    r.position < 0 ? order.end() : order.begin() + r.position);
    const Agent answerer = r.position < 0 ? -1 : order[std::size_t(r.position)];
    last_shown_ = answerer < 0 ? -1 : choose(answerer, cards_in(r.held));

    emit_move(asker, cards, order, passed, answerer, reason);
    for (Agent j : passed) announce_holds_none(j, cards);
    if (answerer >= 0) {
      if (rules_.semantics == Semantics::Product) {
        show_product(asker, answerer, cards);
      } else {
        show_shortcut(asker, answerer, cards);
      }
      shown_before_[answerer] |= std::uint64_t{1} << last_shown_;
    }
    next_asker_ = (asker + 1) % rules_.players;
    // Dead worlds still cost time in every later update (a product update drops them, an
    // announcement or observation does not): drop them once they are the majority.
    if (2 * model_.alive_count() < model_.world_count()) compact(model_);
    emit_table();
  }

  void emit_move(Agent asker, const std::vector<int>& cards, const std::vector<Agent>& order,
                 const std::vector<Agent>& passed, Agent answerer, const MoveReason* reason) {
    LogRecord rec = record("move");
    rec["agent"] = asker + 1;
    rec["suggestion"] = names(cards);
    LogRecord asked = LogRecord::array(), passers = LogRecord::array();
    for (Agent j : order) asked.push_back(j + 1);
    for (Agent j : passed) passers.push_back(j + 1);
    rec["asked"] = asked;
    rec["passed"] = passers;
    rec["shown_by"] = answerer < 0 ? LogRecord(nullptr) : LogRecord(answerer + 1);
    rec["shown"] = last_shown_ < 0 ? LogRecord(nullptr) : LogRecord(rules_.card_names[last_shown_]);
    std::string whom = agent_name(order.front());
    if (order.size() > 1) {
      whom = "players ";
      for (Agent j : order) whom += (j == order.front() ? "" : ", ") + std::to_string(j + 1);
      whom += " in turn";
    }
    // A move given from outside (a person's, a program's, a scenario's) names no strategy:
    // the log's "by" says whose it was.
    const std::string text =
        agent_name(asker) +
        (person_suggests_ ? std::string()
                          : " (" + strategy_names()[std::size_t(agents_[asker].strategy)] + ")") +
        " suggests " + card_list(rules_, cards, " and ") + ", asking " + whom;
    rec["text"] = text;
    if (!reason) {
      emit(std::move(rec), text);
      return;
    }
    rec["reason"] = reason->json();
    std::string shown = text;
    shown += "\n    ";
    shown += reason->text();
    emit(std::move(rec), std::move(shown));
  }

  void announce_holds_none(Agent j, const std::vector<int>& cards) {
    std::vector<FormulaPtr> none;
    for (int card : cards) none.push_back(f::neg(has(j, card)));
    const std::string text = cards.size() == 2 ? "neither " + card_list(rules_, cards, " nor ")
                                               : "none of " + card_list(rules_, cards);
    announce(f::all_of(none), agent_name(j) + " holds " + text);
  }

  // The others' view of a shown card: "player 3 sees only that player 2 holds dagger or Scarlet".
  std::string onlookers_text(Agent asker, Agent answerer, const std::vector<int>& cards) const {
    std::string who;
    int count = 0;
    for (Agent k = 0; k < rules_.players; ++k)
      if (k != asker && k != answerer) who += (count++ ? ", " : " ") + std::to_string(k + 1);
    return (count > 1 ? "players" : "player") + who + " see" + (count > 1 ? "" : "s") +
           " only that " + agent_name(answerer) + " holds " + card_list(rules_, cards, " or ");
  }

  // The exact action model: one event per suggested card, precondition "the answerer holds
  // it"; asker and answerer tell the events apart, nobody else does.
  void show_product(Agent asker, Agent answerer, const std::vector<int>& cards) {
    ActionModel am;
    am.event_class.assign(std::size_t(rules_.players), std::vector<std::uint32_t>(cards.size(), 0));
    for (std::size_t e = 0; e < cards.size(); ++e) {
      am.preconditions.push_back(truth(*has(answerer, cards[e])));
      am.event_class[asker][e] = am.event_class[answerer][e] = std::uint32_t(e);
      if (cards[e] == last_shown_) am.actual_event = e;
    }
    act(am, {asker, answerer},
        agent_name(answerer) + " shows " + agent_name(asker) + " " +
            rules_.card_names[last_shown_] + "; " + onlookers_text(asker, answerer, cards),
        to_string(*has(answerer, last_shown_)));
  }

  // The original's simplification: public "holds at least one", then only the asker's
  // relation is refined by whether the answerer holds the shown card.
  void show_shortcut(Agent asker, Agent answerer, const std::vector<int>& cards) {
    std::vector<FormulaPtr> some;
    for (int card : cards) some.push_back(has(answerer, card));
    announce(f::any_of(some), agent_name(answerer) + " holds " + card_list(rules_, cards, " or "));
    std::vector<std::uint64_t> key(model_.world_count());
    for (World w = 0; w < key.size(); ++w)
      key[w] = t_->holds(model_.valuation(w), answerer, last_shown_);
    observe(
        {asker}, key,
        agent_name(answerer) + " shows " + agent_name(asker) + " " + rules_.card_names[last_shown_],
        to_string(*has(answerer, last_shown_)));
  }

  void emit_table() {
    if (!logging()) return;
    std::vector<Outlook> views;
    std::vector<RelationCounts> relations;
    for (Agent p = 0; p < rules_.players; ++p) {
      views.push_back(outlook(*t_, model_, p));
      relations.push_back({model_.relations(p), possible_relations(p)});
    }
    emit_text(knowledge_table(rules_, views, relations, previous_views_));
    previous_views_ = std::move(views);
  }

  std::shared_ptr<const Tables> t_;
  const Rules& rules_;
  std::vector<AgentSettings> agents_;
  std::vector<std::uint64_t> shown_before_;  // per player: the cards it has shown
  PersonShows person_shows_;                 // none: every answerer follows its policy
  bool person_suggests_ = false;             // the suggestion came from outside the game
  std::vector<Outlook> previous_views_;      // for marking what the next table adds
  Agent next_asker_ = 0;
  int last_shown_ = -1;
};

class ClueGame final : public Game {
 public:
  explicit ClueGame(GameConfig config) : Game(std::move(config)) {
    tables_ =
        std::make_shared<const Tables>(read_rules(this->config().rules), this->config().limits());
    agents_ = read_agents(this->config().agents);
    if (!this->config().deal.is_null()) actual_ = read_deal(*tables_, this->config().deal, "/deal");
  }

  Json rules() const override { return rules_json(tables_->rules()); }

  std::unique_ptr<Play> new_play(Rng& rng) const override {
    if (actual_) return play_with(*actual_);
    return play_with(
        DealIndex(tables_->deals().rank(random_deal(tables_->rules().deal_spec(), rng))));
  }

  // Deal k is row k of the deal table (lexicographic in the place of each card).
  std::size_t deal_count() const override { return tables_->deal_count(); }
  std::unique_ptr<Play> new_play_with_deal(Rng&, std::size_t k) const override {
    if (k >= deal_count()) throw std::out_of_range("clue: no deal " + std::to_string(k));
    return play_with(DealIndex(k));
  }

  const Tables& tables() const { return *tables_; }

 private:
  std::unique_ptr<Play> play_with(DealIndex deal) const {
    return std::make_unique<CluePlay>(tables_, agents_, deal);
  }

  std::vector<AgentSettings> read_agents(const Json& list) const {
    return read_agent_list<AgentSettings>(list, tables_->rules().players, [](ObjectReader& r) {
      AgentSettings settings;
      settings.strategy =
          Strategy(index_of(strategy_names(), r.choice("strategy", "random", strategy_names())));
      settings.show = ShowPolicy(
          index_of(show_policy_names(), r.choice("show", "random", show_policy_names())));
      return settings;
    });
  }

  static std::size_t index_of(const std::vector<std::string>& names, const std::string& name) {
    return std::size_t(std::find(names.begin(), names.end(), name) - names.begin());
  }

  std::shared_ptr<const Tables> tables_;
  std::vector<AgentSettings> agents_;
  std::optional<DealIndex> actual_;
};

// The game's entry in a catalog (game_catalog.hpp).
inline GameInfo game_info() {
  return {
      "clue",
      "simplified Clue (docs/games/clue.md): suggest a weapon and a suspect, learn the envelope",
      strategy_names(), [](GameConfig c) { return std::make_unique<ClueGame>(std::move(c)); },
      false};
}

}  // namespace kripke::clue
