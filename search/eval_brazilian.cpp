#include "search/eval_brazilian.hpp"

#include <initializer_list>
#include <tuple>

namespace tempo::search {

namespace {

using Geo = brazil::Position::Geometry;

constexpr Bitboard squares_mask(std::initializer_list<int> pdn) {
    Bitboard b = 0;
    for (int s : pdn) b |= bit(Geo::bit_of(s - 1));
    return b;
}

constexpr Bitboard Centre = squares_mask({14, 15, 18, 19});
constexpr Bitboard MainRoad = squares_mask({4, 8, 11, 15, 18, 22, 25, 29});

// Both sets map to themselves when the board is turned round (square s becomes 33 - s), which
// keeps the evaluation colour-symmetric.
constexpr Bitboard turned(Bitboard b) {
    Bitboard r = 0;
    for (int s = 0; s < Geo::squares; ++s)
        if (b & bit(Geo::bit_of(s))) r |= bit(Geo::bit_of(Geo::squares - 1 - s));
    return r;
}
static_assert(turned(Centre) == Centre && turned(MainRoad) == MainRoad);

// Row r of a side counted from its own back row: Black's back row is the top row (0).
template <bool Black>
constexpr Bitboard own_row(int r) {
    return Geo::row(Black ? r : Geo::rows - 1 - r);
}

// A side's men and their advancement: the sum over rows of row * men on it.
template <bool Black>
int tempo_of(Bitboard men) {
    int t = 0;
    for (int r = 1; r < Geo::rows - 1; ++r) t += r * popcount(men & own_row<Black>(r));
    return t;
}

// The terms of one side (its men `m`, kings `k`), against the opponent's men `their_men`, at
// `n` pieces on the board.
template <bool Black>
int side_score(Bitboard m, Bitboard k, Bitboard their_men, int n, const BrazilWeights& w) {
    const int full = 24;
    const int king = w.king_full + (w.king_empty - w.king_full) * (full - n) / full;
    int s = w.man * popcount(m) + king * popcount(k);
    // Tempo, blended from the opening weight to the endgame one as pieces come off.
    s += tempo_of<Black>(m) * (w.tempo_opening * n + w.tempo_endgame * (full - n)) / full;
    s += w.advanced_endgame[0] * popcount(m & own_row<Black>(Geo::rows - 3)) * (full - n) / full;
    s += w.advanced_endgame[1] * popcount(m & own_row<Black>(Geo::rows - 2)) * (full - n) / full;
    if (their_men) s += w.back_man * popcount(m & own_row<Black>(0));
    s += w.centre * popcount((m | k) & Centre);
    if (k & MainRoad) s += w.main_road_king;
    return s;
}

}  // namespace

Score evaluate(const brazil::Position& p, const BrazilWeights& w) {
    const Bitboard bm = p.men(Color::Black), bk = p.kings(Color::Black);
    const Bitboard wm = p.men(Color::White), wk = p.kings(Color::White);
    const int n = popcount(p.occupied());
    int s = side_score<true>(bm, bk, wm, n, w) - side_score<false>(wm, wk, bm, n, w);
    if (p.side_to_move() == Color::White) s = -s;
    // A lone king against at most three pieces: a draw in practice, more so on the main road.
    const auto lone_king = [](Bitboard men, Bitboard kings) { return men == 0 && popcount(kings) == 1; };
    for (const auto& [men, kings, other] : {std::tuple{bm, bk, wm | wk}, std::tuple{wm, wk, bm | bk}})
        if (lone_king(men, kings) && popcount(other) <= 3)
            s /= (kings & MainRoad) ? w.lone_king_main_road_divisor : w.lone_king_divisor;
    return Score(s);
}

}  // namespace tempo::search
