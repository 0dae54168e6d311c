// The games as the searcher sees them: one trait each, so that one searcher (search.cpp, a
// template over the trait) plays English, international and Brazilian draughts.
//
// A trait, SearchGame<B> over the game's rules trait, is the game's Rulebook (engine/rulebook.hpp:
// the position and move-list types, the legal moves, whether a capture is pending, the crowning
// row) and what only the search asks: whether the opponent threatens a capture, the draws by
// rule, and the static evaluation (Evaluator<B>, one a game).
// Captures are compulsory in both games, so a position with one pending is never evaluated.
// Repetition is the searcher's own (keys of the game and the search path); both positions count,
// in `quiet_plies`, the plies since the last move that cannot be undone, which bounds how far back
// a repetition can be.
#pragma once

#include "engine/brazilian.hpp"
#include "engine/international.hpp"
#include "engine/movegen.hpp"
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

// The static evaluation of each game: evaluation is not rules, so it stays one specialisation a
// game, each with the arguments its evaluations take, and `evaluate_with(p, options, cache)`,
// what the searcher calls: each game takes from the search's options what it has (weights,
// networks).
template <RulesTrait B>
struct Evaluator;

template <>
struct Evaluator<Wcdf> {
    // The network when there is one (its first layer updated from the search thread's `cache`,
    // when given), else the hand-made evaluation with `w`.
    static Score evaluate(const Position& p, const Weights& w = DefaultWeights,
                          const nnue::Network* net = nullptr, nnue::Cache* cache = nullptr) {
        if (!net) return search::evaluate(p, w);
        return cache ? net->evaluate(p, *cache) : net->evaluate(p);
    }
    // With the search's options (search.hpp): its English weights and network.
    template <class SearchOptions>
    static Score evaluate_with(const Position& p, const SearchOptions& o, nnue::Cache* cache) {
        return evaluate(p, *o.weights, o.network, cache);
    }
};

template <>
struct Evaluator<intl::Fmjd> {
    // The 10x10 network when there is one (its first layer updated from the search thread's
    // `cache`, when given), else the hand-set 10x10 evaluation.
    static Score evaluate(const intl::Position& p, const nnue::IntlNetwork* net = nullptr,
                          nnue::Cache* cache = nullptr) {
        if (!net) return search::evaluate(p);
        return cache ? net->evaluate(p, *cache) : net->evaluate(p);
    }
    template <class SearchOptions>
    static Score evaluate_with(const intl::Position& p, const SearchOptions& o, nnue::Cache* cache) {
        return evaluate(p, o.intl_network, cache);
    }
};

template <>
struct Evaluator<brazil::Cbd> {
    // The hand-set evaluation (eval_brazilian.hpp); this game has no network.
    static Score evaluate(const brazil::Position& p) { return search::evaluate(p); }
    template <class SearchOptions>
    static Score evaluate_with(const brazil::Position& p, const SearchOptions&, nnue::Cache*) {
        return evaluate(p);
    }
};

// A game as the searcher sees it: its Rulebook, its Evaluator, and the two rules questions only
// the search asks.
template <RulesTrait B>
struct SearchGame : Rulebook<B>, Evaluator<B> {
    using Position = BasicPosition<B>;
    // Whether the opponent of the side to move could capture if it were its turn.
    static bool threatened(const Position& p) { return tempo::can_capture(p, ~p.side_to_move()); }
    // The draws by rule that the position decides: English, the 80-ply rule of the reference
    // game (kept by the official rules too, engine/game.hpp); FMJD, the 25-move rule and the
    // 16-move rule of the small endings.
    static bool rule_draw(const Position& p) { return tempo::rule_draw(p); }
};

using EnglishGame = SearchGame<Wcdf>;
using InternationalGame = SearchGame<intl::Fmjd>;
using BrazilianGame = SearchGame<brazil::Cbd>;

}  // namespace tempo::search
