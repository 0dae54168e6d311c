#include "tools/book_build.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <queue>
#include <thread>
#include <unordered_set>

#include "engine/game.hpp"
#include "search/search.hpp"

namespace tempo::book_build {

namespace {

using Clock = std::chrono::steady_clock;

// A child's score seen from the parent, one ply further from a decisive end.
int from_child(search::Score s) {
    s = -s;
    return search::is_win(s) ? s - 1 : search::is_loss(s) ? s + 1 : s;
}

book::Entry expand(search::Engine& engine, const Position& p, const Settings& s, std::size_t& searches) {
    book::Entry e;
    e.position = p;
    engine.clear();
    const std::vector<Key> history{p.key()};
    for (const Move& m : legal_moves(p)) {
        search::Limits l;
        l.threads = 1;
        l.move_overhead = 0;
        if (s.movetime_ms > 0)
            l.movetime = s.movetime_ms;
        else
            l.depth = std::max(1, s.depth - 1);
        const search::SearchResult r = engine.go(p.after(m), history, l);
        ++searches;
        e.moves.push_back({m, std::clamp(from_child(r.score), -book::MaxScore, book::MaxScore), 1});
    }
    return e;
}

// Expands every position of `todo`, the threads taking them in turn.
std::vector<book::Entry> expand_all(const std::vector<Position>& todo, const Settings& s,
                                    std::vector<std::unique_ptr<search::Engine>>& engines,
                                    std::size_t& searches) {
    std::vector<book::Entry> out(todo.size());
    std::vector<std::size_t> counts(engines.size(), 0);
    std::atomic<std::size_t> next{0};
    auto work = [&](std::size_t w) {
        for (std::size_t i; (i = next.fetch_add(1)) < todo.size();) out[i] = expand(*engines[w], todo[i], s, counts[w]);
    };
    std::vector<std::thread> helpers;
    for (std::size_t w = 1; w < engines.size() && w < todo.size(); ++w) helpers.emplace_back(work, w);
    work(0);
    for (std::thread& t : helpers) t.join();
    for (std::size_t c : counts) searches += c;
    return out;
}

}  // namespace

std::vector<Position> ballot_work(const book::Book& b, const Settings& s, std::size_t* covered) {
    std::vector<Position> todo;
    auto want = [&](const Position& p) {
        if (std::find(todo.begin(), todo.end(), p) == todo.end()) todo.push_back(p);
    };
    std::size_t done = 0;
    std::mt19937_64 unused;
    for (const std::vector<Move>& line : s.ballots) {
        if (s.ballot_plies <= 0) break;
        Position p = Position::start();
        bool complete = true;
        for (const Move& m : line) {
            if (!b.contains(p)) {
                want(p);
                complete = false;
            }
            p = p.after(m);
        }
        for (int ply = 0; ply < s.ballot_plies; ++ply) {
            if (legal_moves(p).empty()) break;
            if (!b.contains(p)) {
                want(p);
                complete = false;
                break;
            }
            const std::optional<book::BookMove> best = b.choose(p, 0, unused);
            if (!best) break;
            p = p.after(best->move);
        }
        if (complete) ++done;
    }
    if (covered) *covered = done;
    return todo;
}

std::vector<Position> dropout_work(const book::Book& b, const Settings& s, std::size_t count) {
    struct Node {
        int cost;
        Position position;
        bool operator>(const Node& o) const { return cost > o.cost; }
    };
    std::priority_queue<Node, std::vector<Node>, std::greater<>> queue;
    std::unordered_set<Key> seen;
    std::vector<Position> todo;
    queue.push({0, Position::start()});
    while (!queue.empty() && todo.size() < count) {
        const Node n = queue.top();
        queue.pop();
        if (!seen.insert(n.position.key()).second) continue;
        const std::vector<book::BookMove> moves = b.probe(n.position);
        if (moves.empty()) {
            if (!b.contains(n.position) && !legal_moves(n.position).empty()) todo.push_back(n.position);
            continue;
        }
        const int best = moves.front().score;
        for (const book::BookMove& m : moves) {
            if (m.weight == 0 || best - m.score > s.window) continue;
            queue.push({n.cost + (best - m.score) + s.ply_cost, n.position.after(m.move)});
        }
    }
    return todo;
}

Result<Progress> build(const Settings& s, const std::function<void(const Progress&)>& report) {
    const auto start = Clock::now();
    book::Book b;
    if (std::FILE* f = std::fopen(s.path.c_str(), "rb")) {
        std::fclose(f);
        Result<book::Book> old = book::load(s.path);
        if (!old) return Error{old.error()};
        b = std::move(old.value());
    }
    std::vector<std::unique_ptr<search::Engine>> engines;
    for (int t = 0; t < std::max(1, s.threads); ++t)
        engines.push_back(std::make_unique<search::Engine>(s.hash_mb));

    Progress pr;
    pr.ballots = s.ballots.size();
    auto step = [&](const std::vector<Position>& todo, const char* phase) -> Result<bool> {
        for (book::Entry& e : expand_all(todo, s, engines, pr.searches)) b.insert(std::move(e));
        pr.added += todo.size();
        pr.positions = b.size();
        pr.phase = phase;
        pr.seconds = std::chrono::duration<double>(Clock::now() - start).count();
        if (Result<bool> saved = book::save(b, s.path); !saved) return saved;
        ballot_work(b, s, &pr.ballots_covered);
        if (report) report(pr);
        return true;
    };
    // 1. Every ballot covered, round by round (each round's positions depend on the last's scores).
    for (std::vector<Position> todo; !(todo = ballot_work(b, s, nullptr)).empty();) {
        // Rounds can be long; save along the way.
        const std::size_t chunk = std::max<std::size_t>(8, 4 * engines.size());
        for (std::size_t i = 0; i < todo.size(); i += chunk) {
            const std::vector<Position> part(todo.begin() + std::ptrdiff_t(i),
                                             todo.begin() + std::ptrdiff_t(std::min(todo.size(), i + chunk)));
            if (Result<bool> r = step(part, "ballots"); !r) return Error{r.error()};
        }
    }
    // 2. Dropout expansion up to the number of positions asked for.
    while (b.size() < s.positions) {
        const std::size_t batch = std::min(s.positions - b.size(), 2 * engines.size());
        const std::vector<Position> todo = dropout_work(b, s, batch);
        if (todo.empty()) break;  // the window closes every line: nothing left to expand
        if (Result<bool> r = step(todo, "dropout"); !r) return Error{r.error()};
    }
    pr.positions = b.size();
    ballot_work(b, s, &pr.ballots_covered);
    pr.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (pr.added == 0) {  // nothing to do: still check that the file can be written
        if (Result<bool> saved = book::save(b, s.path); !saved) return Error{saved.error()};
    }
    return pr;
}

}  // namespace tempo::book_build
