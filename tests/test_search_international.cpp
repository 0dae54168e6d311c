// The searcher on the 10x10 board (international draughts): the same engine as for English,
// through `Engine::go(const intl::Position&, ...)`. Positions are FEN (engine/notation_international).
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

#include "engine/movegen.hpp"
#include "engine/notation_international.hpp"
#include "run_tempo.hpp"
#include "search/search.hpp"
#include "search_fixture.hpp"

using namespace tempo;
using namespace tempo::search;

namespace {

using tempo::testing::is_legal;
using tempo::testing::search_to;

intl::Position fen(const char* text) {
    auto p = intl::parse_fen(text);
    INFO(text << ": " << (p.ok() ? "" : p.error()));
    REQUIRE(p.ok());
    return *p;
}

}  // namespace

TEST_CASE("10x10: the start position gets a legal move and a PV of legal moves", "[search][intl]") {
    Engine engine(16);
    const intl::Position start = intl::Position::start();
    const SearchResult r = search_to(engine, start, 6);
    REQUIRE(r.best);
    CHECK(is_legal(start, *r.best));
    CHECK(r.depth == 6);
    intl::Position q = start;
    for (const Move& m : r.pv) {
        REQUIRE(is_legal(q, m));
        q = q.after(m);
    }
}

TEST_CASE("10x10: the majority rule binds the search", "[search][intl]") {
    // White's man on 28 may take one piece (23) or, from 32, two (27 and 17): only the second
    // is legal, so it is the move whatever the depth.
    const intl::Position p = fen("W:W28,32:B23,27,17,3");
    Engine engine(1);
    const SearchResult r = search_to(engine, p, 4);
    REQUIRE(r.best);
    CHECK(popcount(r.best->captured) == 2);
    CHECK(intl::move_text(p, *r.best) == "32x21x12");
}

TEST_CASE("one engine plays both games one after the other", "[search][intl]") {
    Engine engine(8);
    Limits limits;
    limits.depth = 6;
    const SearchResult a = engine.go(Position::start(), {}, limits);
    const SearchResult b = search_to(engine, intl::Position::start(), 5);
    const SearchResult c = engine.go(Position::start(), {}, limits);
    REQUIRE(a.best);
    REQUIRE(b.best);
    REQUIRE(c.best);
    CHECK(is_legal(intl::Position::start(), *b.best));
    // Switching games clears the table, so the English search is the same as the first.
    CHECK(a.nodes == c.nodes);
    CHECK(*a.best == *c.best);
}

TEST_CASE("10x10: the 16-move rule draws three kings against one in the search", "[search][intl][draw]") {
    // Three white kings against a black king on 1 (out of reach of a capture): the 16-move rule's
    // ending. Played from its start the search sees no draw within 4 plies; 31 plies into it,
    // every move reaches the 32nd and draws.
    const intl::Position start = fen("W:WK46,K47,K48:BK1");
    REQUIRE(start.in_small_ending());
    Engine engine(1);
    CHECK(search_to(engine, start, 4).score > 100);
    intl::Position late = start;
    // Move the kings about, never offering or making a capture, until 31 plies of the ending
    // have passed.
    while (late.ending_plies() < 31) {
        intl::MoveList list;
        intl::generate_moves(late, list);
        const auto quiet = std::find_if(list.begin(), list.end(), [&](const Move& m) {
            return !m.is_capture() && !intl::has_capture(late.after(m));
        });
        REQUIRE(quiet != list.end());
        late = late.after(*quiet);
    }
    REQUIRE(late.side_to_move() == Color::Black);
    engine.clear();
    const SearchResult r = search_to(engine, late, 4);
    CHECK(r.score == Draw);
    REQUIRE(r.best);
    CHECK(is_legal(late, *r.best));
}

TEST_CASE("tempo bench --variant international runs the 10x10 bench, bad flags are refused", "[search][intl][cli]") {
    ::testing::ToolRun r = ::testing::run_tool({"bench", "3", "--variant", "international"});
    REQUIRE(r.status == 0);
    CHECK(r.out.find("three kings against one") != std::string::npos);  // a 10x10 bench position
    const auto last = r.out.rfind("Nodes searched: ");
    REQUIRE(last != std::string::npos);
    const std::string total = r.out.substr(last);
    r = ::testing::run_tool({"bench", "--variant=international", "3"});
    REQUIRE(r.status == 0);
    CHECK(r.out.substr(r.out.rfind("Nodes searched: ")) == total);  // the same count again
    r = ::testing::run_tool({"bench", "3"});
    REQUIRE(r.status == 0);
    CHECK(r.out.substr(r.out.rfind("Nodes searched: ")) != total);  // English is another bench

    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"bench", "--variant", "checkers"}, {"bench", "--variant"}, {"bench", "3", "4"},
             {"bench", "--variant", "english", "--variant", "english"}, {"bench", "--fast"}}) {
        r = ::testing::run_tool(args);
        INFO(args.back());
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK(r.err.starts_with("tempo bench: "));
    }
}
