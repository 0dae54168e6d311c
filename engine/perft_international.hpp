// Perft for international draughts: the same counting as perft.hpp (bulk at the last ply, the
// last two plies fused, the shared table and threads of perft_driver.hpp) on the 10x10 board.
//
// One convention only, the published one: moves with the same origin, destination and captured
// set count once (`PerftOptions::routes` is ignored, and a divide has one line per move).
#pragma once

#include "engine/international.hpp"
#include "engine/movegen_international.hpp"
#include "engine/perft.hpp"

// intl::perft(p, depth) and intl::perft_divide(p, options) are the templates of perft.hpp (this
// header names them for the 10x10 game's users).
