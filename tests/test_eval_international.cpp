// Evaluation of international draughts positions (search/eval_international.hpp): symmetry on
// random positions, and orderings that a draughts player expects, each on a position given by
// its FEN (squares 1-50, White at the bottom moving up).
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "engine/movegen_international.hpp"
#include "engine/notation_international.hpp"
#include "search/eval_international.hpp"

using namespace tempo;
using namespace tempo::search;

namespace {

intl::Position fen(const char* text) {
    auto p = intl::parse_fen(text);
    INFO(text << ": " << (p ? std::string() : p.error()));
    REQUIRE(p.ok());
    return p.value();
}

// The evaluation of a FEN that must be quiet (the precondition).
Score eval_of(const char* text) {
    const intl::Position p = fen(text);
    INFO(text);
    REQUIRE(!intl::has_capture(p));
    return evaluate(p);
}

// Every position of random games from the start, `count` in all (a game restarts when it ends or
// after 150 plies).
std::vector<intl::Position> random_game_positions(std::uint64_t seed, int count) {
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

// A random setup: up to `max_each` pieces a side, about a third of them kings, no man on its own
// crowning row, either side to move.
intl::Position random_setup(std::mt19937_64& rng, int max_each) {
    Bitboard side[2] = {0, 0}, kings = 0;
    for (int c = 0; c < 2; ++c) {
        const int n = 1 + int(rng() % std::uint64_t(max_each));
        for (int placed = 0; placed < n;) {
            const int sq = int(rng() % 50);
            const Bitboard b = bit(intl::Geo::bit_of(sq));
            if ((side[0] | side[1]) & b) continue;
            const bool king = rng() % 3 == 0;
            if (!king && ((c == 0 && sq >= 45) || (c == 1 && sq < 5))) continue;  // 0 is Black
            side[c] |= b;
            if (king) kings |= b;
            ++placed;
        }
    }
    return intl::Position::from_bitboards(side[0], side[1], kings, rng() % 2 ? Color::White : Color::Black);
}

}  // namespace

TEST_CASE("intl eval: a mirrored position scores the same, on random games and setups", "[search][eval][intl]") {
    int checked = 0, nonzero = 0;
    for (const intl::Position& p : random_game_positions(11, 3000)) {
        if (intl::has_capture(p)) continue;
        ++checked;
        nonzero += evaluate(p) != 0;
        INFO(intl::to_fen(p));
        CHECK(evaluate(p) == evaluate(p.mirrored()));
    }
    std::mt19937_64 rng(12);
    for (int i = 0; i < 3000; ++i) {
        const intl::Position p = random_setup(rng, 1 + i % 20);
        if (intl::has_capture(p)) continue;
        ++checked;
        nonzero += evaluate(p) != 0;
        INFO(intl::to_fen(p));
        CHECK(evaluate(p) == evaluate(p.mirrored()));
    }
    CHECK(checked > 2500);
    CHECK(nonzero > checked / 2);  // symmetric, not blind
}

TEST_CASE("intl eval: stays inside the static range and depends on the weights", "[search][eval][intl]") {
    std::mt19937_64 rng(13);
    IntlWeights no_tempo = DefaultIntlWeights;
    no_tempo.tempo_opening = no_tempo.tempo_endgame = 0;
    int differs = 0;
    for (int i = 0; i < 2000; ++i) {
        const intl::Position p = random_setup(rng, 1 + i % 20);
        if (intl::has_capture(p)) continue;
        CHECK(!is_decisive(evaluate(p)));
        CHECK(std::abs(evaluate(p)) < 20 * 330 + 2000);
        differs += evaluate(p, no_tempo) != evaluate(p);
    }
    CHECK(differs > 100);
}

TEST_CASE("intl eval: the start is level and a man up is better", "[search][eval][intl]") {
    CHECK(evaluate(intl::Position::start()) == 0);
    // Black's man on 20 removed: White, to move, is a man up; Black, to move, a man down.
    CHECK(eval_of("W:W31-50:B1-19") > 60);
    CHECK(eval_of("B:W31-50:B1-19") < -60);
    // A middle game where White has an extra man on its back row, its least active square: still
    // better than level.
    const Score level = eval_of("W:W27,28,31,32,33,34,37,38,39,42:B9,12,13,14,17,18,19,22,23,24");
    const Score up = eval_of("W:W27,28,31,32,33,34,37,38,39,42,46:B9,12,13,14,17,18,19,22,23,24");
    CHECK(up > level + 60);
}

TEST_CASE("intl eval: a king is worth more than two men", "[search][eval][intl]") {
    // The same middle game with a white king on 44, or a man there, or two men there and on 45.
    const Score king = eval_of("W:W31,32,33,34,K44:B11,12,13,16,17,18");
    const Score man = eval_of("W:W31,32,33,34,44:B11,12,13,16,17,18");
    const Score two_men = eval_of("W:W31,32,33,34,44,45:B11,12,13,16,17,18");
    CHECK(king > man + 100);
    CHECK(king > two_men);
    // And it counts for the side to move as for the other.
    CHECK(eval_of("B:W31,32,33,34,K44:B11,12,13,16,17,18") < eval_of("B:W31,32,33,34,44:B11,12,13,16,17,18"));
}

TEST_CASE("intl eval: an advanced runaway beats a man on the back row or a stopped one", "[search][eval][intl]") {
    // White's man on 7 has nothing in front of it; on 47 it is at home; on 7 with a black man on
    // 2 in its way it is not free.
    const Score runaway = eval_of("W:W7,31,32:B16,21,26");
    const Score home = eval_of("W:W47,31,32:B16,21,26");
    CHECK(runaway > home + 100);
    const Score free = eval_of("W:W7,31,32:B4,16,21,26");
    const Score stopped = eval_of("W:W7,31,32:B2,16,21,26");
    CHECK(free > stopped + 30);
}

TEST_CASE("intl eval: a lone king on the main road holds three kings", "[search][eval][intl]") {
    // White's lone king on 46 holds the long diagonal 5-46; on 47 it does not. Both are a long
    // way from a loss, the first nearer to a draw.
    const Score road = eval_of("W:WK46:BK1,K2,K3");
    const Score off = eval_of("W:WK47:BK1,K2,K3");
    CHECK(road < 0);
    CHECK(off < road);
    CHECK(road > -100);
    // Four kings against one are scored as the win they are: no division.
    CHECK(eval_of("W:WK46:BK1,K2,K3,K4") < 4 * off);
    // One king each: a draw.
    CHECK(std::abs(eval_of("W:WK47:BK4")) < 30);
}

TEST_CASE("intl eval: the centre, the golden piece and a supported outpost count", "[search][eval][intl]") {
    // White's man on 28 (centre) or on 26 (edge), the rest equal.
    CHECK(eval_of("W:W28,46,47,48:B3,4,5,10") > eval_of("W:W26,46,47,48:B3,4,5,10"));
    // White keeps the golden piece on 48, or has it on 49.
    CHECK(eval_of("W:W31,32,48:B8,9,10,13") > eval_of("W:W31,32,49:B8,9,10,13"));
    // A man on 24 backed by 29 and 30, against the same men with those two on 27 and 28 (the same
    // row, so the same tempo, and more central).
    CHECK(eval_of("W:W24,29,30,44:B3,4,6,7") > eval_of("W:W24,27,28,44:B3,4,6,7"));
}
