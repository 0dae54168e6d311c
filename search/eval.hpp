// Static evaluation: a handcrafted score of a quiet position, from the side to move's view, in
// centi-men (a man is 100).
//
// Precondition: the side to move has no capture. Captures are compulsory, so such a position is
// not quiet and the search resolves it first (debug builds assert this).
//
// Symmetry by construction: every term is computed for "us" minus "them", each side in its own
// orientation (templated on the direction its men move), and every square set the terms use (centre,
// edges, double corners, distances) is unchanged when the board is turned round. A position and its
// colour-mirrored twin therefore give the same score (tested on random positions). Turning the
// boards round (`turned_round`) gives the same terms too, but costs a bit reversal per board.
//
// All weights live in `Weights`, with names, so that a tuner can change them in one place. The
// terms come from checkers knowledge; the default values were fitted to game results (see
// `Weights`).
#pragma once

#include <array>

#include "engine/position.hpp"
#include "search/score.hpp"

namespace tempo::search {

// Two sets of values: `LegacyWeights` (the defaults below, the richer terms off) and
// `RichWeights` (every term), the default since 2026-12-01.
//
// Legacy: a Texel-style fit (`tempo_spar tune`, one round of one-at-a-time steps from the
// hand-set values, K = 1.8) to the quiet positions of 3000 self-play games (`tempo_spar selfplay
// 3000 1000`), 2026-11-29. Some signs are what the data says, not textbook: a trapped king and
// closeness of the chasing kings score a little for their side, a king in the centre a little
// less.
//
// Rich: all 102 weights (the man stays 100) fitted by gradient descent (`tempo_spar tune FILE 3
// 400 1e-7`: three rounds of a linearised score, Adam, an L2 pull to each round's start, K 0.55)
// from the legacy values, on the quiet positions of 10 000 self-play games of the legacy engine
// (`tempo_spar selfplay 10000 2000`), 2026-12-01. The data gives the move (`opposition`) no weight
// (-1) and the dog-hole -24 for its owner.
//
// Matches decided each fit and its number of rounds (one for legacy, three for rich): the data,
// the errors and the results are in docs/experiments.md, "The classic evaluation's fits".
struct Weights {
    // Material. A king is worth more than a man; its value rises as the board empties.
    Score man = 100;
    Score king_opening = 150;
    Score king_endgame = 138;

    // Men on the own back row keep the opponent from crowning; the "bridge" (squares 1 and 3 for
    // Black, 30 and 32 for White) is the classic guard. Scaled by the opponent's men still able to
    // crown, so it fades out when there are none.
    Score back_rank_man = 30;
    Score bridge = 48;

    // Advancement of men, per row from the own back row (0) to the row before crowning (6),
    // blended from the opening table to the endgame one as pieces come off.
    std::array<Score, 7> advance_opening = {1, 19, 6, 1, -4, -7, 5};
    std::array<Score, 7> advance_endgame = {10, 17, 10, 24, 25, 15, 22};

    // The centre: the eight middle squares, for men and kings; kings on the side edges are weak.
    Score centre_man = 3;
    Score centre_king = -2;
    Score edge_king = 8;

    // Mobility: each empty square a piece could step to.
    Score mobility = 4;

    // Runaway man: no enemy piece in the triangle in front of it, so no enemy man can stop or take
    // it; worth `runaway - runaway_step * rows_to_go`, halved while the enemy has kings.
    Score runaway = 57;
    Score runaway_step = 7;

    // A king with no empty neighbour is trapped.
    Score trapped_king = -16;

    // Exchange bias: the side ahead gains `trade` per mille of its material lead for each piece
    // gone from the board (of 24), so it wants to trade down.
    Score trade = 24;

    // Endgame (few pieces): the stronger side's kings chase the weaker side's kings (`chase` per
    // square of distance closed, within 7); the weaker side's kings seek the double corners.
    Score chase = -1;
    Score double_corner = 19;
    int endgame_pieces = 10;  // at or below this many pieces in all

    // Only kings, the same number on each side: a draw in practice, so the score is divided.
    int drawish_divisor = 8;

    // ---- The richer terms (2026-12-01). All zero in `LegacyWeights`, where `rich` is false and
    // they are not computed at all, so that the legacy set costs what it did.
    bool rich = false;

    // Men by square, each side in its own orientation (index 0-31 is the side's own square 1-32
    // counted from its own back row, as Black numbers the board), blended from the opening
    // table to the endgame one as pieces come off. Added to the row tables above.
    std::array<Score, 32> man_square_opening{};
    std::array<Score, 32> man_square_endgame{};

    // Back-row formation: which of the side's own four back squares (own squares 1-4, bit i for
    // own square i + 1) hold men; scaled as the guard is, by the opponent's men (at most 8).
    // Replaces nothing: it adds to `back_rank_man` and `bridge`.
    std::array<Score, 16> back_formation{};

    // Dog-hole: a man on own square 28 (Black's 28, White's 5), which can only step to the
    // corner square of the crowning row, while an enemy man holds that corner (32, or 1).
    Score dog_hole = 0;

    // The move (opposition), with as many pieces on each side and at most `opposition_pieces`
    // in all: count the pieces in Black's system, the rows starting with squares 1, 9, 17 and
    // 25; if the count is odd the side to move has the move (E. Lasker, "Chess and Checkers:
    // The Way to Mastership", 1918, the chapter on the move in checkers).
    Score opposition = 0;
    int opposition_pieces = 12;
};

// The 2026-11-29 fit above, the richer terms off.
inline constexpr Weights LegacyWeights{};

// The richer evaluation, the 2026-12-01 fit above.
inline constexpr Weights RichWeights = [] {
    Weights w;
    w.rich = true;
    w.king_opening = 241;
    w.king_endgame = 96;
    w.back_rank_man = 41;
    w.bridge = 44;
    w.advance_opening = {16, 48, 19, -7, -13, -4, 15};
    w.advance_endgame = {19, 7, -4, 32, 25, 21, 27};
    w.centre_man = 10;
    w.centre_king = 15;
    w.edge_king = 8;
    w.mobility = 1;
    w.runaway = 67;
    w.runaway_step = 7;
    w.trapped_king = -19;
    w.trade = 66;
    w.chase = -9;
    w.double_corner = 59;
    w.man_square_opening = {  // own squares 1-8, 9-16, 17-24, 25-32
         11,  40,  -1, -32,   7,  13,  23, -16,
         -7,  28,  -8,   3,  12,  -9,   3, -15,
         -8,  -5,  -8,  10,  -6,   3,   5,   0,
          3,  10,   7, -10,   0,   0,   0,   0};
    w.man_square_endgame = {  // own squares 1-8, 9-16, 17-24, 25-32
         14,  30,   2, -35,  -8,   1,   6,  -9,
         -1,   5,   3, -19,  10,  -6,  -3,   5,
         -1,  -3,   0,   5,  -6,   1,   6,   6,
          0,   6,   9, -11,   0,   0,   0,   0};
    w.back_formation = {9, 1, -3, 15, -12, 3, 6, 12, -13, -8, 0, 2, -3, -38, 6, 17};
    w.dog_hole = -24;
    w.opposition = -1;
    return w;
}();

// What the engine plays with.
inline constexpr const Weights& DefaultWeights = RichWeights;

// The score of the quiet position `p` for the side to move.
Score evaluate(const Position& p, const Weights& w = DefaultWeights);

// The board turned round (square s becomes 33 - s in PDN numbers): a reversal of the 35 bits.
Bitboard turned_round(Bitboard b);

}  // namespace tempo::search
