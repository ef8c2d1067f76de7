#include "batch/batch_config.hpp"

#include <map>
#include <numeric>
#include <ostream>
#include <set>

#include "arena/program_seats.hpp"
#include "games/catalog.hpp"
#include "input/config_file.hpp"
#include "kripke/rng.hpp"

namespace kripkesim {
namespace {

using kripke::InputError;
using kripke::Json;
using kripke::ObjectReader;

// The fields of the base config a condition may override.
const char* const kOverridableFields[] = {"rules", "agents", "max_turns", "max_worlds", "engine"};

// Keeps the deal order apart from the games' seeds, whose paths have two indices.
constexpr std::uint64_t kDealOrderStream = 0xdea1'0000'0000'0001ULL;

// Runs body(); an error located in what the condition overrides is re-pointed into the
// condition (/batch/conditions/2/rules/children), any other error names the condition.
template <class Body>
auto for_condition(const BatchCondition& condition, const std::string& path, Body&& body) {
  try {
    return body();
  } catch (const InputError& e) {
    if (!e.path().empty() && condition.overrides.contains(Json::json_pointer(e.path())))
      throw InputError(e.what(), path + e.path());
    throw InputError("in condition '" + condition.name + "': " + e.what(), e.path());
  }
}

void check_condition_name(const std::string& name, const std::string& path) {
  const bool safe_chars =
      name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") ==
      std::string::npos;
  if (name.empty() || name.size() > 64 || !safe_chars || name[0] == '.' || name[0] == '-')
    throw InputError(
        "condition names become file names (--log-dir) and CSV fields: use 1 to 64 "
        "letters, digits, '_', '-' or '.', not starting with '.' or '-'",
        path);
}

BatchCondition read_condition(const Json& written, const std::string& path) {
  BatchCondition c;
  ObjectReader r(written, path);
  c.name = r.required_string("name");
  check_condition_name(c.name, r.path_of("name"));
  c.description = r.string("description", "");
  for (const char* field : kOverridableFields)
    if (const Json* v = r.find(field)) c.overrides[field] = *v;
  r.done();
  return c;
}

std::vector<BatchCondition> read_conditions(const Json* list) {
  std::vector<BatchCondition> out;
  if (!list) {
    out.emplace_back().name = "base";  // no conditions: the base config is the only one
    return out;
  }
  kripke::array_at(*list, "/batch/conditions");
  if (list->empty())
    throw InputError("give at least one condition, or leave 'conditions' out", "/batch/conditions");
  std::set<std::string> names;
  for (std::size_t k = 0; k < list->size(); ++k) {
    const std::string path = "/batch/conditions/" + std::to_string(k);
    out.push_back(read_condition((*list)[k], path));
    if (!names.insert(out.back().name).second)
      throw InputError("duplicate condition name '" + out.back().name + "'", path + "/name");
  }
  return out;
}

// Every deal of the condition's game, in an order fixed by the batch seed. Conditions with
// the same number of deals get the same order, so game g plays the same deal in each.
std::vector<std::size_t> deal_order(const kripke::Game& game, std::uint64_t seed) {
  const std::size_t count = game.deal_count();
  if (count == 0)
    throw InputError("game '" + game.config().game +
                         "' cannot list its deals, so deals: \"all\" is not available (use "
                         "games: N for random deals)",
                     "/batch/deals");
  if (count > std::uint64_t(kMaxBatchGames))
    throw InputError("these rules allow " + std::to_string(count) +
                         " deals, more than a batch can hold (" + std::to_string(kMaxBatchGames) +
                         ")",
                     "/batch/deals");
  std::vector<std::size_t> order(count);
  std::iota(order.begin(), order.end(), std::size_t{0});
  kripke::Rng rng(kripke::derive_seed(seed, {kDealOrderStream}));
  rng.shuffle(order);
  return order;
}

}  // namespace

std::unique_ptr<const kripke::Game> build_batch_game(Json document,
                                                     std::vector<SeatProgram>* programs) {
  std::vector<SeatProgram> taken = take_programs(document);
  if (programs) *programs = std::move(taken);
  return games().make(read_config(document));
}

std::size_t seats_of(const kripke::Game& game, std::uint64_t seed) {
  kripke::Rng rng(seed);
  return game.new_play(rng)->model().agent_count();
}

std::uint64_t game_seed(std::uint64_t batch_seed, std::size_t condition, std::uint64_t game) {
  // The top 53 bits: a seed every JSON reader reads exactly (kripke::kMaxSeed).
  return kripke::derive_seed(batch_seed, {condition, game}) >> 11;
}

std::uint64_t BatchConfig::total_games() const {
  std::uint64_t n = 0;
  for (const auto& c : conditions) n += c.games;
  return n;
}

BatchConfig read_batch_config(const Json& document) {
  BatchConfig batch;
  ObjectReader top(document, "");
  const Json& section = top.required("batch");
  batch.base = document;
  batch.base.erase("batch");
  batch.base_game = build_batch_game(batch.base);

  ObjectReader r(section, "/batch");
  const Json* games = r.find("games");
  const Json* deals = r.find("deals");
  batch.seed = batch.base_game->config().seed;
  if (const Json* seed = r.find("seed")) batch.seed = kripke::seed_value(*seed, "/batch/seed");
  batch.conditions = read_conditions(r.find("conditions"));
  r.done();
  if (games && deals)
    throw InputError("give either 'games' (random deals) or 'deals': \"all\", not both", "/batch");
  if (!games && !deals)
    throw InputError("missing 'games' (a number of random deals) or 'deals': \"all\"", "/batch");
  if (games) batch.games = ObjectReader::integer_value(*games, "/batch/games", 1, kMaxBatchGames);
  if (deals && *deals != "all")
    throw InputError("the only value of 'deals' is \"all\" (every deal the rules allow)",
                     "/batch/deals");
  batch.all_deals = deals != nullptr;
  if (batch.all_deals && !batch.base_game->config().deal.is_null())
    throw InputError("deals: \"all\" plays every deal; remove the config's fixed deal", "/deal");

  build_conditions(batch.base, batch.conditions, batch.seed, batch.all_deals, batch.games,
                   "/batch/conditions");
  return batch;
}

void build_conditions(const Json& base, std::vector<BatchCondition>& conditions, std::uint64_t seed,
                      bool all_deals, std::uint64_t games, const std::string& conditions_path) {
  for (std::size_t k = 0; k < conditions.size(); ++k) {
    BatchCondition& c = conditions[k];
    const std::string path = conditions_path + "/" + std::to_string(k);
    Json merged = base;
    merged.merge_patch(c.overrides);  // RFC 7386: objects merge, arrays replace, null removes
    for_condition(c, path, [&] {
      c.game = build_batch_game(merged, &c.programs);
      // The deal count first: a play builds the whole model, which may be large.
      if (all_deals) c.deal_order = deal_order(*c.game, seed);
      c.seats = seats_of(*c.game, seed);
    });
    for (SeatProgram& program : c.programs) {
      if (c.overrides.contains(Json::json_pointer(program.source)))
        program.source = path + program.source;
      if (std::size_t(program.seat) >= c.seats)
        throw InputError("a program plays agent " + std::to_string(program.seat + 1) +
                             ", but the game has " + std::to_string(c.seats),
                         program.source);
    }
    c.games = all_deals ? c.deal_order.size() : games;
  }
}

std::uint64_t BatchConfig::seed_of(std::size_t condition, std::uint64_t game) const {
  return game_seed(seed, shared_seeds ? 0 : condition, game);
}

void check_programs_allowed(const BatchConfig& batch, bool allowed, std::ostream& announce) {
  struct Seats {
    std::string first;  // where it plays first
    std::uint64_t count = 0;
  };
  std::map<std::vector<std::string>, Seats> seats;  // by argv
  for (const BatchCondition& c : batch.conditions)
    for (const SeatProgram& program : c.programs) {
      const std::string where =
          "seat " + std::to_string(program.seat + 1) + " of condition '" + c.name + "'";
      if (!allowed)
        throw InputError("this config has " + where + " played by the program `" +
                             arena::command_line(program.argv) +
                             "`: kripkesim runs a config's programs only with --allow-programs",
                         program.source + "/program");
      Seats& played = seats[program.argv];
      if (played.count++ == 0) played.first = where;
    }
  for (const auto& [argv, played] : seats)
    announce << "kripkesim: `" << arena::command_line(argv) << "` plays " << played.first
             << (played.count > 1 ? " and " + std::to_string(played.count - 1) + " more" : "")
             << ", a process for each game\n";
}

bool BatchConfig::has_programs() const {
  for (const auto& c : conditions)
    if (!c.programs.empty()) return true;
  return false;
}

Json BatchConfig::resolved() const {
  auto resolve = [](Json out, const kripke::Game& game) {
    const kripke::GameConfig& c = game.config();
    out["rules"] = game.rules();
    out["agents"] = c.agents;
    out["max_turns"] = c.max_turns;
    out["max_worlds"] = c.max_worlds;
    out["engine"] = c.engine;
    return out;
  };
  Json out = resolve(base, *base_game);
  out["seed"] = base_game->config().seed;
  Json section = {{"seed", seed}};
  if (all_deals) {
    section["deals"] = "all";
  } else {
    section["games"] = games;
  }
  Json list = Json::array();
  for (const auto& c : conditions) {
    Json entry = resolve({{"name", c.name}}, *c.game);
    if (!c.description.empty()) entry["description"] = c.description;
    for (const SeatProgram& program : c.programs)
      entry["programs"].push_back({{"seat", program.seat + 1}, {"program", program.argv}});
    list.push_back(std::move(entry));
  }
  section["conditions"] = std::move(list);
  out["batch"] = std::move(section);
  return out;
}

}  // namespace kripkesim
