#include "search/search.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <thread>

#include "search/egdb.hpp"

namespace tempo::search {

namespace {

// Where a move lands in the search order (higher first).
constexpr int OrderTT = 1 << 30;
constexpr int OrderKiller1 = 1 << 29, OrderKiller2 = (1 << 29) - 1;
constexpr int OrderPromotion = 1 << 28;
constexpr int HistoryMax = 1 << 14;

constexpr bool same(const Move& a, const Move& b) { return a == b; }

}  // namespace

// What the engine needs of a worker whatever the game: its node count.
class WorkerBase {
public:
    virtual ~WorkerBase() = default;
    std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }

protected:
    std::atomic<std::uint64_t> nodes_{0};
};

// One search thread: its own killers, history, PV and counters; the table is shared.
template <class Game>
class Worker : public WorkerBase {
public:
    using Position = typename Game::Position;
    using MoveList = typename Game::MoveList;
    using Keys = std::array<int, MoveList::Capacity>;
    using Origins = std::array<std::uint16_t, MoveList::Capacity>;

    Worker(Engine& engine, int id) : engine_(engine), id_(id) {}

    void start(const Position& root, std::span<const Key> history);
    // Iterative deepening until a limit or stop(); the main worker (id 0) decides for everyone.
    void iterate();

    const SearchResult& result() const { return result_; }

private:
    Score aspiration(int depth, Score previous);
    // Depth is `depth` plies and `frac` quarter plies (0-3) of extension carried down the line;
    // `trunc`: quarter plies truncated above it, given back when the evaluation comes back near
    // the window (Options::truncation).
    Score search(const Position& p, Score alpha, Score beta, int depth, int ply, bool pv_node,
                 int frac = 0, int trunc = 0);
    Score quiesce(const Position& p, Score alpha, Score beta, int ply, bool may_extend);
    Score horizon(const Position& p, Score e, Score alpha, Score beta, int ply);
    bool tick();
    // The static evaluation of the quiet position `p`: the game's network when one is set, else
    // its hand-set evaluation.
    Score evaluate(const Position& p) {
        Score e = Game::evaluate_with(p, engine_.options_, &nnue_cache_);
        const int keep = engine_.options_.endgame_scale;
        if (keep != 100) {
            const int missing = full_board_ - popcount(p.occupied());
            e = Score(e * (100 * full_board_ - (100 - keep) * missing) / (100 * full_board_));
        }
        const int grain = engine_.options_.grain;
        return grain > 1 ? Score(e / grain * grain) : e;
    }
    bool is_repetition(const Position& p, int ply) const;
    void order(const Position& p, MoveList& list, Keys& keys, const Move* tt_move, int ply) const;
    void reward(const Position& p, const Move& best, const MoveList& list, std::size_t tried,
                int depth, int ply);
    void update_pv(int ply, const Move& m);
    void report(int depth, Score score);

    Engine& engine_;
    const int id_;
    bool main() const { return id_ == 0; }

    Position root_;
    std::vector<Key> keys_;  // game history, then the search path (one key per ply)
    std::size_t history_len_ = 0;

    std::array<std::array<std::int8_t, 64>, 64> reduction_{};  // [depth][move number], plies
    std::array<std::array<Move, 2>, MaxPly + 1> killers_{};
    std::array<std::array<std::array<int, 64>, 64>, 2> history_{};  // [side][from][to]
    std::array<std::array<Move, MaxPly + 1>, MaxPly + 1> pv_{};
    std::array<int, MaxPly + 1> pv_len_{};

    int seldepth_ = 0;
    int root_depth_ = 0;  // the depth of the iteration under way
    const int full_board_ = popcount(Position::start().occupied());  // pieces at the start
    nnue::Cache nnue_cache_;  // the network's first layer of the last evaluations (nnue.hpp)

    // The root move proven best so far in the unfinished iteration.
    std::optional<Move> iteration_best_;
    Score iteration_score_ = 0;
    std::vector<Move> iteration_pv_;

    SearchResult result_;
};

template <class Game>
void Worker<Game>::start(const Position& root, std::span<const Key> history) {
    root_ = root;
    keys_.assign(history.begin(), history.end());
    history_len_ = keys_.size();
    keys_.resize(history_len_ + MaxPly + 2);
    const ReductionOptions& lmr = engine_.options_.reductions;
    for (std::size_t d = 1; d < reduction_.size(); ++d)
        for (std::size_t m = 1; m < reduction_[d].size(); ++m)
            reduction_[d][m] = std::int8_t(std::clamp(
                lmr.base / 100.0 + std::log(double(d)) * std::log(double(m)) / (lmr.divisor / 100.0),
                0.0, 60.0));
    for (auto& k : killers_) k = {};
    for (auto& side : history_)
        for (auto& from : side) from.fill(0);
    nodes_.store(0, std::memory_order_relaxed);
    seldepth_ = 0;
    result_ = SearchResult{};
}

// Counts a node and says whether the search may go on; the main worker checks the limits.
template <class Game>
bool Worker<Game>::tick() {
    const std::uint64_t n = nodes_.load(std::memory_order_relaxed) + 1;
    nodes_.store(n, std::memory_order_relaxed);
    if (main()) {
        const Limits& l = engine_.limits_;
        if (l.nodes) {
            const std::uint64_t total = l.threads > 1 && (n & 1023) == 0 ? engine_.total_nodes() : n;
            if (total >= l.nodes) engine_.stop();
        }
        if ((n & 1023) == 0 && engine_.hard_ms_ > 0 &&
            !engine_.pondering_.load(std::memory_order_relaxed) &&
            engine_.clock_ms() >= engine_.hard_ms_)
            engine_.stop();
    }
    return !engine_.stopped();
}

// Whether `p` at `ply` repeats an earlier position with the same side to move. Only the last
// `quiet_plies` positions can be equal to it: a capture or a promotion changes the material.
template <class Game>
bool Worker<Game>::is_repetition(const Position& p, int ply) const {
    const std::size_t here = history_len_ + std::size_t(ply);
    const std::size_t reach = std::min<std::size_t>(std::size_t(p.quiet_plies()), here);
    for (std::size_t back = 2; back <= reach; back += 2)
        if (keys_[here - back] == p.key()) return true;
    return false;
}

// Gives each move an ordering key: the table's move, then for captures the most pieces taken
// (kings counting more), for quiet moves killers, promotions and history.
template <class Game>
void Worker<Game>::order(const Position& p, MoveList& list, Keys& keys, const Move* tt_move,
                         int ply) const {
    const Color us = p.side_to_move();
    const Bitboard kings = p.kings(), crown = Game::crown_row(us);
    const std::size_t n = list.size();
    // Captures are compulsory, so the list holds only captures or only quiet moves.
    if (n && list[0].is_capture()) {
        for (std::size_t i = 0; i < n; ++i) {
            const Move& m = list[i];
            const bool promotes = (kings & bit(m.from)) == 0 && (bit(m.to) & crown) != 0;
            keys[i] = 1000 * popcount(m.captured) + 300 * popcount(m.captured & kings) +
                      (promotes ? 500 : 0);
        }
    } else {
        const Move k1 = killers_[std::size_t(ply)][0], k2 = killers_[std::size_t(ply)][1];
        const auto& history = history_[index(us)];
        for (std::size_t i = 0; i < n; ++i) {
            const Move& m = list[i];
            int k;
            if (m.from == k1.from && m.to == k1.to && !k1.is_capture())
                k = OrderKiller1;
            else if (m.from == k2.from && m.to == k2.to && !k2.is_capture())
                k = OrderKiller2;
            else if ((kings & bit(m.from)) == 0 && (bit(m.to) & crown) != 0)
                k = OrderPromotion;
            else
                k = history[m.from][m.to];
            keys[i] = k;
        }
    }
    if (tt_move)
        for (std::size_t i = 0; i < n; ++i)
            if (same(list[i], *tt_move)) {
                keys[i] = OrderTT;
                break;  // the moves of a list are distinct
            }
}

// Picks the best remaining move to position i (selection sort: most nodes cut off early), and
// its index in generation order along with it.
template <class MoveList, class Keys, class Origins>
static void pick(MoveList& list, Keys& keys, Origins& origin, std::size_t i) {
    std::size_t best = i;
    for (std::size_t j = i + 1; j < list.size(); ++j)
        if (keys[j] > keys[best]) best = j;
    std::swap(list[i], list[best]);
    std::swap(keys[i], keys[best]);
    std::swap(origin[i], origin[best]);
}

// A quiet move caused a cut-off: it becomes a killer and gains history, the quiet moves tried
// before it lose some.
template <class Game>
void Worker<Game>::reward(const Position& p, const Move& best, const MoveList& list,
                          std::size_t tried, int depth, int ply) {
    if (best.is_capture()) return;
    auto& k = killers_[std::size_t(ply)];
    if (!same(k[0], best)) k[1] = k[0], k[0] = best;
    const auto side = index(p.side_to_move());
    const int bonus = std::min(depth * depth, 400);
    auto adjust = [&](const Move& m, int delta) {
        int& h = history_[side][m.from][m.to];
        h += delta - h * (delta < 0 ? -delta : delta) / HistoryMax;
    };
    adjust(best, bonus);
    for (std::size_t i = 0; i < tried; ++i)
        if (!same(list[i], best)) adjust(list[i], -bonus);
}

template <class Game>
void Worker<Game>::update_pv(int ply, const Move& m) {
    const auto u = std::size_t(ply);
    pv_[u][u] = m;
    const int child_len = pv_len_[u + 1];
    for (int i = ply + 1; i < child_len; ++i) pv_[u][std::size_t(i)] = pv_[u + 1][std::size_t(i)];
    pv_len_[u] = std::max(child_len, ply + 1);
}

// Resolves pending captures (all of them: captures are compulsory), then evaluates.
template <class Game>
Score Worker<Game>::quiesce(const Position& p, Score alpha, Score beta, int ply, bool may_extend) {
    pv_len_[std::size_t(ply)] = ply;
    if (!tick()) return 0;
    seldepth_ = std::max(seldepth_, ply);
    if (!Game::has_capture(p)) {
        if (!Game::has_moves(p)) return loss_in(ply);
        const Options& opt = engine_.options_;
        if (!opt.threat_extension || !may_extend || ply >= MaxPly || !Game::threatened(p)) {
            const Score e = evaluate(p);
            if (!may_extend || ply >= MaxPly - 2) return e;
            return horizon(p, e, alpha, beta, ply);
        }
        may_extend = false;  // once per line
    }
    if (ply >= MaxPly) return Draw;  // a capture chain this long cannot happen; stay safe

    MoveList list;
    Game::generate(p, list);
    Keys keys;
    Origins origin;
    const bool ordered = list.size() > 1;  // a single capture needs no order
    if (ordered) {
        for (std::size_t i = 0; i < list.size(); ++i) origin[i] = std::uint16_t(i);
        order(p, list, keys, nullptr, ply);
    }
    Score best = -Infinite;
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (ordered) pick(list, keys, origin, i);
        const Score s = -quiesce(p.after(list[i]), -beta, -alpha, ply + 1, may_extend);
        if (engine_.stopped()) return 0;
        if (s > best) {
            best = s;
            if (s > alpha) {
                alpha = s;
                update_pv(ply, list[i]);
                if (s >= beta) break;
            }
        }
    }
    return best;
}

// A quiet horizon position evaluated as `e`, looked at once more (see Options): when `e` beats
// alpha and the side to move has few safe moves (moves after which the opponent cannot
// capture), every move is searched and `e` no longer counts; when `e` is a little below alpha,
// the moves that give the opponent a capture (shots) are tried, with `e` as the floor.
template <class Game>
Score Worker<Game>::horizon(const Position& p, Score e, Score alpha, Score beta, int ply) {
    const Options& opt = engine_.options_;
    const bool squeeze = opt.squeeze > 0 && e > alpha;
    const bool shot = opt.shot_margin > 0 && e <= alpha && e + opt.shot_margin > alpha;
    if (!squeeze && !shot) return e;
    MoveList list;
    Game::generate(p, list);
    if (squeeze) {
        int safe = 0;
        for (const Move& m : list)
            if (!Game::has_capture(p.after(m)) && ++safe > opt.squeeze) return e;
    }
    Score best = squeeze ? -Infinite : e;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Position child = p.after(list[i]);
        if (!squeeze && !Game::has_capture(child)) continue;
        const Score s = -quiesce(child, -beta, -std::max(alpha, best), ply + 1, false);
        if (engine_.stopped()) return 0;
        if (s > best) {
            best = s;
            if (s > alpha) {
                update_pv(ply, list[i]);
                if (s >= beta) break;
            }
        }
    }
    return best;
}

// The principal variation search. Scores are exact inside (alpha, beta), bounds outside.
template <class Game>
Score Worker<Game>::search(const Position& p, Score alpha, Score beta, int depth, int ply,
                           bool pv_node, int frac, int trunc) {
    const auto u = std::size_t(ply);
    pv_len_[u] = ply;
    keys_[history_len_ + u] = p.key();

    // 1. Draws by rule and by repetition; mate distance pruning.
    if (ply > 0) {
        if (Game::rule_draw(p) || is_repetition(p, ply)) return Draw;
        // Endgame database (egdb.hpp): the exact score once few pieces are left.
        if (const std::optional<Score> s = egdb::probe_score(engine_.egdb_, p, ply)) return *s;
        alpha = std::max(alpha, loss_in(ply));
        beta = std::min(beta, win_in(ply + 1));
        if (alpha >= beta) return alpha;
    }

    // 2. At the horizon (or the ply limit): resolve captures, then evaluate.
    if (depth <= 0 || ply >= MaxPly - 1) return quiesce(p, alpha, beta, ply, true);

    // 3. Count the node; give up if the search was stopped.
    if (!tick()) return 0;
    seldepth_ = std::max(seldepth_, ply);

    // 4. Transposition table: cut off outside the PV, otherwise take its move.
    TTEntry tte;
    const bool hit = engine_.tt_.probe(p.key(), tte);
    if (hit && !pv_node && tte.depth >= depth) {
        const Score s = from_tt(tte.score, ply);
        if (tte.bound == Bound::Exact || (tte.bound == Bound::Lower && s >= beta) ||
            (tte.bound == Bound::Upper && s <= alpha))
            return s;
    }

    // 4b. Truncation: a quiet node whose evaluation lies far outside the window is searched
    //     shallower, by more the farther it lies; the depth comes back to the line once a node
    //     below it is near the window again.
    const Options& opt = engine_.options_;
    if (opt.truncation > 0 && !pv_node && !is_decisive(alpha) && !is_decisive(beta) &&
        !Game::has_capture(p)) {
        const Score e = evaluate(p);
        const int v = std::max(alpha - e, e - beta);
        int quarters = depth * 4 + frac;
        if (v > opt.truncation) {
            const int cut = std::min(v / opt.truncation_div, opt.truncation_max);
            quarters -= cut;
            trunc += cut;
        } else {
            quarters += trunc;
            trunc = 0;
        }
        if (quarters < 4) return quiesce(p, alpha, beta, ply, true);
        depth = quarters / 4;
        frac = quarters % 4;
    }

    // 5. The moves; none is a loss.
    MoveList list;
    Game::generate(p, list);
    if (list.empty()) return loss_in(ply);

    const Move* tt_move = nullptr;
    if (ply == 0 && result_.best) {
        tt_move = &*result_.best;  // the previous iteration's choice first at the root
    } else if (hit && !tte.move.empty()) {
        if (tte.move.index < list.size() && list[tte.move.index].from == tte.move.from &&
            list[tte.move.index].to == tte.move.to)
            tt_move = &list[tte.move.index];
        else
            for (const Move& m : list)
                if (m.from == tte.move.from && m.to == tte.move.to) {
                    tt_move = &m;
                    break;
                }
    }
    const Move tt_copy = tt_move ? *tt_move : Move{};  // the list is reordered below

    // 5b. Enhanced transposition cut-off: a child already known to be at most -beta for the
    //     opponent refutes this node without a search.
    if (opt.etc_depth > 0 && !pv_node && depth >= opt.etc_depth && list.size() > 1) {
        for (const Move& m : list) {
            TTEntry ce;
            const Position child = p.after(m);
            if (!engine_.tt_.probe(child.key(), ce) || ce.depth < depth - 1) continue;
            if (ce.bound != Bound::Upper && ce.bound != Bound::Exact) continue;
            const Score s = -from_tt(ce.score, ply + 1);
            // (A child that repeats or is drawn by rule scores a draw, whatever the table says;
            // is_repetition reads only the path before the child's ply.)
            if (s >= beta && !Game::rule_draw(child) && !is_repetition(child, ply + 1)) {
                const auto at = std::size_t(&m - &list[0]);
                const auto index = std::uint8_t(at < TTMove::NoIndex ? at : TTMove::NoIndex - 1);
                engine_.tt_.store(p.key(), to_tt(s, ply), depth, Bound::Lower,
                                  TTMove{index, m.from, m.to});
                return s;
            }
        }
    }

    // 5c. ProbCut: a shallower search that beats beta by a margin predicts the full one will
    //     beat beta too.
    if (opt.probcut_depth > 0 && !pv_node && depth >= opt.probcut_depth && !is_decisive(beta) &&
        beta + opt.probcut_margin < WinBound) {
        const Score rbeta = beta + opt.probcut_margin;
        const Score s =
            search(p, rbeta - 1, rbeta, depth - opt.probcut_reduction, ply, false, frac, trunc);
        if (engine_.stopped()) return 0;
        if (s >= rbeta) return s;
        pv_len_[u] = ply;
    }

    // 6. Pruning outside the PV, never with a capture pending (see PruneOptions); a node
    //    without a table move is searched a ply shallower. A forced reply costs no depth.
    const PruneOptions& prune = opt.prune;
    const bool may_prune = !pv_node && !list[0].is_capture() && list.size() > 1 &&
                           !is_decisive(alpha) && !is_decisive(beta);
    if (prune.iir_depth > 0 && !pv_node && !tt_move && depth >= prune.iir_depth) --depth;
    const bool futile_node = may_prune && depth <= prune.futility_depth &&
                             evaluate(p) + prune.futility_margin * depth <= alpha;
    // Extensions in quarter plies, at most a whole ply a node: a forced reply costs no depth; a
    // choice of captures and a PV node may cost half a ply less (see Options). Fractions add
    // up along the line.
    int ext = list.size() == 1 ? 4
                               : 2 * ((list[0].is_capture() ? opt.capture_extension : 0) +
                                      (pv_node ? opt.pv_extension : 0));
    // Singular extension (see Options): the table move alone holds against its own bound.
    bool singular = false;
    if (opt.singular_depth > 0 && ply > 0 && tt_move && hit && depth >= opt.singular_depth &&
        list.size() > 1 && ext < 4 && ply < 2 * root_depth_ && tte.bound != Bound::Upper &&
        tte.depth >= depth - 3) {
        const Score ts = from_tt(tte.score, ply);
        if (!is_decisive(ts)) {
            const Score sbeta = Score(ts - opt.singular_margin * depth / 8);
            const int sdepth = (depth - 1) / 2;
            singular = true;
            for (const Move& m : list) {
                if (m == tt_copy) continue;
                const Score s =
                    -search(p.after(m), -sbeta, -sbeta + 1, sdepth, ply + 1, false, 0, trunc);
                if (engine_.stopped()) return 0;
                if (s >= sbeta) {
                    singular = false;
                    break;
                }
            }
            pv_len_[u] = ply;
        }
    }
    ext = std::min(ext, 4) + frac;
    const int new_depth = depth - 1 + ext / 4;
    const int child_frac = ext % 4;

    // 7. Order, then search: the first move with the full window, the rest with a null window,
    //    searched again in full when they beat alpha.
    Keys keys;
    Origins origin;
    for (std::size_t i = 0; i < list.size(); ++i) origin[i] = std::uint16_t(i);
    order(p, list, keys, tt_move ? &tt_copy : nullptr, ply);
    const Score alpha0 = alpha;
    Score best = -Infinite;
    Move best_move = list[0];
    std::uint16_t best_origin = origin[0];
    std::size_t tried = 0;
    const std::vector<Move>& only = engine_.limits_.searchmoves;
    for (std::size_t i = 0; i < list.size(); ++i) {
        pick(list, keys, origin, i);
        const Move& m = list[i];
        if (ply == 0 && !only.empty() && std::find(only.begin(), only.end(), m) == only.end())
            continue;  // `go searchmoves`: not one of the allowed root moves
        // Plain quiet moves: not the first, not the table move, a killer or a promotion.
        const bool plain = may_prune && tried > 0 && keys[i] < OrderPromotion;
        if (plain && depth <= prune.lmp_depth && int(tried) >= prune.lmp_base + depth * depth)
            break;  // the rest are sorted below this one: all plain
        const Position child = p.after(m);
        if (plain && futile_node && !Game::has_capture(child)) continue;
        if (new_depth > 0) engine_.tt_.prefetch(child.key());  // quiescence never probes
        Score s;
        if (tried == 0) {
            const int d = new_depth + (singular && m == tt_copy ? 1 : 0);
            s = -search(child, -beta, -alpha, d, ply + 1, pv_node, child_frac, trunc);
        } else {
            // Late quiet moves are searched shallower first; again at full depth if they beat
            // alpha. Promotions and killers are not reduced; moves that offer a capture are
            // unless `offers` is off.
            int reduced = new_depth;
            const ReductionOptions& lmr = opt.reductions;
            if (lmr.enabled && depth >= lmr.min_depth && i >= std::size_t(lmr.min_moves) &&
                !m.is_capture() && keys[i] < OrderPromotion &&
                (lmr.offers || !Game::has_capture(child))) {
                const int r = reduction_[std::size_t(std::min(depth, 63))][std::min<std::size_t>(i, 63)] -
                              (pv_node ? 1 : 0);
                reduced = std::clamp(new_depth - r, 1, new_depth);
            }
            s = -search(child, -alpha - 1, -alpha, reduced, ply + 1, false, child_frac, trunc);
            if (s > alpha && reduced < new_depth && !engine_.stopped())
                s = -search(child, -alpha - 1, -alpha, new_depth, ply + 1, false, child_frac, trunc);
            if (s > alpha && s < beta && !engine_.stopped())
                s = -search(child, -beta, -alpha, new_depth, ply + 1, true, child_frac, trunc);
        }
        if (engine_.stopped()) return 0;
        ++tried;
        if (s > best) {
            best = s;
            best_move = m;
            best_origin = origin[i];
            if (s > alpha) {
                alpha = s;
                update_pv(ply, m);
                if (ply == 0) {
                    iteration_best_ = m;
                    iteration_score_ = s;
                    iteration_pv_.assign(pv_[0].begin(), pv_[0].begin() + pv_len_[0]);
                }
                if (s >= beta) {
                    reward(p, m, list, i, depth, ply);  // every move before it, pruned or not
                    break;
                }
            }
        }
    }

    // 8. Remember the result.
    const Bound bound = best >= beta ? Bound::Lower : best > alpha0 ? Bound::Exact : Bound::Upper;
    // The index is a hint checked against from and to; past the 255th move it is not kept.
    const auto index = std::uint8_t(best_origin < TTMove::NoIndex ? best_origin : TTMove::NoIndex - 1);
    engine_.tt_.store(p.key(), to_tt(best, ply), depth, bound,
                      TTMove{index, best_move.from, best_move.to});
    return best;
}

// One iteration inside a window around the previous score, widened on each failure.
template <class Game>
Score Worker<Game>::aspiration(int depth, Score previous) {
    Score delta = engine_.options_.aspiration, alpha = -Infinite, beta = Infinite;
    if (depth >= 4 && !is_decisive(previous)) {
        alpha = previous - delta;
        beta = previous + delta;
    }
    while (true) {
        root_depth_ = depth;
        const Score s = search(root_, alpha, beta, depth, 0, true);
        if (engine_.stopped()) return s;
        if (s <= alpha && alpha > -Infinite) {
            beta = (alpha + beta) / 2;
            alpha = std::max(s - delta, -Infinite);
        } else if (s >= beta && beta < Infinite) {
            beta = std::min(s + delta, Infinite);
        } else {
            return s;
        }
        delta *= 2;
        if (delta > 500) alpha = -Infinite, beta = Infinite;
    }
}

template <class Game>
void Worker<Game>::iterate() {
    const Limits& l = engine_.limits_;
    const int last = main() && l.depth > 0 ? std::min(l.depth, MaxDepth) : MaxDepth;
    Score previous = 0;
    // Helpers start one ply deeper every other thread, so the threads spread over two depths.
    for (int depth = main() ? 1 : 1 + (id_ & 1); depth <= last; ++depth) {
        const bool pondering = engine_.pondering_.load(std::memory_order_relaxed);
        if (main() && depth > 1 && engine_.soft_ms_ > 0 && !pondering &&
            engine_.clock_ms() >= engine_.soft_ms_ / 2)
            break;  // the next iteration would most likely not finish in time
        // (Scaling this by how long the best move has held lost its match: docs/experiments.md,
        // "Search options".)
        iteration_best_.reset();
        seldepth_ = 0;
        const Score s = aspiration(depth, previous);
        if (engine_.stopped()) {
            // Keep a move of the unfinished iteration only if it was proven at this depth.
            if (iteration_best_) {
                result_.best = iteration_best_;
                result_.score = iteration_score_;
                result_.pv = iteration_pv_;
            }
            break;
        }
        previous = s;
        result_.best = pv_[0][0];
        result_.pv.assign(pv_[0].begin(), pv_[0].begin() + pv_len_[0]);
        result_.score = s;
        result_.depth = depth;
        if (main()) report(depth, s);
        // A decisive score is exact once every line of its length has been searched.
        if (is_decisive(s) && depth >= plies_to_end(s) + 2 && !l.infinite &&
            !engine_.pondering_.load(std::memory_order_relaxed))
            break;
    }
}

template <class Game>
void Worker<Game>::report(int depth, Score score) {
    if (!engine_.on_iteration_ || !*engine_.on_iteration_) return;
    Info info;
    info.depth = depth;
    info.seldepth = seldepth_;
    info.score = score;
    info.nodes = engine_.total_nodes();
    info.time_ms = engine_.elapsed_ms();
    info.nps = info.nodes * 1000 / std::uint64_t(std::max<std::int64_t>(1, info.time_ms));
    info.hashfull = engine_.tt_.hashfull();
    info.pv = result_.pv;
    (*engine_.on_iteration_)(info);
}

Engine::Engine(std::size_t hash_mb) : tt_(hash_mb) {}
Engine::~Engine() = default;

std::int64_t Engine::elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
}

std::uint64_t Engine::total_nodes() const {
    std::uint64_t n = 0;
    for (std::size_t i = 0; i < active_ && i < workers_.size(); ++i) n += workers_[i]->nodes();
    return n;
}

// Sets the soft limit (no new iteration after half of it) and the hard one (stop at once).
void Engine::plan_time(const Limits& l, Color us, bool single_move) {
    soft_ms_ = hard_ms_ = 0;
    if (l.infinite) return;
    const std::int64_t overhead = std::max(0, l.move_overhead);
    if (l.movetime > 0) hard_ms_ = std::max<std::int64_t>(1, l.movetime - overhead);
    const int time = us == Color::White ? l.wtime : l.btime;
    const int inc = std::max(0, us == Color::White ? l.winc : l.binc);
    if (time >= 0) {
        // Keep the overhead back, spread the rest over the moves to go, and add most of the
        // increment; never plan more than 40% of what is left (all but 20% on the last move
        // before a time control).
        const std::int64_t left = std::max<std::int64_t>(1, time - overhead);
        const int to_go = l.movestogo > 0 ? std::min(l.movestogo, 40) : 30;
        const std::int64_t cap = to_go == 1 ? left * 8 / 10 : left * 4 / 10;
        const std::int64_t hard = std::max<std::int64_t>(1, std::min(cap, (left / to_go + inc * 3 / 4) * 4));
        const std::int64_t soft = std::max<std::int64_t>(1, std::min(hard, left / to_go + inc * 3 / 4));
        hard_ms_ = hard_ms_ > 0 ? std::min(hard_ms_, hard) : hard;
        soft_ms_ = std::min(soft, hard_ms_);
    }
    if (single_move && hard_ms_ > 0) soft_ms_ = 1;  // one legal move: one iteration is enough
}

SearchResult Engine::go(const Position& root, std::span<const Key> history, const Limits& limits,
                        const InfoCallback& on_iteration) {
    return run<EnglishGame>(root, history, limits, on_iteration);
}

SearchResult Engine::go(const intl::Position& root, std::span<const Key> history,
                        const Limits& limits, const InfoCallback& on_iteration) {
    return run<InternationalGame>(root, history, limits, on_iteration);
}

SearchResult Engine::go(const brazil::Position& root, std::span<const Key> history,
                        const Limits& limits, const InfoCallback& on_iteration) {
    return run<BrazilianGame>(root, history, limits, on_iteration);
}

template <class Game>
SearchResult Engine::run(const typename Game::Position& root, std::span<const Key> history,
                         const Limits& limits, const InfoCallback& on_iteration) {
    using GameWorker = Worker<Game>;
    start_ = Clock::now();
    clock_origin_ms_.store(0, std::memory_order_relaxed);
    limits_ = limits;
    limits_.threads = std::clamp(limits.threads, 1, 256);
    stop_.store(false, std::memory_order_relaxed);
    pondering_.store(limits.ponder, std::memory_order_relaxed);

    typename Game::MoveList moves;
    Game::generate(root, moves);
    if (!limits_.searchmoves.empty()) {
        typename Game::MoveList allowed;
        for (const Move& m : moves)
            if (std::find(limits_.searchmoves.begin(), limits_.searchmoves.end(), m) !=
                limits_.searchmoves.end())
                allowed.push(m);
        if (!allowed.empty()) moves = allowed;
        else limits_.searchmoves.clear();  // none is legal: search them all
    }
    if (moves.empty()) {
        SearchResult none;
        none.score = loss_in(0);
        return none;
    }
    plan_time(limits_, root.side_to_move(), moves.size() == 1);
    tt_.new_search();

    // The workers and the table belong to one game: another game starts afresh.
    if (variant_ != Game::variant) {
        workers_.clear();
        tt_.clear();
        variant_ = Game::variant;
    }
    active_ = std::size_t(limits_.threads);
    for (std::size_t i = workers_.size(); i < active_; ++i)
        workers_.push_back(std::make_unique<GameWorker>(*this, int(i)));
    auto worker = [&](std::size_t i) { return static_cast<GameWorker*>(workers_[i].get()); };
    for (std::size_t i = 0; i < active_; ++i) worker(i)->start(root, history);
    on_iteration_ = &on_iteration;

    std::vector<std::thread> helpers;
    for (std::size_t i = 1; i < active_; ++i)
        helpers.emplace_back([w = worker(i)] { w->iterate(); });
    worker(0)->iterate();
    // With `infinite` or while pondering, the answer waits for stop() (or ponderhit()).
    while ((limits_.infinite || pondering_.load(std::memory_order_relaxed)) && !stopped())
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    stop();
    for (std::thread& t : helpers) t.join();
    on_iteration_ = nullptr;

    SearchResult r = worker(0)->result();
    if (!r.best) {  // stopped before any move was proven: the first in the search order
        r.best = moves[0];
        r.pv = {moves[0]};
        r.score = 0;
    }
    if (r.pv.empty() || !(r.pv[0] == *r.best)) r.pv = {*r.best};
    if (r.pv.size() >= 2) r.ponder = r.pv[1];
    r.nodes = total_nodes();
    return r;
}

}  // namespace tempo::search
