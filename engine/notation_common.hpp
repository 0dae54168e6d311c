// What the 8x8 and 10x10 notations share, written once over the board's Geometry: the text
// helpers, colour and square names, a square's bit, move text from a route, and FEN output.
// Internal to engine/ (notation.cpp, route_walk.hpp, and the colour names for game.cpp and the
// server); the public API is in notation.hpp.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/bitboard.hpp"
#include "engine/notation.hpp"
#include "engine/position.hpp"
#include "engine/result.hpp"

namespace tempo::notation_detail {

constexpr bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }

constexpr std::string_view trim(std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

// "Black" or "White", as the messages write them.
constexpr const char* color_name(Color c) { return c == Color::Black ? "Black" : "White"; }

// Whether a bit index is one of the board's squares (not a ghost, not off the board).
template <class Geo>
constexpr bool is_board_bit(int b) {
    return b >= 0 && b < 64 && ((Geo::mask >> b) & 1);
}

// The bit of a square (0-based).
template <class Geo>
constexpr Bitboard bit_at(int square) {
    return bit(Geo::bit_of(square));
}

// "15", or the board name "e5"; "?" off the board.
template <class Geo>
std::string square_text(int square, Notation n) {
    if (square < 0 || square >= Geo::squares) return "?";
    if (n == Notation::Numbers) return std::to_string(square + 1);
    return char('a' + Geo::file_of(square)) + std::to_string(Geo::rank_of(square));
}

// "11-15", "22x15x8" or "c3xe5xc7".
template <class Geo>
std::string route_text(const std::vector<int>& route, bool capture, Notation n) {
    std::string s;
    for (std::size_t i = 0; i < route.size(); ++i) {
        if (i) s += capture ? 'x' : '-';
        s += square_text<Geo>(route[i], n);
    }
    return s;
}

// The move as text, its first route; a move the position does not have is written as the
// squares it touches. `routes` is the position's routes_of(p, m).
template <class Geo>
std::string move_text(const std::vector<std::vector<int>>& routes, const Move& m, Notation n) {
    if (routes.empty()) {
        const auto square = [](int b) { return is_board_bit<Geo>(b) ? Geo::square_of(b) : -1; };
        return route_text<Geo>({square(m.from), square(m.to)}, m.is_capture(), n);
    }
    return route_text<Geo>(routes.front(), m.is_capture(), n);
}

// The FEN: side to move, then White's and Black's squares in ascending order, kings marked K.
template <class P>
std::string to_fen(const P& p) {
    using Geo = typename P::Geometry;
    std::string s = p.side_to_move() == Color::Black ? "B" : "W";
    for (Color c : {Color::White, Color::Black}) {
        s += c == Color::White ? ":W" : ":B";
        bool first = true;
        for (int sq = 0; sq < Geo::squares; ++sq) {
            const Bitboard b = bit(Geo::bit_of(sq));
            if (!(p.pieces(c) & b)) continue;
            if (!first) s += ',';
            first = false;
            if (p.kings() & b) s += 'K';
            s += std::to_string(sq + 1);
        }
    }
    return s;
}

}  // namespace tempo::notation_detail
