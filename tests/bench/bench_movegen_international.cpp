// Micro-benchmarks of the 10x10 (international) move generator: generate_moves, which search
// uses, and count_moves and perft, which bulk perft uses, on a few positions of different kinds.
//
// Run: build/release/tests/tempo_bench --benchmark_filter=Intl
// Figures depend on the machine and its load; compare runs made one after the other.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <stdexcept>
#include <string>

#include "engine/notation_international.hpp"
#include "engine/perft.hpp"

using namespace tempo;

namespace {

intl::Position fen(const std::string& text) {
    auto p = intl::parse_fen(text);
    if (!p.ok()) throw std::runtime_error(p.error());
    return p.value();
}

// The start: nine men moves.
intl::Position start() { return intl::Position::start(); }

// The Woldouby position (tests/data/perft-international.txt): six moves, captures soon.
intl::Position woldouby() {
    return fen("W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26");
}

// A crowded middle game with no capture: six men moves.
intl::Position middle_game() {
    return fen("W:W24,25,27,28,31,32,33,34,35,36,37,38,40,41,42:"
               "B8,9,10,12,13,14,15,16,17,18,19,20,21,23,26");
}

// A white king that takes three pieces and has five ways to end: five moves.
intl::Position king_capture() { return fen("W:WK22,28,33,K45:BK24,18,34,40,K6"); }

// Flying kings in an open ending: every move a king move (25 of them).
intl::Position kings_ending() { return fen("W:WK46,K50,K5:BK1,K25"); }

void BM_IntlGenerateMoves(benchmark::State& state, intl::Position p) {
    intl::MoveList list;
    for (auto _ : state) {
        benchmark::DoNotOptimize(p);
        intl::generate_moves(p, list);
        benchmark::DoNotOptimize(list.size());
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(list.size()));
}
BENCHMARK_CAPTURE(BM_IntlGenerateMoves, start, start());
BENCHMARK_CAPTURE(BM_IntlGenerateMoves, woldouby, woldouby());
BENCHMARK_CAPTURE(BM_IntlGenerateMoves, middle_game, middle_game());
BENCHMARK_CAPTURE(BM_IntlGenerateMoves, king_capture, king_capture());
BENCHMARK_CAPTURE(BM_IntlGenerateMoves, kings_ending, kings_ending());

// The count that perft uses at the last ply.
void BM_IntlCountMoves(benchmark::State& state, intl::Position p) {
    for (auto _ : state) {
        benchmark::DoNotOptimize(p);
        benchmark::DoNotOptimize(intl::count_moves(p));
    }
}
BENCHMARK_CAPTURE(BM_IntlCountMoves, start, start());
BENCHMARK_CAPTURE(BM_IntlCountMoves, middle_game, middle_game());
BENCHMARK_CAPTURE(BM_IntlCountMoves, king_capture, king_capture());
BENCHMARK_CAPTURE(BM_IntlCountMoves, kings_ending, kings_ending());

// Generation, after and counting together: the plain perft, items are leaf nodes.
void BM_IntlPerft(benchmark::State& state, intl::Position p) {
    const int depth = int(state.range(0));
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        nodes = intl::perft(p, depth);
        benchmark::DoNotOptimize(nodes);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(nodes));
}
BENCHMARK_CAPTURE(BM_IntlPerft, start, start())->Arg(6);
BENCHMARK_CAPTURE(BM_IntlPerft, woldouby, woldouby())->Arg(10);

}  // namespace
