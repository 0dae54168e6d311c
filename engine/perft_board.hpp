// The board of perft_driver.hpp's perft, written once over the rules trait (rules.hpp): what the
// recursion needs of a game, each part choosing its kernel at compile time the way movegen.hpp
// does. Internal to engine/: perft.cpp instantiates it for English draughts and perft_flying.cpp
// for the flying-king games, so each game's code stays in its own translation unit.
//
// The two conventions: with `B::perft_keeps_routes` (English), Routes::Keep counts every jump
// order of a king capture; otherwise (the flying games) equal moves count once and R is always
// Routes::Drop here.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/movegen.hpp"
#include "engine/perft.hpp"
#include "engine/perft_driver.hpp"
#include "engine/position.hpp"
#include "engine/rulebook.hpp"
#include "engine/rules.hpp"

namespace tempo::detail {

// The English kernel's capture sink that counts the replies to each complete sequence, so that
// perft2 needs no move list for captures.
template <Color Us, Routes R>
struct ChildCounter {
    Bitboard own, opp, kings;
    std::uint64_t n = 0;
    void king(bool) {}
    void leaf(int from, Bitboard to, Bitboard captured) {
        const Bitboard f = bit(from), path = f ^ to;
        const Bitboard k = kings & ~captured;
        n += movegen::shortk::count<~Us, R>(opp ^ captured, own ^ path,
                                            (kings & f) ? k ^ path : k | (to & CrownRow<Us>));
    }
};

template <RulesTrait B>
struct PerftBoard {
    using Pos = BasicPosition<B>;
    using List = MoveListFor<B>;
    using Geo = typename B::Geometry;
    static constexpr bool keeps_routes = B::perft_keeps_routes;
    // Short kings: a position with no capture is walked step by step, with no move list.
    static constexpr bool walks_steps = !B::flying_kings;
    static_assert(!keeps_routes || movegen::ShortAnyCapture<B>, "only the English kernel counts jump orders");

    template <Color Us, Routes R>
    static std::uint64_t count(const Pos& p) {
        return movegen::count<B, Us, R>(p);
    }

    // perft(p, 2), fused: a non-capture's child is three bitboards, counted without building a
    // Position or a move list. This is where almost all the time of a deep perft goes.
    template <Color Us, Routes R>
    static std::uint64_t perft2(const Pos& p) {
        using S = Steps<Geo, Us>;
        constexpr Color Them = ~Us;
        const Bitboard own = p.pieces(Us), opp = p.pieces(Them), kings = p.kings();
        std::uint64_t n = 0;
        if (const Bitboard capturing = movegen::capturers<B, Us>(p)) {
            if constexpr (movegen::ShortAnyCapture<B>) {
                // Count each child as its capture sequence is found, with no list in between;
                // with Routes::Drop a king's jump orders must be merged first, by the list.
                if (R == Routes::Keep || !(capturing & kings)) {
                    ChildCounter<Us, R> sink{own, opp, kings};
                    movegen::shortk::captures<Us>(opp, kings, p.empty(), capturing, sink);
                    return sink.n;
                }
            }
            List list;
            movegen::generate<B, Us>(p, list);
            for (const Move& m : list) n += movegen::count<B, Them, R>(p.template after<Us, false>(m));
            return n;
        }
        const Bitboard empty = p.empty(), men = own & ~kings, my_kings = own & kings;
        auto man_steps = [&]<int D>() {
            for (Bitboard t = shift<D>(men) & empty; t; t &= t - 1) {
                const Bitboard to = t & -t, path = to | shift<-D>(to);
                n += movegen::count<B, Them, R>(opp, own ^ path, kings | (to & Pos::template Crown<Us>));
            }
        };
        man_steps.template operator()<S::F1>();
        man_steps.template operator()<S::F2>();
        if constexpr (B::flying_kings) {
            // Each king along its four rays.
            for (Bitboard k = my_kings; k; k &= k - 1) {
                const Bitboard from = k & -k;
                auto ray = [&]<int D>() {
                    for (Bitboard to = shift<D>(from) & empty; to; to = shift<D>(to) & empty) {
                        const Bitboard path = from | to;
                        n += movegen::count<B, Them, R>(opp, own ^ path, kings ^ path);
                    }
                };
                ray.template operator()<Geo::down_left>();
                ray.template operator()<Geo::down_right>();
                ray.template operator()<-Geo::down_left>();
                ray.template operator()<-Geo::down_right>();
            }
        } else if (my_kings) {
            // All kings one step at a time, a direction at a shift.
            auto king_steps = [&]<int D>() {
                for (Bitboard t = shift<D>(my_kings) & empty; t; t &= t - 1) {
                    const Bitboard to = t & -t, path = to | shift<-D>(to);
                    n += movegen::count<B, Them, R>(opp, own ^ path, kings ^ path);
                }
            };
            king_steps.template operator()<S::F1>();
            king_steps.template operator()<S::F2>();
            king_steps.template operator()<S::B1>();
            king_steps.template operator()<S::B2>();
        }
        return n;
    }

    template <Color Us>
    static void generate(const Pos& p, List& list) {
        movegen::generate<B, Us>(p, list);
    }

    template <Color Us>
    static bool has_capture(const Pos& p) {
        return movegen::capturers<B, Us>(p) != 0;
    }

    // Calls visit(move) for each step of the side to move, in the order generate() lists them,
    // without storing them; only for a position with no capture, and only for short kings.
    template <Color Us, class Visit>
    static void for_each_step(const Pos& p, Visit&& visit) {
        static_assert(walks_steps);
        using S = Steps<Geo, Us>;
        const Bitboard empty = p.empty(), own = p.pieces(Us), kings = p.kings(Us);
        auto steps = [&]<int D>(Bitboard movers) {
            for (Bitboard t = shift<D>(movers) & empty; t; t &= t - 1) {
                const int to = lsb(t);
                visit(Move{0, std::uint8_t(to - D), std::uint8_t(to), 1, 0});
            }
        };
        steps.template operator()<S::F1>(own);
        steps.template operator()<S::F2>(own);
        if (kings) {
            steps.template operator()<S::B1>(kings);
            steps.template operator()<S::B2>(kings);
        }
    }

    static std::vector<std::vector<int>> routes(const Pos& p, const Move& m) { return Rulebook<B>::routes_of(p, m); }
};

}  // namespace tempo::detail

namespace tempo {

// The public functions of perft.hpp, instantiated by perft.cpp and perft_flying.cpp.
template <RulesTrait B>
std::uint64_t perft(const BasicPosition<B>& p, int depth, Routes routes) {
    return detail::count_below<detail::PerftBoard<B>>(p, depth, routes);
}

template <RulesTrait B>
PerftResult perft_divide(const BasicPosition<B>& p, const PerftOptions& options, const OnRootDone& on_root_done) {
    return detail::divide<detail::PerftBoard<B>>(p, options, on_root_done);
}

}  // namespace tempo
