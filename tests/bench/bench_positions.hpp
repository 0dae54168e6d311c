// The positions the evaluation micro-benchmarks run on, for any game: quiet positions after a
// random number of random plies from the start (what the search evaluates), and the quiet
// positions of random games in order (one differs from the one before by a move, as a search's
// evaluations do).
#pragma once

#include <cstddef>
#include <random>
#include <vector>

#include "engine/movegen.hpp"

namespace tempo::bench {

// 256 quiet positions (no capture for the side to move, at least one move), each after 0 to
// max_plies - 1 random plies from the start.
template <RulesTrait B>
std::vector<BasicPosition<B>> quiet_positions(std::uint64_t seed, int max_plies) {
    std::mt19937_64 rng(seed);
    std::vector<BasicPosition<B>> out;
    MoveListFor<B> list;
    while (out.size() < 256) {
        BasicPosition<B> p = BasicPosition<B>::start();
        const int plies = int(rng() % std::uint64_t(max_plies));
        for (int i = 0; i < plies; ++i) {
            generate_moves(p, list);
            if (list.empty()) break;
            p = p.after(list[std::size_t(rng() % list.size())]);
        }
        if (!has_capture(p) && count_moves(p) > 0) out.push_back(p);
    }
    return out;
}

// The first 256 quiet positions of random games played one after another.
template <RulesTrait B>
std::vector<BasicPosition<B>> game_positions(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<BasicPosition<B>> out;
    BasicPosition<B> p = BasicPosition<B>::start();
    MoveListFor<B> list;
    while (out.size() < 256) {
        generate_moves(p, list);
        if (list.empty()) {
            p = BasicPosition<B>::start();
            continue;
        }
        if (!has_capture(p)) out.push_back(p);
        p = p.after(list[std::size_t(rng() % list.size())]);
    }
    return out;
}

}  // namespace tempo::bench
