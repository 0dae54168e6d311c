// Micro-benchmarks of the hot primitives of the rules core: move generation, counting moves,
// the capture test and `Position::after`, each on a few fixed positions of different kinds.
//
// Run: build/release/tests/tempo_bench (add --benchmark_filter=Generate to pick some).
// Figures depend on the machine and its load; compare runs made one after the other.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <initializer_list>

#include "engine/movegen.hpp"
#include "engine/perft.hpp"
#include "engine/position.hpp"

using namespace tempo;

namespace {

// Bits of PDN squares (1-32).
Bitboard squares(std::initializer_list<int> numbers) {
    Bitboard b = 0;
    for (int n : numbers) b |= bit(Geo::bit_of(n - 1));
    return b;
}

// The start position, Black to move: seven men moves.
Position start_position() { return Position::start(); }

// A middle game with men of both sides in contact but no capture: six quiet moves.
// B:W17,18,21,23,24,25,26,27,28,30,31:B1,2,3,5,6,7,8,10,11,12,14
Position middle_game() {
    return Position::from_bitboards(squares({1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 14}),
                                    squares({17, 18, 21, 23, 24, 25, 26, 27, 28, 30, 31}), 0,
                                    Color::Black);
}

// A black king among white men, with many multi-captures that end on the same square by
// different routes (14 moves counting every route, 10 distinct).
// B:W6,7,8,14,15,16,22,23,24:BK2
Position king_captures() {
    return Position::from_bitboards(squares({2}), squares({6, 7, 8, 14, 15, 16, 22, 23, 24}),
                                    squares({2}), Color::Black);
}

// A white king that can capture four men round a loop in either direction.
// W:WK10,30,31,32:B1,2,3,14,15,22,23
Position king_loop() {
    return Position::from_bitboards(squares({1, 2, 3, 14, 15, 22, 23}), squares({10, 30, 31, 32}),
                                    squares({10}), Color::White);
}

void BM_GenerateMoves(benchmark::State& state, Position p) {
    MoveList list;
    for (auto _ : state) {
        benchmark::DoNotOptimize(p);
        generate_moves(p, list);
        benchmark::DoNotOptimize(list.size());
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(list.size()));
}
BENCHMARK_CAPTURE(BM_GenerateMoves, start, start_position());
BENCHMARK_CAPTURE(BM_GenerateMoves, middle_game, middle_game());
BENCHMARK_CAPTURE(BM_GenerateMoves, king_captures, king_captures());
BENCHMARK_CAPTURE(BM_GenerateMoves, king_loop, king_loop());

// The count that perft uses at the last ply, in both conventions.
void BM_CountMoves(benchmark::State& state, Position p, Routes routes) {
    for (auto _ : state) {
        benchmark::DoNotOptimize(p);
        benchmark::DoNotOptimize(count_moves(p, routes));
    }
}
BENCHMARK_CAPTURE(BM_CountMoves, start, start_position(), Routes::Keep);
BENCHMARK_CAPTURE(BM_CountMoves, middle_game, middle_game(), Routes::Keep);
BENCHMARK_CAPTURE(BM_CountMoves, king_captures_keep, king_captures(), Routes::Keep);
BENCHMARK_CAPTURE(BM_CountMoves, king_captures_drop, king_captures(), Routes::Drop);

void BM_HasCapture(benchmark::State& state, Position p) {
    for (auto _ : state) {
        benchmark::DoNotOptimize(p);
        benchmark::DoNotOptimize(has_capture(p));
    }
}
BENCHMARK_CAPTURE(BM_HasCapture, start, start_position());
BENCHMARK_CAPTURE(BM_HasCapture, middle_game, middle_game());
BENCHMARK_CAPTURE(BM_HasCapture, king_captures, king_captures());

// Every legal move of the position made once per iteration; items are single `after` calls.
void BM_After(benchmark::State& state, Position p) {
    MoveList list;
    generate_moves(p, list);
    for (auto _ : state) {
        benchmark::DoNotOptimize(p);
        for (const Move& m : list) {
            const Position child = p.after(m);
            benchmark::DoNotOptimize(child);
        }
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(list.size()));
}
BENCHMARK_CAPTURE(BM_After, start, start_position());
BENCHMARK_CAPTURE(BM_After, middle_game, middle_game());
BENCHMARK_CAPTURE(BM_After, king_captures, king_captures());

// Generation, after and counting together: the plain perft, items are leaf nodes.
void BM_Perft(benchmark::State& state, Position p) {
    const int depth = int(state.range(0));
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        nodes = perft(p, depth);
        benchmark::DoNotOptimize(nodes);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(nodes));
}
BENCHMARK_CAPTURE(BM_Perft, start, start_position())->Arg(7);
BENCHMARK_CAPTURE(BM_Perft, king_captures, king_captures())->Arg(5);

}  // namespace

BENCHMARK_MAIN();
