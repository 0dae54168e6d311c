#include "protocol/session.hpp"

#include <chrono>
#include <sstream>

#include "engine/notation.hpp"
#include "engine/perft.hpp"
#include "protocol/moves.hpp"
#include "protocol/report.hpp"
#include "protocol/think.hpp"
#include "search/bench.hpp"
#include "search/tuning.hpp"

namespace tempo::protocol {

namespace {
}

Session::Session(Writer& out)
    : out_(out), engine_(std::size_t(Options{}.hash_mb)), rng_(std::random_device{}()) {
    new_game();
    configure_search();
}

void Session::configure_search() {
    // The search parameters of SearchTune over the defaults (set_option has checked them).
    const Result<search::Options> tuned = search::tune(search::Options{}, options_.search_tune);
    if (tuned) engine_.options() = tuned.value();
    engine_.options().network = !options_.network ? nullptr
                                : eval_file_net_  ? &*eval_file_net_
                                                  : search::nnue::Network::embedded();
    engine_.options().intl_network = !options_.network    ? nullptr
                                     : eval_file_intl_net_ ? &*eval_file_intl_net_
                                                           : search::nnue::IntlNetwork::embedded();
}

Session::~Session() {
    stop_search();
    drop_egdb();
}

bool Session::handle(std::string_view line) {
    const std::optional<Command> c = parse(line);
    if (!c) return true;
    return std::visit(*this, *c);
}

// Writes the one error line of a bad command. Messages may quote the input (a FEN, a move): any
// byte that is not printable ASCII becomes '?', so stdout stays plain protocol text.
void Session::error(std::string_view message) {
    std::string line = "info string error: " + std::string(message);
    for (char& c : line)
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
    out_.line(line);
}

// Stops the worker and waits for it. Engine::go resets the stop flag when it starts, so the stop
// is repeated until the worker has finished.
void Session::stop_search() {
    if (!worker_.joinable()) return;
    abort_.store(true, std::memory_order_relaxed);
    while (searching()) {
        engine_.stop();
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    worker_.join();
}

void Session::new_game() {
    switch (options_.variant) {
        case Variant::International:
            game_ = GameLine<International>{{International::start(options_)}, {}};
            break;
        case Variant::Brazilian:
            game_ = GameLine<Brazilian>{{Brazilian::start(options_)}, {}};
            break;
        case Variant::English:
            game_ = GameLine<English>{{English::start(options_)}, {}};
            break;
    }
}

bool Session::operator()(const Uci&) {
    out_.line("id name Tempo " TEMPO_VERSION);
    out_.line("id author The Tempo developers");
    for (const std::string& l : option_lines()) out_.line(l);
    out_.line("uciok");
    return true;
}

bool Session::operator()(const IsReady&) {
    out_.line("readyok");
    return true;
}

bool Session::operator()(const SetOption& s) {
    Options next = options_;
    const Result<Changed> r = set_option(next, s.name, s.value);
    if (!r) {
        error(r.error());
        return true;
    }
    stop_search();
    if (*r == Changed::Evaluation && next.eval_file != options_.eval_file) {
        // Loaded now, so that a bad file is refused at once and the options stay as they were.
        if (next.eval_file.empty()) {
            eval_file_net_.reset();
        } else {
            Result<search::nnue::Network> net = search::nnue::Network::load(next.eval_file);
            if (!net) {
                error("EvalFile: " + net.error() + " (the evaluation is unchanged)");
                return true;
            }
            eval_file_net_ = std::move(net.value());
        }
    }
    if (*r == Changed::Evaluation && next.eval_file_intl != options_.eval_file_intl) {
        if (next.eval_file_intl.empty()) {
            eval_file_intl_net_.reset();
        } else {
            Result<search::nnue::IntlNetwork> net = search::nnue::IntlNetwork::load(next.eval_file_intl);
            if (!net) {
                error("EvalFileInternational: " + net.error() + " (the evaluation is unchanged)");
                return true;
            }
            eval_file_intl_net_ = std::move(net.value());
        }
    }
    if (next.own_book != options_.own_book || next.book_file != options_.book_file) {
        book_.reset();
        book_tried_ = false;
    }
    options_ = next;
    if (*r == Changed::Hash) engine_.set_hash(std::size_t(options_.hash_mb));
    if (*r == Changed::ClearHash) engine_.clear();
    if (*r == Changed::Variant) {  // as ucinewgame, on the other board
        engine_.clear();
        new_game();
    }
    if (*r == Changed::Search) configure_search();
    if (*r == Changed::Evaluation) {  // the table holds the other evaluation's scores
        configure_search();
        engine_.clear();
    }
    if (*r == Changed::Egdb) {  // rebuilt when a go needs it; the table holds its scores
        drop_egdb();
        engine_.clear();
    }
    return true;
}

bool Session::operator()(const UciNewGame&) {
    stop_search();
    engine_.clear();
    new_game();
    return true;
}

bool Session::operator()(const SetPosition& c) {
    std::visit(
        [&]<class V>(GameLine<V>& line) {
            typename V::Position start = V::start(options_);
            if (c.fen) {
                const Result<typename V::Position> p = V::parse_fen(*c.fen);
                if (!p) {
                    error("position: bad FEN '" + quoted(*c.fen, 80) + "': " + p.error());
                    return;
                }
                start = *p;
            }
            const Result<std::vector<Move>> moves = read_moves<V>(start, c.moves);
            if (!moves) {
                error("position: " + moves.error());
                return;
            }
            stop_search();  // the worker searches a copy: `line` may change once it is stopped
            line.positions.assign(1, start);
            for (const Move& m : *moves) line.positions.push_back(line.positions.back().after(m));
            line.moves = *moves;
        },
        game_);
    return true;
}

bool Session::operator()(const Go& g) {
    if (searching()) {
        error("go: a search is already running (send stop first)");
        return true;
    }
    if (worker_.joinable()) worker_.join();  // the last search has finished; collect its thread
    std::visit([&]<class V>(const GameLine<V>& line) { start_search(line, g); }, game_);
    return true;
}

template <class V>
void Session::start_search(const GameLine<V>& line, const Go& g) {
    const typename V::Position& root = line.position();
    search::Limits l;
    for (const std::string& text : g.searchmoves) {
        const Result<Move> m = V::parse_move(root, text);
        if (!m) {
            error("go searchmoves: '" + quoted(text) + "': " + m.error());
            return;
        }
        l.searchmoves.push_back(*m);
    }
    l.depth = g.depth.value_or(0);
    l.nodes = g.nodes.value_or(0);
    l.movetime = g.movetime.value_or(0);
    l.wtime = g.wtime.value_or(-1);
    l.btime = g.btime.value_or(-1);
    l.winc = g.winc.value_or(0);
    l.binc = g.binc.value_or(0);
    l.movestogo = g.movestogo.value_or(0);
    l.ponder = g.ponder;
    const bool limited = g.depth || g.nodes || g.movetime || g.wtime || g.btime;
    l.infinite = g.infinite || !limited;  // `go` and `go ponder` alone wait for stop
    l.move_overhead = options_.move_overhead;
    l.threads = options_.threads;

    if (V::legal_moves(root).empty()) {
        out_.line("bestmove (none)");
        return;
    }
    if constexpr (V::has_book_and_egdb) {
        prepare_egdb(root);
        if (play_from_book(g, root)) return;
    }
    BasicThinkRequest<typename V::Position> req;
    req.root = root;
    for (std::size_t i = 0; i + 1 < line.positions.size(); ++i) req.history.push_back(line.positions[i].key());
    req.limits = std::move(l);
    req.multipv = options_.multipv;
    req.skill = options_.skill;
    const Notation notation = options_.notation;

    open_ended_ = req.limits.infinite || req.limits.ponder;
    abort_.store(false, std::memory_order_relaxed);
    pondering_.store(g.ponder, std::memory_order_relaxed);
    searching_.store(true, std::memory_order_release);
    worker_ = std::thread([this, req = std::move(req), notation] {
        const search::SearchResult r = think(
            engine_, req,
            [&](const search::Info& info, int k) { out_.line(info_line(req.root, info, k, notation)); },
            abort_, pondering_, rng_);
        std::string reply = "bestmove ";
        if (r.best) {
            reply += V::move_text(req.root, *r.best, notation);
            if (r.ponder) reply += " ponder " + V::move_text(req.root.after(*r.best), *r.ponder, notation);
        } else {
            reply += "(none)";
        }
        // Marked done before the bestmove goes out: a GUI may send `go` the moment it reads it
        // (the next `go` joins this thread, so the line is written before anything new starts).
        searching_.store(false, std::memory_order_release);
        out_.line(reply);
    });
}

const book::Book* Session::book() {
    if (!options_.own_book) return nullptr;
    if (!book_tried_) {
        book_tried_ = true;
        const std::string path = options_.book_file.empty() ? book::default_path() : options_.book_file;
        Result<book::Book> b = book::load(path);
        if (b)
            book_ = std::move(b.value());
        else
            error(b.error() + " (playing without a book)");
    }
    return book_ ? &*book_ : nullptr;
}

// The book answers a `go` that asks for a move to play: not an analysis (infinite, searchmoves,
// MultiPV > 1) and not a ponder search. Only legal moves come out of Book::choose.
bool Session::play_from_book(const Go& g, const Position& root) {
    if (g.infinite || g.ponder || !g.searchmoves.empty() || options_.multipv > 1) return false;
    const bool limited = g.depth || g.nodes || g.movetime || g.wtime || g.btime;
    if (!limited) return false;  // a bare `go` waits for stop, like `go infinite`
    const book::Book* b = book();
    if (!b) return false;
    const std::optional<book::BookMove> m = b->choose(root, options_.book_variety, rng_);
    if (!m) return false;
    const std::string text = move_text(root, m->move, options_.notation);
    out_.line("info string book move " + text + " score " + std::to_string(m->score) + " weight " +
              std::to_string(m->weight));
    out_.line("bestmove " + text);
    return true;
}

void Session::prepare_egdb(const Position& root) {
    engine_.set_egdb(nullptr);
    if (!options_.egdb) return;
    const search::egdb::Database* db =
        egdb_.prepare(root, options_.egdb_pieces, options_.egdb_file, [&](const std::string& message) {
            error(message + " (searching without the endgame database)");
        });
    // Weak levels play without it: perfect endings are not what Skill Level asks for.
    if (db && options_.skill == 20) engine_.set_egdb(db);
}

void Session::drop_egdb() {
    engine_.set_egdb(nullptr);
    egdb_.drop();
}

bool Session::operator()(const Perft& c) {
    if (searching()) {
        error("go perft: a search is running (send stop first)");
        return true;
    }
    std::visit(
        [&]<class V>(const GameLine<V>& line) {
            const typename V::Position& p = line.position();
            const PerftResult r = V::perft_divide(p, c.depth);
            for (const Move& m : V::legal_moves(p)) {
                std::uint64_t n = 0;
                for (const DivideLine& d : r.divide)
                    if (d.move == m) n += d.nodes;
                out_.line(V::move_text(p, m, options_.notation) + ": " + std::to_string(n));
            }
            out_.line("");
            out_.line("Nodes searched: " + std::to_string(r.nodes));
        },
        game_);
    return true;
}

void Session::end_of_input() {
    if (worker_.joinable() && !open_ended_) worker_.join();
    stop_search();
}

bool Session::operator()(const Stop&) {
    stop_search();
    return true;
}

bool Session::operator()(const PonderHit&) {
    if (searching() && pondering_.load(std::memory_order_relaxed)) {
        pondering_.store(false, std::memory_order_relaxed);
        engine_.ponderhit();
    }
    return true;
}

bool Session::operator()(const Quit&) {
    stop_search();
    return false;
}

bool Session::operator()(const Display&) {
    std::visit(
        [&]<class V>(const GameLine<V>& line) {
            const typename V::Position& p = line.position();
            for (const std::string& l : V::board_lines(p)) out_.line(l);
            out_.line("Fen: " + V::to_fen(p));
            char key[24];
            std::snprintf(key, sizeof key, "%016llx", static_cast<unsigned long long>(p.key()));
            out_.line(std::string("Key: ") + key);
            const Status s = V::status(line.positions.front(), line.moves, options_);
            out_.line("Status: " + status_line(s).substr(7) + " (" + s.description() + ")");
        },
        game_);
    return true;
}

bool Session::operator()(const Legal&) {
    std::visit(
        [&]<class V>(const GameLine<V>& line) {
            std::string l = "legal";
            for (const Move& m : V::legal_moves(line.position()))
                l += " " + V::move_text(line.position(), m, options_.notation);
            out_.line(l);
        },
        game_);
    return true;
}

bool Session::operator()(const StatusQuery&) {
    std::visit(
        [&]<class V>(const GameLine<V>& line) {
            out_.line(status_line(V::status(line.positions.front(), line.moves, options_)));
        },
        game_);
    return true;
}

bool Session::operator()(const Eval&) {
    std::visit(
        [&]<class V>(const GameLine<V>& line) {
            if (V::has_capture(line.position())) {
                out_.line("info string eval not available: a capture is pending");
                return;
            }
            for (const std::string& l : V::eval_lines(line.position(), engine_.options()))
                out_.line("info string eval " + l);
        },
        game_);
    return true;
}

bool Session::operator()(const Bench& b) {
    if (searching()) {
        error("bench: a search is running (send stop first)");
        return true;
    }
    std::ostringstream text;
    search::run_bench(b.depth.value_or(search::BenchDepth), text);
    std::istringstream lines(text.str());
    for (std::string l; std::getline(lines, l);) out_.line(l);
    return true;
}

bool Session::operator()(const Invalid& c) {
    error(c.message);
    return true;
}

int run(std::FILE* in, std::FILE* out) {
    Writer writer(out);
    Session session(writer);
    const bool ended = read_lines(
        in, [&](const std::string& line) { return session.handle(line); },
        [&] { session(Invalid{"line too long (more than " + std::to_string(MaxLine) + " bytes); ignored"}); });
    if (!ended) return 0;
    session.end_of_input();
    return 0;
}

}  // namespace tempo::protocol
