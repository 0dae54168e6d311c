// run_bench<B> (bench.hpp), the loop every game's bench shares: each of bench_positions<B>()
// searched to `depth` with a cleared 16 MB table, one thread, a line each, then the totals. Each
// game's bench file includes it, defines its positions and instantiates run_bench for its trait.
#pragma once

#include <chrono>
#include <cstdlib>
#include <initializer_list>
#include <iostream>
#include <ostream>
#include <string>

#include "engine/rulebook.hpp"
#include "search/bench.hpp"
#include "search/search.hpp"

namespace tempo::search {

// A position of a fixed bench list of the game with rules trait `Board`: a FEN, then its moves
// as text (a typo there is a bug, so it fails loudly).
template <class Board>
typename Rulebook<Board>::Position bench_position(const char* fen, std::initializer_list<const char*> moves = {}) {
    using R = Rulebook<Board>;
    const auto p = R::parse_fen(fen);
    if (!p) {
        std::cerr << "bench: bad FEN " << fen << ": " << p.error() << '\n';
        std::abort();
    }
    auto q = *p;
    for (const char* move : moves) {
        const auto m = R::parse_move(q, move);
        if (!m) {
            std::cerr << "bench: bad move " << move << ": " << m.error() << '\n';
            std::abort();
        }
        q = q.after(*m);
    }
    return q;
}

template <RulesTrait B>
BenchResult run_bench(int depth, std::ostream& out) {
    using Geometry = typename B::Geometry;
    const std::vector<BenchEntry<BasicPosition<B>>> positions = bench_positions<B>();
    Engine engine(16);
    Limits limits;
    limits.depth = depth;
    BenchResult total;
    std::size_t n = 0;
    for (const auto& bp : positions) {
        engine.clear();
        const auto t0 = std::chrono::steady_clock::now();
        const SearchResult r = engine.go(bp.position, {}, limits);
        const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::steady_clock::now() - t0).count();
        total.nodes += r.nodes;
        total.ms += ms;
        std::string best = "none";
        if (r.best)
            best = std::to_string(Geometry::square_of(r.best->from) + 1) +
                   (r.best->is_capture() ? "x" : "-") +
                   std::to_string(Geometry::square_of(r.best->to) + 1);
        print_bench_line(out, ++n, positions.size(), bp.name, r, best, ms);
    }
    print_bench_total(out, total);
    return total;
}

}  // namespace tempo::search
