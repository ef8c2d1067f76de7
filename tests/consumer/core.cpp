// kripke::kripke alone: the core parses a formula, builds a model and updates it.
#include <kripke/kripke.hpp>

#ifdef _BDD_H
#error "kripke/kripke.hpp includes BuDDy's bdd.h: the core must not need the symbolic engine"
#endif

int main() {
  // Two worlds: p holds in world 0 (the actual one), not in world 1. Agent 1 cannot tell
  // them apart, agent 2 can.
  const std::vector<std::uint32_t> valuation = {1, 0};
  kripke::Model model({kripke::Partition::universal(2), kripke::Partition::from_keys(valuation)}, 0,
                      valuation);
  const kripke::AtomResolver atoms = [](const kripke::Formula& atom, const kripke::Model& m) {
    kripke::WorldSet truth(m.world_count());
    if (atom.name == "p")
      for (kripke::World w = 0; w < m.world_count(); ++w)
        if (m.valuation(w) == 1) truth.set(w);
    return truth;
  };
  const auto holds = [&](const char* text) {
    return kripke::Evaluator(model, atoms).holds_at_actual(*kripke::parse_formula(text));
  };
  if (holds("K1 p") || !holds("K2 p") || !holds("~K1 p & K2 p")) return 1;
  // Announcing p: now agent 1 knows it too.
  kripke::public_announce(model, kripke::Evaluator(model, atoms).eval(*kripke::parse_formula("p")));
  return holds("K1 p") && model.alive_count() == 1 ? 0 : 2;
}
