// Rulebook<Board>: everything the rules core offers for one game, under one set of names, so that
// the layers above (Game in game.cpp, the searcher's traits in search/variant.hpp, the protocol's
// in protocol/variant.hpp) are written once over a game and bind the engine in one place.
//
// `Board` is the game's position trait (position.hpp: `Wcdf` for English draughts;
// international.hpp: `intl::Fmjd`). Each specialisation forwards, inline, to that game's own
// functions (movegen, notation, the legal-move lists of game.hpp), so a call through it compiles
// to the direct call: the search's generate() and has_capture() cost what they did. A layer adds
// what is its own by deriving from it (the evaluation, the draw-rule options, the board drawing).
//
// Today the two games still have their own generators and notations, so there are two
// specialisations; when those become templates over `Board`, the primary template can hold the
// whole list and a new variant is a trait and its tests.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/brazilian.hpp"
#include "engine/game.hpp"
#include "engine/international.hpp"
#include "engine/movegen.hpp"
#include "engine/movegen_international.hpp"
#include "engine/notation.hpp"
#include "engine/notation_international.hpp"
#include "engine/position.hpp"
#include "engine/result.hpp"
#include "engine/rules.hpp"
#include "engine/variant.hpp"

namespace tempo {

template <class Board>
struct Rulebook;

template <>
struct Rulebook<Wcdf> {
    using Position = tempo::Position;
    using MoveList = tempo::MoveList;
    static constexpr Variant variant = Wcdf::variant;

    static void generate(const Position& p, MoveList& list) { generate_moves(p, list); }
    static bool has_capture(const Position& p) { return tempo::has_capture(p); }
    static bool has_moves(const Position& p) { return count_moves(p) != 0; }
    static Bitboard crown_row(Color c) { return tempo::crown_row(c); }
    // Each distinct (from, to, captured) once, in the order of their text.
    static std::vector<Move> legal_moves(const Position& p) { return tempo::legal_moves(p); }
    static std::vector<std::string> legal_move_texts(const Position& p, Notation n) {
        return tempo::legal_move_texts(p, n);
    }
    static Result<Position> parse_fen(std::string_view fen) { return tempo::parse_fen(fen); }
    static std::string to_fen(const Position& p) { return tempo::to_fen(p); }
    static Result<Move> parse_move(const Position& p, std::string_view text) { return tempo::parse_move(p, text); }
    static std::string move_text(const Position& p, const Move& m, Notation n) { return tempo::move_text(p, m, n); }
    static std::string square_text(int square, Notation n) { return tempo::square_text(square, n); }
    static std::vector<std::vector<int>> routes_of(const Position& p, const Move& m) {
        return tempo::routes_of(p, m);
    }
};

template <>
struct Rulebook<intl::Fmjd> {
    using Position = intl::Position;
    using MoveList = intl::MoveList;
    static constexpr Variant variant = intl::Fmjd::variant;

    static void generate(const Position& p, MoveList& list) { intl::generate_moves(p, list); }
    static bool has_capture(const Position& p) { return intl::has_capture(p); }
    static bool has_moves(const Position& p) { return intl::count_moves(p) != 0; }
    static Bitboard crown_row(Color c) { return intl::crown_row(c); }
    static std::vector<Move> legal_moves(const Position& p) { return intl::legal_moves(p); }
    static std::vector<std::string> legal_move_texts(const Position& p, Notation n) {
        return intl::legal_move_texts(p, n);
    }
    static Result<Position> parse_fen(std::string_view fen) { return intl::parse_fen(fen); }
    static std::string to_fen(const Position& p) { return intl::to_fen(p); }
    static Result<Move> parse_move(const Position& p, std::string_view text) { return intl::parse_move(p, text); }
    static std::string move_text(const Position& p, const Move& m, Notation n) { return intl::move_text(p, m, n); }
    static std::string square_text(int square, Notation n) { return intl::square_text(square, n); }
    static std::vector<std::vector<int>> routes_of(const Position& p, const Move& m) {
        return intl::routes_of(p, m);
    }
};

template <>
struct Rulebook<brazil::Cbd> {
    using Position = brazil::Position;
    using MoveList = brazil::MoveList;
    static constexpr Variant variant = brazil::Cbd::variant;

    static void generate(const Position& p, MoveList& list) { brazil::generate_moves(p, list); }
    static bool has_capture(const Position& p) { return brazil::has_capture(p); }
    static bool has_moves(const Position& p) { return brazil::count_moves(p) != 0; }
    static Bitboard crown_row(Color c) { return brazil::crown_row(c); }
    static std::vector<Move> legal_moves(const Position& p) { return brazil::legal_moves(p); }
    static std::vector<std::string> legal_move_texts(const Position& p, Notation n) {
        return brazil::legal_move_texts(p, n);
    }
    static Result<Position> parse_fen(std::string_view fen) { return brazil::parse_fen(fen); }
    static std::string to_fen(const Position& p) { return brazil::to_fen(p); }
    static Result<Move> parse_move(const Position& p, std::string_view text) { return brazil::parse_move(p, text); }
    static std::string move_text(const Position& p, const Move& m, Notation n) { return brazil::move_text(p, m, n); }
    static std::string square_text(int square, Notation n) { return brazil::square_text(square, n); }
    static std::vector<std::vector<int>> routes_of(const Position& p, const Move& m) {
        return brazil::routes_of(p, m);
    }
};

}  // namespace tempo
