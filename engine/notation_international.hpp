// Notation for international draughts: PDN FEN and move text on the 10x10 board (squares 1-50).
//
// FEN: `W:W31-50:B1-20`, `B:WK3,32:B12-14`: the side to move, then each colour's list (either
// first), kings marked `K`, ranges `a-b` (`K1-3` crowns the whole range), a list may be empty,
// spaces between tokens and a trailing `.` are tolerated, letters are upper case. The parser is
// as strict as the 8x8 one: an unknown square, a square listed twice or for both colours, a man on
// its own crowning row, a reversed range, a missing or repeated colour list, or any other text is
// rejected with a message that names the problem; it never throws. Output lists White first, in
// ascending order, no ranges.
//
// Moves: `32-28` (a step), `28x19x8` (a capture with every landing square), or the short
// `28x8` (from and to), accepted when exactly one legal move matches; when several do, the error
// says "ambiguous" and lists them in full. Output writes captures with every landing square, the
// first route in number order. A text is read against the legal moves of the position: a step
// where a capture is compulsory, a capture that takes fewer pieces than the most possible, or a
// path that is not a legal capture is refused with a message saying which.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/international.hpp"
#include "engine/movegen_international.hpp"
#include "engine/notation.hpp"
#include "engine/result.hpp"

namespace tempo::intl {

// A square (0-based) as text: "32", or in board names "d4" (a1 is square 46); "?" off the board.
std::string square_text(int square, Notation n = Notation::Numbers);

Result<Position> parse_fen(std::string_view fen);
std::string to_fen(const Position& p);

// Every jump order of `m` in `p` as its list of squares (0-based), start square first, sorted;
// none when `m` is not a capture `p` has. A step gives its one route. Written by file and rank,
// apart from the bitboard generator, so that the tests can check one against the other.
std::vector<std::vector<int>> routes_of(const Position& p, const Move& m);

// The move as text: a capture with every landing square (its first route). A move `p` does not
// have is written as its two end squares ("?" for a bit off the board).
std::string move_text(const Position& p, const Move& m, Notation n = Notation::Numbers);

// A move text read against the legal moves of `p`.
Result<Move> parse_move(const Position& p, std::string_view text);

// The legal moves as text, sorted by their first route (squares compared as numbers).
std::vector<std::string> legal_move_texts(const Position& p, Notation n = Notation::Numbers);

}  // namespace tempo::intl
