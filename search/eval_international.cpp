#include "search/eval_international.hpp"

#include <array>
#include <cassert>
#include <initializer_list>

#include "engine/movegen.hpp"

namespace tempo::search {

namespace {

using intl::Geo;

constexpr int Rows = Geo::rows;
constexpr int FullBoard = 2 * intl::Fmjd::men_per_side;  // 40 pieces at the start

constexpr Bitboard squares_mask(std::initializer_list<int> pdn) {
    Bitboard m = 0;
    for (int s : pdn) m |= bit(Geo::bit_of(s - 1));
    return m;
}

// The squares of the files in [lo, hi] (0 = a).
constexpr Bitboard files_mask(int lo, int hi) {
    Bitboard m = 0;
    for (int s = 0; s < Geo::squares; ++s)
        if (Geo::file_of(s) >= lo && Geo::file_of(s) <= hi) m |= bit(Geo::bit_of(s));
    return m;
}

// Square s of one side is square 51 - s of the other: a set that maps to itself is fair to both.
constexpr Bitboard turned(Bitboard b) {
    Bitboard r = 0;
    for (int s = 0; s < Geo::squares; ++s)
        if ((b >> Geo::bit_of(s)) & 1) r |= bit(Geo::bit_of(Geo::squares - 1 - s));
    return r;
}

constexpr Bitboard Centre = squares_mask({22, 23, 24, 27, 28, 29});
constexpr Bitboard MainRoad = squares_mask({5, 10, 14, 19, 23, 28, 32, 37, 41, 46});
constexpr Bitboard SideEdges = files_mask(0, 0) | files_mask(Geo::files - 1, Geo::files - 1);
constexpr Bitboard LeftWing = files_mask(0, 2);
constexpr Bitboard RightWing = files_mask(Geo::files - 3, Geo::files - 1);

static_assert(turned(Centre) == Centre && turned(MainRoad) == MainRoad && turned(SideEdges) == SideEdges);
static_assert(turned(LeftWing) == RightWing);
static_assert(std::popcount(SideEdges) == 10 && std::popcount(LeftWing) == 15);

// Orientation of one side: `Down` moves towards the higher squares, as Black does.
template <bool Down>
struct Side {
    static constexpr int F1 = Down ? Geo::down_left : -Geo::down_left;
    static constexpr int F2 = Down ? Geo::down_right : -Geo::down_right;
    static constexpr int B1 = -F1, B2 = -F2;

    // Row r counted from the own back row (0) to the crowning row (9).
    static constexpr Bitboard row(int r) { return Geo::row(Down ? r : Rows - 1 - r); }
    static constexpr Bitboard BackRow = row(0);

    // The rows whose number has bit k set: the tempo count is sum_k 2^k * popcount(men & Tempo[k]).
    static constexpr std::array<Bitboard, 4> Tempo = [] {
        std::array<Bitboard, 4> t{};
        for (int r = 0; r < Rows - 1; ++r)
            for (int k = 0; k < 4; ++k)
                if ((r >> k) & 1) t[std::size_t(k)] |= row(r);
        return t;
    }();

    static constexpr Bitboard Golden = Down ? squares_mask({3}) : squares_mask({48});
    static constexpr Bitboard Outposts = Down ? squares_mask({27, 29}) : squares_mask({22, 24});
};

static_assert(turned(Side<true>::Golden) == Side<false>::Golden);
static_assert(turned(Side<true>::Outposts) == Side<false>::Outposts);
static_assert(Side<false>::row(0) == squares_mask({46, 47, 48, 49, 50}));
static_assert(Side<false>::Tempo[3] == Side<false>::row(8), "only row 8 has bit 3 among rows 0-8");

// Blend an opening and an endgame value by the number of pieces on the board.
constexpr Score blend(Score opening, Score endgame, int pieces) {
    return (opening * pieces + endgame * (FullBoard - pieces)) / FullBoard;
}

// The squares from which a man of this side has `b` within `depth` rows ahead of it, inside
// the triangle it can reach: `b` walked backwards, one masked step at a time (a step off the side
// lands on a ghost bit and is dropped there, never carried round to the other edge).
template <bool Down>
Bitboard shadow(Bitboard b, int depth) {
    using S = Side<Down>;
    Bitboard all = 0;
    for (int i = 0; i < depth; ++i) {
        b = (shift<S::B1>(b) | shift<S::B2>(b)) & Geo::mask;
        all |= b;
    }
    return all;
}

// Squares a set of flying kings reaches in all four directions (each direction counted apart:
// two kings on one line stop at each other, so no square is counted twice in one direction).
int king_reach(Bitboard kings, Bitboard empty) {
    using movegen::flying::slide;
    return popcount(slide<5>(kings, empty) & empty) + popcount(slide<6>(kings, empty) & empty) +
           popcount(slide<-5>(kings, empty) & empty) + popcount(slide<-6>(kings, empty) & empty);
}

// Everything but material and the endgame scaling, for one side.
template <bool Down>
Score side_terms(Bitboard men, Bitboard kings, Bitboard opp_men, Bitboard opp_kings, Bitboard empty,
                 int pieces, const IntlWeights& w) {
    using S = Side<Down>;
    const Bitboard own = men | kings;
    Score s = 0;

    // Tempo: the sum of the men's rows, four popcounts.
    const int tempo = popcount(men & S::Tempo[0]) + 2 * popcount(men & S::Tempo[1]) +
                      4 * popcount(men & S::Tempo[2]) + 8 * popcount(men & S::Tempo[3]);
    s += tempo * blend(w.tempo_opening, w.tempo_endgame, pieces);
    for (int k = 0; k < 3; ++k)
        if (const int n = popcount(men & S::row(Rows - 4 + k)))
            s += n * blend(w.advance_opening[k], w.advance_endgame[k], pieces);

    // Development and the golden piece.
    s -= w.back_man * popcount(men & S::BackRow & ~S::Golden) * pieces / FullBoard;
    if (opp_men && (men & S::Golden)) {
        const int opp = popcount(opp_men);
        s += w.golden_piece * (opp > 8 ? 8 : opp) / 8;
    }

    // Centre, outposts, edges and the balance of the wings.
    s += w.centre_man * popcount(men & Centre) + w.centre_king * popcount(kings & Centre);
    const Bitboard back1 = shift<-S::B1>(own), back2 = shift<-S::B2>(own);  // own piece behind
    s += w.outpost * popcount(men & S::Outposts & back1 & back2);
    s -= w.lone_outpost * popcount(men & S::Outposts & ~back1 & ~back2);
    s -= w.edge_man * popcount(men & SideEdges & ~S::BackRow);
    const int wings = popcount(men & LeftWing) - popcount(men & RightWing);
    s -= w.imbalance * (wings < 0 ? -wings : wings);

    // Mobility.
    s += w.man_mobility * (popcount(shift<S::F1>(men) & empty) + popcount(shift<S::F2>(men) & empty));
    if (kings) {
        s += w.king_mobility * king_reach(kings, empty);
        s += w.main_road_king * popcount(kings & MainRoad);
    }

    // Runaways: men near the crowning row with no enemy piece in the triangle ahead of them.
    if (w.runaway_rows > 0) {
        const int depth = w.runaway_rows < Rows - 1 ? w.runaway_rows : Rows - 1;
        const Bitboard free = men & ~shadow<Down>(opp_men | opp_kings, depth);
        for (int to_go = 1; to_go <= depth; ++to_go)
            if (const int n = popcount(free & S::row(Rows - 1 - to_go))) {
                const Score r = w.runaway - w.runaway_step * to_go;
                s += n * (opp_kings ? r / 2 : r);
            }
    }
    return s;
}

// The score for "us" moving down the board (as Black does) when `UsDown`, up otherwise.
template <bool UsDown>
Score evaluate_view(Bitboard um, Bitboard uk, Bitboard tm, Bitboard tk, const IntlWeights& w) {
    const Bitboard all = um | uk | tm | tk;
    const Bitboard empty = Geo::mask & ~all;
    const int pieces = popcount(all);

    const Score king = blend(w.king_opening, w.king_endgame, pieces);
    const Score ours = w.man * popcount(um) + king * popcount(uk);
    const Score theirs = w.man * popcount(tm) + king * popcount(tk);
    Score s = ours - theirs;

    s += side_terms<UsDown>(um, uk, tm, tk, empty, pieces, w);
    s -= side_terms<!UsDown>(tm, tk, um, uk, empty, pieces, w);

    // Trade down when ahead.
    s += (ours - theirs) * w.trade * (FullBoard - pieces) / 1000;

    // Endgames that are drawn in practice, whoever is ahead.
    const int n_us = popcount(um | uk), n_them = popcount(tm | tk);
    auto divide = [&s](int d) {
        if (d > 1) s /= d;
    };
    if ((um | tm) == 0 && n_us == n_them) {
        divide(w.drawish_divisor);
    } else if ((n_us == 1 && uk && n_them <= 3 && ours < theirs) ||
               (n_them == 1 && tk && n_us <= 3 && theirs < ours)) {
        const Bitboard lone = ours < theirs ? uk : tk;
        divide(lone & MainRoad ? w.lone_king_main_road_divisor : w.lone_king_divisor);
    } else if (uk && tk && n_us > 1 && n_them > 1) {
        divide(w.both_kings_divisor);
    }
    // Stay well inside the decisive range whatever the weights.
    return s > WinBound / 2 ? WinBound / 2 : s < -WinBound / 2 ? -WinBound / 2 : s;
}

}  // namespace

Score evaluate(const intl::Position& p, const IntlWeights& w) {
    assert(!intl::has_capture(p));
    const Bitboard bm = p.men(Color::Black), bk = p.kings(Color::Black);
    const Bitboard wm = p.men(Color::White), wk = p.kings(Color::White);
    return p.side_to_move() == Color::Black ? evaluate_view<true>(bm, bk, wm, wk, w)
                                            : evaluate_view<false>(wm, wk, bm, bk, w);
}

}  // namespace tempo::search
