#include "play/desk.hpp"

#include <algorithm>
#include <cctype>

namespace kripkesim::play {
namespace {

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

std::string Desk::shown(const kripke::Event& event, kripke::Agent me) const {
  const std::optional<kripke::LogRecord> view = play_.seat_view(event, me);
  return view ? view->value("screen", "") : "";
}

void Desk::ask_claims(Seats& seats, const std::function<ClaimQuestion(kripke::Agent)>& question,
                      const std::function<ClaimVerdict(kripke::Agent, const std::string&)>& judge) {
  for (std::size_t i = 0; i < play_.model().agent_count(); ++i) {
    const auto me = kripke::Agent(i);
    if (!seats.is_person(me) || wrong_claims_.count(me)) continue;
    const ClaimQuestion asked = question(me);
    const std::optional<std::string> answer = seats.choose(me, asked.text, asked.choices);
    if (!answer) return;
    ClaimVerdict verdict = judge(me, *answer);
    // Everyone hears it, and why the game goes on without the person.
    if (!verdict.right) verdict.said += " (wrong: out of the game)";
    kripke::LogRecord record = play_.record("move");
    record["agent"] = me + 1;
    record["text"] = verdict.said;
    record["claim"] = verdict.claim;
    record["right"] = verdict.right;
    play_.emit(std::move(record), verdict.said);
    std::string told = verdict.right ? "  Right: " : "  Wrong: ";
    told += verdict.why;
    if (!verdict.right) told += " You are out: you cannot win this game.";
    seats.tell(me, told);
    if (!verdict.right) wrong_claims_.insert(me);
  }
}

namespace {

// The candidates equal to `word` ignoring case (the first, alone), else those it starts.
std::vector<std::string> matches_of(const std::string& word,
                                    const std::vector<std::string>& candidates) {
  const std::string typed = lower(word);
  std::vector<std::string> matches;
  for (const std::string& c : candidates) {
    if (lower(c) == typed) return {c};
    if (lower(c).rfind(typed, 0) == 0) matches.push_back(c);
  }
  return matches;
}

}  // namespace

std::optional<std::string> completion(const std::string& word,
                                      const std::vector<std::string>& candidates) {
  std::vector<std::string> matches = matches_of(word, candidates);
  if (matches.size() != 1) return std::nullopt;
  return std::move(matches.front());
}

std::string complete(const std::string& word, const std::vector<std::string>& candidates,
                     const std::string& what) {
  const std::vector<std::string> matches = matches_of(word, candidates);
  if (matches.size() == 1) return matches.front();
  std::string list;
  for (const std::string& c : matches.empty() ? candidates : matches) {
    if (!list.empty()) list += ", ";
    list += c;
  }
  if (matches.empty()) throw kripke::InputError("no " + what + " '" + word + "' (" + list + ")");
  throw kripke::InputError("'" + word + "' could be " + list + ": type more of it");
}

}  // namespace kripkesim::play
