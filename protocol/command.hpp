// Commands: what one input line asks for, as a value, before anything is done about it.
//
// `parse` turns a line into a `Command` and is pure and total: any bytes in, no throw, no exit,
// no engine state touched (it is the fuzz target). It checks only what the line alone can tell
// (the words, the numbers and their ranges); whether a FEN, a move or an option exists is decided
// by the session that holds the position and the options. A line parse cannot accept becomes an
// `Invalid` with the message the engine prints; a blank line is `std::nullopt`.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tempo::protocol {

struct Uci {};
struct IsReady {};
struct UciNewGame {};
struct Stop {};
struct PonderHit {};
struct Quit {};
struct Display {};     // d
struct Legal {};       // legal
struct StatusQuery {}; // status
struct Eval {};        // eval

struct SetOption {
    std::string name;                  // as written, inner spaces kept single
    std::optional<std::string> value;  // the rest of the line after `value`, trimmed
};

struct SetPosition {
    std::optional<std::string> fen;  // empty: startpos
    std::vector<std::string> moves;
};

struct Go {
    // Each limit as given; absent ones are not set.
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<int> movetime, wtime, btime, winc, binc, movestogo;
    bool infinite = false;
    bool ponder = false;
    std::vector<std::string> searchmoves;
};

struct Perft {
    int depth = 1;
};

struct Bench {
    std::optional<int> depth;
};

// A line that is not a valid command; `message` says why (without the "error: " prefix).
struct Invalid {
    std::string message;
};

using Command = std::variant<Uci, IsReady, SetOption, UciNewGame, SetPosition, Go, Perft, Stop,
                             PonderHit, Quit, Display, Legal, StatusQuery, Eval, Bench, Invalid>;

// The command one line asks for; std::nullopt for a line with no words.
std::optional<Command> parse(std::string_view line);

// `text` made safe to echo in a message: printable ASCII kept, other bytes as \xNN, cut to about
// `limit` characters with "..." appended.
std::string quoted(std::string_view text, std::size_t limit = 40);

}  // namespace tempo::protocol
