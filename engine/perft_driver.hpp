// Perft written once for every game: the shared transposition table, the recursion (plain, or
// through the table) and the root driver (divide lines, threads, progress), templated on a board.
// Internal to engine/: the board is perft_board.hpp's PerftBoard<RulesTrait>, instantiated by
// perft.cpp (English) and perft_flying.cpp (international, Brazilian), which define the public
// functions of perft.hpp.
//
// A board `B` names what depends on the game, all resolved at compile time:
//   B::Pos, B::List                 the position and move list types;
//   B::keeps_routes                 whether Routes::Keep means anything (English); when false every
//                                   count is Routes::Drop's, whatever the options say;
//   B::count<Us, R>(p)              the number of legal moves, the bulk count of the last ply;
//   B::perft2<Us, R>(p)             the last two plies, fused;
//   B::generate<Us>(p, list)        the legal moves;
//   B::routes(p, m)                 a move's jump orders as square lists, for the divide lines;
//   B::walks_steps                  whether a position with no capture is walked step by step
//                                   without a list, through B::has_capture<Us>(p) and
//                                   B::for_each_step<Us>(p, visit) (short kings only).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/perft.hpp"

namespace tempo::detail {

// A perft transposition table: (key, depth) -> count, shared by the threads without locks. Each
// slot keeps `check = key ^ data`; a torn write from two threads fails the check and reads as a
// miss, never as a wrong count. Buckets of four slots fill a cache line; a store replaces the
// slot with the smallest depth.
class PerftTable {
public:
    explicit PerftTable(std::size_t mb) {
        std::size_t buckets = 1;
        while ((buckets * 2) * sizeof(Bucket) <= mb * 1024 * 1024) buckets *= 2;
        buckets_ = std::make_unique<Bucket[]>(buckets);
        mask_ = buckets - 1;
    }

    bool probe(Key key, int depth, std::uint64_t& nodes) const {
        const Bucket& b = buckets_[key & mask_];
        for (const Slot& s : b.slots) {
            const std::uint64_t data = s.data.load(std::memory_order_relaxed);
            const std::uint64_t check = s.check.load(std::memory_order_relaxed);
            if ((check ^ data) == key && int(data & 0xFF) == depth) {
                nodes = data >> 8;
                return true;
            }
        }
        return false;
    }

    void store(Key key, int depth, std::uint64_t nodes) {
        Bucket& b = buckets_[key & mask_];
        Slot* victim = &b.slots[0];
        for (Slot& s : b.slots) {
            const std::uint64_t d = s.data.load(std::memory_order_relaxed);
            if ((d & 0xFF) < (victim->data.load(std::memory_order_relaxed) & 0xFF)) victim = &s;
        }
        const std::uint64_t data = (nodes << 8) | std::uint64_t(depth);
        victim->data.store(data, std::memory_order_relaxed);
        victim->check.store(key ^ data, std::memory_order_relaxed);
    }

private:
    struct Slot {
        std::atomic<std::uint64_t> check{0};
        std::atomic<std::uint64_t> data{0};  // count << 8 | depth; depth 0 marks an empty slot
    };
    struct alignas(64) Bucket {
        Slot slots[4];
    };
    std::unique_ptr<Bucket[]> buckets_;
    std::size_t mask_ = 0;
};

// Counts up to 2^56 - 1 fit a slot; deeper subtrees than that are simply not stored.
constexpr std::uint64_t MaxStoredCount = (std::uint64_t{1} << 56) - 1;

// The plain recursive count below `p`, depth >= 1.
template <class B, Color Us, Routes R>
std::uint64_t perft_plain(const typename B::Pos& p, int depth) {
    if (depth == 1) return B::template count<Us, R>(p);
    if (depth == 2) return B::template perft2<Us, R>(p);
    std::uint64_t n = 0;
    if constexpr (B::walks_steps) {
        if (!B::template has_capture<Us>(p)) {
            B::template for_each_step<Us>(p, [&](const Move& m) {
                n += perft_plain<B, ~Us, R>(p.template after<Us, false>(m), depth - 1);
            });
            return n;
        }
    }
    typename B::List list;
    B::template generate<Us>(p, list);
    for (const Move& m : list) {
        const std::uint64_t c = perft_plain<B, ~Us, R>(p.template after<Us, false>(m), depth - 1);
        n += R == Routes::Keep ? c * m.routes : c;
    }
    return n;
}

// The count below `p` through the table, depth >= 1; the last two plies are not stored.
template <class B, Color Us, Routes R>
std::uint64_t perft_hashed(const typename B::Pos& p, int depth, PerftTable& table) {
    if (depth <= 2) return depth == 1 ? B::template count<Us, R>(p) : B::template perft2<Us, R>(p);
    std::uint64_t n = 0;
    if (table.probe(p.key(), depth, n)) return n;
    typename B::List list;
    B::template generate<Us>(p, list);
    for (const Move& m : list) {
        const std::uint64_t c = perft_hashed<B, ~Us, R>(p.template after<Us>(m), depth - 1, table);
        n += R == Routes::Keep ? c * m.routes : c;
    }
    if (n <= MaxStoredCount) table.store(p.key(), depth, n);
    return n;
}

// The count below `p`, depth >= 1, in the convention R.
template <class B, Routes R>
std::uint64_t count_with(const typename B::Pos& p, int depth, PerftTable* table) {
    if (p.side_to_move() == Color::Black)
        return table ? perft_hashed<B, Color::Black, R>(p, depth, *table) : perft_plain<B, Color::Black, R>(p, depth);
    return table ? perft_hashed<B, Color::White, R>(p, depth, *table) : perft_plain<B, Color::White, R>(p, depth);
}

// The leaves below `p` at `depth` (depth 0 counts 1), through `table` when there is one.
template <class B>
std::uint64_t count_below(const typename B::Pos& p, int depth, Routes routes, PerftTable* table = nullptr) {
    if (depth <= 0) return 1;
    if constexpr (B::keeps_routes)
        if (routes == Routes::Keep) return count_with<B, Routes::Keep>(p, depth, table);
    return count_with<B, Routes::Drop>(p, depth, table);
}

// Every legal move of the side to move.
template <class B>
void generate(const typename B::Pos& p, typename B::List& list) {
    p.side_to_move() == Color::Black ? B::template generate<Color::Black>(p, list)
                                     : B::template generate<Color::White>(p, list);
}

template <class B>
PerftResult divide(const typename B::Pos& p, const PerftOptions& options,
                   const std::function<void(const DivideLine&, std::size_t, std::size_t)>&
                       on_root_done) {
    using Pos = typename B::Pos;
    using List = typename B::List;
    const Routes routes = B::keeps_routes ? options.routes : Routes::Drop;
    PerftResult result;
    if (options.depth <= 0) {
        result.nodes = 1;
        return result;
    }
    List roots;
    generate<B>(p, roots);

    // The divide lines: one per root move, or per jump order of it with Routes::Keep. Lines of
    // the same move share its count.
    struct RootMove {
        Move move;
        Pos child;
        std::size_t first_line = 0, lines = 0;
        std::vector<Pos> grandchildren;  // the work items when several threads share it
        std::atomic<std::size_t> pending{0};
        std::atomic<std::uint64_t> nodes{0};
    };
    std::vector<RootMove> moves(roots.size());
    for (std::size_t i = 0; i < roots.size(); ++i) {
        RootMove& r = moves[i];
        r.move = roots[i];
        r.child = p.after(roots[i]);
        r.first_line = result.divide.size();
        auto orders = B::routes(p, roots[i]);
        if (routes == Routes::Drop) orders.resize(1);
        for (auto& route : orders) result.divide.push_back(DivideLine{roots[i], std::move(route), 0});
        r.lines = result.divide.size() - r.first_line;
    }

    const int threads = std::max(1, options.threads);
    std::unique_ptr<PerftTable> table;
    if (options.hash_mb > 0) table = std::make_unique<PerftTable>(options.hash_mb);

    // Work items: the root moves, or with several threads their children, so that the threads
    // stay busy to the end even when the root has few moves.
    struct Item {
        std::size_t root;
        const Pos* position;
        int depth;
        std::uint64_t weight;  // routes of the grandchild move with Routes::Keep
    };
    std::vector<Item> items;
    const bool split = threads > 1 && options.depth >= 3;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        RootMove& r = moves[i];
        if (!split) {
            items.push_back(Item{i, &r.child, options.depth - 1, 1});
            continue;
        }
        List replies;
        generate<B>(r.child, replies);
        r.grandchildren.reserve(replies.size());
        for (const Move& m : replies) r.grandchildren.push_back(r.child.after(m));
        for (std::size_t j = 0; j < replies.size(); ++j)
            items.push_back(Item{i, &r.grandchildren[j], options.depth - 2,
                                 routes == Routes::Keep ? replies[j].routes : 1u});
    }
    for (const Item& it : items) moves[it.root].pending.fetch_add(1, std::memory_order_relaxed);

    std::mutex report;
    std::size_t lines_done = 0;
    auto finish_root = [&](RootMove& r) {
        const std::uint64_t n = r.nodes.load();
        std::lock_guard lock(report);
        for (std::size_t k = 0; k < r.lines; ++k) {
            DivideLine& line = result.divide[r.first_line + k];
            line.nodes = n;
            ++lines_done;
            if (on_root_done) on_root_done(line, lines_done, result.divide.size());
        }
    };
    // A root move with no replies (the game ends there) has no items but still counts.
    for (RootMove& r : moves)
        if (r.pending.load() == 0) {
            r.nodes = 0;  // only when split: no replies, so no leaves at depth >= 2
            finish_root(r);
        }

    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        for (std::size_t k; (k = next.fetch_add(1)) < items.size();) {
            const Item& it = items[k];
            const std::uint64_t n = count_below<B>(*it.position, it.depth, routes, table.get());
            RootMove& r = moves[it.root];
            r.nodes.fetch_add(n * it.weight);
            if (r.pending.fetch_sub(1) == 1) finish_root(r);
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
    for (auto& t : pool) t.join();

    for (const DivideLine& line : result.divide) result.nodes += line.nodes;
    return result;
}

}  // namespace tempo::detail
