// Tactical and endgame-technique positions, each a claim about the position and not only about the
// engine's choice: the expected move wins (or, where the table says so, is the only move that
// holds), and every other legal root move, searched alone (`Limits::searchmoves`) to the same
// depth by a fresh engine, scores at least a man less and is not a win.
//
// Each position's comment gives the idea and its lines in PDN; the lines are in the table too, and
// the test plays them (every move must be legal) and checks the FEN they end in, so the material
// the comment promises is checked as well. Moves are PDN text read by `parse_move`.
//
// The positions were found by searching every root move at the table's depth and 4 plies deeper
// (the same move, the same verdict at both), composed by hand or picked from random setups with
// the engine and then explained; none is taken from a book.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "search/search.hpp"

using namespace tempo;
using namespace tempo::search;

namespace {

constexpr Color B = Color::Black, W = Color::White;

// Every other root move scores at least this much less than the expected one.
constexpr Score Margin = 100;
// The expected move's least score: a man up, or (for a position where one move holds) level.
constexpr Score Wins = 100, Holds = -50;

// A line of play from the position and the FEN it ends in (side to move first).
struct Line {
    const char* moves;
    const char* fen_after;
};

struct Tactic {
    const char* fen;
    Color side;        // to move, as the FEN says
    const char* move;  // the one winning (or holding) move
    int depth;
    Score at_least;
    std::vector<Line> lines;  // the main line first, then the refutations the comment names
};

SearchResult search(const Position& p, int depth, std::vector<Move> only = {}) {
    Engine engine(16);
    Limits limits;
    limits.depth = depth;
    limits.searchmoves = std::move(only);
    return engine.go(p, {}, limits);
}

std::string score_text(Score s) {
    if (is_win(s)) return "win in " + std::to_string(plies_to_end(s));
    if (is_loss(s)) return "loss in " + std::to_string(plies_to_end(s));
    return std::to_string(s);
}

void check(const Tactic& t) {
    INFO(t.fen << ", expected " << t.move << ", depth " << t.depth);
    const auto parsed = parse_fen(t.fen);
    REQUIRE(parsed.ok());
    const Position p = *parsed;
    CHECK(p.side_to_move() == t.side);
    const auto expected = parse_move(p, t.move);
    REQUIRE(expected.ok());

    // The comment's lines: legal move by move, and they end where the comment says.
    for (const Line& line : t.lines) {
        INFO("line " << line.moves);
        Position q = p;
        std::istringstream words(line.moves);
        for (std::string word; words >> word;) {
            const auto m = parse_move(q, word);
            INFO("move " << word << (m.ok() ? "" : ": " + m.error()));
            REQUIRE(m.ok());
            q = q.after(*m);
        }
        CHECK(to_fen(q) == line.fen_after);
    }

    // 1. The engine finds the move, and it wins (or holds).
    const SearchResult r = search(p, t.depth);
    REQUIRE(r.best);
    INFO("engine: " << move_text(p, *r.best) << " " << score_text(r.score));
    CHECK(move_text(p, *r.best) == move_text(p, *expected));
    CHECK(r.score >= t.at_least);

    // 2. It is the only such move: each other move alone scores clearly less.
    MoveList list;
    generate_moves(p, list);
    for (const Move& m : list) {
        if (m == *expected) continue;
        const SearchResult other = search(p, t.depth, {m});
        INFO("other move " << move_text(p, m) << " " << score_text(other.score));
        CHECK(other.score <= r.score - Margin);
        CHECK_FALSE(is_win(other.score));
    }
}

// --- Shots ------------------------------------------------------------------------------------

const Tactic Shots[] = {
    // Give one, take two. W:W17,27,31,32:B7,18,20,21, White to move. 27-24 offers the man: 20x27
    // is Black's only legal move, and 32x23x14 jumps back over 27 and 18. White is a man up.
    // No other move gains anything (the engine: 0 or less at depths 8 and 12).
    {"W:W17,27,31,32:B7,18,20,21", W, "27-24", 8, Wins,
     {{"27-24 20x27 32x23x14", "B:W14,17,31:B7,21"}}},

    // Give one, take two from the double corner, Black to move. B:W13,15,22,29:B1,5,20,27. 5-9
    // offers the man: 13x6 is White's only legal move, and 1x10x19 jumps 6 and 15. Black is a man
    // up. Crowning the man on 27 at once (27-31 or 27-32) and the other moves keep Black at most
    // +0.5 (depths 8 and 12).
    {"B:W13,15,22,29:B1,5,20,27", B, "5-9", 8, Wins,
     {{"5-9 13x6 1x10x19", "W:W22,29:B19,20,27"}}},

    // Three for one. W:W12,18,25,30:B11,17,19,20, White to move. 25-22 offers the man: 17x26 is
    // Black's only legal move, and 30x23x16x7 jumps 26, 19 and 11: three men against one. The
    // other moves keep the balance at best, such as the trade 18-15 11x18 25-22 18x25 30x21x14.
    {"W:W12,18,25,30:B11,17,19,20", W, "25-22", 8, Wins,
     {{"25-22 17x26 30x23x16x7", "B:W7,12,18:B20"},
      {"18-15 11x18 25-22 18x25 30x21x14", "B:W12,14:B19,20"}}},

    // The breeches: a king slips in between two men and takes one of them next. W:W29,K6:B14,15,
    // White to move. 6-10 stands next to both 14 and 15 with 17 and 19 empty behind them; no
    // black move saves both: 15-19 10x17, or 14-17 10x19, and White's king and man beat the last
    // man (+1.8 at depth 8, +1.9 at 12). The other king moves and 29-25 win nothing (under +0.3).
    {"W:W29,K6:B14,15", W, "6-10", 8, Wins,
     {{"6-10 15-19 10x17", "B:WK17,29:B19"},
      {"6-10 14-17 10x19", "B:WK19,29:B17"}}},
};

// --- Breaking a bridge -------------------------------------------------------------------------

const Tactic Bridges[] = {
    // W:W5,9,18:B1,3, White to move: a man up, but Black's men on 1 and 3 (the bridge) keep the
    // king row. The man on 5 is stuck behind 1, and a man that steps to 6 or 7 is taken (1x10,
    // 3x10). 9-6 gives that man on purpose: 1x10 is forced and the square it leaves is where 5-1
    // crowns. King and man against two men wins (the engine: +2.5 at depth 10, a win in 15 plies
    // at depth 14). The only other moves, 18-14 and 18-15, run into 3-7, after which every White
    // move loses a man; 18-15 3-7 15-10 7x14, then White's moves are forced, 9-6 1x10 5-1, and a
    // king is left against two men.
    {"W:W5,9,18:B1,3", W, "9-6", 10, Wins,
     {{"9-6 1x10 5-1", "B:WK1,18:B3,10"},
      {"18-15 3-7 15-10 7x14 9-6 1x10 5-1", "B:WK1:B10,14"}}},

    // W:W10,14,21:B1,3,17, White to move, three men each. Both bridge men are lured off the back
    // row in turn: 10-6 1x10 14x7 3x10, every capture forced, and 21x14x7 takes the last two:
    // Black has nothing left (a win in 5 plies). 10-7 (3x10 14x7) and 14-9 only keep the balance.
    {"W:W10,14,21:B1,3,17", W, "10-6", 10, Wins,
     {{"10-6 1x10 14x7 3x10 21x14x7", "B:W7:B"}}},
};

// --- The first position ------------------------------------------------------------------------
// Two kings against a king in the double corner and a man. The whole technique from the classic
// setting W:WK19,K23:BK28,12 (White to move) is longer than a test can search: up to depth 40
// every quiet king move scores about +0.5, and only from depth 41 (3.5 s, 30 M nodes, 64 MB
// table) does the engine see the man won, +2.2; nor is the first move unique: at depth 42, 23-27
// and 23-18 both score +2.1 (measured 2026-12-01). So the table takes two later stages, each with one winning
// move: first the man falls, then the lone king is squeezed out of the corner.

const Tactic FirstPosition[] = {
    // W:WK23,K27:BK32,16, White to move. 27-24 stops the man and wins it: 32-28 24-20 28-32 20x11
    // takes it from behind; 16-19 23x16 and 16-20 24-28 20-24 28x19 lose it too. Two kings against
    // one then win (the engine: +2.2 at depth 18, a win in 25 plies at depth 22). 23-19 16x23
    // 27x18 leaves king against king, a draw; 23-18 and 23-26 lose both kings (32x23x14,
    // 32x23x30); 27-31 keeps the kings but lets the man live (about +0.3 at depths 18 and 22, and
    // 0 at depth 55).
    {"W:WK23,K27:BK32,16", W, "27-24", 18, Wins,
     {{"27-24 32-28 24-20 28-32 20x11", "B:WK11,K23:BK32"},
      {"27-24 16-19 23x16", "B:WK16,K24:BK32"},
      {"27-24 16-20 24-28 20-24 28x19", "B:WK19,K23:BK32"},
      {"23-19 16x23 27x18", "B:WK18:BK32"},
      {"23-18 32x23x14", "W:W:BK14,16"}}},

    // W:WK19,K27:BK28,12, White to move. 27-32 takes the corner square from the black king: its
    // one move, 28-24, is answered by 19x28, so the man has to step, and everything falls: 12-16
    // 19x12 28-24 12-16 24-28 16-19 28-24 19x28, a win in 9 plies. 19-16 (12x19) and 19-24 (28x19)
    // give a king away, 27-24 even loses (12-16 19x12 28x19); the other moves keep the kings but
    // let Black breathe (under +0.5 at depths 10 and 14; searched alone for 25 s each, to depths
    // 37-58, still no win: 27-23 +0.25, 19-15 0, 19-23 +0.49, 27-31 +0.29).
    {"W:WK19,K27:BK28,12", W, "27-32", 10, Wins,
     {{"27-32 12-16 19x12 28-24 12-16 24-28 16-19 28-24 19x28", "B:WK28,K32:B"},
      {"27-24 12-16 19x12 28x19", "W:WK12:BK19"}}},
};

// --- The offer not to make ---------------------------------------------------------------------

const Tactic Offers[] = {
    // W:W20,22,23,25:B1,5,14,15, White to move. 22-18 looks like the shot of "finds the two-for-one
    // shot" (test_search.cpp), but nothing guards 29 here: the black man's jump goes on, 15x22x29,
    // two men and a crown. 22-17 is the same on the other wing: 14x21x30. 23-19 (15x24), 23-18
    // (14x23) and 20-16 (15-19, then 19x26) lose a man. Only 25-21 holds: with 25 empty neither
    // jump can go on, and the game stays level, for instance 5-9 22-17 15-18 17x10 18x27, one for
    // one (the engine: -0.1 at depths 10 and 14, every other move -1.8 or worse).
    {"W:W20,22,23,25:B1,5,14,15", W, "25-21", 10, Holds,
     {{"25-21 5-9 22-17 15-18 17x10 18x27", "W:W10,20,21:B1,9,27"},
      {"22-18 15x22x29", "W:W20,23:B1,5,14,K29"},
      {"22-17 14x21x30", "W:W20,23:B1,5,15,K30"},
      {"23-19 15x24", "W:W20,22,25:B1,5,14,24"},
      {"23-18 14x23", "W:W20,22,25:B1,5,15,23"}}},
};

// --- A crowning race ---------------------------------------------------------------------------

const Tactic Races[] = {
    // W:W8,22:B14,16, White to move. The men on 14 and 22 hold each other (14-17 22x13, 14-18
    // 22x15; 22-17 14x21, 22-18 14x23), so the race is White's 8 against Black's 16. 8-3 crowns
    // two steps from 10, behind the man on 14, and gets there in time: 16-19 3-7 19-24 7-10 24-28
    // 10x17, and king and man against the man on 28 win (+1.9 at depth 12, +2.1 at 16). 8-4
    // crowns in the single corner, a tempo farther away, and only draws (about 0 at depths 12 to
    // 20); 22-17 and 22-18 give the man away.
    {"W:W8,22:B14,16", W, "8-3", 12, Wins,
     {{"8-3 16-19 3-7 19-24 7-10 24-28 10x17", "B:WK17,22:B28"},
      {"22-17 14x21", "W:W8:B16,21"}}},
};

}  // namespace

TEST_CASE("the only winning shot: give one take two, three for one, the breeches", "[search][tactics]") {
    for (const Tactic& t : Shots) check(t);
}

TEST_CASE("the only win breaks the bridge on 1 and 3", "[search][tactics]") {
    for (const Tactic& t : Bridges) check(t);
}

TEST_CASE("first position: two kings win the man, then the king in the double corner", "[search][tactics]") {
    for (const Tactic& t : FirstPosition) check(t);
}

TEST_CASE("the only move that holds declines the tempting offers", "[search][tactics]") {
    for (const Tactic& t : Offers) check(t);
}

TEST_CASE("the only move that wins the crowning race", "[search][tactics]") {
    for (const Tactic& t : Races) check(t);
}
