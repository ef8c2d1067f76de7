// A play of a game written in the game language (game_rules.hpp) on the explicit engine: the
// model of the rules, and the moves the players make, each a product update with the move's
// action model (in simultaneous rounds the moves' action models composed: joint_action.hpp).
// The turns are language_turns.hpp's.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "kripke/dense_ids.hpp"
#include "kripke/evaluate_at.hpp"
#include "kripke/game_lang/info_gain.hpp"
#include "kripke/game_lang/joint_action.hpp"
#include "kripke/game_lang/language_turns.hpp"
#include "kripke/model_lang/model_game.hpp"

namespace kripke::game_lang {

class LanguagePlay final : public LanguageTurns<model_lang::ModelPlay> {
 public:
  // A move's peak memory per world of its product, beside its action model: the product's
  // worlds and partitions (about 12 bytes per agent), every agent observing again, the
  // contraction's scratch (about 100 bytes). Measured with /usr/bin/time and heaptrack:
  // about 255 bytes at 1.7 million worlds (gossip on 4 agents, calls seen as a call) and 170
  // at 3.4 million (5 agents, calls seen by the callers only). A move is held to max_worlds
  // and max_memory by this before it is made.
  static std::uint64_t bytes_per_product_world(std::size_t agents) {
    return 192 + 32 * std::uint64_t(agents);
  }
  // What one event's precondition holds: a set of the worlds, and its place in the lists.
  std::uint64_t bytes_per_event() const { return (model_.world_count() + 63) / 64 * 8 + 64; }
  // What an action model on this model holds: its events' preconditions and its distinct
  // rows of valuations.
  std::uint64_t action_bytes(const ActionModel& am) const {
    std::uint64_t bytes = am.preconditions.size() * bytes_per_event();
    std::set<const void*> rows;
    for (const ValuationRow& row : am.valuation_after)
      if (row && rows.insert(row.get()).second) bytes += row->size() * sizeof(std::uint32_t);
    return bytes;
  }

  // `limits`: the game's max_worlds and max_memory, which every move is held to.
  LanguagePlay(std::shared_ptr<const model_lang::ModelData> data, World actual,
               std::shared_ptr<const MoveTable> table, std::string game = "model",
               WorldLimits limits = {})
      : LanguageTurns(std::move(table), limits, std::move(data), actual, std::move(game)),
        agent_names_(agent_names_in_formulas()) {}

  // φ at the actual world, read from the worlds around it (evaluate_at.hpp) when that is
  // cheaper than its truth set: a legal move's precondition, a player's win.
  bool holds(const Formula& phi) const override {
    PointEvaluator at(
        model_, [this](const Formula& f) { return truth(f); }, agent_names_,
        [this](const Formula& a, World w) { return atom_at(a, w); });
    if (const std::optional<bool> h = at.holds_at(phi, model_.actual())) return *h;
    return ModelPlay::holds(phi);
  }

  // What move k would leave agent i considering possible (LanguageSeats), each outcome as
  // info_gain.hpp reads it.
  Outlook outlook(Agent i, std::size_t k) const override {
    const std::vector<World> worlds = possible_list(i);
    const std::vector<std::vector<std::string>> seen = outcomes(i, k, worlds);
    std::map<std::string, double> left;  // worlds per outcome
    for (const auto& list : seen)
      for (const std::string& o : list) left[o] += 1.0;
    Outlook out;
    double possible = 0;
    for (const auto& list : seen) {
      if (list.empty()) continue;
      possible += 1;
      for (const std::string& o : list) out.expected_left += left[o] / double(list.size());
    }
    if (possible > 0) out.expected_left /= possible;
    for (const auto& [o, n] : left) out.worlds_left.push_back(BigCount(n));
    std::sort(out.worlds_left.begin(), out.worlds_left.end());
    return out;
  }
  // Among `events` of move k, those that tell its mover least: that can happen at the most
  // of the assignments the mover considers possible, so that seeing it rules out the
  // fewest (the card the asker already most believed the answerer holds).
  std::vector<std::size_t> least_telling_events(std::size_t k,
                                                const std::vector<std::size_t>& events) const {
    const Agent mover = rules_->mover(instances_[k]);
    const std::vector<World> worlds = possible_list(mover);
    std::vector<std::size_t> best;
    std::size_t most = 0;
    for (std::size_t e : events) {
      const WorldSet when = truth(*table_->prepared(k).events[e].when);
      std::unordered_set<std::uint32_t> assignments;
      for (World w : worlds)
        if (when.test(w)) assignments.insert(model_.valuation(w));
      if (best.empty() || assignments.size() > most) {
        best = {e};
        most = assignments.size();
      } else if (assignments.size() == most) {
        best.push_back(e);
      }
    }
    return best;
  }
  // For info-gain the most informative of `moves` (info_gain.hpp).
  std::vector<std::size_t> candidates(Agent i,
                                      const std::vector<std::size_t>& moves) const override {
    if (strategy(i).choice != Strategy::Choice::Informative || moves.size() < 2) return moves;
    // The quantity at each world i considers possible: the truth values of what it seeks.
    const std::vector<World> worlds = possible_list(i);
    // Each assignment equally likely: copies of one (several events could have happened
    // there, unseen) share its weight.
    std::unordered_map<std::uint32_t, std::size_t> copies;
    for (World w : worlds) ++copies[model_.valuation(w)];
    std::vector<double> weight(worlds.size());
    for (std::size_t j = 0; j < worlds.size(); ++j)
      weight[j] = 1.0 / double(copies[model_.valuation(worlds[j])]);
    std::vector<std::string> quantity(worlds.size());
    for (const FormulaPtr& phi : table_->about(i)) {
      const WorldSet t = truth(*phi);
      for (std::size_t j = 0; j < worlds.size(); ++j) quantity[j] += t.test(worlds[j]) ? '1' : '0';
    }
    std::vector<std::size_t> best;
    double most = 0.0;
    for (std::size_t k : moves) {
      const double gain = information_gain(quantity, outcomes(i, k, worlds), weight);
      // Gains equal up to rounding are ties, drawn among.
      if (best.empty() || gain > most + 1e-9) {
        best = {k};
        most = gain;
      } else if (gain > most - 1e-9) {
        best.push_back(k);
      }
    }
    return best;
  }
  Json observed(Agent i) const override {
    Json out = Json::object();
    const model_lang::Vocabulary& vocab = vocabulary();
    const std::uint32_t v = model().valuation(model().actual());
    for (const model_lang::Observation& o : data()->agents()[std::size_t(i)].observes)
      out[o.text] = o.term ? Json(model_lang::value(model_lang::compile(*o.term, vocab), vocab, v))
                           : vocab.value_json(v, std::size_t(o.variable));
    return out;
  }
  Json known_values(Agent i) const override {
    Json out = Json::object();
    const model_lang::Vocabulary& vocab = vocabulary();
    const World actual = model().actual();
    const std::uint32_t here = model().valuation(actual);
    for (std::size_t k = 0; k < vocab.size(); ++k)
      if (model().all_possible(i, actual, [&](World w) {
            return vocab.value_index(model().valuation(w), k) == vocab.value_index(here, k);
          }))
        out[vocab.variables()[k].name] = vocab.value_json(here, k);
    return out;
  }

  // Whether every formula a search evaluates is decided by the actual world's facts: no
  // modal operator but K{i} (or Kw{i}, Kv{i}) of what agent i observes, which it always
  // knows (observe_again). Then a search may keep the actual world only.
  bool decided_by_facts() const {
    for (std::size_t i = 0; i < rules_->agent_count(); ++i)
      if (strategy(Agent(i)).choice == Strategy::Choice::Informative) return false;
    for (std::size_t k = 0; k < table_->size(); ++k)
      if (has_events(k)) return false;  // an event's worlds are copies: the model is needed
    const auto factual = [this](const FormulaPtr& phi) { return !phi || observed_only(*phi, -1); };
    for (std::size_t k = 0; k < table_->size(); ++k) {
      const MoveTable::Prepared& p = table_->prepared(k);
      if (!factual(p.legal) || !factual(p.guard)) return false;
      if (p.post)
        for (const auto& a : p.post->assignments())
          if (!factual(a.formula)) return false;
    }
    for (std::size_t i = 0; i < rules_->agent_count() && rules_->has_win(); ++i)
      if (!factual(win_of(Agent(i)))) return false;
    return true;
  }

  // The worlds at which the opening announcements hold, each after those before it: the
  // actual worlds a play may have, as an announcement is truthful.
  WorldSet opening_worlds() {
    const Snapshot start = snapshot();
    for (const GameRules::Opening& o : rules_->opening())
      model_.restrict_alive(truth(*expanded(o.formula)));
    WorldSet out = model_.alive();
    restore(start);
    return out;
  }

  using ModelPlay::contract;
  using ModelPlay::keep_actual_only;
  using ModelPlay::restore;
  using ModelPlay::Snapshot;
  using ModelPlay::snapshot;

 protected:
  void apply_move(std::size_t k, std::optional<std::size_t> event) override {
    Built built = action_model(k, event);
    act_visibly(audience(instances_[k]), built, rules_->instance_text(instances_[k]),
                to_string(*table_->prepared(k).legal));
  }
  void apply_round(const std::vector<std::size_t>& round,
                   const std::optional<std::vector<Agent>>& seen, const std::string& text,
                   const std::string& formula) override {
    Built joint = action_model(round.front());
    for (std::size_t j = 1; j < round.size(); ++j) {
      const Built part = action_model(round[j]);
      joint.action = joint_action(joint.action, part.action, model_);
      joint.copies = joint.copies || part.copies;
    }
    act_visibly(seen, joint, text, formula);
  }
  // Which of move k's events happens, where several can: the chooser's (the move's
  // chosen_by) as its strategy chooses, else drawn uniformly.
  std::optional<std::size_t> drawn_event(std::size_t k, Rng& rng) const override {
    if (!has_events(k)) return std::nullopt;
    std::vector<std::size_t> events = possible_events(k);
    if (events.size() == 1) return events.front();
    if (const std::optional<Agent> chooser = rules_->event_chooser(instances_[k]);
        chooser && strategy(*chooser).least_telling)
      events = least_telling_events(k, events);
    return events.size() == 1 ? events.front() : events[std::size_t(rng.below(events.size()))];
  }
  bool false_everywhere(const Formula& phi) const override { return truth(phi).none(); }

 private:
  struct Built {
    NamedAction action;
    std::vector<std::size_t> instance;  // per event: the move instance it is (none: "nothing")
    std::vector<std::size_t> event;     // per event of a move with events: which of them
    bool copies = false;                // some world has more than one event
  };

  // The worlds agent i considers possible, in order.
  std::vector<World> possible_list(Agent i) const {
    std::vector<World> worlds;
    model_.for_each_possible(i, model_.actual(), [&](World w) { worlds.push_back(w); });
    return worlds;
  }

  // What agent i would see, at each of `worlds`, of making move k there: the move's event
  // there as i tells events apart, and what i observes after its change (several where the
  // move's events leave a choice; none where move k cannot be made).
  std::vector<std::vector<std::string>> outcomes(Agent i, std::size_t k,
                                                 const std::vector<World>& worlds) const {
    const Built b = action_model(k, std::nullopt, false);
    const ActionModel& am = b.action.am;
    std::vector<std::vector<std::string>> out(worlds.size());
    for (std::size_t e = 0; e < am.preconditions.size(); ++e) {
      if (b.instance[e] != k) continue;
      // Where the event may be the one that happens (an event's `when` may say more than
      // its precondition).
      WorldSet happens = am.preconditions[e];
      if (!b.event.empty()) happens &= truth(*table_->prepared(k).events[b.event[e]].when);
      for (std::size_t j = 0; j < worlds.size(); ++j) {
        const World w = worlds[j];
        if (!happens.test(w)) continue;
        const std::vector<std::uint32_t>* row = am.row_after(e);
        const std::uint32_t after = row ? (*row)[w] : model_.valuation(w);
        out[j].push_back(std::to_string(am.event_class[std::size_t(i)][e]) + ":" +
                         observation(i, after));
      }
    }
    return out;
  }

  // What agent i observes at a world of valuation v, as text: each observed value in turn.
  std::string observation(Agent i, std::uint32_t v) const {
    const model_lang::Vocabulary& vocab = vocabulary();
    std::string out;
    for (const model_lang::Observation& o : data()->agents()[std::size_t(i)].observes) {
      out +=
          std::to_string(o.term ? model_lang::value(model_lang::compile(*o.term, vocab), vocab, v)
                                : std::int64_t(vocab.value_index(v, std::size_t(o.variable))));
      out += ',';
    }
    return out;
  }

  // A variable's truth at world w, from its valuation; none for a definition (its truth
  // set is computed).
  std::optional<bool> atom_at(const Formula& a, World w) const {
    if (const std::optional<int> k = table_->variable_of(a)) {
      if (*k < 0) return std::nullopt;
      return vocabulary().value_index(model_.valuation(w), std::size_t(*k)) == 1;
    }
    if (rules_->templates().defines(a.name)) return std::nullopt;
    return variable_at(a, w);
  }

  // The product update, its audience those who see the move. After it every agent sees
  // again what it observes (its own variables, the others' foreheads): what it observes it
  // always knows.
  // When the move copied worlds (an onlooker does not know which move it was), the model is
  // contracted before it is logged: copies that no formula tells apart are merged.
  void act_visibly(const std::optional<std::vector<Agent>>& seen, Built& built,
                   const std::string& text, const std::string& formula) {
    // Held to the limits before anything is built: a game whose onlookers cannot tell the
    // moves apart multiplies its worlds with every move.
    const ActionModel& am = built.action.am;
    BigCount product = 0;
    for (const WorldSet& pre : am.preconditions) product += pre.count_common(model_.alive());
    WorldLimits beside = limits();  // the action model is held already
    beside.held += action_bytes(am);
    check_world_limit(product, beside, bytes_per_product_world(rules_->agent_count()), "",
                      text + " gives");
    const bool copies = built.copies;
    bool changes_facts = false;
    for (const ValuationRow& row : built.action.am.valuation_after) changes_facts |= bool(row);
    // One event that changes no fact, seen by everyone, is a public announcement of its
    // precondition: the worlds keep their numbers (and a model whose relations hide bits
    // keeps its fast partitions), where a product update would copy and renumber them.
    if (!seen && built.action.am.preconditions.size() == 1 && !changes_facts) {
      const UpdateResult r = public_announce(model_, built.action.am.preconditions.front());
      log_update(UpdateKind::Public, all_agents(), text, formula, r);
      return;
    }
    apply_action(built.action.am, std::move(built.action.names), text, formula, seen,
                 [this, copies, changes_facts](Model& m) {
                   if (changes_facts) observe_again(m);
                   if (copies && m.s5_over_alive()) m = contracted_model(m);
                 });
    if (copies) forget_world_history();
  }

  // Each agent refines its relation by everything it observes at once: one key per world,
  // equal exactly when the agent observes the same there. Only a move that changed facts
  // needs it: a product update without postconditions keeps every relation within what its
  // agent observes.
  void observe_again(Model& m) const {
    const model_lang::Vocabulary& vocab = data()->vocabulary();
    for (std::size_t i = 0; i < data()->agents().size(); ++i) {
      const auto& observes = data()->agents()[i].observes;
      if (observes.empty()) continue;
      // The observed variables' digits of the valuation (a number below the assignments'),
      // then each observed term's value paired with the key so far, numbered densely.
      std::vector<std::uint64_t> key(m.world_count(), 0);
      for (const model_lang::Observation& o : observes)
        if (!o.term) {
          const std::size_t k = std::size_t(o.variable);
          m.alive().for_each(
              [&](World w) { key[w] += vocab.value_index(m.valuation(w), k) * vocab.stride(k); });
        }
      for (const model_lang::Observation& o : observes)
        if (o.term) {
          const model_lang::CompiledTerm term = model_lang::compile(*o.term, vocab);
          std::map<std::pair<std::uint64_t, std::int64_t>, std::uint64_t> number;
          m.alive().for_each([&](World w) {
            const auto pair =
                std::make_pair(key[w], model_lang::value(term, vocab, m.valuation(w)));
            key[w] = number.emplace(pair, number.size()).first->second;
          });
        }
      kripke::observe(m, {Agent(i)}, key);
    }
  }

  // The action model of move k: its events are the move itself (seen by everyone) or every
  // instance of the move (when the others see only that one was made, or nothing: then a
  // "nothing happened" event too). An event is split by what its parties learn: one event per
  // combination of the learnt formulas' truth values that some world carries.
  // For a move with events: the events' action model instead (events_model).
  Built action_model(std::size_t k, std::optional<std::size_t> event = std::nullopt,
                     bool only_actual_part = true) const {
    if (has_events(k)) return events_model(k, event, only_actual_part);
    const MoveInstance& chosen = instances_[k];
    const GameRules::Move& move = rules_->moves()[chosen.move];
    Built b;
    const std::size_t agents = rules_->agent_count();
    b.action.am.event_class.assign(agents, {});
    std::uint32_t next_class = 1;  // 0: an event the agent does not see
    std::vector<std::size_t> events;
    if (move.others == GameRules::Others::SeeTheMove) {
      events = {k};
    } else {
      for (std::size_t e = 0; e < instances_.size(); ++e)
        if (instances_[e].move == chosen.move) events.push_back(e);
    }
    for (std::size_t e : events) {
      const WorldSet pre = truth(*table_->prepared(e).legal) & model_.alive();
      if (pre.none()) continue;
      std::vector<WorldSet> groups =
          split(pre, table_->prepared(e).learnt, action_bytes(b.action.am),
                rules_->instance_text(instances_[e]));
      const std::optional<model_lang::Postcondition>& post = table_->prepared(e).post;
      // The instance's parts change the facts alike: one row for them all.
      const ValuationRow after =
          post ? valuation_row(post->valuations(model_, pre,
                                                [this](const Formula& phi) { return truth(phi); }))
               : nullptr;
      const std::string name = rules_->instance_text(instances_[e]);
      for (std::size_t g = 0; g < groups.size(); ++g) {
        if (e == k && groups[g].test(model_.actual())) {
          b.action.am.actual_event = b.action.am.preconditions.size();
        }
        b.action.am.preconditions.push_back(std::move(groups[g]));
        b.action.am.valuation_after.push_back(after);
        b.action.names.push_back(groups.size() > 1 ? name + "#" + std::to_string(g + 1) : name);
        b.instance.push_back(e);
        // The parties tell this event from every other; the others do not (when they see
        // the move, it is the only one, and they do not see what the parties learn).
        for (std::size_t a = 0; a < agents; ++a)
          b.action.am.event_class[a].push_back(is_party(Agent(a), instances_[e]) ? next_class : 0);
        ++next_class;
      }
    }
    std::size_t pairs = 0;
    WorldSet some_event(model_.world_count());
    for (const WorldSet& pre : b.action.am.preconditions) {
      pairs += pre.count();
      some_event |= pre;
    }
    b.copies = move.others == GameRules::Others::SeeNothing || pairs > some_event.count();
    if (move.others == GameRules::Others::SeeNothing) {
      b.action.am.preconditions.push_back(model_.alive());
      b.action.am.valuation_after.push_back(nullptr);
      b.action.names.push_back("nothing");
      b.instance.push_back(instances_.size());
      for (std::size_t a = 0; a < agents; ++a) b.action.am.event_class[a].push_back(0);
    }
    return b;
  }

  // The action model of a move with events: one event per event of the move that can
  // happen somewhere and per truth values of what it teaches (its `learn`), `actual` the one
  // that happens here. Those who see an event tell it from every other (and its parts from
  // each other, when they learn); the others tell apart only events of different others_see
  // labels. `only_actual_part`: the events nobody can confuse with the actual one, even
  // through others' confusions, are left out — everyone knows they did not happen (a public
  // "holds neither" where a card was shown), and a product update would keep their worlds
  // as a part of the model that no one considers possible.
  Built events_model(std::size_t k, std::optional<std::size_t> actual,
                     bool only_actual_part) const {
    const MoveTable::Prepared& p = table_->prepared(k);
    const GameRules::Move& move = rules_->moves()[instances_[k].move];
    const std::size_t agents = rules_->agent_count();
    const auto among = [](const std::optional<std::vector<Agent>>& who, std::size_t a) {
      return !who || std::count(who->begin(), who->end(), Agent(a)) > 0;
    };
    struct Candidate {
      std::size_t event;
      WorldSet pre;
      std::vector<std::uint32_t> classes;  // per agent
    };
    std::vector<Candidate> all;
    std::vector<std::map<std::string, std::uint32_t>> label_class(agents);
    std::uint32_t next_class = 0;
    std::optional<std::size_t> actual_candidate;
    for (std::size_t e = 0; e < p.events.size(); ++e) {
      const MoveTable::Prepared::Event& event = p.events[e];
      const WorldSet pre = truth(*event.pre) & model_.alive();
      if (pre.none()) continue;
      const std::uint32_t seen = next_class++;
      for (WorldSet& part :
           split(pre, event.learn, all.size() * bytes_per_event(),
                 rules_->instance_text(instances_[k]) + ":" + move.events[e].name)) {
        if (actual && e == *actual && part.test(model_.actual())) actual_candidate = all.size();
        Candidate c{e, std::move(part), std::vector<std::uint32_t>(agents)};
        const std::uint32_t learnt = next_class++;
        for (std::size_t a = 0; a < agents; ++a)
          c.classes[a] =
              !among(event.seen_by, a)
                  ? label_class[a].emplace(move.events[e].others_see, next_class++).first->second
              : among(event.learnt_by, a) ? learnt
                                          : seen;
        all.push_back(std::move(c));
      }
    }
    // The candidates linked to the actual one by some agent's confusion, step by step.
    std::vector<bool> keep(all.size(), !only_actual_part || !actual_candidate);
    if (only_actual_part && actual_candidate) {
      keep[*actual_candidate] = true;
      for (bool grew = true; grew;) {
        grew = false;
        for (std::size_t c = 0; c < all.size(); ++c)
          for (std::size_t d = 0; d < all.size() && !keep[c]; ++d)
            for (std::size_t a = 0; a < agents && keep[d] && !keep[c]; ++a)
              if (all[c].classes[a] == all[d].classes[a]) keep[c] = grew = true;
      }
    }
    Built b;
    b.action.am.event_class.assign(agents, {});
    const std::string name = rules_->instance_text(instances_[k]);
    // The move's change is the same whichever event happens: one row for them all, over
    // the worlds where one of them can (elsewhere a change may leave its variable's range).
    WorldSet where(model_.world_count());
    for (std::size_t c = 0; c < all.size(); ++c)
      if (keep[c]) where |= all[c].pre;
    const ValuationRow after =
        p.post ? valuation_row(p.post->valuations(
                     model_, where, [this](const Formula& phi) { return truth(phi); }))
               : nullptr;
    for (std::size_t c = 0; c < all.size(); ++c) {
      if (!keep[c]) continue;
      if (actual_candidate && c == *actual_candidate)
        b.action.am.actual_event = b.action.am.preconditions.size();
      b.action.am.valuation_after.push_back(after);
      b.action.am.preconditions.push_back(std::move(all[c].pre));
      b.action.names.push_back(name + ":" + move.events[all[c].event].name);
      b.instance.push_back(k);
      b.event.push_back(all[c].event);
      for (std::size_t a = 0; a < agents; ++a)
        b.action.am.event_class[a].push_back(all[c].classes[a]);
    }
    return b;
  }

  // The worlds of `pre` grouped by the truth values of what the parties learn, in order of
  // each group's first world. Refused when the groups' sets, beside the `built` bytes of the
  // action model so far, would pass max_memory: each is a set of all the worlds, and a move
  // whose parties learn much splits into many.
  std::vector<WorldSet> split(const WorldSet& pre, const std::vector<FormulaPtr>& learnt,
                              std::uint64_t built, const std::string& what) const {
    if (learnt.empty()) return {pre};
    const std::vector<World> worlds = pre.members();
    // Each world's group so far and the next formula's truth there as one number, numbered
    // densely again: the groups refined one formula at a time.
    DenseIds group{RecycledVector<std::uint32_t>(worlds.size(), 0), 1};
    std::vector<std::uint64_t> key(worlds.size());
    for (const FormulaPtr& phi : learnt) {
      const WorldSet t = truth(*phi);
      for (std::size_t k = 0; k < worlds.size(); ++k)
        key[k] = std::uint64_t{group.ids[k]} * 2 + (t.test(worlds[k]) ? 1 : 0);
      group = dense_ids(key);
    }
    const std::uint64_t memory = limits().max_memory ? limits().max_memory : machine_memory();
    // Beside the sets: this scratch (the worlds, their keys and groups: 24 bytes each).
    const BigCount needed = BigCount(group.count) * bytes_per_event() + 24 * worlds.size() + built;
    const std::string beside =
        limits().held ? " beside the " + mebibytes(limits().held) + " already held" : "";
    if (memory && needed + limits().held > memory)
      throw InputError(what + " splits into " + std::to_string(group.count) +
                       " events (worlds told apart by what its parties learn); with the " +
                       "move's action model so far they need about " + mebibytes(needed) +
                       " of memory" + beside + ", more than " +
                       (limits().max_memory ? "max_memory = " : "this machine's ") +
                       mebibytes(memory));
    std::vector<WorldSet> groups(group.count, WorldSet(model_.world_count()));
    for (std::size_t k = 0; k < worlds.size(); ++k) groups[group.ids[k]].set(worlds[k]);
    return groups;
  }

  std::vector<std::string> agent_names_;  // read once: holds() asks for them at every question
};

}  // namespace kripke::game_lang
