// Real-process tests of the `tempo` executable: each test runs the binary with arguments and
// checks its stdout, stderr and exit status, as a user or a script would see them.
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/notation.hpp"
#include "run_tempo.hpp"

namespace {

using Run = testing::ToolRun;
using testing::lines_of;

// Runs `tempo args...` with nothing on stdin (tests/run_tempo.hpp); with `stderr_terminal`,
// stderr is a pseudo-terminal, as in an interactive shell.
Run run_tempo(const std::vector<std::string>& args, bool stderr_terminal = false) {
    return testing::run_tool(args, {}, stderr_terminal);
}

std::string last_line(const std::string& text) {
    const auto lines = lines_of(text);
    return lines.empty() ? std::string() : lines.back();
}

// The divide lines "MOVE: COUNT" of a perft output, as (move, count).
std::vector<std::pair<std::string, std::uint64_t>> divide_lines(const std::string& text) {
    std::vector<std::pair<std::string, std::uint64_t>> result;
    for (const std::string& line : lines_of(text)) {
        const auto colon = line.find(": ");
        if (colon == std::string::npos || line.starts_with("Nodes") || line.starts_with("Time"))
            continue;
        result.emplace_back(line.substr(0, colon), std::stoull(line.substr(colon + 2)));
    }
    return result;
}

// The FEN parser's own message for a bad FEN, which tempo must pass on.
std::string fen_error(const std::string& fen) {
    const auto parsed = tempo::parse_fen(fen);
    REQUIRE_FALSE(parsed.ok());
    return parsed.error();
}

const std::string KingLoop = "W:WK10,30,31,32:B1,2,3,14,15,22,23";

}  // namespace

TEST_CASE("tempo perft: the last line is the node count", "[cli]") {
    const Run r = run_tempo({"perft", "--depth", "5"});
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(last_line(r.out) == "Nodes searched: 7361");
    const auto lines = lines_of(r.out);
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].starts_with("Time: "));
}

TEST_CASE("tempo perft --divide: one line per root move", "[cli]") {
    const Run r = run_tempo({"perft", "--divide", "--depth", "3"});
    CHECK(r.status == 0);
    const auto lines = divide_lines(r.out);
    CHECK(lines.size() == 7);
    std::uint64_t sum = 0;
    for (const auto& [move, count] : lines) sum += count;
    CHECK(sum == 302);
    const bool has_9_13 = r.out.find("\n9-13: ") != std::string::npos || r.out.starts_with("9-13: ");
    CHECK(has_9_13);
    CHECK(last_line(r.out) == "Nodes searched: 302");
}

TEST_CASE("tempo perft: hash and threads give the same count", "[cli]") {
    const Run r = run_tempo({"perft", "--depth", "6", "--hash", "16", "--threads", "2"});
    CHECK(r.status == 0);
    CHECK(last_line(r.out) == "Nodes searched: 36768");
    const Run eq = run_tempo({"perft", "--depth=6", "--hash=16", "--threads=2"});
    CHECK(eq.out.ends_with("Nodes searched: 36768\n"));
}

TEST_CASE("tempo perft --dedupe counts a king's two jump orders once", "[cli]") {
    const Run keep = run_tempo({"perft", "--depth", "1", "--divide", "--fen", KingLoop});
    CHECK(keep.status == 0);
    CHECK(last_line(keep.out) == "Nodes searched: 2");
    CHECK(divide_lines(keep.out).size() == 2);

    const Run drop = run_tempo({"perft", "--depth", "1", "--divide", "--dedupe", "--fen", KingLoop});
    CHECK(drop.status == 0);
    CHECK(last_line(drop.out) == "Nodes searched: 1");
    const auto lines = divide_lines(drop.out);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].first.starts_with("10x"));
    CHECK(lines[0].first.ends_with("x10"));
}

TEST_CASE("tempo perft --rules reference: White moves first from the start", "[cli]") {
    const Run r = run_tempo({"perft", "--depth", "1", "--divide", "--rules", "reference"});
    CHECK(r.status == 0);
    CHECK(last_line(r.out) == "Nodes searched: 7");
    std::vector<std::string> moves;
    for (const auto& [move, count] : divide_lines(r.out)) moves.push_back(move);
    CHECK(moves == std::vector<std::string>{"21-17", "22-17", "22-18", "23-18", "23-19", "24-19",
                                            "24-20"});

    const Run official = run_tempo({"perft", "--depth", "1", "--divide", "--rules", "official"});
    CHECK(official.out.find("9-13: 1") != std::string::npos);
}

TEST_CASE("tempo perft: the FEN, not --rules, says who moves", "[cli]") {
    const Run r = run_tempo(
        {"perft", "--depth", "1", "--divide", "--rules", "reference", "--fen", "B:W21-32:B1-12"});
    CHECK(r.status == 0);
    CHECK(r.out.find("9-13: 1") != std::string::npos);
    CHECK(last_line(r.out) == "Nodes searched: 7");
}

TEST_CASE("tempo perft shows progress on stderr only when it is a terminal", "[cli]") {
    const Run piped = run_tempo({"perft", "--depth", "4"});
    CHECK(piped.err.empty());

    const Run terminal = run_tempo({"perft", "--depth", "4"}, true);
    CHECK(terminal.status == 0);
    CHECK(terminal.err.find("7/7 root moves") != std::string::npos);
    CHECK(last_line(terminal.out) == "Nodes searched: 1469");
    CHECK(terminal.out.find("root moves") == std::string::npos);
}

TEST_CASE("tempo perft --variant international: start, FEN, divide, table and threads", "[cli][intl]") {
    const Run r = run_tempo({"perft", "--variant", "international", "--depth", "4"});
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(last_line(r.out) == "Nodes searched: 4265");
    const Run d = run_tempo({"perft", "--variant=international", "--depth", "2", "--divide"});
    CHECK(d.status == 0);
    const auto lines = divide_lines(d.out);
    CHECK(lines.size() == 9);  // 31-26, 31-27, 32-27, 32-28, ..., 35-30
    CHECK(d.out.starts_with("31-26: 9\n"));
    CHECK(last_line(d.out) == "Nodes searched: 81");
    const Run w = run_tempo({"perft", "--variant", "international", "--depth", "6", "--hash", "16",
                             "--threads", "2", "--fen",
                             "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26"});
    CHECK(last_line(w.out) == "Nodes searched: 590");
    // A capture prints with every landing square.
    const Run c = run_tempo({"perft", "--variant", "international", "--depth", "1", "--divide",
                             "--fen", "W:WK46:B13,28"});
    CHECK(c.out.starts_with("46x19x2: 1\n46x19x8: 1\n"));
}

TEST_CASE("tempo perft --depth 0 counts the position itself", "[cli]") {
    const Run r = run_tempo({"perft", "--depth", "0"});
    CHECK(r.status == 0);
    CHECK(last_line(r.out) == "Nodes searched: 1");
}

TEST_CASE("tempo perft --help mentions every option", "[cli]") {
    const Run r = run_tempo({"perft", "--help"});
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    for (const char* option : {"--depth", "--fen", "--divide", "--dedupe", "--hash", "--threads",
                               "--rules", "official", "reference", "Nodes searched", "--variant",
                               "international"})
        CHECK(r.out.find(option) != std::string::npos);
}

TEST_CASE("tempo --help lists the commands, --version prints the version", "[cli]") {
    const Run help = run_tempo({"--help"});
    CHECK(help.status == 0);
    CHECK(help.out.find("perft") != std::string::npos);
    CHECK(help.out.find("--version") != std::string::npos);

    const Run perft_help = run_tempo({"help", "perft"});
    CHECK(perft_help.status == 0);
    CHECK(perft_help.out == run_tempo({"perft", "--help"}).out);

    const Run version = run_tempo({"--version"});
    CHECK(version.status == 0);
    CHECK(version.out == std::string("tempo ") + TEMPO_VERSION + "\n");
}

TEST_CASE("tempo with no arguments runs the protocol loop, end of input ends it", "[cli]") {
    const Run r = run_tempo({});  // stdin is /dev/null: the loop sees its end at once
    CHECK(r.status == 0);
    CHECK(r.out.empty());
    CHECK(r.err.empty());
}

TEST_CASE("tempo bench: strict depth, last line Nodes searched", "[cli]") {
    const Run r = run_tempo({"bench", "2"});
    CHECK(r.status == 0);
    CHECK(r.out.rfind("Nodes searched: ") != std::string::npos);
    CHECK(run_tempo({"bench", "0"}).status == 2);
    CHECK(run_tempo({"bench", "x"}).status == 2);
    CHECK(run_tempo({"bench", "3", "4"}).status == 2);
}

TEST_CASE("tempo rejects bad input with exit code 2 and one line on stderr", "[cli]") {
    struct Case {
        std::vector<std::string> args;
        std::string message;
    };
    const std::vector<Case> cases{
        {{"nosuchcommand"}, "unknown command 'nosuchcommand'"},
        {{"--nosuchoption"}, "unknown option '--nosuchoption'"},
        {{"help", "nosuchcommand"}, "expected one command name"},
        {{"perft"}, "--depth is required"},
        {{"perft", "--depth", "3", "--bogus"}, "unknown option '--bogus'"},
        {{"perft", "--depth", "3", "stray"}, "unexpected argument 'stray'"},
        {{"perft", "--depth"}, "--depth needs a value"},
        {{"perft", "--depth", "--divide"}, "--depth needs a value"},
        {{"perft", "--depth="}, "--depth needs a value"},
        {{"perft", "--depth", "five"}, "--depth 'five' is not a number"},
        {{"perft", "--depth", "5x"}, "--depth '5x' is not a number"},
        {{"perft", "--depth", "41"}, "--depth '41' is out of range 0..40"},
        {{"perft", "--depth", "-1"}, "--depth '-1' is out of range 0..40"},
        {{"perft", "--depth", "99999999999999999999999"}, "is out of range 0..40"},
        {{"perft", "--depth", "3", "--threads", "0"}, "--threads '0' is out of range 1..256"},
        {{"perft", "--depth", "3", "--threads", "257"}, "--threads '257' is out of range 1..256"},
        {{"perft", "--depth", "3", "--hash", "65537"}, "--hash '65537' is out of range 0..65536"},
        {{"perft", "--depth", "3", "--hash", "-1"}, "--hash '-1' is out of range 0..65536"},
        {{"perft", "--depth", "3", "--fen"}, "--fen needs a value"},
        {{"perft", "--depth", "3", "--fen", "X:W21:B1"}, fen_error("X:W21:B1")},
        {{"perft", "--depth", "3", "--fen", "B:W33:B1"}, fen_error("B:W33:B1")},
        {{"perft", "--depth", "3", "--fen", "B:W21:B21"}, fen_error("B:W21:B21")},
        {{"perft", "--depth", "3", "--fen", "B:W1:B2"}, fen_error("B:W1:B2")},
        {{"perft", "--depth", "3", "--rules", "dutch"}, "--rules 'dutch' is not one of"},
        {{"perft", "--depth", "3", "--divide=yes"}, "--divide takes no value"},
        {{"perft", "--depth", "3", "--depth", "4"}, "--depth is given twice"},
        {{"perft", "--depth", "3", "--variant", "dutch"}, "--variant 'dutch' is not one of"},
        {{"perft", "--depth", "3", "--variant", "international", "--rules", "official"},
         "--rules applies to english only"},
        {{"perft", "--depth", "3", "--variant", "international", "--fen", "W:W51:B1"},
         "unknown square \"51\""},
        {{"perft", "--depth", "3", "--variant", "international", "--fen", "W:W3:B40"},
         "White man on 3"},
    };
    for (const Case& c : cases) {
        std::string shown;
        for (const std::string& a : c.args) shown += a + ' ';
        INFO("tempo " << shown);
        const Run r = run_tempo(c.args);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK(r.err.find(c.message) != std::string::npos);
        CHECK(lines_of(r.err).size() == 1);
    }
}
