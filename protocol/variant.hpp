// Variants: what the protocol needs from a game's rules, behind one set of names, so that the
// session, `think`, the move reader and the reports are written once for every board.
//
// A variant is the game's Rulebook (engine/rulebook.hpp: position and move-list types, legal
// moves, FEN and move text) and the few things only the protocol asks: the start under the
// options, a divide for `go perft`, the board drawn for `d`, the status of a game line. Moves are
// `tempo::Move` in both (a set of touched bits), so move lists and search results need no second
// type. `VariantOf<P>` finds the variant of a Position type, for templates that only see a
// position.
//
// Trade-off: a trait struct rather than a virtual interface or a runtime switch in every
// function: the session keeps its game as a std::variant of `GameLine<English>`,
// `GameLine<International>` and `GameLine<Brazilian>` and visits it with one generic lambda per
// command, so a command is one body for every board and the compiler checks each instantiation.
// `ProtocolGame<B>` is one template over the rules trait; English, International and Brazilian
// are its aliases.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/brazilian.hpp"
#include "engine/game.hpp"
#include "engine/international.hpp"
#include "engine/notation.hpp"
#include "engine/perft.hpp"
#include "engine/position.hpp"
#include "engine/result.hpp"
#include "engine/rules.hpp"
#include "engine/rulebook.hpp"
#include "protocol/options.hpp"
#include "search/search.hpp"

namespace tempo::protocol {

// A game as the protocol sees it, over the game's rules trait B.
template <RulesTrait B>
struct ProtocolGame : Rulebook<B> {
    using Position = BasicPosition<B>;
    static constexpr int squares = B::Geometry::squares;

    // The start under the options: English draughts take the side that moves first from them.
    static Position start(const Options& o);
    // The rulebook's reader; for international draughts, a move in board names that it refuses
    // is read again as numbers, for the error's sake (see variant.cpp).
    static Result<Move> parse_move(const Position& p, std::string_view text);
    static PerftResult perft_divide(const Position& p, int depth);
    // The board for `d`, the top rank (Black's side) first, then the file letters.
    static std::vector<std::string> board_lines(const Position& p);
    // The status after `moves` from `start` (the game's rules from the options).
    static Status status(const Position& start, std::span<const Move> moves, const Options& o);

    // Whether the opening book and the endgame database serve this game (English draughts only).
    static constexpr bool has_book_and_egdb = B::variant == Variant::English;
    // The answer to `eval` for `p` (no capture pending), each line to follow "info string eval ":
    // the network's score when the search has one for this game, then the hand-made evaluation's
    // terms (English) or its total.
    static std::vector<std::string> eval_lines(const Position& p, const search::Options& o);
};

extern template struct ProtocolGame<Wcdf>;
extern template struct ProtocolGame<intl::Fmjd>;
extern template struct ProtocolGame<brazil::Cbd>;

using English = ProtocolGame<Wcdf>;
using International = ProtocolGame<intl::Fmjd>;
using Brazilian = ProtocolGame<brazil::Cbd>;

// The game of a Position type, for templates that only see a position.
template <class P>
struct VariantOf;
template <RulesTrait B>
struct VariantOf<BasicPosition<B>> {
    using type = ProtocolGame<B>;
};

// A game as the session holds it: the start position, then one position per move played. The
// draw rules do not stop it (a GUI may send moves past a draw; `status` reports it).
template <class V>
struct GameLine {
    std::vector<typename V::Position> positions;  // never empty
    std::vector<Move> moves;                      // moves[i] leads from positions[i]

    const typename V::Position& position() const { return positions.back(); }
};

}  // namespace tempo::protocol
