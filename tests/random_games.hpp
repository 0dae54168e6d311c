// Random games for the invariant tests: reproducible (a fixed seed, no std distributions, whose
// output differs between standard libraries), from the start with either side first.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "engine/international.hpp"
#include "engine/movegen.hpp"
#include "engine/position.hpp"
#include "engine/rules.hpp"

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

// A random legal-looking setup of the game with rules trait B: 1 to `max_each` pieces a side, a
// third of them kings, no man on its own crowning row, either side to move.
template <RulesTrait B = Wcdf>
BasicPosition<B> random_setup(std::mt19937_64& rng, int max_each) {
    using G = typename B::Geometry;
    Bitboard side[2] = {0, 0}, kings = 0;
    for (int c = 0; c < 2; ++c) {
        const int n = 1 + int(rng() % std::uint64_t(max_each));
        for (int placed = 0; placed < n;) {
            const int sq = int(rng() % G::squares);
            const Bitboard b = bit(G::bit_of(sq));
            if ((side[0] | side[1]) & b) continue;
            const bool king = rng() % 3 == 0;
            if (!king && (b & crown_row<B>(Color(c)))) continue;
            side[c] |= b;
            if (king) kings |= b;
            ++placed;
        }
    }
    return BasicPosition<B>::from_bitboards(side[0], side[1], kings, rng() % 2 ? Color::White : Color::Black);
}

// The same for the 10x10 board (international draughts, White first).
namespace intl_games {

// Every position of random games from the start, `count` in all (a game restarts when it ends or
// after 150 plies).
inline std::vector<intl::Position> random_game_positions(std::uint64_t seed, int count) {
    std::mt19937_64 rng(seed);
    std::vector<intl::Position> out;
    intl::Position p = intl::Position::start();
    int ply = 0;
    intl::MoveList list;
    while (int(out.size()) < count) {
        out.push_back(p);
        intl::generate_moves(p, list);
        if (list.empty() || ply >= 150) {
            p = intl::Position::start();
            ply = 0;
            continue;
        }
        p = p.after(list[std::size_t(rng() % list.size())]);
        ++ply;
    }
    return out;
}

// A random setup (random_setup<intl::Fmjd> above).
inline intl::Position random_setup(std::mt19937_64& rng, int max_each) { return testing::random_setup<intl::Fmjd>(rng, max_each); }

}  // namespace intl_games

}  // namespace tempo::testing
