// Notation: PDN FEN and move text, in PDN square numbers and in the reference game's board names.
//
// FEN (PDN 3.0 style): `B:W21-32:B1-12`, `W:WK10,30,31,32:B1,2,3,14`. The side to move comes
// first; each colour's list may name kings with `K`, and ranges `a-b`; either colour's list may
// come first, a list may be empty (`B:W:B1`), spaces are tolerated and a trailing `.` is allowed.
// Parsing is strict: an unknown square, a square listed twice or for both sides, a man on its own
// crowning row, or anything else that is not FEN is rejected with a message naming the problem.
// Output lists each colour's squares in ascending order, kings marked `K`, no ranges.
//
// Moves: `11-15` (a step), `15x24` (a capture from and to) or `15x24x31` (a capture with every
// landing square); in board names `c3-d4`, `c3xe5`, `c3xe5xc7` (a1 is square 29). Output always
// writes a capture with every landing square. Input of the short form is accepted when exactly one
// legal move matches; when several do, the error says "ambiguous" and lists them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/movegen.hpp"
#include "engine/position.hpp"
#include "engine/result.hpp"

namespace tempo {

enum class Notation : std::uint8_t { Numbers, Names };

// Squares are 0-based (PDN number - 1) in the API; these convert for text.
std::string square_text(int square, Notation n = Notation::Numbers);  // "15" or "e5"

Result<Position> parse_fen(std::string_view fen);
std::string to_fen(const Position& p);

// Every jump order of `m` in `p` as its list of squares (0-based), from the start square through
// each landing square. A step has one route of two squares.
std::vector<std::vector<int>> routes_of(const Position& p, const Move& m);

// The move as text: a capture with every landing square (its first route).
std::string move_text(const Position& p, const Move& m, Notation n = Notation::Numbers);

// A move text in either notation, read against the legal moves of `p`.
Result<Move> parse_move(const Position& p, std::string_view text);

}  // namespace tempo
