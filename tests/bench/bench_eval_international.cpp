// Micro-benchmark of the 10x10 evaluation (search/eval_international.hpp) on quiet positions of
// random games: openings, middle games and endgames with kings, as the search meets them.
//
// Run: build/release/tests/tempo_bench --benchmark_filter=IntlEvaluate
#include <benchmark/benchmark.h>

#include <cstddef>
#include <memory>
#include <random>
#include <vector>

#include "engine/movegen.hpp"
#include "search/eval_international.hpp"
#include "search/nnue.hpp"

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

// The 10x10 network (search/nnue.hpp) on the same positions: the built-in one when the build has
// it, else random weights of the same sizes (the cost does not depend on the values).
namespace {

const nnue::IntlNetwork& intl_network() {
    static const nnue::IntlNetwork net = [] {
        if (const nnue::IntlNetwork* built_in = nnue::IntlNetwork::embedded()) return *built_in;
        auto w = std::make_unique<nnue::IntlParameters>();
        std::mt19937_64 rng(1);
        for (auto& row : w->w1)
            for (auto& v : row) v = std::int16_t(int(rng() % 41) - 20);
        for (auto& v : w->b1) v = 0;
        for (auto& d : w->dense) {
            for (auto& row : d.w2)
                for (auto& v : row) v = std::int8_t(int(rng() % 41) - 20);
            d.b2 = {};
            for (auto& row : d.w3)
                for (auto& v : row) v = std::int8_t(int(rng() % 41) - 20);
            d.b3 = {};
            for (auto& v : d.w4) v = std::int8_t(int(rng() % 41) - 20);
            d.b4 = 0;
        }
        return nnue::IntlNetwork::from_parameters(*w, "random").value();
    }();
    return net;
}

}  // namespace

static void BM_IntlNetworkEvaluate(benchmark::State& state) {
    const auto positions = quiet_intl_positions();
    const nnue::IntlNetwork& net = intl_network();
    std::size_t i = 0;
    for (auto _ : state) benchmark::DoNotOptimize(net.evaluate(positions[i++ & 255]));
}
BENCHMARK(BM_IntlNetworkEvaluate);

// With the first layer updated from a cache, as the search evaluates: the quiet positions of one
// random game after another, in order.
static void BM_IntlNetworkEvaluateCached(benchmark::State& state) {
    std::mt19937_64 rng(3);
    std::vector<intl::Position> positions;
    intl::Position p = intl::Position::start();
    intl::MoveList list;
    while (positions.size() < 256) {
        intl::generate_moves(p, list);
        if (list.empty()) {
            p = intl::Position::start();
            continue;
        }
        if (!intl::has_capture(p)) positions.push_back(p);
        p = p.after(list[std::size_t(rng() % list.size())]);
    }
    const nnue::IntlNetwork& net = intl_network();
    nnue::Cache cache;
    std::size_t i = 0;
    for (auto _ : state) benchmark::DoNotOptimize(net.evaluate(positions[i++ & 255], cache));
}
BENCHMARK(BM_IntlNetworkEvaluateCached);
