// Brazilian draughts: the rules of international draughts on the 8x8 board, 12 men a side.
//
// Sources: "Brazilian draughts follows the same rules and conventions as International draughts,
// the only differences are the smaller gameboard (8x8 squares instead of 10x10), and fewer
// checkers per player (12 instead of 20)" (Wikipedia, "Brazilian draughts"); the Brazilian
// section of the FMJD (brazil.fmjd.org, "rules": White begins, men capture backwards, the king
// moves and captures at a distance, the most pieces must be taken); lidraughts plays it as "Same
// rules as international draughts, played on an 8x8 board" with PDN GameType 26, the number
// CheckerBoard's API uses too (GT_BRAZILIAN).
//
// So the trait is intl::Fmjd's choices with the 8x8 geometry of English draughts (bitboard.hpp:
// the same squares 1-32, a1 = square 29 at White's lower left) and 12 men: Black on 1-12, White
// on 21-32, White moves first (the FEN `W:W21-32:B1-12`). The draw rules are the FMJD ones the
// sources carry over: threefold repetition, 25 moves of each side with only king moves, and the
// 16-move rule of the small endings.
//
// Its moves come from the flying-king generator (movegen_flying.hpp, which movegen.hpp chooses for
// this trait's choices); its published perft table is in tests/data/perft-brazilian.txt.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/bitboard.hpp"
#include "engine/international.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/perft.hpp"
#include "engine/position.hpp"
#include "engine/result.hpp"
#include "engine/rules.hpp"

namespace tempo::brazil {

struct Cbd {
    using Geometry = Geometry8;
    static constexpr int men_per_side = 12;
    static constexpr Color first_to_move = Color::White;
    static constexpr bool men_capture_backward = true;
    static constexpr bool flying_kings = true;
    static constexpr bool majority_capture = true;
    static constexpr bool kings_count_as_men = true;
    static constexpr bool removed_after_move = true;
    static constexpr bool crown_only_at_end = true;
    static constexpr bool crowning_ends_capture = false;
    static constexpr int quiet_draw_plies = intl::Fmjd::quiet_draw_plies;
    static constexpr int small_ending_draw_plies = intl::Fmjd::small_ending_draw_plies;
    static constexpr int king_moves_draw_plies = quiet_draw_plies;  // the name before rules.hpp

    // What BasicPosition needs (position.hpp).
    static constexpr QuietReset quiet_reset = QuietReset::ManMove;
    static constexpr bool small_endings = true;
    static constexpr bool is_small_ending(Bitboard black, Bitboard white, Bitboard kings) {
        return intl::is_small_ending(black, white, kings);
    }

    // The rest of a rules trait (engine/rules.hpp).
    static constexpr Variant variant = Variant::Brazilian;
    static constexpr std::size_t max_moves = 512;  // as international draughts' list (brazil::MoveList)
    static constexpr bool perft_keeps_routes = false;
    static constexpr int pdn_game_type = 26;        // lidraughts' and CheckerBoard's GT_BRAZILIAN
    static constexpr Dialect dialect = Dialect::Fmjd;
};

static_assert(RulesTrait<Cbd>);

using Position = BasicPosition<Cbd>;

constexpr Bitboard crown_row(Color c) { return tempo::crown_row<Cbd>(c); }

// Whether the 25-move rule or the 16-move rule draws the game in `p`: the one rule_draw of
// rules.hpp, over the trait.
using tempo::rule_draw;

// --- Moves: the flying-king generator -----------------------------------------------------------

// The international list: the search sizes its per-ply tables by its capacity (search.cpp), and
// so does the majority counter (movegen_flying.hpp).
using MoveList = intl::MoveList;
static_assert(std::is_same_v<MoveList, MoveListFor<Cbd>>);

// The one set of generator functions (movegen.hpp), which choose the flying-king kernel.
using tempo::can_capture;
using tempo::count_moves;
using tempo::generate_moves;
using tempo::has_capture;
using tempo::legal_moves;  // each distinct (from, to, captured) once, in the order of their text

// --- Notation (notation.hpp, in the FMJD dialect of notation_international.hpp) ----------------
//
// FEN `W:W21-32:B1-12`; moves `22-18`, `27x18x9`, or in board names `c3-d4`, `a1xc3xe5`
// (files a-h, ranks 1-8, White at the bottom: a1 is square 29).

inline std::string square_text(int square, Notation n = Notation::Numbers) { return tempo::square_text<Cbd>(square, n); }
inline Result<Position> parse_fen(std::string_view fen) { return tempo::parse_fen<Cbd>(fen); }
using tempo::legal_move_texts, tempo::move_text, tempo::parse_move, tempo::routes_of, tempo::to_fen;

// --- Perft (perft_flying.cpp): equal moves count once ------------------------------------------

// brazil::perft and brazil::perft_divide are the templates of perft.hpp (using-declarations there).

}  // namespace tempo::brazil

namespace tempo {
extern template class BasicPosition<brazil::Cbd>;
}  // namespace tempo
