// Random games for the invariant tests: reproducible (a fixed seed, no std distributions, whose
// output differs between standard libraries), from the start with either side first.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "engine/movegen.hpp"
#include "engine/position.hpp"

namespace tempo::testing {

// Every position of random games, `plies` in all; a game restarts after `max_game_plies` or when
// the side to move has no move. The start positions alternate between Black and White first.
inline std::vector<Position> random_game_positions(std::uint64_t seed, int plies, int max_game_plies = 160) {
    std::mt19937_64 rng(seed);
    std::vector<Position> out;
    Color first = Color::Black;
    Position p = Position::start(first);
    int game_ply = 0;
    MoveList list;
    while (int(out.size()) < plies) {
        out.push_back(p);
        generate_moves(p, list);
        if (list.empty() || game_ply >= max_game_plies) {
            first = ~first;
            p = Position::start(first);
            game_ply = 0;
            continue;
        }
        p = p.after(list[std::size_t(rng() % list.size())]);
        ++game_ply;
    }
    return out;
}

}  // namespace tempo::testing
