// One evaluation by the neural network (search/nnue.hpp), each path, on quiet positions of random
// games: compare with BM_EvaluateRich (bench_search.cpp), the classic evaluation. The network is
// the built-in one when the build has it, else random weights of the same sizes (the cost does
// not depend on the values).
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "engine/movegen.hpp"
#include "search/nnue.hpp"

using namespace tempo;
using namespace tempo::search;

namespace {

std::vector<Position> quiet_positions() {
    std::mt19937_64 rng(7);
    std::vector<Position> out;
    while (out.size() < 256) {
        Position p = Position::start();
        const int plies = int(rng() % 70);
        for (int i = 0; i < plies; ++i) {
            MoveList list;
            generate_moves(p, list);
            if (list.empty()) break;
            p = p.after(list[rng() % list.size()]);
        }
        if (!has_capture(p) && count_moves(p) > 0) out.push_back(p);
    }
    return out;
}

const nnue::Network& network() {
    static const nnue::Network net = [] {
        if (const nnue::Network* built_in = nnue::Network::embedded()) return *built_in;
        auto w = std::make_unique<nnue::Parameters>();
        std::mt19937_64 rng(1);
        for (auto& row : w->w1)
            for (auto& v : row) v = std::int16_t(int(rng() % 61) - 30);
        for (auto& d : w->dense) {
            for (auto& row : d.w2)
                for (auto& v : row) v = std::int8_t(int(rng() % 41) - 20);
            for (auto& row : d.w3)
                for (auto& v : row) v = std::int8_t(int(rng() % 41) - 20);
        }
        return nnue::Network::from_parameters(*w, "random").value();
    }();
    return net;
}

}  // namespace

static void BM_NetworkEvaluate(benchmark::State& state) {
    const auto positions = quiet_positions();
    const nnue::Network& net = network();
    std::size_t i = 0;
    for (auto _ : state) benchmark::DoNotOptimize(net.evaluate(positions[i++ & 255]));
}
BENCHMARK(BM_NetworkEvaluate);

static void BM_NetworkEvaluatePortable(benchmark::State& state) {
    const auto positions = quiet_positions();
    const nnue::Network& net = network();
    std::size_t i = 0;
    for (auto _ : state) benchmark::DoNotOptimize(net.evaluate_portable(positions[i++ & 255]));
}
BENCHMARK(BM_NetworkEvaluatePortable);

// With the first layer updated from a cache, as the search evaluates: the positions of random
// games in order, so one differs from the one before by a move (the cache's case in a search is
// closer still: siblings of one node).
static void BM_NetworkEvaluateCached(benchmark::State& state) {
    std::mt19937_64 rng(3);
    std::vector<Position> positions;
    Position p = Position::start();
    while (positions.size() < 256) {
        MoveList list;
        generate_moves(p, list);
        if (list.empty()) {
            p = Position::start();
            continue;
        }
        if (!has_capture(p)) positions.push_back(p);
        p = p.after(list[rng() % list.size()]);
    }
    const nnue::Network& net = network();
    nnue::Cache cache;
    std::size_t i = 0;
    for (auto _ : state) benchmark::DoNotOptimize(net.evaluate(positions[i++ & 255], cache));
}
BENCHMARK(BM_NetworkEvaluateCached);

static void BM_NetworkFeatures(benchmark::State& state) {
    const auto positions = quiet_positions();
    std::size_t i = 0;
    for (auto _ : state) benchmark::DoNotOptimize(nnue::features_of(positions[i++ & 255]));
}
BENCHMARK(BM_NetworkFeatures);
