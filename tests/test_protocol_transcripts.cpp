// Protocol transcripts: a real `tempo` process is fed lines and its output checked, as a GUI would
// see it. [race] tests race `go` against `stop`, `isready` and `quit`; the tsan preset runs them.
#include <algorithm>
#include <sstream>
#include <thread>

#include <catch2/catch.hpp>

#include "run_tempo.hpp"
#include "search/nnue.hpp"

// The process runner and the reply readers of run_tempo.hpp.
using namespace testing;
using namespace std::chrono_literals;

namespace {

// Time the test process and the pipes may add to what the engine promises (clocks start once the
// engine has answered isready). Sanitized builds run several times slower: more room there.
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
constexpr bool Sanitized = true;
constexpr long long Slack = 150;
#else
constexpr bool Sanitized = false;
constexpr long long Slack = 25;
#endif

// The bound on a reaction the engine promises within `ms` (an answer to isready, stop or quit
// during a search). Its work in between (unwinding the search, writing the answer, freeing the
// hash) is instrumented code in a sanitized build, up to six times slower there on a loaded
// machine: the release build holds the promise itself, a sanitized one checks the order of events.
constexpr long long within(long long ms) { return (Sanitized ? 6 : 1) * ms + Slack; }

bool starts(const std::string& s, std::string_view prefix) { return s.starts_with(prefix); }

// (No std::regex here: g++ 12 warns falsely inside <regex> under the sanitizers.)
bool is_number(const std::string& s, bool sign = false) {
    const std::size_t from = sign && !s.empty() && s[0] == '-' ? 1 : 0;
    return s.size() > from && std::all_of(s.begin() + long(from), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// `info depth D seldepth S multipv K score cp|mate X nodes N nps N time N hashfull N pv m…`:
// the depth, or -1 when the line has another shape.
int info_depth(const std::string& line) {
    const auto w = words_of(line);
    const std::vector<std::string> keys{"info", "depth", "", "seldepth", "", "multipv", "", "score"};
    if (w.size() < 20) return -1;  // with at least one pv move
    for (std::size_t i = 0; i < keys.size(); ++i)
        if (!keys[i].empty() && w[i] != keys[i]) return -1;
    if (!is_number(w[2]) || !is_number(w[4]) || !is_number(w[6])) return -1;
    if ((w[8] != "cp" && w[8] != "mate") || !is_number(w[9], true)) return -1;
    const std::vector<std::string> rest{"nodes", "nps", "time", "hashfull"};
    for (std::size_t i = 0; i < rest.size(); ++i)
        if (w[10 + 2 * i] != rest[i] || !is_number(w[11 + 2 * i])) return -1;
    if (w[18] != "pv") return -1;
    return std::stoi(w[2]);
}

// A move in board names: `c3-d4`.
bool is_named_step(const std::string& m) {
    return m.size() == 5 && m[0] >= 'a' && m[0] <= 'h' && m[1] >= '1' && m[1] <= '8' && m[2] == '-' &&
           m[3] >= 'a' && m[3] <= 'h' && m[4] >= '1' && m[4] <= '8';
}

std::vector<std::string> infos(const std::vector<std::string>& lines) {
    std::vector<std::string> out;
    for (const auto& l : lines)
        if (starts(l, "info depth")) out.push_back(l);
    return out;
}

// The `bestmove` word of a reply line.
std::string best(const std::vector<std::string>& lines) {
    REQUIRE_FALSE(lines.empty());
    REQUIRE(starts(lines.back(), "bestmove "));
    const std::string& l = lines.back();
    return l.substr(9, l.find(' ', 9) - 9);
}

// One bad line gets exactly one error line, naming the problem, and nothing else.
void one_error(TempoProcess& t, const std::string& line, const std::string& expected) {
    INFO(line);
    t.send(line);
    const auto lines = t.sync();
    REQUIRE(lines.size() == 1);
    CHECK(lines[0] == "info string error: " + expected);
}

}  // namespace

TEST_CASE("transcript: handshake, uci and isready", "[protocol][transcript]") {
    TempoProcess t;
    REQUIRE(t.ok());
    t.send("uci");
    const auto lines = t.until("uciok");
    REQUIRE(lines.size() == 23);
    CHECK(lines[0] == "id name Tempo " TEMPO_VERSION);
    CHECK(lines[1] == "id author The Tempo developers");
    for (std::size_t i = 2; i < 22; ++i) CHECK(starts(lines[i], "option name "));
    CHECK(lines[14] == "option name EGDB type check default true");
    CHECK(lines[15] == "option name EGDBPieces type spin default 4 min 2 max 5");
    CHECK(lines[16] == "option name EGDBFile type string default <empty>");
    CHECK(lines[17] == "option name Evaluation type combo default network var network var classic");
    CHECK(lines[18] == "option name EvalFile type string default <empty>");
    CHECK(lines[19] == "option name EvalFileInternational type string default <empty>");
    CHECK(lines[20] == "option name SearchTune type string default <empty>");
    CHECK(lines[11] == "option name OwnBook type check default true");
    CHECK(lines[13] == "option name BookVariety type spin default 0 min 0 max 1000");
    CHECK(lines[7] == "option name Skill Level type spin default 20 min 0 max 20");
    t.send("isready");
    CHECK(t.line() == "readyok");
    t.send("quit");
    int status = -1;
    CHECK(t.wait_exit(10000ms, &status));
    CHECK(status == 0);
}

TEST_CASE("transcript: options are set silently, refused with one error, state kept", "[protocol][transcript]") {
    TempoProcess t;
    t.send("setoption name Hash value 32");
    t.send("setoption name threads value 2");
    t.send("setoption name Move Overhead value 0");
    t.send("setoption name OwnBook value true");
    t.send("setoption name BookFile value some book.bin");
    t.send("setoption name Clear Hash");
    t.send("setoption name Notation value names");
    CHECK(t.sync().empty());
    CHECK(legal(t).front() == "b6-a5");
    one_error(t, "setoption name Notation value letters",
              "option Notation has no value 'letters' (one of: numbers, names)");
    CHECK(legal(t).front() == "b6-a5");  // still names
    one_error(t, "setoption name Colour value red", "unknown option 'Colour'");
    one_error(t, "setoption name Hash value 0", "option Hash value 0 is out of range 1..4096");
    one_error(t, "setoption name Skill Level value 21", "option Skill Level value 21 is out of range 0..20");
    one_error(t, "setoption name MultiPV value many", "option MultiPV needs a number, not 'many'");
    one_error(t, "setoption name Threads", "option Threads needs a value");
    one_error(t, "setoption name Variant value checkers",
              "option Variant has no value 'checkers' (one of: english, international, brazilian)");
    one_error(t, "setoption name Ponder value 1", "option Ponder needs true or false, not '1'");
    one_error(t, "setoption name FirstMove value red", "option FirstMove has no value 'red' (one of: black, white)");
    t.send("setoption name SearchTune value pc=0 lmr_base=80");
    CHECK(t.sync().empty());
    one_error(t, "setoption name SearchTune value pc=0,fast=1",
              "option SearchTune: unknown search parameter 'fast'");
    t.send("setoption name Notation value numbers");
    t.send("setoption name FirstMove value white");
    t.send("position startpos");
    CHECK(legal(t) == std::vector<std::string>{"21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"});
    t.send("ucinewgame");
    CHECK(fen_of(t) == "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
}

TEST_CASE("transcript: position with every move style", "[protocol][transcript]") {
    TempoProcess t;
    const std::string after = "B:W6:B";
    // A double jump c3xe5xc7 (22x15x6) in each form.
    for (const std::string moves : {"22x15x6", "c3xe5xc7", "22x6", "c3xc7", "c3xe5 e5xc7", "22x15 15x6",
                                    "22x15 e5xc7"}) {
        INFO(moves);
        t.send("position fen W:W22:B18,10 moves " + moves);
        CHECK(fen_of(t) == after);
    }
    // Steps in numbers and names, then a capture in the short form.
    t.send("position startpos moves 11-15 c3-d4 15x22");
    CHECK(fen_of(t) == "W:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,22");
    // A fen with spaces and a trailing dot, then the start side of the official rules.
    t.send("position fen W: W22 : B18,10.");
    CHECK(fen_of(t) == "W:W22:B10,18");
    t.send("position startpos");
    CHECK(fen_of(t) == "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    // Joining stops at a complete move: a single jump that is a whole move stays one, and the
    // next word is the other side's move.
    t.send("position fen W:W22:B18,26 moves 22x15 26-31");
    CHECK(fen_of(t) == "W:W15:BK31");
}

TEST_CASE("transcript: bad positions are refused with one error and the position kept",
          "[protocol][transcript]") {
    TempoProcess t;
    t.send("position startpos moves 11-15");
    const std::string kept = fen_of(t);
    one_error(t, "position fen X:W21:B1",
              "position: bad FEN 'X:W21:B1': bad FEN: bad side to move \"X\" (expected B or W)");
    CHECK(fen_of(t) == kept);
    t.send("position fen B:W33:B1");
    auto lines = t.sync();
    REQUIRE(lines.size() == 1);
    CHECK(starts(lines[0], "info string error: position: bad FEN 'B:W33:B1': "));
    one_error(t, "position startpos moves 11-15 11-15",
              "position: move 2 '11-15': no piece of the side to move (White) on 11 (it is empty)");
    CHECK(fen_of(t) == kept);
    t.send("position startpos moves 11-15 24-20 9-14 hello");
    lines = t.sync();
    REQUIRE(lines.size() == 1);
    CHECK(starts(lines[0], "info string error: position: move 4 'hello': "));
    one_error(t, "position fen W:W22:B18,10 moves c3xe5",
              "position: move 1 'c3xe5': the capture is incomplete ('c3xe5' must jump on from 15)");
    one_error(t, "position fen W:W22:B18,10 moves c3xe5 e5-d6",
              "position: move 1 'c3xe5': the capture is incomplete ('c3xe5' must jump on from 15)");
    t.send("position fen B:W6,7,14,15:B2 moves 2x18");
    lines = t.sync();
    REQUIRE(lines.size() == 1);
    CHECK(starts(lines[0], "info string error: position: move 1 '2x18': ambiguous move 2x18"));
    CHECK(fen_of(t) == kept);
}

TEST_CASE("transcript: go with each limit", "[protocol][transcript]") {
    TempoProcess t;
    t.send("setoption name OwnBook value false");  // these check the search itself
    t.send("position startpos");
    SECTION("depth: one info per iteration, then a legal bestmove with ponder") {
        t.send("go depth 5");
        const auto lines = t.until("bestmove");
        const auto in = infos(lines);
        REQUIRE(in.size() == 5);
        for (std::size_t i = 0; i < in.size(); ++i) {
            INFO(in[i]);
            CHECK(info_depth(in[i]) == int(i + 1));
            CHECK(in[i].find(" multipv 1 ") != std::string::npos);
            CHECK(in[i].find(" pv ") != std::string::npos);
        }
        const auto moves = legal(t);
        CHECK(std::find(moves.begin(), moves.end(), best(lines)) != moves.end());
        CHECK(lines.back().find(" ponder ") != std::string::npos);
    }
    SECTION("nodes: reproducible after ucinewgame") {
        check_reproducible(t, "nodes 20000", 3);
    }
    SECTION("movetime: bestmove within the time plus the overhead") {
        t.send("setoption name Move Overhead value 10");
        REQUIRE(t.sync().empty());  // the process is up and idle: time only the search
        const auto start = TempoProcess::Clock::now();
        t.send("go movetime 300");
        const auto lines = t.until("bestmove", 2000ms);
        const auto ms = ms_since(start);
        REQUIRE_FALSE(lines.empty());
        CHECK(ms <= 300 + 10 + Slack);
        CHECK(ms >= 200);
    }
    SECTION("clock: wtime btime winc binc movestogo") {
        REQUIRE(t.sync().empty());
        const auto start = TempoProcess::Clock::now();
        t.send("go wtime 2000 btime 2000 winc 10 binc 10 movestogo 20");
        const auto lines = t.until("bestmove", 3000ms);
        REQUIRE_FALSE(lines.empty());
        CHECK(ms_since(start) < 2000 * 4 / 10 + 50);
    }
    SECTION("searchmoves: only the moves given") {
        t.send("go depth 6 searchmoves 9-13 c3-d4");
        CHECK(t.until("bestmove").empty());  // c3-d4 is White's: refused, no search
        t.send("go depth 6 searchmoves 9-13 f6-g5");
        const auto lines = t.until("bestmove");
        const std::string b = best(lines);
        CHECK((b == "9-13" || b == "11-16"));
        for (const auto& l : infos(lines)) {
            const auto pv = l.substr(l.find(" pv ") + 4);
            CHECK((starts(pv, "9-13") || starts(pv, "11-16")));
        }
    }
    SECTION("MultiPV 3: three lines per depth reached, distinct first moves") {
        t.send("setoption name MultiPV value 3");
        t.send("go depth 6");
        const auto lines = t.until("bestmove");
        std::vector<std::string> firsts;
        for (const auto& l : infos(lines))
            if (starts(l, "info depth 6 ")) {
                const std::string pv = l.substr(l.find(" pv ") + 4);
                firsts.push_back(pv.substr(0, pv.find(' ')));
            }
        CHECK(firsts.size() == 3);
        std::sort(firsts.begin(), firsts.end());
        CHECK(std::unique(firsts.begin(), firsts.end()) == firsts.end());
    }
    SECTION("a lost position: bestmove (none)") {
        t.send("position fen B:W6:B");
        t.send("go depth 3");
        CHECK(t.until("bestmove") == std::vector<std::string>{"bestmove (none)"});
    }
    SECTION("a won position: mate 1") {
        t.send("position fen W:W22:B18,10");
        t.send("go depth 4");
        const auto lines = t.until("bestmove");
        REQUIRE_FALSE(infos(lines).empty());
        CHECK(infos(lines).back().find("score mate 1 ") != std::string::npos);
        CHECK(lines.back() == "bestmove 22x15x6");
    }
    SECTION("Notation names in the replies") {
        t.send("setoption name Notation value names");
        t.send("go depth 3");
        const auto lines = t.until("bestmove");
        const auto w = words_of(lines.back());
        REQUIRE(w.size() == 4);
        CHECK(is_named_step(w[1]));
        CHECK(w[2] == "ponder");
        CHECK(is_named_step(w[3]));
    }
}

TEST_CASE("transcript: infinite and stop, isready, d and go during a search", "[protocol][transcript][race]") {
    TempoProcess t;
    t.send("position startpos");
    t.send("go infinite");
    CHECK(t.line(5000ms));  // some info
    const auto ready = TempoProcess::Clock::now();
    t.send("isready");
    const auto before = t.until("readyok");
    REQUIRE_FALSE(before.empty());
    CHECK(ms_since(ready) < within(20));
    for (const auto& l : before) CHECK_FALSE(starts(l, "bestmove"));
    // One error for the second go; the running search may print an iteration meanwhile (on a
    // slow build, such as under the thread sanitizer, it still finishes iterations).
    t.send("go depth 3");
    auto answer = t.sync();
    std::erase_if(answer, [](const std::string& l) { return starts(l, "info ") && !starts(l, "info string"); });
    REQUIRE(answer.size() == 1);
    CHECK(answer[0] == "info string error: go: a search is already running (send stop first)");
    t.send("status");
    auto lines = t.sync();
    CHECK(std::find(lines.begin(), lines.end(), "status ongoing black to move") != lines.end());
    const auto stop = TempoProcess::Clock::now();
    t.send("stop");
    lines = t.until("bestmove");
    REQUIRE_FALSE(lines.empty());
    CHECK(ms_since(stop) <= within(20));  // 20 ms promised
    // `go` without limits is infinite too.
    t.send("go");
    CHECK(t.until("bestmove", 300ms).empty());
    t.send("stop");
    CHECK_FALSE(t.until("bestmove").empty());
    CHECK(t.sync().empty());
}

TEST_CASE("transcript: ponder answers only after ponderhit or stop", "[protocol][transcript][race]") {
    TempoProcess t;
    t.send("setoption name Ponder value true");
    t.send("position startpos moves 11-15");
    t.send("go ponder wtime 600 btime 600");
    CHECK(t.until("bestmove", 700ms).empty());  // still pondering after longer than its budget
    t.send("ponderhit");
    CHECK_FALSE(t.until("bestmove").empty());
    t.send("go ponder wtime 600 btime 600");
    CHECK(t.until("bestmove", 300ms).empty());
    const auto stop = TempoProcess::Clock::now();
    t.send("stop");
    CHECK_FALSE(t.until("bestmove").empty());
    CHECK(ms_since(stop) <= within(20));
    t.send("ponderhit");  // without a search: ignored
    CHECK(t.sync().empty());
}

TEST_CASE("transcript: position, setoption and ucinewgame during a search stop it first",
          "[protocol][transcript][race]") {
    TempoProcess t;
    for (const std::string cmd : {"position startpos moves 11-15", "setoption name Hash value 8", "ucinewgame"}) {
        INFO(cmd);
        t.send("position startpos");
        t.send("go infinite");
        CHECK(t.line(5000ms));  // the search is under way
        t.send(cmd);
        const auto lines = t.sync();
        REQUIRE_FALSE(lines.empty());
        CHECK(starts(lines.back(), "bestmove "));
    }
    t.send("position startpos moves 11-15");
    t.send("go infinite");
    t.send("position startpos moves 9-13");
    CHECK_FALSE(t.until("bestmove").empty());
    CHECK(fen_of(t) == "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,13");
}

TEST_CASE("transcript: go races stop, isready and quit", "[protocol][transcript][race]") {
    SECTION("go then stop at once, many times: one bestmove each, nothing lost") {
        TempoProcess t;
        t.send("setoption name OwnBook value false");  // these check the search itself
        for (int i = 0; i < 30; ++i) {
            t.send(i % 2 ? "go infinite" : "go depth 30");
            t.send("stop");
            CHECK_FALSE(t.until("bestmove").empty());
        }
        CHECK(t.sync().empty());
    }
    SECTION("isready races go") {
        TempoProcess t;
        t.send("setoption name OwnBook value false");  // these check the search itself
        for (int i = 0; i < 20; ++i) {
            t.send("go movetime 20");
            t.send("isready");
            auto lines = t.until("readyok");
            REQUIRE_FALSE(lines.empty());
            if (std::none_of(lines.begin(), lines.end(), [](const auto& l) { return starts(l, "bestmove"); }))
                CHECK_FALSE(t.until("bestmove").empty());
        }
    }
    SECTION("quit during a search exits promptly and cleanly") {
        for (const std::string go : {"go infinite", "go depth 40", "go ponder wtime 100000 btime 100000"}) {
            TempoProcess t;
            t.send("setoption name OwnBook value false");  // these check the search itself
            t.send("setoption name Threads value 2");
            t.send(go);
            t.line(5000ms);  // the search is under way
            const auto start = TempoProcess::Clock::now();
            t.send("quit");
            int status = -1;
            CHECK(t.wait_exit(10000ms, &status));
            CHECK(status == 0);
            CHECK(ms_since(start) < within(100));
        }
    }
    SECTION("end of input stops an infinite search and exits") {
        TempoProcess t;
        t.send("setoption name OwnBook value false");  // these check the search itself
        t.send("go infinite");
        t.line(5000ms);  // the search is under way
        const auto start = TempoProcess::Clock::now();
        t.close_input();
        int status = -1;
        CHECK(t.wait_exit(10000ms, &status));
        CHECK(status == 0);
        CHECK(ms_since(start) < within(100));
    }
    SECTION("end of input lets a search with limits answer first") {
        TempoProcess t;
        t.send("setoption name OwnBook value false");  // these check the search itself
        t.send("go depth 7");
        t.close_input();
        const auto lines = t.until("bestmove", 5000ms);
        REQUIRE(lines.size() == 8);
        int status = -1;
        CHECK(t.wait_exit(10000ms, &status));
        CHECK(status == 0);
    }
}

TEST_CASE("transcript: Skill Level answers with legal moves and obeys limits", "[protocol][transcript]") {
    TempoProcess t;
    t.send("setoption name OwnBook value false");  // these check the search itself
    for (const int level : {0, 7, 19}) {
        INFO(level);
        t.send("setoption name Skill Level value " + std::to_string(level));
        t.send("position startpos moves 11-15 24-20");
        const auto moves = legal(t);  // also waits until the engine is idle
        const auto start = TempoProcess::Clock::now();
        t.send("go movetime 200");
        const auto lines = t.until("bestmove");
        CHECK(ms_since(start) <= 200 + 10 + Slack);
        REQUIRE(infos(lines).size() == 1);
        CHECK(std::find(moves.begin(), moves.end(), best(lines)) != moves.end());
    }
    t.send("go infinite");  // a weak level still waits for stop
    CHECK(t.until("bestmove", 300ms).empty());
    t.send("stop");
    CHECK_FALSE(t.until("bestmove").empty());
}

TEST_CASE("transcript: extensions d, legal, status, eval, go perft, bench", "[protocol][transcript]") {
    TempoProcess t;
    t.send("d");
    auto lines = t.sync();
    REQUIRE(lines.size() == 12);
    CHECK(lines[0] == "8    b   b   b   b     1  2  3  4");
    CHECK(lines[7] == "1  w   w   w   w      29 30 31 32");
    CHECK(lines[8] == "   a b c d e f g h");
    CHECK(lines[9] == "Fen: B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    CHECK(lines[10].size() == 21);
    CHECK(starts(lines[10], "Key: "));
    CHECK(lines[10].find_first_not_of("0123456789abcdef", 5) == std::string::npos);
    CHECK(starts(lines[11], "Status: ongoing black to move"));
    CHECK(legal(t) == std::vector<std::string>{"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"});
    t.send("status");
    CHECK(t.sync() == std::vector<std::string>{"status ongoing black to move"});
    t.send("position fen B:W6:B");
    t.send("status");
    CHECK(t.sync() == std::vector<std::string>{"status white-wins no-legal-moves"});
    t.send("legal");
    CHECK(t.sync() == std::vector<std::string>{"legal"});
    t.send("position fen B:WK5:BK30");  // kings only, far apart; an 80-ply shuffle would draw
    t.send("eval");
    lines = t.sync();
    // With a network built in, its score first; then the classic evaluation's nine terms, the
    // four of the rich weights (search/eval.hpp) and the total.
    const std::size_t net = tempo::search::nnue::Network::embedded() ? 1 : 0;
    REQUIRE(lines.size() == 14 + net);
    if (net) CHECK(starts(lines[0], "info string eval network "));
    CHECK(starts(lines[net], "info string eval material "));
    CHECK(starts(lines[12 + net], "info string eval the-move "));
    CHECK(starts(lines.back(), "info string eval total "));
    t.send("position fen W:W22:B18");
    t.send("eval");
    CHECK(t.sync() == std::vector<std::string>{"info string eval not available: a capture is pending"});

    t.send("position startpos");
    // Depth 8 from ../shared/reference/perft-english-divide.txt (no king captures this early, so
    // both counting conventions agree).
    t.send("go perft 8");
    lines = t.until("Nodes searched", 20000ms);
    REQUIRE(lines.size() == 9);
    CHECK(lines[0] == "9-13: 148117");
    CHECK(lines[6] == "12-16: 142459");
    CHECK(lines[7] == "");
    CHECK(lines[8] == "Nodes searched: 845931");
    t.send("bench 3");
    lines = t.until("Nodes searched", 20000ms);
    REQUIRE_FALSE(lines.empty());
    one_error(t, "go perft 0", "perft depth 0 is out of range 1..20");
}

TEST_CASE("transcript: bad input of every kind: one error each, nothing changes, no crash",
          "[protocol][transcript]") {
    TempoProcess t;
    t.send("position startpos moves 11-15");
    const std::string kept = fen_of(t);
    one_error(t, "hello", "unknown command 'hello'");
    one_error(t, "go depth -1", "go depth -1 is out of range 1..100");
    one_error(t, "go wtime", "go wtime needs a value");
    one_error(t, "go speed 3", "go: unknown limit 'speed'");
    one_error(t, "go searchmoves 1-2", "go searchmoves: '1-2': no piece of the side to move (White) on 1 (a Black piece stands there)");
    one_error(t, "uci please", "'uci' takes no arguments");
    one_error(t, "position", "position needs 'startpos' or 'fen <FEN>'");
    // A very long line: one error, then the engine goes on.
    one_error(t, std::string(200000, 'x'), "line too long (more than 65536 bytes); ignored");
    // Binary garbage, NULs included, in one line.
    std::string junk;
    for (int i = 0; i < 256; ++i)
        if (i != '\n') junk += char(i);
    t.send(junk);
    auto lines = t.sync();
    REQUIRE(lines.size() == 1);
    CHECK(starts(lines[0], "info string error: unknown command '\\x00\\x01"));
    // A FEN with control bytes: the error names it, and stdout stays printable.
    t.send_raw(std::string("position fen B:W21\x01\x1b[31m:B1\n", 28));
    lines = t.sync();
    REQUIRE(lines.size() == 1);
    CHECK(starts(lines[0], "info string error: position: bad FEN"));
    CHECK(std::all_of(lines[0].begin(), lines[0].end(),
                      [](char c) { return static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f; }));
    // Blank lines are ignored.
    t.send("");
    t.send("  \t ");
    CHECK(t.sync().empty());
    CHECK(fen_of(t) == kept);
    t.send("quit");
    int status = -1;
    CHECK(t.wait_exit(10000ms, &status));
    CHECK(status == 0);
}

namespace {

// The score words of the last `info depth` line of a `go` ("cp 12", "mate 41"), or "" if none.
std::string last_score(const std::vector<std::string>& lines) {
    const auto in = infos(lines);
    if (in.empty()) return "";
    const auto w = words_of(in.back());
    return w.size() > 9 ? w[8] + " " + w[9] : "";
}

// Sends `go depth 2` until its score is a win of more than `beyond` moves (which a 2-ply search
// can only know from the endgame database), at most until `patience` has passed; the last score.
std::string score_once_built(TempoProcess& t, int beyond, std::chrono::milliseconds patience) {
    const auto deadline = TempoProcess::Clock::now() + patience;
    std::string score;
    while (TempoProcess::Clock::now() < deadline) {
        t.send("go depth 2");
        const auto lines = t.until("bestmove");
        if (lines.empty()) return "<no bestmove>";
        score = last_score(lines);
        if (starts(score, "mate ") && std::stoi(score.substr(5)) > beyond) return score;
        std::this_thread::sleep_for(50ms);
    }
    return score;
}

}  // namespace

TEST_CASE("transcript: egdb is built in the background, used once ready, and can be turned off",
          "[protocol][transcript][egdb]") {
    TempoProcess t;
    REQUIRE(t.ok());
    one_error(t, "setoption name EGDBPieces value 6", "option EGDBPieces value 6 is out of range 2..5");
    one_error(t, "setoption name EGDBPieces value four", "option EGDBPieces needs a number, not 'four'");
    one_error(t, "setoption name EGDB value maybe", "option EGDB needs true or false, not 'maybe'");

    // First Position (White to move wins in 81 plies): a 2-ply search alone scores it in
    // centi-men; once the 4-piece database is built, the children's exact scores come through.
    t.send("position fen W:WK15,20:BK28,12");
    const std::string with = score_once_built(t, 20, 120000ms);
    CHECK(with == "mate 41");

    // Off: the same search knows nothing of it.
    t.send("setoption name EGDB value false");
    t.send("go depth 2");
    CHECK(starts(last_score(t.until("bestmove")), "cp "));

    // On again with 3 pieces: W:WK6:B11 is a win in 7 plies (mate 4), out of a 2-ply search's
    // own sight; the 3-piece database is built at the first go and then seen.
    t.send("setoption name EGDB value true");
    t.send("setoption name EGDBPieces value 3");
    t.send("position fen W:WK6:B11");
    CHECK(score_once_built(t, 1, 60000ms) == "mate 4");
    // Skill Level below 20 plays without it.
    t.send("setoption name Skill Level value 19");
    t.send("go depth 2");
    CHECK_FALSE(starts(last_score(t.until("bestmove")), "mate 4"));
    t.send("setoption name Skill Level value 20");

    // EGDBFile: a file that cannot be read is said once, at a go after the attempt, and that go
    // searches; a good file (written by tempo egdb build) is used like a built database.
    testing::ScratchDir dir;
    t.send("setoption name EGDBFile value " + dir.file("missing.egdb"));
    const std::string refusal = "info string error: cannot read endgame database '" + dir.file("missing.egdb") +
                                "': No such file or directory (searching without the endgame database)";
    int errors = 0;
    for (int i = 0; i < 100 && errors == 0; ++i) {
        t.send("go depth 1");
        const auto lines = t.until("bestmove");
        REQUIRE_FALSE(lines.empty());
        errors += int(std::count(lines.begin(), lines.end(), refusal));
        std::this_thread::sleep_for(20ms);
    }
    CHECK(errors == 1);
    t.send("go depth 1");
    const auto after_error = t.until("bestmove");
    CHECK(std::count(after_error.begin(), after_error.end(), refusal) == 0);
    const std::string file = dir.file("three.egdb");
    REQUIRE(testing::run_tool({"egdb", "build", "--pieces", "3", "--output", file}).status == 0);
    t.send("setoption name EGDBFile value " + file);
    t.send("setoption name EGDBPieces value 2");  // a file brings its own piece count
    CHECK(score_once_built(t, 1, 60000ms) == "mate 4");
    t.send("setoption name EGDBFile value <empty>");

    // A 5-piece build (over a minute, far longer under the sanitizers) is cancelled at once by
    // quit: every step of it, the fills of its 323 MB included, looks at the cancel every few
    // milliseconds. A sanitized build also pays for releasing that memory (about a second under
    // the thread sanitizer on a loaded machine): a looser bound there.
    t.send("setoption name EGDBPieces value 5");
    t.send("go depth 1");
    CHECK_FALSE(t.until("bestmove").empty());
    const auto quit_at = TempoProcess::Clock::now();
    t.send("quit");
    int status = -1;
    CHECK(t.wait_exit(10000ms, &status));
    CHECK(status == 0);
    CHECK(ms_since(quit_at) < (Sanitized ? 4000 : within(200)));
}
