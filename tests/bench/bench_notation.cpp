// Notation and Game: what a server pays per request (parse a FEN, read and write a move, status).
#include <benchmark/benchmark.h>

#include "engine/game.hpp"
#include "engine/notation.hpp"

using namespace tempo;

namespace {
constexpr const char* Middle = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29";
constexpr const char* KingCaptures = "B:W6,7,8,14,15,16,22,23,24:BK2";
}  // namespace

static void BM_ParseFen(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(parse_fen(Middle).ok());
}
BENCHMARK(BM_ParseFen);

static void BM_ToFen(benchmark::State& state) {
    const Position p = parse_fen(Middle).value();
    for (auto _ : state) benchmark::DoNotOptimize(to_fen(p).size());
}
BENCHMARK(BM_ToFen);

// The text of every legal move of a position with ten king captures (routes up to eight jumps).
static void BM_MoveTextKingCaptures(benchmark::State& state) {
    const Position p = parse_fen(KingCaptures).value();
    MoveList list;
    generate_moves(p, list);
    for (auto _ : state)
        for (const Move& m : list) benchmark::DoNotOptimize(move_text(p, m).size());
    state.SetItemsProcessed(state.iterations() * std::int64_t(list.size()));
}
BENCHMARK(BM_MoveTextKingCaptures);

static void BM_ParseMoveStep(benchmark::State& state) {
    const Position p = Position::start();
    for (auto _ : state) benchmark::DoNotOptimize(parse_move(p, "11-15").ok());
}
BENCHMARK(BM_ParseMoveStep);

static void BM_ParseMoveLongCapture(benchmark::State& state) {
    const Position p = parse_fen(KingCaptures).value();
    for (auto _ : state) benchmark::DoNotOptimize(parse_move(p, "2x9x18x11x20x27x18x25").ok());
}
BENCHMARK(BM_ParseMoveLongCapture);

static void BM_ParseMoveAmbiguous(benchmark::State& state) {
    const Position p = parse_fen(KingCaptures).value();
    for (auto _ : state) benchmark::DoNotOptimize(parse_move(p, "2x25").ok());
}
BENCHMARK(BM_ParseMoveAmbiguous);

// Status after up to 78 reversible king plies (a random walk that avoids a third repetition):
// the repetition scan reads the whole history.
static void BM_GameStatusLongHistory(benchmark::State& state) {
    Game g = Game::from_fen("W:WK32,K24:BK1,K9", Rules::official()).value();
    std::uint64_t seed = 1;
    for (int tries = 0; g.moves().size() < 78 && tries < 100000; ++tries) {
        const auto moves = g.legal_moves();
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        (void)g.play(moves[(seed >> 33) % moves.size()]);
        if (g.status().is_over()) g.undo();
    }
    for (auto _ : state) benchmark::DoNotOptimize(g.status().outcome);
    state.counters["plies"] = double(g.moves().size());
}
BENCHMARK(BM_GameStatusLongHistory);

// A server round trip: validate a text, play it, take it back.
static void BM_GamePlayUndo(benchmark::State& state) {
    Game g;
    for (auto _ : state) {
        benchmark::DoNotOptimize(g.play("11-15").ok());
        g.undo();
    }
}
BENCHMARK(BM_GamePlayUndo);
