// International draughts (10x10, FMJD rules): the rules trait and the position.
//
// The 8x8 code stays as it is (others build on its API); this header adds a second board beside
// it and shares what does not depend on the board: `Geometry` (bitboard.hpp, here
// `Geometry<10, 5>`: 50 squares, 54 bits, steps of 5 and 6 bits), `Color`, `Key` and the Zobrist
// tables (they are indexed by bit, 0-63, so they serve both boards), and `Move` (captured set,
// from bit, to bit, routes). What differs is gathered in `Fmjd`, a constexpr trait that cites the
// rulebook (FMJD, Annex 1 "Official FMJD rules for international draughts"); `intl::Position` is
// `BasicPosition<Fmjd>` (position.hpp), the English position's layout and copy-make with the
// 10x10 geometry, the 25-move count and the 16-move rule's ending count.
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
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>

#include "engine/bitboard.hpp"
#include "engine/position.hpp"
#include "engine/rules.hpp"

namespace tempo::intl {

using Geo = Geometry<10, 5>;

static_assert(Geo::bits == 54 && Geo::down_left == 5 && Geo::down_right == 6);
static_assert(Geo::is_ghost(10) && Geo::is_ghost(21) && Geo::is_ghost(32) && Geo::is_ghost(43));
static_assert(Geo::bit_of(49) == 53 && Geo::bit_of(10) == 11);
static_assert(std::popcount(Geo::mask) == 50);
static_assert(Geo::square_at(0, 1) == 45, "a1 is square 46");
static_assert(Geo::square_at(1, 10) == 0, "b10 is square 1");

// Whether the material is one of the 16-move rule's endings: a lone king against three pieces,
// at least one of them a king (three kings, two kings and a man, a king and two men).
constexpr bool is_small_ending(Bitboard black, Bitboard white, Bitboard kings) {
    const auto lone_king = [kings](Bitboard b) { return std::popcount(b) == 1 && (b & kings) != 0; };
    const auto three = [kings](Bitboard b) { return std::popcount(b) == 3 && (b & kings) != 0; };
    return (lone_king(black) && three(white)) || (lone_king(white) && three(black));
}

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
    static constexpr bool crowning_ends_capture = false;  // it captures on from there
    // Draws (the article on the end of the game; its number not checked): 25 moves of each side
    // with only king moves, no capture and no man move; and 16 moves of each side in the small
    // endings (three kings, two kings and a man, or a king and two men, against a lone king).
    static constexpr int quiet_draw_plies = 50;
    static constexpr int small_ending_draw_plies = 32;
    static constexpr int king_moves_draw_plies = quiet_draw_plies;  // the name before rules.hpp

    // What BasicPosition needs (position.hpp).
    static constexpr QuietReset quiet_reset = QuietReset::ManMove;  // the 25-move rule
    static constexpr bool small_endings = true;                     // the 16-move rule
    static constexpr bool is_small_ending(Bitboard black, Bitboard white, Bitboard kings) {
        return intl::is_small_ending(black, white, kings);
    }

    // The rest of a rules trait (engine/rules.hpp).
    static constexpr Variant variant = Variant::International;
    static constexpr std::size_t max_moves = 512;  // 20 kings have at most 20 * 17 = 340 steps
    static constexpr bool perft_keeps_routes = false;  // the published tables count a move once
    static constexpr int pdn_game_type = 20;
    static constexpr Dialect dialect = Dialect::Fmjd;
};

static_assert(RulesTrait<Fmjd>);

// Rows where a man of each colour is crowned: White moves up to 1-5, Black down to 46-50.
template <Color C>
inline constexpr Bitboard CrownRow = C == Color::Black ? Geo::row(Geo::rows - 1) : Geo::row(0);

constexpr Bitboard crown_row(Color c) { return tempo::crown_row<Fmjd>(c); }

static_assert(intl::crown_row(Color::Black) == CrownRow<Color::Black> &&
              intl::crown_row(Color::White) == CrownRow<Color::White>);

using Position = BasicPosition<Fmjd>;

// Whether the 25-move rule or the 16-move rule draws the game in `p` (FMJD rules): the one
// rule_draw of rules.hpp, over the trait.
using tempo::rule_draw;

}  // namespace tempo::intl

namespace tempo {
extern template class BasicPosition<intl::Fmjd>;
}  // namespace tempo
