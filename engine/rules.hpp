// Rules traits: the choices that make a draughts game, as one constexpr struct per game.
//
// `Wcdf` (English draughts, position.hpp), `intl::Fmjd` (international draughts,
// international.hpp) and `brazil::Cbd` (Brazilian draughts, brazilian.hpp) each answer the same
// questions, listed by the RulesTrait concept below: the board (a Geometry of at most 64 bits,
// since a position is a few uint64 bitboards and a Move holds bit indices), the start, how men
// and kings move and capture, the draws the position's own counters decide, and the facts the
// layers above used to keep in tables of their own (the move list's size, the perft convention,
// the PDN GameType, the wording of text errors). Each header checks with static_asserts that its
// trait says what its code does today.
//
// The three crowning behaviours need two flags: the move ends on the far row (English:
// crown_only_at_end and crowning_ends_capture both true), the man passes it and stays a man
// (FMJD: true, false), or it is crowned and captures on as a king (Russian: false, false).
//
// This is the start of one rules core for every game (issue 15, docs/rules-core-plan.md): the
// functions here (MoveListFor, rule_draw, crown_row) name once what each game had written for
// itself, and the move generator's functions are templates over the trait (movegen.hpp); the
// notations and perft boards are still per game.
#pragma once

#include <concepts>
#include <cstddef>

#include "engine/bitboard.hpp"
#include "engine/movelist.hpp"
#include "engine/position.hpp"
#include "engine/rules_enums.hpp"

namespace tempo {

template <class B>
concept RulesTrait = requires {
    typename B::Geometry;
    requires B::Geometry::bits <= 64;  // one uint64 bitboard per colour; Move holds bit indices
    { B::variant } -> std::convertible_to<Variant>;
    { B::men_per_side } -> std::convertible_to<int>;
    { B::first_to_move } -> std::convertible_to<Color>;
    // How pieces move and capture.
    { B::men_capture_backward } -> std::convertible_to<bool>;
    { B::flying_kings } -> std::convertible_to<bool>;
    { B::majority_capture } -> std::convertible_to<bool>;
    { B::kings_count_as_men } -> std::convertible_to<bool>;
    { B::removed_after_move } -> std::convertible_to<bool>;
    { B::crown_only_at_end } -> std::convertible_to<bool>;
    { B::crowning_ends_capture } -> std::convertible_to<bool>;
    // The draws the position counts (BasicPosition): which moves restart the quiet-ply count,
    // how many quiet plies draw, and the small endings' count where the game has it.
    { B::quiet_reset } -> std::convertible_to<QuietReset>;
    { B::quiet_draw_plies } -> std::convertible_to<int>;
    { B::small_endings } -> std::convertible_to<bool>;
    requires !B::small_endings || requires(Bitboard b) {
        { B::small_ending_draw_plies } -> std::convertible_to<int>;
        { B::is_small_ending(b, b, b) } -> std::convertible_to<bool>;
    };
    // What the layers above need: the move list's capacity (above the most legal moves of any
    // position), whether perft can count each jump order of a king capture (Routes::Keep), the
    // PDN GameType, and the wording of text errors.
    { B::max_moves } -> std::convertible_to<std::size_t>;
    { B::perft_keeps_routes } -> std::convertible_to<bool>;
    { B::pdn_game_type } -> std::convertible_to<int>;
    requires B::pdn_game_type == pdn_game_type(B::variant);
    { B::dialect } -> std::convertible_to<Dialect>;
};

// The move list of a game: today BasicMoveList<256> for English, <512> for the flying games.
template <RulesTrait B>
using MoveListFor = BasicMoveList<B::max_moves>;

// Whether the position's own counters draw the game: the quiet plies (English: 80 plies with no
// capture and no promotion; FMJD: the 25-move rule, king moves only) and, where the game has
// them, the plies of a small ending (FMJD: the 16-move rule). Threefold repetition is not the
// position's to see: Game and the search check it on their histories.
template <RulesTrait B>
bool rule_draw(const BasicPosition<B>& p) {
    if constexpr (B::small_endings)
        return p.quiet_plies() >= B::quiet_draw_plies || p.ending_plies() >= B::small_ending_draw_plies;
    else
        return p.quiet_plies() >= B::quiet_draw_plies;
}

// The row where a man of colour c is crowned: Black moves down the board, White up.
template <RulesTrait B>
constexpr Bitboard crown_row(Color c) {
    return c == Color::Black ? BasicPosition<B>::template Crown<Color::Black>
                             : BasicPosition<B>::template Crown<Color::White>;
}

static_assert(RulesTrait<Wcdf>);
static_assert(crown_row<Wcdf>(Color::Black) == crown_row(Color::Black) &&
              crown_row<Wcdf>(Color::White) == crown_row(Color::White));

}  // namespace tempo
