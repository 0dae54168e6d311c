// Micro-benchmark of the 10x10 evaluation (search/eval_international.hpp) on quiet positions of
// random games: openings, middle games and endgames with kings, as the search meets them.
//
// Run: build/release/tests/tempo_bench --benchmark_filter=IntlEvaluate (the 10x10 network:
// bench_nnue.cpp)
#include <benchmark/benchmark.h>

#include <cstddef>
#include <vector>

#include "bench_positions.hpp"
#include "search/eval_international.hpp"

using namespace tempo;
using namespace tempo::search;

static void BM_IntlEvaluate(benchmark::State& state) {
    const auto positions = bench::quiet_positions<intl::Fmjd>(17, 120);
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(evaluate(positions[i++ & 255]));
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_IntlEvaluate);
