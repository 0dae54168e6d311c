// The opening book: positions with their moves, each move with a score and a weight.
//
// A Book is a list of entries sorted by Zobrist key (Position::key()); an entry keeps the whole
// position as well as its key, so a probe checks the position itself and a key collision can
// never give a move from another position. The moves of an entry are those the builder searched
// (normally all legal moves), with the score of the search in the mover's view (search/score.hpp
// units, centi-men) and a weight: 0 means "never play this", anything else is the relative chance
// among the moves `choose` may pick.
//
// Trust: a book is data from outside. `probe` returns only the entry's moves that are legal in
// the position (checked against generate_moves), so a hand-edited or damaged book can at worst
// give no move, never an illegal one.
//
// Two file forms, both Tempo's own (see book/FORMAT.md):
// - binary (`.book`): a header with magic, version, counts and a checksum, then fixed-size records;
//   `read_binary` checks all of it and reports a foreign, truncated or corrupt file in words;
// - text: one position per line, a FEN and its moves with scores and weights, for reading, diffs
//   and editing (`read_text` / `write_text`).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/movegen.hpp"
#include "engine/position.hpp"
#include "engine/result.hpp"

namespace tempo::book {

inline constexpr int MaxScore = 32000;        // scores are stored as 16-bit numbers
inline constexpr unsigned MaxWeight = 65535;  // weights too

struct BookMove {
    Move move;
    int score = 0;        // for the side to move, after this move (search units)
    unsigned weight = 1;  // 0: never played
};

struct Entry {
    Position position;
    std::vector<BookMove> moves;
};

class Book {
public:
    Book() = default;

    std::size_t size() const { return entries_.size(); }
    bool empty() const { return entries_.empty(); }
    std::size_t move_count() const;
    // The entries in key order.
    const std::vector<Entry>& entries() const { return entries_; }

    // Adds or replaces the entry of `e.position`.
    void insert(Entry e);
    // The entry of `p` (same pieces and side to move), or null.
    const Entry* find(const Position& p) const;
    bool contains(const Position& p) const { return find(p) != nullptr; }

    // The entry's moves that are legal in `p`, best score first; empty when out of book.
    std::vector<BookMove> probe(const Position& p) const;

    // A move to play in `p`: with variety 0 the best-scored move of positive weight; otherwise a
    // draw, by weight, among the moves within `variety` of the best. None when out of book.
    std::optional<BookMove> choose(const Position& p, int variety, std::mt19937_64& rng) const;

private:
    std::vector<Entry> entries_;  // sorted by key, then by the position's bitboards
};

// The binary form: the whole file as bytes, and back.
std::vector<std::uint8_t> to_binary(const Book& b);
Result<Book> from_binary(std::span<const std::uint8_t> bytes);

// The text form (see FORMAT.md). Reading names the line of the first problem.
std::string to_text(const Book& b);
Result<Book> from_text(std::string_view text);

// Files: the binary form by default, the text form for names ending in ".txt". Errors name the
// file. Writing goes through a temporary file and a rename, so a crash never leaves half a book.
Result<Book> load(const std::string& path);
Result<bool> save(const Book& b, const std::string& path);
bool is_text_path(std::string_view path);

// The book shipped with Tempo: share/tempo/tempo.book beside an installed binary (bin/tempo),
// else book/tempo.book of the source tree this was built from.
std::string default_path();

}  // namespace tempo::book
