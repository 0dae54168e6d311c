// Notation: PDN FEN and move text, in PDN square numbers and in the reference game's board names.
//
// FEN (PDN 3.0 style): `B:W21-32:B1-12`, `W:WK10,30,31,32:B1,2,3,14`. The side to move comes
// first; each colour's list may name kings with `K`, and ranges `a-b` (`K1-4` crowns the whole
// range); either colour's list may come first, a list may be empty (`B:W:B1`), spaces are
// tolerated between tokens and a trailing `.` is allowed. The letters are upper case, as PDN writes
// them. Parsing is strict: an unknown square, a square listed twice or for both sides, a man on
// its own crowning row, a reversed range, a missing list, or anything else that is not FEN is
// rejected with a message naming the problem and quoting the offending text. The parser never
// throws and reads any bytes (it is a fuzz target). Output lists each colour's squares in
// ascending order, White first, kings marked `K`, no ranges. The FEN does not carry the ply
// counters: a parsed position has `quiet_plies() == 0`.
//
// Moves: `11-15` (a step), `15x24` (a capture from and to) or `15x24x31` (a capture with every
// landing square); in board names `c3-d4`, `c3xe5`, `c3xe5xc7` (a1 is square 29). Output always
// writes a capture with every landing square, taking the first of its routes in number order.
// Input is case-insensitive, tolerates spaces around separators, and must use one notation and
// one separator throughout. A full path is checked jump by jump and must be a complete capture;
// the short form is accepted when exactly one legal move (distinct from, to, captured) matches;
// when several do, the error says "ambiguous" and lists them. Other errors say which rule the text
// breaks: unknown square, no piece of the side to move there, a capture is compulsory (with the
// legal captures), incomplete capture, a jump that is not one, or plain malformed text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/movegen.hpp"
#include "engine/position.hpp"
#include "engine/result.hpp"
#include "engine/rules.hpp"

namespace tempo {

enum class Notation : std::uint8_t { Numbers, Names };

// Text from outside, quoted for an error message: control bytes, non-ASCII bytes, quotes and
// backslashes are escaped, so the message stays one printable line whatever the input.
std::string quoted(std::string_view text);

// The notation of every game, one set of templates over its rules trait (English draughts' is
// `Wcdf`, the default where nothing names the game): defined and instantiated for each game in
// notation.cpp, one reader for every game. Its messages follow the trait's `dialect`: English
// draughts keeps its own (described above), every other game the FMJD one (described in
// notation_international.hpp). The other
// games' namespaces name these functions too (`intl::parse_fen`, `brazil::move_text`, ...).

// Squares are 0-based (PDN number - 1) in the API; this converts for text: "15" or "e5"; "?" off
// the board.
template <RulesTrait B = Wcdf>
std::string square_text(int square, Notation n = Notation::Numbers);

template <RulesTrait B = Wcdf>
Result<BasicPosition<B>> parse_fen(std::string_view fen);
template <RulesTrait B>
std::string to_fen(const BasicPosition<B>& p);

// Every jump order of `m` in `p` as its list of squares (0-based), from the start square through
// each landing square, sorted; none when `m` is a capture `p` does not have or names squares off
// the board. A step gives its one route of two squares. Written apart from the generator (by file
// and rank, not by shifts), so that the tests can check one against the other.
template <RulesTrait B>
std::vector<std::vector<int>> routes_of(const BasicPosition<B>& p, const Move& m);

// The move as text: a capture with every landing square (its first route).
template <RulesTrait B>
std::string move_text(const BasicPosition<B>& p, const Move& m, Notation n = Notation::Numbers);

// A move text in either notation, read against the legal moves of `p`.
template <RulesTrait B>
Result<Move> parse_move(const BasicPosition<B>& p, std::string_view text);

// The legal moves as text, captures with every landing square: English in the order of
// legal_moves (movegen.hpp: each distinct (from, to, captured) once, in the order of their text),
// the other games sorted by their first route.
template <RulesTrait B>
std::vector<std::string> legal_move_texts(const BasicPosition<B>& p, Notation n = Notation::Numbers);

}  // namespace tempo
