// Variants: what the protocol needs from a game's rules, behind one set of names, so that the
// session, `think`, the move reader and the reports are written once for both boards.
//
// A variant is the game's Rulebook (engine/rulebook.hpp: position and move-list types, legal
// moves, FEN and move text) and the few things only the protocol asks: the start under the
// options, a divide for `go perft`, the board drawn for `d`, the status of a game line. Moves are
// `tempo::Move` in both (a set of touched bits), so move lists and search results need no second
// type. `VariantOf<P>` finds the variant of a Position type, for templates that only see a
// position.
//
// Trade-off: a trait struct rather than a virtual interface or a runtime switch in every
// function: the session keeps its game as a std::variant of `GameLine<English>` and
// `GameLine<International>` and visits it with one generic lambda per command, so a command is
// one body for both boards and the compiler checks each instantiation.
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
#include "engine/rulebook.hpp"
#include "protocol/options.hpp"

namespace tempo::protocol {

struct English : Rulebook<Wcdf> {
    static constexpr int squares = 32;

    static Position start(const Options& o);
    static PerftResult perft_divide(const Position& p, int depth);
    // The board for `d`, rank 8 on top, then the file letters.
    static std::vector<std::string> board_lines(const Position& p);
    // The status after `moves` from `start` (the game's rules from the options).
    static Status status(const Position& start, std::span<const Move> moves, const Options& o);
};

struct International : Rulebook<intl::Fmjd> {
    static constexpr int squares = 50;

    static Position start(const Options& o);
    // The rulebook's reader, and a move in board names read again as numbers (see variant.cpp).
    static Result<Move> parse_move(const Position& p, std::string_view text);
    static PerftResult perft_divide(const Position& p, int depth);
    // The board for `d`, rank 10 (Black's side) on top, then the file letters a-j.
    static std::vector<std::string> board_lines(const Position& p);
    static Status status(const Position& start, std::span<const Move> moves, const Options& o);
};

struct Brazilian : Rulebook<brazil::Cbd> {
    static constexpr int squares = 32;

    static Position start(const Options& o);
    static PerftResult perft_divide(const Position& p, int depth);
    // The board for `d`, rank 8 (Black's side) on top, then the file letters a-h.
    static std::vector<std::string> board_lines(const Position& p);
    static Status status(const Position& start, std::span<const Move> moves, const Options& o);
};

template <class P>
struct VariantOf;
template <>
struct VariantOf<tempo::Position> {
    using type = English;
};
template <>
struct VariantOf<intl::Position> {
    using type = International;
};
template <>
struct VariantOf<brazil::Position> {
    using type = Brazilian;
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
