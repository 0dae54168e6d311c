// Protocol transcripts in international draughts (10x10): a real `tempo` process switched with
// `setoption name Variant value international`, fed positions and moves as a GUI would.
#include <algorithm>
#include <sstream>

#include <catch2/catch.hpp>

#include "run_tempo.hpp"
#include "search/nnue.hpp"

// The process runner and the reply readers of run_tempo.hpp.
using namespace testing;
using namespace std::chrono_literals;

namespace {

const std::string Start10 =
    "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
    "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20";

void international(TempoProcess& t) {
    REQUIRE(t.ok());
    t.send("setoption name Variant value international");
    REQUIRE(t.sync().empty());
}

}  // namespace

TEST_CASE("10x10 transcript: Variant switches the board and back, like ucinewgame", "[protocol][transcript][intl]") {
    TempoProcess t;
    REQUIRE(t.ok());
    t.send("position startpos moves 11-15");
    international(t);
    CHECK(fen_of(t) == Start10);  // the English game is gone
    CHECK(legal(t) == std::vector<std::string>{"31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29",
                                               "34-30", "35-30"});
    t.send("position startpos moves 32-28");
    t.send("setoption name Variant value International");  // the same value: nothing changes
    CHECK(fen_of(t).starts_with("B:W28,31,33,"));
    t.send("setoption name Variant value english");
    CHECK(fen_of(t) == "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    t.send("setoption name Variant value international");
    t.send("position startpos moves 32-28");
    t.send("ucinewgame");  // stays on the 10x10 board
    CHECK(fen_of(t) == Start10);
}

TEST_CASE("10x10 transcript: d draws the 10x10 board", "[protocol][transcript][intl]") {
    TempoProcess t;
    international(t);
    t.send("position fen B:WK46,28:B3");
    t.send("d");
    const auto lines = t.sync();
    REQUIRE(lines.size() == 14);
    CHECK(lines[0] == "10    .   .   b   .   .     1  2  3  4  5");
    CHECK(lines[5] == " 5  .   .   w   .   .      26 27 28 29 30");
    CHECK(lines[9] == " 1  W   .   .   .   .      46 47 48 49 50");
    CHECK(lines[10] == "    a b c d e f g h i j");
    CHECK(lines[11] == "Fen: B:W28,K46:B3");
    CHECK(lines[12].starts_with("Key: "));
    CHECK(lines[13] == "Status: ongoing black to move (game in progress, Black to move)");
}

TEST_CASE("10x10 transcript: position with FEN and moves, majority capture, joined jumps",
          "[protocol][transcript][intl]") {
    TempoProcess t;
    international(t);
    // An exchange from the start: 32-28 19-23 28x19 14x23.
    t.send("position startpos moves 32-28 19-23 28x19 14x23");
    CHECK(fen_of(t) == "W:W31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
                       "B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,17,18,20,23");
    // Majority capture: 32 takes two (27, 17), 34 only one (29, 34x23): only 32x21x12 is legal.
    t.send("position fen W:W32,34:B27,17,29");
    CHECK(legal(t) == std::vector<std::string>{"32x21x12"});
    // The same capture in every form: with every landing, from-to, and one jump per word.
    for (const std::string moves : {"32x21x12", "32x12", "32x21 21x12"}) {
        INFO(moves);
        t.send("position fen W:W32,34:B27,17,29 moves " + moves);
        CHECK(fen_of(t) == "B:W12,34:B29");
    }
    // A king flies: from 46 along the long diagonal to 5, over nothing.
    t.send("position fen W:WK46:B3");
    const auto moves = legal(t);
    CHECK(std::find(moves.begin(), moves.end(), "46-5") != moves.end());
    CHECK(moves.size() == 9);
}

TEST_CASE("10x10 transcript: bad positions are refused with one error and the position kept",
          "[protocol][transcript][intl]") {
    TempoProcess t;
    international(t);
    t.send("position startpos moves 32-28");
    const std::string kept = fen_of(t);
    CHECK(reply(t, "position fen W:W51:B1") ==
          "info string error: position: bad FEN 'W:W51:B1': bad FEN: unknown square \"51\" (squares are 1 to 50)");
    CHECK(reply(t, "position fen W:W32,34:B27,17,29 moves 34x23") ==
          "info string error: position: move 1 '34x23': illegal move \"34x23\": not one of the legal "
          "captures, which take the most pieces (32x21x12)");
    CHECK(reply(t, "position startpos moves 32-28 32-27").starts_with(
        "info string error: position: move 2 '32-27': "));
    CHECK(reply(t, "position fen W:W32,34:B27,17,29 moves 32x21") ==
          "info string error: position: move 1 '32x21': the capture is incomplete ('32x21' must jump on from 21)");
    CHECK(reply(t, "go searchmoves 33-29").starts_with("info string error: go searchmoves: '33-29': "));
    CHECK(fen_of(t) == kept);
}

TEST_CASE("10x10 transcript: status and legal at the end of a game", "[protocol][transcript][intl]") {
    TempoProcess t;
    international(t);
    // White's only man on 46 is blocked by 41 and 37 behind it: no legal move, Black wins.
    t.send("position fen W:W46:B41,37");
    CHECK(reply(t, "status") == "status black-wins no-legal-moves");
    CHECK(reply(t, "legal") == "legal");
    t.send("go depth 3");
    CHECK(t.until("bestmove") == std::vector<std::string>{"bestmove (none)"});
    t.send("position startpos");
    CHECK(reply(t, "status") == "status ongoing white to move");
}

TEST_CASE("10x10 transcript: go perft against the published counts", "[protocol][transcript][intl]") {
    TempoProcess t;
    international(t);
    // ../shared/reference/perft-international.txt: the start 658 at depth 3, Woldouby 215 at 5.
    t.send("go perft 3");
    auto lines = t.until("Nodes searched", 20000ms);
    REQUIRE(lines.size() == 11);
    CHECK(lines[0] == "31-26: 80");
    CHECK(lines[8] == "35-30: 79");
    CHECK(lines[10] == "Nodes searched: 658");
    t.send("position fen W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26");
    t.send("go perft 5");
    lines = t.until("Nodes searched", 20000ms);
    REQUIRE(lines.size() == 8);  // 6 moves, a blank line, the total
    CHECK(lines.back() == "Nodes searched: 215");
}

TEST_CASE("10x10 transcript: status at each draw rule", "[protocol][transcript][intl]") {
    TempoProcess t;
    international(t);
    // Threefold repetition: two kings shuffle back to the start twice.
    const std::string shuffle = "47-42 4-9 42-47 9-4 47-42 4-9 42-47 9-4";
    t.send("position fen W:WK47:BK4 moves " + shuffle.substr(0, shuffle.size() - 4));
    CHECK(reply(t, "status") == "status ongoing black to move");
    t.send("position fen W:WK47:BK4 moves " + shuffle);
    CHECK(reply(t, "status") == "status draw repetition");
    // The 25-move rule: 50 plies of king moves only, no position repeated (found by walking the
    // legal moves, avoiding captures and repetitions).
    const std::string kings =
        "47-15 4-9 15-4 9-3 4-10 3-8 10-4 8-2 4-9 2-7 9-3 7-1 3-8 1-6 8-2 6-1 2-11 1-6 11-7 6-1 7-2 1-6 "
        "2-8 6-1 8-3 1-6 3-9 6-1 9-4 1-6 4-10 6-1 10-5 1-6 5-14 6-1 14-9 1-6 9-3 6-11 3-8 11-2 8-3 2-7 3-8 "
        "7-11 8-2 11-16 2-8 16-7";
    t.send("position fen W:WK47:BK4 moves " + kings.substr(0, kings.rfind(' ')));
    CHECK(reply(t, "status") == "status ongoing black to move");
    t.send("position fen W:WK47:BK4 moves " + kings);
    CHECK(reply(t, "status") == "status draw 25-move-rule");
    t.send("d");
    const auto board = t.sync();
    REQUIRE(board.size() == 14);
    CHECK(board[13].starts_with("Status: draw 25-move-rule ("));
    // The 16-move rule: three kings against one, 32 plies.
    const std::string ending =
        "46-5 4-9 5-10 9-3 10-4 3-8 4-9 8-2 9-3 2-7 3-8 7-1 8-2 1-6 2-7 6-1 7-11 1-6 11-2 6-1 2-8 1-6 "
        "8-3 6-1 3-9 1-6 9-4 6-1 4-10 1-6 10-5 6-1";
    t.send("position fen W:WK46,K50,K48:BK4 moves " + ending.substr(0, ending.rfind(' ')));
    CHECK(reply(t, "status") == "status ongoing black to move");
    t.send("position fen W:WK46,K50,K48:BK4 moves " + ending);
    CHECK(reply(t, "status") == "status draw 16-move-rule");
}

TEST_CASE("10x10 transcript: go answers with a legal 10x10 move under every kind of limit",
          "[protocol][transcript][intl]") {
    TempoProcess t;
    international(t);
    t.send("position startpos moves 32-28 19-23");
    const auto moves = legal(t);
    auto is_legal = [&](const std::string& m) { return std::find(moves.begin(), moves.end(), m) != moves.end(); };
    auto best = [](const std::vector<std::string>& lines) {
        REQUIRE_FALSE(lines.empty());
        const auto w = words_of(lines.back());
        REQUIRE(w.size() >= 2);
        CHECK(w[0] == "bestmove");
        return w[1];
    };
    SECTION("depth: one info per iteration, the pv legal from the root") {
        t.send("go depth 5");
        const auto lines = t.until("bestmove");
        REQUIRE(lines.size() == 6);
        for (int d = 1; d <= 5; ++d) CHECK(lines[std::size_t(d - 1)].starts_with("info depth " + std::to_string(d) + " "));
        CHECK(best(lines) == "28x19");  // the only legal move: the capture
        CHECK(moves == std::vector<std::string>{"28x19"});
    }
    SECTION("nodes: reproducible after ucinewgame") {
        check_reproducible(t, "nodes 5000", 2);
    }
    SECTION("movetime, MultiPV and Skill Level from the start") {
        t.send("position startpos");
        const auto start_moves = legal(t);
        t.send("go movetime 200");
        const auto timed = t.until("bestmove", 2000ms);
        CHECK(std::find(start_moves.begin(), start_moves.end(), best(timed)) != start_moves.end());
        t.send("setoption name MultiPV value 3");
        t.send("go depth 4");
        const auto multi = t.until("bestmove");
        int lines_at_4 = 0;
        for (const auto& l : multi) lines_at_4 += l.starts_with("info depth 4 ");
        CHECK(lines_at_4 == 3);
        t.send("setoption name MultiPV value 1");
        t.send("setoption name Skill Level value 2");
        t.send("go movetime 100");
        const auto weak = t.until("bestmove", 2000ms);
        CHECK(std::find(start_moves.begin(), start_moves.end(), best(weak)) != start_moves.end());
    }
    SECTION("infinite until stop; OwnBook does nothing in 10x10") {
        t.send("setoption name OwnBook value true");
        t.send("go infinite");
        CHECK(t.until("bestmove", 300ms).empty());
        t.send("stop");
        CHECK(is_legal(best(t.until("bestmove", 1000ms))));
        t.send("go depth 2");
        const auto lines = t.until("bestmove");
        for (const auto& l : lines) CHECK_FALSE(l.starts_with("info string book"));
    }
    SECTION("a won position: the king takes the last man, mate 1") {
        t.send("position fen W:WK46:B19");  // the king may land on 14, 10 or 5
        t.send("go depth 3");
        const auto lines = t.until("bestmove");
        const std::string b = best(lines);
        CHECK((b == "46x14" || b == "46x10" || b == "46x5"));
        CHECK(lines[lines.size() - 2].find(" score mate 1 ") != std::string::npos);
    }
}

TEST_CASE("10x10 transcript: board names in and out, eval", "[protocol][transcript][intl]") {
    TempoProcess t;
    international(t);
    t.send("setoption name Notation value names");
    CHECK(legal(t).front() == "b4-a5");
    t.send("position startpos moves b4-a5 g7-f6");  // 31-26 19-23
    t.send("setoption name Notation value numbers");
    CHECK(fen_of(t).starts_with("W:W26,32,"));
    t.send("position fen W:W32,34:B27,17,29 moves d4xb6 b6xd8");  // 32x21 21x12, one jump per word
    CHECK(fen_of(t) == "B:W12,34:B29");
    CHECK(reply(t, "eval") == "info string eval not available: a capture is pending");
    t.send("position startpos");
    // The start is symmetric: the classic total is 0. A build with a 10x10 network built in says
    // the network's score first (it need not be 0: the side to move counts).
    t.send("eval");
    const auto lines = t.sync();
    const bool net = tempo::search::nnue::IntlNetwork::embedded() != nullptr;
    REQUIRE(lines.size() == (net ? 2u : 1u));
    if (net) CHECK(lines[0].starts_with("info string eval network "));
    CHECK(lines.back() == "info string eval total 0");
    t.send("setoption name Evaluation value classic");
    CHECK(reply(t, "eval") == "info string eval total 0");
}
