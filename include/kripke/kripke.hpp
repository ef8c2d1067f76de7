// The kripke core: one include for the engine (worlds, relations, formulas, updates) and the
// game contract (Game, Play, the game loop, catalogs). Neither the games nor the symbolic
// engine: each game's header (kripke/games/<game>/...) and kripke/symbolic/ are included
// where they are used, and need the kripke::games / kripke::symbolic targets (BuDDy).
#pragma once

#include "kripke/config_reader.hpp"
#include "kripke/deals.hpp"
#include "kripke/errors.hpp"
#include "kripke/evaluate.hpp"
#include "kripke/events.hpp"
#include "kripke/formula.hpp"
#include "kripke/formula_parser.hpp"
#include "kripke/game.hpp"
#include "kripke/game_catalog.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/model.hpp"
#include "kripke/partition.hpp"
#include "kripke/rng.hpp"
#include "kripke/seat_view.hpp"
#include "kripke/types.hpp"
#include "kripke/updates.hpp"
#include "kripke/world_set.hpp"
