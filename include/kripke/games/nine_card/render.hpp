// The knowledge and hint tables as log fields (JSON) and as transcript text.
#pragma once

#include <cstdio>
#include <string>

#include "kripke/events.hpp"
#include "kripke/games/nine_card/hints.hpp"
#include "kripke/text_width.hpp"

namespace kripke::nine_card {

inline std::string pad(std::string s, std::size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

// Tables are padded column by column; their lines should not end in blanks.
inline std::string trim_line_ends(const std::string& s) {
  std::string out;
  std::size_t blanks = 0;
  for (char c : s) {
    if (c == ' ') {
      ++blanks;
      continue;
    }
    if (c != '\n') out.append(blanks, ' ');
    blanks = 0;
    out += c;
  }
  return out;
}

inline std::string fixed(double x, int decimals = 2) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return buf;
}

inline std::string player_name(Agent p) { return "player " + std::to_string(p + 1); }

inline LogRecord knowledge_json(const KnowledgeTable& t, const Rules& rules) {
  LogRecord rows = LogRecord::array();
  for (const KnowledgeRow& row : t.rows) {
    LogRecord counts = LogRecord::object(), known = LogRecord::array();
    for (int card = 0; card < kCards; ++card) {
      const std::size_t k = row.count[std::size_t(card)];
      counts[card_name(card)] = k;
      if (k == t.worlds) known.push_back(card_name(card));
    }
    rows.push_back({{"place", rules.slot_name(row.slot)}, {"counts", counts}, {"known", known}});
  }
  return rows;
}

inline std::string knowledge_text(const KnowledgeTable& t, const Rules& rules) {
  const std::size_t width = 10;
  std::string s = "  what " + player_name(t.player) + " knows (" + std::to_string(t.worlds) +
                  " worlds possible; count/total of them with the card there):\n" + pad("", 12);
  for (int card = 0; card < kCards; ++card) s += pad(card_name(card), width);
  for (const KnowledgeRow& row : t.rows) {
    s += "\n  " + pad(rules.slot_name(row.slot), 10);
    for (int card = 0; card < kCards; ++card) {
      const std::size_t k = row.count[std::size_t(card)];
      s += pad(std::to_string(k) + "/" + std::to_string(t.worlds) + (k == t.worlds ? " (K)" : ""),
               width);
    }
  }
  s += "\n  ((K): the player knows the card is there)";
  return trim_line_ends(s);
}

// A cell in few columns: "no: 18 60%"; the original's red cells as "imp" (Impossible) and
// "n/s" (No sense), which the table's legend spells out.
inline std::string cell_text(const AnswerCell& cell, std::size_t total) {
  if (cell.status == CellStatus::Impossible) return "imp";
  if (cell.status == CellStatus::NoSense) return "n/s";
  return std::to_string(cell.left.worlds) + " " +
         fixed(100.0 * double(cell.left.worlds) / double(total), 0) + "%";
}

inline LogRecord hints_json(const HintTable& t) {
  LogRecord rows = LogRecord::array();
  for (const HintRow& row : t.rows) {
    LogRecord answers = LogRecord::array();
    for (const AnswerCell& cell : row.answers)
      answers.push_back({{"answer", cell.answer},
                         {"says", answer_name(row.question, cell.answer)},
                         {"status", status_id(cell.status)},
                         {"worlds", cell.left.worlds},
                         {"hidden_candidates", cell.left.candidates()},
                         {"probability", double(cell.left.worlds) / double(t.now.worlds)}});
    rows.push_back({{"question", questions()[std::size_t(row.question)].id},
                    {"target", row.target + 1},
                    {"answers", answers},
                    {"expected_worlds", row.expected_worlds},
                    {"expected_hidden", row.expected_hidden},
                    {"entropy_drop", row.entropy_drop},
                    {"relations_deleted", row.relations_deleted},
                    {"best", row.best}});
  }
  return rows;
}

// Within 100 columns: 4 + 21 (question) + 10 (asked) + 3 x 12 (answers) + 24 (figures).
inline std::string hints_text(const HintTable& t) {
  std::string s =
      wrap_words("hints for " + player_name(t.player) + " (" + std::to_string(t.now.worlds) +
                     " worlds possible, " + std::to_string(t.now.candidates()) +
                     " hidden-card candidates; * = best: deletes the most relations "
                     "to worlds with another hidden card)",
                 "  ", "    ") +
      "\n    " + pad("question", 21) + pad("asked", 10) + pad("answers: worlds left", 36) +
      "E[w]   E[h]  del   bits";
  for (const HintRow& row : t.rows) {
    s += "\n  " + std::string(row.best ? "* " : "  ") +
         pad(questions()[std::size_t(row.question)].label, 21) + pad(player_name(row.target), 10);
    std::string cells;
    for (const AnswerCell& cell : row.answers)
      cells +=
          pad(answer_name(row.question, cell.answer) + ": " + cell_text(cell, t.now.worlds), 12);
    s += pad(cells, 36) + pad(fixed(row.expected_worlds), 7) + pad(fixed(row.expected_hidden), 6) +
         pad(std::to_string(row.relations_deleted), 6) + fixed(row.entropy_drop, 3);
  }
  s += "\n  (imp = Impossible, n/s = No sense; expected: E[w] worlds and E[h] hidden-card "
       "candidates left,\n  del relations deleted, bits of information about the hidden card)";
  return trim_line_ends(s);
}

}  // namespace kripke::nine_card
