#include "engine/international.hpp"

namespace tempo::intl {

Position Position::start() {
    Bitboard black = 0, white = 0;
    for (int s = 0; s < Fmjd::men_per_side; ++s) black |= bit(Geo::bit_of(s));
    for (int s = Geo::squares - Fmjd::men_per_side; s < Geo::squares; ++s) white |= bit(Geo::bit_of(s));
    return from_bitboards(black, white, 0, Fmjd::first_to_move);
}

Position Position::from_bitboards(Bitboard black, Bitboard white, Bitboard kings, Color side,
                                  int quiet_plies, int ending_plies) {
    Position p;
    p.pieces_[0] = black & Geo::mask;
    p.pieces_[1] = white & Geo::mask & ~p.pieces_[0];
    p.kings_ = kings & (p.pieces_[0] | p.pieces_[1]);
    p.side_ = side;
    p.quiet_ = std::uint16_t(quiet_plies < 0 ? 0 : quiet_plies);
    if (is_small_ending(p.pieces_[0], p.pieces_[1], p.kings_))
        p.ending_ = std::uint16_t(1 + (ending_plies < 0 ? 0 : ending_plies));
    p.key_ = p.compute_key();
    return p;
}

Key Position::compute_key() const {
    Key k = side_ == Color::White ? zobrist::tables.side : 0;
    for (Color c : {Color::Black, Color::White})
        for (Bitboard b = pieces_[index(c)]; b; b &= b - 1)
            k ^= zobrist::piece(c, (kings_ >> lsb(b)) & 1, lsb(b));
    return k;
}

bool Position::is_consistent() const {
    const Bitboard all = pieces_[0] | pieces_[1];
    return (pieces_[0] & pieces_[1]) == 0 && (all & ~Geo::mask) == 0 && (kings_ & ~all) == 0 &&
           (men(Color::Black) & CrownRow<Color::Black>) == 0 &&
           (men(Color::White) & CrownRow<Color::White>) == 0 && key_ == compute_key() &&
           (ending_ != 0) == is_small_ending(pieces_[0], pieces_[1], kings_);
}

// Square s seen from the other side of the board is square 49 - s.
static Bitboard turn_round(Bitboard b) {
    Bitboard r = 0;
    for (; b; b &= b - 1) r |= bit(Geo::bit_of(Geo::squares - 1 - Geo::square_of(lsb(b))));
    return r;
}

Position Position::mirrored() const {
    return from_bitboards(turn_round(pieces_[1]), turn_round(pieces_[0]), turn_round(kings_), ~side_,
                          quiet_, ending_plies());
}

}  // namespace tempo::intl
