// Micro-benchmark of the 10x10 evaluation (search/eval_international.hpp) on quiet positions of
// random games: openings, middle games and endgames with kings, as the search meets them.
//
// Run: build/release/tests/tempo_bench --benchmark_filter=IntlEvaluate
#include <benchmark/benchmark.h>

#include <cstddef>
#include <random>
#include <vector>

#include "engine/movegen_international.hpp"
#include "search/eval_international.hpp"

using namespace tempo;
using namespace tempo::search;

namespace {

// 256 quiet positions (no capture for the side to move, at least one move) after 0-119 random
// plies from the start.
std::vector<intl::Position> quiet_intl_positions() {
    std::mt19937_64 rng(17);
    std::vector<intl::Position> out;
    intl::MoveList list;
    while (out.size() < 256) {
        intl::Position p = intl::Position::start();
        const int plies = int(rng() % 120);
        for (int i = 0; i < plies; ++i) {
            intl::generate_moves(p, list);
            if (list.empty()) break;
            p = p.after(list[std::size_t(rng() % list.size())]);
        }
        if (!intl::has_capture(p) && intl::count_moves(p) > 0) out.push_back(p);
    }
    return out;
}

}  // namespace

static void BM_IntlEvaluate(benchmark::State& state) {
    const auto positions = quiet_intl_positions();
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(evaluate(positions[i++ & 255]));
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_IntlEvaluate);
