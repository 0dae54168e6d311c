// The CheckerBoard board array and move record, to and from Tempo's Position and Move.
//
// Reading is strict, because the array comes from outside: every dark square must hold a piece
// code (0, 5, 6, 9, 10), every light square 0, each side at most 12 pieces, no man on the row
// where it would have been crowned, and the colour must be CB_BLACK or CB_WHITE. A board that
// breaks any of these is refused with a sentence naming the square, never guessed at.
#pragma once

#include <string>
#include <vector>

#include "checkerboard/cb_api.hpp"
#include "engine/position.hpp"
#include "engine/result.hpp"

namespace tempo::cb {

// The array coordinates of a square (0-based, PDN number - 1), and back (-1 for a light square).
coor coor_of(int square);
int square_at(int x, int y);

// The position the board shows with `color` to move, or why it is not one.
Result<Position> read_board(const int board[8][8], int color);
// Writes `p` on the dark squares of `board`; the light ones are left as they are (0 for CB).
void write_board(const Position& p, int board[8][8]);

// The CB code of the piece on `square` (CB_FREE when empty).
int piece_code(const Position& p, int square);

// `m` (legal in `p`) as CheckerBoard's move record: every field, the unused ones zero.
CBmove move_record(const Position& p, const Move& m);

// The reply to `get movelist`: "movelist N," and one record a move, each ending in ';', or
// "movelist 0" when there is none (hosts.md section 1.5).
std::string movelist_text(const Position& p);

}  // namespace tempo::cb
