// Hub: the Hub protocol v2 (the stdin/stdout protocol of Scan 3.1, the Hub GUI, pydraughts and
// lidraughts-bot), as `tempo hub` speaks it. See docs/hub.md for the commands, and
// ../shared/reference/hosts.md sections 2 and 4.2 for the protocol as the hosts use it.
//
// Built on the same parts as the UCI-like session (protocol/session.hpp): the variant traits
// (protocol/variant.hpp), `think` (protocol/think.hpp) on one worker thread, and the Writer. What
// is Hub's own lives here: the `name=value` line syntax, the 51-character (10x10) or 33-character
// (8x8) position string, moves written as from, to and the captured squares, scores in men.
//
// Threads: as in Session. The reading thread owns the state; `go` starts one worker that thinks
// on a copy of the position and writes `info` lines and exactly one `done`. During a search only
// `ping`, `ponder-hit` and `stop` are handled as such; any other command first stops the search
// (its `done` is written) and is then handled, as Scan does. Bad input gets one `error` line and
// changes nothing.
#pragma once

#include <atomic>
#include <cstdio>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <variant>
#include <vector>

#include "engine/result.hpp"
#include "protocol/variant.hpp"
#include "protocol/writer.hpp"
#include "search/search.hpp"

namespace tempo::protocol::hub {

// One Hub line: the command, then (name, value) pairs; a bare flag has the value "".
struct Line {
    std::string command;
    std::vector<std::pair<std::string, std::string>> args;

    const std::string* find(std::string_view name) const;
    bool has(std::string_view name) const { return find(name) != nullptr; }
};

// Reads `<command> <name>[=<value>] ...`; values may be double-quoted (no escapes). An empty line
// gives an empty command; an unterminated quote or a stray `=` or `"` is an error.
Result<Line> parse_line(std::string_view text);

// A value as Hub writes it: quoted when it is empty or holds a space, `=` or `"`-free text.
std::string quote(std::string_view value);

// The Hub position string of variant V (side to move, then one char per square, 1..N) read as a
// position, or the reason it is not one.
template <class V>
Result<typename V::Position> parse_position(std::string_view text);

// `p` as a Hub position string: the side to move (W or B), then one char per square 1..N (w b
// men, W B kings, e empty). What parse_position reads back.
template <class V>
std::string position_string(const typename V::Position& p);

// A move as Hub writes it: `32-28`, or `28x19x23` (from, to, then the captured squares ascending).
template <class V>
std::string move_string(const typename V::Position& p, const Move& m);
// A Hub move read against the legal moves of `p` (the captured squares in any order).
template <class V>
Result<Move> parse_move(const typename V::Position& p, std::string_view text);

// A score in men, two decimals; a win in N plies is (10000 - N) / 100, a loss its negation.
std::string score_string(search::Score s);

class Engine {
public:
    explicit Engine(Writer& out);
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    // Handles one input line; false once the engine should exit (`quit`).
    bool handle(std::string_view text);
    // Sets a parameter as `set-param` does; the error text when the value is refused.
    std::optional<std::string> set_param(const std::string& name, const std::string& value);
    // The end of input: a search with limits is let finish, an infinite or pondering one is
    // stopped (either way its `done` is written).
    void end_of_input();

private:
    using Game = std::variant<GameLine<International>, GameLine<English>, GameLine<Brazilian>>;

    void error(std::string_view message);
    void stop_search();
    bool searching() const { return searching_.load(std::memory_order_acquire); }
    void new_variant();
    void on_hub();
    void on_pos(const Line& l);
    void on_level(const Line& l);
    void on_go(const Line& l);
    template <class V>
    void start_search(const GameLine<V>& line, bool ponder, bool analyze);

    Writer& out_;
    search::Engine engine_;
    Variant variant_ = Variant::International;
    int hash_mb_ = 16;
    int threads_ = 1;
    Game game_;
    search::Limits level_;
    bool level_set_ = false;
    bool open_ended_ = false;  // the running search waits for stop (infinite) or ponder-hit

    std::thread worker_;
    std::atomic<bool> searching_{false};
    std::atomic<bool> abort_{false};
    std::atomic<bool> pondering_{false};
    std::mt19937_64 rng_;
};

// The Hub loop on `in`/`out`; `options` are `--name=value` pairs from the command line, set as
// `set-param` before the first line. Returns the exit code.
int run(std::FILE* in, std::FILE* out, const std::vector<std::pair<std::string, std::string>>& options);

}  // namespace tempo::protocol::hub
