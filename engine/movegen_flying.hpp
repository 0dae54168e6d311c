// The flying-king kernel of move generation (its public functions are in movegen.hpp), for
// international draughts (FMJD Annex 1, art. 4 "the capture"; the trait in international.hpp) and
// Brazilian draughts, the same rules on the 8x8 board (brazilian.hpp). One generator, a template
// over the board's Geometry and the choices it can vary, the knobs below (Kernel); each trait it
// serves is checked below to make the choices it implements.
//
// - Men step one square diagonally forward; they capture forwards and backwards (art. 4.1, 4.2)
//   and go on capturing while they can (art. 4.5). Knob: men that capture forward only.
// - Kings fly: they move any distance along a free diagonal, and capture a piece at any distance
//   with at least one free square behind it, landing on any free square beyond (art. 4.3).
// - Majority capture: only the sequences that take the most pieces are legal, a king counting as
//   one piece; among those the player chooses (art. 4). Knob: any complete sequence is legal
//   (a capture must still go on while it can).
// - The jumped pieces are lifted only when the move is over (art. 4.4, 4.5): until then they stay
//   on the board, may not be jumped a second time and block the diagonal (the "Turkish strike").
//   The capturing piece's own start square counts as free.
// - A man is crowned only when its move ends on the far row (see Position::after). Knob: a man
//   that reaches it during a capture is crowned there and goes on capturing as a king (the
//   Russian rule; the Move says so in `crowned_in_passing`).
// - Moves with the same origin, destination and captured set are one move (`routes` counts the
//   jump orders), the convention of the published perft tables.
//
// Implementation: the ghost-bit shifts of bitboard.hpp (L and R below: 5 and 6 on 10x10, 4 and 5
// on 8x8), templated on the geometry and the side to move. The capture search is a depth-first
// walk in which `opp` holds the enemies not yet jumped and `empty` the free squares (jumped
// pieces are neither, so they block). A king that
// lands on several squares behind a piece explores the onward direction only from the first of
// them: from the others it would find the same next piece with the same landing squares.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "engine/international.hpp"
#include "engine/movelist.hpp"
#include "engine/rules.hpp"

namespace tempo::intl {

// 20 kings have at most 20 * 17 = 340 non-captures; distinct maximal captures are far fewer.
using MoveList = MoveListFor<Fmjd>;
static_assert(std::is_same_v<MoveList, BasicMoveList<512>>);

}  // namespace tempo::intl

namespace tempo::movegen::flying {

using intl::MoveList;  // the same BasicMoveList<512> for every game of this kernel

// Whether this generator implements the rules trait B's choices. Three of them are knobs of the
// walk below: whether men capture backwards, whether only the sequences that take the most pieces
// are legal (majority capture) or any complete sequence may be chosen, and whether a man that
// reaches the far row during a capture stays a man (FMJD) or is crowned and goes on capturing as a
// king (the Russian rule: crown_only_at_end false).
template <class B>
inline constexpr bool implements = B::flying_kings && B::kings_count_as_men && B::removed_after_move &&
                                   !B::crowning_ends_capture;
static_assert(implements<intl::Fmjd>, "this generator implements the FMJD choices of international.hpp");

// The board with the walk's choices: the Geometry's members (the kernel's functions take it where
// they took the Geometry), whether men capture backwards, the side whose men are walked (their
// forward directions and crowning row: Black, unused, when men capture both ways and are not
// crowned mid-capture), majority capture, and crowning mid-capture. Both sides of a game whose
// men capture both ways and stay men share one Kernel, so its walk is instantiated once.
template <class Geo, bool MenBack, Color Side, bool Majority, bool CrownOn>
struct Kernel : Geo {
    using Geometry = Geo;
    static constexpr bool men_capture_backward = MenBack;
    static constexpr Color forward = Side;
    static constexpr bool majority = Majority;
    static constexpr bool crown_on = CrownOn;
    // Where the side's men are crowned (Black moves down the board).
    static constexpr Bitboard crown = Side == Color::Black ? Geo::row(Geo::rows - 1) : Geo::row(0);
};

// The kernel of side Us in the game with rules trait B.
template <class B, Color Us>
using KernelOf = Kernel<typename B::Geometry, B::men_capture_backward,
                        B::men_capture_backward && B::crown_only_at_end ? Color::Black : Us,
                        B::majority_capture, !B::crown_only_at_end>;

// The two step shifts of a geometry: down-left and down-right (5 and 6 on 10x10).
template <class G>
inline constexpr int L = G::down_left;
template <class G>
inline constexpr int R = G::down_right;

// The enemies that can be jumped in direction D: a free square right behind them.
template <int D>
constexpr Bitboard jumpable(Bitboard opp, Bitboard empty) {
    return opp & shift<-D>(empty);
}

// The squares a slider from `from` reaches along D over free squares, `from` included
// (a Kogge-Stone fill: a ray is at most 9 squares on 10x10, 7 on 8x8, within 1 + 2 + 4 + 8 steps).
template <int D>
constexpr Bitboard slide(Bitboard from, Bitboard empty) {
    Bitboard gen = from, pro = empty;
    gen |= pro & shift<D>(gen);
    pro &= shift<D>(pro);
    gen |= pro & shift<2 * D>(gen);
    pro &= shift<2 * D>(pro);
    gen |= pro & shift<4 * D>(gen);
    pro &= shift<4 * D>(pro);
    gen |= pro & shift<8 * D>(gen);
    return gen;
}

// The pieces of the side to move that can capture (men next to a jumpable enemy, kings with
// one down a free diagonal).
template <class G, Color Us>
inline Bitboard capturers(Bitboard own, Bitboard opp, Bitboard all_kings) {
    constexpr int l = L<G>, r = R<G>;
    const Bitboard empty = G::mask & ~(own | opp), men = own & ~all_kings, kings = own & all_kings;
    const Bitboard t1 = jumpable<l>(opp, empty), t2 = jumpable<r>(opp, empty);
    const Bitboard t3 = jumpable<-l>(opp, empty), t4 = jumpable<-r>(opp, empty);
    Bitboard c;
    if constexpr (G::men_capture_backward)
        c = men & (shift<-l>(t1) | shift<-r>(t2) | shift<l>(t3) | shift<r>(t4));
    else if constexpr (G::forward == Color::Black)  // Black's men move down: +L, +R
        c = men & (shift<-l>(t1) | shift<-r>(t2));
    else
        c = men & (shift<l>(t3) | shift<r>(t4));
    if (kings) {
        // The square before the enemy holds the king, or is free and the king is further back.
        auto reach = [&]<int D>(Bitboard t) {
            const Bitboard before = shift<-D>(t);
            return before | shift<-D>(slide<-D>(before & empty, empty));
        };
        c |= kings & (reach.template operator()<l>(t1) | reach.template operator()<r>(t2) |
                      reach.template operator()<-l>(t3) | reach.template operator()<-r>(t4));
    }
    return c;
}

// --- The capture walk -------------------------------------------------------------------------

// Direction indices 0..3 stand for the shifts +L, +R, -L, -R.
template <class G>
inline constexpr int Shift[4] = {L<G>, R<G>, -L<G>, -R<G>};

// Rays<G>[d][b]: the squares from bit b along direction d to the edge, b itself left out. A
// king's next piece along d is the nearest bit of Rays[d][b] & ~empty: the lowest one for the
// downward directions 0 and 1, the highest for the upward 2 and 3.
template <class G>
inline constexpr auto Rays = [] {
    std::array<std::array<Bitboard, 64>, 4> r{};
    for (int d = 0; d < 4; ++d)
        for (int b = 0; b < 64; ++b) {
            if (!(G::mask >> b & 1)) continue;
            for (int x = b + Shift<G>[d]; x >= 0 && x < 64 && (G::mask >> x & 1); x += Shift<G>[d])
                r[std::size_t(d)][std::size_t(b)] |= bit(x);
        }
    return r;
}();

static_assert(Rays<intl::Geo>[0][intl::Geo::bit_of(0)] == bit(intl::Geo::bit_of(5)), "from 1, down-left: only 6");
static_assert(std::popcount(Rays<intl::Geo>[2][intl::Geo::bit_of(45)]) == 9 && Rays<intl::Geo>[3][intl::Geo::bit_of(45)] == 0,
              "from 46 (a1): the long diagonal up to 5, nothing up-left");
static_assert(std::popcount(Rays<Geometry8>[2][Geometry8::bit_of(28)]) == 7,
              "8x8, from 29 (a1): the long diagonal up to 4");

// The nearest bit of a non-empty subset of a ray along d.
template <int Index>
inline int nearest(Bitboard b) {
    return Index < 2 ? std::countr_zero(b) : 63 - std::countl_zero(b);
}

template <class G, class Sink>
void man_captures(int from, Bitboard at, Bitboard opp, Bitboard empty, Bitboard captured, int n,
                  Sink& sink);

// `skip` is a direction index the king need not look along (4: none). `MayEnd` false: the king
// can still go on along `skip`, so the sequence may not end here (without majority capture a
// shorter sequence is legal, so it must not be reported; with it, it is outnumbered anyway).
template <class G, bool MayEnd, class Sink>
void king_captures(int from, int at, Bitboard opp, Bitboard empty, Bitboard captured, int n,
                   int skip, Sink& sink);

template <class G, int D, class Sink>
inline bool man_jump(int from, Bitboard at, Bitboard opp, Bitboard empty, Bitboard captured, int n,
                     Sink& sink) {
    const Bitboard over = shift<D>(at) & opp;
    const Bitboard land = shift<D>(over) & empty;
    if (!land) return false;
    if constexpr (G::crown_on) {
        if (land & G::crown) {  // crowned here: the capture goes on as a king's
            sink.crowned_in_passing = 1;
            king_captures<G, true>(from, lsb(land), opp ^ over, empty, captured | over, n + 1, 4, sink);
            sink.crowned_in_passing = 0;
            return true;
        }
    }
    man_captures<G>(from, land, opp ^ over, empty, captured | over, n + 1, sink);
    return true;
}

// Continue the captures of a man now at `at` with `n` pieces taken; report the sequence to the
// sink when it cannot go on.
template <class G, class Sink>
void man_captures(int from, Bitboard at, Bitboard opp, Bitboard empty, Bitboard captured, int n,
                  Sink& sink) {
    bool any = false;
    if constexpr (G::men_capture_backward || G::forward == Color::Black) {
        any |= man_jump<G, L<G>>(from, at, opp, empty, captured, n, sink);
        any |= man_jump<G, R<G>>(from, at, opp, empty, captured, n, sink);
    }
    if constexpr (G::men_capture_backward || G::forward == Color::White) {
        any |= man_jump<G, -L<G>>(from, at, opp, empty, captured, n, sink);
        any |= man_jump<G, -R<G>>(from, at, opp, empty, captured, n, sink);
    }
    if (!any) sink.leaf(from, lsb(at), captured, n);
}

// Two jump orders of one piece can make the same move (same squares, same pieces taken) only
// from this many pieces taken. A man needs a closed loop, four jumps. A king that took two
// pieces, A then B, ends on the line through B crossing A's line, so B lies on the first line
// only if it was straight behind A, and the walk reports that once; three may coincide. A man
// crowned on the way mixes both kinds of jumps, for which no such bound is shown: every sequence
// is compared (1).
template <class G>
constexpr int same_move_from(bool king) { return G::crown_on ? 1 : king ? 3 : 4; }

// The free squares from which a king captures along D (direction index Index): those that see,
// over free squares, an enemy with a free square behind it.
template <class G, int Index>
inline Bitboard king_takers(Bitboard opp, Bitboard empty) {
    constexpr int D = Shift<G>[Index];
    const Bitboard before = shift<-D>(jumpable<D>(opp, empty)) & empty;
    return slide<-D>(before, empty);
}

template <class G, int Index, class Sink>
inline bool king_jump(int from, int at, Bitboard opp, Bitboard empty, Bitboard captured,
                      int n, Sink& sink) {
    constexpr int D = Shift<G>[Index];
    constexpr auto& Ray = Rays<G>;
    const Bitboard ahead = Ray[Index][std::size_t(at)] & ~empty;
    if (!ahead) return false;
    const int x = nearest<Index>(ahead);
    if (!(opp >> x & 1)) return false;
    const Bitboard beyond = Ray[Index][std::size_t(x)], stop = beyond & ~empty;
    Bitboard land = beyond;
    bool straight_on = false;  // the next piece along D can be taken too
    if (stop) {
        const int s = nearest<Index>(stop);
        land &= ~(Ray[Index][std::size_t(s)] | bit(s));
        straight_on = (opp >> s & 1) && (shift<D>(bit(s)) & empty);
    }
    if (!land) return false;
    opp ^= bit(x);
    captured |= bit(x);
    // The first landing square explores all three ways on; the others only the two crossing
    // diagonals, since straight on they would meet the same piece with the same landings.
    int l = nearest<Index>(land);
    if (straight_on) {
        king_captures<G, true>(from, l, opp, empty, captured, n + 1, 4, sink);
        land ^= bit(l);
    }
    if (n + 1 < same_move_from<G>(true)) {
        // No two sequences can make the same move yet, so the landing squares where the king
        // cannot turn off are reported at once and only the others are walked.
        constexpr int Cross = (Index + 1) % 2;  // 0 or 1: a crossing diagonal, both ways
        const Bitboard turn =
            land & (king_takers<G, Cross>(opp, empty) | king_takers<G, Cross + 2>(opp, empty));
        // (Without majority capture, squares from which the king must go straight on are no end.)
        if ((G::majority || !straight_on) && (land ^ turn))
            sink.template leaves<Index < 2>(from, land ^ turn, captured, n + 1);
        land = turn;
    }
    for (; land; land ^= bit(l)) {
        l = nearest<Index>(land);
        if (G::majority || !straight_on)
            king_captures<G, true>(from, l, opp, empty, captured, n + 1, Index, sink);
        else
            king_captures<G, false>(from, l, opp, empty, captured, n + 1, Index, sink);
    }
    return true;
}

template <class G, bool MayEnd, class Sink>
void king_captures(int from, int at, Bitboard opp, Bitboard empty, Bitboard captured, int n,
                   int skip, Sink& sink) {
    bool any = skip != 0 && king_jump<G, 0>(from, at, opp, empty, captured, n, sink);
    any |= skip != 1 && king_jump<G, 1>(from, at, opp, empty, captured, n, sink);
    any |= skip != 2 && king_jump<G, 2>(from, at, opp, empty, captured, n, sink);
    any |= skip != 3 && king_jump<G, 3>(from, at, opp, empty, captured, n, sink);
    // A king on a later landing square that only cannot go straight on still ends here: the
    // straight-on sequences are reported from the first landing square, and they are longer.
    if constexpr (MayEnd) {
        if (!any) sink.leaf(from, at, captured, n);
    } else {
        (void)any;
    }
}

// Report every capture sequence of the pieces in `capturing` to `sink`, each piece bracketed by
// sink.piece() so that the sink can merge the jump orders of one piece that make the same move.
template <class G, class Sink>
void captures(Bitboard own, Bitboard opp, Bitboard all_kings, Bitboard capturing, Sink& sink) {
    for (; capturing; capturing &= capturing - 1) {
        const int from = lsb(capturing);
        const Bitboard at = bit(from);
        const Bitboard empty = (G::mask & ~(own | opp)) | at;  // its own square is free
        const bool king = (all_kings & at) != 0;
        sink.piece(same_move_from<G>(king));
        if (king)
            king_captures<G, true>(from, from, opp, empty, 0, 0, 4, sink);
        else
            man_captures<G>(from, at, opp, empty, 0, 0, sink);
    }
}

// Keeps the sequences that take the most pieces (Majority) or every sequence, each distinct
// (from, to, captured) once; with crowning mid-capture (CrownOn), a sequence in which the man was
// crowned is another move than one in which it was not.
template <bool Majority, bool CrownOn = false>
struct CaptureSink {
    MoveList& list;
    int best = 0;
    int merge_from = 2;
    std::size_t piece_start = 0;  // the first move in the list of the piece being walked
    std::uint8_t crowned_in_passing = 0;  // set by the walk while a crowned man goes on

    void piece(int same_from) {
        piece_start = list.size();
        merge_from = same_from;
    }
    // Whether a sequence taking n pieces is kept; with majority capture a longer one than those
    // kept so far replaces them.
    bool keeps(int n) {
        if constexpr (Majority) {
            if (n < best) return false;
            if (n > best) {
                best = n;
                list.clear();
                piece_start = 0;
            }
        }
        return true;
    }
    void leaf(int from, int to, Bitboard captured, int n) {
        if (!keeps(n)) return;
        Move m{captured, std::uint8_t(from), std::uint8_t(to), 1, 0};
        if constexpr (CrownOn) m.crowned_in_passing = crowned_in_passing;
        // Only one piece's own sequences can coincide.
        if (n >= merge_from)
            for (std::size_t i = piece_start; i < list.size(); ++i)
                if (list[i] == m && (!CrownOn || list[i].crowned_in_passing == m.crowned_in_passing)) {
                    ++list[i].routes;
                    return;
                }
        list.push(m);
    }
    // Moves that end on each square of `to`, none of which can repeat a move seen before; pushed
    // nearest first (lowest bit first when the king went down the board), the walk's order.
    template <bool Down>
    void leaves(int from, Bitboard to, Bitboard captured, int n) {
        if (!keeps(n)) return;
        for (; to; to ^= bit(Down ? lsb(to) : 63 - std::countl_zero(to)))
            list.push(Move{captured, std::uint8_t(from),
                           std::uint8_t(Down ? lsb(to) : 63 - std::countl_zero(to)), 1, crowned_in_passing});
    }
};

// Counts the distinct sequences that take the most pieces (Majority) or all distinct sequences,
// as CaptureSink but without a move list: it remembers only the current piece's (to, captured)
// pairs, and only when they may repeat.
template <bool Majority, bool CrownOn = false>
struct CaptureCounter {
    struct Seen {
        Bitboard captured;
        int to;  // with CrownOn, + 64 when the man was crowned on the way
    };
    int best = 0;
    int merge_from = 2;
    std::uint64_t n = 0;
    std::size_t seen_size = 0;
    std::uint8_t crowned_in_passing = 0;
    std::array<Seen, MoveList::Capacity> seen;  // left uninitialised

    void piece(int same_from) {
        seen_size = 0;
        merge_from = same_from;
    }
    bool keeps(int taken) {  // as CaptureSink::keeps
        if constexpr (Majority) {
            if (taken < best) return false;
            if (taken > best) {
                best = taken;
                n = 0;
                seen_size = 0;
            }
        }
        return true;
    }
    void leaf(int, int to, Bitboard captured, int taken) {
        if (!keeps(taken)) return;
        if constexpr (CrownOn) to += 64 * crowned_in_passing;
        if (taken >= merge_from) {
            for (std::size_t i = 0; i < seen_size; ++i)
                if (seen[i].to == to && seen[i].captured == captured) return;
            if (seen_size < seen.size()) seen[seen_size++] = {captured, to};
        }
        ++n;
    }
    template <bool Down>
    void leaves(int, Bitboard to, Bitboard, int taken) {
        if (!keeps(taken)) return;
        n += std::uint64_t(popcount(to));
    }
};

// Fill `list` with every legal move of the side to move.
template <Color Us, class B>
void generate(const BasicPosition<B>& p, MoveList& list) {
    static_assert(implements<B>);
    using G = KernelOf<B, Us>;
    using S = Steps<G, Us>;
    list.clear();
    const Bitboard own = p.pieces(Us), opp = p.pieces(~Us), kings = p.kings();
    if (const Bitboard c = capturers<G, Us>(own, opp, kings)) {
        CaptureSink<G::majority, G::crown_on> sink{list};
        captures<G>(own, opp, kings, c, sink);
        return;
    }
    const Bitboard empty = p.empty(), men = p.men(Us), my_kings = p.kings(Us);
    auto steps = [&]<int D>() {
        for (Bitboard t = shift<D>(men) & empty; t; t &= t - 1) {
            const int to = lsb(t);
            list.push(Move{0, std::uint8_t(to - D), std::uint8_t(to), 1, 0});
        }
    };
    steps.template operator()<S::F1>();
    steps.template operator()<S::F2>();
    for (Bitboard k = my_kings; k; k &= k - 1) {
        const int from = lsb(k);
        auto ray = [&]<int D>() {
            for (Bitboard t = shift<D>(bit(from)) & empty; t; t = shift<D>(t) & empty)
                list.push(Move{0, std::uint8_t(from), std::uint8_t(lsb(t)), 1, 0});
        };
        ray.template operator()<L<G>>();
        ray.template operator()<R<G>>();
        ray.template operator()<-L<G>>();
        ray.template operator()<-R<G>>();
    }
}

// The number of non-captures of a side with no capture: a popcount per direction. The rays of
// two kings along the same direction never overlap (one would stop at the other), so the union
// of the slides counts each king move once.
template <class G, Color Us>
inline std::uint64_t count_quiet(Bitboard men, Bitboard kings, Bitboard empty) {
    using S = Steps<G, Us>;
    constexpr int l = L<G>, r = R<G>;
    std::uint64_t n = std::uint64_t(popcount(shift<S::F1>(men) & empty) +
                                    popcount(shift<S::F2>(men) & empty));
    if (kings)
        n += std::uint64_t(popcount(slide<l>(kings, empty) & ~kings) +
                           popcount(slide<r>(kings, empty) & ~kings) +
                           popcount(slide<-l>(kings, empty) & ~kings) +
                           popcount(slide<-r>(kings, empty) & ~kings));
    return n;
}

// The landing squares of men's single jumps in direction D.
template <int D>
constexpr Bitboard single_landings(Bitboard men, Bitboard opp, Bitboard empty) {
    return shift<D>(shift<D>(men) & opp) & empty;
}

// Men's two-jump sequences that turn from D to E (E is not back along D): their second landing
// squares, one per sequence, added to `n`; `more` collects those from which a third jump exists.
template <int D, int E>
inline void two_jumps(Bitboard landed, Bitboard jumps_e, Bitboard jumps_on, std::uint64_t& n,
                      Bitboard& more) {
    static_assert(E != -D);
    const Bitboard second = shift<2 * E>(landed & jumps_e);
    n += std::uint64_t(popcount(second));
    more |= second & jumps_on;
}

// The number of legal captures; out of line so that the common case stays small.
//
// The men's sequences of one and two jumps are counted with bitboards, one direction (or pair
// of directions) at a time; the walk (CaptureCounter) is left for the kings, whose count is then
// merged with the men's by the most pieces taken, and for men that take three or more.
// This is exact because a man's first jumps never meet their own traces: after a jump along D, a
// jump along E != -D neither passes the piece just taken nor lands on the start square, and a
// third jump along F != -E can reach neither (D + 2E + F and D + E + F are never zero for
// diagonal steps). So "can jump from this square along E" (j1..j4 below, on the board as it is)
// is the exact test at every one of these steps, and below four jumps two jump orders of a man
// never make the same move. Games whose men capture forward only, with no majority capture or
// with crowning mid-capture walk every piece.
template <class G, Color Us>
[[gnu::noinline]] std::uint64_t count_captures(Bitboard own, Bitboard opp, Bitboard all_kings,
                                               Bitboard capturing) {
    if constexpr (!G::men_capture_backward || !G::majority || G::crown_on) {
        CaptureCounter<G::majority, G::crown_on> counter;
        captures<G>(own, opp, all_kings, capturing, counter);
        return counter.n;
    }
    constexpr int l = L<G>, r = R<G>;
    const Bitboard capturing_kings = capturing & all_kings;
    const Bitboard men = capturing & ~all_kings;
    int men_best = 0;  // the most pieces the men take, when it is one or two
    std::uint64_t men_count = 0;
    Bitboard walk = capturing_kings;
    if (men) {
        const Bitboard empty = G::mask & ~(own | opp);
        const Bitboard j1 = shift<-l>(jumpable<l>(opp, empty)), j2 = shift<-r>(jumpable<r>(opp, empty));
        const Bitboard j3 = shift<l>(jumpable<-l>(opp, empty)), j4 = shift<r>(jumpable<-r>(opp, empty));
        const Bitboard l1 = single_landings<l>(men, opp, empty);
        const Bitboard l2 = single_landings<r>(men, opp, empty);
        const Bitboard l3 = single_landings<-l>(men, opp, empty);
        const Bitboard l4 = single_landings<-r>(men, opp, empty);
        // From a square reached along +L the next jump may go along +L, +R or -R, and so on.
        const Bitboard on1 = j1 | j2 | j4, on2 = j1 | j2 | j3, on3 = j2 | j3 | j4, on4 = j1 | j3 | j4;
        const Bitboard o1 = l1 & on1, o2 = l2 & on2, o3 = l3 & on3, o4 = l4 & on4;
        if (!(o1 | o2 | o3 | o4)) {
            men_best = 1;
            men_count = std::uint64_t(popcount(l1) + popcount(l2) + popcount(l3) + popcount(l4));
        } else {
            Bitboard more = 0;
            two_jumps<l, l>(o1, j1, on1, men_count, more);
            two_jumps<l, r>(o1, j2, on2, men_count, more);
            two_jumps<l, -r>(o1, j4, on4, men_count, more);
            two_jumps<r, l>(o2, j1, on1, men_count, more);
            two_jumps<r, r>(o2, j2, on2, men_count, more);
            two_jumps<r, -l>(o2, j3, on3, men_count, more);
            two_jumps<-l, r>(o3, j2, on2, men_count, more);
            two_jumps<-l, -l>(o3, j3, on3, men_count, more);
            two_jumps<-l, -r>(o3, j4, on4, men_count, more);
            two_jumps<-r, l>(o4, j1, on1, men_count, more);
            two_jumps<-r, -l>(o4, j3, on3, men_count, more);
            two_jumps<-r, -r>(o4, j4, on4, men_count, more);
            if (!more) {
                men_best = 2;
            } else {
                // Some man takes three or more: walk the men that can go on after one jump
                // (back at their start squares); the others are outnumbered.
                const Bitboard b1 = shift<-2 * l>(o1), b2 = shift<-2 * r>(o2), b3 = shift<2 * l>(o3),
                               b4 = shift<2 * r>(o4);
                walk |= b1 | b2 | b3 | b4;
            }
        }
        if (!capturing_kings && men_best) return men_count;
    }
    CaptureCounter<true> counter;
    captures<G>(own, opp, all_kings, walk, counter);
    if (counter.best > men_best) return counter.n;
    return counter.best == men_best ? counter.n + men_count : men_count;
}

// The number of legal moves: the leaf of bulk perft.
template <class G, Color Us>
inline std::uint64_t count(Bitboard own, Bitboard opp, Bitboard all_kings) {
    if (const Bitboard c = capturers<G, Us>(own, opp, all_kings))
        return count_captures<G, Us>(own, opp, all_kings, c);
    return count_quiet<G, Us>(own & ~all_kings, own & all_kings, G::mask & ~(own | opp));
}

template <Color Us, class B>
std::uint64_t count(const BasicPosition<B>& p) {
    return count<KernelOf<B, Us>, Us>(p.pieces(Us), p.pieces(~Us), p.kings());
}

// The bodies of movegen.hpp's public functions for this kernel, as they were when they were the
// flying games' public functions (templates, not declared inline).
template <class B>
void generate_moves(const BasicPosition<B>& p, MoveList& list) {
    p.side_to_move() == Color::Black ? generate<Color::Black>(p, list) : generate<Color::White>(p, list);
}

template <class B>
bool can_capture(const BasicPosition<B>& p, Color by) {
    return (by == Color::Black ? capturers<KernelOf<B, Color::Black>, Color::Black>(p.pieces(by), p.pieces(~by), p.kings())
                               : capturers<KernelOf<B, Color::White>, Color::White>(p.pieces(by), p.pieces(~by), p.kings())) != 0;
}

template <class B>
bool has_capture(const BasicPosition<B>& p) {
    return flying::can_capture(p, p.side_to_move());
}

template <class B>
std::uint64_t count_moves(const BasicPosition<B>& p) {
    return p.side_to_move() == Color::Black ? count<Color::Black>(p) : count<Color::White>(p);
}

}  // namespace tempo::movegen::flying
