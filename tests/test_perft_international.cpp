// Perft of international draughts (10x10, FMJD rules): the start FEN and small positions counted
// by hand. The published table (tests/data/perft-international.txt), the table and threads, the
// mirror, the reference generator and the bulk counters are test_rules_core.cpp's.
#include <catch2/catch.hpp>

#include <string>

#include "engine/notation_international.hpp"
#include "engine/perft.hpp"
#include "rules_fixture.hpp"

using namespace tempo;

namespace {

intl::Position fen(const std::string& text) { return testing::Fixture<intl::Fmjd>::fen(text); }

}  // namespace

TEST_CASE("international perft: the start position is the FEN W:W31-50:B1-20", "[perft][intl]") {
    CHECK(intl::Position::start() == fen("W:W31-50:B1-20"));
    CHECK(intl::to_fen(intl::Position::start()).starts_with("W:W31,32,"));
}

TEST_CASE("international perft: a lone flying king, counted by hand", "[perft][intl]") {
    // White king on 28 (e5), Black man on 1 (b10). The king has 4 + 5 squares along the long
    // diagonal (32 37 41 46 / 23 19 14 10 5) and 4 + 4 along a9-i1 (22 17 11 6 / 33 39 44 50):
    // 17 moves. Black's man on b10 then steps to 6 or 7, except after 28-6, which takes a9: one
    // reply. It can never capture: the king would have to stand on c9 (7), off all its lines.
    // Depth 2 = 16 * 2 + 1 = 33.
    const intl::Position p = fen("W:WK28:B1");
    CHECK(intl::perft(p, 1) == 17);
    CHECK(intl::perft(p, 2) == 33);
}

TEST_CASE("international perft: long captures, counted by hand", "[perft][intl]") {
    // The diamond (see test_rules_international): the man on 27 takes 22 23 33 32 either way
    // round and comes back to 27, one move. Black then has nothing: depth 2 is 0.
    CHECK(intl::perft(fen("W:W27:B22,23,32,33"), 1) == 1);
    CHECK(intl::perft(fen("W:W27:B22,23,32,33"), 2) == 0);
    // The king on 46 takes 28 and may land on 23 19 14 10 5: five moves, and no landing square
    // lets it go on (from 14 the man on 3 is in line, but with the board's edge behind it).
    // Black's man on 3 (f10) then has its two steps, 3-8 and 3-9: the king stands on neither and
    // is never next to it with a free square behind. Depth 2 = 5 * 2 = 10.
    const intl::Position k = fen("W:WK46:B3,28");
    CHECK(intl::perft(k, 1) == 5);
    CHECK(intl::perft(k, 2) == 10);
}
