// The searcher: iterative deepening over a principal variation search (alpha-beta with null
// windows), sharing one transposition table between a main thread and optional helpers (lazy SMP).
//
// `Engine` is the facade the protocol and the tools use: it owns the table and the workers. `go`
// runs in the calling thread (the protocol calls it on its search thread), reports each finished
// iteration through a callback, and returns the result; `stop` and `ponderhit` may be called from
// any other thread meanwhile.
//
// Guarantees:
// - A legal move is returned whenever one exists: the best of the last finished iteration, or of
//   the unfinished one when a move in it has already been proven better; before any iteration
//   finishes, the first move in the search order.
// - `depth` and `nodes` limits are exact with one thread, so such searches are reproducible after
//   `clear()`.
// - `movetime` is a hard limit (less `move_overhead`); with a clock the search budgets its time and
//   never spends more than a fraction of what is left.
// - Captures are compulsory, so a position with a capture is always searched, never evaluated.
// - Draws: a repetition of a position of the game history or of the search path, and the game's
//   draws by rule (search/variant.hpp: the 80-ply rule in English, the 25- and 16-move rules in
//   10x10). No legal move loses: `loss_in(ply)`.
// - With an endgame database (set_egdb, English only), a position below the root that it covers
//   scores exactly: win_in/loss_in of its distance, or a draw (the database ignores the 80-ply
//   rule; the search's own draw checks come first).
// - One searcher serves both games: the worker is a template over a game trait (variant.hpp).
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "engine/international.hpp"
#include "engine/position.hpp"
#include "search/nnue.hpp"
#include "search/score.hpp"
#include "search/tt.hpp"
#include "search/variant.hpp"

namespace tempo::search {

namespace egdb {
class Database;
}

inline constexpr int MaxDepth = 100;  // iterations stop here (MaxPly leaves room for extensions)

// What a `go` may spend. Zero or negative means "no limit" for each field.
struct Limits {
    int depth = 0;
    std::uint64_t nodes = 0;
    int movetime = 0;          // ms
    int wtime = -1, btime = -1;  // ms left on the clocks (-1: no clock)
    int winc = 0, binc = 0;      // ms added after each move
    int movestogo = 0;           // moves to the next time control (0: the rest of the game)
    bool infinite = false;       // search until stop()
    bool ponder = false;         // search until stop() or ponderhit(), then as the clock says
    int move_overhead = 10;      // ms kept back for I/O and the GUI
    int threads = 1;
    std::vector<Move> searchmoves;  // only these root moves (empty: all); each must be legal
};

// A finished iteration, as reported to the callback.
struct Info {
    int depth = 0;
    int seldepth = 0;
    Score score = 0;
    std::uint64_t nodes = 0;
    std::uint64_t nps = 0;
    std::int64_t time_ms = 0;
    int hashfull = 0;
    std::vector<Move> pv;
};

struct SearchResult {
    std::optional<Move> best;    // empty only when the root has no legal move
    std::optional<Move> ponder;  // the expected reply, when the PV has one
    Score score = 0;
    int depth = 0;               // of the last finished iteration
    std::uint64_t nodes = 0;
    std::vector<Move> pv;
};

// Late move reductions (see search.cpp), switchable so that a match can measure them. A late
// quiet move is searched `r` plies shallower first, with
//     r = base / 100 + ln(depth) ln(move number) / (divisor / 100),
// one ply less at PV nodes; again at full depth when it beats alpha. On: on against off at 10 ms
// a move (tempo_spar match 10ms, the 156 unbarred ballots with both colours, 2026-11-29) scored
// +92 =150 -70 (Elo +24 +- 28) with the hand-set evaluation and +71 =182 -59 (+13 +- 24) with the
// fitted one: +19 Elo together over 624 games, and it reaches about 0.6 ply deeper in those 10 ms
// (8.2 against 7.6 plies); to depth 14 from the start it needs a third of the nodes.
// Reductions adjusted by history (r minus history / 4000) need 9x the nodes to depth 16 (12.6 M
// against 119 M with the table cut-offs below); reduced moves with negative history are only 5% of
// them, so reducing those more changes nothing: neither kept (2026-12-01).
// Earlier form (1 ply, 2 from depth 6 and move 6): +88 =131 -93 at 20k nodes, +43 =72 -41 at
// 80k, about -22 Elo as a whole and -5 with only moves of history <= 0 reduced: no gain.
struct ReductionOptions {
    bool enabled = true;
    int min_depth = 3;   // reduce only at this remaining depth or more
    int min_moves = 3;   // and from this move on (0-based in the search order)
    int base = 50;
    int divisor = 250;
    // Moves that offer the opponent a capture are reduced too (the capture is forced, so the
    // reply often costs no ply). On against off, with table cut-offs and ProbCut on, at 20 ms a
    // move: +60 =218 -34, Elo +29.0 +- 18.4 (tempo_spar match 20ms --test lmr_offers=1, the 156
    // unbarred ballots with both colours, 2026-12-01).
    bool offers = true;
};

// Pruning of quiet moves at nodes outside the PV, where the side to move has no capture (a
// capture pending is always searched) and neither bound is decisive. Off: late move pruning
// (lmp_depth 3) and futility (depth 2, margin 100) together, with reductions on both sides,
// scored +52 =204 -56 at 10 ms a move (Elo -4 +- 21; tempo_spar, the 156 ballots with both
// colours, 2026-11-29): 0.16 ply deeper, no gain. IIR (depth 5) saved no nodes to depth 13 from
// the start and was not matched.
struct PruneOptions {
    // Late move pruning: at depth <= lmp_depth, only the first lmp_base + depth^2 moves (the
    // table move, killers and promotions are never pruned). 0: off.
    int lmp_depth = 0;
    int lmp_base = 3;
    // Futility: at depth <= futility_depth, when the evaluation plus futility_margin * depth
    // cannot reach alpha, quiet moves that offer no capture are skipped. 0: off.
    int futility_depth = 0;
    int futility_margin = 100;
    // Internal iterative reduction: no table move at depth >= iir_depth costs a ply. 0: off.
    int iir_depth = 0;
};

struct Options {
    ReductionOptions reductions;
    PruneOptions prune;
    // Enhanced transposition cut-off: at a null-window node with this much depth left or more,
    // the children are looked up in the table before any is searched, and one whose stored upper
    // bound already refutes the parent's beta cuts the node off at once. 0: off. On (2) against
    // off at 20 ms a move: +63 =208 -41, Elo +24.5 +- 20.2 (tempo_spar match 20ms, the 156
    // unbarred ballots with both colours, 2026-12-01), 10.96 plies a move against 10.66; from the
    // start, depth 16 in 12.6 M nodes instead of 30.9 M and depth 18 in 81 M instead of 331 M.
    int etc_depth = 2;
    // ProbCut: at a null-window node with this much depth or more, a search `probcut_reduction`
    // plies shallower that beats beta by `probcut_margin` cuts the node off. 0: off. On (depth 5,
    // 4 plies, 60 centi-men) against off, both with the table cut-offs, at 20 ms a move: +72 =206
    // -34, Elo +42.5 +- 20.7 (tempo_spar match 20ms, the 156 unbarred ballots with both colours,
    // 2026-12-01), 10.90 plies a move against 10.32; from the start, depth 17 in 10.1 M nodes
    // instead of 31.8 M.
    int probcut_depth = 5;
    int probcut_reduction = 4;
    int probcut_margin = 60;
    // At the horizon, a quiet position where the opponent threatens a capture is searched one
    // ply more (every move, once per line) instead of evaluated: the evaluation cannot see a
    // piece that is about to be taken. Off: on against off scored +104 =127 -81 at 8k nodes a move
    // (+26 +- 30 Elo) and +84 =142 -86 at 20k (-2 +- 27), 312 games each (tempo_spar, the 156
    // unbarred ballots with both colours, 2026-11-29): no gain shown. With reductions on as well,
    // against both off: +86 =129 -97 at 10k (-12 +- 27).
    bool threat_extension = false;
    // The English evaluation's weights (search/eval.hpp); a match can set another built-in set.
    const Weights* weights = &DefaultWeights;
    // The English neural evaluation (search/nnue.hpp): by default the network built into the
    // binary; null (or a build without one): the weights above evaluate. It must outlive the
    // searches.
    const nnue::Network* network = nnue::Network::embedded();
    // The 10x10 neural evaluation, the same way: the built-in 10x10 network by default, null (or
    // a build without one): the hand-set 10x10 evaluation (eval_international.hpp).
    const nnue::IntlNetwork* intl_network = nnue::IntlNetwork::embedded();
};

using InfoCallback = std::function<void(const Info&)>;

class WorkerBase;
template <class Game>
class Worker;

class Engine {
public:
    explicit Engine(std::size_t hash_mb = 16);
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    void set_hash(std::size_t megabytes) { tt_.resize(megabytes); }
    // Forgets everything learnt: the table (a new game, or before a reproducible search).
    void clear() { tt_.clear(); }

    // Searches `root`. `history` holds the keys of the game's earlier positions, oldest first
    // (not the root), for repetitions. One engine plays either game; switching games clears the
    // table.
    SearchResult go(const Position& root, std::span<const Key> history, const Limits& limits,
                    const InfoCallback& on_iteration = {});
    SearchResult go(const intl::Position& root, std::span<const Key> history, const Limits& limits,
                    const InfoCallback& on_iteration = {});
    void stop() { stop_.store(true, std::memory_order_relaxed); }
    // The opponent played the expected move: a pondering search now obeys its clock limits,
    // counted from now.
    void ponderhit() {
        clock_origin_ms_.store(elapsed_ms(), std::memory_order_relaxed);
        pondering_.store(false, std::memory_order_relaxed);
    }

    const TranspositionTable& tt() const { return tt_; }
    // Search options; change them only between searches.
    Options& options() { return options_; }
    // The endgame database (search/egdb.hpp) the search probes below the root in English
    // positions it covers; null: none. It must outlive the searches; change it only between them.
    void set_egdb(const egdb::Database* db) { egdb_ = db; }
    const egdb::Database* egdb() const { return egdb_; }

private:
    template <class Game>
    friend class Worker;
    using Clock = std::chrono::steady_clock;

    template <class Game>
    SearchResult run(const typename Game::Position& root, std::span<const Key> history,
                     const Limits& limits, const InfoCallback& on_iteration);
    void plan_time(const Limits& limits, Color us, bool single_move);
    std::int64_t elapsed_ms() const;
    // Time spent against the clock limits: since the start, or since ponderhit().
    std::int64_t clock_ms() const {
        return elapsed_ms() - clock_origin_ms_.load(std::memory_order_relaxed);
    }
    std::uint64_t total_nodes() const;
    bool stopped() const { return stop_.load(std::memory_order_relaxed); }

    TranspositionTable tt_;
    Options options_;
    std::vector<std::unique_ptr<WorkerBase>> workers_;  // all of the game of the last search
    Variant variant_ = Variant::English;
    std::atomic<bool> stop_{false};
    std::atomic<bool> pondering_{false};
    std::atomic<std::int64_t> clock_origin_ms_{0};
    Limits limits_;
    Clock::time_point start_;
    std::int64_t soft_ms_ = 0, hard_ms_ = 0;  // 0: no time limit
    std::size_t active_ = 0;                    // workers taking part in this search
    const InfoCallback* on_iteration_ = nullptr;
    const egdb::Database* egdb_ = nullptr;
};

}  // namespace tempo::search
