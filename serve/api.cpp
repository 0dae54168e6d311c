#include "serve/api.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <random>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/game.hpp"
#include "engine/notation_common.hpp"
#include "protocol/think.hpp"
#include "protocol/writer.hpp"
#include "protocol/variant.hpp"
#include "search/nnue.hpp"
#include "search/score.hpp"
#include "serve/ballots.hpp"
#include "tools/pdn/pdn.hpp"

namespace tempo::serve {

using json = nlohmann::json;

namespace {

// A refusal on its way to the client: thrown by the checks deep in a handler, caught once in
// Api::handle, so each check is one line.
struct Refusal {
    int status;
    std::string message;
};

[[noreturn]] void refuse(int status, std::string message) { throw Refusal{status, std::move(message)}; }

// The text of an answer. Bytes that are not UTF-8 (a client's text quoted in a message, a PDN
// tag in another encoding) are written as U+FFFD instead of making the writer throw.
std::string text_of(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

// --- Reading the request's fields ---------------------------------------------------------------

const char* type_name(const json& v) {
    if (v.is_string()) return "a string";
    if (v.is_number()) return "a number";
    if (v.is_boolean()) return "a boolean";
    if (v.is_array()) return "an array";
    if (v.is_object()) return "an object";
    return "null";
}

json parse_body(std::string_view body) {
    if (body.empty()) return json::object();
    json j = json::parse(body.begin(), body.end(), nullptr, false);
    if (j.is_discarded()) {
        // Parse again to get the parser's own account of where it went wrong.
        try {
            const json again = json::parse(body.begin(), body.end());
            (void)again;
        } catch (const json::parse_error& e) {
            refuse(400, std::string("malformed JSON: ") + e.what());
        }
        refuse(400, "malformed JSON");
    }
    if (!j.is_object()) refuse(400, std::string("the body must be a JSON object, not ") + type_name(j));
    return j;
}

std::optional<std::string> opt_string(const json& req, const char* name) {
    const auto it = req.find(name);
    if (it == req.end() || it->is_null()) return std::nullopt;
    if (!it->is_string()) refuse(400, std::string("'") + name + "' must be a string, not " + type_name(*it));
    return it->get<std::string>();
}

std::optional<long long> opt_int(const json& req, const char* name, long long lo, long long hi,
                                 int status_out_of_range = 422, const char* why = nullptr) {
    const auto it = req.find(name);
    if (it == req.end() || it->is_null()) return std::nullopt;
    if (!it->is_number_integer())
        refuse(400, std::string("'") + name + "' must be a whole number, not " + type_name(*it));
    const long long v = it->is_number_unsigned() && it->get<unsigned long long>() > 1ULL << 62
                            ? (1LL << 62)
                            : it->get<long long>();
    if (v < lo || v > hi)
        refuse(status_out_of_range, std::string(why ? why : "") + "'" + name + "' " + std::to_string(v) +
                                        " is out of range " + std::to_string(lo) + ".." + std::to_string(hi));
    return v;
}

std::vector<std::string> opt_strings(const json& req, const char* name, std::size_t max) {
    std::vector<std::string> out;
    const auto it = req.find(name);
    if (it == req.end() || it->is_null()) return out;
    if (!it->is_array()) refuse(400, std::string("'") + name + "' must be an array of strings, not " + type_name(*it));
    if (it->size() > max)
        refuse(422, std::string("'") + name + "' has " + std::to_string(it->size()) + " entries, more than " +
                        std::to_string(max));
    for (std::size_t i = 0; i < it->size(); ++i) {
        const json& v = (*it)[i];
        if (!v.is_string())
            refuse(400, std::string("'") + name + "'[" + std::to_string(i) + "] must be a string, not " + type_name(v));
        out.push_back(v.get<std::string>());
    }
    return out;
}

constexpr std::size_t MaxMoves = 2000;  // moves in one request's move list

// --- The three games behind one set of names -----------------------------------------------------

using AnyGame = std::variant<Game, intl::Game, brazil::Game>;

template <class G>
using VariantFor = typename protocol::VariantOf<typename G::Position>::type;

template <class G>
constexpr Variant variant_of() {
    return VariantFor<G>::variant;
}

template <class G>
int square_of_bit(int b) {
    return G::Position::Geometry::square_of(b) + 1;
}

template <class G>
std::vector<int> captured_squares(const Move& m) {
    std::vector<int> caps;
    for (Bitboard b = m.captured; b; b &= b - 1) caps.push_back(square_of_bit<G>(lsb(b)));
    std::sort(caps.begin(), caps.end());
    return caps;
}

const char* color_word(Color c) { return c == Color::Black ? "black" : "white"; }

const char* outcome_word(Outcome o) {
    switch (o) {
        case Outcome::Ongoing: return "ongoing";
        case Outcome::BlackWins: return "black-wins";
        case Outcome::WhiteWins: return "white-wins";
        case Outcome::Draw: return "draw";
    }
    return "ongoing";
}

const char* reason_word(EndReason r) {
    switch (r) {
        case EndReason::None: return "none";
        case EndReason::NoLegalMoves: return "no-legal-moves";
        case EndReason::QuietPlies: return "quiet-plies";
        case EndReason::Repetition: return "repetition";
        case EndReason::KingMovesOnly: return "king-moves-only";
        case EndReason::SmallEnding: return "small-ending";
    }
    return "none";
}

// A move of position `p` as the API writes it: both notations, its squares and its route.
template <class G>
json move_json(const typename G::Position& p, const Move& m) {
    using V = VariantFor<G>;
    json j;
    j["pdn"] = V::move_text(p, m, Notation::Numbers);
    j["name"] = V::move_text(p, m, Notation::Names);
    j["from"] = square_of_bit<G>(m.from);
    j["to"] = square_of_bit<G>(m.to);
    j["captures"] = captured_squares<G>(m);
    // The squares the piece passes, from its square to its last landing (one jump order when a
    // capture has several: the board shows that one).
    std::vector<int> path;
    const std::vector<std::vector<int>> routes = V::routes_of(p, m);
    if (!routes.empty()) {
        for (int s : routes.front()) path.push_back(s + 1);
    } else {
        path = {square_of_bit<G>(m.from), square_of_bit<G>(m.to)};
    }
    j["path"] = path;
    return j;
}

template <class G>
json status_json(const Status& s) {
    return {{"result", outcome_word(s.outcome)},
            {"reason", reason_word(s.reason)},
            {"over", s.is_over()},
            {"description", s.description()},
            {"quiet_plies", s.quiet_plies}};
}

// Everything a client needs to draw the game and play on: the position, the pieces, the status,
// the legal moves (none once the game is over) and the moves so far.
template <class G>
json game_json(const G& g) {
    using V = VariantFor<G>;
    const auto& p = g.position();
    json j;
    j["variant"] = std::string(variant_name(V::variant));
    j["start_fen"] = V::to_fen(g.start_position());
    j["fen"] = V::to_fen(p);
    j["side_to_move"] = color_word(p.side_to_move());
    j["ply"] = g.moves().size();
    const Status st = g.status();
    j["status"] = status_json<G>(st);
    json pieces = json::array();
    for (int s = 0; s < V::squares; ++s) {
        const Bitboard b = bit(G::Position::Geometry::bit_of(s));
        for (Color c : {Color::Black, Color::White})
            if (p.pieces(c) & b)
                pieces.push_back({{"square", s + 1}, {"color", color_word(c)}, {"king", (p.kings() & b) != 0}});
    }
    j["pieces"] = pieces;
    json legal = json::array();
    for (const Move& m : g.legal_moves()) legal.push_back(move_json<G>(p, m));
    j["legal_moves"] = legal;
    json moves = json::array();
    auto q = g.start_position();
    for (const Move& m : g.moves()) {
        moves.push_back(move_json<G>(q, m));
        q = q.after(m);
    }
    j["moves"] = moves;
    return j;
}

// A game of variant G from the request's `fen` (or the start) and `moves`, every move checked.
template <class G>
G build(const json& req) {
    using V = VariantFor<G>;
    const std::optional<std::string> fen = opt_string(req, "fen");
    G g;
    if (fen) {
        if (fen->size() > 1000) refuse(422, "bad FEN: longer than 1000 characters");
        Result<G> from = G::from_fen(*fen);
        if (!from) {
            std::string why = from.error();  // the parser's own words, without its "bad FEN: "
            if (why.starts_with("bad FEN: ")) why.erase(0, 9);
            refuse(422, "bad FEN '" + protocol::printable(*fen) + "': " + why);
        }
        g = std::move(from).value();
    }
    const std::vector<std::string> moves = opt_strings(req, "moves", MaxMoves);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        // The protocol's reader also takes 10x10 board names (b4-a5); the game's play() then
        // checks the move against the game's own state (no moves once it is over).
        const Result<Move> m = V::parse_move(g.position(), moves[i]);
        const Result<Move> played = m ? g.play(*m) : Result<Move>(Error{m.error()});
        if (!played)
            refuse(422, "illegal move " + std::to_string(i + 1) + " '" + protocol::printable(moves[i]) + "' in 'moves': " +
                            played.error());
    }
    return g;
}

Variant read_variant(const json& req) {
    const std::optional<std::string> name = opt_string(req, "variant");
    if (!name) return Variant::English;
    const Result<Variant> v = parse_variant(*name, "'variant'");
    if (!v) refuse(400, "unknown variant: " + v.error());
    return *v;
}

AnyGame build_any(const json& req) {
    switch (read_variant(req)) {
        case Variant::English: return build<Game>(req);
        case Variant::International: return build<intl::Game>(req);
        case Variant::Brazilian: return build<brazil::Game>(req);
    }
    return Game{};
}

// --- Thinking -----------------------------------------------------------------------------------

struct Strength {
    const char* name;
    int skill;     // the protocol's Skill Level, 0..20
    int movetime;  // ms
};
// The levels of `tempo play` (tools/play_cli.cpp), by the same names.
constexpr std::array<Strength, 5> Strengths{{{"gentle", 0, 100},
                                             {"easy", 5, 250},
                                             {"medium", 10, 500},
                                             {"hard", 15, 1000},
                                             {"expert", 20, 2000}}};

struct ThinkPlan {
    int skill = 20;
    int movetime = 500;
    int depth = 0;
};

// The search a request asks for: `level` (a name above), or `movetime_ms` with an optional
// `skill` (0..20) and `depth`; a time over the server's limit is refused, not cut.
ThinkPlan read_plan(const json& req, int max_think_ms) {
    ThinkPlan plan;
    if (const std::optional<std::string> level = opt_string(req, "level")) {
        const Strength* found = nullptr;
        for (const Strength& s : Strengths)
            if (*level == s.name) found = &s;
        if (!found) refuse(400, "unknown level '" + protocol::printable(*level) + "': one of gentle, easy, medium, hard, expert");
        plan.skill = found->skill;
        plan.movetime = std::min(found->movetime, max_think_ms);
    }
    if (const auto ms = opt_int(req, "movetime_ms", 1, 1LL << 40, 422)) {
        if (*ms > max_think_ms)
            refuse(422, "think too long: 'movetime_ms' " + std::to_string(*ms) + " is over this server's limit of " +
                            std::to_string(max_think_ms) + " ms");
        plan.movetime = int(*ms);
    }
    if (const auto skill = opt_int(req, "skill", 0, 20, 422)) plan.skill = int(*skill);
    if (const auto depth = opt_int(req, "depth", 1, 60, 422)) plan.depth = int(*depth);
    return plan;
}

// Centi-men from the side to move's view; a win or loss in N plies as ±(10000 - N) like `tempo
// hub`, and said in words.
json score_json(search::Score s) {
    json j;
    if (search::is_decisive(s)) {
        const int plies = search::plies_to_end(s);
        j["cp"] = search::is_win(s) ? 10000 - plies : -(10000 - plies);
        j["text"] = std::string(search::is_win(s) ? "win" : "loss") + " in " + std::to_string(plies) + " plies";
    } else {
        j["cp"] = int(s);
        char buf[32];
        std::snprintf(buf, sizeof buf, "%+.2f", s / 100.0);
        j["text"] = buf;
    }
    return j;
}

template <class G>
json pv_json(typename G::Position p, const std::vector<Move>& pv) {
    using V = VariantFor<G>;
    json pdn = json::array(), names = json::array();
    for (const Move& m : pv) {
        // A PV longer than the legal line (it comes from the table) is cut where it stops being legal.
        bool legal = false;
        for (const Move& l : V::legal_moves(p)) legal = legal || l == m;
        if (!legal) break;
        pdn.push_back(V::move_text(p, m, Notation::Numbers));
        names.push_back(V::move_text(p, m, Notation::Names));
        p = p.after(m);
    }
    return {{"pdn", pdn}, {"names", names}};
}

// The engines: `searches` of them, each lent to one request at a time.
class EnginePool {
public:
    EnginePool(int count, std::size_t hash_mb) {
        for (int i = 0; i < count; ++i) {
            auto e = std::make_unique<search::Engine>(hash_mb);
            // The networks built into the program, as `tempo hub` and the protocol use them.
            e->options().network = search::nnue::Network::embedded();
            e->options().intl_network = search::nnue::IntlNetwork::embedded();
            free_.push_back(std::move(e));
        }
        total_ = count;
    }

    // An engine, or null when none came free within `wait_ms`. Requests are served in the order
    // they came: a request that has waited is not passed by one that just arrived, so under load
    // every request waits about (requests ahead) x (think time) / (engines), never starves.
    std::unique_ptr<search::Engine> acquire(int wait_ms) {
        std::unique_lock lock(mutex_);
        const std::uint64_t ticket = next_ticket_++;
        waiting_.push_back(ticket);
        const bool turn = cv_.wait_for(lock, std::chrono::milliseconds(wait_ms),
                                       [&] { return waiting_.front() == ticket && !free_.empty(); });
        waiting_.erase(std::find(waiting_.begin(), waiting_.end(), ticket));
        // The next in line may now be first, or another engine may still be free.
        cv_.notify_all();
        if (!turn) return nullptr;
        auto e = std::move(free_.back());
        free_.pop_back();
        return e;
    }
    void release(std::unique_ptr<search::Engine> e) {
        {
            std::lock_guard lock(mutex_);
            free_.push_back(std::move(e));
        }
        cv_.notify_all();
    }
    int total() const { return total_; }

private:
    std::mutex mutex_;
    std::condition_variable cv_;
    std::vector<std::unique_ptr<search::Engine>> free_;
    std::deque<std::uint64_t> waiting_;  // the tickets of the requests waiting, oldest first
    std::uint64_t next_ticket_ = 0;
    int total_ = 0;
};

// An engine lent for one request, given back when it goes.
class Lease {
public:
    Lease(EnginePool& pool, int wait_ms) : pool_(pool), engine_(pool.acquire(wait_ms)) {
        if (!engine_)
            refuse(503, "every engine is busy (" + std::to_string(pool.total()) +
                            " searches at once, --searches): try again shortly");
    }
    ~Lease() {
        if (engine_) pool_.release(std::move(engine_));
    }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    search::Engine& operator*() { return *engine_; }

private:
    EnginePool& pool_;
    std::unique_ptr<search::Engine> engine_;
};

// Searches the game's position as `plan` says; `on_info` gets each finished iteration.
template <class G>
search::SearchResult think_on(search::Engine& engine, const G& g, const ThinkPlan& plan,
                              const std::function<void(const search::Info&)>& on_info,
                              const std::atomic<bool>& abort) {
    protocol::BasicThinkRequest<typename G::Position> req;
    req.root = g.position();
    auto p = g.start_position();
    for (const Move& m : g.moves()) {
        req.history.push_back(p.key());
        p = p.after(m);
    }
    req.limits.movetime = plan.movetime;
    req.limits.depth = plan.depth;
    req.limits.move_overhead = 0;
    req.skill = plan.skill;
    const std::atomic<bool> never{false};
    std::mt19937_64 rng(std::random_device{}());
    return protocol::think(
        engine, req, [&](const search::Info& info, int) { if (on_info) on_info(info); }, abort, never, rng);
}

template <class G>
json info_json(const G& g, const search::Info& info) {
    json j{{"depth", info.depth},  {"seldepth", info.seldepth}, {"score", score_json(info.score)},
           {"nodes", info.nodes},  {"nps", info.nps},           {"time_ms", info.time_ms}};
    j["pv"] = pv_json<G>(g.position(), info.pv);
    return j;
}

// The reply of an engine move: the move, the search's last score and depth, and the game after it.
template <class G>
json engine_move_json(G& g, const search::SearchResult& r) {
    json j;
    j["move"] = move_json<G>(g.position(), *r.best);
    j["score"] = score_json(r.score);
    j["depth"] = r.depth;
    if (!g.play(*r.best)) refuse(500, "the engine chose an illegal move");  // never: think plays legal moves
    j["game"] = game_json(g);
    return j;
}

// --- Perft --------------------------------------------------------------------------------------

// The deepest perft a request may ask for: from the start these take well under a second; a
// position full of kings takes longer, which the engine pool bounds in number.
template <class G>
constexpr int max_perft_depth() {
    return variant_of<G>() == Variant::International ? 6 : 9;
}

template <class G>
json perft_json(const G& g, int depth) {
    using V = VariantFor<G>;
    if (depth > max_perft_depth<G>())
        refuse(422, "perft too deep: 'depth' " + std::to_string(depth) + " is over this server's limit of " +
                        std::to_string(max_perft_depth<G>()) + " for " + std::string(variant_name(V::variant)));
    const auto start = std::chrono::steady_clock::now();
    const PerftResult r = V::perft_divide(g.position(), depth);
    json divide = json::array();
    for (const DivideLine& line : r.divide)
        divide.push_back({{"move", V::move_text(g.position(), line.move, Notation::Numbers)}, {"nodes", line.nodes}});
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    return {{"depth", depth}, {"nodes", r.nodes}, {"divide", divide}, {"time_ms", ms.count()}};
}

// --- PDN ----------------------------------------------------------------------------------------

// The first game of a PDN text as a game of its variant, every move checked.
json load_pdn(const json& req) {
    const std::optional<std::string> text = opt_string(req, "pdn");
    if (!text) refuse(400, "'pdn' is missing: the PDN text of a game");
    const Result<std::vector<pdn::PdnGame>> games = pdn::read(*text);
    if (!games) refuse(422, "bad PDN: " + games.error());
    if (games->empty()) refuse(422, "bad PDN: no game in the text");
    const pdn::PdnGame& pg = games->front();
    const Result<pdn::GameType> type = pdn::game_type(pg);
    if (!type) refuse(422, "bad PDN: " + type.error());
    json built{{"variant", std::string(variant_name(pdn::variant_of(*type)))}, {"moves", pg.moves}};
    if (const std::string* fen = pg.tag("FEN"); fen && !fen->empty()) built["fen"] = *fen;
    json tags = json::object();
    for (const auto& [k, v] : pg.tags) tags[k] = v;
    const AnyGame g = [&] {
        try {
            return build_any(built);
        } catch (const Refusal& r) {
            refuse(422, "bad PDN: " + r.message);
        }
    }();
    json out = std::visit([](const auto& game) { return game_json(game); }, g);
    out["tags"] = tags;
    out["result"] = pg.result;
    return out;
}

// The game of the request as PDN text, with the tags it gives (`tags`: an object of strings).
json save_pdn(const json& req) {
    std::vector<std::pair<std::string, std::string>> tags;
    if (const auto it = req.find("tags"); it != req.end() && !it->is_null()) {
        if (!it->is_object()) refuse(400, std::string("'tags' must be an object of strings, not ") + type_name(*it));
        for (const auto& [k, v] : it->items()) {
            if (!v.is_string()) refuse(400, "tag '" + protocol::printable(k) + "' must be a string");
            if (k.empty() || k.size() > 40 || k.find_first_of(" \"[]") != std::string::npos)
                refuse(422, "bad tag name '" + protocol::printable(k) + "'");
            std::string value = v.get<std::string>();
            if (value.size() > 200 || value.find_first_of("\"\n\r]") != std::string::npos)
                refuse(422, "bad value of tag '" + protocol::printable(k) + "': at most 200 characters, no quote or line break");
            tags.emplace_back(k, std::move(value));
        }
    }
    const AnyGame g = build_any(req);
    return std::visit(
        [&](const auto& game) {
            using G = std::decay_t<decltype(game)>;
            constexpr pdn::GameType type = pdn::game_type_of(variant_of<G>());
            const std::string result = pdn::result_text(game.status(), type);
            return json{{"pdn", pdn::write(pdn::record(game, tags, result))}};
        },
        g);
}

// --- The variants, for a client that draws the board --------------------------------------------

// An untrusted move checked and played on `g`: the move and the game after it, or 422 naming why
// it was refused (the game unchanged).
json play_move(AnyGame& g, const std::string& text) {
    return std::visit(
        [&](auto& game) {
            using G = std::decay_t<decltype(game)>;
            const auto before = game.position();
            const Result<Move> m = VariantFor<G>::parse_move(before, text);
            const Result<Move> played = m ? game.play(*m) : Result<Move>(Error{m.error()});
            if (!played) refuse(422, "illegal move '" + protocol::printable(text) + "': " + played.error());
            return json{{"move", move_json<G>(before, *played)}, {"game", game_json(game)}};
        },
        g);
}

template <class G>
json variant_json() {
    using V = VariantFor<G>;
    json squares = json::array();
    for (int s = 0; s < V::squares; ++s) squares.push_back(V::square_text(s, Notation::Names));
    const G g;
    return {{"name", std::string(variant_name(V::variant))},
            {"size", V::squares == 50 ? 10 : 8},
            {"squares", squares},
            {"start_fen", V::to_fen(g.position())},
            {"first_to_move", color_word(g.position().side_to_move())}};
}

}  // namespace

// --- The stored games and the API's state -------------------------------------------------------

struct Api::State {
    explicit State(const Config& c) : config(c), engines(std::max(1, c.searches), c.hash_mb) {}

    struct Stored {
        AnyGame game;
        std::chrono::steady_clock::time_point used;
    };

    Config config;
    EnginePool engines;
    std::mutex games_mutex;
    std::map<std::uint64_t, Stored> games;
    std::uint64_t next_id = 1;

    // Forgets the games unused for game_idle_s (called with games_mutex held).
    void expire() {
        const auto now = std::chrono::steady_clock::now();
        std::erase_if(games, [&](const auto& kv) {
            return now - kv.second.used > std::chrono::seconds(config.game_idle_s);
        });
    }

    std::uint64_t parse_id(std::string_view text) {
        std::uint64_t id = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
        if (text.empty() || ec != std::errc{} || end != text.data() + text.size())
            refuse(404, "no game '" + protocol::printable(text) + "': game ids are numbers");
        return id;
    }

    // A copy of a stored game (its use refreshed), or 404.
    AnyGame load(std::uint64_t id) {
        std::lock_guard lock(games_mutex);
        expire();
        const auto it = games.find(id);
        if (it == games.end()) refuse(404, "no game " + std::to_string(id) + " (never created, deleted or expired)");
        it->second.used = std::chrono::steady_clock::now();
        return it->second.game;
    }

    // Stores `after` as game `id` if the game still has `ply` moves (no other request changed it
    // meanwhile); 409 otherwise.
    void store(std::uint64_t id, std::size_t ply, const AnyGame& after) {
        std::lock_guard lock(games_mutex);
        const auto it = games.find(id);
        if (it == games.end()) refuse(404, "no game " + std::to_string(id) + " (deleted meanwhile)");
        const std::size_t now = std::visit([](const auto& g) { return g.moves().size(); }, it->second.game);
        if (now != ply) refuse(409, "game " + std::to_string(id) + " changed while this request ran: try again");
        it->second.game = after;
        it->second.used = std::chrono::steady_clock::now();
    }

    json create(const json& req) {
        AnyGame g = build_any(req);
        std::lock_guard lock(games_mutex);
        expire();
        if (games.size() >= config.max_games)
            refuse(503, "too many games: this server holds at most " + std::to_string(config.max_games) +
                            " (--max-games); delete one or try later");
        const std::uint64_t id = next_id++;
        games.emplace(id, Stored{g, std::chrono::steady_clock::now()});
        json out = std::visit([](const auto& game) { return game_json(game); }, g);
        out["id"] = id;
        return out;
    }

    // The engine's move in `g` (which must have a legal move), played.
    json engine_move(AnyGame& g, const json& req) {
        const ThinkPlan plan = read_plan(req, config.max_think_ms);
        return std::visit(
            [&](auto& game) {
                if (game.status().is_over()) refuse(422, "the game is over: " + game.status().description());
                Lease engine(engines, config.engine_wait_ms);
                const std::atomic<bool> abort{false};
                const search::SearchResult r = think_on(*engine, game, plan, {}, abort);
                if (!r.best) refuse(422, "the position has no legal move");
                return engine_move_json(game, r);
            },
            g);
    }
};

Api::Api(const Config& config) : state_(std::make_unique<State>(config)) {}
Api::~Api() = default;

Reply Api::error(int status, std::string_view message) {
    return {status, text_of(json{{"error", {{"status", status}, {"message", std::string(message)}}}})};
}

Reply Api::handle(std::string_view method, std::string_view path, std::string_view body) {
    State& s = *state_;
    try {
        const auto is = [&](std::string_view m, std::string_view p) { return method == m && path == p; };
        const auto reply = [](const json& j, int status = 200) { return Reply{status, text_of(j)}; };
        if (is("GET", "/variants")) {
            return reply({{"variants", {variant_json<Game>(), variant_json<intl::Game>(), variant_json<brazil::Game>()}},
                          {"levels", {"gentle", "easy", "medium", "hard", "expert"}},
                          {"max_think_ms", s.config.max_think_ms}});
        }
        if (is("GET", "/ballots")) {
            json list = json::array();
            for (const Ballot& b : english_ballots()) list.push_back({{"number", b.number}, {"moves", b.moves}});
            return reply({{"variant", "english"}, {"ballots", list}});
        }
        if (is("POST", "/position")) {
            const json req = parse_body(body);
            return reply(std::visit([](const auto& g) { return game_json(g); }, build_any(req)));
        }
        if (is("POST", "/move")) {
            const json req = parse_body(body);
            AnyGame g = build_any(req);
            const std::optional<std::string> text = opt_string(req, "move");
            if (!text) refuse(400, "'move' is missing: the move to check and play, e.g. \"11-15\"");
            return reply(play_move(g, *text));
        }
        if (is("POST", "/engine-move")) {
            const json req = parse_body(body);
            AnyGame g = build_any(req);
            return reply(s.engine_move(g, req));
        }
        if (is("POST", "/perft")) {
            const json req = parse_body(body);
            const AnyGame g = build_any(req);
            const auto depth = opt_int(req, "depth", 1, 60, 422);
            if (!depth) refuse(400, "'depth' is missing: the perft depth in plies");
            Lease engine(s.engines, s.config.engine_wait_ms);  // counts against the searches at once
            return reply(std::visit([&](const auto& game) { return perft_json(game, int(*depth)); }, g));
        }
        if (is("POST", "/pdn/load")) return reply(load_pdn(parse_body(body)));
        if (is("POST", "/pdn/save")) return reply(save_pdn(parse_body(body)));
        if (is("POST", "/games")) return reply(s.create(parse_body(body)), 201);
        if (path.starts_with("/games/")) {
            std::string_view rest = path.substr(7);
            const std::size_t slash = rest.find('/');
            const std::string_view action = slash == std::string_view::npos ? "" : rest.substr(slash);
            const std::uint64_t id = s.parse_id(rest.substr(0, slash));
            if (method == "GET" && action.empty()) {
                json out = std::visit([](const auto& g) { return game_json(g); }, s.load(id));
                out["id"] = id;
                return reply(out);
            }
            if (method == "DELETE" && action.empty()) {
                std::lock_guard lock(s.games_mutex);
                if (s.games.erase(id) == 0) refuse(404, "no game " + std::to_string(id));
                return reply({{"deleted", id}});
            }
            if (method == "POST" && (action == "/move" || action == "/engine-move" || action == "/undo")) {
                const json req = parse_body(body);
                AnyGame g = s.load(id);
                const std::size_t ply = std::visit([](const auto& game) { return game.moves().size(); }, g);
                json out;
                if (action == "/engine-move") {
                    out = s.engine_move(g, req);
                } else if (action == "/undo") {
                    const bool undone = std::visit([](auto& game) { return game.undo(); }, g);
                    if (!undone) refuse(422, "nothing to undo: the game has no move");
                    out["game"] = std::visit([](const auto& game) { return game_json(game); }, g);
                } else {
                    const std::optional<std::string> text = opt_string(req, "move");
                    if (!text) refuse(400, "'move' is missing: the move to check and play, e.g. \"11-15\"");
                    out = play_move(g, *text);
                }
                s.store(id, ply, g);
                out["game"]["id"] = id;
                return reply(out);
            }
            refuse(404, "no such request: " + std::string(method) + " /api/v1/games/" + protocol::printable(rest));
        }
        if (path == "/analyse") refuse(405, "use POST /api/v1/analyse (a stream of server-sent events)");
        refuse(404, "no such request: " + protocol::printable(method, 10) + " /api/v1" + protocol::printable(path));
    } catch (const Refusal& r) {
        return error(r.status, r.message);
    } catch (const json::exception& e) {
        // A JSON access the checks above did not foresee: still the client's request that is at fault.
        return error(400, std::string("bad request: ") + e.what());
    }
}

std::variant<Reply, AnalysisJob> Api::analyse(std::string_view body) {
    State& s = *state_;
    try {
        const json req = parse_body(body);
        auto game = std::make_shared<AnyGame>(build_any(req));
        const ThinkPlan plan = read_plan(req, s.config.max_think_ms);
        const bool over = std::visit([](const auto& g) { return g.status().is_over(); }, *game);
        if (over) refuse(422, "the game is over: nothing to analyse");
        // The engine is taken now, so a busy server says 503 before the stream starts.
        auto lease = std::make_shared<Lease>(s.engines, s.config.engine_wait_ms);
        return AnalysisJob([game, plan, lease](const EventSink& send) {
            std::visit(
                [&](auto& g) {
                    std::atomic<bool> abort{false};
                    search::Engine& engine = **lease;
                    const search::SearchResult r = think_on(
                        engine, g, plan,
                        [&](const search::Info& info) {
                            if (!abort.load() && !send("info", text_of(info_json(g, info)))) {
                                abort.store(true);  // the client went away: stop the search
                                engine.stop();
                            }
                        },
                        abort);
                    if (abort.load() || !r.best) return;
                    try {
                        (void)send("bestmove", text_of(engine_move_json(g, r)));
                    } catch (const Refusal& e) {
                        (void)send("error", error(e.status, e.message).body);
                    }
                },
                *game);
        });
    } catch (const Refusal& r) {
        return error(r.status, r.message);
    } catch (const json::exception& e) {
        return error(400, std::string("bad request: ") + e.what());
    }
}

}  // namespace tempo::serve
