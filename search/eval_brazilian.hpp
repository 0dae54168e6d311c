// Static evaluation for Brazilian draughts (the FMJD rules on 8x8, engine/brazilian.hpp): a small
// handcrafted score of a quiet position, from the side to move's view, in centi-men.
//
// The game is international draughts on the small board, so the same knowledge applies at a
// smaller scale (eval_international.hpp explains each idea): a flying king is worth about three
// men, more as the board empties; men gain by advancing late in the game, less early; the centre
// squares and the long diagonal a1-h8 (29-4, "the main road") matter; a lone king on the main road
// holds a draw against up to three pieces in practice.
//
// Symmetric by construction: every term is "us" minus "them", each side seen from its own back
// row, and the shared squares (the centre, the main road) map to themselves when the board is
// turned round. A position and its colour-mirrored twin score the same (tested).
//
// Precondition: the side to move has no capture; the search resolves captures first. There is no
// network for this game yet: this is its only evaluation.
#pragma once

#include "engine/brazilian.hpp"
#include "search/score.hpp"

namespace tempo::search {

struct BrazilWeights {
    // Material: a king is worth `king_full` men-hundredths with 24 pieces on the board, rising
    // linearly to `king_empty` as it empties.
    Score man = 100;
    Score king_full = 250;
    Score king_empty = 320;
    // Tempo: each man's row counted from its own back row (0 to 6), per row, from the opening
    // weight (24 pieces) to the endgame one; plus a bonus for men on the last two rows.
    Score tempo_opening = 1;
    Score tempo_endgame = 5;
    Score advanced_endgame[2] = {10, 24};
    // Men still on the own back row guard the crowning squares while the opponent has men.
    Score back_man = 4;
    // Men and kings on the four centre squares (c5, e5, d4, f4: 14, 15, 18, 19).
    Score centre = 5;
    // A king on the main road.
    Score main_road_king = 18;
    // A lone king against at most three pieces: the score is divided by this (by the larger one
    // when the lone king holds the main road).
    int lone_king_divisor = 4;
    int lone_king_main_road_divisor = 16;
};

inline constexpr BrazilWeights DefaultBrazilWeights{};

// The score of the quiet Brazilian position `p` for the side to move.
Score evaluate(const brazil::Position& p, const BrazilWeights& w = DefaultBrazilWeights);

}  // namespace tempo::search
