// Session: the engine as the protocol sees it. The reading thread hands it one line at a time;
// it parses the line, and `std::visit` sends the command to the handler of its type.
//
// Threads: the reading thread owns everything here. `go` starts one worker thread that thinks
// (protocol/think.hpp) on a copy of the position and writes `info` and `bestmove` through the
// shared Writer. `stop` and `quit` set `abort_` and keep calling Engine::stop() until the worker
// says it is done, then join it: a stop can never be lost between the searches of one `go`.
// Commands that would change what the worker reads (`position`, `setoption`, `ucinewgame`) stop
// the search first; `isready`, `uci`, `d`, `legal`, `status`, `eval` answer while it runs.
//
// Bad input never changes state: every handler checks everything first, then commits.
//
// Endgame database (search/egdb.hpp, English only): with EGDB on, the first English `go` in a
// position of at most EgdbTrigger pieces starts building the database of EGDBPieces pieces (or
// loading EGDBFile) on a background thread; every `go` after it has finished searches with it.
// Nothing waits for it: `go` that finds it unfinished searches without it. Changing any EGDB option
// drops the database (a build under way is cancelled); `quit` cancels a build.
//
// Variants: the game is a std::variant of `GameLine<English>`, `GameLine<International>` and
// `GameLine<Brazilian>` (protocol/variant.hpp), chosen by the option `Variant`; each command that depends on the board is
// one generic body visited on it. The opening book is English only.
#pragma once

#include <atomic>
#include <cstdio>
#include <random>
#include <string_view>
#include <thread>
#include <vector>

#include "book/book.hpp"
#include <variant>

#include "protocol/command.hpp"
#include "protocol/egdb_slot.hpp"
#include "protocol/options.hpp"
#include "protocol/variant.hpp"
#include "protocol/writer.hpp"
#include "search/egdb.hpp"
#include "search/search.hpp"

namespace tempo::protocol {

class Session {
public:
    explicit Session(Writer& out);
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // Handles one input line; false once the engine should exit (`quit`).
    bool handle(std::string_view line);
    // The end of input: a search with limits is let finish (so `printf 'go depth 9' | tempo`
    // answers), an infinite or pondering one is stopped; then as `quit`.
    void end_of_input();

    // The handlers, one per command type (std::visit picks them); true: keep reading.
    bool operator()(const Uci&);
    bool operator()(const IsReady&);
    bool operator()(const SetOption&);
    bool operator()(const UciNewGame&);
    bool operator()(const SetPosition&);
    bool operator()(const Go&);
    bool operator()(const Perft&);
    bool operator()(const Stop&);
    bool operator()(const PonderHit&);
    bool operator()(const Quit&);
    bool operator()(const Display&);
    bool operator()(const Legal&);
    bool operator()(const StatusQuery&);
    bool operator()(const Eval&);
    bool operator()(const Bench&);
    bool operator()(const Invalid&);

private:
    void error(std::string_view message);
    void stop_search();
    bool searching() const { return searching_.load(std::memory_order_acquire); }
    // The start position of the variant in the options, with no moves.
    void new_game();
    // `go` on the current game of variant V.
    template <class V>
    void start_search(const GameLine<V>& line, const Go& g);
    // The book of the options, loaded at its first use; null when OwnBook is off or the file
    // could not be read (said once, as an error line, until BookFile or OwnBook changes).
    const book::Book* book();
    // Answers `go` from the book when it may and can; false: search instead.
    bool play_from_book(const Go& g, const Position& root);
    // Before an English search: starts the database's build when it is due, hands the engine the
    // finished database (or none).
    void prepare_egdb(const Position& root);
    // Cancels a build under way, waits for its thread, and forgets the database.
    void drop_egdb();
    // Hands the engine the search parameters (SearchTune over the defaults) and the evaluations
    // the options name, for each game: the EvalFile (or EvalFileInternational) network, the
    // built-in one, or none (the classic evaluation).
    void configure_search();

    Writer& out_;
    Options options_;
    search::Engine engine_;
    std::variant<GameLine<English>, GameLine<International>, GameLine<Brazilian>> game_;

    std::thread worker_;
    std::atomic<bool> searching_{false};
    std::atomic<bool> abort_{false};
    std::atomic<bool> pondering_{false};
    bool open_ended_ = false;  // the running search waits for stop (infinite) or ponderhit
    std::mt19937_64 rng_;
    std::optional<book::Book> book_;
    bool book_tried_ = false;

    EgdbSlot egdb_;  // the database of the EGDB options, built or loaded in the background
    std::optional<search::nnue::Network> eval_file_net_;  // the network of EvalFile, when set
    std::optional<search::nnue::IntlNetwork> eval_file_intl_net_;  // of EvalFileInternational
};

// The protocol loop: reads lines from `in` until `quit` or the end of input. Returns the exit code.
int run(std::FILE* in, std::FILE* out);

}  // namespace tempo::protocol
