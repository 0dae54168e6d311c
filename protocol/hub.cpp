#include "protocol/hub.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "protocol/think.hpp"
#include "search/nnue.hpp"
#include "search/score.hpp"

namespace tempo::protocol::hub {

namespace {


bool is_name_char(char c) {
    const auto u = static_cast<unsigned char>(c);
    return u > 0x20 && u != 0x7f && c != '=' && c != '"';
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// Text from the input inside an error message: printable ASCII only, no double quote, short.
std::string clean(std::string_view text, std::size_t max = 60) {
    std::string s;
    for (char c : text.substr(0, max)) {
        const auto u = static_cast<unsigned char>(c);
        s += (u < 0x20 || u >= 0x7f) ? '?' : c == '"' ? '\'' : c;
    }
    if (text.size() > max) s += "...";
    return s;
}

template <class T>
std::optional<T> read_int(const std::string& s) {
    T v{};
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || end != s.data() + s.size() || s.empty()) return std::nullopt;
    return v;
}

// A number of seconds, >= 0 and finite (`1`, `0.05`, `291.587`).
std::optional<double> read_seconds(const std::string& s) {
    if (s.empty() || s.size() > 32) return std::nullopt;
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size() || !std::isfinite(v) || v < 0) return std::nullopt;
    return v;
}

// Seconds to whole milliseconds for Limits (at least 1, at most about 11 days).
int to_ms(double seconds) { return int(std::clamp(std::llround(seconds * 1000.0), 1LL, 1'000'000'000LL)); }

template <class V>
int square_of_bit(int bit) {
    return V::Position::Geometry::square_of(bit) + 1;
}

template <class V>
std::vector<int> captured_squares(const Move& m) {
    std::vector<int> caps;
    for (Bitboard b = m.captured; b; b &= b - 1) caps.push_back(square_of_bit<V>(lsb(b)));
    std::sort(caps.begin(), caps.end());
    return caps;
}

}  // namespace

const std::string* Line::find(std::string_view name) const {
    for (const auto& [k, v] : args)
        if (k == name) return &v;
    return nullptr;
}

Result<Line> parse_line(std::string_view text) {
    Line l;
    std::size_t i = 0;
    const auto skip = [&] {
        while (i < text.size() && is_space(text[i])) ++i;
    };
    const auto name = [&] {
        const std::size_t b = i;
        while (i < text.size() && is_name_char(text[i])) ++i;
        return std::string(text.substr(b, i - b));
    };
    skip();
    l.command = name();
    if (i < text.size() && !is_space(text[i]))
        return Error{"malformed command '" + clean(text) + "'"};
    while (true) {
        skip();
        if (i >= text.size()) break;
        std::string n = name();
        if (n.empty()) return Error{"malformed argument at column " + std::to_string(i + 1)};
        std::string value;
        if (i < text.size() && text[i] == '=') {
            ++i;
            if (i < text.size() && text[i] == '"') {
                const std::size_t close = text.find('"', i + 1);
                if (close == std::string_view::npos)
                    return Error{"unterminated quote in the value of '" + clean(n) + "'"};
                value = std::string(text.substr(i + 1, close - i - 1));
                i = close + 1;
            } else {
                const std::size_t b = i;
                while (i < text.size() && !is_space(text[i]) && text[i] != '"') ++i;
                value = std::string(text.substr(b, i - b));
            }
        }
        if (i < text.size() && !is_space(text[i]))
            return Error{"malformed argument '" + clean(n) + "'"};
        l.args.emplace_back(std::move(n), std::move(value));
    }
    return l;
}

std::string quote(std::string_view value) {
    const bool plain = !value.empty() && std::all_of(value.begin(), value.end(), is_name_char);
    return plain ? std::string(value) : "\"" + std::string(value) + "\"";
}

template <class V>
Result<typename V::Position> parse_position(std::string_view text) {
    using R = Result<typename V::Position>;
    const std::size_t want = 1 + std::size_t(V::squares);
    if (text.size() != want)
        return Error{"bad position: " + std::to_string(text.size()) + " characters, expected " +
                          std::to_string(want) + " (side to move, then one per square)"};
    if (text[0] != 'W' && text[0] != 'B')
        return Error{"bad position: the side to move must be W or B, not '" + clean(text.substr(0, 1)) + "'"};
    std::string white, black;
    for (int s = 1; s <= V::squares; ++s) {
        const char c = text[std::size_t(s)];
        std::string* list = c == 'w' || c == 'W' ? &white : c == 'b' || c == 'B' ? &black : nullptr;
        if (!list) {
            if (c == 'e') continue;
            return Error{"bad position: square " + std::to_string(s) + " is '" + clean(text.substr(std::size_t(s), 1)) +
                              "' (expected w, b, W, B or e)"};
        }
        if (!list->empty()) *list += ',';
        if (c == 'W' || c == 'B') *list += 'K';
        *list += std::to_string(s);
    }
    const std::string fen = std::string(1, text[0]) + ":W" + white + ":B" + black;
    const R p = V::parse_fen(fen);
    if (!p) return Error{"bad position: " + p.error()};
    return p;
}

template <class V>
std::string position_string(const typename V::Position& p) {
    using G = typename V::Position::Geometry;
    std::string s(1, p.side_to_move() == Color::White ? 'W' : 'B');
    for (int square = 0; square < V::squares; ++square) {
        const Bitboard b = Bitboard{1} << G::bit_of(square);
        const bool king = (p.kings() & b) != 0;
        if (p.pieces(Color::White) & b) s += king ? 'W' : 'w';
        else if (p.pieces(Color::Black) & b) s += king ? 'B' : 'b';
        else s += 'e';
    }
    return s;
}

template <class V>
std::string move_string(const typename V::Position&, const Move& m) {
    std::string s = std::to_string(square_of_bit<V>(m.from));
    if (!m.is_capture()) return s + "-" + std::to_string(square_of_bit<V>(m.to));
    s += "x" + std::to_string(square_of_bit<V>(m.to));
    for (int c : captured_squares<V>(m)) s += "x" + std::to_string(c);
    return s;
}

template <class V>
Result<Move> parse_move(const typename V::Position& p, std::string_view text) {
    const bool capture = text.find('x') != std::string_view::npos;
    const char sep = capture ? 'x' : '-';
    std::vector<int> squares;
    std::size_t i = 0;
    while (true) {
        const std::size_t end = std::min(text.find(sep, i), text.size());
        int v = 0;
        const auto [ptr, ec] = std::from_chars(text.data() + i, text.data() + end, v);
        if (ec != std::errc{} || ptr != text.data() + end || v < 1 || v > V::squares)
            return Error{"bad move '" + clean(text) + "'"};
        squares.push_back(v);
        if (end == text.size()) break;
        i = end + 1;
    }
    if (squares.size() < 2 || (!capture && squares.size() != 2))
        return Error{"bad move '" + clean(text) + "'"};
    std::vector<int> caps(squares.begin() + 2, squares.end());
    std::sort(caps.begin(), caps.end());
    for (const Move& m : V::legal_moves(p)) {
        if (m.is_capture() != capture || square_of_bit<V>(m.from) != squares[0] || square_of_bit<V>(m.to) != squares[1])
            continue;
        if (!capture || captured_squares<V>(m) == caps) return m;
    }
    return Error{"illegal move '" + clean(text) + "'"};
}

std::string score_string(search::Score s) {
    double men = s / 100.0;
    if (search::is_decisive(s)) {
        const double v = (10000 - search::plies_to_end(s)) / 100.0;
        men = search::is_win(s) ? v : -v;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", men);
    return buf;
}

Engine::Engine(Writer& out) : out_(out), engine_(16), rng_(std::random_device{}()) {
    engine_.options().network = search::nnue::Network::embedded();
    engine_.options().intl_network = search::nnue::IntlNetwork::embedded();
    new_variant();
}

Engine::~Engine() { stop_search(); }

void Engine::end_of_input() {
    if (worker_.joinable() && !open_ended_) worker_.join();
    stop_search();
}

void Engine::error(std::string_view message) { out_.line("error message=\"" + clean(message, 400) + "\""); }

void Engine::stop_search() {
    if (!worker_.joinable()) return;
    abort_.store(true, std::memory_order_relaxed);
    while (searching()) {
        engine_.stop();
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    worker_.join();
}

void Engine::new_variant() {
    Options o;
    o.variant = variant_;
    if (variant_ == Variant::English)
        game_ = GameLine<English>{{English::start(o)}, {}};
    else if (variant_ == Variant::Brazilian)
        game_ = GameLine<Brazilian>{{Brazilian::start(o)}, {}};
    else
        game_ = GameLine<International>{{International::start(o)}, {}};
}

std::optional<std::string> Engine::set_param(const std::string& name, const std::string& value) {
    if (name == "variant") {
        const std::optional<Variant> v = parse_hub_variant(value);
        if (!v) return "unknown variant '" + clean(value) + "' (Tempo plays normal, brazilian and english)";
        if (*v != variant_) {
            variant_ = *v;
            engine_.clear();
            new_variant();
        }
    } else if (name == "hash") {
        const std::optional<int> v = read_int<int>(value);
        if (!v || *v < 1 || *v > 4096) return "hash must be a whole number of MB from 1 to 4096";
        hash_mb_ = *v;
        engine_.set_hash(std::size_t(hash_mb_));
    } else if (name == "threads") {
        const std::optional<int> v = read_int<int>(value);
        if (!v || *v < 1 || *v > 64) return "threads must be a whole number from 1 to 64";
        threads_ = *v;
    }
    // Any other name (ponder, initial-time, book...) is accepted and ignored, as Hub asks.
    return std::nullopt;
}

bool Engine::handle(std::string_view text) {
    const Result<Line> parsed = parse_line(text);
    if (!parsed) {
        error(parsed.error());
        return true;
    }
    const Line& l = *parsed;
    const std::string& c = l.command;
    if (c.empty()) return true;
    if (c == "ping") {
        out_.line("pong");
        return true;
    }
    if (c == "ponder-hit") {
        if (searching() && pondering_.load(std::memory_order_relaxed)) {
            pondering_.store(false, std::memory_order_relaxed);
            open_ended_ = false;
            engine_.ponderhit();
        }
        return true;
    }
    if (c == "stop") {
        stop_search();
        return true;
    }
    if (c == "quit") {
        stop_search();
        return false;
    }
    stop_search();  // any other command ends a running search first (its `done` is written)
    if (c == "hub") {
        on_hub();
    } else if (c == "set-param") {
        const std::string* name = l.find("name");
        if (!name || name->empty()) {
            error("set-param: missing name");
        } else {
            const std::string* value = l.find("value");
            if (const std::optional<std::string> e = set_param(*name, value ? *value : std::string()))
                error("set-param: " + *e);
        }
    } else if (c == "init") {
        out_.line("ready");
    } else if (c == "new-game") {
        engine_.clear();
        level_ = {};
        level_set_ = false;
    } else if (c == "pos") {
        on_pos(l);
    } else if (c == "level") {
        on_level(l);
    } else if (c == "go") {
        on_go(l);
    } else {
        error("bad command '" + clean(c) + "'");
    }
    return true;
}

void Engine::on_hub() {
    out_.line("id name=Tempo version=" + quote(TEMPO_VERSION) + " author=\"The Tempo developers\"");
    out_.line("param name=variant value=" + std::string(hub_variant_name(variant_)) +
              " type=enum values=\"normal brazilian english\"");
    out_.line("param name=hash value=" + std::to_string(hash_mb_) + " type=int min=1 max=4096");
    out_.line("param name=threads value=" + std::to_string(threads_) + " type=int min=1 max=64");
    out_.line("wait");
}

void Engine::on_pos(const Line& l) {
    std::visit(
        [&]<class V>(GameLine<V>& line) {
            typename V::Position start = V::start(Options{});
            if constexpr (V::variant == Variant::English || V::variant == Variant::Brazilian) {
                Options o;
                o.variant = V::variant;
                start = V::start(o);
            }
            if (const std::string* text = l.find("pos")) {
                const Result<typename V::Position> p = parse_position<V>(*text);
                if (!p) {
                    error("pos: " + p.error());
                    return;
                }
                start = *p;
            } else if (!l.has("start")) {
                error("pos: missing pos=<position> (or the flag start)");
                return;
            }
            std::vector<typename V::Position> positions{start};
            std::vector<Move> moves;
            if (const std::string* list = l.find("moves")) {
                std::size_t i = 0;
                while (i < list->size()) {
                    while (i < list->size() && is_space((*list)[i])) ++i;
                    if (i >= list->size()) break;
                    std::size_t end = i;
                    while (end < list->size() && !is_space((*list)[end])) ++end;
                    const std::string_view text = std::string_view(*list).substr(i, end - i);
                    const Result<Move> m = hub::parse_move<V>(positions.back(), text);
                    if (!m) {
                        error("pos: " + m.error() + " (move " + std::to_string(moves.size() + 1) + " of moves)");
                        return;
                    }
                    moves.push_back(*m);
                    positions.push_back(positions.back().after(*m));
                    i = end;
                }
            }
            line.positions = std::move(positions);
            line.moves = std::move(moves);
            level_ = {};  // as Scan: `pos` resets the level
            level_set_ = false;
        },
        game_);
}

void Engine::on_level(const Line& l) {
    search::Limits next = level_;
    std::optional<double> time, inc;
    for (const auto& [name, value] : l.args) {
        if (name == "depth") {
            const std::optional<int> v = read_int<int>(value);
            if (!v || *v < 1 || *v > 1000) return error("level: depth must be a whole number from 1 to 1000");
            next.depth = *v;
        } else if (name == "nodes") {
            const std::optional<std::uint64_t> v = read_int<std::uint64_t>(value);
            if (!v || *v < 1) return error("level: nodes must be a positive whole number");
            next.nodes = *v;
        } else if (name == "move-time") {
            const std::optional<double> v = read_seconds(value);
            if (!v) return error("level: move-time must be a number of seconds");
            next.movetime = to_ms(*v);
        } else if (name == "time") {
            time = read_seconds(value);
            if (!time) return error("level: time must be a number of seconds");
        } else if (name == "inc") {
            inc = read_seconds(value);
            if (!inc) return error("level: inc must be a number of seconds");
        } else if (name == "moves") {
            const std::optional<int> v = read_int<int>(value);
            if (!v || *v < 0 || *v > 10000) return error("level: moves must be a whole number from 0 to 10000");
            next.movestogo = *v;
        } else if (name == "infinite") {
            next.infinite = true;
        }  // other arguments are ignored, as Hub asks
    }
    if (inc && !time) return error("level: inc without time");
    if (time) {
        // Hub adds the increment before the move: the budget is time + inc.
        const double budget = *time + inc.value_or(0.0);
        next.wtime = next.btime = to_ms(budget);
        next.winc = next.binc = inc ? int(std::llround(*inc * 1000.0)) : 0;
    }
    level_ = next;
    level_set_ = true;
}

void Engine::on_go(const Line& l) {
    const bool ponder = l.has("ponder");
    const bool analyze = l.has("analyze");
    if (!ponder && !analyze && !l.has("think")) return error("go: expected think, ponder or analyze");
    std::visit([&]<class V>(const GameLine<V>& line) { start_search(line, ponder, analyze); }, game_);
}

template <class V>
void Engine::start_search(const GameLine<V>& line, bool ponder, bool analyze) {
    const typename V::Position& root = line.position();
    const std::vector<Move> legal = V::legal_moves(root);
    search::Limits limits = level_;
    const bool limited = limits.depth || limits.nodes || limits.movetime || limits.wtime >= 0;
    limits.infinite = limits.infinite || !limited;  // no level: until stop, as Scan
    limits.ponder = ponder;
    limits.threads = threads_;
    level_ = {};  // as Scan: the level is used by one `go`
    level_set_ = false;
    if (legal.empty()) {
        error("go: the position has no legal move");
        out_.line("done");
        return;
    }
    (void)analyze;  // Tempo's 10x10 and Brazilian games have no book; analysis is a normal search
    BasicThinkRequest<typename V::Position> req;
    req.root = root;
    for (std::size_t i = 0; i + 1 < line.positions.size(); ++i) req.history.push_back(line.positions[i].key());
    req.limits = std::move(limits);
    open_ended_ = req.limits.infinite || req.limits.ponder;
    abort_.store(false, std::memory_order_relaxed);
    pondering_.store(ponder, std::memory_order_relaxed);
    searching_.store(true, std::memory_order_release);
    worker_ = std::thread([this, req = std::move(req), fallback = legal.front()] {
        const search::SearchResult r = think(
            engine_, req,
            [&](const search::Info& info, int) {
                char buf[160];
                std::snprintf(buf, sizeof buf, "info depth=%d score=%s nodes=%llu time=%.3f nps=%.2f", info.depth,
                              score_string(info.score).c_str(), static_cast<unsigned long long>(info.nodes),
                              double(info.time_ms) / 1000.0, double(info.nps) / 1e6);
                std::string s = buf;
                std::string pv;
                typename V::Position p = req.root;
                for (const Move& m : info.pv) {
                    if (!pv.empty()) pv += ' ';
                    pv += move_string<V>(p, m);
                    p = p.after(m);
                }
                out_.line(s + " pv=\"" + pv + "\"");
            },
            abort_, pondering_, rng_);
        const Move best = r.best.value_or(fallback);
        std::string reply = "done move=" + move_string<V>(req.root, best);
        if (r.best && r.ponder) reply += " ponder=" + move_string<V>(req.root.after(best), *r.ponder);
        searching_.store(false, std::memory_order_release);
        out_.line(reply);
    });
}

int run(std::FILE* in, std::FILE* out, const std::vector<std::pair<std::string, std::string>>& options) {
    Writer writer(out);
    Engine engine(writer);
    for (const auto& [name, value] : options)
        if (const std::optional<std::string> e = engine.set_param(name, value))
            writer.line("error message=\"--" + clean(name) + ": " + clean(*e, 200) + "\"");
    const bool ended = read_lines(
        in, [&](const std::string& line) { return engine.handle(line); },
        [&] { writer.line("error message=\"line too long (more than " + std::to_string(MaxLine) + " bytes); ignored\""); });
    if (!ended) return 0;
    engine.end_of_input();
    return 0;
}

template Result<intl::Position> parse_position<International>(std::string_view);
template Result<Position> parse_position<English>(std::string_view);
template Result<brazil::Position> parse_position<Brazilian>(std::string_view);
template std::string position_string<International>(const intl::Position&);
template std::string position_string<English>(const Position&);
template std::string position_string<Brazilian>(const brazil::Position&);
template std::string move_string<International>(const intl::Position&, const Move&);
template std::string move_string<English>(const Position&, const Move&);
template std::string move_string<Brazilian>(const brazil::Position&, const Move&);
template Result<Move> parse_move<International>(const intl::Position&, std::string_view);
template Result<Move> parse_move<English>(const Position&, std::string_view);
template Result<Move> parse_move<Brazilian>(const brazil::Position&, std::string_view);

}  // namespace tempo::protocol::hub
