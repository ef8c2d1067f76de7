#include "assist/assist_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <sstream>

#include "assist/notebook_report.hpp"
#include "assist/table_state.hpp"
#include "play/desk.hpp"

namespace kripkesim::assist {
namespace {

using kripke::InputError;

std::string lower(std::string s) {
  for (char& ch : s) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

// The words of a line: separated by spaces or commas.
std::vector<std::string> words_of(const std::string& line) {
  std::string spaced = line;
  std::replace(spaced.begin(), spaced.end(), ',', ' ');
  std::istringstream in(spaced);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string join(const std::vector<std::string>& items, const std::string& separator) {
  std::string out;
  for (const std::string& item : items) {
    if (!out.empty()) out += separator;
    out += item;
  }
  return out;
}

// The number of the one of `names` that `word` names (play::completion); -1 when none or
// several.
int match(const std::vector<std::string>& names, const std::string& word) {
  const std::optional<std::string> name = play::completion(word, names);
  return name ? int(std::find(names.begin(), names.end(), *name) - names.begin()) : -1;
}

}  // namespace

int TableState::player_named(const std::string& word) const {
  const int p = match(players_, word);
  if (p < 0)
    throw InputError(
        fmt::format("'{}' is not one player (players: {})", word, join(players_, ", ")));
  return p;
}

int TableState::card_named(const std::string& word) const {
  const int card = match(rules_->card_names, word);
  if (card < 0)
    throw InputError(
        fmt::format("'{}' is not one card (cards: {})", word, join(rules_->card_names, ", ")));
  return card;
}

std::vector<int> TableState::cards_named(const std::vector<std::string>& words, std::size_t from,
                                         std::size_t count) const {
  if (words.size() < from + count)
    throw InputError(fmt::format("expected {} cards after '{}'", count, words[from - 1]));
  std::vector<int> out;
  for (std::size_t k = from; k < from + count; ++k) {
    const int card = card_named(words[k]);
    if (std::find(out.begin(), out.end(), card) != out.end())
      throw InputError(fmt::format("'{}' is named twice", rules_->card_names[std::size_t(card)]));
    out.push_back(card);
  }
  return out;
}

TableState::Fact TableState::parse(const std::string& line) const {
  const std::vector<std::string> words = words_of(line);
  if (words.empty()) throw InputError("an empty event");
  const std::string verb = lower(words[0]);
  Fact f;
  auto need = [&](bool ok, const char* what) {
    if (!ok) throw InputError(fmt::format("{}: expected {}", words[0], what));
  };
  if (!rules_ && verb != "players")
    throw InputError("first say who plays, clockwise: players NAME NAME NAME ...");
  if (verb == "players") {
    if (rules_) throw InputError("the players are already given");
    f.kind = Fact::Kind::Players;
    f.names.assign(words.begin() + 1, words.end());
    if (f.names.size() < 3 || f.names.size() > 6)
      throw InputError(fmt::format("Cluedo has 3 to 6 players, and {} are named", f.names.size()));
    for (std::size_t a = 0; a < f.names.size(); ++a)
      for (std::size_t b = 0; b < a; ++b)
        if (lower(f.names[a]) == lower(f.names[b]))
          throw InputError(fmt::format("'{}' is named twice", f.names[a]));
    f.text = "players " + join(f.names, " ");
    return f;
  }
  if (me_ < 0 && verb != "me") throw InputError("now say who you are: me NAME");
  if (verb == "me") {
    if (me_ >= 0) throw InputError("you are already " + players_[std::size_t(me_)]);
    need(words.size() == 2, "one name");
    f.kind = Fact::Kind::Me;
    f.player = player_named(words[1]);
    f.text = "me " + players_[std::size_t(f.player)];
    return f;
  }
  const std::size_t hand_size = std::size_t(rules_->hand_sizes[std::size_t(me_)]);
  if (!notebook_ && verb != "hand")
    throw InputError(fmt::format("now write your {} cards: hand CARD CARD ...", hand_size));
  auto card_words = [&](const std::vector<int>& cards) {
    std::vector<std::string> out;
    for (int card : cards) out.push_back(rules_->card_names[std::size_t(card)]);
    return join(out, " ");
  };
  if (verb == "hand") {
    if (notebook_) throw InputError("your hand is already given");
    if (words.size() - 1 != hand_size)
      throw InputError(fmt::format(
          "{}, player {} of {}, holds {} cards (hands are as even as possible, the first "
          "players one card more: list the players clockwise from the first dealt to)",
          players_[std::size_t(me_)], me_ + 1, players_.size(), hand_size));
    f.kind = Fact::Kind::Hand;
    f.cards = cards_named(words, 1, hand_size);
    f.text = "hand " + card_words(f.cards);
    return f;
  }
  if (over()) throw InputError("the game is over (undo takes back the last event)");
  if (verb != "suggest" && verb != "accuse")
    throw InputError(fmt::format("unknown event '{}' (events: suggest, accuse)", words[0]));
  need(words.size() >= 6, "NAME CARD CARD CARD and the answer");
  f.player = player_named(words[1]);
  if (out_[std::size_t(f.player)])
    throw InputError(players_[std::size_t(f.player)] +
                     " is out after a wrong accusation: it only shows cards now");
  const std::vector<int> named = cards_named(words, 2, 3);
  f.cards.assign(3, -1);
  for (int card : named) {
    const int c = rules_->card_category[std::size_t(card)];
    if (f.cards[std::size_t(c)] >= 0)
      throw InputError(fmt::format("one card per category, and '{}' is a second {}",
                                   rules_->card_names[std::size_t(card)],
                                   rules_->categories[std::size_t(c)].noun));
    f.cards[std::size_t(c)] = card;
  }
  const std::string answer = lower(words[5]);
  const std::string who = players_[std::size_t(f.player)];
  if (verb == "accuse") {
    f.kind = Fact::Kind::Accuse;
    need(words.size() == 6 && (answer == "wrong" || answer == "right"),
         "NAME CARD CARD CARD wrong|right");
    f.right = answer == "right";
    f.text = fmt::format("accuse {} {} {}", who, card_words(f.cards), answer);
    return f;
  }
  f.kind = Fact::Kind::Suggest;
  if (answer == "nobody") {
    need(words.size() == 6, "nothing after 'nobody'");
    f.text = fmt::format("suggest {} {} nobody", who, card_words(f.cards));
    return f;
  }
  need(answer == "shown" && (words.size() == 7 || words.size() == 8),
       "NAME CARD CARD CARD shown NAME [CARD], or ... nobody");
  f.shower = player_named(words[6]);
  if (f.shower == f.player) throw InputError(who + " cannot show a card to itself");
  if (words.size() == 8) {
    f.shown = card_named(words[7]);
    if (std::find(f.cards.begin(), f.cards.end(), f.shown) == f.cards.end())
      throw InputError(fmt::format("{} is not one of the suggested cards",
                                   rules_->card_names[std::size_t(f.shown)]));
    if (f.player != me_ && f.shower != me_)
      throw InputError(fmt::format("only {} saw the card {} showed: leave it out", who,
                                   players_[std::size_t(f.shower)]));
  } else if (f.player == me_) {
    throw InputError("you asked, so write the card you were shown: ... shown " +
                     players_[std::size_t(f.shower)] + " CARD");
  }
  f.text = fmt::format("suggest {} {} shown {}", who, card_words(f.cards),
                       players_[std::size_t(f.shower)]);
  if (f.shown >= 0) f.text += " " + rules_->card_names[std::size_t(f.shown)];
  return f;
}

std::vector<int> TableState::passers(const Fact& suggestion) const {
  std::vector<int> out;
  const int n = int(players_.size());
  for (int k = 1; k < n; ++k) {
    const int j = (suggestion.player + k) % n;
    if (j == suggestion.shower) break;
    out.push_back(j);
  }
  return out;
}

void TableState::apply_to(kripke::cluedo::Notebook& notebook, const Fact& fact) const {
  switch (fact.kind) {
    case Fact::Kind::Hand:
      notebook.looks_at_hand(fact.cards);
      break;
    case Fact::Kind::Suggest:
      for (int j : passers(fact)) notebook.passed(j, fact.cards);
      if (fact.shower >= 0) notebook.shown(fact.player, fact.shower, fact.cards, fact.shown);
      break;
    case Fact::Kind::Accuse:
      if (!fact.right) {
        notebook.wrong_accusation(fact.cards);
      } else {  // the envelope's cards are turned over: as if it showed each to me
        for (int card : fact.cards) notebook.shown(me_, rules_->envelope(), fact.cards, card);
      }
      break;
    case Fact::Kind::Players:
    case Fact::Kind::Me:
      break;
  }
}

bool TableState::possible(const std::vector<std::size_t>& earlier, const Fact& last) const {
  kripke::cluedo::Notebook notebook(*rules_, me_);
  for (std::size_t k : earlier) apply_to(notebook, facts_[k]);
  apply_to(notebook, last);
  return notebook.counts().total > 0;
}

std::vector<std::size_t> TableState::contradicted(const Fact& fact) const {
  std::vector<std::size_t> kept;
  for (std::size_t k = 0; k < facts_.size(); ++k)
    if (facts_[k].kind != Fact::Kind::Players && facts_[k].kind != Fact::Kind::Me)
      kept.push_back(k);
  // Drop every event without which the contradiction stays: what is left is needed.
  for (std::size_t k = kept.size(); k-- > 0;) {
    std::vector<std::size_t> without = kept;
    without.erase(without.begin() + std::ptrdiff_t(k));
    if (!possible(without, fact)) kept = std::move(without);
  }
  return kept;
}

void TableState::apply(const std::string& line) {
  Fact fact = parse(line);
  if (notebook_) {
    kripke::cluedo::Notebook next = *notebook_;
    apply_to(next, fact);
    if (next.counts().total == 0) {
      std::string message = fact.text + ": contradicts ";
      const std::vector<std::size_t> earlier = contradicted(fact);
      if (earlier.empty()) throw InputError(fact.text + ": no deal agrees with it");
      for (std::size_t k = 0; k < earlier.size(); ++k) {
        if (k) message += k + 1 == earlier.size() ? " and " : ", ";
        message += fmt::format("event {} ({})", earlier[k] + 1, events_[earlier[k]]);
      }
      throw InputError(message + ": no deal agrees with them all");
    }
  }
  record(std::move(fact));
}

void TableState::record(Fact fact) {
  switch (fact.kind) {
    case Fact::Kind::Players:
      players_ = fact.names;
      rules_ = kripke::cluedo::read_rules(kripke::Json{{"players", int(players_.size())}});
      out_.assign(players_.size(), false);
      break;
    case Fact::Kind::Me:
      me_ = fact.player;
      break;
    case Fact::Kind::Hand:
      notebook_.emplace(*rules_, me_);
      apply_to(*notebook_, fact);
      break;
    case Fact::Kind::Suggest:
      apply_to(*notebook_, fact);
      break;
    case Fact::Kind::Accuse:
      apply_to(*notebook_, fact);
      if (fact.right) {
        winner_ = fact.player;
      } else {
        out_[std::size_t(fact.player)] = true;
      }
      break;
  }
  events_.push_back(fact.text);
  facts_.push_back(std::move(fact));
}

void TableState::undo() {
  if (events_.empty()) throw InputError("there is no event to take back");
  std::vector<std::string> kept(events_.begin(), events_.end() - 1);
  TableState again;
  for (const std::string& e : kept) again.apply(e);
  *this = std::move(again);
}

std::string TableState::expecting() const {
  if (!rules_) return "players NAME NAME NAME ... (3 to 6, clockwise, the first dealt to first)";
  if (me_ < 0) return "me NAME (one of " + join(players_, ", ") + ")";
  if (!notebook_)
    return fmt::format("hand CARD ... (your {} cards)", rules_->hand_sizes[std::size_t(me_)]);
  if (over()) return "nothing: the game is over (undo takes back the last event)";
  return "suggest NAME CARD CARD CARD shown NAME [CARD] | suggest NAME CARD CARD CARD nobody | "
         "accuse NAME CARD CARD CARD wrong|right";
}

std::string TableState::advice() const {
  const std::string& me = players_[std::size_t(me_)];
  if (winner_ >= 0) return players_[std::size_t(winner_)] + " won.\n";
  if (out_[std::size_t(me_)]) return me + " is out: you only show cards now.\n";
  return suggestion_advice(*rules_, *notebook_);
}

std::string TableState::report(std::size_t triples) const {
  if (!ready()) return "Next: " + expecting() + "\n";
  return notebook_grid(*rules_, *notebook_, players_) + "\n" +
         envelope_odds(*rules_, *notebook_, triples) + "\n" + advice();
}

Table::Table() : state_(std::make_unique<TableState>()) {}
Table::~Table() = default;
Table::Table(const Table& other) : state_(std::make_unique<TableState>(*other.state_)) {}
Table& Table::operator=(const Table& other) {
  *state_ = *other.state_;
  return *this;
}
Table::Table(Table&&) noexcept = default;
Table& Table::operator=(Table&&) noexcept = default;

void Table::apply(const std::string& line) { state_->apply(line); }
void Table::undo() { state_->undo(); }
const std::vector<std::string>& Table::events() const { return state_->events(); }
bool Table::over() const { return state_->over(); }
kripke::BigCount Table::possible_deals() const { return state_->possible_deals(); }
std::string Table::report(std::size_t triples) const { return state_->report(triples); }
std::string Table::expecting() const { return state_->expecting(); }

}  // namespace kripkesim::assist
