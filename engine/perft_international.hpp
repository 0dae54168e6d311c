// Perft for international draughts: the same counting as perft.hpp (bulk at the last ply, the
// last two plies fused, the shared table and threads of perft_driver.hpp) on the 10x10 board.
//
// One convention only, the published one: moves with the same origin, destination and captured
// set count once (`PerftOptions::routes` is ignored, and a divide has one line per move).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

#include "engine/international.hpp"
#include "engine/movegen_international.hpp"
#include "engine/perft.hpp"

namespace tempo::intl {

// The plain recursive count: no table, one thread. depth 0 counts 1.
std::uint64_t perft(const Position& p, int depth);

// The full counter, as tempo::perft_divide.
PerftResult perft_divide(const Position& p, const PerftOptions& options,
                         const std::function<void(const DivideLine&, std::size_t done,
                                                  std::size_t total)>& on_root_done = {});

}  // namespace tempo::intl
