// The game language (docs/game-language.md): a model written in a config ("game": "model")
// that the agents play. Beside the model's variables, agents, law and actual world, the
// rules give
//   - sets of words beside the agents ("sets": {"cards": ["candle", ...]});
//   - families of variables over the agents and sets ({"name": "S", "of": ["agents",
//     "agents"]}: S(a,b) for every pair), with what a member with the same agent twice is
//     ("itself") and which members are true at the start, for all to know ("initially_true");
//   - definitions: statements built from others (expert(x): x knows every secret);
//   - moves: named, with parameters that range over the agents or a set, each an action model: a
//     precondition saying when it is legal, a postcondition (factual change), and who sees
//     what (the parties see the move and learn the values of some formulas; the others see
//     it, see that some move of this kind was made, or see nothing);
//   - announcements made to everyone before the first turn (the opening);
//   - turns (round robin, where a move may pass the turn to one of its parameters; the
//     players a formula of `me` names, round the table; simultaneous rounds; or any player's
//     move drawn each turn), and each player's win and loss as formulas of `me`, and a draw;
//   - formulas reported at the end of a game (a batch's game records keep them).
// GameRules reads all of that, checks it, and writes the model's own rules (every family
// and pattern expanded) for ModelSpec; the plays (language_play.hpp) make the moves.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kripke/config_reader.hpp"
#include "kripke/formula_parser.hpp"
#include "kripke/game_lang/templates.hpp"
#include "kripke/model_lang/postcondition.hpp"
#include "kripke/model_lang/vocabulary.hpp"

namespace kripke::game_lang {

// A move's parameters bound, in the parameters' order: each an index into what it ranges
// over (an agent, or a member of its set).
struct MoveInstance {
  std::size_t move = 0;
  std::vector<std::size_t> values;
};

class GameRules {
 public:
  enum class Others { SeeTheMove, SeeThatOneWasMade, SeeNothing };
  enum class Turns { RoundRobin, Whose, Simultaneous, Any };

  // A formula whose truth at the end of a game is reported (per player when it speaks of `me`).
  struct Report {
    std::string name;
    FormulaPtr formula;
    bool per_player = false;
    std::string path;
  };

  // A public announcement before the first turn (the father's "at least one of you is muddy").
  struct Opening {
    FormulaPtr formula;
    std::string text;
    std::string path;
  };

  struct PostEntry {
    FormulaPtr target;  // an atom: the variable assigned (may use the parameters and _)
    Json constant;      // true/false/a number, or a term as written
    FormulaPtr value;   // the formula assigned, when it is one
    std::optional<Templates::Domain> each;  // what _ ranges over, when the entry has one
    std::string path;
  };

  // One of a move's events, when it lists them (a card shown, or none held): the move is
  // one of them, which one depending on the world and on whoever's choice it is where
  // several could be. Those in `seen_by` (parameters; none given: everyone) tell it from
  // every other event of the move; the others tell it only from the events of another
  // `others_see` label ("a card was shown"). Those in `learnt_by` (default: seen_by) learn
  // the truth values of `learn` where it happens. `when` (default: its precondition) is
  // where it may be the one that happens, judged at the actual world only: an event whose
  // precondition says less than that makes the others believe less than is so (ClueModel's
  // simplification of a shown card).
  struct MoveEvent {
    std::string name;
    FormulaPtr pre;
    FormulaPtr when;  // null: pre
    std::optional<std::vector<std::size_t>> seen_by;
    std::string others_see;
    std::vector<FormulaPtr> learn;
    std::optional<std::vector<std::size_t>> learnt_by;
    std::string path;
  };

  struct Move {
    std::string name;
    std::vector<std::string> parameters;
    std::vector<Templates::Domain> ranges;  // per parameter; the agents bound are all different
    std::size_t mover = 0;                  // the parameter that makes the move
    FormulaPtr legal;
    std::vector<PostEntry> post;
    std::vector<std::size_t> seen_by;  // parameters: they see which move it is
    Others others = Others::SeeTheMove;
    std::vector<FormulaPtr> parties_learn;  // what those who see it learn (values before it)
    std::optional<std::size_t> next;        // the parameter whose turn it is after the move
    std::vector<MoveEvent> events;          // none: the move is one event
    std::optional<std::size_t> chosen_by;   // the parameter who chooses among its events
    std::string path;
  };

  // Whether a config's rules are written in the game language (they give moves).
  static bool applies_to(const Json& rules) { return rules.is_object() && rules.contains("moves"); }

  explicit GameRules(const Json& rules) : templates_(agent_names(rules)) {
    ObjectReader r(rules, "/rules");
    model_rules_ = Json::object();
    if (const Json* sets = r.find("sets")) read_sets(*sets, r.path_of("sets"));
    read_variables(r.required("variables"), r.path_of("variables"));
    if (const Json* d = r.find("definitions")) read_definitions(*d, r.path_of("definitions"));
    read_agents(r.required("agents"), r.path_of("agents"));
    read_law(r.string("law", "true"), r.path_of("law"));
    for (const char* key : {"actual", "goal"})
      if (const Json* v = r.find(key)) model_rules_[key] = *v;
    read_moves(r.required("moves"), r.path_of("moves"));
    if (const Json* opening = r.find("opening")) read_opening(*opening, r.path_of("opening"));
    read_turns(r);
    if (r.find("win")) win_ = parse_template(r.required_string("win"), r.path_of("win"));
    if (r.find("lose")) lose_ = parse_template(r.required_string("lose"), r.path_of("lose"));
    if (r.find("draw")) {
      draw_ = parse_template(r.required_string("draw"), r.path_of("draw"));
      if (mentions(*draw_, "me"))
        throw InputError("a draw is the same for every player: its formula does not speak of me",
                         r.path_of("draw"));
    }
    if (const Json* report = r.find("report")) read_report(*report, r.path_of("report"));
    r.done();
  }

  // The model's rules as ModelSpec reads them: families expanded, patterns filled in.
  const Json& model_rules() const { return model_rules_; }
  const Templates& templates() const { return templates_; }
  const std::vector<Move>& moves() const { return moves_; }
  const std::vector<Opening>& opening() const { return opening_; }
  const std::vector<Report>& reports() const { return reports_; }
  // Report k's formula for player i (`me` bound to it), or its one formula.
  FormulaPtr report_of(std::size_t k, Agent i) const {
    return templates_.instantiate(reports_[k].formula, {{"me", agent(i)}});
  }
  // Whether every player with a move makes one at once, each round.
  bool simultaneous() const { return turns_ == Turns::Simultaneous; }
  // Whether each turn's move is drawn from every player's allowed moves (nobody's turn).
  bool any_player() const { return turns_ == Turns::Any; }
  // Whether a formula of `me` says who may move (round the table among those it names).
  bool has_whose() const { return turns_ == Turns::Whose; }
  FormulaPtr whose_of(Agent i) const { return templates_.instantiate(whose_, {{"me", agent(i)}}); }
  const std::string& turns_path() const { return turns_path_; }
  std::size_t agent_count() const { return templates_.agents().size(); }
  const std::string& agent(Agent i) const { return templates_.agents()[std::size_t(i)]; }
  // A player's win (`me` bound to it), when the rules give one.
  bool has_win() const { return win_ != nullptr; }
  const FormulaPtr& win_pattern() const { return win_; }
  FormulaPtr win_of(Agent i) const { return templates_.instantiate(win_, {{"me", agent(i)}}); }
  // A player's loss (`me` bound to it), when the rules give one.
  bool has_lose() const { return lose_ != nullptr; }
  FormulaPtr lose_of(Agent i) const { return templates_.instantiate(lose_, {{"me", agent(i)}}); }
  // The draw: when it holds and nobody has won or lost, the game ends; null when none.
  FormulaPtr draw() const { return draw_ ? templates_.instantiate(draw_, {}) : nullptr; }
  // Who chooses which of an instance's events happens, when the rules say.
  std::optional<Agent> event_chooser(const MoveInstance& instance) const {
    const std::optional<std::size_t> p = moves_[instance.move].chosen_by;
    if (!p) return std::nullopt;
    return agent_at(instance, *p);
  }
  // The player whose turn it is after an instance, when the move passes the turn.
  std::optional<Agent> next_after(const MoveInstance& instance) const {
    const std::optional<std::size_t> next = moves_[instance.move].next;
    if (!next) return std::nullopt;
    return agent_at(instance, *next);
  }

  // Every instance of move m: its agent parameters bound to different agents, in order.
  std::vector<MoveInstance> instances(std::size_t m) const {
    std::vector<MoveInstance> out;
    MoveInstance current{m, {}};
    bind_next(current, out);
    return out;
  }

  Bindings bindings(const MoveInstance& instance) const {
    Bindings b;
    const Move& move = moves_[instance.move];
    for (std::size_t k = 0; k < move.parameters.size(); ++k)
      b.emplace_back(move.parameters[k], value_name(instance, k));
    return b;
  }
  // The name bound to an instance's parameter k: an agent's or a set member's.
  const std::string& value_name(const MoveInstance& instance, std::size_t k) const {
    return templates_.members(moves_[instance.move].ranges[k])[instance.values[k]];
  }
  // The agent bound to an instance's parameter k (read_moves checks that it is one).
  static Agent agent_at(const MoveInstance& instance, std::size_t k) {
    return Agent(instance.values[k]);
  }
  Agent mover(const MoveInstance& instance) const {
    return agent_at(instance, moves_[instance.move].mover);
  }
  // As seats, scripts and logs write a move: {"move": "call", "i": "a", "j": "b"}.
  Json instance_json(const MoveInstance& instance) const {
    Json out = {{"move", moves_[instance.move].name}};
    for (const auto& [parameter, agent] : bindings(instance)) out[parameter] = agent;
    return out;
  }
  std::string instance_text(const MoveInstance& instance) const {
    std::string text = moves_[instance.move].name;
    text += '(';
    for (std::size_t k = 0; k < instance.values.size(); ++k) {
      if (k) text += ", ";
      text += value_name(instance, k);
    }
    text += ')';
    return text;
  }
  // The instance a move written as data names; InputError at `path` otherwise.
  MoveInstance read_instance(const Json& move, const std::string& path) const {
    ObjectReader r(move, path);
    const std::string name = r.required_string("move");
    std::vector<std::string> names;
    for (std::size_t m = 0; m < moves_.size(); ++m) {
      names.push_back(moves_[m].name);
      if (moves_[m].name != name) continue;
      MoveInstance instance{m, {}};
      for (std::size_t k = 0; k < moves_[m].parameters.size(); ++k) {
        const std::string& parameter = moves_[m].parameters[k];
        instance.values.push_back(
            member_index(moves_[m].ranges[k], r.required_string(parameter), r.path_of(parameter)));
      }
      if (!moves_[m].events.empty()) r.find("event");  // event_named reads it
      r.done();
      for (std::size_t a = 0; a < instance.values.size(); ++a)
        for (std::size_t b = 0; b < a; ++b)
          if (moves_[m].ranges[a] == Templates::kAgents &&
              moves_[m].ranges[b] == Templates::kAgents && instance.values[a] == instance.values[b])
            throw InputError("a move's agent parameters name different agents", path);
      return instance;
    }
    throw InputError("unknown move '" + name + "' (the moves: " + ObjectReader::join(names) + ")",
                     r.path_of("move"));
  }

  // The event a move written as data names ("event": "show_rope"), when it names one;
  // InputError at its path for a name that is not one of the move's events.
  std::optional<std::size_t> event_named(const MoveInstance& instance, const Json& move,
                                         const std::string& path) const {
    const auto given = move.find("event");
    if (given == move.end()) return std::nullopt;
    const std::string at = path + "/event";
    const std::string name = ObjectReader::string_value(*given, at);
    const std::vector<MoveEvent>& events = moves_[instance.move].events;
    std::vector<std::string> names;
    for (std::size_t e = 0; e < events.size(); ++e) {
      if (events[e].name == name) return e;
      names.push_back(events[e].name);
    }
    throw InputError("unknown event '" + excerpt(name) + "' of " + moves_[instance.move].name +
                         " (its events: " + ObjectReader::join(names) + ")",
                     at);
  }

  Agent agent_index(const std::string& name, const std::string& path) const {
    return Agent(member_index(Templates::kAgents, name, path));
  }
  // The index of `name` among the members of domain d; InputError at `path` otherwise.
  std::size_t member_index(Templates::Domain d, const std::string& name,
                           const std::string& path) const {
    const auto& members = templates_.members(d);
    const auto it = std::find(members.begin(), members.end(), name);
    if (it == members.end()) {
      throw InputError("unknown " + templates_.member_kind(d) + " '" + excerpt(name) + "' (the " +
                           templates_.domain_name(d) + ": " + ObjectReader::join(members) + ")",
                       path);
    }
    return std::size_t(it - members.begin());
  }

  // The postcondition of an instance: its entries with the parameters filled in, each
  // entry with `_` once per agent or set member (S(a,c) := S(a,c) | S(b,c), ...); members
  // that are constants are left out.
  std::vector<model_lang::Postcondition::Given> postcondition(const MoveInstance& instance) const {
    std::vector<model_lang::Postcondition::Given> post;
    Bindings b = bindings(instance);
    for (const PostEntry& entry : moves_[instance.move].post) {
      const std::vector<std::string> each =
          entry.each ? templates_.members(*entry.each) : std::vector<std::string>{""};
      for (const std::string& a : each) {
        Bindings with = b;
        if (entry.each) with.emplace_back(kEachAgent, a);
        const FormulaPtr target = templates_.instantiate(entry.target, with);
        if (target->kind != Formula::Kind::Atom) continue;  // a constant member
        model_lang::Postcondition::Given given{model_lang::variable_name_of(*target),
                                               entry.constant, nullptr};
        if (entry.value) given.formula = templates_.instantiate(entry.value, with);
        post.push_back(std::move(given));
      }
    }
    return post;
  }

  // What the parties of an instance learn: one formula per pattern and member bound to `_`.
  std::vector<FormulaPtr> parties_learn(const MoveInstance& instance) const {
    return each_agent_expanded(moves_[instance.move].parties_learn, bindings(instance));
  }
  // Patterns with their words bound, a pattern with `_` once per agent or set member.
  std::vector<FormulaPtr> each_agent_expanded(const std::vector<FormulaPtr>& patterns,
                                              const Bindings& b) const {
    std::vector<FormulaPtr> out;
    for (const FormulaPtr& pattern : patterns) {
      if (!mentions(*pattern, kEachAgent)) {
        out.push_back(templates_.instantiate(pattern, b));
        continue;
      }
      for (FormulaPtr& phi : templates_.for_each_member(pattern, b)) out.push_back(std::move(phi));
    }
    return out;
  }

  // A formula that may speak of `_`: parsed, and what `_` ranges over checked.
  FormulaPtr parse_each(const std::string& text, const std::string& path) const {
    FormulaPtr phi = parse_template(text, path);
    (void)each_domain(*phi, text, path);
    return phi;
  }
  // A formula of the rules (a guard, a win) with its words read as templates.
  FormulaPtr parse_template(const std::string& text, const std::string& path) const {
    FormulaPtr phi;
    try {
      phi = parse_formula(text);
      (void)templates_.instantiate(phi, {});  // definitions called rightly
    } catch (const FormulaError& e) {
      throw InputError(std::string(e.what()) + " in '" + excerpt(text) + "'", path);
    }
    return phi;
  }

 private:
  static std::vector<std::string> agent_names(const Json& rules) {
    std::vector<std::string> names;
    const std::string path = "/rules/agents";
    if (!rules.is_object() || !rules.contains("agents")) return names;
    const Json& agents = array_at(rules["agents"], path);
    for (std::size_t k = 0; k < agents.size(); ++k) {
      ObjectReader r(agents[k], path + "/" + std::to_string(k));
      names.push_back(r.required_string("name"));
      model_lang::check_word(names.back(), r.path_of("name"));
      for (std::size_t j = 0; j < k; ++j)
        if (names[j] == names.back())
          throw InputError("the agent '" + names.back() + "' is declared twice", r.path_of("name"));
    }
    return names;
  }

  // Whether φ mentions `word` as an argument or an agent's name.
  static bool mentions(const Formula& phi, const std::string& word) {
    if (std::find(phi.args.begin(), phi.args.end(), word) != phi.args.end()) return true;
    if (std::find(phi.agent_names.begin(), phi.agent_names.end(), word) != phi.agent_names.end())
      return true;
    return (phi.left && mentions(*phi.left, word)) || (phi.right && mentions(*phi.right, word));
  }

  void bind_next(MoveInstance& current, std::vector<MoveInstance>& out) const {
    const Move& move = moves_[current.move];
    const std::size_t k = current.values.size();
    if (k == move.parameters.size()) {
      out.push_back(current);
      return;
    }
    const auto taken = [&](std::size_t a) {
      for (std::size_t q = 0; q < k; ++q)
        if (move.ranges[q] == Templates::kAgents && current.values[q] == a) return true;
      return false;
    };
    for (std::size_t v = 0; v < templates_.members(move.ranges[k]).size(); ++v) {
      if (move.ranges[k] == Templates::kAgents && taken(v)) continue;
      current.values.push_back(v);
      bind_next(current, out);
      current.values.pop_back();
    }
  }

  // Plain variables as they are; a family, {"name": "S", "of": ["agents", "agents"]}, one
  // variable per tuple of agents: S(a,b), the entry's domain copied.
  void read_variables(const Json& list, const std::string& path) {
    Json out = Json::array();
    const Json& items = array_at(list, path);
    for (std::size_t k = 0; k < items.size(); ++k) {
      const std::string at = path + "/" + std::to_string(k);
      if (!items[k].is_object() || !items[k].contains("of")) {
        out.push_back(items[k]);
        continue;
      }
      Json entry = items[k];
      ObjectReader r(items[k], at);
      const std::string name = r.required_string("name");
      model_lang::check_word(name, r.path_of("name"));
      const Json& of = array_at(r.required("of"), r.path_of("of"));
      if (of.empty() || of.size() > 3)
        throw InputError("a family is indexed by one to three agents or sets", r.path_of("of"));
      std::vector<Templates::Domain> domains;
      for (std::size_t j = 0; j < of.size(); ++j) {
        const std::string at = r.path_of("of") + "/" + std::to_string(j);
        const std::string over = ObjectReader::string_value(of[j], at);
        const auto d = templates_.domain_named(over);
        if (!d)
          throw InputError("a family is indexed by \"agents\" or a set (" +
                               ObjectReader::join(templates_.domain_names()) + "), not '" +
                               excerpt(over) + "'",
                           at);
        domains.push_back(*d);
      }
      const bool boolean = !r.find("values") && !r.find("from") && !r.find("to");
      std::optional<bool> itself;
      if (r.find("itself")) {
        if (domains != std::vector<Templates::Domain>(2, Templates::kAgents) || !boolean)
          throw InputError(
              "\"itself\" says what a true/false family indexed by two agents is for an agent "
              "and itself",
              r.path_of("itself"));
        itself = r.boolean("itself", false);
      }
      std::optional<std::vector<std::vector<std::string>>> initially;
      if (const Json* v = r.find("initially_true")) {
        initially.emplace();
        if (!boolean)
          throw InputError("\"initially_true\" lists members of a true/false family",
                           r.path_of("initially_true"));
        const Json& listed = array_at(*v, r.path_of("initially_true"));
        for (std::size_t j = 0; j < listed.size(); ++j)
          initially->push_back(read_tuple(listed[j], domains,
                                          r.path_of("initially_true") + "/" + std::to_string(j)));
      }
      r.done();
      templates_.add_family(name, domains, itself);
      for (const char* key : {"of", "itself", "initially_true"}) entry.erase(key);
      std::vector<std::string> tuple;
      expand_family(entry, name, domains, initially, tuple, out);
    }
    model_rules_["variables"] = out;
  }

  // "a,b": the agents (or set members) of a family member, each declared.
  std::vector<std::string> read_tuple(const Json& v, const std::vector<Templates::Domain>& domains,
                                      const std::string& path) const {
    const std::string text = ObjectReader::string_value(v, path);
    std::vector<std::string> tuple;
    for (std::size_t from = 0;;) {
      const std::size_t comma = text.find(',', from);
      tuple.push_back(model_lang::without_spaces(text.substr(from, comma - from)));
      if (tuple.size() > domains.size()) break;
      (void)member_index(domains[tuple.size() - 1], tuple.back(), path);
      if (comma == std::string::npos) break;
      from = comma + 1;
    }
    if (tuple.size() != domains.size())
      throw InputError("expected " + std::to_string(domains.size()) + " names, like \"a,b\"", path);
    return tuple;
  }

  void expand_family(Json& entry, const std::string& name,
                     const std::vector<Templates::Domain>& domains,
                     const std::optional<std::vector<std::vector<std::string>>>& initially,
                     std::vector<std::string>& tuple, Json& out) {
    if (tuple.size() == domains.size()) {
      if (templates_.constant_member(name, tuple)) return;
      const std::string member = model_lang::variable_name_of(name, tuple);
      entry["name"] = member;
      out.push_back(entry);
      if (initially) {  // known to all at the start: the law fixes it
        const bool on = std::find(initially->begin(), initially->end(), tuple) != initially->end();
        fixed_.push_back(on ? member : "~" + member);
      }
      return;
    }
    for (const std::string& a : templates_.members(domains[tuple.size()])) {
      tuple.push_back(a);
      expand_family(entry, name, domains, initially, tuple, out);
      tuple.pop_back();
    }
  }

  // "sets": {"weapons": ["candle", "rope"], "cards": ["weapons", "Plum"]}: named lists of new
  // words for families and move parameters to range over. A member that names another set
  // stands for that set's members (which are words).
  void read_sets(const Json& sets, const std::string& path) {
    if (!sets.is_object())
      throw InputError(
          "expected an object from set names to their members, like {\"cards\": "
          "[\"candle\", \"rope\"]}",
          path);
    const auto written = [&](const std::string& name) { return sets.contains(name); };
    const auto new_word = [&](const std::string& word, const std::string& at) {
      model_lang::check_word(word, at);
      if (word == "me" || word == kEachAgent || word == kOtherAgent || word == "agents" ||
          std::count(templates_.agents().begin(), templates_.agents().end(), word))
        throw InputError(
            "a set and its members are new words: not me, _, other, agents or an "
            "agent's name",
            at);
    };
    // Sets of words first, then those that name sets: a bad word is reported where it is.
    const auto names_a_set = [&](const Json& list) {
      return list.is_array() && std::any_of(list.begin(), list.end(), [&](const Json& item) {
               return item.is_string() && written(item.get<std::string>());
             });
    };
    std::vector<std::string> order;
    for (const bool second : {false, true})
      for (const auto& [name, list] : sets.items())
        if (names_a_set(list) == second) order.push_back(name);
    for (const std::string& name : order) {
      const Json& list = sets[name];
      const std::string at = path + "/" + name;
      new_word(name, at);
      const Json& items = array_at(list, at);
      std::vector<std::string> members;
      for (std::size_t k = 0; k < items.size(); ++k) {
        const std::string item_at = at + "/" + std::to_string(k);
        const std::string word = ObjectReader::string_value(items[k], item_at);
        std::vector<std::string> words = {word};
        if (written(word)) {
          words.clear();
          const Json& inner = sets[word];
          for (std::size_t j = 0; inner.is_array() && j < inner.size(); ++j) {
            if (!inner[j].is_string() || written(inner[j].get<std::string>()))
              throw InputError("a set named in another set lists words only", path + "/" + word);
            words.push_back(inner[j].get<std::string>());
          }
        }
        for (const std::string& w : words) {
          new_word(w, item_at);
          if (std::count(members.begin(), members.end(), w))
            throw InputError("'" + w + "' is listed twice in the set " + name, item_at);
          members.push_back(w);
        }
      }
      if (members.empty()) throw InputError("a set has at least one member", at);
      templates_.add_set(name, std::move(members));
    }
  }

  // "definitions": {"expert(x)": {"all": "S(x, _)"}, "told(x, y)": "S(y, x)"}.
  void read_definitions(const Json& defs, const std::string& path) {
    if (!defs.is_object())
      throw InputError("expected an object from names to formulas, like {\"expert(x)\": ...}",
                       path);
    for (const auto& [head, body] : defs.items()) {
      const std::string at = path + "/" + head;
      Templates::Definition d;
      const FormulaPtr written = parse_template_raw(head, at);
      if (written->kind != Formula::Kind::Atom)
        throw InputError("a definition's name is a word with its parameters, like expert(x)", at);
      d.name = written->name;
      d.parameters = written->args;
      std::string text;
      if (body.is_string()) {
        text = body.get<std::string>();
      } else {
        ObjectReader r(body, at);
        const Json* all = r.find("all");
        const Json* some = r.find("some");
        if (!all == !some)
          throw InputError(
              "expected a formula, {\"all\": formula} or {\"some\": formula} (over every agent "
              "bound to _)",
              at);
        d.over = all ? Templates::Definition::Over::All : Templates::Definition::Over::Some;
        text = ObjectReader::string_value(all ? *all : *some, r.path_of(all ? "all" : "some"));
        r.done();
      }
      d.body = parse_template_raw(text, at);
      templates_.add_definition(std::move(d));
    }
    try {
      templates_.settle_definitions();
    } catch (const FormulaError& e) {
      throw InputError(e.what(), path);
    }
    // Every definition's calls are checked once all are known.
    for (const auto& [head, body] : defs.items()) (void)parse_template(head, path + "/" + head);
  }

  static FormulaPtr parse_template_raw(const std::string& text, const std::string& path) {
    try {
      return parse_formula(text);
    } catch (const FormulaError& e) {
      throw InputError(std::string(e.what()) + " in '" + excerpt(text) + "'", path);
    }
  }

  // Agents as the model reads them, with `me` (the agent) and `_` (every agent) filled in
  // in what each observes.
  void read_agents(const Json& list, const std::string& path) {
    Json out = Json::array();
    const Json& items = array_at(list, path);
    for (std::size_t k = 0; k < items.size(); ++k) {
      const std::string at = path + "/" + std::to_string(k);
      Json agent = items[k];
      const auto observes = agent.find("observes");
      if (observes != agent.end() && observes->is_array()) {
        Json expanded = Json::array();
        for (std::size_t j = 0; j < observes->size(); ++j) {
          const std::string item_at = at + "/observes/" + std::to_string(j);
          const std::string text = ObjectReader::string_value((*observes)[j], item_at);
          // A member of a family (S(me, _)): filled in; a variable or a term: as written.
          if (!family_atom(text)) {
            expanded.push_back(text);
            continue;
          }
          const FormulaPtr pattern = parse_template_raw(text, item_at);
          const std::string name = agent["name"].get<std::string>();
          const Bindings me = {{"me", name}};
          std::vector<FormulaPtr> members;
          if (mentions(*pattern, kEachAgent)) {
            members = each_member(pattern, me, item_at);
          } else if (mentions(*pattern, kOtherAgent)) {
            for (const std::string& other : templates_.agents())
              if (other != name)
                members.push_back(
                    templates_.instantiate(pattern, {{"me", name}, {kOtherAgent, other}}));
          } else {
            members = {templates_.instantiate(pattern, me)};
          }
          for (const FormulaPtr& m : members)
            if (m->kind == Formula::Kind::Atom)
              expanded.push_back(model_lang::variable_name_of(*m));
        }
        agent["observes"] = expanded;
      }
      out.push_back(std::move(agent));
    }
    model_rules_["agents"] = out;
  }

  // Whether `text` reads as a term (x + 1) and not as a formula.
  static bool is_term(const std::string& text) {
    try {
      (void)parse_formula(text);
      return false;
    } catch (const FormulaError&) {
      try {
        return parse_formula(text + " = 0")->kind == Formula::Kind::Compare;
      } catch (const FormulaError&) {
        return false;  // neither: reported as a formula
      }
    }
  }

  static bool family_atom(const std::string& text) {
    if (text.find('(') == std::string::npos) return false;
    try {
      return parse_formula(text)->kind == Formula::Kind::Atom;
    } catch (const FormulaError&) {
      return false;  // a term: ModelSpec reads it
    }
  }

  // The law with the definitions filled in, and the families' initial members fixed.
  void read_law(const std::string& text, const std::string& path) {
    std::string law = to_string(*instantiated(text, path));
    for (const std::string& literal : fixed_) law += " & " + literal;
    model_rules_["law"] = law;
  }
  FormulaPtr instantiated(const std::string& text, const std::string& path) const {
    try {
      return templates_.instantiate(parse_formula(text), {});
    } catch (const FormulaError& e) {
      throw InputError(std::string(e.what()) + " in '" + excerpt(text) + "'", path);
    }
  }

  void read_moves(const Json& list, const std::string& path) {
    const Json& items = array_at(list, path);
    if (items.empty()) throw InputError("a game needs at least one move", path);
    for (std::size_t k = 0; k < items.size(); ++k) {
      ObjectReader r(items[k], path + "/" + std::to_string(k));
      Move m;
      m.path = r.path();
      m.name = unique_name(r, moves_, "two moves");
      read_parameters(m, r.required("parameters"), r.path_of("parameters"));
      m.mover = agent_parameter(m, r.string("mover", m.parameters.front()), r.path_of("mover"));
      m.legal = parse_template(r.string("legal", "true"), r.path_of("legal"));
      if (const Json* post = r.find("post")) read_post(m, *post, r.path_of("post"));
      if (const Json* seen = r.find("seen_by")) {
        const Json& list = array_at(*seen, r.path_of("seen_by"));
        for (std::size_t j = 0; j < list.size(); ++j) {
          const std::string at = r.path_of("seen_by") + "/" + std::to_string(j);
          m.seen_by.push_back(agent_parameter(m, ObjectReader::string_value(list[j], at), at));
        }
      } else {
        m.seen_by = {m.mover};
      }
      const std::string others =
          r.choice("others_see", "the move", {"the move", "that a move was made", "nothing"});
      m.others = others == "the move"               ? Others::SeeTheMove
                 : others == "that a move was made" ? Others::SeeThatOneWasMade
                                                    : Others::SeeNothing;
      if (const Json* next = r.find("next"))
        m.next = agent_parameter(m, ObjectReader::string_value(*next, r.path_of("next")),
                                 r.path_of("next"));
      if (const Json* learn = r.find("parties_learn")) {
        const Json& list = array_at(*learn, r.path_of("parties_learn"));
        for (std::size_t j = 0; j < list.size(); ++j) {
          const std::string at = r.path_of("parties_learn") + "/" + std::to_string(j);
          m.parties_learn.push_back(parse_each(ObjectReader::string_value(list[j], at), at));
        }
      }
      if (const Json* events = r.find("events")) read_events(m, *events, r.path_of("events"));
      if (const Json* chooser = r.find("chosen_by")) {
        if (m.events.empty())
          throw InputError("only a move with events has one chosen", r.path_of("chosen_by"));
        m.chosen_by =
            agent_parameter(m, ObjectReader::string_value(*chooser, r.path_of("chosen_by")),
                            r.path_of("chosen_by"));
      }
      r.done();
      moves_.push_back(std::move(m));
    }
  }

  // "turns": "round-robin" (default), "simultaneous", "any", or {"whose": "T(me)"}: the
  // players for whom the formula holds, round the table. A move's "next" passes the turn in
  // round-robin turns only.
  void read_turns(ObjectReader& r) {
    turns_path_ = r.path_of("turns");
    const Json* turns = r.find("turns");
    if (turns && turns->is_object()) {
      ObjectReader t(*turns, turns_path_);
      whose_ = parse_template(t.required_string("whose"), t.path_of("whose"));
      if (!mentions(*whose_, "me"))
        throw InputError(
            "the formula says of each player whether it may move: it speaks of me, "
            "like turn(me)",
            t.path_of("whose"));
      t.done();
      turns_ = Turns::Whose;
    } else {
      const std::string kind =
          r.choice("turns", "round-robin", {"round-robin", "simultaneous", "any"});
      turns_ = kind == "simultaneous" ? Turns::Simultaneous
               : kind == "any"        ? Turns::Any
                                      : Turns::RoundRobin;
    }
    for (const Move& m : moves_) {
      if (m.next && turns_ != Turns::RoundRobin)
        throw InputError("a move passes the turn (\"next\") only in round-robin turns",
                         m.path + "/next");
      if (!m.events.empty() && turns_ == Turns::Simultaneous)
        throw InputError("a move with events is made alone, not in simultaneous rounds",
                         m.path + "/events");
    }
  }

  // "events": [{"name": "show_rope", "pre": "has(j, rope)", "seen_by": ["i", "j"],
  // "others_see": "a card"}, ...]. The move itself is seen by everyone; its events say who
  // sees what of it (so it has no parties_learn of its own).
  void read_events(Move& m, const Json& list, const std::string& path) {
    const Json& items = array_at(list, path);
    if (items.empty()) throw InputError("a move's events are at least one", path);
    if (m.others != Others::SeeTheMove)
      throw InputError(
          "a move with events is seen by everyone (others_see \"the move\"); its "
          "events say who sees what of it",
          path);
    if (!m.parties_learn.empty())
      throw InputError(
          "a move with events says what is learnt by its events (learn), not by "
          "parties_learn",
          path);
    for (std::size_t k = 0; k < items.size(); ++k) {
      ObjectReader r(items[k], path + "/" + std::to_string(k));
      MoveEvent e;
      e.path = r.path();
      e.name = unique_name(r, m.events, "two events of " + m.name);
      e.pre = parse_template(r.string("pre", "true"), r.path_of("pre"));
      if (r.find("when")) e.when = parse_template(r.required_string("when"), r.path_of("when"));
      const auto parameters = [&](const std::string& key) {
        std::optional<std::vector<std::size_t>> out;
        const Json* list = r.find(key);
        if (!list) return out;
        const Json& who = array_at(*list, r.path_of(key));
        out.emplace();
        for (std::size_t j = 0; j < who.size(); ++j) {
          const std::string at = r.path_of(key) + "/" + std::to_string(j);
          out->push_back(agent_parameter(m, ObjectReader::string_value(who[j], at), at));
        }
        return out;
      };
      e.seen_by = parameters("seen_by");
      e.learnt_by = parameters("learnt_by");
      if (const Json* learn = r.find("learn")) {
        const Json& list = array_at(*learn, r.path_of("learn"));
        for (std::size_t j = 0; j < list.size(); ++j) {
          const std::string at = r.path_of("learn") + "/" + std::to_string(j);
          e.learn.push_back(parse_each(ObjectReader::string_value(list[j], at), at));
        }
      }
      e.others_see = r.string("others_see", "");
      r.done();
      m.events.push_back(std::move(e));
    }
  }

  // "report": {"expert": "expert(me)", "all experts": "all_experts"}.
  void read_report(const Json& object, const std::string& path) {
    if (!object.is_object())
      throw InputError(
          "expected an object from names to formulas, like {\"expert\": \"expert(me)\"}", path);
    for (const auto& [name, value] : object.items()) {
      const std::string at = path + "/" + name;
      Report report{name, parse_template(ObjectReader::string_value(value, at), at), false, at};
      report.per_player = mentions(*report.formula, "me");
      reports_.push_back(std::move(report));
    }
  }

  // "opening": ["someone_muddy"], or [{"formula": "someone_muddy", "text": "father: ..."}].
  void read_opening(const Json& list, const std::string& path) {
    const Json& items = array_at(list, path);
    for (std::size_t k = 0; k < items.size(); ++k) {
      const std::string at = path + "/" + std::to_string(k);
      Opening o;
      o.path = at;
      if (items[k].is_string()) {
        o.text = items[k].get<std::string>();
        o.formula = parse_template(o.text, at);
      } else {
        ObjectReader r(items[k], at);
        const std::string formula = r.required_string("formula");
        o.formula = parse_template(formula, r.path_of("formula"));
        o.text = r.string("text", formula);
        o.path = r.path_of("formula");
        r.done();
      }
      opening_.push_back(std::move(o));
    }
  }

  // An item's "name": a word that no item before it has (`clash`: "two moves").
  template <class Named>
  static std::string unique_name(ObjectReader& r, const std::vector<Named>& before,
                                 const std::string& clash) {
    std::string name = r.required_string("name");
    model_lang::check_word(name, r.path_of("name"));
    for (const Named& other : before)
      if (other.name == name)
        throw InputError(clash + " are named '" + name + "'", r.path_of("name"));
    return name;
  }

  // "parameters": ["i", "j", {"w": "weapons"}]: a word ranges over the agents (those bound
  // to a move's words are different agents), {"word": "set"} over the set's members.
  void read_parameters(Move& m, const Json& list, const std::string& path) {
    const Json& params = array_at(list, path);
    for (std::size_t j = 0; j < params.size(); ++j) {
      const std::string at = path + "/" + std::to_string(j);
      std::string word;
      Templates::Domain range = Templates::kAgents;
      if (params[j].is_object() && params[j].size() == 1) {
        word = params[j].begin().key();
        const std::string set =
            ObjectReader::string_value(params[j].begin().value(), at + "/" + word);
        const auto d = templates_.domain_named(set);
        if (!d)
          throw InputError("unknown set '" + excerpt(set) + "' (the sets: " +
                               ObjectReader::join(templates_.domain_names()) + ")",
                           at + "/" + word);
        range = *d;
      } else if (params[j].is_string()) {
        word = params[j].get<std::string>();
      } else {
        throw InputError("expected a word (ranging over the agents) or {\"word\": \"set\"}", at);
      }
      model_lang::check_word(word, at);
      if (word == "me" || word == kEachAgent ||
          std::count(m.parameters.begin(), m.parameters.end(), word) ||
          templates_.names_something(word))
        throw InputError(
            "a parameter is a new word: not me, _, an agent's name, a set's member or another "
            "parameter",
            at);
      m.parameters.push_back(word);
      m.ranges.push_back(range);
    }
    if (std::count(m.ranges.begin(), m.ranges.end(), Templates::kAgents) == 0)
      throw InputError("a move needs a parameter that ranges over the agents: the one who makes it",
                       path);
  }

  static std::size_t parameter_index(const Move& m, const std::string& name,
                                     const std::string& path) {
    const auto it = std::find(m.parameters.begin(), m.parameters.end(), name);
    if (it == m.parameters.end())
      throw InputError("'" + excerpt(name) + "' is not a parameter of " + m.name + " (" +
                           ObjectReader::join(m.parameters) + ")",
                       path);
    return std::size_t(it - m.parameters.begin());
  }
  // A parameter that ranges over the agents (a mover, who sees, whose turn comes next).
  std::size_t agent_parameter(const Move& m, const std::string& name,
                              const std::string& path) const {
    const std::size_t k = parameter_index(m, name, path);
    if (m.ranges[k] != Templates::kAgents)
      throw InputError(
          "'" + name + "' ranges over " + templates_.domain_name(m.ranges[k]) + ", not the agents",
          path);
    return k;
  }

  Templates::Domain each_domain(const Formula& phi, const std::string& text,
                                const std::string& path) const {
    try {
      return templates_.each_domain(phi);
    } catch (const FormulaError& e) {
      throw InputError(std::string(e.what()) + " in '" + excerpt(text) + "'", path);
    }
  }
  std::vector<FormulaPtr> each_member(const FormulaPtr& pattern, const Bindings& b,
                                      const std::string& path) const {
    (void)each_domain(*pattern, to_string(*pattern), path);
    return templates_.for_each_member(pattern, b);
  }

  // "post": {"S(i, _)": "S(i, _) | S(j, _)", "called(i, j)": true}.
  void read_post(Move& m, const Json& post, const std::string& path) {
    if (!post.is_object())
      throw InputError("expected an object from variables to new values, like {\"p\": true}", path);
    for (const auto& [key, value] : post.items()) {
      PostEntry e;
      e.path = path + "/" + key;
      e.target = parse_template_raw(key, e.path);
      if (e.target->kind != Formula::Kind::Atom)
        throw InputError("expected a variable (an atom such as S(i, _)) to assign", e.path);
      // A formula (a true/false variable's new value), or a term kept as written for the
      // model to read against the variable's domain.
      e.constant = value;
      if (value.is_string() && !is_term(value.get<std::string>()))
        e.value = parse_template(value.get<std::string>(), e.path);
      if (mentions(*e.target, kEachAgent) || (e.value && mentions(*e.value, kEachAgent))) {
        Formula both;  // the target and its value: `_` ranges over one domain in both
        both.kind = Formula::Kind::And;
        both.left = e.target;
        both.right = e.value ? e.value : e.target;
        e.each = each_domain(both, key, e.path);
      }
      m.post.push_back(std::move(e));
    }
  }

  Templates templates_;
  Json model_rules_;
  std::vector<std::string> fixed_;  // literals the law adds: families' initial members
  std::vector<Move> moves_;
  std::vector<Opening> opening_;
  std::vector<Report> reports_;
  Turns turns_ = Turns::RoundRobin;
  std::string turns_path_;
  FormulaPtr whose_;  // with Turns::Whose
  FormulaPtr win_;
  FormulaPtr lose_;
  FormulaPtr draw_;
};

}  // namespace kripke::game_lang
