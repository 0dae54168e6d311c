// The JSON API of `tempo serve` (docs/serve.md), apart from HTTP: a request is a method, a path
// under /api/v1 and a body; the answer is a status and a JSON body. The HTTP layer
// (serve/server.cpp) only moves bytes to and from here, so the handlers can be tested and fuzzed
// without a socket (tests/fuzz/fuzz_serve.cpp).
//
// Nothing a client sends is trusted: every field is checked before anything is done, and each
// refusal is JSON `{"error": {"status": N, "message": "..."}}` whose message names the problem:
// 400 a malformed request (not JSON, a field of the wrong type, an unknown field value), 404 an
// unknown path or game, 413 a body too large (set by the HTTP layer), 422 a well-formed request
// that cannot be done (a bad FEN, an illegal move, too long a think, too deep a perft), 503 no
// room (too many games held, every engine busy).
//
// Bounds: a search runs on one of `Config::searches` engines, at most `max_think_ms`; a request
// that finds every engine busy waits at most `engine_wait_ms`, then gets 503. A stored game
// (/games) is forgotten after `game_idle_s` without use; at most `max_games` are held.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <variant>

namespace tempo::serve {

struct Config {
    int searches = 2;                // engines, so searches (and perfts) that may run at once
    std::size_t max_games = 1000;    // games held by /games
    int max_think_ms = 10000;        // the longest search a request may ask for
    int engine_wait_ms = 2000;       // how long a request waits for a free engine before 503
    int game_idle_s = 3600;          // a stored game unused this long is forgotten
    std::size_t hash_mb = 16;        // each engine's transposition table
};

struct Reply {
    int status = 200;
    std::string body;  // JSON
};

// A streamed analysis: called with the event name ("info", "bestmove", "error") and its JSON
// data; false from it (the client went away) stops the search.
using EventSink = std::function<bool(std::string_view event, const std::string& data)>;
// The work of one accepted analysis: runs the search and sends its events, then returns.
using AnalysisJob = std::function<void(const EventSink&)>;

class Api {
public:
    explicit Api(const Config& config);
    ~Api();
    Api(const Api&) = delete;
    Api& operator=(const Api&) = delete;

    // One request; `path` is what follows /api/v1 ("/position", "/games/3/move").
    Reply handle(std::string_view method, std::string_view path, std::string_view body);

    // POST /api/v1/analyse: either the refusal (an error reply) or the job that streams the
    // search, holding an engine until it returns.
    std::variant<Reply, AnalysisJob> analyse(std::string_view body);

    // The JSON error body and status, as every refusal is written.
    static Reply error(int status, std::string_view message);

private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace tempo::serve
