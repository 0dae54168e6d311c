#include "checkerboard/library.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <thread>

#include "checkerboard/board.hpp"
#include "checkerboard/module_path.hpp"
#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "protocol/report.hpp"
#include "protocol/think.hpp"

namespace tempo::cb {

namespace {

using Clock = std::chrono::steady_clock;

// The memory (MiB) the database of each number of pieces takes, one byte a position index
// (search/egdb.hpp: 7.1 million positions with exactly 4 pieces, 149 million with 5, a few per
// cent more indices): the most pieces that fit in `dbmbytes` are built.
constexpr int DbMegabytes[search::egdb::MaxPieces + 1] = {0, 0, 1, 1, 8, 160};

// Copies `text` into `out` (a buffer of `size` bytes), cut to fit, NUL-terminated.
void put(char* out, std::size_t size, std::string_view text) {
    if (!out || size == 0) return;
    const std::size_t n = std::min(text.size(), size - 1);
    std::memcpy(out, text.data(), n);
    out[n] = '\0';
}

// "+35", "win in 7 plies", "loss in 12 plies".
std::string score_words(search::Score s) {
    if (search::is_win(s)) return "win in " + std::to_string(search::plies_to_end(s)) + " plies";
    if (search::is_loss(s)) return "loss in " + std::to_string(search::plies_to_end(s)) + " plies";
    return (s > 0 ? "+" : "") + std::to_string(s);
}

// The status line of a search: depth, score, nodes, speed, time and the principal variation.
std::string status_text(const Position& root, const search::Info& i) {
    char head[200];
    std::snprintf(head, sizeof head, "Tempo: depth %d/%d, score %s, nodes %llu, %.2f Mn/s, %.2f s", i.depth,
                  i.seldepth, score_words(i.score).c_str(), static_cast<unsigned long long>(i.nodes),
                  double(i.nps) / 1e6, double(i.time_ms) / 1000.0);
    std::string s = head;
    if (!i.pv.empty()) s += ", pv " + protocol::line_text(root, i.pv, Notation::Numbers);
    if (s.size() >= StatusSize) s.resize(StatusSize - 1);
    return s;
}

}  // namespace

int Settings::db_pieces() const {
    if (!enable_wld) return 0;
    int n = 0;
    for (int k = search::egdb::MinPieces; k <= search::egdb::MaxPieces; ++k)
        if (k <= max_dbpieces && DbMegabytes[k] <= db_mbytes) n = k;
    return n;
}

std::string Settings::db_file() const {
    if (dbpath.empty()) return {};
    std::error_code ec;
    const std::filesystem::path file =
        std::filesystem::path(dbpath) / ("tempo-egdb-" + std::to_string(db_pieces()) + ".db");
    return std::filesystem::is_regular_file(file, ec) ? file.string() : std::string{};
}

search::Limits time_limits(double maxtime, int info, int moreinfo, Color us) {
    search::Limits l;
    l.threads = 1;
    if (!(maxtime > 0)) maxtime = 0.01;  // zero, negative or NaN: as short a search as CB allows
    // CheckerBoard's "infinite" (analysis) is 8,600,000 s: anything above a day waits for playnow.
    if (maxtime > 86400.0) {
        l.infinite = true;
        return l;
    }
    const int ms = std::max(1, int(std::lround(maxtime * 1000.0)));
    // Kept back for the host's own work after the search, and for a busy core that is slow to
    // give the stopped search its turn: a seventh of the time, 5 to 15 ms, but never more than
    // half of it.
    l.move_overhead = std::min(std::clamp(ms / 7, 5, 15), ms / 2);

    const int unit = (info >> IncrTimeShift) & 3;
    if (unit != 0) {
        constexpr double Mult[3] = {0.001, 0.01, 0.1};
        const auto raw = static_cast<std::uint32_t>(moreinfo);
        const double inc = double(raw & 0xffffu) * Mult[unit - 1];
        const double rem = double(raw >> 16) * Mult[unit - 1];
        // Sanity check: CheckerBoard never offers a move more than the clock holds.
        if (rem > 0 && maxtime <= rem + inc + 0.05) {
            int& time = us == Color::White ? l.wtime : l.btime;
            int& incr = us == Color::White ? l.winc : l.binc;
            time = std::max(1, int(std::lround(rem * 1000.0)));
            incr = int(std::lround(inc * 1000.0));
            if (info & ExactTime) l.movetime = ms;
            return l;
        }
    }
    if (info & ExactTime) {
        l.movetime = ms;
        return l;
    }
    // An average: plan maxtime (a clock of 30 moves of maxtime each makes that the plan), stop at
    // 1.5 maxtime at the latest.
    const std::int64_t planned = std::min<std::int64_t>(std::int64_t(ms) * 30, 2'000'000'000);
    (us == Color::White ? l.wtime : l.btime) = int(planned);
    l.movestogo = 30;
    l.movetime = int(std::min<std::int64_t>(std::int64_t(ms) * 3 / 2, 2'000'000'000));
    return l;
}

Library::Library() : engine_(std::size_t(Settings{}.hash_mb)), rng_(std::random_device{}()) {}

Library::~Library() {
#if defined(_WIN32)
    egdb_.abandon();  // unloading: joining a thread under the loader lock would hang
#endif
}

Library& library() {
    static Library instance;
    return instance;
}

Result<book::Book> Library::load_book(const std::string& file) {
    if (file.empty()) return book::from_binary(embedded_book());
    std::filesystem::path path(file);
    if (!path.has_parent_path()) path = module_directory() / path;  // a bare name: beside the library
    return book::load(path.string());
}

void Library::apply(const Settings& s, const Position& root) {
    if (s.hash_mb != applied_.hash_mb) engine_.set_hash(std::size_t(s.hash_mb));
    const bool db_changed = s.db_pieces() != applied_.db_pieces() || s.dbpath != applied_.dbpath;
    if (db_changed) {  // rebuilt when a search needs it; the table holds the old one's scores
        engine_.set_egdb(nullptr);
        egdb_.drop();
        egdb_error_.clear();
        engine_.clear();
    }
    applied_ = s;
    engine_.set_egdb(nullptr);
    if (s.db_pieces() == 0) return;
    engine_.set_egdb(egdb_.prepare(root, s.db_pieces(), s.db_file(),
                                   [&](const std::string& message) { egdb_error_ = message; }));
}

int Library::getmove(int board[8][8], int color, double maxtime, char* str, int* playnow, int info, int moreinfo,
                     CBmove* move) {
    std::lock_guard<std::mutex> one_at_a_time(search_mutex_);
    try {
        return getmove_checked(board, color, maxtime, str, playnow, info, moreinfo, move);
    } catch (const std::exception& e) {  // out of memory, a thread that could not start
        put(str, StatusSize, std::string("Tempo: no move: ") + e.what());
    } catch (...) {
        put(str, StatusSize, "Tempo: no move: an unexpected error");
    }
    return Unknown;
}

int Library::getmove_checked(int board[8][8], int color, double maxtime, char* str, const int* playnow, int info,
                             int moreinfo, CBmove* move) {
    const auto start = Clock::now();
    if (!board) {
        put(str, StatusSize, "Tempo: no board given");
        return Unknown;
    }
    const Result<Position> read = read_board(board, color);
    if (!read) {
        put(str, StatusSize, "Tempo: not a legal board, no move made: " + read.error());
        return Unknown;
    }
    Position root = *read;
    const std::vector<Move> moves = legal_moves(root);
    if (moves.empty()) {
        put(str, StatusSize, std::string("Tempo: no legal move for ") +
                                 (color == White ? "White" : "Black") + " in this position (the game is lost)");
        return Unknown;
    }

    // The options and the history as they are now; the book move, if the book has one.
    Settings s;
    std::vector<Key> history;
    std::optional<book::BookMove> from_book;
    {
        std::lock_guard<std::mutex> lock(state_mutex_);
        s = settings_;
        // The history counts only when it leads to this very board (hosts.md: the last position
        // of `set gamehist` is the board of the next getmove); it also brings the 80-ply count.
        if (!gamehist_.empty() && gamehist_.back() == root) {
            root = gamehist_.back();
            for (std::size_t i = 0; i + 1 < gamehist_.size(); ++i) history.push_back(gamehist_[i].key());
        }
        if (s.book != BookNone && !book_ && book_error_.empty()) {
            Result<book::Book> b = load_book(s.bookfile);
            if (b)
                book_ = std::move(b.value());
            else
                book_error_ = b.error();
        }
        if (s.book != BookNone && book_) {
            const int variety = s.book == BookBest ? 0 : s.book == BookGood ? 20 : 1000;
            from_book = book_->choose(root, variety, rng_);
        }
    }

    auto play = [&](const Move& m) {
        if (move) *move = move_record(root, m);
        write_board(root.after(m), board);
    };
    if (from_book && std::find(moves.begin(), moves.end(), from_book->move) != moves.end()) {
        play(from_book->move);
        put(str, StatusSize,
            "Tempo: book move " + move_text(root, from_book->move) + ", score " + score_words(from_book->score));
        return Unknown;
    }

    apply(s, root);
    protocol::ThinkRequest req;
    req.root = root;
    req.history = std::move(history);
    req.limits = time_limits(maxtime, info, moreinfo, root.side_to_move());
    req.limits.threads = s.threads;
    // The time limits count from the call, not from the search: what apply() took (a new table
    // to allocate, a database to drop) is spent already.
    const int movetime = req.limits.movetime;
    const auto setup = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    if (movetime > 0) req.limits.movetime = std::max(1, movetime - int(setup));

    // The watcher: stops the search as soon as the host sets *playnow (read as volatile: another
    // thread writes it, and the API gives it no other type), and with CB_EXACT_TIME at the
    // deadline too: the searcher looks at its clock only every 1024 nodes, a stop at every node.
    std::optional<Clock::time_point> deadline;
    if ((info & ExactTime) && movetime > 0)
        deadline = start + std::chrono::milliseconds(movetime - req.limits.move_overhead);
    std::atomic<bool> halt{false}, pondering{false}, done{false};
    std::thread watcher([&] {
        const volatile int* flag = playnow;
        while (!done.load(std::memory_order_acquire)) {
            if ((flag && *flag) || (deadline && Clock::now() >= *deadline)) {
                halt.store(true, std::memory_order_relaxed);
                engine_.stop();
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    });
    search::SearchResult r;
    try {
        r = protocol::think(
            engine_, req, [&](const search::Info& i, int) { put(str, StatusSize, status_text(root, i)); }, halt,
            pondering, rng_);
    } catch (...) {
        done.store(true, std::memory_order_release);
        watcher.join();
        throw;
    }
    done.store(true, std::memory_order_release);
    watcher.join();

    // Never an illegal move: the searcher promises a legal one, and this checks it.
    const Move best = r.best && std::find(moves.begin(), moves.end(), *r.best) != moves.end() ? *r.best : moves[0];
    play(best);

    search::Info last;
    last.depth = r.depth;
    last.score = r.score;
    last.nodes = r.nodes;
    last.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    last.nps = last.nodes * 1000 / std::uint64_t(std::max<std::int64_t>(1, last.time_ms));
    last.seldepth = r.depth;
    last.pv = r.pv.empty() || !(r.pv.front() == best) ? std::vector<Move>{best} : r.pv;
    std::string text = status_text(root, last);
    if (halt.load(std::memory_order_relaxed) && playnow && *static_cast<const volatile int*>(playnow))
        text += " (stopped: play now)";
    if (!egdb_error_.empty()) text += " (database: " + egdb_error_ + ")";
    put(str, StatusSize, text);

    // The value of the game for the side that moved: proven wins and losses, and database draws.
    if (search::is_win(r.score)) return Win;
    if (search::is_loss(r.score)) return Loss;
    if (const search::egdb::Database* db = engine_.egdb()) {
        const Position next = root.after(best);
        if (db->covers(next))
            if (const std::optional<search::egdb::Value> v = db->probe(next))
                if (v->outcome == search::egdb::Outcome::Draw) return Draw;
    }
    return Unknown;
}

int Library::islegal(int board[8][8], int color, int from, int to, CBmove* move) {
    if (!board) return 0;
    const Result<Position> p = read_board(board, color);
    if (!p) return 0;
    for (const Move& m : legal_moves(*p)) {
        if (Geo::square_of(m.from) + 1 == from && Geo::square_of(m.to) + 1 == to) {
            if (move) *move = move_record(*p, m);
            return 1;
        }
    }
    return 0;
}

}  // namespace tempo::cb
