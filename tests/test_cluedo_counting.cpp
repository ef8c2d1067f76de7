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
#include <string>
#include <vector>

#include "clue_test_support.hpp"
#include "kripke/games/clue/info_gain.hpp"
#include "kripke/games/clue/outlook.hpp"
#include "kripke/games/cluedo/envelope_odds.hpp"
#include "kripke/games/cluedo/notebook.hpp"

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
