#include "play/desk.hpp"

#include <algorithm>
#include <cctype>

namespace kripkesim::play {
namespace {

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool in_audience(const kripke::LogRecord& record, kripke::Agent me) {
  const auto audience = record.find("audience");
  if (audience == record.end() || !audience->is_array()) return false;
  return std::any_of(audience->begin(), audience->end(),
                     [me](const kripke::LogRecord& a) { return a == me + 1; });
}

}  // namespace

std::string Desk::shown(const kripke::Event& event, kripke::Agent me) const {
  const kripke::LogRecord& r = event.record;
  if (r.is_null()) return event.text.rfind("--- turn", 0) == 0 ? event.text : "";
  const std::string kind = r.value("event", "");
  if (kind == "start" || kind == "win" || kind == "end") return event.text;
  if (kind == "move") return r.value("text", "");
  if (kind != "update") return "";  // hint and knowledge tables: asked for with hint, table
  const std::string update = r.value("kind", "");
  std::string line = "  [";
  if (update == "public") {
    line += "public] ";
  } else if (in_audience(r, me)) {
    line += "to you] ";
  } else {
    std::string who;
    for (const auto& a : r["audience"]) {
      if (!who.empty()) who += ", ";
      who += play_.agent_name(kripke::Agent(a.get<int>() - 1));
    }
    return line + "private] " + who + " learns something you do not see";
  }
  line += r.value("text", "");
  if (!shows_counts()) return line;
  for (const auto& stats : r["agents"])
    if (stats.value("agent", 0) == me + 1) {
      const auto& possible = stats["possible"];
      line += "\n    you consider ";
      line += possible.is_string() ? possible.get<std::string>() : possible.dump();
      line += " worlds possible";
      if (stats.value("knows", false)) line += "; you know what you need to win";
    }
  return line;
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
