// The two games as the searcher sees them: one trait each, so that one searcher (search.cpp, a
// template over the trait) plays both English draughts and international draughts.
//
// A trait names the position and move-list types and the few rules the search asks about: the
// legal moves, whether a capture is pending (captures are compulsory in both games, so such a
// position is never evaluated), whether the opponent threatens one, the crowning row, the draws
// by rule, and the static evaluation. Repetition is the searcher's own (keys of the game and the
// search path); both positions count, in `quiet_plies`, the plies since the last move that cannot
// be undone, which bounds how far back a repetition can be.
#pragma once

#include "engine/international.hpp"
#include "engine/movegen.hpp"
#include "engine/movegen_international.hpp"
#include "engine/position.hpp"
#include "engine/variant.hpp"
#include "search/eval.hpp"
#include "search/eval_international.hpp"
#include "search/nnue.hpp"
#include "search/score.hpp"

namespace tempo::search {

inline constexpr int DrawPlies = 80;  // English: plies without capture or promotion that draw

using tempo::Variant;

struct EnglishGame {
    static constexpr Variant variant = Variant::English;
    using Position = tempo::Position;
    using MoveList = tempo::MoveList;

    static void generate(const Position& p, MoveList& list) { generate_moves(p, list); }
    static bool has_capture(const Position& p) { return tempo::has_capture(p); }
    static bool has_moves(const Position& p) { return count_moves(p) != 0; }
    // Whether the opponent of the side to move could capture if it were its turn.
    static bool threatened(const Position& p) {
        return (p.side_to_move() == Color::Black ? movegen::jumpers<Color::White>(p)
                                                 : movegen::jumpers<Color::Black>(p)) != 0;
    }
    static Bitboard crown_row(Color c) { return tempo::crown_row(c); }
    // The 80-ply rule of the reference game, kept by the official rules too (engine/game.hpp).
    static bool rule_draw(const Position& p) { return p.quiet_plies() >= DrawPlies; }
    // The network when there is one (its first layer updated from the search thread's `cache`,
    // when given), else the hand-made evaluation with `w`.
    static Score evaluate(const Position& p, const Weights& w = DefaultWeights,
                          const nnue::Network* net = nullptr, nnue::Cache* cache = nullptr) {
        if (!net) return search::evaluate(p, w);
        return cache ? net->evaluate(p, *cache) : net->evaluate(p);
    }
};

struct InternationalGame {
    static constexpr Variant variant = Variant::International;
    using Position = intl::Position;
    using MoveList = intl::MoveList;

    static void generate(const Position& p, MoveList& list) { intl::generate_moves(p, list); }
    static bool has_capture(const Position& p) { return intl::has_capture(p); }
    static bool has_moves(const Position& p) { return intl::count_moves(p) != 0; }
    static bool threatened(const Position& p) {
        const Color us = p.side_to_move();
        return (us == Color::Black
                    ? intl::movegen::capturers<Color::White>(p.pieces(~us), p.pieces(us), p.kings())
                    : intl::movegen::capturers<Color::Black>(p.pieces(~us), p.pieces(us),
                                                             p.kings())) != 0;
    }
    static Bitboard crown_row(Color c) { return intl::crown_row(c); }
    // The 25-move rule and the 16-move rule of the small endings (FMJD), kept by the position.
    static bool rule_draw(const Position& p) { return intl::rule_draw(p); }
    // The 10x10 network when there is one (its first layer updated from the search thread's
    // `cache`, when given), else the hand-set 10x10 evaluation.
    static Score evaluate(const Position& p, const nnue::IntlNetwork* net = nullptr, nnue::Cache* cache = nullptr) {
        if (!net) return search::evaluate(p);
        return cache ? net->evaluate(p, *cache) : net->evaluate(p);
    }
};

}  // namespace tempo::search
