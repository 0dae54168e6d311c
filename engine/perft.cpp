#include "engine/perft.hpp"

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <thread>

#include "engine/notation.hpp"

namespace tempo {

namespace {

// A capture sink that counts the replies to each complete sequence (perft2's captures).
template <Color Us, Routes R>
struct ChildCounter {
    Bitboard own, opp, kings;
    std::uint64_t n = 0;
    void king(bool) {}
    void leaf(int from, Bitboard to, Bitboard captured) {
        const Bitboard f = bit(from), path = f ^ to;
        const Bitboard k = kings & ~captured;
        n += movegen::count<~Us, R>(opp ^ captured, own ^ path,
                                    (kings & f) ? k ^ path : k | (to & CrownRow<Us>));
    }
};

// perft(p, 2), fused: a step's child is three bitboards, counted without building a Position or
// a move list. This is where almost all the time of a deep perft goes.
template <Color Us, Routes R>
std::uint64_t perft2(const Position& p) {
    using S = movegen::Steps<Us>;
    constexpr Color Them = ~Us;
    const Bitboard own = p.pieces(Us), opp = p.pieces(Them), kings = p.kings();
    if (const Bitboard jumping = movegen::jumpers<Us>(p)) {
        if (R == Routes::Keep || !(jumping & kings)) {
            // Count each child as its capture sequence is found, with no list in between.
            ChildCounter<Us, R> sink{own, opp, kings};
            movegen::captures<Us>(opp, kings, p.empty(), jumping, sink);
            return sink.n;
        }
        MoveList list;  // Routes::Drop with a king capture: the list merges the jump orders
        movegen::generate<Us>(p, list);
        std::uint64_t n = 0;
        for (const Move& m : list) n += movegen::count<Them, R>(p.after<Us, false>(m));
        return n;
    }
    const Bitboard empty = p.empty(), men = own & ~kings, my_kings = own & kings;
    std::uint64_t n = 0;
    auto man_steps = [&]<int D>() {
        for (Bitboard t = shift<D>(men) & empty; t; t &= t - 1) {
            const Bitboard to = t & -t, path = to | shift<-D>(to);
            n += movegen::count<Them, R>(opp, own ^ path, kings | (to & CrownRow<Us>));
        }
    };
    auto king_steps = [&]<int D>() {
        for (Bitboard t = shift<D>(my_kings) & empty; t; t &= t - 1) {
            const Bitboard to = t & -t, path = to | shift<-D>(to);
            n += movegen::count<Them, R>(opp, own ^ path, kings ^ path);
        }
    };
    man_steps.template operator()<S::F1>();
    man_steps.template operator()<S::F2>();
    if (my_kings) {
        king_steps.template operator()<S::F1>();
        king_steps.template operator()<S::F2>();
        king_steps.template operator()<S::B1>();
        king_steps.template operator()<S::B2>();
    }
    return n;
}

// Calls visit(move) for each step of the side to move, in the order generate() lists them,
// without storing them; only for a position with no capture.
template <Color Us, class Visit>
inline void for_each_step(const Position& p, Visit&& visit) {
    using S = movegen::Steps<Us>;
    const Bitboard empty = p.empty(), own = p.pieces(Us), kings = p.kings(Us);
    auto steps = [&]<int D>(Bitboard movers) {
        for (Bitboard t = shift<D>(movers) & empty; t; t &= t - 1) {
            const int to = lsb(t);
            visit(Move{0, std::uint8_t(to - D), std::uint8_t(to), 1});
        }
    };
    steps.template operator()<S::F1>(own);
    steps.template operator()<S::F2>(own);
    if (kings) {
        steps.template operator()<S::B1>(kings);
        steps.template operator()<S::B2>(kings);
    }
}

template <Color Us, Routes R>
std::uint64_t perft_plain(const Position& p, int depth) {
    if (depth == 1) return movegen::count<Us, R>(p);
    if (depth == 2) return perft2<Us, R>(p);
    std::uint64_t n = 0;
    if (!movegen::jumpers<Us>(p)) {
        for_each_step<Us>(p, [&](const Move& m) { n += perft_plain<~Us, R>(p.after<Us, false>(m), depth - 1); });
        return n;
    }
    MoveList list;
    movegen::generate<Us>(p, list);
    for (const Move& m : list) {
        const std::uint64_t c = perft_plain<~Us, R>(p.after<Us, false>(m), depth - 1);
        n += R == Routes::Keep ? c * m.routes : c;
    }
    return n;
}

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

template <Color Us, Routes R>
std::uint64_t perft_hashed(const Position& p, int depth, PerftTable& table) {
    if (depth <= 2) return depth == 1 ? movegen::count<Us, R>(p) : perft2<Us, R>(p);
    std::uint64_t n = 0;
    if (table.probe(p.key(), depth, n)) return n;
    MoveList list;
    movegen::generate<Us>(p, list);
    for (const Move& m : list) {
        const std::uint64_t c = perft_hashed<~Us, R>(p.after<Us>(m), depth - 1, table);
        n += R == Routes::Keep ? c * m.routes : c;
    }
    if (n <= MaxStoredCount) table.store(p.key(), depth, n);
    return n;
}

std::uint64_t count_subtree(const Position& p, int depth, Routes routes, PerftTable* table) {
    if (depth <= 0) return 1;
    const bool black = p.side_to_move() == Color::Black;
    if (table) {
        if (routes == Routes::Keep)
            return black ? perft_hashed<Color::Black, Routes::Keep>(p, depth, *table)
                         : perft_hashed<Color::White, Routes::Keep>(p, depth, *table);
        return black ? perft_hashed<Color::Black, Routes::Drop>(p, depth, *table)
                     : perft_hashed<Color::White, Routes::Drop>(p, depth, *table);
    }
    return perft(p, depth, routes);
}

}  // namespace

std::uint64_t perft(const Position& p, int depth, Routes routes) {
    if (depth <= 0) return 1;
    if (p.side_to_move() == Color::Black)
        return routes == Routes::Keep ? perft_plain<Color::Black, Routes::Keep>(p, depth)
                                      : perft_plain<Color::Black, Routes::Drop>(p, depth);
    return routes == Routes::Keep ? perft_plain<Color::White, Routes::Keep>(p, depth)
                                  : perft_plain<Color::White, Routes::Drop>(p, depth);
}

PerftResult perft_divide(const Position& p, const PerftOptions& options,
                         const std::function<void(const DivideLine&, std::size_t, std::size_t)>&
                             on_root_done) {
    PerftResult result;
    if (options.depth <= 0) {
        result.nodes = 1;
        return result;
    }
    MoveList roots;
    generate_moves(p, roots);

    // The divide lines: one per root move, or per jump order of it with Routes::Keep. Lines of
    // the same move share its count.
    struct RootMove {
        Move move;
        Position child;
        std::size_t first_line = 0, lines = 0;
        std::vector<Position> grandchildren;  // the work items when several threads share it
        std::atomic<std::size_t> pending{0};
        std::atomic<std::uint64_t> nodes{0};
    };
    std::vector<RootMove> moves(roots.size());
    for (std::size_t i = 0; i < roots.size(); ++i) {
        RootMove& r = moves[i];
        r.move = roots[i];
        r.child = p.after(roots[i]);
        r.first_line = result.divide.size();
        auto routes = routes_of(p, roots[i]);
        if (options.routes == Routes::Drop) routes.resize(1);
        for (auto& route : routes) result.divide.push_back(DivideLine{roots[i], std::move(route), 0});
        r.lines = result.divide.size() - r.first_line;
    }

    const int threads = std::max(1, options.threads);
    std::unique_ptr<PerftTable> table;
    if (options.hash_mb > 0) table = std::make_unique<PerftTable>(options.hash_mb);

    // Work items: the root moves, or with several threads their children, so that the threads
    // stay busy to the end even when the root has few moves.
    struct Item {
        std::size_t root;
        const Position* position;
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
        MoveList replies;
        generate_moves(r.child, replies);
        r.grandchildren.reserve(replies.size());
        for (const Move& m : replies) r.grandchildren.push_back(r.child.after(m));
        for (std::size_t j = 0; j < replies.size(); ++j)
            items.push_back(Item{i, &r.grandchildren[j], options.depth - 2,
                                 options.routes == Routes::Keep ? replies[j].routes : 1u});
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
            const std::uint64_t n = count_subtree(*it.position, it.depth, options.routes, table.get());
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

}  // namespace tempo
