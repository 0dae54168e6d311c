#include "engine/perft_international.hpp"

#include "engine/brazilian.hpp"
#include "engine/notation_international.hpp"
#include "engine/perft_driver.hpp"

#include <type_traits>

namespace tempo {

namespace {

// A flying-king board (10x10 international, 8x8 Brazilian) for the perft of perft_driver.hpp:
// one convention (equal moves count once), so R is always Routes::Drop here.
template <class Position>
struct FlyingPerft {
    using Pos = Position;
    using List = intl::MoveList;
    using Geo = typename Position::Geometry;
    static constexpr int L = Geo::down_left, R = Geo::down_right;
    static constexpr bool keeps_routes = Position::Trait::perft_keeps_routes;
    static constexpr bool walks_steps = !Position::Trait::flying_kings;
    static_assert(!keeps_routes && !walks_steps, "one convention; no step walk for flying kings");

    template <Color Us, Routes>
    static std::uint64_t count(const Position& p) {
        return intl::movegen::count<Us>(p);
    }

    // perft(p, 2), fused: each non-capture's child is three bitboards, counted without building a
    // Position or a move list. Captures go through the list, which merges equal moves.
    template <Color Us, Routes>
    static std::uint64_t perft2(const Position& p) {
        using S = Steps<Geo, Us>;
        constexpr Color Them = ~Us;
        const Bitboard own = p.pieces(Us), opp = p.pieces(Them), kings = p.kings();
        std::uint64_t n = 0;
        if (intl::movegen::capturers<Geo, Us>(own, opp, kings)) {
            intl::MoveList list;
            intl::movegen::generate<Us>(p, list);
            for (const Move& m : list) n += intl::movegen::count<Them>(p.template after<Us, false>(m));
            return n;
        }
        const Bitboard empty = p.empty(), men = own & ~kings, my_kings = own & kings;
        auto man_steps = [&]<int D>() {
            for (Bitboard t = shift<D>(men) & empty; t; t &= t - 1) {
                const Bitboard to = t & -t, path = to | shift<-D>(to);
                n += intl::movegen::count<Geo, Them>(opp, own ^ path, kings | (to & Pos::template Crown<Us>));
            }
        };
        man_steps.template operator()<S::F1>();
        man_steps.template operator()<S::F2>();
        for (Bitboard k = my_kings; k; k &= k - 1) {
            const Bitboard from = k & -k;
            auto ray = [&]<int D>() {
                for (Bitboard to = shift<D>(from) & empty; to; to = shift<D>(to) & empty) {
                    const Bitboard path = from | to;
                    n += intl::movegen::count<Geo, Them>(opp, own ^ path, kings ^ path);
                }
            };
            ray.template operator()<L>();
            ray.template operator()<R>();
            ray.template operator()<-L>();
            ray.template operator()<-R>();
        }
        return n;
    }

    template <Color Us>
    static void generate(const Position& p, intl::MoveList& list) {
        intl::movegen::generate<Us>(p, list);
    }

    static std::vector<std::vector<int>> routes(const Position& p, const Move& m) {
        if constexpr (std::is_same_v<Position, intl::Position>)
            return intl::routes_of(p, m);
        else
            return brazil::routes_of(p, m);
    }
};

}  // namespace

std::uint64_t intl::perft(const intl::Position& p, int depth) {
    return detail::count_below<FlyingPerft<intl::Position>>(p, depth, Routes::Drop);
}

PerftResult intl::perft_divide(const intl::Position& p, const PerftOptions& options,
                               const std::function<void(const DivideLine&, std::size_t, std::size_t)>&
                                   on_root_done) {
    return detail::divide<FlyingPerft<intl::Position>>(p, options, on_root_done);  // options.routes is ignored
}

std::uint64_t brazil::perft(const brazil::Position& p, int depth) {
    return detail::count_below<FlyingPerft<brazil::Position>>(p, depth, Routes::Drop);
}

PerftResult brazil::perft_divide(const brazil::Position& p, const PerftOptions& options,
                                 const std::function<void(const DivideLine&, std::size_t, std::size_t)>&
                                     on_root_done) {
    return detail::divide<FlyingPerft<brazil::Position>>(p, options, on_root_done);
}

}  // namespace tempo
