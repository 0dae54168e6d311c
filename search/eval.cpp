#include "search/eval.hpp"

#include <array>
#include <cassert>
#include <initializer_list>

#include "engine/movegen.hpp"

namespace tempo::search {

Bitboard turned_round(Bitboard b) {
    // Reverse all 64 bits, then drop the 29 that were above bit 34: bit i goes to 34 - i, which
    // is exactly square s going to square 31 - s (ghosts go to ghosts).
    b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
    b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
    b = ((b >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((b & 0x0F0F0F0F0F0F0F0FULL) << 4);
    return __builtin_bswap64(b) >> (64 - Geo::bits);
}

namespace {

constexpr Bitboard squares_mask(std::initializer_list<int> pdn) {
    Bitboard m = 0;
    for (int s : pdn) m |= bit(Geo::bit_of(s - 1));
    return m;
}

constexpr Bitboard Centre = squares_mask({10, 11, 14, 15, 18, 19, 22, 23});
constexpr Bitboard SideEdges = squares_mask({5, 13, 21, 29, 4, 12, 20, 28});
constexpr Bitboard DoubleCorners = squares_mask({1, 5, 28, 32});
// Black's system: the rows starting with squares 1, 9, 17 and 25.
constexpr Bitboard BlackSystem = Geo::row(0) | Geo::row(2) | Geo::row(4) | Geo::row(6);

// Orientation of one side in the view: `Down` moves towards the higher squares (as Black does).
template <bool Down>
struct Side {
    static constexpr int F1 = Down ? Geo::down_left : -Geo::down_left;
    static constexpr int F2 = Down ? Geo::down_right : -Geo::down_right;
    static constexpr Bitboard BackRow = Down ? Geo::row(0) : Geo::row(Geo::rows - 1);
    static constexpr Bitboard Bridge = Down ? squares_mask({1, 3}) : squares_mask({30, 32});

    // The bit of the side's own square `own` (1-32, counted from its own back row).
    static constexpr int own_bit(int own) { return Geo::bit_of(Down ? own - 1 : Geo::squares - own); }
    // Own square index (0-31) by bit.
    static constexpr std::array<std::uint8_t, 64> own_index = [] {
        std::array<std::uint8_t, 64> r{};
        for (int s = 1; s <= Geo::squares; ++s) r[std::size_t(own_bit(s))] = std::uint8_t(s - 1);
        return r;
    }();
    static constexpr int Back1 = own_bit(1), Back2 = own_bit(2), Back3 = own_bit(3), Back4 = own_bit(4);
    static constexpr Bitboard DogHole = bit(own_bit(28));
    static constexpr Bitboard DogCorner = bit(own_bit(32));

    // Rows from the own back row (0) to the crowning row (7), by bit.
    static constexpr std::array<int, 64> rows = [] {
        std::array<int, 64> r{};
        for (int s = 0; s < Geo::squares; ++s)
            r[std::size_t(Geo::bit_of(s))] = Down ? s / Geo::per_row : Geo::rows - 1 - s / Geo::per_row;
        return r;
    }();

    // The bits of each row counted from the own back row.
    static constexpr std::array<Bitboard, Geo::rows> RowMask = [] {
        std::array<Bitboard, Geo::rows> m{};
        for (int r = 0; r < Geo::rows; ++r) m[std::size_t(r)] = Geo::row(Down ? r : Geo::rows - 1 - r);
        return m;
    }();

    // The squares whose cone (below) holds a square of `b`: `b`'s pieces walked backwards. A
    // step keeps to the board at every square, as the cones do, so this is their exact inverse.
    static constexpr Bitboard shadow(Bitboard b) {
        Bitboard back = b, all = 0;
        for (int i = 0; i < Geo::rows; ++i) {
            back = (shift<-F1>(back) | shift<-F2>(back)) & Geo::mask;
            all |= back;
        }
        return all;
    }

    // The triangle of squares in front of a man, up to the crowning row.
    static constexpr std::array<Bitboard, 64> cones = [] {
        std::array<Bitboard, 64> c{};
        for (int s = 0; s < Geo::squares; ++s) {
            Bitboard front = bit(Geo::bit_of(s)), all = 0;
            for (int i = 0; i < Geo::rows; ++i) {
                front = (shift<F1>(front) | shift<F2>(front)) & Geo::mask;
                all |= front;
            }
            c[std::size_t(Geo::bit_of(s))] = all;
        }
        return c;
    }();
};

// King distance (steps, ignoring the colour of squares) between two bits.
constexpr std::array<std::array<std::uint8_t, 64>, 64> Distance = [] {
    std::array<std::array<std::uint8_t, 64>, 64> d{};
    for (int a = 0; a < Geo::squares; ++a)
        for (int b = 0; b < Geo::squares; ++b) {
            const int df = Geo::file_of(a) - Geo::file_of(b), dr = Geo::rank_of(a) - Geo::rank_of(b);
            const int adf = df < 0 ? -df : df, adr = dr < 0 ? -dr : dr;
            d[std::size_t(Geo::bit_of(a))][std::size_t(Geo::bit_of(b))] = std::uint8_t(adf > adr ? adf : adr);
        }
    return d;
}();

static_assert(Side<true>::rows[std::size_t(Geo::bit_of(31))] == 7);
// The dog-hole's only step forward is the corner: Black's 28 to 32, White's 5 to 1.
static_assert(Side<true>::DogHole == squares_mask({28}) && Side<false>::DogHole == squares_mask({5}));
static_assert(((shift<Side<true>::F1>(Side<true>::DogHole) | shift<Side<true>::F2>(Side<true>::DogHole)) &
               Geo::mask) == squares_mask({32}));
static_assert(((shift<Side<false>::F1>(Side<false>::DogHole) | shift<Side<false>::F2>(Side<false>::DogHole)) &
               Geo::mask) == squares_mask({1}));
static_assert(Side<false>::own_index[std::size_t(Geo::bit_of(31))] == 0);
static_assert(Side<false>::rows[std::size_t(Geo::bit_of(31))] == 0);
static_assert(Side<true>::cones[std::size_t(Geo::bit_of(26))] == squares_mask({31, 32}));
// The shadow is the cones' inverse: a man is in the shadow of a piece exactly when that piece
// stands in its cone.
constexpr bool shadow_inverts_cones() {
    for (int a = 0; a < Geo::squares; ++a)
        for (int b = 0; b < Geo::squares; ++b) {
            const int ia = Geo::bit_of(a), ib = Geo::bit_of(b);
            if (((Side<true>::cones[std::size_t(ia)] >> ib) & 1) != ((Side<true>::shadow(bit(ib)) >> ia) & 1))
                return false;
            if (((Side<false>::cones[std::size_t(ia)] >> ib) & 1) != ((Side<false>::shadow(bit(ib)) >> ia) & 1))
                return false;
        }
    return true;
}
static_assert(shadow_inverts_cones());
static_assert(Distance[std::size_t(Geo::bit_of(0))][std::size_t(Geo::bit_of(31))] == 7);

template <int D>
constexpr Bitboard steps(Bitboard from, Bitboard empty) {
    return shift<D>(from) & empty;
}

// What a man on each row scores for advancement, blended between opening and endgame by the
// number of pieces on the board (0-24).
using AdvanceRow = std::array<Score, Geo::rows - 1>;
constexpr AdvanceRow advance_row(const Weights& w, int pieces) {
    AdvanceRow a{};
    for (std::size_t r = 0; r < a.size(); ++r)
        a[r] = (w.advance_opening[r] * pieces + w.advance_endgame[r] * (24 - pieces)) / 24;
    return a;
}
// The rows for the built-in weights, computed once: evaluation's hottest division.
constexpr std::array<AdvanceRow, 25> advance_table(const Weights& w) {
    std::array<AdvanceRow, 25> t{};
    for (int n = 0; n <= 24; ++n) t[std::size_t(n)] = advance_row(w, n);
    return t;
}
constexpr auto LegacyAdvance = advance_table(LegacyWeights);

// With the richer terms, what a man scores on each own square (0-31): its row's advancement
// and its square's value, each blended. One load a man instead of a popcount a row.
using ManTable = std::array<Score, Geo::squares>;
constexpr ManTable man_table(const Weights& w, int pieces) {
    const AdvanceRow a = advance_row(w, pieces);
    ManTable t{};
    for (std::size_t i = 0; i + Geo::per_row < t.size(); ++i)  // no man on its crowning row
        t[i] = a[i / Geo::per_row] +
               (w.man_square_opening[i] * pieces + w.man_square_endgame[i] * (24 - pieces)) / 24;
    return t;
}
constexpr auto RichMen = [] {
    std::array<ManTable, 25> t{};
    for (int n = 0; n <= 24; ++n) t[std::size_t(n)] = man_table(RichWeights, n);
    return t;
}();

// Everything but material and the endgame terms, for one side of the view.
template <bool Down, bool Rich>
Score side_terms(Bitboard men, Bitboard kings, Bitboard opp_men, Bitboard opp_kings, Bitboard empty,
                 const Score* men_values, const Weights& w) {
    using S = Side<Down>;
    Score s = 0;

    // Back rank guard, while the opponent still has men that could crown.
    if (opp_men) {
        const int opp = popcount(opp_men);
        const Score guard = w.back_rank_man * popcount(men & S::BackRow) +
                            ((men & S::Bridge) == S::Bridge ? w.bridge : 0);
        s += guard * (opp > 8 ? 8 : opp) / 8;
    }

    if constexpr (Rich) {
        // Advancement and men by square, square by square (`men_values` by own square).
        for (Bitboard b = men; b; b &= b - 1) s += men_values[S::own_index[std::size_t(lsb(b))]];
    } else {
        // Advancement, row by row (`men_values` by row): every man of a row scores the same
        // (rounded as one term each).
        for (int row = 0; row < Geo::rows - 1; ++row)
            if (const int n = popcount(men & S::RowMask[std::size_t(row)]))
                s += n * men_values[row];
    }

    // Runaways: the men outside the shadow of every enemy piece, that is, with none in their cone.
    for (Bitboard b = men & ~S::shadow(opp_men | opp_kings); b; b &= b - 1) {
        const int row = S::rows[std::size_t(lsb(b))];
        const Score r = w.runaway - w.runaway_step * (Geo::rows - 1 - row);
        s += opp_kings ? r / 2 : r;
    }

    if constexpr (Rich) {
        // Back-row formation, scaled as the guard.
        if (opp_men) {
            const int opp = popcount(opp_men);
            const auto f = std::size_t(((men >> S::Back1) & 1) | ((men >> S::Back2) & 1) << 1 |
                                       ((men >> S::Back3) & 1) << 2 | ((men >> S::Back4) & 1) << 3);
            s += w.back_formation[f] * (opp > 8 ? 8 : opp) / 8;
        }
        // A man in the dog-hole, its corner held.
        if ((men & S::DogHole) && (opp_men & S::DogCorner)) s += w.dog_hole;
    }

    // Centre and edges.
    s += w.centre_man * popcount(men & Centre) + w.centre_king * popcount(kings & Centre) -
         w.edge_king * popcount(kings & SideEdges);

    // Mobility, and kings with nowhere to go.
    int moves = popcount(steps<S::F1>(men | kings, empty)) + popcount(steps<S::F2>(men | kings, empty));
    if (kings) {
        moves += popcount(steps<-S::F1>(kings, empty)) + popcount(steps<-S::F2>(kings, empty));
        const Bitboard free = kings & (steps<-S::F1>(empty, Geo::mask) | steps<-S::F2>(empty, Geo::mask) |
                                       steps<S::F1>(empty, Geo::mask) | steps<S::F2>(empty, Geo::mask));
        s -= w.trapped_king * popcount(kings & ~free);
    }
    s += w.mobility * moves;
    return s;
}

// The stronger side's kings close in on the weaker side's kings, which head for a double corner.
Score endgame_terms(Bitboard strong_kings, Bitboard weak_kings, const Weights& w) {
    Score s = 0;
    if (!weak_kings) return s;
    for (Bitboard k = strong_kings; k; k &= k - 1) {
        int nearest = 7;
        for (Bitboard v = weak_kings; v; v &= v - 1) {
            const int d = Distance[std::size_t(lsb(k))][std::size_t(lsb(v))];
            nearest = d < nearest ? d : nearest;
        }
        s += w.chase * (7 - nearest);
    }
    s -= w.double_corner * popcount(weak_kings & DoubleCorners);
    return s;
}

}  // namespace

namespace {

// The score for "us" moving down the board (as Black does) when `UsDown`, up otherwise.
template <bool UsDown>
Score evaluate_view(Bitboard um, Bitboard uk, Bitboard tm, Bitboard tk, const Weights& w) {
    const Bitboard empty = Geo::mask & ~(um | uk | tm | tk);
    const int pieces = popcount(um | uk | tm | tk);

    const Score king = (w.king_opening * pieces + w.king_endgame * (24 - pieces)) / 24;
    const Score ours = w.man * popcount(um) + king * popcount(uk);
    const Score theirs = w.man * popcount(tm) + king * popcount(tk);
    Score s = ours - theirs;

    // The tables of the built-in sets are precomputed; any other set computes its own.
    // Each path compiled on its own: the legacy one costs what it did before the richer terms.
    if (&w == &RichWeights) {
        const Score* values = RichMen[std::size_t(pieces)].data();
        s += side_terms<UsDown, true>(um, uk, tm, tk, empty, values, w);
        s -= side_terms<!UsDown, true>(tm, tk, um, uk, empty, values, w);
    } else if (w.rich) {
        const ManTable computed = man_table(w, pieces);
        s += side_terms<UsDown, true>(um, uk, tm, tk, empty, computed.data(), w);
        s -= side_terms<!UsDown, true>(tm, tk, um, uk, empty, computed.data(), w);
    } else {
        const AdvanceRow advance =
            &w == &LegacyWeights ? LegacyAdvance[std::size_t(pieces)] : advance_row(w, pieces);
        s += side_terms<UsDown, false>(um, uk, tm, tk, empty, advance.data(), w);
        s -= side_terms<!UsDown, false>(tm, tk, um, uk, empty, advance.data(), w);
    }

    // The move: with as many pieces a side, an odd count in Black's system gives it to the side
    // to move (the same count for either colour: both systems are odd or both even).
    if (w.rich && pieces <= w.opposition_pieces && popcount(um | uk) == popcount(tm | tk))
        s += popcount((um | uk | tm | tk) & BlackSystem) & 1 ? w.opposition : -w.opposition;

    // Trade down when ahead.
    s += (ours - theirs) * w.trade * (24 - pieces) / 1000;

    if (pieces <= w.endgame_pieces && ours != theirs)
        s += ours > theirs ? endgame_terms(uk, tk, w) : -endgame_terms(tk, uk, w);

    if ((um | tm) == 0 && popcount(uk) == popcount(tk)) s /= w.drawish_divisor;
    // Stay well inside the decisive range whatever the weights.
    return s > WinBound / 2 ? WinBound / 2 : s < -WinBound / 2 ? -WinBound / 2 : s;
}

}  // namespace

Score evaluate(const Position& p, const Weights& w) {
    assert(!has_capture(p));
    const Bitboard bm = p.men(Color::Black), bk = p.kings(Color::Black);
    const Bitboard wm = p.men(Color::White), wk = p.kings(Color::White);
    return p.side_to_move() == Color::Black ? evaluate_view<true>(bm, bk, wm, wk, w)
                                            : evaluate_view<false>(wm, wk, bm, bk, w);
}

}  // namespace tempo::search
