// The English evaluation's richer terms (search/eval.hpp, `Weights::rich`): each is symmetric
// and switches on exactly where it should.
#include <catch2/catch.hpp>

#include <random>

#include "engine/movegen.hpp"
#include "search/bench.hpp"
#include "search/eval.hpp"
#include "random_games.hpp"

using namespace tempo;
using namespace tempo::search;

namespace {

constexpr Color B = Color::Black, W = Color::White;

// The legacy weights with the richer terms computed, all of them still zero.
Weights rich_base() {
    Weights w = LegacyWeights;
    w.rich = true;
    return w;
}

// What `set` adds to the score of `p` over the rich base.
template <class Set>
Score contribution(const Position& p, Set&& set) {
    const Weights base = rich_base();
    Weights on = base;
    set(on);
    return evaluate(p, on) - evaluate(p, base);
}

using testing::random_setup;

}  // namespace

TEST_CASE("the richer terms are symmetric: a mirrored position scores the same", "[search][eval]") {
    std::mt19937_64 rng(11);
    // Random values for every richer weight, so that no term hides behind a zero.
    Weights w = rich_base();
    auto any = [&rng] { return Score(int(rng() % 61) - 30); };
    for (Score& v : w.man_square_opening) v = any();
    for (Score& v : w.man_square_endgame) v = any();
    for (Score& v : w.back_formation) v = any();
    w.dog_hole = any(), w.opposition = any();
    const auto games = testing::random_game_positions(5, 3000);
    int checked = 0;
    for (int i = 0; i < 6000; ++i) {
        const Position p = i % 2 ? games[std::size_t(i / 2)] : random_setup(rng, 8);
        if (has_capture(p)) continue;
        ++checked;
        CHECK(evaluate(p, w) == evaluate(p.mirrored(), w));
        CHECK(evaluate(p, RichWeights) == evaluate(p.mirrored(), RichWeights));
    }
    CHECK(checked > 3000);
}

TEST_CASE("men by square: each side on its own square numbers", "[search][eval]") {
    auto square10 = [](Weights& w) { w.man_square_opening[9] = w.man_square_endgame[9] = 24; };
    // B:W23:B10: each side has a man on its own square 10 (White's 23).
    CHECK(contribution(position_from_squares(B, {10}, {23}), square10) == 0);
    // B:W22:B10: only Black's.
    CHECK(contribution(position_from_squares(B, {10}, {22}), square10) == 24);
    CHECK(contribution(position_from_squares(W, {10}, {22}), square10) == -24);
    // Kings are not men.
    CHECK(contribution(position_from_squares(B, {10}, {22}, {10}), square10) == 0);
}

TEST_CASE("back-row formation: which of the four back squares are held", "[search][eval]") {
    // Own squares 1 and 3 held: formation 0b0101. White's 30 and 31 are its own 3 and 2.
    auto bridge = [](Weights& w) { w.back_formation[0b0101] = 80; };
    // B:W22,23,30,31:B1,3: Black's bridge, scaled by White's 4 men of 8.
    CHECK(contribution(position_from_squares(B, {1, 3}, {22, 23, 30, 31}), bridge) == 40);
    // B:W22,23,30,32:B1,2: the bridge is White's now (32 and 30), scaled by Black's 2 men.
    CHECK(contribution(position_from_squares(B, {1, 2}, {22, 23, 30, 32}), bridge) == -20);
    // No enemy men left to crown: no guard needed.
    CHECK(contribution(position_from_squares(B, {1, 3}, {22, 23}, {22, 23}), bridge) == 0);
}

TEST_CASE("dog-hole: a man on 28 (White's 5) with the corner before it held", "[search][eval]") {
    auto dog = [](Weights& w) { w.dog_hole = -30; };
    // B:W14,32:B1,28: Black's man on 28 cannot move while White holds 32.
    CHECK(contribution(position_from_squares(B, {1, 28}, {14, 32}), dog) == -30);
    // B:W14,31:B1,28: the corner is free.
    CHECK(contribution(position_from_squares(B, {1, 28}, {14, 31}), dog) == 0);
    // B:W5,32:B1,28: both sides in their dog-holes.
    CHECK(contribution(position_from_squares(B, {1, 28}, {5, 32}), dog) == 0);
    // W:W5,22:B1,12: White's man on 5 under Black's 1.
    CHECK(contribution(position_from_squares(W, {1, 12}, {5, 22}), dog) == -30);
}

TEST_CASE("the move: an odd count in Black's system gives it to the side to move", "[search][eval]") {
    auto move = [](Weights& w) { w.opposition = 12; };
    // B:W28:B5: 28 is on Black's system (rows from 1, 9, 17, 25), 5 is not: one piece, odd.
    CHECK(contribution(position_from_squares(B, {5}, {28}), move) == 12);
    CHECK(contribution(position_from_squares(W, {5}, {28}), move) == 12);
    // B:W24:B5: none in Black's system, even: the side to move has not the move.
    CHECK(contribution(position_from_squares(B, {5}, {24}), move) == -12);
    CHECK(contribution(position_from_squares(W, {5}, {24}), move) == -12);
    // Unequal numbers: no count. B:W24,28:B5.
    CHECK(contribution(position_from_squares(B, {5}, {24, 28}), move) == 0);
    // More pieces than `opposition_pieces`: the start position has 24.
    CHECK(contribution(Position::start(), move) == 0);
}

TEST_CASE("the legacy weights do not compute the richer terms", "[search][eval]") {
    Weights w = LegacyWeights;
    w.dog_hole = 500, w.opposition = 500;
    w.man_square_opening[9] = 500;
    const Position p = position_from_squares(B, {10, 28}, {32, 25});
    CHECK(evaluate(p, w) == evaluate(p, LegacyWeights));
}
