#include "cli/validation.hpp"

#include <fmt/format.h>

#include <optional>

#include "arena/program_seats.hpp"
#include "batch/batch_config.hpp"
#include "games/catalog.hpp"
#include "input/config_file.hpp"
#include "kripke/game_lang/game_rules.hpp"
#include "kripke/model_lang/model_game.hpp"
#include "kripke/plural.hpp"
#include "scenario/scenario.hpp"
#include "scenario/scenario_runner.hpp"
#include "tournament/tournament_config.hpp"

namespace kripkesim {

// A new kind of section adds its reader and its check here.
std::string validate_document(const kripke::Json& given) {
  // A plain config may seat people and programs (`kripkesim play`); a scenario or an
  // experiment may not. The programs are listed: a config that names one says so.
  kripke::Json document = given;
  std::vector<SeatProgram> programs;
  if (document.is_object() && !document.contains("script") && !document.contains("batch") &&
      !document.contains("tournament")) {
    take_people(document);
    programs = take_programs(document);
  }
  std::optional<Scenario> scenario;
  bool batch = false, tournament = false;
  const kripke::GameConfig config = read_config(document, [&](kripke::ObjectReader& r) {
    if (r.has("script")) read_scenario_keys(r, scenario.emplace());
    batch = r.has("batch");            // read below, with the whole document
    tournament = r.has("tournament");  // the same
  });
  if (scenario) scenario->config = config;
  // A model of variables and a law is checked without building it where its count of
  // worlds can be had by solving the law; a scenario's steps need the model, and a game
  // written in the game language its moves (its rules are not a model's).
  if (config.game == "model" && !kripke::game_lang::GameRules::applies_to(config.rules) &&
      !scenario && !batch && !tournament && programs.empty())
    if (const auto worlds = kripke::model_lang::ModelGame::checked_world_count(config)) {
      const std::string count = kripke::to_string(*worlds);
      return fmt::format("model, {} world{}", count, count == "1" ? "" : "s");
    }
  const auto game = games().make(config);
  kripke::Rng rng(config.seed);
  const auto play = game->new_play(rng);
  std::string kind = config.game;
  std::string listed;
  if (batch) {
    const BatchConfig b = read_batch_config(document);  // builds every condition's game
    kind += fmt::format(" batch, {}, {}", kripke::counted(b.conditions.size(), "condition"),
                        kripke::counted(b.total_games(), "game"));
    for (const BatchCondition& c : b.conditions)
      for (const SeatProgram& p : c.programs)
        listed += fmt::format(
            "; seat {} of condition '{}' is played by the program `{}` (run with "
            "--allow-programs)",
            p.seat + 1, c.name, arena::command_line(p.argv));
  }
  if (tournament) {
    const TournamentConfig t = read_tournament_config(document);  // builds every seating
    kind += fmt::format(" tournament, {}, {}, {}", kripke::counted(t.entrants.size(), "entrant"),
                        kripke::counted(t.seatings.size(), "seating"),
                        kripke::counted(t.batch.total_games(), "game"));
    for (const Entrant& e : t.entrants)
      if (e.program)
        listed += fmt::format(
            "; entrant {} is the program `{}` (run with --allow-programs)", e.name,
            arena::command_line(e.agent["strategy"]["program"].get<std::vector<std::string>>()));
  }
  if (scenario) {
    // Its steps are played (their expectations not judged): whether a move is legal
    // depends on the game's state, and validate must not pass what `scenario` refuses.
    check_script(*scenario, *play);
    kripke::NullSink quiet;
    run_scenario(*scenario, quiet);
    kind += fmt::format(" scenario, {}", kripke::counted(scenario->script.size(), "step"));
  }
  const std::string worlds = kripke::to_string(play->world_count());
  for (const SeatProgram& p : programs) {
    arena::check_program_seat(p, *play);
    listed += fmt::format("; seat {} is played by the program `{}` (run with --allow-programs)",
                          p.seat + 1, arena::command_line(p.argv));
  }
  return fmt::format("{}, {} world{}{}", kind, worlds, worlds == "1" ? "" : "s", listed);
}

}  // namespace kripkesim
