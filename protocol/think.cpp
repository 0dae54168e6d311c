#include "protocol/think.hpp"

#include <algorithm>
#include <chrono>
#include <thread>

#include "protocol/variant.hpp"

namespace tempo::protocol {

using search::Score;

namespace {

using Clock = std::chrono::steady_clock;

std::int64_t ms_since(Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

// The whole budget of a timed search in ms (0: no time limit), as a player would plan it.
std::int64_t budget_ms(const search::Limits& l, Color us) {
    if (l.infinite) return 0;
    std::int64_t b = 0;
    if (l.movetime > 0) b = std::max(1, l.movetime - l.move_overhead);
    const int time = us == Color::White ? l.wtime : l.btime;
    if (time >= 0) {
        const std::int64_t left = std::max(1, time - l.move_overhead);
        const std::int64_t inc = std::max(0, us == Color::White ? l.winc : l.binc);
        const int to_go = l.movestogo > 0 ? std::min(l.movestogo, 40) : 30;
        const std::int64_t plan = std::max<std::int64_t>(1, std::min(left * 4 / 10, left / to_go + inc * 3 / 4));
        b = b > 0 ? std::min(b, plan) : plan;
    }
    return b;
}

// A score one ply further from the end: the child's score seen from the parent.
Score from_child(Score s) {
    s = -s;
    return search::is_win(s) ? s - 1 : search::is_loss(s) ? s + 1 : s;
}

// Waits while the GUI still owes a stop (infinite) or a ponderhit (ponder).
void wait_for_release(const search::Limits& l, const std::atomic<bool>& abort,
                      const std::atomic<bool>& pondering) {
    while ((l.infinite || (l.ponder && pondering.load(std::memory_order_relaxed))) &&
           !abort.load(std::memory_order_relaxed))
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

template <class P>
std::vector<Move> root_moves(const P& root, const std::vector<Move>& only) {
    std::vector<Move> moves = VariantOf<P>::type::legal_moves(root);
    if (!only.empty())
        std::erase_if(moves, [&](const Move& m) { return std::find(only.begin(), only.end(), m) == only.end(); });
    return moves;
}

// A weak level: every root move searched shallowly, then a plausible one drawn.
template <class P>
search::SearchResult think_weakly(search::Engine& engine, const BasicThinkRequest<P>& req, const LineCallback& on_info,
                                  const std::atomic<bool>& abort, const std::atomic<bool>& pondering,
                                  std::mt19937_64& rng) {
    const auto start = Clock::now();
    const search::Limits& l = req.limits;
    const std::vector<Move> moves = root_moves(req.root, l.searchmoves);
    search::SearchResult out;
    if (moves.empty()) return out;

    const SkillPlan plan = skill_plan(req.skill);
    int depth = plan.depth;
    if (l.depth > 0) depth = std::min(depth, l.depth);
    const std::int64_t budget = budget_ms(l, req.root.side_to_move());
    std::vector<Key> history = req.history;
    history.push_back(req.root.key());

    std::vector<Score> scores;
    std::vector<search::SearchResult> replies;
    for (std::size_t i = 0; i < moves.size() && !abort.load(std::memory_order_relaxed); ++i) {
        search::Limits child;
        child.depth = std::max(1, depth - 1);
        child.threads = 1;
        child.move_overhead = 0;
        if (l.nodes) child.nodes = std::max<std::uint64_t>(1, l.nodes / moves.size());
        if (budget > 0) {
            const std::int64_t left = budget - ms_since(start);
            if (left <= 0 && !scores.empty()) break;
            child.movetime = int(std::max<std::int64_t>(1, left / std::int64_t(moves.size() - i)));
        }
        replies.push_back(engine.go(req.root.after(moves[i]), history, child));
        scores.push_back(from_child(replies.back().score));
        out.nodes += replies.back().nodes;
    }
    if (scores.empty()) {  // aborted at once: any legal move
        out.best = moves.front();
        out.pv = {moves.front()};
        return out;
    }
    const std::size_t pick = skill_pick(scores, req.skill, rng);
    out.best = moves[pick];
    out.score = scores[pick];
    out.depth = depth;
    out.pv = {moves[pick]};
    if (replies[pick].best) {
        out.pv.insert(out.pv.end(), replies[pick].pv.begin(), replies[pick].pv.end());
        out.ponder = replies[pick].best;
    }
    if (on_info) {
        search::Info info;
        info.depth = depth;
        info.seldepth = depth;
        info.score = out.score;
        info.nodes = out.nodes;
        info.time_ms = ms_since(start);
        info.nps = info.nodes * 1000 / std::uint64_t(std::max<std::int64_t>(1, info.time_ms));
        info.hashfull = engine.tt().hashfull();
        info.pv = out.pv;
        on_info(info, 1);
    }
    wait_for_release(l, abort, pondering);
    return out;
}

}  // namespace

SkillPlan skill_plan(int level) {
    level = std::clamp(level, 0, 20);
    return {2 + level / 2, Score((20 - level) * 12)};
}

std::size_t skill_pick(const std::vector<Score>& scores, int level, std::mt19937_64& rng) {
    const Score margin = skill_plan(level).margin;
    const Score best = *std::max_element(scores.begin(), scores.end());
    // Candidates: within the margin of the best; never a lost move when the best is not lost.
    std::vector<double> weights(scores.size(), 0.0);
    for (std::size_t i = 0; i < scores.size(); ++i) {
        const Score gap = best - scores[i];
        if (gap > margin) continue;
        if (search::is_loss(scores[i]) && !search::is_loss(best)) continue;
        weights[i] = double(margin - gap) + 10.0;
    }
    std::discrete_distribution<std::size_t> draw(weights.begin(), weights.end());
    return draw(rng);
}

template <class P>
search::SearchResult think(search::Engine& engine, const BasicThinkRequest<P>& req, const LineCallback& on_info,
                           const std::atomic<bool>& abort, const std::atomic<bool>& pondering,
                           std::mt19937_64& rng) {
    if (req.skill < 20) return think_weakly(engine, req, on_info, abort, pondering, rng);

    const auto start = Clock::now();
    const search::Limits& l = req.limits;
    // Line 1: the searcher itself. The callback re-sends a stop or ponderhit that arrived while
    // the searcher was starting (it resets both flags when it starts).
    auto first_callback = [&](const search::Info& info) {
        if (abort.load(std::memory_order_relaxed)) engine.stop();
        if (l.ponder && !pondering.load(std::memory_order_relaxed)) engine.ponderhit();
        if (on_info) on_info(info, 1);
    };
    search::SearchResult first = engine.go(req.root, req.history, l, first_callback);
    if (req.multipv <= 1 || !first.best) return first;

    // Lines 2..K: the moves not yet reported, to line 1's depth, within the time left.
    std::vector<Move> left = root_moves(req.root, l.searchmoves);
    std::erase(left, *first.best);
    const std::int64_t first_ms = ms_since(start);
    for (int k = 2; k <= req.multipv && !left.empty(); ++k) {
        if (abort.load(std::memory_order_relaxed)) break;
        search::Limits next;
        next.depth = std::max(1, first.depth);
        next.threads = l.threads;
        next.move_overhead = l.move_overhead;
        next.searchmoves = left;
        if (l.movetime > 0) {
            const std::int64_t rest = l.movetime - ms_since(start);
            if (rest <= l.move_overhead + 1) break;
            next.movetime = int(rest);
        } else if (l.wtime >= 0 || l.btime >= 0) {
            next.movetime = int(std::max<std::int64_t>(1, first_ms)) + l.move_overhead;
        }
        search::Info last;
        bool reported = false;
        const search::SearchResult r = engine.go(req.root, req.history, next, [&](const search::Info& info) {
            if (abort.load(std::memory_order_relaxed)) engine.stop();
            last = info;
            reported = true;
        });
        if (!r.best || abort.load(std::memory_order_relaxed)) break;
        if (reported && on_info) {
            last.pv = r.pv;
            last.score = r.score;
            on_info(last, k);
        }
        std::erase(left, *r.best);
    }
    return first;
}

template search::SearchResult think(search::Engine&, const BasicThinkRequest<Position>&, const LineCallback&,
                                    const std::atomic<bool>&, const std::atomic<bool>&, std::mt19937_64&);
template search::SearchResult think(search::Engine&, const BasicThinkRequest<intl::Position>&, const LineCallback&,
                                    const std::atomic<bool>&, const std::atomic<bool>&, std::mt19937_64&);
template search::SearchResult think(search::Engine&, const BasicThinkRequest<brazil::Position>&, const LineCallback&,
                                    const std::atomic<bool>&, const std::atomic<bool>&, std::mt19937_64&);

}  // namespace tempo::protocol
