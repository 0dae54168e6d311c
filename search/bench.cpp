#include "search/bench.hpp"

#include <chrono>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

#include "engine/movegen.hpp"
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
        for (const Move& m : list)
            if (Geo::square_of(m.from) + 1 == from && Geo::square_of(m.to) + 1 == to) {
                q = q.after(m);
                break;
            }
    }
    return q;
}

namespace {

struct BenchPosition {
    const char* name;
    Position position;
};

std::vector<BenchPosition> bench_positions() {
    const Position start = Position::start();
    constexpr Color B = Color::Black, W = Color::White;
    return {
        {"start", start},
        // Ballot 17, W:W18,21,22,24-32:B1-8,10,11,13,16
        {"ballot 9-13 23-18 12-16", play(start, {{9, 13}, {23, 18}, {12, 16}})},
        {"ballot 11-15 23-19 8-11 22-17", play(start, {{11, 15}, {23, 19}, {8, 11}, {22, 17}})},
        {"ballot 10-15 22-18 15x22 25x18", play(start, {{10, 15}, {22, 18}, {15, 22}, {25, 18}})},
        {"middle game, single corner",
         play(start, {{11, 15}, {22, 18}, {15, 22}, {25, 18}, {8, 11}, {29, 25}, {4, 8}, {25, 22},
                      {12, 16}, {24, 20}, {10, 15}, {27, 24}})},
        // B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29 (PDN 2.0 example)
        {"kings on both sides",
         position_from_squares(B, {12, 16, 20, 22, 25, 29}, {18, 24, 27, 28, 10, 15}, {10, 15, 22, 25, 29})},
        // W:WK4,9,K13,27,32:B3,5,K10,28 (Wiswell)
        {"Wiswell problem", position_from_squares(W, {3, 5, 10, 28}, {4, 9, 13, 27, 32}, {4, 13, 10})},
        // B:WK12,K27,30,32:B21,K24,28,K31
        {"kings and men", position_from_squares(B, {21, 24, 28, 31}, {12, 27, 30, 32}, {12, 27, 24, 31})},
        // W:WK4,13,30,K31,K32:BK1,K3,K7,K15,21
        {"ten-piece endgame",
         position_from_squares(W, {1, 3, 7, 15, 21}, {4, 13, 30, 31, 32}, {4, 31, 32, 1, 3, 7, 15})},
        // B:W14,15,22,23,24,30,31,32:BK6,7,8,9,11,12
        {"black king against men", position_from_squares(B, {6, 7, 8, 9, 11, 12}, {14, 15, 22, 23, 24, 30, 31, 32}, {6})},
        // W:WK14,K15:BK1 (two kings against one in the double corner)
        {"two kings against one", position_from_squares(W, {1}, {14, 15}, {1, 14, 15})},
        // W:WK18,K19,K23:BK1,K5 (three kings against two holding a double corner)
        {"three kings against two", position_from_squares(W, {1, 5}, {18, 19, 23}, {1, 5, 18, 19, 23})},
    };
}

std::string move_squares(const Move& m) {
    return std::to_string(Geo::square_of(m.from) + 1) + (m.is_capture() ? "x" : "-") +
           std::to_string(Geo::square_of(m.to) + 1);
}

}  // namespace

BenchResult run_bench(int depth, std::ostream& out) {
    Engine engine(16);
    Limits limits;
    limits.depth = depth;
    BenchResult total;
    const auto positions = bench_positions();
    int n = 0;
    for (const BenchPosition& bp : positions) {
        engine.clear();
        const auto t0 = std::chrono::steady_clock::now();
        const SearchResult r = engine.go(bp.position, {}, limits);
        const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::steady_clock::now() - t0).count();
        total.nodes += r.nodes;
        total.ms += ms;
        out << std::setw(2) << ++n << '/' << positions.size() << ' ' << std::left << std::setw(32)
            << bp.name << std::right << " depth " << std::setw(2) << r.depth << " score "
            << std::setw(6) << r.score << " best " << std::setw(6)
            << (r.best ? move_squares(*r.best) : std::string("none")) << " nodes " << std::setw(10)
            << r.nodes << ' ' << std::setw(6) << ms << " ms\n";
    }
    out << "Total time (ms) : " << total.ms << '\n'
        << "Nodes/second    : " << total.nodes * 1000 / std::uint64_t(total.ms > 0 ? total.ms : 1) << '\n'
        << "Nodes searched: " << total.nodes << '\n';
    return total;
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
