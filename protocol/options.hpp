// Options: the table behind `uci`'s option lines and `setoption`.
//
// Each option has a kind, a default and its range or words; `Options` holds the current values
// as plain fields. `set` checks a name and value against the table and changes exactly one field,
// or nothing and says why. The table is the single source: `uci` prints it, PROTOCOL.md lists it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/notation.hpp"
#include "engine/position.hpp"
#include "engine/result.hpp"
#include "engine/variant.hpp"
#include "search/egdb.hpp"

namespace tempo::protocol {


struct Options {
    int hash_mb = 16;
    int threads = 1;
    int multipv = 1;
    bool ponder = false;
    int move_overhead = 10;
    int skill = 20;
    Color first_to_move = Color::Black;
    Notation notation = Notation::Numbers;
    Variant variant = Variant::English;  // the game (engine/variant.hpp)
    bool own_book = true;
    std::string book_file;  // empty: the shipped book (book::default_path())
    int book_variety = 0;   // cp: a book move may be this far below the best
    bool egdb = true;       // use the endgame database (English; search/egdb.hpp)
    int egdb_pieces = search::egdb::DefaultPieces;  // the most pieces it holds
    std::string egdb_file;  // empty: build it; else load this file (written by tempo egdb build)
    bool network = true;    // the neural evaluations (search/nnue.hpp), else the classic ones
    std::string eval_file;  // English: empty, the network built into the binary; else this file's
    std::string eval_file_intl;  // the same for international draughts (10x10)
    std::string search_tune;  // search parameters, `name=value` pairs (search/tuning.hpp)
};

// What a successful `set` changed, for the session to act on (resize the table, clear it, start
// the new variant's game, drop or rebuild the endgame database, load the network, set the
// search parameters).
enum class Changed { Value, Hash, ClearHash, Variant, Egdb, Evaluation, Search };

// Sets the option `name` (any case) from `value`; on error nothing changes.
Result<Changed> set_option(Options& o, std::string_view name, const std::optional<std::string>& value);

// The `option name … type …` lines of `uci`, one per option, in table order.
std::vector<std::string> option_lines();

}  // namespace tempo::protocol
