#include "search/bench.hpp"

#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "search/bench_run.hpp"
#include "search/search.hpp"

namespace tempo::search {

Position position_from_squares(Color side, std::initializer_list<int> black,
                               std::initializer_list<int> white, std::initializer_list<int> kings) {
    auto board = [](std::initializer_list<int> squares) {
        Bitboard b = 0;
        for (int s : squares)
            if (s >= 1 && s <= Geo::squares) b |= bit(Geo::bit_of(s - 1));
        return b;
    };
    return Position::from_bitboards(board(black), board(white), board(kings), side);
}

Position play(const Position& p, std::initializer_list<std::pair<int, int>> moves) {
    Position q = p;
    for (const auto& [from, to] : moves) {
        MoveList list;
        generate_moves(q, list);
        const Move* found = nullptr;
        for (const Move& m : list)
            if (Geo::square_of(m.from) + 1 == from && Geo::square_of(m.to) + 1 == to) {
                found = &m;
                break;
            }
        if (!found) {  // a fixed line with a typo is a bug: fail loudly
            std::cerr << "play: no legal move " << from << '-' << to << '\n';
            std::abort();
        }
        q = q.after(*found);
    }
    return q;
}

namespace {

// A FEN of the fixed list below (a typo there is a bug: fail loudly).
Position fen(const char* text) {
    const Result<Position> p = parse_fen(text);
    if (!p) {
        std::cerr << "bench: bad FEN " << text << ": " << p.error() << '\n';
        std::abort();
    }
    return *p;
}

}  // namespace

template <>
std::vector<BenchEntry<Position>> bench_positions<Wcdf>() {
    const Position start = Position::start();
    return {
        {"start", start},
        {"ballot 9-13 23-18 12-16", play(start, {{9, 13}, {23, 18}, {12, 16}})},
        {"ballot 11-15 23-19 8-11 22-17", play(start, {{11, 15}, {23, 19}, {8, 11}, {22, 17}})},
        {"ballot 10-15 22-18 15x22 25x18", play(start, {{10, 15}, {22, 18}, {15, 22}, {25, 18}})},
        {"middle game, single corner",
         play(start, {{11, 15}, {22, 18}, {15, 22}, {25, 18}, {8, 11}, {29, 25}, {4, 8}, {25, 22},
                      {12, 16}, {24, 20}, {10, 15}, {27, 24}})},
        {"kings on both sides", fen("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29")},  // PDN 2.0
        {"Wiswell problem", fen("W:WK4,9,K13,27,32:B3,5,K10,28")},
        {"kings and men", fen("B:WK12,K27,30,32:B21,K24,28,K31")},
        {"ten-piece endgame", fen("W:WK4,13,30,K31,K32:BK1,K3,K7,K15,21")},
        {"black king against men", fen("B:W14,15,22,23,24,30,31,32:BK6,7,8,9,11,12")},
        {"two kings against one", fen("W:WK14,K15:BK1")},  // the lone king in a double corner
        {"three kings against two", fen("W:WK18,K19,K23:BK1,K5")},
    };
}

template BenchResult run_bench<Wcdf>(int, std::ostream&);

void print_bench_line(std::ostream& out, std::size_t n, std::size_t count, const char* name,
                      const SearchResult& r, const std::string& best, std::int64_t ms) {
    out << std::setw(2) << n << '/' << count << ' ' << std::left << std::setw(32) << name
        << std::right << " depth " << std::setw(2) << r.depth << " score " << std::setw(6) << r.score
        << " best " << std::setw(6) << best << " nodes " << std::setw(10) << r.nodes << ' '
        << std::setw(6) << ms << " ms\n";
}

void print_bench_total(std::ostream& out, const BenchResult& total) {
    out << "Total time (ms) : " << total.ms << '\n'
        << "Nodes/second    : " << total.nodes * 1000 / std::uint64_t(total.ms > 0 ? total.ms : 1) << '\n'
        << "Nodes searched: " << total.nodes << '\n';
}

int bench_main(int argc, char** argv) {
    int depth = BenchDepth;
    if (argc >= 2) {
        char* end = nullptr;
        const long d = std::strtol(argv[1], &end, 10);
        if (end == argv[1] || *end != '\0' || d < 1 || d > MaxDepth) {
            std::cerr << "usage: tempo bench [depth 1-" << MaxDepth << "] (default " << BenchDepth << ")\n";
            return 2;
        }
        depth = int(d);
    }
    run_bench(depth, std::cout);
    return 0;
}

}  // namespace tempo::search
