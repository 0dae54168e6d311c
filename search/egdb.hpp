// Endgame database (English draughts only): the exact value of every position with at most N
// pieces (N = 2..5), built in memory by retrograde analysis.
//
// Value: draw, or a win or loss in exactly n plies with best play (the winner hurries, the loser
// holds out), from the side to move's point of view, by the rules of `generate_moves` (captures
// compulsory but any capture may be chosen; a man crowned during a capture stops; no legal move
// loses). A win always takes an odd number of plies and a loss an even one (the loser is the side
// to move when the game ends), so one byte holds a value: 0 is a draw, n + 1 a decided game in n
// plies. The 80-ply rule and repetitions are ignored, as in all published checkers databases: a
// "win in 90" is a win only for a game without the 80-ply rule, or one where conversions reset it.
//
// Layout: one slice per material (black men, black kings, white men, white kings), both sides to
// move. Within a slice a position's index is combinatorial: the black men as a combination of
// squares 1-28 (a man never stands on its own crowning row), the white men of squares 5-32, then
// the black kings among the squares the men leave empty and the white kings among the squares
// still empty. Black and white men may overlap in the index space; those indices are not
// positions (2% of the 4-piece table, 3.4% of the 5-piece one) and hold 0. Positions where a side
// has no piece at all are included (the side to move without pieces has lost), so the position
// counts per number of pieces are those of Schaeffer et al., "Checkers is solved", Science 317
// (2007), Table 1, times two for the side to move (exactly 4 pieces: 7,092,774; 5: 148,688,232).
// The longest game is 109 plies with 4 pieces and 162 with 5 (measured: `tempo egdb build`).
//
// Build: slices in dependency order (fewer pieces first; with the same pieces, fewer men first,
// since a capture removes a piece and a promotion turns a man into a king). In a slice, every
// position is first expanded: moves that leave the slice (captures, promotions) are looked up, the
// moves that stay in it are counted. Then the values are settled in order of distance, 0, 1, 2...:
// a position settled as a loss in d makes each of its predecessors (found by unmoving, quiet moves
// only: a position with a capture has no move inside the slice) a win in d + 1; a win in d takes
// one from each predecessor's count of undecided moves, and the predecessor whose last one that
// was is a loss in max(d, its longest way out of the slice) + 1. A way out to a loss in d - 1 makes
// a win in d only if nothing inside the slice settled the position sooner, so such candidates are
// checked when distance d comes. What is left undecided is a draw.
//
// File (save/load): a 32-byte header, then the table as it is in memory (the slices in solving
// order, Black to move then White to move in each). Header, little-endian: the 8 bytes
// "TEMPOEGD", the format version (u32, 1), the pieces (u32), the table's bytes (u64, which must be
// what that many pieces take) and a checksum of the table (u64, FNV-1a over 8-byte words).
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/international.hpp"
#include "engine/position.hpp"
#include "engine/result.hpp"
#include "search/score.hpp"

namespace tempo::search::egdb {

inline constexpr int MinPieces = 2;
inline constexpr int MaxPieces = 5;
inline constexpr int DefaultPieces = 4;  // the protocol's default: about a second to build

enum class Outcome : std::uint8_t { Draw, Win, Loss };

// A position's value for the side to move: a draw, or a win or loss in `plies` plies.
struct Value {
    Outcome outcome = Outcome::Draw;
    int plies = 0;

    friend bool operator==(const Value&, const Value&) = default;
};

// "draw", "win in 37 plies", "loss in 12 plies".
std::string describe(const Value& v);

// What a build found, per number of pieces on the board (index 0..MaxPieces).
struct Stats {
    std::array<std::uint64_t, MaxPieces + 1> positions{};  // both sides to move
    std::array<std::uint64_t, MaxPieces + 1> wins{}, losses{}, draws{};
    std::array<int, MaxPieces + 1> longest{};  // the longest win or loss, plies
    std::size_t bytes = 0;                     // the table, invalid indices included
    double seconds = 0;
};

class Database {
public:
    // Solves every position with at most `pieces` pieces (MinPieces..MaxPieces).
    static Database build(int pieces);
    // The same, giving up soon (within a few thousand positions) once `cancel` is set: nothing.
    static std::optional<Database> build(int pieces, const std::atomic<bool>& cancel);

    // Reads a database written by save(); a file that is not one, or is damaged, is refused
    // with the reason. `seconds` in its stats is the load time. Setting `cancel` gives up soon.
    static Result<Database> load(const std::string& path, const std::atomic<bool>* cancel = nullptr);
    // Writes the database to `path` (see the header comment); the bytes written.
    Result<std::uint64_t> save(const std::string& path) const;

    int pieces() const { return pieces_; }
    const Stats& stats() const { return stats_; }
    // Whether `p` has at most pieces() pieces, so that probe() answers.
    bool covers(const Position& p) const { return popcount(p.occupied()) <= pieces_; }
    // The value of `p`, or nothing when it has more pieces than the database holds.
    std::optional<Value> probe(const Position& p) const;

private:
    // One material: its index space (see the header comment) and where its bytes start.
    struct Slice {
        int black_men = 0, black_kings = 0, white_men = 0, white_kings = 0;
        std::uint64_t black_men_ways = 1, white_men_ways = 1, black_king_ways = 1, white_king_ways = 1;
        std::uint64_t size = 0;    // indices per side to move
        std::uint64_t offset = 0;  // into data_: Black to move, then White to move
        int pieces() const { return black_men + black_kings + white_men + white_kings; }
    };
    Database() = default;
    const Slice* slice_of(const Position& p) const;

    int pieces_ = 0;
    std::vector<Slice> slices_;
    std::array<std::int16_t, 6 * 6 * 6 * 6> slice_id_{};  // by material; -1: not held
    std::vector<std::uint8_t> data_;
    Stats stats_;
    friend class Builder;
    friend struct Codec;
};

// The search's probe: the exact score of `p` reached `ply` plies from the root (win_in/loss_in,
// or Draw), or nothing without a database or with too many pieces. 10x10: always nothing.
inline std::optional<Score> probe_score(const Database* db, const Position& p, int ply) {
    if (!db || !db->covers(p)) return std::nullopt;
    const std::optional<Value> v = db->probe(p);
    if (!v) return std::nullopt;
    if (v->outcome == Outcome::Draw) return Draw;
    return v->outcome == Outcome::Win ? win_in(ply + v->plies) : loss_in(ply + v->plies);
}
// The database is of English draughts: the other games' positions are never in it.
template <class OtherPosition>
inline std::optional<Score> probe_score(const Database*, const OtherPosition&, int) {
    return std::nullopt;
}

}  // namespace tempo::search::egdb
