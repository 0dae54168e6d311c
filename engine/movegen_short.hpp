// The short-king kernel of move generation (public functions in movegen.hpp): English draughts
// (rules of the WCDF / English Draughts Association).
//
// - Men move one square diagonally forward; kings one square in any diagonal direction.
// - Capturing is compulsory, but any capture may be chosen, not necessarily the longest.
// - A capture continues with the same piece while it can jump again; the move is the whole
//   sequence, and it must be completed.
// - A man that reaches the crowning row during a capture is crowned and the move ends there.
// - A side with no legal move loses (see game.hpp).
//
// A captured piece stays on the board until the move is over and may not be jumped twice. With
// kings that step one square this is the same as removing it at once: a king's landing squares are
// always an even number of steps from its start and the captured pieces an odd number, so no
// landing square is ever a captured one. The capturing king's own start square counts as empty,
// so it can capture round a loop and come back to it.
//
// Generation is by whole-board shifts (see bitboard.hpp) and templated on the side to move, so the
// hot paths have no branches on colour. Moves that touch the same squares by different jump
// orders are generated once, with `Move::routes` counting the orders.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "engine/movelist.hpp"
#include "engine/position.hpp"
#include "engine/rules.hpp"

namespace tempo {

using MoveList = MoveListFor<Wcdf>;  // 256: far above the most legal moves of any position
static_assert(std::is_same_v<MoveList, BasicMoveList<256>>);

namespace movegen::shortk {

static_assert(!Wcdf::men_capture_backward && !Wcdf::flying_kings && !Wcdf::majority_capture &&
                  Wcdf::removed_after_move && Wcdf::crowning_ends_capture,
              "this generator implements the WCDF choices of position.hpp");

// The pieces that can jump in direction D: an enemy next to them and an empty square beyond.
template <int D>
constexpr Bitboard jumpers_toward(Bitboard opp, Bitboard empty) {
    return shift<-D>(opp & shift<-D>(empty));
}

template <Color Us>
Bitboard jumpers(const Position& p) {
    using S = Steps<Geo, Us>;
    const Bitboard empty = p.empty(), opp = p.pieces(~Us), kings = p.kings(Us);
    Bitboard j = p.pieces(Us) &
                 (jumpers_toward<S::F1>(opp, empty) | jumpers_toward<S::F2>(opp, empty));
    if (kings)
        j |= kings & (jumpers_toward<S::B1>(opp, empty) | jumpers_toward<S::B2>(opp, empty));
    return j;
}

// Continue the jumps of a man now at `at`. Men go forward only, so the pieces already jumped are
// behind it and need no masking. Returns after reporting each complete sequence to `sink`.
template <Color Us, class Sink>
void man_jumps(int from, Bitboard at, Bitboard opp, Bitboard empty, Bitboard captured, Sink& sink);

template <Color Us, int D, class Sink>
inline bool man_jump(int from, Bitboard at, Bitboard opp, Bitboard empty, Bitboard captured,
                     Sink& sink) {
    const Bitboard over = shift<D>(at) & opp;
    const Bitboard land = shift<D>(over) & empty;
    if (!land) return false;
    if (land & CrownRow<Us>)
        sink.leaf(from, land, captured | over);  // crowned: the move ends here
    else
        man_jumps<Us>(from, land, opp, empty, captured | over, sink);
    return true;
}

template <Color Us, class Sink>
void man_jumps(int from, Bitboard at, Bitboard opp, Bitboard empty, Bitboard captured, Sink& sink) {
    using S = Steps<Geo, Us>;
    const bool a = man_jump<Us, S::F1>(from, at, opp, empty, captured, sink);
    const bool b = man_jump<Us, S::F2>(from, at, opp, empty, captured, sink);
    if (!a && !b) sink.leaf(from, at, captured);
}

// Continue the jumps of a king now at `at`; `opp` holds only the enemies not yet jumped.
template <Color Us, class Sink>
void king_jumps(int from, Bitboard at, Bitboard opp, Bitboard empty, Bitboard captured, Sink& sink);

template <Color Us, int D, class Sink>
inline bool king_jump(int from, Bitboard at, Bitboard opp, Bitboard empty, Bitboard captured,
                      Sink& sink) {
    const Bitboard over = shift<D>(at) & opp;
    const Bitboard land = shift<D>(over) & empty;
    if (!land) return false;
    king_jumps<Us>(from, land, opp ^ over, empty, captured | over, sink);
    return true;
}

template <Color Us, class Sink>
void king_jumps(int from, Bitboard at, Bitboard opp, Bitboard empty, Bitboard captured, Sink& sink) {
    using S = Steps<Geo, Us>;
    bool any = king_jump<Us, S::F1>(from, at, opp, empty, captured, sink);
    any |= king_jump<Us, S::F2>(from, at, opp, empty, captured, sink);
    any |= king_jump<Us, S::B1>(from, at, opp, empty, captured, sink);
    any |= king_jump<Us, S::B2>(from, at, opp, empty, captured, sink);
    if (!any) sink.leaf(from, at, captured);
}

// Report every capture sequence of the pieces in `jumping` (all of which can jump) to `sink`.
// sink.king(true/false) brackets the sequences of one king, the only ones that can coincide.
template <Color Us, class Sink>
void captures(Bitboard opp, Bitboard kings, Bitboard empty, Bitboard jumping, Sink& sink) {
    for (; jumping; jumping &= jumping - 1) {
        const int from = lsb(jumping);
        const Bitboard at = bit(from);
        if (kings & at) {
            sink.king(true);
            king_jumps<Us>(from, at, opp, empty | at, 0, sink);
            sink.king(false);
        } else {
            man_jumps<Us>(from, at, opp, empty, 0, sink);
        }
    }
}

// Collects moves into a MoveList, merging the jump orders of a king that make the same move.
struct ListSink {
    MoveList& list;
    std::size_t king_start = MoveList::Capacity;

    void king(bool begin) { king_start = begin ? list.size() : MoveList::Capacity; }
    void leaf(int from, Bitboard to, Bitboard captured) {
        const Move m{captured, std::uint8_t(from), std::uint8_t(lsb(to)), 1, 0};
        for (std::size_t i = king_start; i < list.size(); ++i)
            if (list[i] == m) {
                ++list[i].routes;
                return;
            }
        list.push(m);
    }
};

// Counts capture sequences, every jump order separately (Routes::Keep).
struct CountSink {
    std::uint64_t n = 0;
    void king(bool) {}
    void leaf(int, Bitboard, Bitboard) { ++n; }
};

template <Color Us, int D>
inline void add_steps(Bitboard movers, Bitboard empty, MoveList& list) {
    for (Bitboard t = shift<D>(movers) & empty; t; t &= t - 1) {
        const int to = lsb(t);
        list.push(Move{0, std::uint8_t(to - D), std::uint8_t(to), 1, 0});
    }
}

template <Color Us>
void generate(const Position& p, MoveList& list) {
    using S = Steps<Geo, Us>;
    list.clear();
    if (const Bitboard j = jumpers<Us>(p)) {
        ListSink sink{list};
        captures<Us>(p.pieces(~Us), p.kings(), p.empty(), j, sink);
        return;
    }
    const Bitboard empty = p.empty(), all = p.pieces(Us), kings = p.kings(Us);
    add_steps<Us, S::F1>(all, empty, list);
    add_steps<Us, S::F2>(all, empty, list);
    if (kings) {
        add_steps<Us, S::B1>(kings, empty, list);
        add_steps<Us, S::B2>(kings, empty, list);
    }
}

// The rare part of count(): men that jump on after their first jump, and kings.
template <Color Us, Routes R>
[[gnu::noinline]] std::uint64_t count_long_captures(Bitboard opp, Bitboard all_kings, Bitboard empty,
                                                    Bitboard landed, Bitboard king_jumpers) {
    CountSink counter;
    for (Bitboard b = landed; b; b &= b - 1) man_jumps<Us>(0, bit(lsb(b)), opp, empty, 0, counter);
    std::uint64_t n = counter.n;
    if (king_jumpers) {
        if constexpr (R == Routes::Keep) {
            CountSink sink;
            captures<Us>(opp, all_kings, empty, king_jumpers, sink);
            n += sink.n;
        } else {
            MoveList list;
            ListSink sink{list};
            captures<Us>(opp, all_kings, empty, king_jumpers, sink);
            n += list.size();
        }
    }
    return n;
}

// The captures part of count(). A man's jump ends where it lands unless it is crowned there or
// can jump on; its origin and the piece it took are behind it, so j1 | j2 (the squares from
// which a jump forward is possible) still tells where it can jump on.
template <Color Us, Routes R>
inline std::uint64_t count_captures(Bitboard own, Bitboard opp, Bitboard all_kings, Bitboard empty,
                                    Bitboard j1, Bitboard j2, Bitboard king_jumpers) {
    using S = Steps<Geo, Us>;
    const Bitboard men = own & ~all_kings;
    const Bitboard land1 = shift<2 * S::F1>(men & j1), land2 = shift<2 * S::F2>(men & j2);
    const Bitboard goes_on = (j1 | j2) & ~CrownRow<Us>;
    std::uint64_t n = std::uint64_t(popcount(land1 & ~goes_on) + popcount(land2 & ~goes_on));
    const Bitboard landed = (land1 | land2) & goes_on;
    if ((landed | king_jumpers) == 0) return n;
    // Two men landing on the same square and both jumping on: count that square twice.
    return n + count_long_captures<Us, R>(opp, all_kings, empty, landed, king_jumpers) +
           ((land1 & land2 & goes_on) ? count_long_captures<Us, R>(opp, all_kings, empty,
                                                                  land1 & land2 & goes_on, 0)
                                      : 0);
}

// The number of legal moves, without building the list when it can be helped. This is the leaf
// of bulk perft, so it avoids recursion where it can: a man's single jumps are counted by
// popcount, and only the landing squares from which it could jump on are followed one by one.
template <Color Us, Routes R>
inline std::uint64_t count(Bitboard own, Bitboard opp, Bitboard all_kings) {
    using S = Steps<Geo, Us>;
    const Bitboard empty = Geo::mask & ~(own | opp), kings = own & all_kings;
    const Bitboard j1 = jumpers_toward<S::F1>(opp, empty), j2 = jumpers_toward<S::F2>(opp, empty);
    Bitboard king_jumpers = 0;
    if (kings)
        king_jumpers = kings & (j1 | j2 | jumpers_toward<S::B1>(opp, empty) |
                                jumpers_toward<S::B2>(opp, empty));
    if (((j1 | j2) & own) | king_jumpers)
        return count_captures<Us, R>(own, opp, all_kings, empty, j1, j2, king_jumpers);
    std::uint64_t n = std::uint64_t(popcount(shift<S::F1>(own) & empty) + popcount(shift<S::F2>(own) & empty));
    if (kings)
        n += std::uint64_t(popcount(shift<S::B1>(kings) & empty) + popcount(shift<S::B2>(kings) & empty));
    return n;
}

template <Color Us, Routes R>
std::uint64_t count(const Position& p) {
    return count<Us, R>(p.pieces(Us), p.pieces(~Us), p.kings());
}

// The bodies of movegen.hpp's public functions for this kernel, `inline` as they were when they
// were the English public functions (a function template alone is not, for the inliner).
inline void generate_moves(const Position& p, MoveList& list) {
    p.side_to_move() == Color::Black ? generate<Color::Black>(p, list) : generate<Color::White>(p, list);
}

inline bool can_capture(const Position& p, Color by) {
    return (by == Color::Black ? jumpers<Color::Black>(p) : jumpers<Color::White>(p)) != 0;
}

inline bool has_capture(const Position& p) {
    return (p.side_to_move() == Color::Black ? jumpers<Color::Black>(p) : jumpers<Color::White>(p)) != 0;
}

inline std::uint64_t count_moves(const Position& p, Routes r) {
    if (p.side_to_move() == Color::Black)
        return r == Routes::Keep ? count<Color::Black, Routes::Keep>(p) : count<Color::Black, Routes::Drop>(p);
    return r == Routes::Keep ? count<Color::White, Routes::Keep>(p) : count<Color::White, Routes::Drop>(p);
}

}  // namespace movegen::shortk

}  // namespace tempo
