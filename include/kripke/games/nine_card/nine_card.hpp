// nine-card (docs/games/nine-card.md): the 9-card colour/diamond variant of Sleuth. The
// Game reads the rules, the agents' strategies and an optional fixed deal,
// builds the world table and the initial partitions once, and starts plays that
// share them.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kripke/game.hpp"
#include "kripke/game_catalog.hpp"
#include "kripke/games/nine_card/play.hpp"

namespace kripke::nine_card {

class NineCardGame final : public Game {
 public:
  explicit NineCardGame(GameConfig config) : Game(std::move(config)) {
    rules_ = read_rules(this->config().rules);
    table_ = std::make_shared<const WorldTable>(rules_, this->config().limits());
    initial_.assign(std::size_t(rules_.players), Partition::universal(table_->size()));
    strategies_ = read_strategies(this->config().agents);
    if (!this->config().deal.is_null()) read_deal(this->config().deal);
  }

  Json rules() const override { return to_json(rules_); }
  const WorldTable& table() const { return *table_; }

  std::unique_ptr<Play> new_play(Rng& rng) const override {
    const Deal cards = fixed_cards_ ? *fixed_cards_ : random_deal(deal_spec(rules_), rng);
    return play_with(DealIndex(table_->deals().rank(cards)), rng);
  }

  // Deal k is row k of the world table (every deal of the gem cards, lexicographic); the
  // question cards come from `rng` (or the config).
  std::size_t deal_count() const override { return table_->size(); }
  std::unique_ptr<Play> new_play_with_deal(Rng& rng, std::size_t k) const override {
    if (k >= deal_count()) throw std::out_of_range("nine-card: no deal " + std::to_string(k));
    return play_with(DealIndex(k), rng);
  }

 private:
  std::unique_ptr<Play> play_with(DealIndex deal, Rng& rng) const {
    // One draw after another (arguments of one call would be evaluated in any order).
    QuestionDeal questions = deal_questions(rng);
    const std::uint64_t deck_seed = rng.next();
    return std::make_unique<NineCardPlay>(table_, initial_, strategies_, deal, std::move(questions),
                                          deck_seed);
  }

  // The question cards: the config's, or dealt from a deck shuffled with the
  // seed.
  QuestionDeal deal_questions(Rng& rng) const {
    QuestionDeal q;
    if (fixed_question_hands_) {
      q.hands = *fixed_question_hands_;
      q.deck = fixed_deck_ ? *fixed_deck_ : undealt(q.hands);
      if (!fixed_deck_) rng.shuffle(q.deck);
      return q;
    }
    std::vector<int> deck = all_questions();
    rng.shuffle(deck);
    for (Agent p = 0; p < rules_.players; ++p) {
      const auto first = deck.begin() + p * rules_.question_hand;
      q.hands.emplace_back(first, first + rules_.question_hand);
    }
    q.deck.assign(deck.begin() + rules_.players * rules_.question_hand, deck.end());
    return q;
  }

  // "agents": [] (everyone plays `hint`) or one {"strategy": ...} per player.
  std::vector<Strategy> read_strategies(const Json& agents) const {
    std::vector<Strategy> out(std::size_t(rules_.players), Strategy::Hint);
    if (agents.empty()) return out;
    if (agents.size() != out.size())
      throw InputError("expected one agent per player (" + std::to_string(rules_.players) +
                           "), found " + std::to_string(agents.size()),
                       "/agents");
    for (std::size_t k = 0; k < agents.size(); ++k) {
      ObjectReader r(agents[k], "/agents/" + std::to_string(k));
      out[k] = *parse_strategy(r.choice("strategy", "hint", strategy_names()));
      r.done();
    }
    return out;
  }

  // {"hands": [["B2","B3"], ...], "hidden": "R3", "open": ["G2","G3"],
  //  "questions": {"hands": [["G1","green","d2"], ...], "deck": [...]}}
  //  (questions optional, and its deck too: what is not given is shuffled from
  //  the seed)
  void read_deal(const Json& deal) {
    ObjectReader r(deal, "/deal");
    Deal cards(kCards, std::uint8_t(255));
    auto place = [&](const Json& name, const std::string& path, int slot) {
      const auto card = parse_card(ObjectReader::string_value(name, path));
      if (!card) throw InputError("unknown card " + name.dump() + " (cards are R1 ... B3)", path);
      if (cards[std::size_t(*card)] != 255)
        throw InputError("card " + name.get<std::string>() + " is dealt twice", path);
      cards[std::size_t(*card)] = std::uint8_t(slot);
    };
    const Json& hands = sized_array(r.required("hands"), "/deal/hands", rules_.players);
    for (int p = 0; p < rules_.players; ++p) {
      const std::string path = "/deal/hands/" + std::to_string(p);
      const Json& hand = sized_array(hands[std::size_t(p)], path, rules_.hand_size);
      for (std::size_t k = 0; k < hand.size(); ++k)
        place(hand[k], path + "/" + std::to_string(k), p);
    }
    place(r.required("hidden"), "/deal/hidden", rules_.hidden_slot());
    const Json& open = sized_array(r.required("open"), "/deal/open", rules_.open_cards);
    for (std::size_t k = 0; k < open.size(); ++k)
      place(open[k], "/deal/open/" + std::to_string(k), rules_.open_slot());
    fixed_cards_ = cards;
    if (const Json* q = r.find("questions")) read_question_deal(*q);
    r.done();
  }

  void read_question_deal(const Json& json) {
    ObjectReader r(json, "/deal/questions");
    std::vector<bool> used(kQuestions, false);
    auto read_cards = [&](const Json& list, const std::string& path, int count) {
      std::vector<int> out;
      sized_array(list, path, count);
      for (std::size_t k = 0; k < list.size(); ++k) {
        const std::string at = path + "/" + std::to_string(k);
        const auto q = parse_question(ObjectReader::string_value(list[k], at));
        if (!q)
          throw InputError(
              "unknown question card " + list[k].dump() + " (one of " + all_question_ids() + ")",
              at);
        if (used[std::size_t(*q)])
          throw InputError("question card " + list[k].dump() + " is dealt twice", at);
        used[std::size_t(*q)] = true;
        out.push_back(*q);
      }
      return out;
    };
    const Json& hands = sized_array(r.required("hands"), "/deal/questions/hands", rules_.players);
    std::vector<std::vector<int>> dealt;
    for (int p = 0; p < rules_.players; ++p)
      dealt.push_back(read_cards(hands[std::size_t(p)],
                                 "/deal/questions/hands/" + std::to_string(p),
                                 rules_.question_hand));
    fixed_question_hands_ = dealt;
    if (const Json* deck = r.find("deck"))
      fixed_deck_ = read_cards(*deck, "/deal/questions/deck",
                               kQuestions - rules_.players * rules_.question_hand);
    r.done();
  }

  static const Json& sized_array(const Json& v, const std::string& path, int size) {
    array_at(v, path);
    if (v.size() != std::size_t(size))
      throw InputError(
          "expected " + std::to_string(size) + " entries, found " + std::to_string(v.size()), path);
    return v;
  }

  static std::vector<int> all_questions() {
    std::vector<int> all(kQuestions);
    for (int k = 0; k < kQuestions; ++k) all[std::size_t(k)] = k;
    return all;
  }
  static std::vector<int> undealt(const std::vector<std::vector<int>>& hands) {
    std::vector<int> rest;
    for (int q : all_questions()) {
      bool dealt = false;
      for (const auto& hand : hands)
        dealt = dealt || std::find(hand.begin(), hand.end(), q) != hand.end();
      if (!dealt) rest.push_back(q);
    }
    return rest;
  }

  Rules rules_;
  std::shared_ptr<const WorldTable> table_;
  std::vector<Partition> initial_;
  std::vector<Strategy> strategies_;
  std::optional<Deal> fixed_cards_;
  std::optional<std::vector<std::vector<int>>> fixed_question_hands_;
  std::optional<std::vector<int>> fixed_deck_;
};

// The game's entry in a catalog (game_catalog.hpp).
inline GameInfo game_info() {
  return {"nine-card",
          "the 9-card colour/diamond Sleuth variant (docs/games/nine-card.md): 22,680 worlds, "
          "hint tables",
          strategy_names(),
          [](GameConfig c) { return std::make_unique<NineCardGame>(std::move(c)); }, false};
}

}  // namespace kripke::nine_card
