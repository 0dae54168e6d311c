#include "engine/perft_international.hpp"

#include "engine/notation_international.hpp"
#include "engine/perft_driver.hpp"

namespace tempo::intl {

namespace {

using detail::MaxStoredCount;
using detail::PerftTable;

// perft(p, 2), fused: each non-capture's child is three bitboards, counted without building a
// Position or a move list. Captures go through the list, which merges equal moves.
template <Color Us>
std::uint64_t perft2(const Position& p) {
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
std::uint64_t perft_plain(const Position& p, int depth) {
    if (depth == 1) return movegen::count<Us>(p);
    if (depth == 2) return perft2<Us>(p);
    MoveList list;
    movegen::generate<Us>(p, list);
    std::uint64_t n = 0;
    for (const Move& m : list) n += perft_plain<~Us>(p.after<Us, false>(m), depth - 1);
    return n;
}

template <Color Us>
std::uint64_t perft_hashed(const Position& p, int depth, PerftTable& table) {
    if (depth <= 2) return depth == 1 ? movegen::count<Us>(p) : perft2<Us>(p);
    std::uint64_t n = 0;
    if (table.probe(p.key(), depth, n)) return n;
    MoveList list;
    movegen::generate<Us>(p, list);
    for (const Move& m : list) n += perft_hashed<~Us>(p.after<Us>(m), depth - 1, table);
    if (n <= MaxStoredCount) table.store(p.key(), depth, n);
    return n;
}

struct InternationalPerft {
    using Pos = Position;
    using List = MoveList;
    static void generate(const Position& p, MoveList& list) { generate_moves(p, list); }
    static std::vector<std::vector<int>> routes(const Position& p, const Move& m) {
        auto r = routes_of(p, m);
        r.resize(1);  // one line per move: the published convention
        return r;
    }
    static std::uint64_t subtree(const Position& p, int depth, Routes, PerftTable* table) {
        if (depth <= 0) return 1;
        if (!table) return perft(p, depth);
        return p.side_to_move() == Color::Black ? perft_hashed<Color::Black>(p, depth, *table)
                                                : perft_hashed<Color::White>(p, depth, *table);
    }
};

}  // namespace

std::uint64_t perft(const Position& p, int depth) {
    if (depth <= 0) return 1;
    return p.side_to_move() == Color::Black ? perft_plain<Color::Black>(p, depth)
                                            : perft_plain<Color::White>(p, depth);
}

PerftResult perft_divide(const Position& p, const PerftOptions& options,
                         const std::function<void(const DivideLine&, std::size_t, std::size_t)>&
                             on_root_done) {
    PerftOptions o = options;
    o.routes = Routes::Drop;  // the item weights are then 1: equal moves count once
    return detail::divide<InternationalPerft>(p, o, on_root_done);
}

}  // namespace tempo::intl
