// Rulebook<B>: everything the rules core offers for one game, under one set of names, so that
// the layers above (Game in game.cpp, the searcher's traits in search/variant.hpp, the protocol's
// in protocol/variant.hpp) are written once over a game and bind the engine in one place.
//
// `B` is the game's rules trait (rules.hpp: `Wcdf` for English draughts, `intl::Fmjd`,
// `brazil::Cbd`). Every member forwards, inline, to the templates of the rules core (movegen.hpp,
// notation.hpp, rules.hpp), so a call through it compiles to the direct call: the search's
// generate() and has_capture() cost what they did. A layer adds what is its own by deriving from
// it (the evaluation, the draw-rule options, the board drawing). A new game needs no line here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/brazilian.hpp"
#include "engine/game.hpp"
#include "engine/international.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/notation_international.hpp"
#include "engine/position.hpp"
#include "engine/result.hpp"
#include "engine/rules.hpp"
#include "engine/variant.hpp"

namespace tempo {

template <RulesTrait B>
struct Rulebook {
    using Position = BasicPosition<B>;
    using MoveList = MoveListFor<B>;
    static constexpr Variant variant = B::variant;

    static void generate(const Position& p, MoveList& list) { generate_moves(p, list); }
    static bool has_capture(const Position& p) { return tempo::has_capture(p); }
    static bool has_moves(const Position& p) { return count_moves(p) != 0; }
    static Bitboard crown_row(Color c) { return tempo::crown_row<B>(c); }
    // Each distinct (from, to, captured) once, in the order of their text.
    static std::vector<Move> legal_moves(const Position& p) { return tempo::legal_moves(p); }
    static std::vector<std::string> legal_move_texts(const Position& p, Notation n) {
        return tempo::legal_move_texts(p, n);
    }
    static Result<Position> parse_fen(std::string_view fen) { return tempo::parse_fen<B>(fen); }
    static std::string to_fen(const Position& p) { return tempo::to_fen(p); }
    static Result<Move> parse_move(const Position& p, std::string_view text) { return tempo::parse_move(p, text); }
    static std::string move_text(const Position& p, const Move& m, Notation n) { return tempo::move_text(p, m, n); }
    static std::string square_text(int square, Notation n) { return tempo::square_text<B>(square, n); }
    static std::vector<std::vector<int>> routes_of(const Position& p, const Move& m) {
        return tempo::routes_of(p, m);
    }
};

}  // namespace tempo
