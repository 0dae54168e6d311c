// Board layout: the playable (dark) squares mapped to bits of one 64-bit word.
//
// Squares are numbered as PDN numbers them, 1 at the top (Black's home in English draughts),
// left to right, row by row. Internally a square is its number minus one (`Square`, 0-based),
// and a bit index is that plus one ghost bit after every second row:
//
//     8x8 (English), bit indices           row   board names (White at the bottom)
//        .  0  .  1  .  2  .  3           0      b8 d8 f8 h8      squares  1- 4
//        4  .  5  .  6  .  7  .           1      a7 c7 e7 g7      squares  5- 8
//                                  (8 ghost)
//        .  9  . 10  . 11  . 12           2      b6 d6 f6 h6      squares  9-12
//       13  . 14  . 15  . 16  .           3      a5 c5 e5 g5      squares 13-16
//                                  (17 ghost)
//        . 18  . 19  . 20  . 21           4      b4 d4 f4 h4      squares 17-20
//       22  . 23  . 24  . 25  .           5      a3 c3 e3 g3      squares 21-24
//                                  (26 ghost)
//        . 27  . 28  . 29  . 30           6      b2 d2 f2 h2      squares 25-28
//       31  . 32  . 33  . 34  .           7      a1 c1 e1 g1      squares 29-32
//
// With the ghosts, every diagonal step is one constant shift on the whole board: +4 is one row
// down and to the left, +5 one row down and to the right, -4 and -5 the same steps upwards. A step
// off the side lands on a ghost bit, a step off the top or bottom leaves the board's bits; both
// are outside `Geometry::mask`, so masking with the empty squares drops them. 10x10 (international,
// 50 squares) uses the same scheme with 5 squares a row: shifts 5 and 6, 54 bits.
//
// Invariant: a Bitboard of pieces never has a bit outside `mask`.
#pragma once

#include <bit>
#include <cstdint>

namespace tempo {

using Bitboard = std::uint64_t;

// The numbering and bit layout of a board with `Rows` rows of `PerRow` dark squares each.
template <int Rows, int PerRow>
struct Geometry {
    static constexpr int rows = Rows;
    static constexpr int per_row = PerRow;
    static constexpr int squares = Rows * PerRow;
    static constexpr int files = 2 * PerRow;
    static constexpr int pair = 2 * PerRow + 1;  // bits in a pair of rows, ghost included
    static constexpr int bits = (Rows / 2) * pair - 1;

    // Shifts of one diagonal step (downwards: towards the higher square numbers).
    static constexpr int down_left = PerRow;
    static constexpr int down_right = PerRow + 1;

    static constexpr int bit_of(int square) { return square + square / (2 * PerRow); }
    static constexpr int square_of(int bit) { return bit - bit / pair; }
    static constexpr bool is_ghost(int bit) { return bit % pair == pair - 1; }

    static constexpr Bitboard mask = [] {
        Bitboard m = 0;
        for (int s = 0; s < squares; ++s) m |= Bitboard{1} << bit_of(s);
        return m;
    }();

    // The bits of row r (0 = top row, squares 1..PerRow).
    static constexpr Bitboard row(int r) {
        Bitboard m = 0;
        for (int i = 0; i < PerRow; ++i) m |= Bitboard{1} << bit_of(r * PerRow + i);
        return m;
    }

    // Column (0 = a) and rank (1 = bottom row) of a square, as the reference game names them.
    static constexpr int file_of(int square) {
        const int r = square / PerRow, i = square % PerRow;
        return r % 2 == 0 ? 2 * i + 1 : 2 * i;
    }
    static constexpr int rank_of(int square) { return Rows - square / PerRow; }
    // The square at a file and rank, or -1 for a light square or one off the board.
    static constexpr int square_at(int file, int rank) {
        if (file < 0 || file >= 2 * PerRow || rank < 1 || rank > Rows) return -1;
        const int r = Rows - rank;
        if ((file % 2 == 1) != (r % 2 == 0)) return -1;
        return r * PerRow + file / 2;
    }
};

using Geometry8 = Geometry<8, 4>;

static_assert(Geometry8::bits == 35);
static_assert(Geometry8::down_left == 4 && Geometry8::down_right == 5);
static_assert(Geometry8::bit_of(31) == 34 && Geometry8::bit_of(8) == 9 && Geometry8::bit_of(7) == 7);
static_assert(Geometry8::is_ghost(8) && Geometry8::is_ghost(17) && Geometry8::is_ghost(26));
static_assert(std::popcount(Geometry8::mask) == 32);
static_assert(Geometry8::square_at(0, 1) == 28, "a1 is square 29");
static_assert(Geometry8::square_at(1, 8) == 0, "b8 is square 1");
static_assert(Geometry<10, 5>::bits == 54, "10x10 fits in 64 bits the same way");

constexpr Bitboard bit(int index) { return Bitboard{1} << index; }

// Shift by a signed number of bits: positive moves down the board.
template <int D>
constexpr Bitboard shift(Bitboard b) {
    if constexpr (D > 0)
        return b << D;
    else
        return b >> -D;
}

constexpr int lsb(Bitboard b) { return std::countr_zero(b); }
constexpr int popcount(Bitboard b) { return std::popcount(b); }

}  // namespace tempo
