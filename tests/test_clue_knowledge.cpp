// Clue's knowledge checked against a brute-force model built here from scratch: deals by
// plain loops, and for `product` a world per (deal, which card was shown at each step) with
// "agent k cannot tell two worlds apart" = same own hand and same cards seen at the steps
// where k asked or answered. Every K / Kw formula of depth one and two over has/env atoms
// must agree with the engine, as must every player's count of possible worlds.
#include <catch2/catch.hpp>
#include <map>

#include "clue_test_support.hpp"

using namespace clue_test;

namespace {

constexpr int kPlayers = 3, kEnvelope = 3, kCards = 8;
// The small deck of ClueModel's figures in the engine's order: weapons 0..3, suspects 4..7.
const std::vector<std::string> kNames = {"candle",  "dagger",  "rope",  "wrench",
                                         "Scarlet", "Mustard", "Green", "Plum"};

using BruteDeal = std::vector<int>;  // place of each card

std::vector<BruteDeal> all_deals() {
  std::vector<BruteDeal> out;
  BruteDeal d(kCards);
  for (int code = 0; code < 1 << (2 * kCards); ++code) {
    int count[4] = {0, 0, 0, 0}, env_weapons = 0;
    for (int c = 0; c < kCards; ++c) {
      d[c] = (code >> (2 * c)) & 3;
      ++count[d[c]];
      if (d[c] == kEnvelope && c < 4) ++env_weapons;
    }
    if (count[0] == 2 && count[1] == 2 && count[2] == 2 && env_weapons == 1) out.push_back(d);
  }
  return out;
}

struct Step {
  int asker, answerer;
  std::vector<int> cards;
  int shown;  // -1: the answerer holds none
};

struct BruteWorld {
  BruteDeal deal;
  std::vector<int> seen;  // per step, the card shown (-1 when none was)
};

// The product model after `steps`: every deal consistent with them, branching on each card
// the answerer could have shown.
std::vector<BruteWorld> product_worlds(const std::vector<Step>& steps) {
  std::vector<BruteWorld> worlds;
  for (const auto& deal : all_deals()) worlds.push_back({deal, {}});
  for (const Step& s : steps) {
    std::vector<BruteWorld> next;
    for (const auto& w : worlds) {
      std::vector<int> held;
      for (int c : s.cards)
        if (w.deal[c] == s.answerer) held.push_back(c);
      if ((s.shown < 0) != held.empty()) continue;
      if (held.empty()) held.push_back(-1);
      for (int c : held) {
        BruteWorld v = w;
        v.seen.push_back(c);
        next.push_back(v);
      }
    }
    worlds = next;
  }
  return worlds;
}

// What agent k observes in a world: its hand, and what it saw at each step.
std::vector<int> product_view(const BruteWorld& w, const std::vector<Step>& steps, int k) {
  std::vector<int> view;
  for (int c = 0; c < kCards; ++c) view.push_back(w.deal[c] == k);
  for (std::size_t s = 0; s < steps.size(); ++s)
    view.push_back(steps[s].asker == k || steps[s].answerer == k ? w.seen[s] : -2);
  return view;
}

// The shortcut model: deals only; the asker additionally sees whether the answerer holds
// the shown card.
std::vector<int> shortcut_view(const BruteWorld& w, const std::vector<Step>& steps, int k) {
  std::vector<int> view;
  for (int c = 0; c < kCards; ++c) view.push_back(w.deal[c] == k);
  for (const Step& s : steps)
    view.push_back(s.asker == k && s.shown >= 0 ? w.deal[s.shown] == s.answerer : -2);
  return view;
}

class Brute {
 public:
  Brute(std::vector<BruteWorld> worlds, const std::vector<Step>& steps, bool product)
      : worlds_(std::move(worlds)) {
    for (int k = 0; k < kPlayers; ++k) {
      std::map<std::vector<int>, int> ids;
      std::vector<int> cls;
      for (const auto& w : worlds_) {
        const auto view = product ? product_view(w, steps, k) : shortcut_view(w, steps, k);
        cls.push_back(ids.emplace(view, int(ids.size())).first->second);
      }
      class_.push_back(cls);
      class_count_.push_back(int(ids.size()));
    }
  }
  std::size_t size() const { return worlds_.size(); }
  std::vector<bool> place(int card, int where) const {
    std::vector<bool> out;
    for (const auto& w : worlds_) out.push_back(w.deal[card] == where);
    return out;
  }
  std::vector<bool> knows(int k, const std::vector<bool>& phi) const {
    std::vector<bool> all_true(std::size_t(class_count_[k]), true), out;
    for (std::size_t w = 0; w < size(); ++w)
      if (!phi[w]) all_true[class_[k][w]] = false;
    for (std::size_t w = 0; w < size(); ++w) out.push_back(all_true[class_[k][w]]);
    return out;
  }
  std::vector<bool> knows_whether(int k, const std::vector<bool>& phi) const {
    std::vector<bool> neg(phi.size()), a = knows(k, phi);
    for (std::size_t w = 0; w < phi.size(); ++w) neg[w] = !phi[w];
    const auto b = knows(k, neg);
    for (std::size_t w = 0; w < a.size(); ++w) a[w] = a[w] || b[w];
    return a;
  }
  std::size_t class_size(int k, std::size_t w) const {
    return std::size_t(std::count(class_[k].begin(), class_[k].end(), class_[k][w]));
  }

 private:
  std::vector<BruteWorld> worlds_;
  std::vector<std::vector<int>> class_;
  std::vector<int> class_count_;
};

// Plays `steps` in the engine and compares it with the brute-force model after each one.
void compare(const std::string& semantics, const std::vector<Step>& steps) {
  Json rules = small_rules();
  rules["semantics"] = semantics;
  const auto game = make_clue(rules, {}, figures_deal());
  Started s(*game);
  const BruteDeal actual_deal = {0, 0, 1, kEnvelope, 1, 2, 2, kEnvelope};
  for (std::size_t n = 0; n <= steps.size(); ++n) {
    if (n > 0) {
      const Step& st = steps[n - 1];
      Json move = {{"by", st.asker + 1}, {"ask", st.answerer + 1}, {"cards", Json::array()}};
      for (int c : st.cards) move["cards"].push_back(kNames[c]);
      if (st.shown >= 0) move["show"] = kNames[st.shown];
      s.play().scripted_move(move, "/m");
    }
    const std::vector<Step> done(steps.begin(), steps.begin() + long(n));
    const bool product = semantics == "product";
    std::vector<BruteWorld> worlds = product_worlds(done);
    if (!product)  // one world per deal: no branching on the shown card
      worlds.erase(
          std::unique(worlds.begin(), worlds.end(),
                      [](const BruteWorld& a, const BruteWorld& b) { return a.deal == b.deal; }),
          worlds.end());
    std::size_t actual = 0;
    while (!(worlds[actual].deal == actual_deal && (!product || [&] {
               for (std::size_t k = 0; k < done.size(); ++k)
                 if (worlds[actual].seen[k] != done[k].shown) return false;
               return true;
             }())))
      ++actual;
    const Brute brute(worlds, done, product);
    INFO(semantics << " after step " << n);
    CHECK(s.play().model().alive_count() == brute.size());
    for (int k = 0; k < kPlayers; ++k)
      CHECK(s.play().model().possible(k) == brute.class_size(k, actual));

    const std::string places[] = {"1", "2", "3"};
    for (int card = 0; card < kCards; ++card) {
      for (int where = 0; where <= kEnvelope; ++where) {
        const std::string atom = where == kEnvelope
                                     ? "env(" + kNames[card] + ")"
                                     : "has(" + places[where] + "," + kNames[card] + ")";
        const auto phi = brute.place(card, where);
        for (int a = 0; a < kPlayers; ++a) {
          const std::string A = std::to_string(a + 1);
          CHECK(s.holds("K" + A + " " + atom) == brute.knows(a, phi)[actual]);
          for (int b = 0; b < kPlayers; ++b) {
            const std::string B = std::to_string(b + 1);
            CHECK(s.holds("K" + A + " K" + B + " " + atom) ==
                  brute.knows(a, brute.knows(b, phi))[actual]);
            CHECK(s.holds("K" + A + " Kw" + B + " " + atom) ==
                  brute.knows(a, brute.knows_whether(b, phi))[actual]);
          }
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("[clue] the brute-force deal loops find the 1440 deals of ClueModel's figures") {
  CHECK(all_deals().size() == 1440);
}

TEST_CASE("[clue] product semantics agrees with the brute-force history model") {
  // Cards: 0 candle 1 dagger 2 rope 3 wrench 4 Scarlet 5 Mustard 6 Green 7 Plum.
  compare("product", {
                         {2, 0, {1, 5}, 1},   // 3 asks 1 {dagger, Mustard}: 1 shows dagger
                         {0, 1, {2, 4}, 2},   // 1 asks 2 {rope, Scarlet}: 2 holds both, shows rope
                         {1, 2, {0, 6}, 6},   // 2 asks 3 {candle, Green}: 3 shows Green
                         {0, 1, {0, 6}, -1},  // 1 asks 2 {candle, Green}: neither
                         {2, 1, {2, 4}, 4},   // 3 asks 2 {rope, Scarlet}: 2 shows Scarlet
                     });
}

TEST_CASE("[clue] shortcut semantics agrees with the brute-force deal model") {
  compare("shortcut", {
                          {2, 0, {1, 5}, 1},
                          {0, 1, {2, 4}, 2},
                          {1, 2, {0, 6}, 6},
                          {0, 1, {0, 6}, -1},
                          {2, 1, {2, 4}, 4},
                      });
}

TEST_CASE("[clue] product and shortcut differ in what onlookers know about the asker") {
  // ClueModel's figures figure 3: 1 asks 2 {candle, Scarlet}, 2 shows Scarlet. Player 3 does not
  // know that 1 holds the candle. With the exact action model 3 cannot tell which card 1 saw, so 3
  // does not know whether 1 knows "2 holds Scarlet"; the shortcut refines 1's relation by that very
  // card in every world, so 3 "knows" that 1 knows whether 2 holds Scarlet.
  for (const std::string semantics : {"product", "shortcut"}) {
    Json rules = small_rules();
    rules["semantics"] = semantics;
    const auto game = make_clue(rules, {}, figures_deal());
    Started s(*game);
    s.play().scripted_move({{"cards", {"candle", "Scarlet"}}, {"show", "Scarlet"}}, "/m");
    INFO(semantics);
    // First-order knowledge is the same.
    CHECK(s.holds("K1 has(2,Scarlet)"));
    CHECK(s.holds("K3 (has(2,candle) | has(2,Scarlet))"));
    CHECK_FALSE(s.holds("Kw3 has(2,Scarlet)"));
    // Both: 3 knows that 1 has learnt one of the two cards.
    CHECK(s.holds("K3 (K1 has(2,Scarlet) | K1 has(2,candle))"));
    // Only the shortcut: 3 "knows" that 1 knows whether 2 holds Scarlet.
    CHECK(s.holds("K3 Kw1 has(2,Scarlet)") == (semantics == "shortcut"));
  }
}
