// The book builder behind `tempo book build`: grows a book by searching, in two phases.
//
// 1. Ballot coverage. For every opening of the ballot deck, the positions on the way to it and
//    the ballot position itself are expanded, then the book's best line is followed and expanded
//    for `ballot_plies` plies in all, so a game from any ballot can take that many moves from the
//    book. (A ballot move may be poor: the positions before it are in the book with all their
//    moves scored, and the book plays the best of them when it is free to choose.)
// 2. Dropout expansion. A position's cost is the sum, along its cheapest path from the start, of
//    each move's drop below the best move at that node (in the mover's view) plus a fixed cost
//    per ply; the cheapest positions not yet in the book are expanded next. Best lines are thus
//    grown deepest, and a move only slightly worse than the best (within `window`) gets its own
//    subtree. This is the idea of Lincke's drop-out expansion, simplified to a shortest-path order.
//
// To expand a position is to search every legal move (the child to depth-1, or for movetime ms)
// and store all of them with their scores and weight 1. Each thread has its own searcher, whose
// table is cleared before each position, so a position's scores do not depend on the order of
// work. The book is saved after every batch, and a build started on an existing book skips the
// positions it already holds: a long build can run in pieces.
#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "book/book.hpp"
#include "engine/movegen.hpp"

namespace tempo::book_build {

struct Settings {
    std::string path;               // the book to grow (created if missing)
    int depth = 10;                 // plies per position (each move's child gets depth-1)
    int movetime_ms = 0;            // instead of depth: ms per move searched
    std::size_t positions = 1000;   // stop the dropout phase at this many book positions
    int threads = 1;
    std::size_t hash_mb = 16;       // per thread
    std::vector<std::vector<Move>> ballots;  // each a legal move list from the start
    int ballot_plies = 4;           // book moves from each ballot position on (0: no coverage)
    int window = 40;                // moves further than this below the best are not followed
    int ply_cost = 10;              // dropout cost of one ply (favours breadth near the root)
};

struct Progress {
    std::size_t positions = 0, added = 0, searches = 0;
    std::size_t ballots_covered = 0, ballots = 0;
    double seconds = 0;
    const char* phase = "";
};

// Builds; `report` gets a progress line after every batch. Errors: the book file (unreadable,
// unwritable).
Result<Progress> build(const Settings& s, const std::function<void(const Progress&)>& report);

// The positions of the ballot phase still missing from `b` (the next round of work), and how
// many ballots are fully covered.
std::vector<Position> ballot_work(const book::Book& b, const Settings& s, std::size_t* covered);

// The `count` cheapest positions of the dropout order not yet in `b`.
std::vector<Position> dropout_work(const book::Book& b, const Settings& s, std::size_t count);

}  // namespace tempo::book_build
