// Recognising typos: how far a word is from a name, and which name an unknown word meant,
// for the "did you mean" of messages. Bounded, so that a megabyte-long unknown name costs
// its length times a few edits, not times every candidate's length.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

namespace kripke {

// The number of single-character edits between two words, how typos are recognised, when it
// is at most `limit`; limit + 1 otherwise. Only the cells within `limit` of the diagonal are
// computed (a longer path cannot come back under the limit), so an unknown name of a
// megabyte costs its length times the limit, not times every candidate's length.
inline std::size_t edit_distance(const std::string& a, const std::string& b, std::size_t limit) {
  const std::size_t n = a.size(), m = b.size(), over = limit + 1;
  if ((n > m ? n - m : m - n) > limit) return over;
  std::vector<std::size_t> row(m + 1, over);  // cells outside the band stay `over`
  for (std::size_t j = 0; j <= std::min(m, limit); ++j) row[j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    const std::size_t lo = i > limit ? i - limit : 1, hi = std::min(m, i + limit);
    std::size_t diag = row[lo - 1];
    row[lo - 1] = lo == 1 && i <= limit ? i : over;
    for (std::size_t j = lo; j <= hi; ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({up + 1, row[j - 1] + 1, diag + (a[i - 1] != b[j - 1]), over});
      diag = up;
    }
  }
  return row[m];
}

// How many edits a typo of `word` may have: a third of it, at least one, at most four (a
// name that differs more is another name, however long).
inline std::size_t typo_edits(const std::string& word) {
  return std::clamp<std::size_t>(word.size() / 3, 1, 4);
}

// The one of `names` closest to `word`, if it looks like a typo of it (a few edits, fewer
// than the word's length), else "".
inline std::string nearest_of(const std::string& word, const std::vector<std::string>& names) {
  std::string best;
  std::size_t best_distance = std::min(typo_edits(word), word.size() - 1) + 1;
  for (const std::string& name : names)
    if (const std::size_t d = edit_distance(word, name, best_distance - 1);
        d > 0 && d < best_distance) {
      best = name;
      best_distance = d;
    }
  return best;
}

// A message's parenthesis after an unknown word: " (did you mean NEAREST? LISTED)", or
// " (LISTED)" when no name is near it ("LISTED": "the variables: x, y").
inline std::string unknown_word_hint(const std::string& word, const std::vector<std::string>& names,
                                     const std::string& listed) {
  const std::string nearest = nearest_of(word, names);
  return " (" + (nearest.empty() ? "" : "did you mean " + nearest + "? ") + listed + ")";
}

}  // namespace kripke
