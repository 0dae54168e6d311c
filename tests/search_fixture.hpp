// What the search tests of every game share (test_search.cpp, test_search_international.cpp,
// test_search_games.cpp): legality, a search to a depth, random games, and a plain minimax that
// the search's win and loss distances are checked against.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>

#include <catch2/catch.hpp>

#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/rules.hpp"
#include "random_games.hpp"
#include "search/search.hpp"

namespace tempo::testing {

// Whether `m` is one of the generator's moves in `p`.
template <RulesTrait B>
bool is_legal(const BasicPosition<B>& p, const Move& m) {
    MoveListFor<B> list;
    generate_moves(p, list);
    return std::find(list.begin(), list.end(), m) != list.end();
}

inline search::SearchResult search_to(search::Engine& engine, const auto& p, int depth) {
    search::Limits limits;
    limits.depth = depth;
    return engine.go(p, {}, limits);
}

// A position reached by `plies` random legal moves from the start (fewer if the game ends).
template <RulesTrait B>
BasicPosition<B> random_game(std::mt19937_64& rng, int plies) {
    BasicPosition<B> p = BasicPosition<B>::start();
    for (int i = 0; i < plies; ++i) {
        MoveListFor<B> list;
        generate_moves(p, list);
        if (list.empty()) break;
        p = p.after(list[rng() % list.size()]);
    }
    return p;
}

// Plain minimax to `depth` plies without table or pruning: win_in/loss_in (from `p`) when the
// game is decided within the depth, 0 when it is not known.
template <RulesTrait B>
search::Score solve(const BasicPosition<B>& p, int depth, int ply) {
    MoveListFor<B> list;
    generate_moves(p, list);
    if (list.empty()) return search::loss_in(ply);
    if (depth == 0) return 0;
    search::Score best = -search::Infinite;
    for (const Move& m : list) best = std::max(best, -solve(p.after(m), depth - 1, ply + 1));
    return best;
}

// Random small endings (two pieces a side at most) that a plain minimax of `solve_depth` plies
// decides, at most `most` of them from `tries`: the search to `search_depth` must give the same
// win or loss distance (found, not invented or lengthened). Returns how many were decided.
struct DistanceCheck {
    int tries, most, solve_depth, search_depth;
};

template <RulesTrait B>
int check_distances(search::Engine& engine, std::uint64_t seed, DistanceCheck c) {
    std::mt19937_64 rng(seed);
    int decided = 0;
    for (int i = 0; i < c.tries && decided < c.most; ++i) {
        const BasicPosition<B> p = random_setup<B>(rng, 2);
        const search::Score truth = solve(p, c.solve_depth, 0);
        if (!search::is_decisive(truth)) continue;
        ++decided;
        engine.clear();
        INFO("position " << i << " " << to_fen(p) << " truth " << truth);
        CHECK(search_to(engine, p, c.search_depth).score == truth);
    }
    return decided;
}

}  // namespace tempo::testing
