#include "protocol/dxp.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>

#include "engine/notation_international.hpp"
#include "protocol/think.hpp"
#include "protocol/variant.hpp"
#include "search/nnue.hpp"

namespace tempo::protocol::dxp {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// A field of fixed width made of decimal digits only.
std::optional<int> digits(std::string_view text) {
    if (text.empty()) return std::nullopt;
    int v = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        v = v * 10 + (c - '0');
    }
    return v;
}

std::optional<Color> colour_of(char c) {
    if (c == 'W') return Color::White;
    if (c == 'Z') return Color::Black;
    return std::nullopt;
}

std::string padded(std::string_view text, std::size_t width) {
    std::string s(text.substr(0, width));
    s.resize(width, ' ');
    return s;
}

std::string number(int v, int width) {
    std::string s = std::to_string(std::max(0, v));
    if (int(s.size()) < width) s.insert(0, std::size_t(width - int(s.size())), '0');
    return s;
}

std::string trimmed(std::string_view text) {
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    return std::string(text);
}

Error field_error(std::string_view what, std::string_view field, std::string_view text) {
    return Error{std::string(what) + ": bad " + std::string(field) + " '" + printable(text, 10) + "'"};
}

Result<Message> decode_gamereq(std::string_view t) {
    if (t.size() != 43 && t.size() != 94)
        return Error{"GAMEREQ: " + std::to_string(t.size()) + " characters, expected 43 (start A) or 94 (start B)"};
    GameReq r;
    const auto version = digits(t.substr(1, 2));
    if (!version) return field_error("GAMEREQ", "version", t.substr(1, 2));
    r.version = *version;
    r.name = trimmed(t.substr(3, NameWidth));
    const auto follower = colour_of(t[35]);
    if (!follower) return field_error("GAMEREQ", "follower colour (W or Z)", t.substr(35, 1));
    r.follower = *follower;
    const auto minutes = digits(t.substr(36, 3));
    if (!minutes) return field_error("GAMEREQ", "thinking time", t.substr(36, 3));
    r.minutes = *minutes;
    const auto moves = digits(t.substr(39, 3));
    if (!moves) return field_error("GAMEREQ", "number of moves", t.substr(39, 3));
    r.moves = *moves;
    if (t[42] == 'A') {
        if (t.size() != 43) return Error{"GAMEREQ: start A with a position after it (94 characters)"};
        return Message{r};
    }
    if (t[42] != 'B') return field_error("GAMEREQ", "start type (A or B)", t.substr(42, 1));
    if (t.size() != 94) return Error{"GAMEREQ: start B needs the colour to move and 50 squares (94 characters)"};
    const auto to_move = colour_of(t[43]);
    if (!to_move) return field_error("GAMEREQ", "colour to move (W or Z)", t.substr(43, 1));
    r.standard_start = false;
    r.to_move = *to_move;
    r.board = std::string(t.substr(44, 50));
    for (std::size_t i = 0; i < r.board.size(); ++i)
        if (std::string_view("wzWZe").find(r.board[i]) == std::string_view::npos)
            return Error{"GAMEREQ: square " + std::to_string(i + 1) + " is '" + printable(r.board.substr(i, 1)) +
                         "' (expected w, z, W, Z or e)"};
    return Message{r};
}

Result<Message> decode_move(std::string_view t) {
    if (t.size() < 11) return Error{"MOVE: " + std::to_string(t.size()) + " characters, at least 11 expected"};
    MoveMsg m;
    const auto seconds = digits(t.substr(1, 4));
    if (!seconds) return field_error("MOVE", "time", t.substr(1, 4));
    m.seconds = *seconds;
    const auto from = digits(t.substr(5, 2)), to = digits(t.substr(7, 2)), n = digits(t.substr(9, 2));
    if (!from || *from < 1 || *from > 50) return field_error("MOVE", "from square", t.substr(5, 2));
    if (!to || *to < 1 || *to > 50) return field_error("MOVE", "to square", t.substr(7, 2));
    if (!n || *n > 20) return field_error("MOVE", "number of captured pieces", t.substr(9, 2));
    if (t.size() != 11 + 2 * std::size_t(*n))
        return Error{"MOVE: " + std::to_string(t.size()) + " characters for " + std::to_string(*n) +
                     " captured pieces, expected " + std::to_string(11 + 2 * *n)};
    m.from = *from;
    m.to = *to;
    for (int i = 0; i < *n; ++i) {
        const auto s = digits(t.substr(11 + 2 * std::size_t(i), 2));
        if (!s || *s < 1 || *s > 50) return field_error("MOVE", "captured square", t.substr(11 + 2 * std::size_t(i), 2));
        m.captured.push_back(*s);
    }
    return Message{m};
}

}  // namespace

Result<Message> decode(std::string_view t) {
    if (t.empty()) return Error{"empty message"};
    for (char c : t)
        if (static_cast<unsigned char>(c) == 0 || static_cast<unsigned char>(c) > 127)
            return Error{"a byte outside 1..127 in the message"};
    const auto exact = [&](std::string_view what, std::size_t size) -> std::optional<Error> {
        if (t.size() == size) return std::nullopt;
        return Error{std::string(what) + ": " + std::to_string(t.size()) + " characters, expected " +
                     std::to_string(size)};
    };
    switch (t[0]) {
        case 'R': return decode_gamereq(t);
        case 'A': {
            if (auto e = exact("GAMEACC", 34)) return *e;
            const auto code = digits(t.substr(33, 1));
            if (!code || *code > 3) return field_error("GAMEACC", "acceptance code", t.substr(33, 1));
            return Message{GameAcc{trimmed(t.substr(1, NameWidth)), *code}};
        }
        case 'M': return decode_move(t);
        case 'E': {
            if (auto e = exact("GAMEEND", 3)) return *e;
            const auto reason = digits(t.substr(1, 1)), stop = digits(t.substr(2, 1));
            if (!reason || *reason > 3) return field_error("GAMEEND", "reason", t.substr(1, 1));
            if (!stop || *stop > 1) return field_error("GAMEEND", "stop code", t.substr(2, 1));
            return Message{GameEnd{*reason, *stop}};
        }
        case 'C': return Message{Chat{std::string(t.substr(1))}};
        case 'B': {
            if (auto e = exact("BACKREQ", 5)) return *e;
            const auto move = digits(t.substr(1, 3));
            if (!move || *move < 1) return field_error("BACKREQ", "move number", t.substr(1, 3));
            const auto colour = colour_of(t[4]);
            if (!colour) return field_error("BACKREQ", "colour to move (W or Z)", t.substr(4, 1));
            return Message{BackReq{*move, *colour}};
        }
        case 'K': {
            if (auto e = exact("BACKACC", 2)) return *e;
            const auto code = digits(t.substr(1, 1));
            if (!code || *code > 2) return field_error("BACKACC", "acceptance code", t.substr(1, 1));
            return Message{BackAcc{*code}};
        }
        default: return Error{"unknown message type '" + printable(t.substr(0, 1)) + "'"};
    }
}

std::string encode(const Message& message) {
    return std::visit(
        [](const auto& m) -> std::string {
            using T = std::decay_t<decltype(m)>;
            if constexpr (std::is_same_v<T, GameReq>) {
                std::string s = "R" + number(m.version, 2) + padded(m.name, NameWidth) + colour_char(m.follower) +
                                number(std::min(m.minutes, 999), 3) + number(std::min(m.moves, 999), 3);
                if (m.standard_start) return s + "A";
                return s + "B" + colour_char(m.to_move) + padded(m.board, 50);
            } else if constexpr (std::is_same_v<T, GameAcc>) {
                return "A" + padded(m.name, NameWidth) + char('0' + std::clamp(m.code, 0, 3));
            } else if constexpr (std::is_same_v<T, MoveMsg>) {
                std::string s = "M" + number(std::min(m.seconds, 9999), 4) + number(m.from, 2) + number(m.to, 2) +
                                number(int(m.captured.size()), 2);
                for (int c : m.captured) s += number(c, 2);
                return s;
            } else if constexpr (std::is_same_v<T, GameEnd>) {
                return std::string("E") + char('0' + std::clamp(m.reason, 0, 3)) + char('0' + std::clamp(m.stop, 0, 1));
            } else if constexpr (std::is_same_v<T, Chat>) {
                std::string s = "C";
                for (char c : m.text.substr(0, MaxMessage - 1)) {
                    const auto u = static_cast<unsigned char>(c);
                    s += (u < 0x20 || u >= 0x7f) ? '?' : c;  // no NUL, nothing outside ASCII
                }
                return s;
            } else if constexpr (std::is_same_v<T, BackReq>) {
                return "B" + number(std::clamp(m.move, 1, 999), 3) + colour_char(m.to_move);
            } else {
                return "K" + std::string(1, char('0' + std::clamp(m.code, 0, 2)));
            }
        },
        message);
}

std::string_view name_of(const Message& m) {
    static constexpr std::string_view names[] = {"GAMEREQ", "GAMEACC", "MOVE", "GAMEEND", "CHAT", "BACKREQ", "BACKACC"};
    return names[m.index()];
}

Result<intl::Position> read_board(Color to_move, std::string_view board) {
    if (board.size() != 50) return Error{"the position has " + std::to_string(board.size()) + " squares, not 50"};
    std::string white, black;
    for (std::size_t i = 0; i < board.size(); ++i) {
        const char c = board[i];
        std::string* list = c == 'w' || c == 'W' ? &white : c == 'z' || c == 'Z' ? &black : nullptr;
        if (!list) {
            if (c == 'e') continue;
            return Error{"square " + std::to_string(i + 1) + " is '" + printable(board.substr(i, 1)) +
                         "' (expected w, z, W, Z or e)"};
        }
        if (!list->empty()) *list += ',';
        if (c == 'W' || c == 'Z') *list += 'K';
        *list += std::to_string(i + 1);
    }
    const std::string fen = std::string(to_move == Color::White ? "W" : "B") + ":W" + white + ":B" + black;
    Result<intl::Position> p = intl::parse_fen(fen);
    if (!p) return Error{"the position is not playable: " + p.error()};
    return p;
}

std::string board_text(const intl::Position& p) {
    using G = intl::Position::Geometry;
    std::string s;
    for (int square = 0; square < 50; ++square) {
        const Bitboard b = Bitboard{1} << G::bit_of(square);
        const bool king = (p.kings() & b) != 0;
        if (p.pieces(Color::White) & b) s += king ? 'W' : 'w';
        else if (p.pieces(Color::Black) & b) s += king ? 'Z' : 'z';
        else s += 'e';
    }
    return s;
}

namespace {

int square_of_bit(int bit) { return intl::Position::Geometry::square_of(bit) + 1; }

std::vector<int> captured_squares(const Move& m) {
    std::vector<int> caps;
    for (Bitboard b = m.captured; b; b &= b - 1) caps.push_back(square_of_bit(lsb(b)));
    std::sort(caps.begin(), caps.end());
    return caps;
}

std::string move_text(const MoveMsg& m) {
    std::string s = std::to_string(m.from) + (m.captured.empty() ? "-" : "x") + std::to_string(m.to);
    if (!m.captured.empty()) {
        s += " capturing";
        for (int c : m.captured) s += " " + std::to_string(c);
    }
    return s;
}

}  // namespace

Result<Move> find_move(const intl::Position& p, const MoveMsg& msg) {
    std::vector<int> caps = msg.captured;
    std::sort(caps.begin(), caps.end());
    for (const Move& m : intl::legal_moves(p))
        if (square_of_bit(m.from) == msg.from && square_of_bit(m.to) == msg.to && captured_squares(m) == caps)
            return m;
    return Error{"illegal move " + move_text(msg)};
}

MoveMsg move_message(const Move& m, int seconds) {
    return MoveMsg{std::clamp(seconds, 0, 9999), square_of_bit(m.from), square_of_bit(m.to), captured_squares(m)};
}

// Framer -------------------------------------------------------------------------------------

void Framer::feed(std::string_view bytes) { buffer_.append(bytes); }

std::optional<Result<std::string>> Framer::next() {
    while (true) {
        const std::size_t nul = buffer_.find('\0');
        if (skipping_) {
            if (nul == std::string::npos) {
                buffer_.clear();
                return std::nullopt;
            }
            buffer_.erase(0, nul + 1);
            skipping_ = false;
            continue;
        }
        if (nul == std::string::npos) {
            if (buffer_.size() <= MaxMessage) return std::nullopt;
            buffer_.clear();
            skipping_ = true;
            return Result<std::string>(Error{"a message longer than 127 characters (skipped up to its NUL)"});
        }
        std::string message = buffer_.substr(0, nul);
        buffer_.erase(0, nul + 1);
        if (message.empty()) return Result<std::string>(Error{"an empty message (a NUL alone)"});
        if (message.size() > MaxMessage)
            return Result<std::string>(Error{"a message longer than 127 characters"});
        return Result<std::string>(std::move(message));
    }
}

// Sockets ------------------------------------------------------------------------------------

namespace {

std::string address_text(const sockaddr_in& a) {
    char buf[INET_ADDRSTRLEN] = "?";
    inet_ntop(AF_INET, &a.sin_addr, buf, sizeof buf);
    return std::string(buf) + ":" + std::to_string(ntohs(a.sin_port));
}

// The IPv4 address of `host` (a dotted address or a name), or why there is none.
Result<sockaddr_in> resolve(const std::string& host, int port) {
    if (port < 0 || port > 65535) return Error{"port " + std::to_string(port) + " is out of range 0..65535"};
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    if (inet_pton(AF_INET, host.c_str(), &a.sin_addr) == 1) return a;
    addrinfo hints{};
    hints.ai_family = AF_INET;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (getaddrinfo(host.c_str(), nullptr, &hints, &found) != 0 || !found)
        return Error{"unknown host '" + printable(host) + "'"};
    a.sin_addr = reinterpret_cast<const sockaddr_in*>(found->ai_addr)->sin_addr;
    freeaddrinfo(found);
    return a;
}

void no_delay(int fd) {
    const int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

}  // namespace

Connection::Connection(int fd, milliseconds gap) : fd_(fd), gap_(gap) {
    sockaddr_in a{};
    socklen_t len = sizeof a;
    if (getpeername(fd_, reinterpret_cast<sockaddr*>(&a), &len) == 0) peer_ = address_text(a);
    no_delay(fd_);
}

Connection::~Connection() { close(); }

Connection::Connection(Connection&& o) noexcept
    : fd_(o.fd_),
      framer_(std::move(o.framer_)),
      gap_(o.gap_),
      last_send_(o.last_send_),
      received_(o.received_),
      peer_(std::move(o.peer_)) {
    o.fd_ = -1;
}

Connection& Connection::operator=(Connection&& o) noexcept {
    if (this != &o) {
        close();
        fd_ = o.fd_;
        framer_ = std::move(o.framer_);
        gap_ = o.gap_;
        last_send_ = o.last_send_;
        received_ = o.received_;
        peer_ = std::move(o.peer_);
        o.fd_ = -1;
    }
    return *this;
}

void Connection::close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
}

Result<Connection> Connection::connect(const std::string& host, int port, milliseconds timeout, milliseconds gap) {
    const Result<sockaddr_in> a = resolve(host, port);
    if (!a) return Error{a.error()};
    const std::string where = host + ":" + std::to_string(port);
    const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) return Error{std::string("socket: ") + std::strerror(errno)};
    int r = ::connect(fd, reinterpret_cast<const sockaddr*>(&a.value()), sizeof(sockaddr_in));
    if (r != 0 && errno == EINPROGRESS) {
        pollfd p{fd, POLLOUT, 0};
        r = poll(&p, 1, int(timeout.count()));
        if (r == 0) {
            ::close(fd);
            return Error{"cannot connect to " + where + ": no answer within " + std::to_string(timeout.count()) + " ms"};
        }
        int err = 0;
        socklen_t len = sizeof err;
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len);
        if (err != 0) {
            ::close(fd);
            return Error{"cannot connect to " + where + ": " + std::strerror(err)};
        }
    } else if (r != 0) {
        const int err = errno;
        ::close(fd);
        return Error{"cannot connect to " + where + ": " + std::strerror(err)};
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return Connection(fd, gap);
}

bool Connection::send(std::string_view message) {
    if (fd_ < 0) return false;
    // Only a message that follows our previous one with nothing received between them waits:
    // a peer that answered has read what came before.
    if (!received_) std::this_thread::sleep_until(last_send_ + gap_);
    std::string data(message);
    data += '\0';
    std::string_view rest = data;
    while (!rest.empty()) {
        const ssize_t n = ::send(fd_, rest.data(), rest.size(), MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            close();
            return false;
        }
        rest.remove_prefix(std::size_t(n));
    }
    last_send_ = Clock::now();
    received_ = false;
    return true;
}

Connection::Got Connection::receive(Clock::time_point deadline, std::string& text, int wake) {
    while (true) {
        if (std::optional<Result<std::string>> m = framer_.next()) {
            received_ = true;
            if (*m) {
                text = m->value();
                return Got::Text;
            }
            text = m->error();
            return Got::Bad;
        }
        if (fd_ < 0) return Got::Closed;
        const auto left = std::chrono::duration_cast<milliseconds>(deadline - Clock::now()).count();
        if (left < 0) return Got::Timeout;
        pollfd p[2] = {{fd_, POLLIN, 0}, {wake, POLLIN, 0}};
        const int r = poll(p, wake >= 0 ? 2 : 1, int(std::min<long long>(left, 1 << 30)));
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) continue;
        if (wake >= 0 && p[1].revents) return Got::Timeout;
        if (!p[0].revents) continue;
        char buf[4096];
        const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            close();
            continue;  // the messages already complete are still delivered
        }
        framer_.feed(std::string_view(buf, std::size_t(n)));
    }
}

Listener::~Listener() {
    if (fd_ >= 0) ::close(fd_);
}

Result<bool> Listener::open(const std::string& host, int port) {
    const Result<sockaddr_in> a = resolve(host, port);
    if (!a) return Error{a.error()};
    const std::string where = host + ":" + std::to_string(port);
    fd_ = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd_ < 0) return Error{std::string("socket: ") + std::strerror(errno)};
    const int one = 1;
    setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(fd_, reinterpret_cast<const sockaddr*>(&a.value()), sizeof(sockaddr_in)) != 0 || ::listen(fd_, 4) != 0) {
        const int err = errno;
        ::close(fd_);
        fd_ = -1;
        return Error{"cannot listen on " + where + ": " + std::strerror(err)};
    }
    sockaddr_in bound{};
    socklen_t len = sizeof bound;
    getsockname(fd_, reinterpret_cast<sockaddr*>(&bound), &len);
    port_ = ntohs(bound.sin_port);
    return true;
}

Result<Connection> Listener::accept(milliseconds gap, std::optional<milliseconds> timeout) {
    if (timeout) {
        pollfd p{fd_, POLLIN, 0};
        int r = 0;
        while ((r = poll(&p, 1, int(timeout->count()))) < 0 && errno == EINTR) {
        }
        if (r == 0) return Error{"no connection within " + std::to_string(timeout->count()) + " ms"};
    }
    while (true) {
        const int fd = accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
        if (fd >= 0) return Connection(fd, gap);
        if (errno == EINTR || errno == ECONNABORTED) continue;
        return Error{std::string("accept: ") + std::strerror(errno)};
    }
}

// Player -------------------------------------------------------------------------------------

namespace {

constexpr milliseconds AcceptWait{30000};  // initiator: for the GAMEACC
constexpr milliseconds EndWait{5000};      // for the GAMEEND that confirms ours

const char* outcome_text(Outcome o) {
    switch (o) {
        case Outcome::WhiteWins: return "1-0 (White wins)";
        case Outcome::BlackWins: return "0-1 (Black wins)";
        case Outcome::Draw: return "1-1 (draw)";
        default: return "no result";
    }
}

// The outcome a GAMEEND reason states, `sender` being the side that sent it.
Outcome outcome_of(int reason, Color sender) {
    const Outcome sender_wins = sender == Color::White ? Outcome::WhiteWins : Outcome::BlackWins;
    const Outcome sender_loses = sender == Color::White ? Outcome::BlackWins : Outcome::WhiteWins;
    return reason == 1 ? sender_loses : reason == 2 ? Outcome::Draw : reason == 3 ? sender_wins : Outcome::Ongoing;
}

// The GAMEEND reason for a game that the rules ended, seen from `me`.
int reason_for(const Status& st, Color me) {
    if (st.outcome == Outcome::Draw) return 2;
    const bool i_win = (st.outcome == Outcome::WhiteWins) == (me == Color::White);
    return i_win ? 3 : 1;
}

const char* acceptance_text(int code) {
    switch (code) {
        case 1: return "version not supported";
        case 2: return "not this game";
        case 3: return "no games at all";
        default: return "accepted";
    }
}

}  // namespace

Player::Player(const PlayerOptions& options, Writer& log)
    : options_(options),
      log_(log),
      engine_(std::size_t(options.hash_mb)),
      rng_(std::random_device{}()),
      wake_(eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {
    engine_.options().network = search::nnue::Network::embedded();
    engine_.options().intl_network = search::nnue::IntlNetwork::embedded();
}

Player::~Player() {
    stop_thinking();
    if (wake_ >= 0) ::close(wake_);
}

void Player::send(const Message& m) {
    const std::string text = encode(m);
    log_.line("send " + text);
    if (conn_) conn_->send(text);
}

void Player::chat_error(const std::string& text) {
    log_.line("error: " + text);
    send(Chat{"error: " + text});
}

bool Player::my_turn() const { return game_ && game_->position().side_to_move() == me_; }

void Player::start_game(const intl::Game& game, Color me, int minutes, int moves) {
    game_ = game;
    me_ = me;
    minutes_ = minutes;
    moves_ = moves;
    used_ms_ = 0;
    outcome_.reset();
    engine_.clear();
    peer_since_ = Clock::now();
    log_.line("game " + std::to_string(games_ + 1) + ": Tempo plays " + (me == Color::White ? "White" : "Black") +
              ", " + std::to_string(minutes) + " min for " + (moves ? std::to_string(moves) : "all") +
              " moves, from " + intl::to_fen(game.position()));
}

void Player::end_game(int reason, const std::string& why) {
    stop_thinking();
    log_.line("ending the game: " + why);
    outcome_ = outcome_of(reason, me_);
    send(GameEnd{reason, 0});
    state_ = State::Ending;
    peer_since_ = Clock::now();
}

void Player::finish_game(const std::string& how) {
    stop_thinking();
    ++games_;
    log_.line("game " + std::to_string(games_) + " over: " + how + ", " +
              outcome_text(outcome_.value_or(Outcome::Ongoing)) + ", " +
              std::to_string(game_ ? game_->moves().size() : 0) + " plies");
    state_ = State::Idle;
}

void Player::start_thinking() {
    BasicThinkRequest<intl::Position> req;
    req.root = game_->position();
    intl::Position p = game_->start_position();
    for (const Move& m : game_->moves()) {
        req.history.push_back(p.key());
        p = p.after(m);
    }
    search::Limits& l = req.limits;
    l.threads = options_.threads;
    if (options_.depth || options_.nodes || options_.movetime_ms) {
        l.depth = options_.depth;
        l.nodes = options_.nodes;
        l.movetime = options_.movetime_ms;
    } else {
        const double total = minutes_ > 0 ? minutes_ * 60000.0 : options_.zero_minutes_seconds * 1000.0;
        const int left = int(std::max(50.0, total - used_ms_));
        l.wtime = l.btime = left;
        const int n = int(game_->moves().size());
        const bool i_began = game_->start_position().side_to_move() == me_;
        const int mine = i_began ? (n + 1) / 2 : n / 2;
        if (moves_ > 0) l.movestogo = std::max(1, moves_ - mine);
        l.move_overhead = 50;  // the network and the peer's reading of it
    }
    abort_.store(false, std::memory_order_relaxed);
    searching_.store(true, std::memory_order_release);
    best_.reset();
    think_start_ = Clock::now();
    worker_ = std::thread([this, req = std::move(req)] {
        const search::SearchResult r =
            think(engine_, req, [](const search::Info&, int) {}, abort_, pondering_, rng_);
        best_ = r.best;
        searching_.store(false, std::memory_order_release);
        const std::uint64_t one = 1;
        if (wake_ >= 0 && write(wake_, &one, sizeof one) < 0) {
            // The loop also looks every few milliseconds: a lost wake-up only delays the move.
        }
    });
}

void Player::stop_thinking() {
    if (!worker_.joinable()) return;
    abort_.store(true, std::memory_order_relaxed);
    while (searching_.load(std::memory_order_acquire)) {
        engine_.stop();
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    worker_.join();
    best_.reset();
    clear_wake();
}

void Player::clear_wake() {
    std::uint64_t count = 0;
    if (wake_ >= 0 && read(wake_, &count, sizeof count) < 0) {
        // Nothing was signalled (EAGAIN): nothing to clear.
    }
}

bool Player::handle(const std::string& text, bool initiator) {
    const Result<Message> m = decode(text);
    if (m) return on_message(*m, initiator);
    on_bad(m.error(), text[0], initiator);
    return true;
}

void Player::on_bad(const std::string& error, char type, bool initiator) {
    // A bad MOVE on the peer's turn leaves the game without its next move: it ends. A bad GAMEREQ still gets its GAMEACC, so that the Initiator does not
    // wait for one. Anything else is reported and ignored.
    if (state_ == State::Playing && !my_turn() && type == 'M') {
        chat_error(error);
        end_game(0, "a malformed message from the peer on its turn");
    } else if (!initiator && state_ == State::Idle && type == 'R') {
        chat_error(error);
        send(GameAcc{options_.name, 2});
    } else {
        chat_error(error + " (ignored)");
    }
}

bool Player::on_message(const Message& message, bool initiator) {
    if (const auto* r = std::get_if<GameReq>(&message)) {
        if (initiator) {
            chat_error("GAMEREQ ignored: Tempo is the Initiator on this connection");
            return true;
        }
        if (state_ != State::Idle) {
            chat_error("GAMEREQ refused: a game is in progress (end it with GAMEEND first)");
            send(GameAcc{options_.name, 2});
            return true;
        }
        if (r->version != 1) {
            chat_error("GAMEREQ refused: version " + std::to_string(r->version) + " (Tempo speaks version 01)");
            send(GameAcc{options_.name, 1});
            return true;
        }
        intl::Game game;
        if (!r->standard_start) {
            const Result<intl::Position> p = read_board(r->to_move, r->board);
            if (!p) {
                chat_error("GAMEREQ refused: " + p.error());
                send(GameAcc{options_.name, 2});
                return true;
            }
            game = intl::Game::from_position(*p);
        }
        send(GameAcc{options_.name, 0});
        start_game(game, r->follower, r->minutes, r->moves);
        state_ = State::Playing;
        return true;
    }
    if (const auto* a = std::get_if<GameAcc>(&message)) {
        if (!initiator || state_ != State::AwaitingAcc) {
            chat_error("GAMEACC ignored: no game was proposed");
            return true;
        }
        if (a->code == 0) {
            log_.line("game accepted by '" + printable(a->name, 32) + "'");
            state_ = State::Playing;
            peer_since_ = Clock::now();
        } else {
            refused_ = "'" + printable(a->name, 32) + "' refused the game: code " + std::to_string(a->code) + " (" +
                       acceptance_text(a->code) + ")";
            log_.line(refused_);
            state_ = State::Idle;
        }
        return true;
    }
    if (const auto* mv = std::get_if<MoveMsg>(&message)) {
        if (state_ == State::Ending) {
            log_.line("MOVE ignored: the game is being ended");
            return true;
        }
        if (state_ != State::Playing) {
            chat_error("MOVE ignored: no game in progress");
            return true;
        }
        if (my_turn()) {
            chat_error("MOVE out of turn: it is Tempo's move");
            end_game(0, "the peer moved out of turn");
            return true;
        }
        if (const Status st = game_->status(); st.is_over()) {
            // The game ended with Tempo's last move and the peer played on: the rules say why.
            end_game(reason_for(st, me_), st.description() + " (the peer's move after it is ignored)");
            return true;
        }
        const Result<Move> m = find_move(game_->position(), *mv);
        if (!m) {
            chat_error(m.error() + " in " + intl::to_fen(game_->position()));
            end_game(0, "an illegal move from the peer");
            return true;
        }
        (void)game_->play(*m);
        peer_since_ = Clock::now();
        return true;
    }
    if (const auto* e = std::get_if<GameEnd>(&message)) {
        if (state_ == State::Playing) {
            stop_thinking();
            outcome_ = outcome_of(e->reason, ~(me_));
            send(GameEnd{0, e->stop});
            finish_game("ended by the peer (reason " + std::to_string(e->reason) + ")");
        } else if (state_ == State::Ending) {
            finish_game("ended by Tempo, confirmed");
        } else {
            log_.line("GAMEEND outside a game");
        }
        if (e->stop == 1) {
            log_.line("the peer wants no more games (stop code 1)");
            return false;
        }
        return true;
    }
    if (const auto* c = std::get_if<Chat>(&message)) {
        log_.line("chat: " + printable(c->text, MaxMessage));
        return true;
    }
    if (const auto* b = std::get_if<BackReq>(&message)) {
        const std::string what = "BACKREQ to move " + std::to_string(b->move) + " with " +
                                 (b->to_move == Color::White ? "White" : "Black") + " to move";
        if (state_ != State::Playing) {
            chat_error(what + " refused: no game in progress");
            send(BackAcc{2});
            return true;
        }
        const bool black_began = game_->start_position().side_to_move() == Color::Black;
        const int ply = (b->move - 1) * 2 + (b->to_move == Color::Black ? 1 : 0) - (black_began ? 1 : 0);
        const int played = int(game_->moves().size());
        if (ply < 0 || ply > played) {
            chat_error(what + " refused: the game has " + std::to_string(played) + " plies");
            send(BackAcc{2});
            return true;
        }
        stop_thinking();
        while (int(game_->moves().size()) > ply) game_->undo();
        log_.line(what + ": accepted, back to " + intl::to_fen(game_->position()));
        send(BackAcc{0});
        peer_since_ = Clock::now();
        return true;
    }
    const auto& k = std::get<BackAcc>(message);
    log_.line("BACKACC " + std::to_string(k.code) + " ignored: Tempo sent no BACKREQ");
    return true;
}

void Player::take(Connection::Got got, const std::string& text, bool initiator) {
    if (got == Connection::Got::Bad) {
        log_.line("recv a bad message: " + text);
        on_bad(text, '\0', initiator);
        return;
    }
    log_.line("recv " + printable(text, MaxMessage));
    if (!handle(text, initiator)) close_ = true;
}

void Player::loop(bool initiator) {
    const auto accept_deadline = Clock::now() + AcceptWait;
    while (conn_->open() && !close_) {
        if (initiator && state_ == State::Idle) return;
        if (state_ == State::Playing && my_turn() && !worker_.joinable()) {
            // What has already arrived is handled before the search starts (a move sent out of
            // turn right after the GAMEREQ is seen as such).
            std::string early;
            const Connection::Got got = conn_->receive(Clock::now(), early);
            if (got == Connection::Got::Text || got == Connection::Got::Bad) {
                take(got, early, initiator);
                continue;
            }
            if (got == Connection::Got::Closed) continue;
            const Status st = game_->status();
            if (st.is_over()) end_game(reason_for(st, me_), st.description());
            else start_thinking();
            continue;
        }
        if (worker_.joinable() && !searching_.load(std::memory_order_acquire)) {
            worker_.join();
            clear_wake();
            // The search returns a legal move; it is still checked against the rules before it
            // is sent, and the first legal move stands in if anything is wrong with it.
            Move m = best_.value_or(Move{});
            if (!best_ || !game_->play(m)) {
                m = game_->legal_moves().front();
                (void)game_->play(m);
            }
            const double ms = std::chrono::duration<double, std::milli>(Clock::now() - think_start_).count();
            used_ms_ += ms;
            send(move_message(m, int(std::lround(ms / 1000.0))));
            peer_since_ = Clock::now();
            continue;
        }
        Clock::time_point deadline = Clock::now() + std::chrono::hours(1);
        if (worker_.joinable()) deadline = Clock::now() + milliseconds(20);  // the worker also wakes the loop
        else if (state_ == State::AwaitingAcc) deadline = accept_deadline;
        else if (state_ == State::Ending) deadline = peer_since_ + EndWait;
        else if (initiator && state_ == State::Playing) deadline = peer_since_ + options_.peer_timeout;
        std::string text;
        const Connection::Got got = conn_->receive(deadline, text, worker_.joinable() ? wake_ : -1);
        switch (got) {
            case Connection::Got::Text:
            case Connection::Got::Bad: take(got, text, initiator); break;
            case Connection::Got::Timeout:
                if (worker_.joinable()) break;
                if (state_ == State::AwaitingAcc) {
                    refused_ = "no GAMEACC within " + std::to_string(AcceptWait.count() / 1000) + " s";
                    log_.line(refused_);
                    state_ = State::Idle;
                } else if (state_ == State::Ending) {
                    finish_game("ended by Tempo, not confirmed");
                } else if (initiator && state_ == State::Playing) {
                    chat_error("no move from the peer within " + std::to_string(options_.peer_timeout.count() / 1000) +
                               " s");
                    end_game(0, "the peer is silent");
                }
                break;
            case Connection::Got::Closed: break;
        }
    }
    stop_thinking();
    if (!conn_->open()) log_.line("the peer closed the connection");
    if (state_ == State::Playing || state_ == State::Ending) {
        outcome_.reset();
        finish_game("abandoned: the connection ended");
        refused_ = "the connection ended during the game";
    } else if (state_ == State::AwaitingAcc) {
        refused_ = "the connection ended before a GAMEACC";
        state_ = State::Idle;
    }
}

void Player::follow(Connection& c) {
    conn_ = &c;
    close_ = false;
    state_ = State::Idle;
    loop(false);
    conn_->close();
    conn_ = nullptr;
}

Result<Outcome> Player::initiate(Connection& c, const GameReq& req) {
    conn_ = &c;
    close_ = false;
    refused_.clear();
    intl::Game game;
    if (!req.standard_start) {
        const Result<intl::Position> p = read_board(req.to_move, req.board);
        if (!p) return Error{p.error()};
        game = intl::Game::from_position(*p);
    }
    start_game(game, ~(req.follower), req.minutes, req.moves);
    send(req);
    state_ = State::AwaitingAcc;
    const int before = games_;
    loop(true);
    conn_ = nullptr;
    if (games_ == before || !refused_.empty()) return Error{refused_.empty() ? "the game did not start" : refused_};
    return outcome_.value_or(Outcome::Ongoing);
}

int listen(const PlayerOptions& options, const std::string& host, int port, int connections, Writer& log) {
    Listener listener;
    if (const Result<bool> ok = listener.open(host, port); !ok) {
        log.line("error: " + ok.error());
        return 1;
    }
    log.line("listening on " + host + ":" + std::to_string(listener.port()));
    Player player(options, log);
    for (int n = 0; connections == 0 || n < connections; ++n) {
        Result<Connection> c = listener.accept(options.gap);
        if (!c) {
            log.line("error: " + c.error());
            return 1;
        }
        log.line("connection from " + c->peer());
        player.follow(c.value());
        log.line("connection closed; " + std::to_string(player.games_played()) + " games so far");
    }
    return 0;
}

int initiate(const PlayerOptions& options, const std::string& host, int port, int games, Color colour, int minutes,
             int moves, const std::string& fen, Writer& log) {
    GameReq req;
    req.name = options.name;
    req.minutes = minutes;
    req.moves = moves;
    if (!fen.empty()) {
        const Result<intl::Position> p = intl::parse_fen(fen);
        if (!p) {
            log.line("error: --fen: " + p.error());
            return 2;
        }
        req.standard_start = false;
        req.to_move = p->side_to_move();
        req.board = board_text(*p);
    }
    Result<Connection> c = Connection::connect(host, port, milliseconds(10000), options.gap);
    if (!c) {
        log.line("error: " + c.error());
        return 1;
    }
    log.line("connected to " + host + ":" + std::to_string(port));
    Player player(options, log);
    int wins = 0, losses = 0, draws = 0;
    for (int g = 0; g < games; ++g) {
        const Color me = g % 2 == 0 ? colour : ~(colour);
        req.follower = ~(me);
        const Result<Outcome> r = player.initiate(c.value(), req);
        if (!r) {
            log.line("error: game " + std::to_string(g + 1) + ": " + r.error());
            return 1;
        }
        if (*r == Outcome::Draw) ++draws;
        else if (*r == (me == Color::White ? Outcome::WhiteWins : Outcome::BlackWins)) ++wins;
        else if (*r != Outcome::Ongoing) ++losses;
    }
    c.value().close();
    log.line("Tempo: " + std::to_string(games) + " games, +" + std::to_string(wins) + " -" + std::to_string(losses) +
             " =" + std::to_string(draws));
    return 0;
}

}  // namespace tempo::protocol::dxp
