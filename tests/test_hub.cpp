// The Hub protocol (`tempo hub`, protocol/hub.hpp, docs/hub.md): the line syntax, positions and
// moves in Hub notation in process; then the real process driven as a Hub GUI, pydraughts or
// lidraughts-bot drives it: the handshake, a whole game, pondering, stop and ping during a
// search, and every kind of bad input (one `error` line, the loop goes on, the state kept).

#include <algorithm>
#include <thread>

#include <catch2/catch.hpp>

#include "protocol/hub.hpp"
#include "run_tempo.hpp"
#include "search/score.hpp"

using testing::ms_since;
using testing::TempoProcess;
using testing::words_of;
using namespace std::chrono_literals;
namespace hub = tempo::protocol::hub;
using tempo::protocol::Brazilian;
using tempo::protocol::English;
using tempo::protocol::International;

namespace {

const std::string Start = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

// The value of `name=` in a reply line (empty when absent).
std::string field(const std::string& line, const std::string& name) {
    for (const std::string& w : words_of(line))
        if (w.starts_with(name + "=")) return w.substr(name.size() + 1);
    return {};
}

// A started `tempo hub` that has answered the handshake.
void handshake(TempoProcess& t) {
    t.send("hub");
    const std::vector<std::string> lines = t.until("wait");
    REQUIRE_FALSE(lines.empty());
    t.send("init");
    REQUIRE_FALSE(t.until("ready").empty());
}

// Sends `line`, then `ping`: every line that came before `pong`.
std::vector<std::string> replies(TempoProcess& t, const std::string& line) {
    t.send(line);
    t.send("ping");
    std::vector<std::string> lines = t.until("pong");
    REQUIRE_FALSE(lines.empty());
    lines.pop_back();
    return lines;
}

// `line` is answered by exactly one error line that names `what`.
void one_error(TempoProcess& t, const std::string& line, const std::string& what) {
    INFO("input: " << line);
    const std::vector<std::string> lines = replies(t, line);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].starts_with("error message=\""));
    CHECK(lines[0].find(what) != std::string::npos);
}

// The `done` line of the running search (and the lines before it in `before`).
std::string done_line(TempoProcess& t, std::vector<std::string>* before = nullptr,
                      std::chrono::milliseconds timeout = 10000ms) {
    std::vector<std::string> lines = t.until("done", timeout);
    REQUIRE_FALSE(lines.empty());
    const std::string d = lines.back();
    lines.pop_back();
    if (before) *before = lines;
    return d;
}

}  // namespace

TEST_CASE("hub: the line syntax", "[hub]") {
    const auto l = hub::parse_line("pos pos=Wbe moves=\"32-28 17-22\" start  empty=\"\"");
    REQUIRE(l);
    CHECK(l->command == "pos");
    REQUIRE(l->args.size() == 4);
    CHECK(*l->find("pos") == "Wbe");
    CHECK(*l->find("moves") == "32-28 17-22");
    CHECK(l->find("start")->empty());
    CHECK(l->find("empty")->empty());
    CHECK(l->find("level") == nullptr);
    CHECK_FALSE(hub::parse_line("pos moves=\"32-28"));
    CHECK_FALSE(hub::parse_line("pos =3"));
    CHECK_FALSE(hub::parse_line("go\"think"));
    CHECK(hub::parse_line("")->command.empty());
    CHECK(hub::quote("normal") == "normal");
    CHECK(hub::quote("a b") == "\"a b\"");
    CHECK(hub::quote("") == "\"\"");
}

TEST_CASE("hub: positions and moves in Hub notation", "[hub]") {
    const auto start = hub::parse_position<International>(Start);
    REQUIRE(start);
    CHECK(International::to_fen(*start) == International::to_fen(International::start({})));
    CHECK_FALSE(hub::parse_position<International>(Start.substr(1)));        // 50 characters
    CHECK_FALSE(hub::parse_position<International>("X" + Start.substr(1)));  // no side
    std::string bad = Start;
    bad[30] = 'q';
    CHECK_FALSE(hub::parse_position<International>(bad));
    std::string promoted = Start;
    promoted[1] = 'w';  // a white man on square 1, its crowning row
    CHECK_FALSE(hub::parse_position<International>(promoted));

    // One capture, written from, to, then the captured square: white man 32, black man 28.
    std::string one(51, 'e');
    one[0] = 'W';
    one[32] = 'w';
    one[28] = 'b';
    one[5] = 'b';
    const auto p = hub::parse_position<International>(one);
    REQUIRE(p);
    const auto legal = International::legal_moves(*p);
    REQUIRE(legal.size() == 1);
    CHECK(hub::move_string<International>(*p, legal[0]) == "32x23x28");
    CHECK(hub::parse_move<International>(*p, "32x23x28"));
    CHECK_FALSE(hub::parse_move<International>(*p, "32-27"));  // a step where a capture is due
    CHECK_FALSE(hub::parse_move<International>(*p, "32x23x27"));
    CHECK_FALSE(hub::parse_move<International>(*p, "32x23x"));
    CHECK_FALSE(hub::parse_move<International>(*p, "99-1"));

    // Two captured pieces, written in either order: white man 46, black men 41 and 32.
    std::string two(51, 'e');
    two[0] = 'W';
    two[46] = 'w';
    two[41] = 'b';
    two[32] = 'b';
    two[3] = 'b';
    const auto q = hub::parse_position<International>(two);
    REQUIRE(q);
    const auto m = hub::parse_move<International>(*q, "46x28x41x32");
    REQUIRE(m);
    CHECK(hub::parse_move<International>(*q, "46x28x32x41"));
    CHECK(hub::move_string<International>(*q, *m) == "46x28x32x41");

    const auto s = hub::parse_move<International>(*start, "32-28");
    REQUIRE(s);
    CHECK(hub::move_string<International>(*start, *s) == "32-28");
    CHECK_FALSE(hub::parse_move<International>(*start, "32-26"));

    // Written back as read, on both boards.
    CHECK(hub::position_string<International>(*start) == Start);
    CHECK(hub::position_string<International>(*q) == two);
    const std::string english = "B" + std::string(12, 'b') + std::string(8, 'e') + std::string(12, 'w');
    CHECK(hub::position_string<English>(English::start({})) == english);

    // 8x8: 33 characters.
    CHECK(hub::parse_position<Brazilian>("W" + std::string(12, 'b') + std::string(8, 'e') + std::string(12, 'w')));
    CHECK_FALSE(hub::parse_position<Brazilian>(Start));
}

TEST_CASE("hub: scores in men", "[hub]") {
    CHECK(hub::score_string(0) == "0.00");
    CHECK(hub::score_string(-137) == "-1.37");
    CHECK(hub::score_string(tempo::search::win_in(3)) == "99.97");
    CHECK(hub::score_string(tempo::search::loss_in(12)) == "-99.88");
}

TEST_CASE("hub transcript: the handshake", "[hub][transcript]") {
    TempoProcess t({"hub"});
    REQUIRE(t.ok());
    t.send("hub");
    const std::vector<std::string> lines = t.until("wait");
    REQUIRE(lines.size() >= 3);
    CHECK(lines[0].starts_with("id name=Tempo version="));
    bool variant = false;
    for (const std::string& l : lines) {
        if (l.starts_with("param name=variant")) {
            variant = true;
            CHECK(field(l, "value") == "normal");
            CHECK(l.find("type=enum values=\"normal") != std::string::npos);
        }
        // pydraughts splits every token at `=`: a bare word would break it.
        if (l.starts_with("id") || l.starts_with("param")) {
            bool quoted = false;
            std::string token;
            for (char c : l.substr(l.find(' ') + 1) + " ") {
                if (c == '"') quoted = !quoted;
                if (c == ' ' && !quoted) {
                    CHECK(std::count(token.begin(), token.end(), '=') == 1);
                    token.clear();
                } else {
                    token += c;
                }
            }
        }
    }
    CHECK(variant);
    // pydraughts sends every option, unquoted, and initial-time always: accepted silently.
    CHECK(replies(t, "set-param name=initial-time value=60.0").empty());
    CHECK(replies(t, "set-param name=ponder value=true").empty());
    CHECK(replies(t, "set-param name=variant value=normal").empty());
    t.send("init");
    CHECK(t.line() == "ready");
    t.send("quit");
    int status = -1;
    CHECK(t.wait_exit(3000ms, &status));
    CHECK(status == 0);
}

TEST_CASE("hub transcript: a whole game, positions and moves as pydraughts sends them", "[hub][transcript]") {
    TempoProcess t({"hub", "--variant=normal", "--initial-time=60"});
    REQUIRE(t.ok());
    handshake(t);
    const auto start = hub::parse_position<International>(Start);
    REQUIRE(start);
    std::vector<tempo::Move> moves;
    std::string texts;
    tempo::intl::Position p = *start;
    tempo::Status status;
    for (int ply = 0; ply < 1000; ++ply) {
        status = International::status(*start, moves, {});
        if (status.is_over()) break;
        t.send("pos pos=" + Start + (texts.empty() ? "" : " moves=\"" + texts + "\""));
        t.send(ply % 2 ? "level nodes=3000" : "level depth=2");
        t.send("go think");
        std::vector<std::string> info;
        const std::string done = done_line(t, &info);
        INFO("ply " << ply << ": " << done);
        for (const std::string& l : info) CHECK(l.starts_with("info "));
        REQUIRE(done.starts_with("done move="));
        const auto m = hub::parse_move<International>(p, field(done, "move"));
        REQUIRE(m);
        if (const std::string ponder = field(done, "ponder"); !ponder.empty())
            CHECK(hub::parse_move<International>(p.after(*m), ponder));
        moves.push_back(*m);
        texts += (texts.empty() ? "" : " ") + field(done, "move");
        p = p.after(*m);
    }
    CHECK(status.is_over());
    CHECK(moves.size() > 20);
    t.send("stop");
    t.send("quit");
    CHECK(t.wait_exit(3000ms));
}

TEST_CASE("hub transcript: pondering, then ponder-hit", "[hub][transcript]") {
    TempoProcess t({"hub"});
    REQUIRE(t.ok());
    handshake(t);
    t.send("pos pos=" + Start + " moves=\"32-28 17-22\"");
    t.send("level move-time=0.05");
    t.send("go ponder");
    // A ponder search does not answer before ponder-hit, however long its level.
    const auto early = t.until("done", 300ms);
    CHECK(early.empty());
    const auto hit = TempoProcess::Clock::now();
    t.send("ponder-hit");
    const std::string done = done_line(t, nullptr, 3000ms);
    CHECK(ms_since(hit) < 1500);
    const auto p = hub::parse_position<International>(Start);
    REQUIRE(p);
    const auto a = hub::parse_move<International>(*p, "32-28");
    REQUIRE(a);
    const auto b = hub::parse_move<International>(p->after(*a), "17-22");
    REQUIRE(b);
    CHECK(hub::parse_move<International>(p->after(*a).after(*b), field(done, "move")));
    // The one done only: an idle stop adds none.
    CHECK(replies(t, "stop").empty());
}

TEST_CASE("hub transcript: a ponder miss is a stop, and it gets its done", "[hub][transcript]") {
    TempoProcess t({"hub"});
    REQUIRE(t.ok());
    handshake(t);
    t.send("pos pos=" + Start);
    t.send("level time=10 inc=0.1");
    t.send("go ponder");
    CHECK(t.until("done", 200ms).empty());
    const auto sent = TempoProcess::Clock::now();
    t.send("stop");
    CHECK(done_line(t, nullptr, 2000ms).starts_with("done move="));
    CHECK(ms_since(sent) < 1000);
    CHECK(replies(t, "stop").empty());
}

TEST_CASE("hub transcript: stop and ping during a search", "[hub][transcript]") {
    TempoProcess t({"hub"});
    REQUIRE(t.ok());
    handshake(t);
    t.send("pos pos=" + Start);
    t.send("level infinite");
    t.send("go analyze");
    std::this_thread::sleep_for(100ms);
    // ping is answered while the search goes on.
    t.send("ping");
    const std::vector<std::string> before = t.until("pong", 1000ms);
    REQUIRE_FALSE(before.empty());
    for (const std::string& l : before) CHECK_FALSE(l.starts_with("done"));
    const auto sent = TempoProcess::Clock::now();
    t.send("stop");
    std::vector<std::string> info;
    const std::string done = done_line(t, &info, 2000ms);
    CHECK(ms_since(sent) < 1000);
    CHECK(done.starts_with("done move="));
    for (const std::string& l : info) {
        CHECK(l.starts_with("info depth="));
        CHECK(l.find(" pv=\"") != std::string::npos);
        CHECK(l.find(" score=") != std::string::npos);
    }
    // A search with no level at all waits for stop too.
    t.send("go think");
    CHECK(t.until("done", 300ms).empty());
    t.send("stop");
    CHECK(done_line(t, nullptr, 2000ms).starts_with("done move="));
    CHECK(replies(t, "stop").empty());
    // Any other command ends the search first: its done, then the reply.
    t.send("go think");
    std::this_thread::sleep_for(50ms);
    t.send("hub");
    const std::vector<std::string> after = t.until("wait", 3000ms);
    REQUIRE(after.size() >= 2);
    const auto d = std::find_if(after.begin(), after.end(), [](const std::string& l) { return l.starts_with("done"); });
    const auto id = std::find_if(after.begin(), after.end(), [](const std::string& l) { return l.starts_with("id "); });
    CHECK(d < id);
}

TEST_CASE("hub transcript: bad input gets one error line and changes nothing", "[hub][transcript]") {
    TempoProcess t({"hub"});
    REQUIRE(t.ok());
    handshake(t);
    // The last good position: after 32-28 19-23 28x19x23 Black must retake.
    t.send("pos pos=" + Start + " moves=\"32-28 19-23 28x19x23\"");
    one_error(t, "frobnicate now", "bad command");
    one_error(t, "pos pos=Wbbb", "bad position");
    one_error(t, "pos pos=" + Start + "e", "bad position");
    one_error(t, "pos pos=X" + Start.substr(1), "bad position");
    one_error(t, "pos pos=W" + Start.substr(2) + "q", "bad position");
    one_error(t, "pos pos=Ww" + Start.substr(2), "bad position");  // a white man on square 1
    one_error(t, "pos moves=\"32-28\"", "missing pos");
    one_error(t, "pos pos=" + Start + " moves=\"32-28 99-1\"", "bad move '99-1'");
    one_error(t, "pos pos=" + Start + " moves=\"32-28 banana\"", "bad move 'banana'");
    one_error(t, "pos pos=" + Start + " moves=\"32-26\"", "illegal move '32-26'");
    one_error(t, "pos pos=" + Start + " moves=\"32-28 19-23 33-29\"", "illegal move '33-29' (move 3");
    one_error(t, "pos pos=\"" + Start, "unterminated quote");
    one_error(t, "level depth=deep", "depth");
    one_error(t, "level move-time=-1", "move-time");
    one_error(t, "level inc=1", "inc without time");
    one_error(t, "go", "think, ponder or analyze");
    one_error(t, "set-param value=3", "missing name");
    one_error(t, "set-param name=variant value=frisian", "unknown variant 'frisian'");
    one_error(t, "set-param name=hash value=0", "hash");
    one_error(t, "set-param name=threads value=lots", "threads");
    one_error(t, std::string("\x01\xff=\"junk"), "malformed");
    one_error(t, "pos =", "malformed");
    t.send_raw(std::string(70000, 'x') + "\n");
    t.send("ping");
    const auto long_line = t.until("pong");
    REQUIRE(long_line.size() == 2);
    CHECK(long_line[0].find("too long") != std::string::npos);

    // The position and the variant are as the last good `pos` left them: Black's reply is a
    // capture (the only legal moves there).
    t.send("level depth=3");
    t.send("go think");
    const std::string done = done_line(t);
    const auto p = hub::parse_position<International>(Start);
    REQUIRE(p);
    tempo::intl::Position q = *p;
    for (const char* m : {"32-28", "19-23", "28x19x23"}) {
        const auto mv = hub::parse_move<International>(q, m);
        REQUIRE(mv);
        q = q.after(*mv);
    }
    const auto reply = hub::parse_move<International>(q, field(done, "move"));
    REQUIRE(reply);
    CHECK(reply->is_capture());
    // The end of input ends the process.
    t.close_input();
    int status = -1;
    CHECK(t.wait_exit(3000ms, &status));
    CHECK(status == 0);
}

TEST_CASE("hub transcript: Brazilian from the command line, English by set-param", "[hub][transcript]") {
    {
        TempoProcess t({"hub", "--variant=brazilian"});
        REQUIRE(t.ok());
        t.send("hub");
        const std::vector<std::string> lines = t.until("wait");
        REQUIRE_FALSE(lines.empty());
        bool seen = false;
        for (const std::string& l : lines)
            if (l.starts_with("param name=variant")) seen = field(l, "value") == "brazilian";
        CHECK(seen);
        t.send("init");
        REQUIRE_FALSE(t.until("ready").empty());
        one_error(t, "pos pos=" + Start, "33");
        t.send("pos start moves=\"22-18\"");
        t.send("level depth=2");
        t.send("go think");
        const std::string done = done_line(t);
        const auto first = hub::parse_move<Brazilian>(Brazilian::start({}), "22-18");
        REQUIRE(first);
        CHECK(hub::parse_move<Brazilian>(Brazilian::start({}).after(*first), field(done, "move")));
    }
    {
        TempoProcess t({"hub"});
        REQUIRE(t.ok());
        t.send("hub");
        REQUIRE_FALSE(t.until("wait").empty());
        t.send("set-param name=variant value=english");
        t.send("init");
        REQUIRE_FALSE(t.until("ready").empty());
        const std::string pos = "B" + std::string(12, 'b') + std::string(8, 'e') + std::string(12, 'w');
        t.send("pos pos=" + pos);
        t.send("level depth=2");
        t.send("go think");
        const std::string done = done_line(t);
        const auto p = hub::parse_position<English>(pos);
        REQUIRE(p);
        CHECK(hub::parse_move<English>(*p, field(done, "move")));
    }
    {
        // A bad option on the command line: one error line, and the default stays.
        TempoProcess t({"hub", "--variant=frisian"});
        REQUIRE(t.ok());
        const auto l = t.line();
        REQUIRE(l);
        CHECK(l->find("unknown variant 'frisian'") != std::string::npos);
        t.send("hub");
        bool normal = false;
        for (const std::string& x : t.until("wait"))
            if (x.starts_with("param name=variant")) normal = field(x, "value") == "normal";
        CHECK(normal);
    }
}

TEST_CASE("hub: piped input, the end of input lets a search with a level finish", "[hub]") {
    const testing::ToolRun r =
        testing::run_tool({"hub"}, "pos pos=" + Start + "\nlevel depth=6\ngo think\n");
    CHECK(r.status == 0);
    CHECK(r.out.find("info depth=6 ") != std::string::npos);  // not stopped at the end of input
    CHECK(testing::count_of(r.out, "done move=") == 1);
    CHECK(r.err.empty());
    // `tempo hub` with a word that is not --name=value is a usage error.
    const testing::ToolRun bad = testing::run_tool({"hub", "normal"});
    CHECK(bad.status == 2);
    CHECK(bad.err.find("--name=value") != std::string::npos);
}
