// One game of Cluedo in progress (docs/games/cluedo.md): the deal, every player's Notebook,
// who is out.
//
// A turn: the player whose turn it is accuses at once if it knows the envelope (or, with
// accuse_at, finds it likely enough: strategies.hpp); otherwise it suggests a suspect, a weapon and
// a room, and the players to its left are asked in turn until one holds one of them and shows it to
// the suggester alone (everyone sees who showed); the others before it pass in public. If the
// suggester now knows the envelope it accuses. A right accusation wins; a wrong one (a script's, or
// an agent's gamble under accuse_at) is public, and the accuser is out: it no longer suggests or
// accuses, but still shows cards. The game ends with a win, or stalled when everyone is out.
//
// The deals (5.6·10^9 with 3 players, 4.4·10^13 with 6) are never listed: each player's
// knowledge is counted exactly by its Notebook. The Play's Model is a placeholder with the
// actual deal as its only world, so formulas cannot be evaluated (atoms say why).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kripke/deals.hpp"
#include "kripke/game.hpp"
#include "kripke/game_catalog.hpp"
#include "kripke/games/clue/card_seat_view.hpp"
#include "kripke/games/clue/suggestion.hpp"
#include "kripke/games/cluedo/notebook.hpp"
#include "kripke/games/cluedo/rules.hpp"
#include "kripke/games/cluedo/strategies.hpp"

namespace kripke::cluedo {

// What every play of one game shares.
struct Tables {
  Tables(Rules r, std::vector<AgentSettings> a)
      : rules(std::move(r)), agents(std::move(a)), deals(count_deals(rules.deal_spec())) {}
  Rules rules;
  std::vector<AgentSettings> agents;
  BigCount deals;
};

// A deal as the config and the log write it: {"hands": [[...], ...], "envelope": [...]}.
inline Json deal_json(const Rules& rules, const Deal& deal) {
  Json hands = Json::array();
  for (int p = 0; p < rules.players; ++p) hands.push_back(Json::array());
  Json envelope = Json::array();
  for (int card = 0; card < rules.card_count(); ++card) {
    const int place = deal[std::size_t(card)];
    (place == rules.envelope() ? envelope : hands[std::size_t(place)])
        .push_back(rules.card_names[std::size_t(card)]);
  }
  return {{"hands", hands}, {"envelope", envelope}};
}

class CluedoPlay final : public Play {
 public:
  CluedoPlay(std::shared_ptr<const Tables> tables, Deal deal)
      : Play("cluedo"),
        t_(std::move(tables)),
        rules_(t_->rules),
        deal_(std::move(deal)),
        out_(std::size_t(rules_.players), false),
        shown_before_(std::size_t(rules_.players), 0) {
    model_ = Model(std::vector<Partition>(std::size_t(rules_.players), Partition::universal(1)), 0);
  }

  // Each player looks at its hand (every notebook is there before the first update is
  // logged with every player's count, knowing nothing until its player looks).
  void setup() override {
    for (Agent p = 0; p < rules_.players; ++p) notebooks_.emplace_back(rules_, p);
    for (Agent p = 0; p < rules_.players; ++p) {
      const std::vector<int> hand = cards_at(p);
      notebooks_[std::size_t(p)].looks_at_hand(hand);
      std::string formula;
      for (int card : hand) {
        if (!formula.empty()) formula += " & ";
        formula += has(p, card);
      }
      log_counted(UpdateKind::Private, {p},
                  agent_name(p) + " looks at its hand: " + clue::card_list(rules_, hand), formula);
    }
  }

  TurnOutcome play_turn(Rng& rng) override {
    const Agent asker = next_asker_;
    if (out_[std::size_t(asker)]) return TurnOutcome::Stalled;  // everyone is out
    const AgentSettings& settings = t_->agents[std::size_t(asker)];
    const Notebook& notebook = notebooks_[std::size_t(asker)];
    if (auto cards = accusation(settings, rules_, notebook, rng)) {
      accuse(asker, *cards);
      return pass_turn(asker);
    }
    const Suggestion chosen = suggest(settings.strategy, rules_, notebook, rng);
    suggest_and_answer(asker, chosen.cards, &chosen.reason,
                       shower_choice(asker, chosen.cards, rng));
    if (auto cards = accusation(settings, rules_, notebook, rng)) accuse(asker, *cards);
    return pass_turn(asker);
  }

  // A person's turn at `kripkesim play`: {"cards": [suspect, weapon, room]}, a suggestion
  // answered as an agent's is (a person who must show chooses the card: set_person_shows),
  // after which the person may accuse (set_person_accuses); or {"accuse": [...]} at once.
  TurnOutcome person_move(const Json& move, const std::string& path, Rng& rng) override {
    ObjectReader r(move, path);
    const Agent asker = next_asker_;
    if (const Json* accused = r.find("accuse")) {
      const std::vector<int> cards =
          clue::read_one_per_category(rules_, *accused, r.path_of("accuse"));
      r.done();
      accuse(asker, cards);
      return pass_turn(asker);
    }
    const std::vector<int> cards =
        clue::read_one_per_category(rules_, r.required("cards"), r.path_of("cards"));
    r.done();
    suggest_and_answer(asker, cards, nullptr, shower_choice(asker, cards, rng));
    if (person_accuses_)
      if (const auto accused = person_accuses_(asker)) accuse(asker, *accused);
    return pass_turn(asker);
  }

  // Every suggestion, then every accusation (one card of each category), in person_move's
  // form; none when every player is out.
  std::vector<Json> legal_moves() const override {
    std::vector<Json> moves;
    if (out_[std::size_t(next_asker_)]) return moves;
    const std::size_t count = clue::suggestion_count(rules_);
    for (const char* key : {"cards", "accuse"})
      for (std::size_t k = 0; k < count; ++k)
        moves.push_back({{key, names(clue::nth_suggestion(rules_, k))}});
    return moves;
  }
  std::vector<std::string> public_move_fields() const override { return clue::card_move_fields(); }
  void adjust_seat_view(const Event& event, Agent me, LogRecord& view) const override {
    clue::card_seat_view(event, me, view);
  }

  // What `kripkesim play` asks of people: which of the suggested cards they hold to show
  // (none: the player's show policy decides), and whether to accuse after their suggestion
  // (none: no accusation).
  using PersonShows = std::function<std::optional<int>(
      Agent shower, Agent asker, const std::vector<int>& suggestion, const std::vector<int>& held)>;
  using PersonAccuses = std::function<std::optional<std::vector<int>>(Agent asker)>;
  void set_person_shows(PersonShows choose) { person_shows_ = std::move(choose); }
  void set_person_accuses(PersonAccuses choose) { person_accuses_ = std::move(choose); }

  bool has_won(Agent i) const override { return winner_ == i; }
  // Before the setup (the start event) nobody has looked at its hand yet.
  bool knows_goal(Agent i) const override {
    return !notebooks_.empty() && knows_envelope(rules_, notebooks_[std::size_t(i)]);
  }
  // For a batch's records: the players a wrong accusation put out (numbered from 1).
  Json outcome() const override {
    Json out = Json::array();
    for (Agent p = 0; p < rules_.players; ++p)
      if (out_[std::size_t(p)]) out.push_back(p + 1);
    return {{"out", out}};
  }
  Json knowledge(Agent) const override {
    return {{"envelope", names(cards_at(rules_.envelope()))}};
  }

  // Per player: the deals it considers possible and, per card, the place it knows the card
  // is in (a player's number or "env"), or null.
  void log_knowledge() const override {
    for (Agent p = 0; p < rules_.players; ++p) {
      const PlacementCounts& counts = notebooks_[std::size_t(p)].counts();
      LogRecord rec = record("knowledge");
      rec["agent"] = p + 1;
      rec["possible_deals"] = count_json(counts.total);
      LogRecord cards = LogRecord::object();
      for (int card = 0; card < rules_.card_count(); ++card) {
        auto& slot = cards[rules_.card_names[std::size_t(card)]];
        for (int place = 0; place < rules_.place_count(); ++place)
          if (counts.known_at(card, place))
            slot = place == rules_.envelope() ? Json("env") : Json(place + 1);
      }
      rec["cards"] = std::move(cards);
      emit(std::move(rec), "");
    }
  }

  WorldSet atom(const Formula& a, const Model&) const override {
    throw FormulaError(
        "Cluedo's " + to_string(t_->deals) +
            " deals are counted, not listed, so formulas cannot be evaluated (the clue game "
            "takes formulas on decks small enough to list)",
        a.column);
  }

  // {"cards": ["Scarlet", "rope", "hall"], "show": "rope"}: a suggestion by the player whose
  // turn it is, "show" naming the card the first player who can show one shows (needed when
  // it holds several). {"accuse": ["Scarlet", "rope", "hall"]}: an accusation by that player.
  void scripted_move(const Json& move, const std::string& path) override {
    ObjectReader r(move, path);
    const Agent asker = next_asker_;
    if (out_[std::size_t(asker)]) throw InputError("every player is out: nobody can move", path);
    const Json* accused = r.find("accuse");
    const std::optional<std::vector<int>> accusation =
        accused ? std::optional(clue::read_one_per_category(rules_, *accused, r.path_of("accuse")))
                : std::nullopt;
    if (accusation && !r.find("cards")) {
      r.done();
      accuse(asker, *accusation);
      pass_turn(asker);
      return;
    }
    const std::vector<int> cards =
        clue::read_one_per_category(rules_, r.required("cards"), r.path_of("cards"));
    const std::string show = r.string("show", "");
    const std::string show_path = r.path_of("show");
    r.done();
    bool someone_shows = false;
    for (int card : cards)
      someone_shows = someone_shows || (deal_[std::size_t(card)] != asker &&
                                        deal_[std::size_t(card)] != rules_.envelope());
    if (!show.empty() && !someone_shows)
      throw InputError("nobody can show a card, so \"show\" must be left out", show_path);
    suggest_and_answer(asker, cards, nullptr, [&](Agent shower, const std::vector<int>& held) {
      return clue::scripted_shown(rules_, agent_name(shower), held, show, path, show_path);
    });
    // After the suggestion, as a player's own turn may: the accusation.
    if (accusation) accuse(asker, *accusation);
    pass_turn(asker);
  }

  // A turn's suggestion (with the card shown) and accusation, as one scripted move.
  std::optional<Json> replayed_move(const std::vector<LogRecord>& turn) const override {
    Json move = Json::object();
    for (const LogRecord& r : turn) {
      if (r.value("event", "") != "move") continue;
      if (const auto s = r.find("suggestion"); s != r.end()) {
        move["cards"] = *s;
        if (r.contains("shown") && r["shown"].is_string()) move["show"] = r["shown"];
      }
      if (const auto a = r.find("accusation"); a != r.end()) move["accuse"] = *a;
    }
    if (move.empty()) return std::nullopt;
    return move;
  }

  Json deal() const override { return deal_json(rules_, deal_); }
  Json world_json(World) const override { return deal(); }
  std::string world_text(World) const override { return deal().dump(); }

  Json agents() const override {
    Json out = Json::array();
    for (Agent p = 0; p < rules_.players; ++p) {
      const AgentSettings& a = t_->agents[std::size_t(p)];
      out.push_back({{"agent", p + 1},
                     {"name", agent_name(p)},
                     {"strategy", strategy_names()[std::size_t(a.strategy)]},
                     {"show", clue::show_policy_names()[std::size_t(a.show)]}});
      if (a.accuse_at < 1) out.back()["accuse_at"] = a.accuse_at;
    }
    return out;
  }
  std::string agent_name(Agent i) const override { return "player " + std::to_string(i + 1); }

  bool enumerates_worlds() const override { return false; }
  BigCount world_count() const override { return t_->deals; }
  BigCount possible_count(Agent i) const override {
    return notebooks_.empty() ? t_->deals : notebooks_.at(std::size_t(i)).envelope_outlook().total;
  }

  const Rules& rules() const { return rules_; }
  const Notebook& notebook(Agent i) const { return notebooks_.at(std::size_t(i)); }
  Agent next_asker() const { return next_asker_; }
  std::optional<Agent> next_mover() const override { return next_asker_; }
  bool is_out(Agent i) const { return out_[std::size_t(i)]; }

 private:
  using ShowChoice = std::function<int(Agent shower, const std::vector<int>& held)>;

  std::vector<int> cards_at(int place) const {
    std::vector<int> out;
    for (int card = 0; card < rules_.card_count(); ++card)
      if (deal_[std::size_t(card)] == place) out.push_back(card);
    return out;
  }
  std::string has(Agent p, int card) const {
    std::string s = "has(";  // piece by piece: GCC 12's false -Wrestrict
    s += std::to_string(p + 1);
    s += ',';
    s += rules_.card_names[std::size_t(card)];
    return s + ")";
  }
  Json names(const std::vector<int>& cards) const {
    Json out = Json::array();
    for (int card : cards) out.push_back(rules_.card_names[std::size_t(card)]);
    return out;
  }

  // An update the game made itself: no worlds change (the deals are counted per player).
  void log_counted(UpdateKind kind, const std::vector<Agent>& audience, const std::string& text,
                   const std::string& formula) {
    log_update(kind, audience, text, formula, t_->deals, t_->deals);
  }

  // How the player who must show chooses among the suggested cards it holds: a person as
  // set_person_shows says, an agent by its show policy.
  ShowChoice shower_choice(Agent asker, const std::vector<int>& suggestion, Rng& rng) const {
    return [this, asker, suggestion, &rng](Agent shower, const std::vector<int>& held) {
      if (person_shows_)
        if (const auto card = person_shows_(shower, asker, suggestion, held)) return *card;
      return clue::pick_shown(
          t_->agents[std::size_t(shower)].show, held, shown_before_[std::size_t(shower)],
          [&](int card) { return notebooks_[std::size_t(asker)].counts().count(card, shower); },
          rng);
    };
  }

  // The players to the asker's left answer in turn until one shows a card.
  void suggest_and_answer(Agent asker, const std::vector<int>& cards, const MoveReason* reason,
                          const ShowChoice& choose) {
    const std::vector<Agent> order = clue::ask_order(rules_, asker);
    std::vector<Agent> passed;
    Agent shower = -1;
    std::vector<int> held;
    for (Agent j : order) {
      for (int card : cards)
        if (deal_[std::size_t(card)] == j) held.push_back(card);
      if (!held.empty()) {
        shower = j;
        break;
      }
      passed.push_back(j);
    }
    const int shown = shower < 0 ? -1 : choose(shower, held);
    LogRecord rec = record("move");
    rec["agent"] = asker + 1;
    rec["suggestion"] = names(cards);
    LogRecord passers = LogRecord::array();
    for (Agent j : passed) passers.push_back(j + 1);
    rec["passed"] = passers;
    rec["shown_by"] = shower < 0 ? LogRecord(nullptr) : LogRecord(shower + 1);
    rec["shown"] =
        shown < 0 ? LogRecord(nullptr) : LogRecord(rules_.card_names[std::size_t(shown)]);
    std::string text = agent_name(asker);
    text += " suggests ";
    text += clue::card_list(rules_, cards, " and ");
    rec["text"] = text;
    if (reason) {
      rec["reason"] = reason->json();
      text += "\n    ";
      text += reason->text();
    }
    emit(std::move(rec), std::move(text));
    for (Agent j : passed) {
      for (Notebook& n : notebooks_) n.passed(j, cards);
      std::string formula;
      for (int card : cards) {
        formula += formula.empty() ? "~" : " & ~";
        formula += has(j, card);
      }
      log_counted(UpdateKind::Public, all_agents(),
                  agent_name(j) + " holds none of " + clue::card_list(rules_, cards), formula);
    }
    if (shower < 0) return;
    for (Notebook& n : notebooks_) n.shown(asker, shower, cards, shown);
    shown_before_[std::size_t(shower)] |= std::uint64_t{1} << shown;
    std::string what = agent_name(shower);
    what += " shows ";
    what += agent_name(asker);
    what += ' ';
    what += rules_.card_names[std::size_t(shown)];
    what += "; the others see only that ";
    what += agent_name(shower);
    what += " holds ";
    what += clue::card_list(rules_, cards, " or ");
    log_counted(UpdateKind::Action, {asker, shower}, what, has(shower, shown));
  }

  void accuse(Agent accuser, const std::vector<int>& cards) {
    const bool right = Notebook::mask(cards) == Notebook::mask(cards_at(rules_.envelope()));
    LogRecord rec = record("move");
    rec["agent"] = accuser + 1;
    rec["accusation"] = names(cards);
    rec["right"] = right;
    std::string text = agent_name(accuser);
    text += " accuses ";
    text += clue::card_list(rules_, cards, " and ");
    text += right ? ": right" : ": wrong, and is out";
    rec["text"] = text;
    emit(std::move(rec), text);
    if (right) {
      winner_ = accuser;
      return;
    }
    out_[std::size_t(accuser)] = true;
    for (Notebook& n : notebooks_) n.wrong_accusation(cards);
    std::string formula;
    for (int card : cards) {
      formula += formula.empty() ? "~(" : " & ";
      formula += "env(";
      formula += rules_.card_names[std::size_t(card)];
      formula += ')';
    }
    log_counted(UpdateKind::Public, all_agents(),
                "the envelope does not hold " + clue::card_list(rules_, cards, " and "),
                formula + ")");
  }

  // The turn passes to the next player on the left who is not out; stalled when all are.
  TurnOutcome pass_turn(Agent asker) {
    for (int k = 1; k <= rules_.players; ++k) {
      const Agent next = Agent((asker + k) % rules_.players);
      if (!out_[std::size_t(next)]) {
        next_asker_ = next;
        return TurnOutcome::Continue;
      }
    }
    return TurnOutcome::Stalled;
  }

  std::shared_ptr<const Tables> t_;
  const Rules& rules_;
  Deal deal_;
  std::vector<Notebook> notebooks_;
  std::vector<bool> out_;                    // players out after a wrong accusation
  std::vector<std::uint64_t> shown_before_;  // per player: the cards it has shown
  Agent next_asker_ = 0;
  Agent winner_ = -1;
  PersonShows person_shows_;      // none: every player shows by its policy
  PersonAccuses person_accuses_;  // none: a person's suggestion is never followed by an accusation
};

class CluedoGame final : public Game {
 public:
  explicit CluedoGame(GameConfig config) : Game(std::move(config)) {
    Rules rules = read_rules(this->config().rules);
    std::vector<AgentSettings> agents = read_agents(this->config().agents, rules.players);
    tables_ = std::make_shared<const Tables>(std::move(rules), std::move(agents));
    if (!this->config().deal.is_null())
      actual_ = clue::read_deal_places(tables_->rules, this->config().deal, "/deal");
  }

  Json rules() const override { return cluedo::rules_json(tables_->rules); }

  std::unique_ptr<Play> new_play(Rng& rng) const override {
    return std::make_unique<CluedoPlay>(
        tables_, actual_ ? *actual_ : random_deal(tables_->rules.deal_spec(), rng));
  }

 private:
  std::shared_ptr<const Tables> tables_;
  std::optional<Deal> actual_;
};

// The game's entry in a catalog (game_catalog.hpp).
inline GameInfo game_info() {
  return {
      "cluedo",
      "Cluedo (docs/games/cluedo.md): the real 21-card game for 3 to 6 players, counted exactly",
      strategy_names(), [](GameConfig c) { return std::make_unique<CluedoGame>(std::move(c)); },
      false};
}

}  // namespace kripke::cluedo
