// Cluedo's exact counting against the explicit engine: on decks small enough to enumerate,
// Clue games (clockwise asking, rooms, 3 to 6 players, the exact action model of a shown
// card) are played with the explicit Kripke model, and every player keeps a Notebook of
// what it saw (its hand, passes, cards shown to it, cards shown to others). After the
// looks at the hands and after every suggestion, each player's count of possible deals and,
// for every card and place, the number of those deals with the card there must be the
// same in both: the counting engine with its disjunctions is the product update, read at
// the level of deals. So must the envelope's joint distribution and every suggestion's
// expected information (count_answers' counts by answer and envelope), against the clue
// game's info-gain measure over the listed deals.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "clue_test_support.hpp"
#include "kripke/games/clue/info_gain.hpp"
#include "kripke/games/clue/outlook.hpp"
#include "kripke/games/cluedo/answers.hpp"
#include "kripke/games/cluedo/envelope_odds.hpp"
#include "kripke/games/cluedo/notebook.hpp"
#include "kripke/games/cluedo/rules.hpp"

using namespace clue_test;
using kripke::Agent;
using kripke::cluedo::Notebook;

namespace {

Json names(const char* prefix, int n) {
  Json out = Json::array();
  for (int k = 0; k < n; ++k) out.push_back(prefix + std::to_string(k));
  return out;
}

std::vector<int> cards_of(const kripke::clue::Rules& rules, const Json& list) {
  std::vector<int> out;
  for (const Json& name : list) out.push_back(*rules.find_card(name.get<std::string>()));
  return out;
}

// Whether player i's Notebook says what the explicit model says player i knows.
void check_agreement(const kripke::clue::Tables& t, const kripke::Model& model,
                     const Notebook& notebook, Agent i) {
  const kripke::clue::Outlook view = kripke::clue::outlook(t, model, i);
  const kripke::PlacementCounts& counts = notebook.counts();
  INFO("player " << i + 1);
  REQUIRE(counts.total == kripke::BigCount(view.deals.size()));
  const int places = t.rules().place_count();
  std::vector<std::uint64_t> at(std::size_t(t.rules().card_count() * places), 0);
  for (kripke::clue::DealIndex d : view.deals)
    for (int card = 0; card < t.rules().card_count(); ++card)
      ++at[std::size_t(card * places + t.place_of(d, card))];
  for (int card = 0; card < t.rules().card_count(); ++card)
    for (int p = 0; p < places; ++p)
      REQUIRE(counts.count(card, p) == kripke::BigCount(at[std::size_t(card * places + p)]));

  // The log's count and the envelope's possible cards, from the forward pass alone.
  const kripke::ForwardCount forward =
      kripke::count_forward(notebook.information(), notebook.envelope());
  REQUIRE(forward.total() == counts.total);
  const kripke::CardMask may_hold = kripke::cards_of_first_place(forward);
  for (int card = 0; card < t.rules().card_count(); ++card)
    REQUIRE(((may_hold >> card) & 1U) == (counts.count(card, notebook.envelope()) > 0));
  // And the whole table from that forward half is count_hands' own.
  const kripke::PlacementCounts finished = kripke::count_hands(notebook.information(), forward);
  REQUIRE(finished.total == counts.total);
  REQUIRE(finished.at == counts.at);

  // The envelope, triple by triple.
  std::vector<std::uint64_t> envelopes(kripke::clue::suggestion_count(t.rules()), 0);
  for (kripke::clue::DealIndex d : view.deals) ++envelopes[t.envelope_id(d)];
  const auto odds = kripke::cluedo::likely_envelopes(t.rules(), notebook);
  std::size_t possible = 0;
  for (std::size_t e = 0; e < envelopes.size(); ++e) possible += envelopes[e] > 0;
  REQUIRE(odds.size() == possible);
  for (std::size_t k = 0; k < odds.size(); ++k) {
    std::size_t e = 0;
    while (kripke::clue::nth_suggestion(t.rules(), e) != odds[k].cards) ++e;
    REQUIRE(odds[k].probability ==
            Approx(double(envelopes[e]) / double(view.deals.size())).epsilon(1e-12));
    if (k > 0) REQUIRE(odds[k].probability <= odds[k - 1].probability);
  }

  // Every suggestion's expected information about the envelope.
  const auto scores =
      kripke::clue::suggestion_scores(t, view, kripke::clue::ask_order(t.rules(), i));
  const auto bits = kripke::cluedo::suggestion_bits(t.rules(), notebook);
  REQUIRE(bits.size() == scores.weighted_entropy.size());
  for (std::size_t s = 0; s < bits.size(); ++s) {
    REQUIRE(bits[s].cards == kripke::clue::nth_suggestion(t.rules(), s));
    REQUIRE(bits[s].bits == Approx(scores.bits(s)).margin(1e-9));
  }
}

}  // namespace

TEST_CASE("[cluedo] exact counting with disjunctions agrees with the explicit product model") {
  struct Deck {
    int weapons, suspects, rooms, players;
  };
  const char* const shows[] = {"random", "shown-before", "min-leak"};
  const char* const strategies[] = {"random", "unknown", "info-gain"};
  int disjunctions = 0, events = 0;
  for (const Deck deck :
       {Deck{3, 3, 3, 3}, Deck{3, 3, 3, 4}, Deck{4, 4, 4, 3}, Deck{4, 3, 3, 5}, Deck{4, 4, 3, 6}}) {
    const Json rules = {{"weapons", names("w", deck.weapons)},
                        {"suspects", names("s", deck.suspects)},
                        {"rooms", names("r", deck.rooms)},
                        {"players", deck.players},
                        {"ask", "clockwise"}};
    Json agents = Json::array();
    for (int p = 0; p < deck.players; ++p)
      agents.push_back({{"strategy", strategies[p % 3]}, {"show", shows[(p + 1) % 3]}});
    const auto game = make_clue(rules, agents);
    const kripke::clue::Tables& t = game->tables();
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      INFO("deck " << deck.weapons << "/" << deck.suspects << "/" << deck.rooms << ", "
                   << deck.players << " players, seed " << seed);
      Started play(*game, seed);
      const kripke::Model& model = play.runner.play().model();
      const kripke::clue::DealIndex actual = model.valuation(model.actual());
      std::vector<Notebook> notebooks;
      for (Agent i = 0; i < deck.players; ++i) {
        notebooks.emplace_back(t.rules(), i);
        notebooks.back().looks_at_hand(t.cards_at(actual, i));
      }
      for (Agent i = 0; i < deck.players; ++i) check_agreement(t, model, notebooks[i], i);
      while (!play.runner.finished()) {
        const std::size_t before = play.sink.records.size();
        play.runner.step();
        for (std::size_t k = before; k < play.sink.records.size(); ++k) {
          const Json& r = play.sink.records[k];
          if (r["event"] != "move") continue;
          const std::vector<int> cards = cards_of(t.rules(), r["suggestion"]);
          const Agent asker = r["agent"].get<int>() - 1;
          for (Notebook& n : notebooks) {
            for (const Json& j : r["passed"]) n.passed(j.get<int>() - 1, cards);
            if (r["shown_by"].is_null()) continue;
            const Agent shower = r["shown_by"].get<int>() - 1;
            n.shown(asker, shower, cards, *t.rules().find_card(r["shown"].get<std::string>()));
            disjunctions += n.me() != asker && n.me() != shower;
          }
          ++events;
        }
        for (Agent i = 0; i < deck.players; ++i)
          check_agreement(t, play.runner.play().model(), notebooks[i], i);
      }
    }
  }
  CHECK(events > 60);
  CHECK(disjunctions > 60);
}

namespace {

// The expected information of one suggestion from count_answers, which follows the
// suggested cards in groups of their own: the measure computed the other way, as a
// reference for answer_information's factors on the real deck, which no explicit model lists.
double bits_by_singled_count(const kripke::clue::Rules& rules, const Notebook& notebook,
                             const std::vector<int>& suggestion) {
  const auto answers = kripke::cluedo::count_answers(rules, notebook, notebook.me(), suggestion);
  std::map<std::pair<int, std::vector<kripke::CardMask>>, std::pair<double, double>> after, now;
  double total = 0;
  for (const auto& a : answers) {
    const int answer = a.responder < 0 ? 0 : 1 + a.responder * 3 + a.category;
    for (auto* cells : {&after, &now}) {
      auto& cell = (*cells)[{cells == &after ? answer : 0, a.envelope}];
      cell.first += double(a.weight);
      cell.second = double(a.triples());
    }
    total += double(a.weight);
  }
  const auto value = [](const auto& cells) {
    const auto xlogx = [](double x) { return x > 0 ? x * std::log(x) : 0.0; };
    std::map<int, double> per_answer;
    double sum = 0;
    for (const auto& [key, cell] : cells) {
      per_answer[key.first] += cell.first;
      sum -= cell.second * xlogx(cell.first / cell.second);
    }
    for (const auto& [answer, weight] : per_answer) sum += xlogx(weight);
    return sum;
  };
  return total > 0 ? (value(now) - value(after)) / total / std::log(2.0) : 0;
}

}  // namespace

TEST_CASE("[cluedo] the shared count scores suggestions as counting each one alone does") {
  // The real deck with 6 players: random suggestions by everyone, answered clockwise, each
  // player noting what it sees; every fifth suggestion, 10 random suggestions of one player
  // scored both ways (and its count and envelope cards by the forward pass alone).
  const kripke::clue::Rules rules = kripke::cluedo::read_rules({{"players", 6}});
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    kripke::Rng rng(seed);
    const kripke::Deal deal = kripke::random_deal(rules.deal_spec(), rng);
    std::vector<Notebook> notebooks;
    for (Agent p = 0; p < 6; ++p) {
      notebooks.emplace_back(rules, p);
      std::vector<int> hand;
      for (int card = 0; card < rules.card_count(); ++card)
        if (deal[std::size_t(card)] == p) hand.push_back(card);
      notebooks.back().looks_at_hand(hand);
    }
    const auto random_suggestion = [&] {
      std::vector<int> cards;
      for (int c = 0; c < 3; ++c) {
        std::vector<int> category;
        for (int card = 0; card < rules.card_count(); ++card)
          if (rules.card_category[std::size_t(card)] == c) category.push_back(card);
        cards.push_back(rng.pick(category));
      }
      return cards;
    };
    for (int turn = 1; turn <= 25; ++turn) {
      const Agent asker = Agent(rng.below(6));
      const std::vector<int> cards = random_suggestion();
      for (Agent j : kripke::clue::ask_order(rules, asker)) {
        std::vector<int> held;
        for (int card : cards)
          if (deal[std::size_t(card)] == j) held.push_back(card);
        if (held.empty()) {
          for (Notebook& n : notebooks) n.passed(j, cards);
          continue;
        }
        const int shown = rng.pick(held);
        for (Notebook& n : notebooks)
          n.shown(asker, j, cards, n.me() == asker || n.me() == j ? shown : -1);
        break;
      }
      if (turn % 5 != 0) continue;
      const Notebook& notebook = notebooks[std::size_t(rng.below(6))];
      const kripke::ForwardCount forward =
          kripke::count_forward(notebook.information(), notebook.envelope());
      REQUIRE(forward.total() == notebook.counts().total);
      const kripke::CardMask may_hold = kripke::cards_of_first_place(forward);
      for (int card = 0; card < rules.card_count(); ++card)
        REQUIRE(((may_hold >> card) & 1U) ==
                (notebook.counts().count(card, notebook.envelope()) > 0));
      const auto scored = kripke::cluedo::suggestion_bits(rules, notebook);
      for (int k = 0; k < 10; ++k) {
        const auto& s = scored[std::size_t(rng.below(scored.size()))];
        INFO("seed " << seed << ", turn " << turn << ", player " << notebook.me() + 1);
        REQUIRE(s.bits == Approx(bits_by_singled_count(rules, notebook, s.cards)).margin(1e-9));
        ++compared;
      }
    }
  }
  CHECK(compared == 150);
}
