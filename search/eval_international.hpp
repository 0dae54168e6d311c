// Static evaluation for international draughts (10x10, FMJD rules): a handcrafted score of a
// quiet position, from the side to move's view, in centi-men (a man is 100). An overload of the
// English `evaluate` (eval.hpp), so that one searcher calls `evaluate(p)` for either game.
//
// Precondition: the side to move has no capture (debug builds assert this); the search resolves
// captures first, as for English.
//
// Where the games differ. Kings fly, so a king is worth about three men, not one and a half, and
// its worth depends on the diagonals it holds (the long diagonal 5-46, "the main road"). Men
// capture backwards, so a man is safe only when backed, and a lone advanced man ("outpost") is a
// target unless supported. There are 20 men a side and the game is long: tempo (how far the men
// have advanced), development, the centre and the balance between the wings matter more than on
// the small board. Endgames: a lone king draws against up to three pieces in practice (the FMJD
// rules give those endings only 16 moves, issue 7), especially when it holds the main road.
//
// Symmetry by construction, as in eval.hpp: every term is "us" minus "them", each side seen from
// its own back row (templated on the direction its men move), and every shared square set (the
// centre, the main road, the side edges, the two wings as a pair) maps to itself when the board is
// turned round (square s becomes 51 - s). A position and its colour-mirrored twin score the same
// (tested on random positions).
//
// Cost: popcounts of masked bitboards and a few shifts; the only loops are the five backward
// steps of the runaway test and the king slides (only when kings are on the board).
//
// The defaults come from draughts knowledge and from the published weights of an open program
// (cited at each weight), not from matches yet.
#pragma once

#include "engine/international.hpp"
#include "search/eval.hpp"
#include "search/score.hpp"

namespace tempo::search {

struct IntlWeights {
    // Material, blended by the number of pieces on the board (40 at the start): a king is worth
    // 2.5 men in a full board and 3.3 when it is nearly empty. The rule of thumb "a king is worth
    // about three men" in international draughts; Moby Dam 1.x (H. Jetten, 2015, eval.c) values a
    // king at 2 1/3 men with 32 or more pieces on the board and 3 1/3 men below 32.
    Score man = 100;
    Score king_opening = 250;
    Score king_endgame = 330;

    // Tempo: the sum of the rows of a side's men, each counted from its own back row (0) to the
    // row before crowning (8). Advancing gains space and brings the breakthrough nearer; early in
    // the game it is worth little (a man moved up too soon is a target), late it decides races.
    // Moby Dam weighs the same count more in each later phase of the game.
    Score tempo_opening = 1;
    Score tempo_endgame = 5;
    // On top of tempo, men on the last three rows before crowning (rows 6, 7, 8).
    Score advance_opening[3] = {0, 2, 4};
    Score advance_endgame[3] = {8, 16, 28};

    // Development: men left on the own back row, the golden piece's square apart, are out of play
    // in the middle game (fades as the board empties).
    Score back_man = 4;

    // The golden piece ("kroonschijf"): a man on 48 for White, 3 for Black, the classic guard of
    // the back row against breakthroughs; Moby Dam has it as a feature of its own. Scaled by the
    // opponent's men still on the board (none: nothing to guard against).
    Score golden_piece = 15;

    // The centre: men on 22-24 and 27-29, the squares that split the board; kings there too.
    Score centre_man = 6;
    Score centre_king = 10;

    // Outposts: a man on 24 or 22 for White (27 or 29 for Black), the advanced posts of the
    // middle game. Supported (both squares behind it held by the own side) it cannot be taken
    // from the front and cramps the opponent; alone it is a target. Moby Dam penalises a poorly
    // defended 22 ("kerkhof") and 24.
    Score outpost = 12;
    Score lone_outpost = 10;

    // Men on the side edges (files a and j) control one square and take no part in the centre.
    Score edge_man = 4;

    // Balance: the difference between the men on the left wing (files a-c) and the right wing
    // (files h-j). A side crowded on one wing is weak on the other; Moby Dam scores the same
    // difference ("distribution").
    Score imbalance = 3;

    // Mobility: each empty square a man can step to, and each square a king can fly to.
    Score man_mobility = 1;
    Score king_mobility = 2;

    // A king on the long diagonal 5-46, "the main road": it cuts the board in two and is the key
    // to the king endings (a lone king there holds the draw against three kings).
    Score main_road_king = 20;

    // Runaway man: no enemy piece in the triangle in front of it up to the crowning row, and at
    // most `runaway_rows` rows to go: worth `runaway - runaway_step * rows_to_go`. Halved while
    // the opponent has a king (a flying king can stop a man from far away).
    Score runaway = 80;
    Score runaway_step = 12;
    int runaway_rows = 5;

    // Exchange bias: the side ahead gains `trade` per mille of its material lead for each piece
    // gone from the board (of 40), so it wants to trade down.
    Score trade = 8;

    // Endgame scaling, applied last (integer division keeps the symmetry).
    // - Both sides have kings (and more than a lone king each): a material edge rarely wins any
    //   more (Moby Dam halves its score whenever both sides have kings).
    int both_kings_divisor = 2;
    // - A lone king against at most three pieces of greater value: a draw in practice; more so
    //   when it holds the main road.
    int lone_king_divisor = 4;
    int lone_king_main_road_divisor = 16;
    // - Only kings, as many on each side: a draw.
    int drawish_divisor = 8;
};

inline constexpr IntlWeights DefaultIntlWeights{};

// The score of the quiet 10x10 position `p` for the side to move.
Score evaluate(const intl::Position& p, const IntlWeights& w = DefaultIntlWeights);

}  // namespace tempo::search
