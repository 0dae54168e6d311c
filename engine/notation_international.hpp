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
// says "ambiguous" and lists them in full. The same in board names, files a-j and ranks 1-10 with
// White at the bottom (a1 is square 46, b10 square 1): `d4-e5`, `a1xg7xe9`, `a1xe9`; letters in
// either case, one notation throughout. Output writes captures with every landing square, the
// first route in number order, in the notation asked for. A text is read against the legal moves of the position: a step
// where a capture is compulsory, a capture that takes fewer pieces than the most possible, or a
// path that is not a legal capture is refused with a message saying which.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/international.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/result.hpp"

namespace tempo::intl {

// The notation of notation.hpp for this game: square_text, parse_fen, to_fen, routes_of (every
// jump order of a move, written by file and rank apart from the generator), move_text (a capture
// with every landing square, its first route; a move `p` does not have as its two end squares),
// parse_move (read against the legal moves) and legal_move_texts (sorted by first route).
inline std::string square_text(int square, Notation n = Notation::Numbers) { return tempo::square_text<Fmjd>(square, n); }
inline Result<Position> parse_fen(std::string_view fen) { return tempo::parse_fen<Fmjd>(fen); }
using tempo::legal_move_texts, tempo::move_text, tempo::parse_move, tempo::routes_of, tempo::to_fen;

}  // namespace tempo::intl
