#include "assist/notebook_report.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "kripke/games/clue/suggestion.hpp"
#include "kripke/games/cluedo/envelope_odds.hpp"
#include "kripke/games/cluedo/strategies.hpp"
#include "kripke/plural.hpp"

namespace kripkesim::assist {
namespace {

namespace cd = kripke::cluedo;

// A probability in whole percent; never 0% or 100% for what is only likely.
std::string percent(double p) {
  if (p < 0.005) return "<1%";
  if (p > 0.995) return ">99%";
  return fmt::format("{:.0f}%", 100 * p);
}

}  // namespace

std::string notebook_grid(const cd::Rules& rules, const cd::Notebook& notebook,
                          const std::vector<std::string>& players) {
  const kripke::PlacementCounts& counts = notebook.counts();
  std::size_t card_width = 8;
  for (const std::string& name : rules.card_names) card_width = std::max(card_width, name.size());
  std::vector<std::string> heads = players;
  heads.emplace_back("envelope");
  std::string out = fmt::format("{:<{}}", "", card_width);
  std::vector<std::size_t> widths;
  for (const std::string& h : heads) {
    widths.push_back(std::max<std::size_t>(h.size(), 4));
    out += fmt::format("  {:>{}}", h, widths.back());
  }
  out += '\n';
  for (int card = 0; card < rules.card_count(); ++card) {
    if (card > 0 &&
        rules.card_category[std::size_t(card)] != rules.card_category[std::size_t(card - 1)])
      out += '\n';
    out += fmt::format("{:<{}}", rules.card_names[std::size_t(card)], card_width);
    for (int place = 0; place < rules.place_count(); ++place) {
      const std::string cell = counts.known_at(card, place) ? "yes"
                               : !counts.possible_at(card, place)
                                   ? "-"
                                   : percent(counts.probability(card, place));
      out += fmt::format("  {:>{}}", cell, widths[std::size_t(place)]);
    }
    out += '\n';
  }
  return out;
}

std::string envelope_odds(const cd::Rules& rules, const cd::Notebook& notebook,
                          std::size_t triples) {
  const std::vector<cd::EnvelopeOdds> odds = cd::likely_envelopes(rules, notebook);
  const std::string digits = kripke::to_string(notebook.counts().total);
  std::string deals;  // in groups of three
  for (std::size_t k = 0; k < digits.size(); ++k) {
    if (k > 0 && (digits.size() - k) % 3 == 0) deals += ',';
    deals += digits[k];
  }
  std::string out =
      fmt::format("Possible deals: {}; possible envelopes: {}. Most likely:\n", deals, odds.size());
  for (std::size_t k = 0; k < std::min(triples, odds.size()); ++k)
    out += fmt::format("  {:>6.2f}%  {}\n", 100 * odds[k].probability,
                       kripke::clue::card_list(rules, odds[k].cards, ", "));
  return out;
}

std::string suggestion_advice(const cd::Rules& rules, const cd::Notebook& notebook) {
  if (cd::knows_envelope(rules, notebook))
    return "You know the envelope: accuse " +
           kripke::clue::card_list(rules, cd::known_envelope(rules, notebook), ", ") + ".\n";
  std::vector<cd::ScoredSuggestion> scored = cd::suggestion_bits(rules, notebook);
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.bits > b.bits; });
  std::string out = "Suggest next (expected information about the envelope):\n";
  std::size_t k = 0;
  for (int shown = 0; shown < 3 && k < scored.size(); ++shown) {
    std::size_t tied = k + 1;
    while (tied < scored.size() && scored[tied].bits >= scored[k].bits - 1e-9) ++tied;
    out += fmt::format("  {:.3f} bits  {}", scored[k].bits,
                       kripke::clue::card_list(rules, scored[k].cards, ", "));
    if (tied - k > 1)
      out += fmt::format(" (or {} as good)", kripke::counted(tied - k - 1, "other"));
    out += '\n';
    k = tied;
  }
  return out;
}

}  // namespace kripkesim::assist
