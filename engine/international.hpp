// International draughts (10x10, FMJD rules): the rules trait and the position.
//
// The 8x8 code stays as it is (others build on its API); this header adds a second board beside
// it and shares what does not depend on the board: `Geometry` (bitboard.hpp, here
// `Geometry<10, 5>`: 50 squares, 54 bits, steps of 5 and 6 bits), `Color`, `Key` and the Zobrist
// tables (they are indexed by bit, 0-63, so they serve both boards), and `Move` (captured set,
// from bit, to bit, routes). What differs is gathered in `Fmjd`, a constexpr trait that cites the
// rulebook (FMJD, Annex 1 "Official FMJD rules for international draughts"), and in
// `intl::Position`, which is the English Position's layout and copy-make with the 10x10 geometry.
// The trade-off: a second Position type rather than a Position<Variant> template, so that no
// line of the English hot path changes; the two `after()` bodies are the same eight lines.
//
//        10x10, bit indices (ghost bits 10, 21, 32, 43 after every second row)
//        .  0  .  1  .  2  .  3  .  4      squares  1- 5   (Black's home; White crowns here)
//        5  .  6  .  7  .  8  .  9  .      squares  6-10
//        . 11  . 12  . 13  . 14  . 15      squares 11-15
//       16  . 17  . 18  . 19  . 20  .      squares 16-20
//        . 22  . 23  . 24  . 25  . 26      squares 21-25
//       27  . 28  . 29  . 30  . 31  .      squares 26-30
//        . 33  . 34  . 35  . 36  . 37      squares 31-35
//       38  . 39  . 40  . 41  . 42  .      squares 36-40
//        . 44  . 45  . 46  . 47  . 48      squares 41-45
//       49  . 50  . 51  . 52  . 53  .      squares 46-50   (White's home; Black crowns here)
//
// Invariants (checked by `is_consistent`): the colours are disjoint and inside the mask, kings
// are a subset of the pieces, no man stands on its own crowning row, the key equals a recompute,
// and the small-ending counter is set exactly when the material is a small ending.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "engine/bitboard.hpp"
#include "engine/position.hpp"

namespace tempo::intl {

using Geo = Geometry<10, 5>;

static_assert(Geo::bits == 54 && Geo::down_left == 5 && Geo::down_right == 6);
static_assert(Geo::is_ghost(10) && Geo::is_ghost(21) && Geo::is_ghost(32) && Geo::is_ghost(43));
static_assert(Geo::bit_of(49) == 53 && Geo::bit_of(10) == 11);
static_assert(std::popcount(Geo::mask) == 50);
static_assert(Geo::square_at(0, 1) == 45, "a1 is square 46");
static_assert(Geo::square_at(1, 10) == 0, "b10 is square 1");

// The rules of international draughts as data. Article numbers are those of FMJD Annex 1; only
// the ones checked against its text are given to the sub-article (2.x, 4.1-4.5), the others name
// the article (4: the capture) whose sub-article was not checked.
struct Fmjd {
    using Geometry = Geo;
    static constexpr int men_per_side = 20;               // art. 2 (the material): four rows each
    static constexpr Color first_to_move = Color::White;  // White (31-50) begins
    static constexpr bool men_capture_backward = true;    // art. 4.1: forwards and backwards
    static constexpr bool flying_kings = true;            // art. 4.3: a king captures at a distance
    static constexpr bool majority_capture = true;        // art. 4: the most pieces must be taken
    static constexpr bool kings_count_as_men = true;      // ...and a king counts as one piece
    static constexpr bool removed_after_move = true;      // art. 4.4/4.5: lifted when finished
    static constexpr bool crown_only_at_end = true;       // a man passing the far row stays a man
    // Draws (art. 6 "the draw"; sub-articles not checked): 25 moves of each side with only king
    // moves, no capture and no man move; and 16 moves of each side in the small endings (three
    // kings, two kings and a man, or a king and two men, against a lone king).
    static constexpr int king_moves_draw_plies = 50;
    static constexpr int small_ending_draw_plies = 32;
};

// Whether the material is one of the 16-move rule's endings: a lone king against three pieces,
// at least one of them a king (three kings, two kings and a man, a king and two men).
constexpr bool is_small_ending(Bitboard black, Bitboard white, Bitboard kings) {
    const auto lone_king = [kings](Bitboard b) { return std::popcount(b) == 1 && (b & kings) != 0; };
    const auto three = [kings](Bitboard b) { return std::popcount(b) == 3 && (b & kings) != 0; };
    return (lone_king(black) && three(white)) || (lone_king(white) && three(black));
}

// Rows where a man of each colour is crowned: White moves up to 1-5, Black down to 46-50.
template <Color C>
inline constexpr Bitboard CrownRow = C == Color::Black ? Geo::row(Geo::rows - 1) : Geo::row(0);

constexpr Bitboard crown_row(Color c) {
    return c == Color::Black ? CrownRow<Color::Black> : CrownRow<Color::White>;
}

class Position {
public:
    Position() = default;

    // The standard start: Black on 1-20, White on 31-50, White to move.
    static Position start();
    // A position from bitboards; no check beyond masking (use the FEN parser for text).
    // `ending_plies` is used only when the material is a small ending (see ending_plies()).
    static Position from_bitboards(Bitboard black, Bitboard white, Bitboard kings, Color side,
                                   int quiet_plies = 0, int ending_plies = 0);

    Bitboard pieces(Color c) const { return pieces_[index(c)]; }
    Bitboard men(Color c) const { return pieces_[index(c)] & ~kings_; }
    Bitboard kings(Color c) const { return pieces_[index(c)] & kings_; }
    Bitboard kings() const { return kings_; }
    Bitboard occupied() const { return pieces_[0] | pieces_[1]; }
    Bitboard empty() const { return Geo::mask & ~occupied(); }
    Color side_to_move() const { return side_; }
    Key key() const { return key_; }
    // Plies since the last capture or man move (the 25-move rule counts king moves only).
    int quiet_plies() const { return quiet_; }
    // Whether the material is one of the 16-move rule's endings, and the plies played since it
    // arose (0 outside one). A promotion inside the endings keeps counting; a capture that enters
    // one starts at 0.
    bool in_small_ending() const { return ending_ != 0; }
    int ending_plies() const { return ending_ ? ending_ - 1 : 0; }

    // The child position after `m`, which must be legal here.
    [[nodiscard]] Position after(const Move& m) const {
        return side_ == Color::Black ? after<Color::Black>(m) : after<Color::White>(m);
    }
    template <Color Us, bool Keyed = true>
    [[nodiscard]] Position after(const Move& m) const;

    // The same position with colours swapped and the board turned round.
    [[nodiscard]] Position mirrored() const;

    Key compute_key() const;
    bool is_consistent() const;

    friend bool operator==(const Position& a, const Position& b) {
        return a.pieces_ == b.pieces_ && a.kings_ == b.kings_ && a.side_ == b.side_;
    }

private:
    std::array<Bitboard, 2> pieces_{};
    Bitboard kings_ = 0;
    Key key_ = 0;
    Color side_ = Color::White;
    std::uint16_t quiet_ = 0;
    std::uint16_t ending_ = 0;  // 0 outside the small endings, else 1 + the plies since it arose
};

// Whether the 25-move rule or the 16-move rule draws the game in `p` (FMJD art. 6). Threefold
// repetition is not the position's to see: Game and the search check it on their histories.
inline bool rule_draw(const Position& p) {
    return p.quiet_plies() >= Fmjd::king_moves_draw_plies ||
           p.ending_plies() >= Fmjd::small_ending_draw_plies;
}

// Crowning looks only at `to`, where the move ends: a man that crosses the far row in the middle
// of a capture is not crowned.
template <Color Us, bool Keyed>
Position Position::after(const Move& m) const {
    constexpr Color Them = ~Us;
    const Bitboard from = bit(m.from), to = bit(m.to), path = from ^ to;
    const bool king = (kings_ & from) != 0;
    const bool crowned = !king && (to & CrownRow<Us>);
    Position p = *this;
    p.pieces_[index(Us)] ^= path;
    p.pieces_[index(Them)] ^= m.captured;
    p.kings_ &= ~m.captured;
    if (king)
        p.kings_ ^= path;
    else if (crowned)
        p.kings_ |= to;
    p.quiet_ = (m.captured || !king) ? 0 : std::uint16_t(quiet_ + 1);
    p.ending_ = 0;
    if (popcount(p.occupied()) == 4) [[unlikely]]
        if (is_small_ending(p.pieces_[0], p.pieces_[1], p.kings_))
            p.ending_ = std::uint16_t(ending_ ? ending_ + 1 : 1);
    p.side_ = Them;
    if constexpr (Keyed) {
        p.key_ ^= zobrist::piece(Us, king, m.from) ^ zobrist::piece(Us, king || crowned, m.to) ^
                  zobrist::tables.side;
        for (Bitboard c = m.captured; c; c &= c - 1)
            p.key_ ^= zobrist::piece(Them, (kings_ >> lsb(c)) & 1, lsb(c));
        assert(p.is_consistent());
    }
    return p;
}

}  // namespace tempo::intl
