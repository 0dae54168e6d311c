#include <benchmark/benchmark.h>

#include "engine/movegen.hpp"

using namespace tempo;

// Move generation from the start position.
static void BM_GenerateStart(benchmark::State& state) {
    const Position p = Position::start();
    MoveList list;
    for (auto _ : state) {
        generate_moves(p, list);
        benchmark::DoNotOptimize(list.size());
    }
}
BENCHMARK(BM_GenerateStart);

BENCHMARK_MAIN();
