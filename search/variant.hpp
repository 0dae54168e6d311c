// The games as the searcher sees them: one trait each, so that one searcher (search.cpp, a
// template over the trait) plays English, international and Brazilian draughts.
//
// A trait is the game's Rulebook (engine/rulebook.hpp: the position and move-list types, the
// legal moves, whether a capture is pending, the crowning row) and what only the search asks:
// whether the opponent threatens a capture, the draws by rule, and the static evaluation.
// Captures are compulsory in both games, so a position with one pending is never evaluated.
// Repetition is the searcher's own (keys of the game and the search path); both positions count,
// in `quiet_plies`, the plies since the last move that cannot be undone, which bounds how far back
// a repetition can be.
#pragma once

#include "engine/brazilian.hpp"
#include "engine/international.hpp"
#include "engine/movegen.hpp"
#include "engine/movegen_international.hpp"
#include "engine/position.hpp"
#include "engine/rulebook.hpp"
#include "engine/rules.hpp"
#include "engine/variant.hpp"
#include "search/eval.hpp"
#include "search/eval_brazilian.hpp"
#include "search/eval_international.hpp"
#include "search/nnue.hpp"
#include "search/score.hpp"

namespace tempo::search {

inline constexpr int DrawPlies = Wcdf::quiet_draw_plies;  // English: plies without capture or promotion that draw

using tempo::Variant;

struct EnglishGame : Rulebook<Wcdf> {
    // Whether the opponent of the side to move could capture if it were its turn.
    static bool threatened(const Position& p) { return tempo::can_capture(p, ~p.side_to_move()); }
    // The 80-ply rule of the reference game, kept by the official rules too (engine/game.hpp).
    static bool rule_draw(const Position& p) { return tempo::rule_draw(p); }
    // The network when there is one (its first layer updated from the search thread's `cache`,
    // when given), else the hand-made evaluation with `w`.
    static Score evaluate(const Position& p, const Weights& w = DefaultWeights,
                          const nnue::Network* net = nullptr, nnue::Cache* cache = nullptr) {
        if (!net) return search::evaluate(p, w);
        return cache ? net->evaluate(p, *cache) : net->evaluate(p);
    }
};

struct InternationalGame : Rulebook<intl::Fmjd> {
    static bool threatened(const Position& p) { return tempo::can_capture(p, ~p.side_to_move()); }
    // The 25-move rule and the 16-move rule of the small endings (FMJD), kept by the position.
    static bool rule_draw(const Position& p) { return tempo::rule_draw(p); }
    // The 10x10 network when there is one (its first layer updated from the search thread's
    // `cache`, when given), else the hand-set 10x10 evaluation.
    static Score evaluate(const Position& p, const nnue::IntlNetwork* net = nullptr, nnue::Cache* cache = nullptr) {
        if (!net) return search::evaluate(p);
        return cache ? net->evaluate(p, *cache) : net->evaluate(p);
    }
};

struct BrazilianGame : Rulebook<brazil::Cbd> {
    static bool threatened(const Position& p) { return tempo::can_capture(p, ~p.side_to_move()); }
    static bool rule_draw(const Position& p) { return tempo::rule_draw(p); }
    // The hand-set evaluation (eval_brazilian.hpp); this game has no network.
    static Score evaluate(const Position& p) { return search::evaluate(p); }
};

}  // namespace tempo::search
