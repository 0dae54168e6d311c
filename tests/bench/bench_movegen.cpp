// Micro-benchmarks of the hot primitives of the rules core, written once over the rules trait and
// run for each game on a few fixed positions of different kinds: move generation (what search
// uses), counting moves (perft's last ply), the capture test, `Position::after`, and perft, which
// puts them together.
//
// Run: build/release/tests/tempo_bench --benchmark_filter=Moves (English: BM_GenerateMoves/...,
// international draughts: BM_IntlGenerateMoves/..., Brazilian: BM_BrazilGenerateMoves/...).
// Figures depend on the machine and its load; compare runs made one after the other.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/brazilian.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/perft.hpp"

using namespace tempo;

namespace {

template <RulesTrait B>
BasicPosition<B> fen(std::string_view text) {
    auto p = parse_fen<B>(text);
    if (!p.ok()) throw std::runtime_error(p.error());
    return p.value();
}

// --- The measurements, one template each --------------------------------------------------------

template <RulesTrait B>
void generate(benchmark::State& state, BasicPosition<B> p) {
    MoveListFor<B> list;
    for (auto _ : state) {
        benchmark::DoNotOptimize(p);
        generate_moves(p, list);
        benchmark::DoNotOptimize(list.size());
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(list.size()));
}

// The count that perft uses at the last ply (English counts in both conventions).
template <RulesTrait B>
void count(benchmark::State& state, BasicPosition<B> p, Routes routes) {
    for (auto _ : state) {
        benchmark::DoNotOptimize(p);
        benchmark::DoNotOptimize(count_moves(p, routes));
    }
}

template <RulesTrait B>
void capture_test(benchmark::State& state, BasicPosition<B> p) {
    for (auto _ : state) {
        benchmark::DoNotOptimize(p);
        benchmark::DoNotOptimize(has_capture(p));
    }
}

// Every legal move of the position made once per iteration; items are single `after` calls.
template <RulesTrait B>
void after(benchmark::State& state, BasicPosition<B> p) {
    MoveListFor<B> list;
    generate_moves(p, list);
    for (auto _ : state) {
        benchmark::DoNotOptimize(p);
        for (const Move& m : list) {
            const BasicPosition<B> child = p.after(m);
            benchmark::DoNotOptimize(child);
        }
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(list.size()));
}

// Generation, after and counting together: the plain perft, items are leaf nodes.
template <RulesTrait B>
void perft_of(benchmark::State& state, BasicPosition<B> p, int depth) {
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        nodes = perft(p, depth);
        benchmark::DoNotOptimize(nodes);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(nodes));
}

// Registers one measurement under its name ("BM_GenerateMoves/start").
template <class F, class... Args>
void add(const std::string& name, F f, Args... args) {
    benchmark::RegisterBenchmark(name.c_str(), f, args...);
}

// --- English draughts ---------------------------------------------------------------------------

// Bits of PDN squares (1-32).
Bitboard squares(std::initializer_list<int> numbers) {
    Bitboard b = 0;
    for (int n : numbers) b |= bit(Geo::bit_of(n - 1));
    return b;
}

void english() {
    // The start position, Black to move: seven men moves.
    const Position start = Position::start();
    // A middle game with men of both sides in contact but no capture: six quiet moves.
    // B:W17,18,21,23,24,25,26,27,28,30,31:B1,2,3,5,6,7,8,10,11,12,14
    const Position middle = Position::from_bitboards(squares({1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 14}),
                                                     squares({17, 18, 21, 23, 24, 25, 26, 27, 28, 30, 31}),
                                                     0, Color::Black);
    // A black king among white men, with many multi-captures that end on the same square by
    // different routes (14 moves counting every route, 10 distinct). B:W6,7,8,14,15,16,22,23,24:BK2
    const Position kings = Position::from_bitboards(squares({2}), squares({6, 7, 8, 14, 15, 16, 22, 23, 24}),
                                                    squares({2}), Color::Black);
    // A white king that can capture four men round a loop in either direction.
    // W:WK10,30,31,32:B1,2,3,14,15,22,23
    const Position loop = Position::from_bitboards(squares({1, 2, 3, 14, 15, 22, 23}),
                                                   squares({10, 30, 31, 32}), squares({10}), Color::White);
    add("BM_GenerateMoves/start", generate<Wcdf>, start);
    add("BM_GenerateMoves/middle_game", generate<Wcdf>, middle);
    add("BM_GenerateMoves/king_captures", generate<Wcdf>, kings);
    add("BM_GenerateMoves/king_loop", generate<Wcdf>, loop);
    add("BM_CountMoves/start", count<Wcdf>, start, Routes::Keep);
    add("BM_CountMoves/middle_game", count<Wcdf>, middle, Routes::Keep);
    add("BM_CountMoves/king_captures_keep", count<Wcdf>, kings, Routes::Keep);
    add("BM_CountMoves/king_captures_drop", count<Wcdf>, kings, Routes::Drop);
    add("BM_HasCapture/start", capture_test<Wcdf>, start);
    add("BM_HasCapture/middle_game", capture_test<Wcdf>, middle);
    add("BM_HasCapture/king_captures", capture_test<Wcdf>, kings);
    add("BM_After/start", after<Wcdf>, start);
    add("BM_After/middle_game", after<Wcdf>, middle);
    add("BM_After/king_captures", after<Wcdf>, kings);
    add("BM_Perft/start/7", perft_of<Wcdf>, start, 7);
    add("BM_Perft/king_captures/5", perft_of<Wcdf>, kings, 5);
}

// --- International draughts ---------------------------------------------------------------------

void international() {
    using B = intl::Fmjd;
    // The start: nine men moves.
    const auto start = intl::Position::start();
    // The Woldouby position (tests/data/perft-international.txt): six moves, captures soon.
    const auto woldouby = fen<B>("W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26");
    // A crowded middle game with no capture: six men moves.
    const auto middle = fen<B>("W:W24,25,27,28,31,32,33,34,35,36,37,38,40,41,42:"
                               "B8,9,10,12,13,14,15,16,17,18,19,20,21,23,26");
    // A white king that takes three pieces and has five ways to end: five moves.
    const auto king = fen<B>("W:WK22,28,33,K45:BK24,18,34,40,K6");
    // Flying kings in an open ending: every move a king move (25 of them).
    const auto ending = fen<B>("W:WK46,K50,K5:BK1,K25");
    add("BM_IntlGenerateMoves/start", generate<B>, start);
    add("BM_IntlGenerateMoves/woldouby", generate<B>, woldouby);
    add("BM_IntlGenerateMoves/middle_game", generate<B>, middle);
    add("BM_IntlGenerateMoves/king_capture", generate<B>, king);
    add("BM_IntlGenerateMoves/kings_ending", generate<B>, ending);
    add("BM_IntlCountMoves/start", count<B>, start, Routes::Drop);
    add("BM_IntlCountMoves/middle_game", count<B>, middle, Routes::Drop);
    add("BM_IntlCountMoves/king_capture", count<B>, king, Routes::Drop);
    add("BM_IntlCountMoves/kings_ending", count<B>, ending, Routes::Drop);
    add("BM_IntlHasCapture/middle_game", capture_test<B>, middle);
    add("BM_IntlHasCapture/king_capture", capture_test<B>, king);
    add("BM_IntlAfter/start", after<B>, start);
    add("BM_IntlAfter/king_capture", after<B>, king);
    add("BM_IntlPerft/start/6", perft_of<B>, start, 6);
    add("BM_IntlPerft/woldouby/10", perft_of<B>, woldouby, 10);
}

// --- Brazilian draughts -------------------------------------------------------------------------

void brazilian() {
    using B = brazil::Cbd;
    // The start, White to move: seven men moves.
    const auto start = brazil::Position::start();
    // A white king in an open ending with men of both sides.
    const auto ending = fen<B>("W:WK29,18,22:B5,9,K27,14");
    add("BM_BrazilGenerateMoves/start", generate<B>, start);
    add("BM_BrazilGenerateMoves/ending", generate<B>, ending);
    add("BM_BrazilCountMoves/start", count<B>, start, Routes::Drop);
    add("BM_BrazilPerft/start/7", perft_of<B>, start, 7);
}

// Registered before main runs, so that --benchmark_filter and --benchmark_list_tests see them.
const bool registered = [] {
    english();
    international();
    brazilian();
    return true;
}();

}  // namespace

BENCHMARK_MAIN();
