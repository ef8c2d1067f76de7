// A player's knowledge base as Elderman & Steging's Sleuth simulator keeps it, read off its
// rules engine: for every other player p the cards it knows p has (K_a K_p X), has not
// (K_a ¬K_p X) and could have (the rest); the cards it knows are in the game (K_a X) and
// those that may be the hidden gem (M_a X); the gem, once a rule has found it. As a
// `knowledge` event for the log and as lines for the transcript (`run --knowledge`).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kripke/events.hpp"
#include "kripke/games/sleuth/cards.hpp"
#include "kripke/games/sleuth/knowledge.hpp"

namespace kripke::sleuth {

struct KnowledgeBase {
  struct Lists {
    int player = 0;  // 0-based
    std::vector<int> has, has_not, could_have;
  };
  std::vector<Lists> others;  // every other player, in order
  std::vector<int> in_game, maybe_hidden;
  int found = -1;  // the hidden gem, when a rule has found it
  std::string way;
};

inline KnowledgeBase knowledge_base(const Deck& deck, const Mind& mind, int players) {
  const RulesKnowledge& rules = mind.rules();
  KnowledgeBase kb;
  auto in = [](std::uint64_t mask, int card) { return ((mask >> card) & 1U) != 0; };
  for (int p = 0; p < players; ++p) {
    if (p == mind.self()) continue;
    KnowledgeBase::Lists lists;
    lists.player = p;
    const auto has = rules.has()[std::size_t(p)], has_not = rules.has_not()[std::size_t(p)];
    for (int card = 0; card < deck.size(); ++card)
      (in(has, card)       ? lists.has
       : in(has_not, card) ? lists.has_not
                           : lists.could_have)
          .push_back(card);
    kb.others.push_back(std::move(lists));
  }
  for (int card = 0; card < deck.size(); ++card)
    (rules.in_game(card) ? kb.in_game : kb.maybe_hidden).push_back(card);
  if (const auto gem = rules.hidden_gem()) {
    kb.found = *gem;
    kb.way = rules.way_found();
  }
  return kb;
}

inline LogRecord names_json(const Deck& deck, const std::vector<int>& cards) {
  LogRecord out = LogRecord::array();
  for (int card : cards) out.push_back(deck.name(card));
  return out;
}

// The fields of the `knowledge` event for player `mind.self()`.
inline void add_knowledge_base(LogRecord& rec, const Deck& deck, const KnowledgeBase& kb) {
  LogRecord others = LogRecord::array();
  for (const auto& lists : kb.others)
    others.push_back({{"player", lists.player + 1},
                      {"has", names_json(deck, lists.has)},
                      {"has_not", names_json(deck, lists.has_not)},
                      {"could_have", names_json(deck, lists.could_have)}});
  rec["players"] = std::move(others);
  rec["in_game"] = names_json(deck, kb.in_game);
  rec["maybe_hidden"] = names_json(deck, kb.maybe_hidden);
  rec["found"] = kb.found < 0 ? LogRecord(nullptr) : LogRecord(deck.name(kb.found));
}

inline std::string knowledge_base_text(const Deck& deck, const KnowledgeBase& kb, int self) {
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "literal" + string.
  auto names = [&](const std::vector<int>& cards) {
    std::string s;
    for (int card : cards) {
      if (!s.empty()) s += ' ';
      s += deck.name(card);
    }
    return s.empty() ? std::string("-") : s;
  };
  std::string out = "    knowledge base of player ";
  out += std::to_string(self + 1);
  out += ":";
  for (const auto& lists : kb.others) {
    out += "\n      player ";
    out += std::to_string(lists.player + 1);
    out += ": has " + names(lists.has);
    out += "; has not " + std::to_string(lists.has_not.size()) + " cards";
    out += "; could have " + names(lists.could_have);
  }
  out += "\n      K (in the game): ";
  out += std::to_string(kb.in_game.size());
  out += " cards; M (may be hidden): " + names(kb.maybe_hidden);
  if (kb.found >= 0) out += "; found " + deck.name(kb.found) + " (" + kb.way + ")";
  return out;
}

}  // namespace kripke::sleuth
