// A play of a game written in the game language on the symbolic engine (symbolic/
// model_structure.hpp), for games whose worlds are too many to list (the muddy children of
// twenty or a hundred) or whose variables are too many for the explicit engine's 32-bit
// valuations (gossip on seven agents). Its moves are public: every player sees which move
// was made, and a move has no events; making it announces its precondition (a round of
// moves made at once, their conjunction), and a move that changes facts is an action of one
// event after which every player sees again what it observes. unplayable() says which
// rules these are not; the others need the explicit engine (language_play.hpp). The turns are
// language_turns.hpp's, the same on both engines.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kripke/game_lang/language_turns.hpp"
#include "kripke/model_lang/symbolic_play.hpp"

namespace kripke::game_lang {

class SymbolicLanguagePlay final : public LanguageTurns<model_lang::SymbolicModelPlay> {
 public:
  SymbolicLanguagePlay(std::shared_ptr<const model_lang::ModelSpec> spec,
                       std::unique_ptr<symbolic::SymbolicModel> model,
                       std::shared_ptr<const MoveTable> table, std::string game = "model",
                       WorldLimits limits = {})
      : LanguageTurns(std::move(table), limits, std::move(spec), std::move(model),
                      std::move(game)) {}

  // The first thing in the rules or the strategies that the symbolic engine does not play,
  // as an InputError at its place; none when it plays them all.
  static std::optional<InputError> unplayable(const GameRules& rules,
                                              const std::vector<Strategy>& strategies) {
    const auto needs_explicit = [](const std::string& what, const std::string& path) {
      return InputError(
          "on the symbolic engine every move is public (everyone sees which it is): " + what +
              " needs \"engine\": \"explicit\"",
          path);
    };
    for (const GameRules::Move& m : rules.moves()) {
      if (!m.events.empty()) return needs_explicit("a move with events", m.path + "/events");
      if (m.others != GameRules::Others::SeeTheMove)
        return needs_explicit("a move the others do not see", m.path + "/others_see");
      if (!m.parties_learn.empty())
        return needs_explicit("a move whose parties learn more", m.path + "/parties_learn");
    }
    for (const Strategy& s : strategies)
      if (s.choice == Strategy::Choice::Informative)
        return needs_explicit("an info-gain player (it weighs the worlds one by one)",
                              s.about_path);
    return std::nullopt;
  }
  // A move that changes a variable some agent observes through a term: the term's value
  // would have to be defined again after every change (InputError at the observation in
  // `rules`, the rules as written).
  static std::optional<InputError> unplayable(const MoveTable& table,
                                              const model_lang::ModelSpec& spec,
                                              const Json& rules) {
    std::vector<bool> assigned(spec.vocabulary().size(), false);
    for (std::size_t k = 0; k < table.size(); ++k)
      if (const auto& post = table.prepared(k).post)
        for (const auto& a : post->assignments()) assigned[a.variable] = true;
    for (std::size_t i = 0; i < spec.agents().size(); ++i)
      for (const model_lang::Observation& o : spec.agents()[i].observes) {
        if (!o.term || !term_mentions(*o.term, spec.vocabulary(), assigned)) continue;
        // The observation's place in the config's list (patterns give several per entry).
        const Json& written = rules["agents"][i]["observes"];
        std::size_t j = 0;
        while (j + 1 < written.size() && written[j] != o.text) ++j;
        return InputError(
            "on the symbolic engine an observed term cannot speak of a variable a move "
            "changes: the observation '" +
                o.text + "' needs \"engine\": \"explicit\"",
            "/rules/agents/" + std::to_string(i) + "/observes/" + std::to_string(j));
      }
    return std::nullopt;
  }

  // φ at the actual world (and the engine's other questions), the rules' definitions
  // written out where it names one.
  bool holds(const Formula& phi) const override {
    const auto index = [this](const Formula& atom) { return table_->variable_of(atom); };
    if (!names_definition(phi)) return symbolic_model().holds(phi, index);
    return symbolic_model().holds(*with_definitions(phi), index);
  }
  WorldSample worlds_satisfying(const Formula& phi, std::size_t listed) const override {
    return SymbolicModelPlay::worlds_satisfying(*with_definitions(phi), listed);
  }
  TruthAtWorld truth_at_named(const Formula& phi, const Json& name,
                              const std::string& path) const override {
    return SymbolicModelPlay::truth_at_named(*with_definitions(phi), name, path);
  }

  // A move is public: what agent i would see of it is that it was made (the worlds where
  // it is legal) and, when it changes facts, the new values of what i observes.
  Outlook outlook(Agent i, std::size_t k) const override {
    const MoveTable::Prepared& p = table_->prepared(k);
    std::vector<model_lang::Postcondition> posts;
    if (p.post) posts.push_back(*p.post);
    Outlook out;
    out.worlds_left = symbolic_model().outcome_counts(i, *p.legal, posts);
    // Each world now equally likely: an outcome of n worlds is seen with weight n.
    double total = 0, squares = 0;
    for (const BigCount n : out.worlds_left) {
      total += double(n);
      squares += double(n) * double(n);
    }
    if (total > 0) out.expected_left = squares / total;
    return out;
  }
  std::vector<std::size_t> candidates(Agent, const std::vector<std::size_t>& moves) const override {
    return moves;  // no info-gain player here (unplayable)
  }
  Json observed(Agent i) const override {
    Json out = Json::object();
    const model_lang::Vocabulary& vocab = vocabulary();
    const std::vector<std::size_t> indices = symbolic_model().actual_indices();
    const Json values = vocab.indices_json(indices);
    for (const model_lang::Observation& o : this->spec_ptr()->agents()[std::size_t(i)].observes)
      out[o.text] =
          o.term ? Json(model_lang::value_with(
                       model_lang::compile(*o.term, vocab),
                       [&](std::size_t k) { return vocab.variables()[k].values[indices[k]]; },
                       [&] { return vocab.indices_text(indices); }))
                 : values[vocab.variables()[std::size_t(o.variable)].name];
    return out;
  }
  Json known_values(Agent i) const override {
    Json out = Json::object();
    const model_lang::Vocabulary& vocab = vocabulary();
    const Json values = symbolic_model().actual_json();
    for (std::size_t k = 0; k < vocab.size(); ++k)
      if (symbolic_model().knows_variable(i, k))
        out[vocab.variables()[k].name] = values[vocab.variables()[k].name];
    return out;
  }

 protected:
  void apply_move(std::size_t k, std::optional<std::size_t>) override {
    apply_round({k}, std::nullopt, rules_->instance_text(instances_[k]),
                to_string(*table_->prepared(k).legal));
  }
  // The moves' preconditions announced together; with their changes, one event of an
  // action whose postconditions are theirs (each assigns its own variables: MoveTable).
  void apply_round(const std::vector<std::size_t>& round, const std::optional<std::vector<Agent>>&,
                   const std::string& text, const std::string& formula) override {
    FormulaPtr all = table_->prepared(round.front()).legal;
    for (std::size_t j = 1; j < round.size(); ++j)
      all = f::conj(all, table_->prepared(round[j]).legal);
    std::vector<model_lang::Postcondition> posts;
    for (std::size_t k : round)
      if (const auto& post = table_->prepared(k).post) posts.push_back(*post);
    const BigCount before = world_count();
    if (posts.empty()) {
      symbolic_model().announce(*all);
      log_update(UpdateKind::Public, all_agents(), text, formula, before, world_count());
      return;
    }
    symbolic::SymbolicAction action;
    action.preconditions = {all};
    action.names = {text};
    action.postconditions.push_back(std::move(posts));
    action.event_class.assign(rules_->agent_count(), {0});
    action.observed_again = true;
    symbolic_model().act(action);
    log_update(UpdateKind::Action, all_agents(), text, formula, before, world_count());
  }
  std::optional<std::size_t> drawn_event(std::size_t, Rng&) const override {
    return std::nullopt;  // no move has events here (unplayable)
  }
  bool false_everywhere(const Formula& phi) const override {
    return symbolic_model().satisfying(phi, 0).count == 0;
  }

 private:
  // φ with the rules' definitions written out.
  FormulaPtr with_definitions(const Formula& phi) const {
    return expanded(std::make_shared<Formula>(phi));
  }
  bool names_definition(const Formula& phi) const {
    if (phi.kind == Formula::Kind::Atom && rules_->templates().defines(phi.name)) return true;
    return (phi.left && names_definition(*phi.left)) || (phi.right && names_definition(*phi.right));
  }
};

}  // namespace kripke::game_lang
