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
// one ply less at PV nodes; again at full depth when it beats alpha. On, because it won its match
// and reaches deeper in the same time. Reductions adjusted by history, and an earlier form (1 ply,
// 2 from depth 6 and move 6), were tried and not kept. The matches of this option and the ones
// below: docs/experiments.md, "Search options".
struct ReductionOptions {
    bool enabled = true;
    int min_depth = 3;   // reduce only at this remaining depth or more
    int min_moves = 3;   // and from this move on (0-based in the search order)
    int base = 50;
    int divisor = 250;
    // Moves that offer the opponent a capture are reduced too (the capture is forced, so the
    // reply often costs no ply). On: it won its match.
    bool offers = true;
};

// Pruning of quiet moves at nodes outside the PV, where the side to move has no capture (a
// capture pending is always searched) and neither bound is decisive. All off: late move pruning
// and futility together showed no gain in a match, and IIR saved no nodes.
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
    // bound already refutes the parent's beta cuts the node off at once. 0: off. On (2): it won
    // its match and needs a fraction of the nodes to a given depth.
    int etc_depth = 2;
    // ProbCut: at a null-window node with this much depth or more, a search `probcut_reduction`
    // plies shallower that beats beta by `probcut_margin` cuts the node off. 0: off. These
    // values (depth 5, 4 plies, 60 centi-men) won their match against off.
    int probcut_depth = 5;
    int probcut_reduction = 4;
    int probcut_margin = 60;
    // At the horizon, a quiet position where the opponent threatens a capture is searched one
    // ply more (every move, once per line) instead of evaluated: the evaluation cannot see a
    // piece that is about to be taken. Off: its matches showed no gain.
    bool threat_extension = false;
    // Shots at the horizon: a quiet position whose evaluation is at most alpha, by less than
    // `shot_margin`, also tries the moves that give the opponent a capture (a piece given to
    // take more back is the commonest tactic of draughts), each resolved by captures alone; the
    // evaluation stays the floor. Once per line, shared with the threat extension. 0: off.
    int shot_margin = 0;
    // Squeezes at the horizon: a quiet position whose evaluation beats alpha but whose side to
    // move has at most `squeeze` moves that give nothing away is searched a ply more (every move,
    // captures after it): being forced to give a piece is what a static evaluation misses. Once
    // per line, shared with the two above. 0: off.
    int squeeze = 0;
    // The static evaluation is rounded toward zero to a multiple of this (1: as it is): coarser
    // scores settle more null-window searches at once.
    int grain = 1;
    // The static evaluation scaled by the piece count: all of it on a full board, falling in a
    // straight line to `endgame_scale` percent on an empty one (100: as it is). A network fitted
    // to search scores gives a centi-man the same weight in every phase, while the results of
    // games say a lead in centi-men wins more often with many pieces on the board than with few
    // (docs/experiments.md, the thirtieth session); a line that trades down is compared with one
    // that does not on the scale of their results.
    int endgame_scale = 100;
    // Half-ply extensions (0, 1 or 2 half plies; a node gets at most a whole ply): at a node
    // whose side to move chooses among captures (an exchange is not a quiet ply), and at a PV
    // node. A forced reply always costs no depth. 0: off.
    int capture_extension = 0;
    int pv_extension = 0;
    // Truncation: at a quiet null-window node whose static evaluation lies more than
    // `truncation` outside the window, the depth left shrinks by a quarter ply for every
    // `truncation_div` of that distance, at most `truncation_max` quarter plies a node; a node
    // below it whose evaluation is back within `truncation` gives the line its depth back.
    // 0: off.
    int truncation = 0;
    int truncation_div = 96;
    int truncation_max = 10;
    // Singular extension: at a node with `singular_depth` plies left or more whose table move
    // holds a lower bound from nearly as deep, every other move is searched half as deep
    // against that bound less `singular_margin` centi-men for each 8 plies left; when none
    // reaches it, the table move is the only one that holds and is searched a ply deeper (an
    // only move in defence is what a fixed depth cuts short). Only within twice the iteration's
    // depth from the root, so that extensions cannot feed on each other. 0: off.
    int singular_depth = 0;
    int singular_margin = 16;
    // The aspiration window's first half-width around the previous iteration's score.
    int aspiration = 25;
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
    SearchResult go(const brazil::Position& root, std::span<const Key> history, const Limits& limits,
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
