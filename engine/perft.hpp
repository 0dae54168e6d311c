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
#include "engine/rules.hpp"

namespace tempo {

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

using OnRootDone = std::function<void(const DivideLine&, std::size_t done, std::size_t total)>;

// Both functions are templates over the rules trait, instantiated for every game (perft.cpp for
// English, perft_flying.cpp for the flying-king games); `intl::perft` and `brazil::perft` are
// the same templates. `routes` and `PerftOptions::routes` matter only where the game's perft
// counts jump orders (B::perft_keeps_routes, English); elsewhere equal moves count once.

// The plain recursive count: no table, one thread. depth 0 counts 1.
template <RulesTrait B>
std::uint64_t perft(const BasicPosition<B>& p, int depth, Routes routes = Routes::Keep);

// The full counter: table, threads, and the root moves split out. `on_root_done`, when set, is
// called (from any thread, one call at a time) after each root line is finished, with the number
// finished so far and the total, for progress reports.
template <RulesTrait B>
PerftResult perft_divide(const BasicPosition<B>& p, const PerftOptions& options, const OnRootDone& on_root_done = {});

namespace intl {
using tempo::perft;
using tempo::perft_divide;
}  // namespace intl

namespace brazil {
using tempo::perft;
using tempo::perft_divide;
}  // namespace brazil

}  // namespace tempo
