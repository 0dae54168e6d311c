// Library: Tempo as a CheckerBoard engine. One object lives as long as the loaded library and
// keeps what the engine learns across calls: the transposition table, the endgame database, the
// opening book, the options and the game history of `set gamehist`.
//
// Threads (hosts.md 1.1): `getmove` runs on the host's search thread, `enginecommand` may come
// from the GUI thread meanwhile, and `*playnow` is written by the GUI thread. One getmove runs at a
// time (search_mutex_). The options, the history and the book sit behind state_mutex_, which no
// one holds for long, so a command is answered at once even during a search. A `set` that needs
// the engine idle (hashsize, and the database options) changes the option at once (a `get`
// reports it) and reaches the engine when the next getmove starts.
//
// Time (hosts.md 1.4): `maxtime` is an average. Fixed time: the search plans about maxtime and
// stops at 1.5 maxtime at the latest; with CB_EXACT_TIME it stops before maxtime. Incremental
// mode: the clock in `moreinfo` is planned as the protocol plans a clock, but only when it is
// consistent with maxtime (CheckerBoard never gives more time to a move than is on the clock;
// pydraughts encodes the clock its own way, hosts.md 4.4); otherwise maxtime alone counts.
// `*playnow` is polled every millisecond by a watcher thread, which stops the search.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "book/book.hpp"
#include "checkerboard/cb_api.hpp"
#include "engine/position.hpp"
#include "protocol/egdb_slot.hpp"
#include "search/search.hpp"

namespace tempo::cb {

// The options of `get` / `set`, with CheckerBoard's names.
struct Settings {
    int hash_mb = 64;
    int book = BookGood;
    int threads = 1;
    int db_mbytes = 64;     // memory the database may take: it decides how many pieces it holds
    bool enable_wld = true;  // the endgame database on
    int max_dbpieces = 24;   // CheckerBoard's "no limit"
    std::string dbpath;      // a folder with database files (tempo-egdb-N.db); empty: built in memory
    std::string bookfile;    // empty: the book built into the library

    // The pieces of the database these options ask for (0: none).
    int db_pieces() const;
    // The database file to load for that many pieces, or empty: build it.
    std::string db_file() const;
};

// The search limits for one getmove (see the header comment). Pure: tested on its own.
search::Limits time_limits(double maxtime, int info, int moreinfo, Color us);

class Library {
public:
    Library();
    ~Library();
    Library(const Library&) = delete;
    Library& operator=(const Library&) = delete;

    int getmove(int board[8][8], int color, double maxtime, char* str, int* playnow, int info, int moreinfo,
                CBmove* move);
    // Handles one command; writes the reply (at most `LongReply` bytes, NUL included) into `reply`.
    int command(std::string_view text, char* reply);
    int islegal(int board[8][8], int color, int from, int to, CBmove* move);

private:
    int getmove_checked(int board[8][8], int color, double maxtime, char* str, const int* playnow, int info,
                        int moreinfo, CBmove* move);
    // The answers of `get NAME` and `set NAME VALUE`: the reply, and whether it was handled.
    std::pair<std::string, bool> get(std::string_view name);
    std::pair<std::string, bool> set(std::string_view name, std::string_view value);
    std::pair<std::string, bool> set_gamehist(std::string_view text);
    std::string about();
    // The book of `file` (empty: the built-in one), or why it cannot be read.
    static Result<book::Book> load_book(const std::string& file);
    // Hands the engine the options that need it idle (getmove's thread, before a search).
    void apply(const Settings& s, const Position& root);

    std::mutex search_mutex_;  // one getmove (or islegal) at a time
    std::mutex state_mutex_;   // settings_, gamehist_, book_
    Settings settings_;
    std::vector<Position> gamehist_;  // the positions of `set gamehist`, oldest first; empty: none
    std::optional<book::Book> book_;  // of settings_.bookfile; loaded when first needed
    std::string book_error_;          // why it could not be loaded

    // Used by getmove only (under search_mutex_).
    search::Engine engine_;
    Settings applied_;  // what the engine and the database were last set up with
    protocol::EgdbSlot egdb_{true};  // built at the lowest priority: exact time stays exact
    std::string egdb_error_;  // a database file that could not be read
    std::mt19937_64 rng_;
};

// The one instance, made at the first call.
Library& library();

}  // namespace tempo::cb
