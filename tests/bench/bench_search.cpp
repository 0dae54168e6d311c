#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "bench_positions.hpp"
#include "search/eval.hpp"
#include "search/tt.hpp"

using namespace tempo;
using namespace tempo::search;

namespace {
// Quiet positions from random games, the kind the search evaluates.
std::vector<Position> quiet_positions() { return bench::quiet_positions<Wcdf>(7, 70); }
}  // namespace

// Evaluation of a mix of quiet opening, middle-game and endgame positions.
static void BM_Evaluate(benchmark::State& state) {
    const auto positions = quiet_positions();
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(evaluate(positions[i++ & 255]));
    }
}
BENCHMARK(BM_Evaluate);

// The same with each built-in weight set: the legacy terms only, and the richer evaluation.
static void BM_EvaluateLegacy(benchmark::State& state) {
    const auto positions = quiet_positions();
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(evaluate(positions[i++ & 255], LegacyWeights));
    }
}
BENCHMARK(BM_EvaluateLegacy);

static void BM_EvaluateRich(benchmark::State& state) {
    const auto positions = quiet_positions();
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(evaluate(positions[i++ & 255], RichWeights));
    }
}
BENCHMARK(BM_EvaluateRich);

// Probes of a 16 MB table, half of them hits, at random keys (mostly cache misses, as in search).
static void BM_TTProbe(benchmark::State& state) {
    TranspositionTable tt(16);
    std::mt19937_64 rng(8);
    std::vector<Key> keys(1 << 16);
    for (auto& k : keys) k = rng();
    for (std::size_t i = 0; i < keys.size(); i += 2) tt.store(keys[i], 10, 5, Bound::Exact, TTMove{});
    std::size_t i = 0;
    TTEntry e;
    for (auto _ : state) {
        benchmark::DoNotOptimize(tt.probe(keys[i++ & (keys.size() - 1)], e));
    }
}
BENCHMARK(BM_TTProbe);

// Stores into a 16 MB table at random keys.
static void BM_TTStore(benchmark::State& state) {
    TranspositionTable tt(16);
    std::mt19937_64 rng(9);
    for (auto _ : state) {
        tt.store(rng(), 10, 5, Bound::Lower, TTMove{1, 2, 3});
    }
}
BENCHMARK(BM_TTStore);
