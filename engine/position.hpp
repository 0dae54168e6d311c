// Position: a small value type for a draughts board, updated by copy-make.
//
// A position is three bitboards (the pieces of each colour and the kings of both), the side to
// move, the ply counters of the draw rules, and a Zobrist key kept up to date incrementally.
// `after(move)` returns the child: there is no unmake to get wrong, and a whole multi-jump is a
// single step because a Move is the set of squares it touches (from, to and the captured pieces),
// not a route.
//
// One class template, BasicPosition<Board>, serves both games; `Board` is a constexpr rules trait:
// the geometry (bitboard.hpp), the men per side and the first mover of the start position, which
// moves other than captures start the quiet-ply count again, and whether the position counts the
// plies of the small endings. `tempo::Position` is English draughts (the `Wcdf` trait below) and
// `tempo::intl::Position` international draughts (`intl::Fmjd`, international.hpp). What a trait
// does not use costs nothing: its branches are `if constexpr`, and both instances have the same
// 40-byte layout.
//
// Invariants (checked by `is_consistent`): the two colours are disjoint and inside the board mask,
// kings are a subset of the pieces, no man stands on its own crowning row, the key equals a full
// recompute, and (10x10) the small-ending counter is set exactly when the material is one.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "engine/bitboard.hpp"
#include "engine/rules_enums.hpp"

namespace tempo {

enum class Color : std::uint8_t { Black = 0, White = 1 };

constexpr Color operator~(Color c) { return Color(std::uint8_t(c) ^ 1); }
constexpr std::size_t index(Color c) { return std::size_t(c); }

using Key = std::uint64_t;

// A move as the squares it touches. `from == to` is possible: a king that captures round a loop
// comes back to where it started. `routes` is how many different jump orders make the same move
// (only a king can have more than one); the perft conventions differ in whether they count them.
// Move is trivial (no member initialisers) so that a MoveList costs nothing to construct.
struct Move {
    Bitboard captured;    // bits of the pieces it removes
    std::uint8_t from;    // bit index (see bitboard.hpp), not a square number
    std::uint8_t to;
    std::uint8_t routes;  // 1 for every move but some king captures
    // 1 when a man reached the far row during its capture and went on as a king (the Russian
    // rule; rules.hpp), so it ends as a king wherever it stops; 0 in every other game.
    std::uint8_t crowned_in_passing;

    constexpr bool is_capture() const { return captured != 0; }
    friend constexpr bool operator==(const Move& a, const Move& b) {
        return a.captured == b.captured && a.from == b.from && a.to == b.to;
    }
};
// 16 bytes and trivial: a move list costs nothing to construct, and the transposition table packs
// a move's bit indices (every board fits 64 bits, engine/rules.hpp).
static_assert(sizeof(Move) == 16 && std::is_trivial_v<Move>);

// Zobrist keys, generated at compile time (splitmix64), so there is no init() order to respect.
namespace zobrist {
constexpr std::uint64_t splitmix(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
struct Tables {
    std::array<std::array<std::array<Key, 64>, 2>, 2> piece{};  // [color][is_king][bit]
    Key side = 0;                                               // xored in when White is to move
};
inline constexpr Tables tables = [] {
    Tables t{};
    std::uint64_t s = 0x54656D706F2D3031ULL;  // "Tempo-01"
    for (auto& c : t.piece)
        for (auto& k : c)
            for (auto& key : k) key = splitmix(s);
    t.side = splitmix(s);
    return t;
}();
constexpr Key piece(Color c, bool king, int b) { return tables.piece[index(c)][king][std::size_t(b)]; }
}  // namespace zobrist

// Which moves other than captures start Position::quiet_plies again.
enum class QuietReset : std::uint8_t {
    Promotion,  // English: the 80-ply rule counts plies since the last capture or promotion
    ManMove,    // FMJD: the 25-move rule counts king moves only
};

template <class Board>
class BasicPosition {
public:
    using Trait = Board;  // the rules trait (engine/rules.hpp)
    using Geometry = typename Board::Geometry;
    // Rows where a man of each colour is crowned: Black moves down, White up.
    template <Color C>
    static constexpr Bitboard Crown = C == Color::Black ? Geometry::row(Geometry::rows - 1) : Geometry::row(0);

    BasicPosition() = default;

    // The standard start: Black on the first Board::men_per_side squares, White on the last.
    static BasicPosition start(Color first = Board::first_to_move);
    // A position from bitboards; no check beyond masking (see is_consistent(), or use the FEN parser).
    // `ending_plies` counts only when the material is a small ending (see ending_plies()).
    static BasicPosition from_bitboards(Bitboard black, Bitboard white, Bitboard kings, Color side,
                                        int quiet_plies = 0, int ending_plies = 0);

    Bitboard pieces(Color c) const { return pieces_[index(c)]; }
    Bitboard men(Color c) const { return pieces_[index(c)] & ~kings_; }
    Bitboard kings(Color c) const { return pieces_[index(c)] & kings_; }
    Bitboard kings() const { return kings_; }
    Bitboard occupied() const { return pieces_[0] | pieces_[1]; }
    Bitboard empty() const { return Geometry::mask & ~occupied(); }
    Color side_to_move() const { return side_; }
    Key key() const { return key_; }
    // Plies since the last capture or promotion (English: the reference game's 80-ply draw rule),
    // or since the last capture or man move (10x10: the 25-move rule counts king moves only).
    int quiet_plies() const { return quiet_; }
    // 10x10: whether the material is one of the 16-move rule's endings, and the plies played since
    // it arose (0 outside one). A promotion inside the endings keeps counting; a capture that
    // enters one starts at 0.
    bool in_small_ending() const
        requires Board::small_endings
    {
        return ending_ != 0;
    }
    int ending_plies() const
        requires Board::small_endings
    {
        return ending_ ? ending_ - 1 : 0;
    }

    // The child position after `m`, which must be legal here.
    [[nodiscard]] BasicPosition after(const Move& m) const {
        return side_ == Color::Black ? after<Color::Black>(m) : after<Color::White>(m);
    }
    // Keyed = false skips the key and the small-ending count: only for counting code (perft) that
    // reads neither.
    template <Color Us, bool Keyed = true>
    [[nodiscard]] BasicPosition after(const Move& m) const;

    // The same position with colours swapped and the board turned round.
    [[nodiscard]] BasicPosition mirrored() const;
    // A copy with another side to move (the key follows).
    [[nodiscard]] BasicPosition with_side(Color c) const;

    Key compute_key() const;
    // The invariants of the header comment, the key included.
    bool is_consistent() const;

    friend bool operator==(const BasicPosition& a, const BasicPosition& b) {
        return a.pieces_ == b.pieces_ && a.kings_ == b.kings_ && a.side_ == b.side_;
    }

private:
    std::array<Bitboard, 2> pieces_{};
    Bitboard kings_ = 0;
    Key key_ = 0;
    Color side_ = Board::first_to_move;
    std::uint16_t quiet_ = 0;
    std::uint16_t ending_ = 0;  // 0 outside the small endings, else 1 + the plies since it arose
};

// A man is crowned where its move ends: `to` alone decides (in English draughts the move ends
// when the man reaches the far row; in international draughts one that crosses it mid-capture
// stays a man), but for a trait whose men are crowned mid-capture and go on as kings (neither
// crown_only_at_end nor crowning_ends_capture) the move says whether that happened.
template <class Board>
template <Color Us, bool Keyed>
BasicPosition<Board> BasicPosition<Board>::after(const Move& m) const {
    constexpr Color Them = ~Us;
    const Bitboard from = bit(m.from), to = bit(m.to), path = from ^ to;
    const bool king = (kings_ & from) != 0;
    bool crowned = !king && (to & Crown<Us>);
    if constexpr (!Board::crown_only_at_end && !Board::crowning_ends_capture)
        crowned = !king && ((to & Crown<Us>) || m.crowned_in_passing);
    BasicPosition p = *this;
    p.pieces_[index(Us)] ^= path;
    p.pieces_[index(Them)] ^= m.captured;
    p.kings_ &= ~m.captured;
    if (king)
        p.kings_ ^= path;
    else if (crowned)
        p.kings_ |= to;
    if constexpr (Board::quiet_reset == QuietReset::Promotion)
        p.quiet_ = (m.captured || crowned) ? 0 : std::uint16_t(quiet_ + 1);
    else
        p.quiet_ = (m.captured || !king) ? 0 : std::uint16_t(quiet_ + 1);
    if constexpr (Keyed && Board::small_endings) {
        p.ending_ = 0;
        if (popcount(p.occupied()) == 4) [[unlikely]]
            if (Board::is_small_ending(p.pieces_[0], p.pieces_[1], p.kings_))
                p.ending_ = std::uint16_t(ending_ ? ending_ + 1 : 1);
    }
    p.side_ = Them;
    if constexpr (Keyed) {
        p.key_ ^= zobrist::piece(Us, king, m.from) ^ zobrist::piece(Us, king || crowned, m.to) ^
                  zobrist::tables.side;
        for (Bitboard c = m.captured; c; c &= c - 1)
            p.key_ ^= zobrist::piece(Them, (kings_ >> lsb(c)) & 1, lsb(c));
        assert(p.is_consistent());  // debug builds: the incremental key equals a full recompute
    }
    return p;
}

// English draughts (WCDF rules): the 8x8 board, 12 men each, Black first; the 80-ply rule counts
// plies since the last capture or promotion.
//
// The rulebook's choices are named as intl::Fmjd names them (international.hpp), so that the two
// traits answer the same questions; movegen_short.hpp checks that it implements these. They come from
// the WCDF rules of draughts, section one (its article numbers are not checked here).
struct Wcdf {
    using Geometry = Geometry8;
    static constexpr int men_per_side = 12;
    static constexpr Color first_to_move = Color::Black;
    static constexpr bool men_capture_backward = false;  // men move and capture forward only
    static constexpr bool flying_kings = false;          // a king steps and jumps one square
    static constexpr bool majority_capture = false;      // any capture may be chosen
    static constexpr bool kings_count_as_men = true;     // moot: there is no majority to count
    static constexpr bool removed_after_move = true;     // lifted when the move is over
    static constexpr bool crown_only_at_end = true;      // crowned where its move ends, since
    static constexpr bool crowning_ends_capture = true;  // reaching the far row ends the move

    // What BasicPosition needs.
    static constexpr QuietReset quiet_reset = QuietReset::Promotion;  // the 80-ply rule
    static constexpr bool small_endings = false;

    // The rest of a rules trait (engine/rules.hpp checks them all).
    static constexpr Variant variant = Variant::English;
    static constexpr int quiet_draw_plies = 80;          // the reference game's 80-ply rule
    static constexpr std::size_t max_moves = 256;        // far above the most legal moves
    static constexpr bool perft_keeps_routes = true;     // Bik's tables count each jump order
    static constexpr int pdn_game_type = 21;
    static constexpr Dialect dialect = Dialect::Wcdf;
};

using Geo = Geometry8;
using Position = BasicPosition<Wcdf>;

// Rows where a man of each colour is crowned: Black moves down to squares 29-32, White up to 1-4.
template <Color C>
inline constexpr Bitboard CrownRow = Position::Crown<C>;

constexpr Bitboard crown_row(Color c) {
    return c == Color::Black ? CrownRow<Color::Black> : CrownRow<Color::White>;
}

extern template class BasicPosition<Wcdf>;

}  // namespace tempo
