// Legal move generation for every game: one set of functions over the rules trait (rules.hpp),
// each choosing, at compile time, the kernel that implements the trait's choices.
//
// - movegen_short.hpp: kings step one square, men move and capture forward only, any capture
//   may be chosen, reaching the far row ends the move (English draughts, `Wcdf`).
// - movegen_flying.hpp: flying kings, a man passing the far row in a capture stays a man; men
//   capture backwards or forward only, and majority capture or any, as the trait says
//   (international and Brazilian draughts, `intl::Fmjd`, `brazil::Cbd`: both ways, majority).
//
// The kernels live in `movegen::shortk` and `movegen::flying`; nothing outside this header names
// them. Two levels are offered here, each a template over the trait that picks the kernel:
// - the public functions of a position (`generate_moves`, `can_capture`, `has_capture`,
//   `count_moves`), which read the side to move from the position;
// - `movegen::generate<B, Us>`, `movegen::count<B, Us, R>` and `movegen::capturers<B, Us>`, for the
//   hot paths that know the side at compile time (the perft board, the search's threat test).
//
// A trait that neither kernel implements does not compile (see the concepts below). The kernels
// are unchanged by the choice: the discarded `if constexpr` arm costs nothing, so each game calls
// the same function templates it called before this header chose between them. The move order of
// each kernel is its own and is load-bearing: the transposition table stores a move as its index
// in the generated list (search/tt.hpp).
//
// `intl::generate_moves`, `brazil::has_capture` and the rest are using-declarations of these
// templates (never second templates: a call by argument-dependent lookup would find both).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/movegen_flying.hpp"
#include "engine/movegen_short.hpp"
#include "engine/movelist.hpp"
#include "engine/position.hpp"
#include "engine/rules.hpp"

namespace tempo {

namespace movegen {

// The choices of the short-king kernel (movegen_short.hpp).
template <class B>
concept ShortAnyCapture = !B::men_capture_backward && !B::flying_kings && !B::majority_capture &&
                          B::removed_after_move && B::crowning_ends_capture;

// The choices of the flying-king kernel (movegen_flying.hpp).
template <class B>
concept FlyingKings = flying::implements<B>;

template <class B>
inline constexpr bool no_kernel = false;

// The pieces of side Us that can capture (none: Us has no capture).
template <RulesTrait B, Color Us>
inline Bitboard capturers(const BasicPosition<B>& p) {
    if constexpr (ShortAnyCapture<B>)
        return shortk::jumpers<Us>(p);
    else if constexpr (FlyingKings<B>)
        return flying::capturers<flying::KernelOf<B, Us>, Us>(p.pieces(Us), p.pieces(~Us), p.kings());
    else
        static_assert(no_kernel<B>, "no move generator implements these rules");
}

// The number of legal moves of side Us on the board `own`, `opp`, `kings` (all kings of both
// sides): the bulk count of perft's last ply. `R` as in count_moves below.
template <RulesTrait B, Color Us, Routes R>
inline std::uint64_t count(Bitboard own, Bitboard opp, Bitboard kings) {
    if constexpr (ShortAnyCapture<B>)
        return shortk::count<Us, R>(own, opp, kings);
    else if constexpr (FlyingKings<B>)
        return flying::count<flying::KernelOf<B, Us>, Us>(own, opp, kings);
    else
        static_assert(no_kernel<B>, "no move generator implements these rules");
}

template <RulesTrait B, Color Us, Routes R>
inline std::uint64_t count(const BasicPosition<B>& p) {
    if constexpr (ShortAnyCapture<B>)
        return shortk::count<Us, R>(p);
    else if constexpr (FlyingKings<B>)
        return flying::count<Us>(p);
    else
        static_assert(no_kernel<B>, "no move generator implements these rules");
}

// Every legal move of side Us, who is to move in `p`.
template <RulesTrait B, Color Us>
inline void generate(const BasicPosition<B>& p, MoveListFor<B>& list) {
    if constexpr (ShortAnyCapture<B>)
        shortk::generate<Us>(p, list);
    else if constexpr (FlyingKings<B>)
        flying::generate<Us>(p, list);
    else
        static_assert(no_kernel<B>, "no move generator implements these rules");
}

}  // namespace movegen

// Each function below is `inline` and only passes the call on to its kernel's body (which keeps
// the inlining it had as a game's own public function: the English ones declared inline, the
// flying ones plain templates), so the code the callers get is what it was.

// Every legal move of the side to move, each distinct move once (its jump orders in `routes`).
template <RulesTrait B>
inline void generate_moves(const BasicPosition<B>& p, MoveListFor<B>& list) {
    if constexpr (movegen::ShortAnyCapture<B>)
        movegen::shortk::generate_moves(p, list);
    else if constexpr (movegen::FlyingKings<B>)
        movegen::flying::generate_moves(p, list);
    else
        static_assert(movegen::no_kernel<B>, "no move generator implements these rules");
}

// Whether the side `by` could capture in `p` if it were its turn (the side to move: must capture).
template <RulesTrait B>
inline bool can_capture(const BasicPosition<B>& p, Color by) {
    if constexpr (movegen::ShortAnyCapture<B>)
        return movegen::shortk::can_capture(p, by);
    else if constexpr (movegen::FlyingKings<B>)
        return movegen::flying::can_capture(p, by);
    else
        static_assert(movegen::no_kernel<B>, "no move generator implements these rules");
}

// Whether the side to move has a capture (and so must capture).
template <RulesTrait B>
inline bool has_capture(const BasicPosition<B>& p) {
    if constexpr (movegen::ShortAnyCapture<B>)
        return movegen::shortk::has_capture(p);
    else if constexpr (movegen::FlyingKings<B>)
        return movegen::flying::has_capture(p);
    else
        static_assert(movegen::no_kernel<B>, "no move generator implements these rules");
}

// The number of legal moves of the side to move. `Routes::Keep` counts each jump order of a king
// capture where the trait's perft does (B::perft_keeps_routes, English); elsewhere each distinct
// move counts once whatever `r` says.
template <RulesTrait B>
inline std::uint64_t count_moves(const BasicPosition<B>& p, Routes r = Routes::Drop) {
    if constexpr (movegen::ShortAnyCapture<B>) {
        return movegen::shortk::count_moves(p, r);
    } else if constexpr (movegen::FlyingKings<B>) {
        (void)r;
        return movegen::flying::count_moves(p);
    } else {
        static_assert(movegen::no_kernel<B>, "no move generator implements these rules");
    }
}

// Every legal move, each distinct (from, to, captured) once, in the order of their text (squares
// compared as numbers): the list a person or a client sees. Defined in game.cpp for the three
// games' traits.
template <RulesTrait B>
std::vector<Move> legal_moves(const BasicPosition<B>& p);

static_assert(movegen::ShortAnyCapture<Wcdf> && !movegen::FlyingKings<Wcdf>);
static_assert(movegen::FlyingKings<intl::Fmjd> && !movegen::ShortAnyCapture<intl::Fmjd>);

// The old names of the flying-king games: the same templates.
namespace intl {
using tempo::can_capture;
using tempo::count_moves;
using tempo::generate_moves;
using tempo::has_capture;
using tempo::legal_moves;
}  // namespace intl

}  // namespace tempo
