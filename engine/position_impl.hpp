// The bodies of BasicPosition's out-of-line members (position.hpp), for every rules trait:
// position.cpp instantiates them for the games Tempo plays; a trait of its own (a test's, or a
// new game's before it has its line there) includes this header to instantiate them itself.
#pragma once

#include "engine/position.hpp"

namespace tempo {

template <class Board>
BasicPosition<Board> BasicPosition<Board>::start(Color first) {
    Bitboard black = 0, white = 0;
    for (int s = 0; s < Board::men_per_side; ++s) black |= bit(Geometry::bit_of(s));
    for (int s = Geometry::squares - Board::men_per_side; s < Geometry::squares; ++s)
        white |= bit(Geometry::bit_of(s));
    return from_bitboards(black, white, 0, first);
}

template <class Board>
BasicPosition<Board> BasicPosition<Board>::from_bitboards(Bitboard black, Bitboard white, Bitboard kings,
                                                          Color side, int quiet_plies, int ending_plies) {
    BasicPosition p;
    p.pieces_[0] = black & Geometry::mask;
    p.pieces_[1] = white & Geometry::mask & ~p.pieces_[0];
    p.kings_ = kings & (p.pieces_[0] | p.pieces_[1]);
    p.side_ = side;
    p.quiet_ = std::uint16_t(quiet_plies < 0 ? 0 : quiet_plies);
    if constexpr (Board::small_endings)
        if (Board::is_small_ending(p.pieces_[0], p.pieces_[1], p.kings_))
            p.ending_ = std::uint16_t(1 + (ending_plies < 0 ? 0 : ending_plies));
    p.key_ = p.compute_key();
    return p;
}

template <class Board>
Key BasicPosition<Board>::compute_key() const {
    Key k = side_ == Color::White ? zobrist::tables.side : 0;
    for (Color c : {Color::Black, Color::White})
        for (Bitboard b = pieces_[index(c)]; b; b &= b - 1)
            k ^= zobrist::piece(c, (kings_ >> lsb(b)) & 1, lsb(b));
    return k;
}

template <class Board>
bool BasicPosition<Board>::is_consistent() const {
    const Bitboard all = pieces_[0] | pieces_[1];
    bool ok = (pieces_[0] & pieces_[1]) == 0 && (all & ~Geometry::mask) == 0 && (kings_ & ~all) == 0 &&
              (men(Color::Black) & Crown<Color::Black>) == 0 &&
              (men(Color::White) & Crown<Color::White>) == 0 && key_ == compute_key();
    if constexpr (Board::small_endings)
        ok = ok && (ending_ != 0) == Board::is_small_ending(pieces_[0], pieces_[1], kings_);
    return ok;
}

namespace position_detail {

// Square s seen from the other side of the board is square (squares - 1 - s).
template <class Geometry>
Bitboard turn_round(Bitboard b) {
    Bitboard r = 0;
    for (; b; b &= b - 1) r |= bit(Geometry::bit_of(Geometry::squares - 1 - Geometry::square_of(lsb(b))));
    return r;
}

}  // namespace position_detail

template <class Board>
BasicPosition<Board> BasicPosition<Board>::mirrored() const {
    using position_detail::turn_round;
    return from_bitboards(turn_round<Geometry>(pieces_[1]), turn_round<Geometry>(pieces_[0]),
                          turn_round<Geometry>(kings_), ~side_, quiet_, ending_ ? ending_ - 1 : 0);
}

template <class Board>
BasicPosition<Board> BasicPosition<Board>::with_side(Color c) const {
    BasicPosition p = *this;
    p.side_ = c;
    p.key_ = p.compute_key();
    return p;
}

}  // namespace tempo
