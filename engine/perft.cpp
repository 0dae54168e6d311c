#include "engine/perft.hpp"

#include "engine/notation.hpp"
#include "engine/perft_driver.hpp"

namespace tempo {

namespace {

// A capture sink that counts the replies to each complete sequence (perft2's captures).
template <Color Us, Routes R>
struct ChildCounter {
    Bitboard own, opp, kings;
    std::uint64_t n = 0;
    void king(bool) {}
    void leaf(int from, Bitboard to, Bitboard captured) {
        const Bitboard f = bit(from), path = f ^ to;
        const Bitboard k = kings & ~captured;
        n += movegen::count<~Us, R>(opp ^ captured, own ^ path,
                                    (kings & f) ? k ^ path : k | (to & CrownRow<Us>));
    }
};

// The 8x8 board for the perft of perft_driver.hpp: both counting conventions, and positions with
// no capture walked step by step without a move list.
struct EnglishPerft {
    using Pos = Position;
    using List = MoveList;
    static constexpr bool keeps_routes = Wcdf::perft_keeps_routes;
    static constexpr bool walks_steps = !Wcdf::flying_kings;

    template <Color Us, Routes R>
    static std::uint64_t count(const Position& p) {
        return movegen::count<Us, R>(p);
    }

    // perft(p, 2), fused: a step's child is three bitboards, counted without building a Position
    // or a move list. This is where almost all the time of a deep perft goes.
    template <Color Us, Routes R>
    static std::uint64_t perft2(const Position& p) {
        using S = Steps<Geo, Us>;
        constexpr Color Them = ~Us;
        const Bitboard own = p.pieces(Us), opp = p.pieces(Them), kings = p.kings();
        if (const Bitboard jumping = movegen::jumpers<Us>(p)) {
            if (R == Routes::Keep || !(jumping & kings)) {
                // Count each child as its capture sequence is found, with no list in between.
                ChildCounter<Us, R> sink{own, opp, kings};
                movegen::captures<Us>(opp, kings, p.empty(), jumping, sink);
                return sink.n;
            }
            MoveList list;  // Routes::Drop with a king capture: the list merges the jump orders
            movegen::generate<Us>(p, list);
            std::uint64_t n = 0;
            for (const Move& m : list) n += movegen::count<Them, R>(p.after<Us, false>(m));
            return n;
        }
        const Bitboard empty = p.empty(), men = own & ~kings, my_kings = own & kings;
        std::uint64_t n = 0;
        auto man_steps = [&]<int D>() {
            for (Bitboard t = shift<D>(men) & empty; t; t &= t - 1) {
                const Bitboard to = t & -t, path = to | shift<-D>(to);
                n += movegen::count<Them, R>(opp, own ^ path, kings | (to & CrownRow<Us>));
            }
        };
        auto king_steps = [&]<int D>() {
            for (Bitboard t = shift<D>(my_kings) & empty; t; t &= t - 1) {
                const Bitboard to = t & -t, path = to | shift<-D>(to);
                n += movegen::count<Them, R>(opp, own ^ path, kings ^ path);
            }
        };
        man_steps.template operator()<S::F1>();
        man_steps.template operator()<S::F2>();
        if (my_kings) {
            king_steps.template operator()<S::F1>();
            king_steps.template operator()<S::F2>();
            king_steps.template operator()<S::B1>();
            king_steps.template operator()<S::B2>();
        }
        return n;
    }

    template <Color Us>
    static void generate(const Position& p, MoveList& list) {
        movegen::generate<Us>(p, list);
    }

    template <Color Us>
    static bool has_capture(const Position& p) {
        return movegen::jumpers<Us>(p) != 0;
    }

    // Calls visit(move) for each step of the side to move, in the order generate() lists them,
    // without storing them; only for a position with no capture.
    template <Color Us, class Visit>
    static void for_each_step(const Position& p, Visit&& visit) {
        using S = Steps<Geo, Us>;
        const Bitboard empty = p.empty(), own = p.pieces(Us), kings = p.kings(Us);
        auto steps = [&]<int D>(Bitboard movers) {
            for (Bitboard t = shift<D>(movers) & empty; t; t &= t - 1) {
                const int to = lsb(t);
                visit(Move{0, std::uint8_t(to - D), std::uint8_t(to), 1});
            }
        };
        steps.template operator()<S::F1>(own);
        steps.template operator()<S::F2>(own);
        if (kings) {
            steps.template operator()<S::B1>(kings);
            steps.template operator()<S::B2>(kings);
        }
    }

    static std::vector<std::vector<int>> routes(const Position& p, const Move& m) { return routes_of(p, m); }
};

}  // namespace

std::uint64_t perft(const Position& p, int depth, Routes routes) {
    return detail::count_below<EnglishPerft>(p, depth, routes);
}

PerftResult perft_divide(const Position& p, const PerftOptions& options,
                         const std::function<void(const DivideLine&, std::size_t, std::size_t)>&
                             on_root_done) {
    return detail::divide<EnglishPerft>(p, options, on_root_done);
}

}  // namespace tempo
