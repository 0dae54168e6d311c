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
// defaults come from checkers knowledge, not from matches yet.
#pragma once

#include "engine/position.hpp"
#include "search/score.hpp"

namespace tempo::search {

struct Weights {
    // Material. A king is worth more than a man; its value rises as the board empties.
    Score man = 100;
    Score king_opening = 130;
    Score king_endgame = 150;

    // Men on the own back row keep the opponent from crowning; the "bridge" (squares 1 and 3 for
    // Black, 30 and 32 for White) is the classic guard. Scaled by the opponent's men still able to
    // crown, so it fades out when there are none.
    Score back_rank_man = 8;
    Score bridge = 12;

    // Advancement of men, per row from the own back row (0) to the row before crowning (6): small
    // in the opening (moving up too fast loses tempo), larger in the endgame (racing to crown).
    Score advance_opening[7] = {0, 1, 2, 3, 4, 5, 6};
    Score advance_endgame[7] = {0, 3, 6, 10, 15, 21, 28};

    // The centre: the eight middle squares, for men and kings; kings on the side edges are weak.
    Score centre_man = 5;
    Score centre_king = 8;
    Score edge_king = 8;

    // Mobility: each empty square a piece could step to.
    Score mobility = 2;

    // Runaway man: no enemy piece in the triangle in front of it, so no enemy man can stop or take
    // it; worth `runaway - runaway_step * rows_to_go`, halved while the enemy has kings.
    Score runaway = 45;
    Score runaway_step = 5;

    // A king with no empty neighbour is trapped.
    Score trapped_king = 20;

    // Exchange bias: the side ahead gains `trade` per mille of its material lead for each piece
    // gone from the board (of 24), so it wants to trade down.
    Score trade = 12;

    // Endgame (few pieces): the stronger side's kings chase the weaker side's kings (`chase` per
    // square of distance closed, within 7); the weaker side's kings seek the double corners.
    Score chase = 3;
    Score double_corner = 25;
    int endgame_pieces = 10;  // at or below this many pieces in all

    // Only kings, the same number on each side: a draw in practice, so the score is divided.
    int drawish_divisor = 8;
};

inline constexpr Weights DefaultWeights{};

// The score of the quiet position `p` for the side to move.
Score evaluate(const Position& p, const Weights& w = DefaultWeights);

// The board turned round (square s becomes 33 - s in PDN numbers): a reversal of the 35 bits.
Bitboard turned_round(Bitboard b);

}  // namespace tempo::search
