// DXP (`tempo dxp`, protocol/dxp.hpp, docs/dxp.md): the messages, the framing, positions and
// moves in process; then real `tempo dxp` processes on real sockets on 127.0.0.1 (ports chosen at
// run time: the listener binds port 0 and names the port it got): Tempo against Tempo in both
// roles, and Tempo against a scripted peer that chats, takes moves back, ends games, sends bad,
// truncated and out-of-turn messages and disconnects.

#include <algorithm>
#include <thread>

#include <catch2/catch.hpp>

#include "engine/notation_international.hpp"
#include "protocol/dxp.hpp"
#include "run_tempo.hpp"

using testing::count_of;
using testing::TempoProcess;
using namespace std::chrono_literals;
namespace dxp = tempo::protocol::dxp;
using tempo::Color;
using tempo::Move;

namespace {

const std::string StartBoard = std::string(20, 'z') + std::string(10, 'e') + std::string(20, 'w');

template <class T>
T as(const std::string& text) {
    const tempo::Result<dxp::Message> m = dxp::decode(text);
    INFO(text << ": " << (m ? "" : m.error()));
    REQUIRE(m);
    REQUIRE(std::holds_alternative<T>(*m));
    return std::get<T>(*m);
}

// The decode error of `text` (it must be one).
std::string error_of(const std::string& text) {
    const tempo::Result<dxp::Message> m = dxp::decode(text);
    INFO(text);
    REQUIRE_FALSE(m);
    return m.error();
}

// The port of a `tempo dxp --listen 0` from its first line.
int listening_port(TempoProcess& t) {
    const auto l = t.line(10000ms);
    REQUIRE(l);
    const std::string prefix = "listening on 127.0.0.1:";
    REQUIRE(l->starts_with(prefix));
    return std::stoi(l->substr(prefix.size()));
}

// Lines of a log until one that starts with `prefix` (which must come).
std::vector<std::string> log_until(TempoProcess& t, const std::string& prefix) {
    std::vector<std::string> lines = t.until(prefix, 20000ms);
    INFO("waiting for " << prefix);
    REQUIRE_FALSE(lines.empty());
    return lines;
}

// A peer written here, on a real socket: it sends what it is told and reads what comes.
class Peer {
public:
    explicit Peer(dxp::Connection c) : c_(std::move(c)) {}
    static Peer connect(int port) {
        auto c = dxp::Connection::connect("127.0.0.1", port, 5000ms, 0ms);
        REQUIRE(c);
        return Peer(std::move(c.value()));
    }

    void send(const std::string& text) { REQUIRE(c_.send(text)); }
    void send(const dxp::Message& m) { send(dxp::encode(m)); }
    // The next message; CHATs are collected in `chats` and skipped.
    std::string next(std::chrono::milliseconds timeout = 20000ms) {
        while (true) {
            std::string text;
            const auto got = c_.receive(dxp::Connection::Clock::now() + timeout, text);
            INFO("received: " << text);
            REQUIRE(got == dxp::Connection::Got::Text);
            if (text.starts_with("C")) {
                chats.push_back(text.substr(1));
                continue;
            }
            return text;
        }
    }
    // Whether the other side closes the connection (and sends nothing more) within `timeout`.
    bool closed_by_peer(std::chrono::milliseconds timeout = 10000ms) {
        std::string text;
        while (true) {
            const auto got = c_.receive(dxp::Connection::Clock::now() + timeout, text);
            if (got == dxp::Connection::Got::Closed) return true;
            if (got != dxp::Connection::Got::Text || !text.starts_with("C")) return false;
        }
    }
    void close() { c_.close(); }
    bool chat_has(const std::string& what) const {
        return std::any_of(chats.begin(), chats.end(), [&](const std::string& c) { return c.find(what) != std::string::npos; });
    }

    std::vector<std::string> chats;

private:
    dxp::Connection c_;
};

std::string acc(const std::string& name, int code) { return dxp::encode(dxp::GameAcc{name, code}); }

dxp::GameReq request(Color follower, int minutes = 1, int moves = 0) {
    dxp::GameReq r;
    r.name = "Script";
    r.follower = follower;
    r.minutes = minutes;
    r.moves = moves;
    return r;
}

// Reads Tempo's MOVE and plays it in `g` (it must be legal there).
void expect_move(Peer& peer, tempo::intl::Game& g) {
    const std::string text = peer.next();
    INFO("expected a MOVE in " << tempo::intl::to_fen(g.position()));
    const auto m = as<dxp::MoveMsg>(text);
    const auto legal = dxp::find_move(g.position(), m);
    INFO(text << (legal ? "" : ": " + legal.error()));
    REQUIRE(legal);
    REQUIRE(g.play(*legal));
}

// Sends the first legal move of `g` and plays it.
void play_first(Peer& peer, tempo::intl::Game& g) {
    const Move m = g.legal_moves().front();
    peer.send(dxp::move_message(m, 0));
    REQUIRE(g.play(m));
}

}  // namespace

TEST_CASE("dxp: the messages of the spec, read and written back", "[dxp]") {
    const std::string tornado = "R01Tornado voor Windows 4.0        W060065A";
    const auto r = as<dxp::GameReq>(tornado);
    CHECK(r.version == 1);
    CHECK(r.name == "Tornado voor Windows 4.0");
    CHECK(r.follower == Color::White);
    CHECK(r.minutes == 60);
    CHECK(r.moves == 65);
    CHECK(r.standard_start);
    CHECK(dxp::encode(r) == tornado);

    const std::string b = "R01NAME                            Z010100BW" + StartBoard;
    const auto rb = as<dxp::GameReq>(b);
    CHECK(rb.follower == Color::Black);
    CHECK(rb.minutes == 10);
    CHECK(rb.moves == 100);
    CHECK_FALSE(rb.standard_start);
    CHECK(rb.to_move == Color::White);
    CHECK(rb.board == StartBoard);
    CHECK(dxp::encode(rb) == b);

    const auto a = as<dxp::GameAcc>("ATornado voor Windows 4.0        0");
    CHECK(a.name == "Tornado voor Windows 4.0");
    CHECK(a.code == 0);
    CHECK(dxp::encode(a) == "ATornado voor Windows 4.0        0");

    const auto quiet = as<dxp::MoveMsg>("M0012061100");
    CHECK(quiet.seconds == 12);
    CHECK(quiet.from == 6);
    CHECK(quiet.to == 11);
    CHECK(quiet.captured.empty());
    const auto four = as<dxp::MoveMsg>("M001205250422122320");
    CHECK(four.from == 5);
    CHECK(four.to == 25);
    CHECK(four.captured == std::vector<int>{22, 12, 23, 20});
    CHECK(dxp::encode(four) == "M001205250422122320");
    CHECK(dxp::encode(as<dxp::MoveMsg>("M000135240130")) == "M000135240130");

    const auto e = as<dxp::GameEnd>("E21");
    CHECK(e.reason == 2);
    CHECK(e.stop == 1);
    CHECK(as<dxp::Chat>("CWhat do you think about move 35?").text == "What do you think about move 35?");
    const auto back = as<dxp::BackReq>("B005Z");
    CHECK(back.move == 5);
    CHECK(back.to_move == Color::Black);
    CHECK(dxp::encode(back) == "B005Z");
    CHECK(as<dxp::BackAcc>("K1").code == 1);
    CHECK(dxp::encode(dxp::BackAcc{2}) == "K2");
    CHECK(dxp::encode(dxp::GameEnd{0, 1}) == "E01");
    // A name longer than its field is cut; a chat never carries a NUL.
    CHECK(dxp::encode(dxp::GameAcc{std::string(40, 'n'), 0}).size() == 34);
    CHECK(dxp::encode(dxp::Chat{std::string("a\0b", 3)}) == "Ca?b");
}

TEST_CASE("dxp: malformed messages are refused with the field named", "[dxp]") {
    CHECK(error_of("") == "empty message");
    CHECK(error_of("X12").find("unknown message type 'X'") != std::string::npos);
    CHECK(error_of("R01").find("GAMEREQ: 3 characters") != std::string::npos);
    CHECK(error_of("R0xTornado voor Windows 4.0        W060065A").find("version") != std::string::npos);
    CHECK(error_of("R01Tornado voor Windows 4.0        Q060065A").find("follower colour") != std::string::npos);
    CHECK(error_of("R01Tornado voor Windows 4.0        W0a0065A").find("thinking time") != std::string::npos);
    CHECK(error_of("R01Tornado voor Windows 4.0        W060065C").find("start type") != std::string::npos);
    CHECK(error_of("R01NAME                            Z010100BX" + StartBoard).find("colour to move") !=
          std::string::npos);
    std::string board = StartBoard;
    board[24] = 'q';
    CHECK(error_of("R01NAME                            Z010100BW" + board).find("square 25") != std::string::npos);
    CHECK(error_of("M00120611").find("MOVE: 9 characters") != std::string::npos);
    CHECK(error_of("M0012061101").find("for 1 captured") != std::string::npos);
    CHECK(error_of("M0012991100").find("from square") != std::string::npos);
    CHECK(error_of("M0012065100").find("to square") != std::string::npos);
    CHECK(error_of("M00120611010x").find("captured square") != std::string::npos);
    CHECK(error_of("M00120611210102").find("number of captured") != std::string::npos);
    CHECK(error_of("E0").find("GAMEEND: 2 characters") != std::string::npos);
    CHECK(error_of("E40").find("reason") != std::string::npos);
    CHECK(error_of("E02").find("stop code") != std::string::npos);
    CHECK(error_of("B000W").find("move number") != std::string::npos);
    CHECK(error_of("B005X").find("colour to move") != std::string::npos);
    CHECK(error_of("K3").find("acceptance code") != std::string::npos);
    CHECK(error_of("ATempo 0").find("GAMEACC: 8 characters") != std::string::npos);
    CHECK(error_of("CSch\xc3\xb6n").find("outside 1..127") != std::string::npos);
}

TEST_CASE("dxp: layer 1 cuts the stream at each NUL", "[dxp]") {
    dxp::Framer f;
    CHECK_FALSE(f.next());
    f.feed(std::string("E00\0CHel", 8));
    auto m = f.next();
    REQUIRE(m);
    REQUIRE(*m);
    CHECK(m->value() == "E00");
    CHECK_FALSE(f.next());  // "CHel" is not finished
    CHECK(f.partial());
    f.feed(std::string("lo\0\0K1\0", 7));
    m = f.next();
    REQUIRE((m && *m));
    CHECK(m->value() == "CHello");
    m = f.next();
    REQUIRE(m);
    REQUIRE_FALSE(*m);
    CHECK(m->error().find("empty") != std::string::npos);
    m = f.next();
    REQUIRE((m && *m));
    CHECK(m->value() == "K1");
    // 200 characters with no NUL: one error, then the rest of that message is skipped.
    f.feed(std::string(200, 'x'));
    m = f.next();
    REQUIRE(m);
    REQUIRE_FALSE(*m);
    CHECK(m->error().find("longer than 127") != std::string::npos);
    f.feed(std::string(50, 'y') + std::string("\0E01\0", 5));
    m = f.next();
    REQUIRE((m && *m));
    CHECK(m->value() == "E01");
    CHECK_FALSE(f.next());
    CHECK_FALSE(f.partial());
}

TEST_CASE("dxp: positions and moves against the 10x10 rules", "[dxp]") {
    const auto start = dxp::read_board(Color::White, StartBoard);
    REQUIRE(start);
    CHECK(tempo::intl::to_fen(*start) == tempo::intl::to_fen(tempo::intl::Game().position()));
    CHECK(dxp::board_text(*start) == StartBoard);
    CHECK_FALSE(dxp::read_board(Color::White, StartBoard.substr(1)));
    std::string crowned(50, 'e');
    crowned[0] = 'w';  // a white man on square 1, its crowning row
    crowned[40] = 'z';
    CHECK_FALSE(dxp::read_board(Color::White, crowned));

    // White man 46 takes black men 41 and 32 (the captured squares in either order); kings too.
    std::string two(50, 'e');
    two[45] = 'w';
    two[40] = 'z';
    two[31] = 'z';
    two[2] = 'Z';
    const auto p = dxp::read_board(Color::White, two);
    REQUIRE(p);
    CHECK(dxp::board_text(*p) == two);
    const auto m = dxp::find_move(*p, as<dxp::MoveMsg>("M0000462802"
                                                       "3241"));
    REQUIRE(m);
    CHECK(dxp::find_move(*p, as<dxp::MoveMsg>("M00004628024132")));
    CHECK(dxp::encode(dxp::move_message(*m, 3)) == "M00034628023241");
    // Taking one piece where two can be taken is illegal (the majority rule).
    const auto partial = dxp::find_move(*p, as<dxp::MoveMsg>("M000046370141"));
    REQUIRE_FALSE(partial);
    CHECK(partial.error() == "illegal move 46x37 capturing 41");
    CHECK_FALSE(dxp::find_move(*p, as<dxp::MoveMsg>("M0000464100")));  // a step where a capture is due
    CHECK(dxp::move_message(*m, 12345).seconds == 9999);
}

TEST_CASE("dxp transcript: Tempo against Tempo, two games on one connection, both colours", "[dxp][transcript]") {
    TempoProcess follower({"dxp", "--listen", "0", "--depth", "2", "--gap", "0", "--once"});
    REQUIRE(follower.ok());
    const int port = listening_port(follower);
    const testing::ToolRun run = testing::run_tool({"dxp", "--connect", "127.0.0.1:" + std::to_string(port), "--games",
                                                    "2", "--depth", "2", "--gap", "0", "--time", "2"});
    INFO(run.out.substr(run.out.size() > 3000 ? run.out.size() - 3000 : 0) << run.err);
    CHECK(run.status == 0);
    CHECK(count_of(run.out, "error") == 0);
    CHECK(count_of(run.out, "game 1 over: ") == 1);
    CHECK(count_of(run.out, "game 2 over: ") == 1);
    CHECK(count_of(run.out, "no result") == 0);
    CHECK(count_of(run.out, "Tempo plays White") == 1);
    CHECK(count_of(run.out, "Tempo plays Black") == 1);
    CHECK(count_of(run.out, "send R01Tempo") == 2);
    CHECK(count_of(run.out, "recv " + acc("Tempo", 0)) == 2);
    CHECK(count_of(run.out, "send M") > 20);
    CHECK(count_of(run.out, "recv M") > 20);
    CHECK(run.out.find("Tempo: 2 games, +") != std::string::npos);

    const std::vector<std::string> log = log_until(follower, "connection closed");
    int games = 0, errors = 0;
    for (const std::string& l : log) {
        games += l.starts_with("game ") && l.find(" over: ") != std::string::npos;
        errors += l.find("error") != std::string::npos;
    }
    CHECK(games == 2);
    CHECK(errors == 0);
    int status = -1;
    CHECK(follower.wait_exit(5000ms, &status));  // --once: it ends with its connection
    CHECK(status == 0);
}

TEST_CASE("dxp transcript: the Follower mid-game: CHAT, BACKREQ, GAMEEND, more games, a disconnect", "[dxp][transcript]") {
    TempoProcess follower({"dxp", "--listen", "0", "--depth", "2", "--gap", "0", "--connections", "2"});
    REQUIRE(follower.ok());
    const int port = listening_port(follower);
    {
        Peer peer = Peer::connect(port);
        // Game 1: Tempo plays Black; the peer (White) begins.
        peer.send(request(Color::Black));
        CHECK(peer.next() == acc("Tempo", 0));
        tempo::intl::Game g;
        for (int i = 0; i < 3; ++i) {
            play_first(peer, g);
            if (i == 1) peer.send(dxp::Chat{"How is it going?"});  // chat at any time: no answer
            expect_move(peer, g);
        }
        CHECK(peer.chats.empty());
        // Back to move 2, White to move (ply 2): accepted, and it is the peer's turn again.
        peer.send("B002W");
        CHECK(peer.next() == "K0");
        while (g.moves().size() > 2) g.undo();
        play_first(peer, g);
        expect_move(peer, g);
        // Back to move 40: the game is not that long: refused with a reason, the game goes on.
        peer.send("B040W");
        CHECK(peer.next() == "K2");
        CHECK(peer.chat_has("refused: the game has 4 plies"));
        // Back to move 2 with Black to move (ply 3): Tempo is to move there, and moves.
        peer.send("B002Z");
        CHECK(peer.next() == "K0");
        while (g.moves().size() > 3) g.undo();
        expect_move(peer, g);
        // GAMEEND on the peer's turn: confirmed with reason 0 and the same stop code.
        peer.send("E20");
        CHECK(peer.next() == "E00");

        // Game 2 on the same connection: start B, Tempo White and to move: GAMEACC, then its move.
        std::string board(50, 'e');
        board[27] = 'w';  // 28
        board[32] = 'w';  // 33
        board[7] = 'z';   // 8
        board[12] = 'z';  // 13
        dxp::GameReq r = request(Color::White, 0);  // 000 minutes, as pydraughts sends for bullet
        r.standard_start = false;
        r.to_move = Color::White;
        r.board = board;
        peer.send(r);
        CHECK(peer.next() == acc("Tempo", 0));
        auto g2 = tempo::intl::Game::from_position(dxp::read_board(Color::White, board).value());
        expect_move(peer, g2);
        // A GAMEREQ during a game is refused, and the game is kept.
        peer.send(request(Color::White));
        CHECK(peer.next() == acc("Tempo", 2));
        CHECK(peer.chat_has("a game is in progress"));
        play_first(peer, g2);
        expect_move(peer, g2);
        // Stop code 1: confirmed, and Tempo closes this connection.
        peer.send("E01");
        CHECK(peer.next() == "E01");
        CHECK(peer.closed_by_peer());
    }
    {
        // The listener accepts the next connection: bad input there.
        Peer peer = Peer::connect(port);
        dxp::GameReq v2 = request(Color::White);
        v2.version = 2;
        peer.send(v2);
        CHECK(peer.next() == acc("Tempo", 1));  // version not supported
        peer.send("R01Script");
        CHECK(peer.next() == acc("Tempo", 2));  // truncated
        CHECK(peer.chat_has("GAMEREQ: 9 characters"));
        std::string crowned(50, 'e');
        crowned[0] = 'w';
        crowned[40] = 'z';
        dxp::GameReq bad = request(Color::White);
        bad.standard_start = false;
        bad.board = crowned;
        peer.send(bad);
        CHECK(peer.next() == acc("Tempo", 2));  // a man on its crowning row
        CHECK(peer.chat_has("not playable"));

        // A game in which the peer's messages go wrong one after the other.
        peer.send(request(Color::Black));
        CHECK(peer.next() == acc("Tempo", 0));
        tempo::intl::Game g;
        play_first(peer, g);
        expect_move(peer, g);
        peer.chats.clear();
        peer.send("X123");                      // an unknown type: reported, ignored
        peer.send(std::string(300, 'y'));       // too long: reported, ignored
        peer.send("M00");                       // a truncated move on the peer's turn: the game ends
        CHECK(peer.next() == "E00");
        CHECK(peer.chat_has("unknown message type 'X' (ignored)"));
        CHECK(peer.chat_has("longer than 127"));
        CHECK(peer.chat_has("MOVE: 3 characters"));
        peer.send("E00");  // confirms Tempo's GAMEEND; nothing comes back

        peer.send(request(Color::Black));
        CHECK(peer.next() == acc("Tempo", 0));
        peer.chats.clear();
        peer.send("M0000313600");  // 31-36 is no move at the start: illegal, the game ends
        CHECK(peer.next() == "E00");
        CHECK(peer.chat_has("illegal move 31-36"));
        peer.send("E00");

        // Out of turn: Tempo is White and to move, and the peer moves at once.
        peer.chats.clear();
        peer.send(dxp::encode(request(Color::White)) + std::string(1, '\0') + "M0000191400");
        CHECK(peer.next() == acc("Tempo", 0));
        CHECK(peer.next() == "E00");
        CHECK(peer.chat_has("MOVE out of turn"));
        peer.send("E00");

        // A move outside a game, and a BACKREQ: refused, nothing breaks.
        peer.send("M0000323800");
        peer.send("B001W");
        CHECK(peer.next() == "K2");
        CHECK(peer.chat_has("MOVE ignored: no game in progress"));

        // A game, then the peer disconnects in the middle of it.
        peer.send(request(Color::White));
        CHECK(peer.next() == acc("Tempo", 0));
        tempo::intl::Game g3;
        expect_move(peer, g3);
        peer.close();
    }
    const std::vector<std::string> log = log_until(follower, "connection closed; 6 games so far");
    CHECK(std::any_of(log.begin(), log.end(),
                      [](const std::string& l) { return l.find("abandoned: the connection ended") != std::string::npos; }));
    int status = -1;
    CHECK(follower.wait_exit(5000ms, &status));
    CHECK(status == 0);
}

TEST_CASE("dxp transcript: the Initiator: GAMEREQ, moves, CHAT, BACKREQ, GAMEEND, a disconnect", "[dxp][transcript]") {
    dxp::Listener listener;
    REQUIRE(listener.open("127.0.0.1", 0));
    TempoProcess tempo({"dxp", "--connect", "127.0.0.1:" + std::to_string(listener.port()), "--games", "3", "--depth",
                        "2", "--gap", "0", "--time", "3", "--moves", "50", "--name", "Tempo test"});
    REQUIRE(tempo.ok());
    auto c = listener.accept(0ms, 10000ms);
    REQUIRE(c);
    Peer peer(std::move(c.value()));

    // Game 1: Tempo is White (the default colour), the peer Black.
    const auto r = as<dxp::GameReq>(peer.next());
    CHECK(r.name == "Tempo test");
    CHECK(r.follower == Color::Black);
    CHECK(r.minutes == 3);
    CHECK(r.moves == 50);
    CHECK(r.standard_start);
    peer.send(acc("Script", 0));
    tempo::intl::Game g;
    expect_move(peer, g);
    peer.send(dxp::Chat{"hello"});
    play_first(peer, g);
    expect_move(peer, g);
    // Back to the start (move 1, White to move): Tempo moves again from there.
    peer.send("B001W");
    CHECK(peer.next() == "K0");
    while (!g.moves().empty()) g.undo();
    expect_move(peer, g);
    // The peer ends the game on its turn (a draw); Tempo confirms.
    peer.send("E20");
    CHECK(peer.next() == "E00");

    // Game 2: the colours change; the peer refuses it.
    const auto r2 = as<dxp::GameReq>(peer.next());
    CHECK(r2.follower == Color::White);
    peer.send(acc("Script", 2));
    const std::vector<std::string> out = log_until(tempo, "error: game 2: 'Script' refused the game: code 2");
    int status = -1;
    CHECK(tempo.wait_exit(5000ms, &status));
    CHECK(status == 1);
    CHECK(peer.closed_by_peer());
}

TEST_CASE("dxp transcript: the Initiator whose peer disconnects mid-game, and bad command lines", "[dxp][transcript]") {
    std::optional<dxp::Listener> listener(std::in_place);
    REQUIRE(listener->open("127.0.0.1", 0));
    TempoProcess tempo({"dxp", "--connect", "127.0.0.1:" + std::to_string(listener->port()), "--colour", "black",
                        "--depth", "2", "--gap", "0", "--fen", "W:W31,32,33:B18,19,20"});
    REQUIRE(tempo.ok());
    auto c = listener->accept(0ms, 10000ms);
    REQUIRE(c);
    Peer peer(std::move(c.value()));
    const auto r = as<dxp::GameReq>(peer.next());
    CHECK(r.follower == Color::White);
    CHECK_FALSE(r.standard_start);
    CHECK(r.to_move == Color::White);
    auto g = tempo::intl::Game::from_position(dxp::read_board(r.to_move, r.board).value());
    CHECK(tempo::intl::to_fen(g.position()) == tempo::intl::to_fen(tempo::intl::parse_fen("W:W31,32,33:B18,19,20").value()));
    peer.send(acc("Script", 0));
    play_first(peer, g);
    expect_move(peer, g);
    peer.close();
    log_until(tempo, "error: game 1: the connection ended during the game");
    int status = -1;
    CHECK(tempo.wait_exit(5000ms, &status));
    CHECK(status == 1);

    // Nobody listening: a clear error, exit code 1.
    const int free_port = listener->port();
    listener.reset();
    const testing::ToolRun none = testing::run_tool({"dxp", "--connect", "127.0.0.1:" + std::to_string(free_port)});
    CHECK(none.status == 1);
    CHECK(none.out.find("cannot connect to 127.0.0.1:" + std::to_string(free_port)) != std::string::npos);
    // Bad command lines: exit code 2, the problem named.
    const std::vector<std::pair<std::vector<std::string>, std::string>> bad{
        {{"dxp", "--listen", "70000"}, "out of range"},
        {{"dxp", "--connect", "localhost"}, "HOST:PORT"},
        {{"dxp", "--connect", "127.0.0.1:1", "--listen", "5"}, "cannot be combined"},
        {{"dxp", "--games", "2"}, "for the Initiator"},
        {{"dxp", "--colour", "red", "--connect", "127.0.0.1:1"}, "not white or black"},
        {{"dxp", "--name", std::string(33, 'n')}, "1 to 32 characters"},
        {{"dxp", "--bogus"}, "unknown option"},
    };
    for (const auto& [args, what] : bad) {
        const testing::ToolRun run = testing::run_tool(args);
        INFO(args[1] << ": " << run.err);
        CHECK(run.status == 2);
        CHECK(run.err.find(what) != std::string::npos);
    }
    const testing::ToolRun fen = testing::run_tool({"dxp", "--connect", "127.0.0.1:1", "--fen", "W:Wx"});
    CHECK(fen.status == 2);
    CHECK(fen.out.find("--fen") != std::string::npos);
}

TEST_CASE("dxp transcript: two messages in a row are sent --gap apart, an answer at once", "[dxp][transcript]") {
    // pydraughts reads two messages that arrive together as one and loses the second: GAMEACC
    // and Tempo's first move come --gap apart (400 ms here, for room under the sanitizers).
    TempoProcess follower({"dxp", "--listen", "0", "--depth", "1", "--once", "--gap", "400"});
    REQUIRE(follower.ok());
    Peer peer = Peer::connect(listening_port(follower));
    peer.send(request(Color::White));
    CHECK(peer.next() == acc("Tempo", 0));
    const auto accepted = TempoProcess::Clock::now();
    tempo::intl::Game g;
    expect_move(peer, g);
    CHECK(testing::ms_since(accepted) >= 350);
    // A move that answers the peer's is not held back by the gap (depth 1 takes milliseconds).
    play_first(peer, g);
    const auto sent = TempoProcess::Clock::now();
    expect_move(peer, g);
    CHECK(testing::ms_since(sent) < 300);
    peer.send("E01");
    CHECK(peer.next() == "E01");
    int status = -1;
    CHECK(follower.wait_exit(5000ms, &status));
    CHECK(status == 0);
}
