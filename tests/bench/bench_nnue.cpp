// One evaluation by the neural network (search/nnue.hpp) of each game, each path, on quiet
// positions of random games: compare with BM_EvaluateRich (bench_search.cpp) and BM_IntlEvaluate
// (bench_eval_international.cpp), the classic evaluations. The network is the built-in one when
// the build has it, else random weights of the same sizes (the cost does not depend on the values).
//
// Run: build/release/tests/tempo_bench --benchmark_filter=Network (English: BM_Network...,
// international draughts: BM_IntlNetwork...).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "bench_positions.hpp"
#include "engine/international.hpp"
#include "search/nnue.hpp"

using namespace tempo;
using namespace tempo::search;

namespace {

// The built-in network of game G, or random weights (first layer within +-w1, dense within +-20).
template <class G>
const nnue::BasicNetwork<G>& network(int w1) {
    static const nnue::BasicNetwork<G> net = [w1] {
        if (const nnue::BasicNetwork<G>* built_in = nnue::BasicNetwork<G>::embedded()) return *built_in;
        auto w = std::make_unique<nnue::BasicParameters<G>>();
        std::mt19937_64 rng(1);
        for (auto& row : w->w1)
            for (auto& v : row) v = std::int16_t(int(rng() % std::uint64_t(2 * w1 + 1)) - w1);
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
        return nnue::BasicNetwork<G>::from_parameters(*w, "random").value();
    }();
    return net;
}

// One game's network and positions.
template <RulesTrait B, class G>
struct Case {
    std::vector<BasicPosition<B>> quiet, in_order;
    const nnue::BasicNetwork<G>* net;
};

template <RulesTrait B, class G>
void evaluate(benchmark::State& state, const Case<B, G>* c) {
    std::size_t i = 0;
    for (auto _ : state) benchmark::DoNotOptimize(c->net->evaluate(c->quiet[i++ & 255]));
}

template <RulesTrait B, class G>
void evaluate_portable(benchmark::State& state, const Case<B, G>* c) {
    std::size_t i = 0;
    for (auto _ : state) benchmark::DoNotOptimize(c->net->evaluate_portable(c->quiet[i++ & 255]));
}

// With the first layer updated from a cache, as the search evaluates: positions in game order (a
// search's siblings are closer still).
template <RulesTrait B, class G>
void evaluate_cached(benchmark::State& state, const Case<B, G>* c) {
    nnue::Cache cache;
    std::size_t i = 0;
    for (auto _ : state) benchmark::DoNotOptimize(c->net->evaluate(c->in_order[i++ & 255], cache));
}

template <RulesTrait B, class G>
void features(benchmark::State& state, const Case<B, G>* c) {
    std::size_t i = 0;
    for (auto _ : state) benchmark::DoNotOptimize(nnue::features_of(c->quiet[i++ & 255]));
}

template <RulesTrait B, class G>
void register_game(const std::string& prefix, const Case<B, G>* c) {
    benchmark::RegisterBenchmark((prefix + "Evaluate").c_str(), evaluate<B, G>, c);
    benchmark::RegisterBenchmark((prefix + "EvaluatePortable").c_str(), evaluate_portable<B, G>, c);
    benchmark::RegisterBenchmark((prefix + "EvaluateCached").c_str(), evaluate_cached<B, G>, c);
    benchmark::RegisterBenchmark((prefix + "Features").c_str(), features<B, G>, c);
}

const bool registered = [] {
    static const Case<Wcdf, nnue::English> english{bench::quiet_positions<Wcdf>(7, 70),
                                                   bench::game_positions<Wcdf>(3), &network<nnue::English>(30)};
    static const Case<intl::Fmjd, nnue::International> international{
        bench::quiet_positions<intl::Fmjd>(17, 120), bench::game_positions<intl::Fmjd>(3),
        &network<nnue::International>(20)};
    register_game("BM_Network", &english);
    register_game("BM_IntlNetwork", &international);
    return true;
}();

}  // namespace
