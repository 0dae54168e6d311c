// Perft: count the leaf nodes of the legal move tree to a fixed depth, the reference test of a
// move generator.
//
// Counting is bulk at the last ply (the number of legal moves, not a visit to each child). Two
// conventions: Routes::Keep counts each jump order of a king capture separately (Aart Bik's
// tables, OEIS A133046), Routes::Drop counts each distinct (from, to, captured) once (dctl).
// Deep runs may use a transposition table of (key, depth) -> count, and several threads that share
// it, splitting the root moves between them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/movegen.hpp"
#include "engine/position.hpp"

namespace tempo {

// The plain recursive count: no table, one thread. depth 0 counts 1.
std::uint64_t perft(const Position& p, int depth, Routes routes = Routes::Keep);

struct PerftOptions {
    int depth = 1;
    Routes routes = Routes::Keep;
    std::size_t hash_mb = 0;  // 0: no table
    int threads = 1;
};

// One line of a divide: a root move (one jump order of it, with Routes::Keep) and its count.
struct DivideLine {
    Move move;
    std::vector<int> route;  // squares, 0-based, as routes_of gives them
    std::uint64_t nodes = 0;
};

struct PerftResult {
    std::uint64_t nodes = 0;
    std::vector<DivideLine> divide;  // one per root move (per route with Routes::Keep)
};

// The full counter: table, threads, and the root moves split out. `on_root_done`, when set, is
// called (from any thread, one call at a time) after each root line is finished, with the number
// finished so far and the total, for progress reports.
PerftResult perft_divide(const Position& p, const PerftOptions& options,
                         const std::function<void(const DivideLine&, std::size_t done,
                                                  std::size_t total)>& on_root_done = {});

}  // namespace tempo
