#include "engine/perft_international.hpp"

#include "engine/notation_international.hpp"
#include "engine/perft_driver.hpp"

namespace tempo::intl {

namespace {

// The 10x10 board for the perft of perft_driver.hpp: one convention (equal moves count once), so
// R is always Routes::Drop here.
struct InternationalPerft {
    using Pos = Position;
    using List = MoveList;
    static constexpr bool keeps_routes = false;
    static constexpr bool walks_steps = false;

    template <Color Us, Routes>
    static std::uint64_t count(const Position& p) {
        return movegen::count<Us>(p);
    }

    // perft(p, 2), fused: each non-capture's child is three bitboards, counted without building a
    // Position or a move list. Captures go through the list, which merges equal moves.
    template <Color Us, Routes>
    static std::uint64_t perft2(const Position& p) {
        using S = Steps<Geo, Us>;
        constexpr Color Them = ~Us;
        const Bitboard own = p.pieces(Us), opp = p.pieces(Them), kings = p.kings();
        std::uint64_t n = 0;
        if (movegen::capturers<Us>(own, opp, kings)) {
            MoveList list;
            movegen::generate<Us>(p, list);
            for (const Move& m : list) n += movegen::count<Them>(p.after<Us, false>(m));
            return n;
        }
        const Bitboard empty = p.empty(), men = own & ~kings, my_kings = own & kings;
        auto man_steps = [&]<int D>() {
            for (Bitboard t = shift<D>(men) & empty; t; t &= t - 1) {
                const Bitboard to = t & -t, path = to | shift<-D>(to);
                n += movegen::count<Them>(opp, own ^ path, kings | (to & CrownRow<Us>));
            }
        };
        man_steps.template operator()<S::F1>();
        man_steps.template operator()<S::F2>();
        for (Bitboard k = my_kings; k; k &= k - 1) {
            const Bitboard from = k & -k;
            auto ray = [&]<int D>() {
                for (Bitboard to = shift<D>(from) & empty; to; to = shift<D>(to) & empty) {
                    const Bitboard path = from | to;
                    n += movegen::count<Them>(opp, own ^ path, kings ^ path);
                }
            };
            ray.template operator()<5>();
            ray.template operator()<6>();
            ray.template operator()<-5>();
            ray.template operator()<-6>();
        }
        return n;
    }

    template <Color Us>
    static void generate(const Position& p, MoveList& list) {
        movegen::generate<Us>(p, list);
    }

    static std::vector<std::vector<int>> routes(const Position& p, const Move& m) { return routes_of(p, m); }
};

}  // namespace

std::uint64_t perft(const Position& p, int depth) {
    return detail::count_below<InternationalPerft>(p, depth, Routes::Drop);
}

PerftResult perft_divide(const Position& p, const PerftOptions& options,
                         const std::function<void(const DivideLine&, std::size_t, std::size_t)>&
                             on_root_done) {
    return detail::divide<InternationalPerft>(p, options, on_root_done);  // options.routes is ignored
}

}  // namespace tempo::intl
