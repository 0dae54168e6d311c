// `tempo analyse` as a real process: its strict input checks, and a game where one side gives a
// piece away for nothing, which the analysis must flag with the move that keeps it.
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "run_tempo.hpp"

namespace {

using Run = testing::ToolRun;
using testing::lines_of;

// Game 1: a quiet opening from the start. Game 2: White, with a lone man on 32 against Black's
// man on 24, has two moves: 32-28 holds the draw, 32-27 walks into 24x31.
const std::string TwoGames =
    "[Event \"quiet\"]\n[Black \"alice\"]\n[White \"bob\"]\n[Result \"*\"]\n\n"
    "1. 11-15 23-19 2. 8-11 22-17 *\n\n"
    "[Event \"blunder\"]\n[Black \"carol\"]\n[White \"dave\"]\n[FEN \"W:W32:B24\"]\n[Result \"1-0\"]\n\n"
    "1... 32-27 2. 24x31 1-0\n";

}  // namespace

TEST_CASE("tempo analyse rejects a bad file or option with exit code 2 and one line", "[cli][analyse]") {
    testing::ScratchDir dir;
    const std::string good = dir.file("games.pdn");
    testing::write_text(good, TwoGames);
    const std::string illegal = dir.file("illegal.pdn");
    testing::write_text(illegal, "[Event \"x\"]\n\n1. 11-15 23-19 2. 15-22 *\n");
    const std::string broken = dir.file("broken.pdn");
    testing::write_text(broken, "[Event \"unclosed\n\n1. 11-15 *\n");
    const std::string intl = dir.file("intl.pdn");
    testing::write_text(intl, "[GameType \"20\"]\n\n1. 32-28 *\n");
    struct Case {
        std::vector<std::string> args;
        std::string message;
    };
    const std::vector<Case> cases{
        {{"analyse"}, "expected a PDN file"},
        {{"analyse", "--depth", "4", good}, "the PDN file comes first"},
        {{"analyse", dir.file("missing.pdn")}, "missing.pdn"},
        {{"analyse", broken}, "line 1"},
        {{"analyse", illegal}, "game 1 (line 1): move 2 (Black) '15-22'"},
        {{"analyse", intl}, "not an English draughts game"},
        {{"analyse", good, "--depth", "0"}, "--depth '0' is out of range 1..100"},
        {{"analyse", good, "--depth", "deep"}, "--depth 'deep' is not a number"},
        {{"analyse", good, "--depth", "4", "--movetime", "100"}, "give --depth or --movetime, not both"},
        {{"analyse", good, "--depth", "4", "--depth", "5"}, "--depth is given twice"},
        {{"analyse", good, "--threshold"}, "--threshold needs a value"},
        {{"analyse", good, "--hash", "0"}, "--hash '0' is out of range"},
        {{"analyse", good, "--games", "2-1"}, "--games '2-1' has a range that ends before it starts"},
        {{"analyse", good, "--games", "a-b"}, "--games 'a-b' is not A-B or a list of them"},
        {{"analyse", good, "--games", "3"}, "has 2 games"},
        {{"analyse", good, "--games", "1,2-"}, "--games '1,2-' is not A-B or a list of them"},
        {{"analyse", good, "--egdb-pieces", "6"}, "--egdb-pieces '6' is out of range 2..5"},
        {{"analyse", good, "--egdb", "--egdb-pieces", "3"}, "give --egdb or --egdb-pieces, not both"},
        {{"analyse", good, "--side", "nobody"}, "no game has a player named 'nobody'"},
        {{"analyse", good, "--csv=yes"}, "--csv takes no value"},
        {{"analyse", good, "--fast"}, "unknown option '--fast'"},
        {{"analyse", good, "stray"}, "unexpected argument 'stray'"},
    };
    for (const Case& c : cases) {
        std::string shown;
        for (const std::string& a : c.args) shown += a + ' ';
        INFO("tempo " << shown);
        const Run r = testing::run_tool(c.args);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK(r.err.find(c.message) != std::string::npos);
        CHECK(lines_of(r.err).size() == 1);
    }
}

TEST_CASE("tempo analyse flags a piece given away and names the move that keeps it", "[cli][analyse]") {
    testing::ScratchDir dir;
    const std::string path = dir.file("games.pdn");
    testing::write_text(path, TwoGames);

    const Run r = testing::run_tool({"analyse", path, "--depth", "8", "--games", "2", "--egdb-pieces", "2"});
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    CHECK(r.err.empty());
    CHECK(r.out.find("game 1:") == std::string::npos);
    CHECK(r.out.find("game 2: carol (Black) - dave (White) 1-0, 2 plies") != std::string::npos);
    CHECK(r.out.find("1... White (dave) played 32-27, better 32-28: ") != std::string::npos);
    CHECK(r.out.find("-> loss in 2") != std::string::npos);
    CHECK(r.out.find("endgame, 2 pieces, seen at depth 1, draw->loss [first+losing]") != std::string::npos);
    CHECK(r.out.find("      W:W32:B24\n") != std::string::npos);
    CHECK(r.out.find("first decisive error: 1... 32-27 by White (dave)") != std::string::npos);
    CHECK(r.out.find("(shot)") != std::string::npos);
    CHECK(r.out.find("dave: 1 game, 1 moves judged, 1 errors") != std::string::npos);
    // Black's only move is a forced capture: not judged.
    CHECK(r.out.find("carol: 1 game, 0 moves judged, 0 errors") != std::string::npos);

    SECTION("the CSV has one row for the error") {
        // The blunder game only, judged with the 2-piece database: what an opening move is worth
        // at depth 8 is the evaluation's opinion, not something this test should pin down.
        const Run csv = testing::run_tool(
            {"analyse", path, "--depth", "8", "--csv", "--side", "white", "--games", "2", "--egdb-pieces", "2"});
        REQUIRE(csv.status == 0);
        const std::vector<std::string> rows = lines_of(csv.out);
        REQUIRE(rows.size() == 2);
        CHECK(rows[0].starts_with("game,ply,move,side,player,opponent,result,played,better,best,score,drop,"));
        // Best 0 (a draw), played a loss in 2 (-9998): the drop counts a loss as -300.
        CHECK(rows[1] == "2,1,1...,White,dave,carol,1-0,32-27,32-28,0,-9998,300,endgame,2,1,draw->loss,first+losing,W:W32:B24");
    }
    SECTION("--all lists every judged move") {
        const Run all = testing::run_tool({"analyse", path, "--depth", "6", "--csv", "--all", "--games", "1,1"});
        REQUIRE(all.status == 0);
        // Four moves, none forced, none from a ballot: a header and four rows.
        CHECK(lines_of(all.out).size() == 5);
    }
}
