// What the network tests of every game share (test_nnue.cpp, test_nnue_international.cpp,
// test_nnue_games.cpp): random and zero parameters of a network of either game, and the
// colour-reversed twin of a position.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <string>

#include <catch2/catch.hpp>

#include "engine/rules.hpp"
#include "search/nnue.hpp"

namespace tempo::testing {

// Random parameters of the network of game G (nnue::English or nnue::International) that pass the
// loader's overflow check: first-layer weights within `w1_max`, dense weights within `dense_max`
// (127: the whole int8 range, which drives the dense layers into their clamps).
template <class G>
std::unique_ptr<search::nnue::BasicParameters<G>> random_parameters(std::mt19937_64& rng, int w1_max, int dense_max) {
    auto w = std::make_unique<search::nnue::BasicParameters<G>>();
    auto uniform = [&rng](int lo, int hi) { return lo + int(rng() % std::uint64_t(hi - lo + 1)); };
    for (auto& row : w->w1)
        for (auto& v : row) v = std::int16_t(uniform(-w1_max, w1_max));
    for (auto& v : w->b1) v = std::int16_t(uniform(-w1_max, 2 * w1_max));
    for (auto& d : w->dense) {
        for (auto& row : d.w2)
            for (auto& v : row) v = std::int8_t(uniform(-dense_max, dense_max));
        for (auto& v : d.b2) v = uniform(-8128, 8128);
        for (auto& row : d.w3)
            for (auto& v : row) v = std::int8_t(uniform(-dense_max, dense_max));
        for (auto& v : d.b3) v = uniform(-8128, 8128);
        for (auto& v : d.w4) v = std::int8_t(uniform(-dense_max, dense_max));
        d.b4 = uniform(-20000, 20000);
    }
    return w;
}

// The engine's bitboard of the squares of a data record's field (bit s is PDN square s + 1), on
// the board of `Geo`: Geometry8 for English records, intl::Geo for 10x10 ones.
template <class Geo>
Bitboard record_board(std::uint64_t squares) {
    Bitboard b = 0;
    for (int s = 0; s < Geo::squares; ++s)
        if (squares >> s & 1) b |= bit(Geo::bit_of(s));
    return b;
}

// Parameters that are all zero, for networks whose every weight a test sets by hand.
template <class G>
std::unique_ptr<search::nnue::BasicParameters<G>> zero_parameters() {
    auto w = std::make_unique<search::nnue::BasicParameters<G>>();
    std::memset(w.get(), 0, sizeof *w);
    return w;
}

// The same position with the colours exchanged and the board turned round (square s to
// squares - 1 - s): a network that sees the side to move scores both alike.
template <RulesTrait B>
BasicPosition<B> colour_reversed(const BasicPosition<B>& p) {
    using Geo = typename B::Geometry;
    auto turn = [](Bitboard b) {
        Bitboard out = 0;
        for (; b; b &= b - 1) out |= bit(Geo::bit_of(Geo::squares - 1 - Geo::square_of(lsb(b))));
        return out;
    };
    return BasicPosition<B>::from_bitboards(turn(p.pieces(Color::White)), turn(p.pieces(Color::Black)),
                                            turn(p.kings()), ~p.side_to_move());
}

// The output of a session that evaluates with a network (`expected`, its `eval` line), gives a
// file the option refuses (`error`, the start of that message), evaluates again, then switches to
// Evaluation classic and evaluates: the network's line, the refusal, which keeps the network, the
// same line again, and after classic no network line but `classic` (the hand-set evaluation's
// line). Returns where the second network line is.
inline std::size_t check_refused_file_keeps_network(const std::string& out, const std::string& expected,
                                                     const std::string& error, const std::string& classic) {
    const std::size_t first = out.find(expected);
    REQUIRE(first != std::string::npos);
    const std::size_t refused = out.find(error);
    REQUIRE(refused != std::string::npos);
    CHECK(refused > first);
    CHECK_THAT(out.substr(refused), Catch::Contains("(the evaluation is unchanged)"));
    const std::size_t second = out.find(expected, refused);
    REQUIRE(second != std::string::npos);
    CHECK(out.find("info string eval network", second + 1) == std::string::npos);
    CHECK(out.find(classic, second) != std::string::npos);
    return second;
}

}  // namespace tempo::testing
