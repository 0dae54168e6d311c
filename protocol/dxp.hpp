// DXP: the DamExchange protocol (engine against engine over TCP, 10x10 international draughts), as
// `tempo dxp` speaks it. See docs/dxp.md for what Tempo does with each message, and
// ../shared/reference/hosts.md sections 3 and 4.3 for the protocol as Scan and pydraughts use it.
//
// Three layers, each usable alone:
// - messages: `decode` and `encode` between the text of one message (no NUL) and a `Message`;
//   positions and moves between DXP's fields and the 10x10 rules. Pure functions, no I/O.
// - layer 1: `Framer` cuts a byte stream into messages at each NUL (pure); `Connection` and
//   `Listener` are thin POSIX socket wrappers (one NUL after each message sent, a small gap
//   between two sends, because pydraughts loses the second of two messages that arrive in one
//   read).
// - the player: `Player` plays Tempo's side of the games on one connection, as the Follower
//   (answers GAMEREQ) or the Initiator (sends it); the search runs on a worker thread while the
//   connection is read, so CHAT, BACKREQ, GAMEEND, a move out of turn or a closed connection are
//   seen at once. `listen` and `initiate` are the two roles of `tempo dxp`.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <variant>
#include <vector>

#include "engine/game.hpp"
#include "engine/international.hpp"
#include "engine/result.hpp"
#include "protocol/writer.hpp"
#include "search/search.hpp"

namespace tempo::protocol::dxp {

inline constexpr int DefaultPort = 27531;
inline constexpr std::size_t MaxMessage = 127;  // characters of one message, the NUL not counted
inline constexpr std::size_t NameWidth = 32;    // GAMEREQ and GAMEACC names, padded with spaces

// R: the Initiator proposes a game.
struct GameReq {
    int version = 1;
    std::string name;                // the Initiator's, trailing spaces removed
    Color follower = Color::White;   // the colour the Follower plays
    int minutes = 0;                 // thinking time per player for the whole game (000-999)
    int moves = 0;                   // moves in that time (0: no limit)
    bool standard_start = true;      // start type A; B: `to_move` and `board` follow
    Color to_move = Color::White;
    std::string board;               // B: 50 characters, squares 1..50: w z W Z e
};
// A: the Follower's answer. Codes: 0 accepted, 1 version not supported, 2 not this game (another
// is fine), 3 no games at all.
struct GameAcc {
    std::string name;
    int code = 0;
};
// M: a move, with the seconds its player used (informational).
struct MoveMsg {
    int seconds = 0;
    int from = 0, to = 0;
    std::vector<int> captured;  // in any order
};
// E: the end of a game. Reason (the sender's view): 0 none, 1 I lose, 2 draw, 3 I win. Stop: 0 a
// next game is fine, 1 no more games.
struct GameEnd {
    int reason = 0;
    int stop = 0;
};
struct Chat {
    std::string text;
};
// B: go back to move `move` (1-999) with `to_move` to move.
struct BackReq {
    int move = 1;
    Color to_move = Color::White;
};
// K: the answer to B. 0 accepted, 1 take-backs not supported, 2 refused, the game goes on.
struct BackAcc {
    int code = 0;
};

using Message = std::variant<GameReq, GameAcc, MoveMsg, GameEnd, Chat, BackReq, BackAcc>;

// The message in `text` (one message, without its NUL), or why it is not one. Fields are read
// exactly at their widths; a wrong length, a non-digit in a number, a bad colour or board
// character, a capture count that disagrees with the length, are errors that name the field.
Result<Message> decode(std::string_view text);
// The text of `m` (without the NUL). Names are cut or padded to 32 characters, chat to 126.
std::string encode(const Message& m);
// The message type's name for logs ("GAMEREQ", "MOVE", ...).
std::string_view name_of(const Message& m);

// The colour letter of DXP: W white, Z black (zwart).
inline char colour_char(Color c) { return c == Color::White ? 'W' : 'Z'; }

// A GAMEREQ's start (type B) as a position, or why it is not a playable one (a bad character, a
// man on its crowning row, a side without pieces; no legal move for the side to move is fine
// here, the game is then over at once).
Result<intl::Position> read_board(Color to_move, std::string_view board);
// The 50 characters of `p` (w z W Z e, squares 1..50).
std::string board_text(const intl::Position& p);
// The legal move of `p` that `m` names (from, to and the captured squares, in any order).
Result<Move> find_move(const intl::Position& p, const MoveMsg& m);
// `m` as a MOVE message (captured squares ascending), `seconds` clamped to 0..9999.
MoveMsg move_message(const Move& m, int seconds);

// Layer 1: the messages in a byte stream, cut at each NUL.
class Framer {
public:
    void feed(std::string_view bytes);
    // The next message received whole, an error for a bad one (empty, longer than 127
    // characters, a byte outside 1..127), or nothing while none is complete. A message that is
    // too long is reported once and skipped up to its NUL.
    std::optional<Result<std::string>> next();
    // Bytes of a message not yet ended by its NUL.
    bool partial() const { return !buffer_.empty() || skipping_; }

private:
    std::string buffer_;
    bool skipping_ = false;  // inside a message already reported too long
    bool reported_ = false;
};

// One TCP connection carrying DXP messages.
class Connection {
public:
    using Clock = std::chrono::steady_clock;
    enum class Got { Text, Bad, Timeout, Closed };

    Connection() = default;
    explicit Connection(int fd, std::chrono::milliseconds gap = std::chrono::milliseconds(100));
    ~Connection();
    Connection(Connection&& o) noexcept;
    Connection& operator=(Connection&& o) noexcept;
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    // Connects to host:port (a numeric IPv4 address or a name), waiting at most `timeout`.
    static Result<Connection> connect(const std::string& host, int port, std::chrono::milliseconds timeout,
                                      std::chrono::milliseconds gap = std::chrono::milliseconds(100));

    bool open() const { return fd_ >= 0; }
    void close();
    // Sends one message and its NUL; false when the connection is gone. When nothing was received
    // since the previous send, it waits until `gap` after it first (pydraughts reads two messages
    // that arrive together as one and loses the second).
    bool send(std::string_view message);
    // The next message (Text), a bad one (Bad: `text` is the reason), nothing before
    // `deadline` (Timeout) or the end of the connection (Closed; an unfinished message is lost).
    // `wake`, when given, is a descriptor whose becoming readable also ends the wait (Timeout).
    Got receive(Clock::time_point deadline, std::string& text, int wake = -1);
    // The peer's address, "host:port".
    const std::string& peer() const { return peer_; }

private:
    int fd_ = -1;
    Framer framer_;
    std::chrono::milliseconds gap_{100};
    Clock::time_point last_send_{};
    bool received_ = true;  // a message arrived since the last send
    std::string peer_;
};

// A listening TCP socket.
class Listener {
public:
    Listener() = default;
    ~Listener();
    Listener(const Listener&) = delete;
    Listener& operator=(const Listener&) = delete;

    // Binds host:port (port 0: any free port) and listens; the error names the address.
    Result<bool> open(const std::string& host, int port);
    int port() const { return port_; }
    // The next connection: waits for it, at most `timeout` when one is given.
    Result<Connection> accept(std::chrono::milliseconds gap,
                              std::optional<std::chrono::milliseconds> timeout = std::nullopt);

private:
    int fd_ = -1;
    int port_ = 0;
};

// What `tempo dxp` plays with.
struct PlayerOptions {
    std::string name = "Tempo";
    int hash_mb = 16;
    int threads = 1;
    // Fixed limits for every move (any set): they replace the clock of the GAMEREQ.
    int depth = 0;
    std::uint64_t nodes = 0;
    int movetime_ms = 0;
    // The whole-game budget used when a GAMEREQ says 000 minutes (pydraughts sends that for any
    // game under a minute).
    int zero_minutes_seconds = 15;
    std::chrono::milliseconds gap{100};  // between two messages sent
    // Initiator: how long the Follower may stay silent on its turn before the game is ended.
    std::chrono::milliseconds peer_timeout{120000};
};

// Tempo's side of the games on one connection. Every message in and out is logged to `log`
// (`recv R01...`, `send A...`) with the events (`game 1 over: ...`).
class Player {
public:
    Player(const PlayerOptions& options, Writer& log);
    ~Player();
    Player(const Player&) = delete;
    Player& operator=(const Player&) = delete;

    // Follower: answers GAMEREQs and plays their games until the peer closes the connection or
    // ends a game with stop code 1.
    void follow(Connection& c);
    // Initiator: proposes `req` and plays the game. Returns the outcome for White/Black, or the
    // error that ended it (refused, connection closed, protocol error).
    Result<Outcome> initiate(Connection& c, const GameReq& req);
    int games_played() const { return games_; }

private:
    enum class State { Idle, AwaitingAcc, Playing, Ending };
    void send(const Message& m);
    void chat_error(const std::string& text);
    void start_game(const intl::Game& game, Color me, int minutes, int moves);
    void end_game(int reason, const std::string& why);
    void finish_game(const std::string& how);
    void start_thinking();
    void stop_thinking();
    void clear_wake();
    bool my_turn() const;
    // Handles one received message; returns false when the connection should close.
    bool handle(const std::string& text, bool initiator);
    // A message as the connection delivered it (Text or Bad): logged, then handled.
    void take(Connection::Got got, const std::string& text, bool initiator);
    // A message that could not be read (`type`: its first character, NUL when unknown).
    void on_bad(const std::string& error, char type, bool initiator);
    bool on_message(const Message& m, bool initiator);
    // The loop on the connection until the current game is over (initiator) or the connection
    // ends (follower).
    void loop(bool initiator);

    const PlayerOptions options_;
    Writer& log_;
    Connection* conn_ = nullptr;
    search::Engine engine_;
    std::mt19937_64 rng_;

    State state_ = State::Idle;
    std::optional<intl::Game> game_;
    Color me_ = Color::White;
    int minutes_ = 0, moves_ = 0;
    double used_ms_ = 0;
    int games_ = 0;
    bool close_ = false;       // the connection is to be closed
    std::string refused_;      // initiator: why the game did not start
    std::optional<Outcome> outcome_;
    std::chrono::steady_clock::time_point peer_since_;

    std::thread worker_;
    std::atomic<bool> searching_{false};
    std::atomic<bool> abort_{false};
    std::atomic<bool> pondering_{false};
    std::optional<Move> best_;
    std::chrono::steady_clock::time_point think_start_;
    int wake_ = -1;  // an eventfd the worker signals when its search is done
};

// `tempo dxp --listen`: accepts connections on host:port one after another and follows on each;
// after `connections` of them (0: no end) it returns. The first log line names the port bound.
int listen(const PlayerOptions& options, const std::string& host, int port, int connections, Writer& log);
// `tempo dxp --connect`: plays `games` games as the Initiator on one connection, colours
// alternating from `colour` (Tempo's, in the first game), from `fen` (empty: the standard start).
int initiate(const PlayerOptions& options, const std::string& host, int port, int games, Color colour,
             int minutes, int moves, const std::string& fen, Writer& log);

}  // namespace tempo::protocol::dxp
