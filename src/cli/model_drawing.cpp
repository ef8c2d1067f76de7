#include "cli/model_drawing.hpp"

#include <fmt/format.h>

#include "kripke/bisimulation.hpp"
#include "kripke/plural.hpp"
#include "output/dot_drawing.hpp"

namespace kripkesim {

std::string model_dot(const kripke::Play& play, const DrawRequest& request) {
  if (!play.enumerates_worlds())
    throw kripke::InputError(
        "the worlds of this play are counted, not listed (the symbolic engine; Sleuth's full "
        "deck; Cluedo): a drawing needs them listed, with \"engine\": \"explicit\" where the "
        "game has it");
  kripke::WorldSet worlds = play.model().alive();
  std::string title = fmt::format("{}: ", play.game_name());
  if (request.agent) {
    worlds &= play.model().possible_worlds(*request.agent);
    title += fmt::format("what {} considers possible, ", play.agent_name(*request.agent));
  }
  if (request.where) {
    worlds &= *request.where;
    title += fmt::format("where {}, ", request.where_text);
  }
  const std::size_t count = worlds.count();
  title += fmt::format("{} of {}", count, kripke::counted(play.model().alive_count(), "world"));
  if (!play.model().s5()) {
    if (request.minimize)
      throw kripke::InputError(
          "--minimize contracts S5 models; this one holds beliefs (relations that are not "
          "equivalences): draw it whole, or some of it with --agent or --where");
    if (const std::size_t size = belief_drawing_size(play.model(), worlds);
        request.limit != 0 && size > request.limit)
      throw kripke::InputError(fmt::format(
          "{} and {} to draw, {} in all, over the limit of {}: draw what one agent considers "
          "possible (--agent), the worlds where a formula holds (--where), or raise --limit",
          kripke::counted(count, "world"), kripke::counted(size - count, "arrow"), size,
          request.limit));
    return dot_belief_drawing(play, worlds, request.title.empty() ? title : request.title);
  }
  const kripke::Contraction drawn = request.minimize
                                        ? kripke::bisimulation_contraction(play.model(), worlds)
                                        : kripke::without_contraction(play.model(), worlds);
  if (request.minimize)
    title += fmt::format(", {} after bisimulation contraction", drawn.block_count());
  if (const std::size_t size = drawing_size(drawn); request.limit != 0 && size > request.limit)
    throw kripke::InputError(fmt::format(
        "{}{} and {} to draw, {} in all, over the limit of {}: draw what one agent considers "
        "possible (--agent), the worlds where a formula holds (--where){}, or raise --limit",
        kripke::counted(drawn.block_count(), "world"), request.minimize ? " after contraction" : "",
        kripke::counted(size - drawn.block_count(), "edge"), size, request.limit,
        request.minimize ? "" : ", the bisimulation contraction (--minimize)"));
  return dot_drawing(play, drawn, request.title.empty() ? title : request.title);
}

}  // namespace kripkesim
