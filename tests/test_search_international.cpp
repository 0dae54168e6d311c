// The searcher on the 10x10 board (international draughts): the same engine as for English,
// through `Engine::go(const intl::Position&, ...)`. Positions are FEN (engine/notation_international).
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

#include "engine/movegen_international.hpp"
#include "engine/notation_international.hpp"
#include "run_tempo.hpp"
#include "search/search.hpp"

using namespace tempo;
using namespace tempo::search;

namespace {

intl::Position fen(const char* text) {
    auto p = intl::parse_fen(text);
    INFO(text << ": " << (p.ok() ? "" : p.error()));
    REQUIRE(p.ok());
    return *p;
}

bool is_legal(const intl::Position& p, const Move& m) {
    intl::MoveList list;
    intl::generate_moves(p, list);
    return std::find(list.begin(), list.end(), m) != list.end();
}

SearchResult search_to(Engine& engine, const intl::Position& p, int depth) {
    Limits limits;
    limits.depth = depth;
    return engine.go(p, {}, limits);
}

intl::Position random_game(std::mt19937_64& rng, int plies) {
    intl::Position p = intl::Position::start();
    for (int i = 0; i < plies; ++i) {
        intl::MoveList list;
        intl::generate_moves(p, list);
        if (list.empty()) break;
        p = p.after(list[rng() % list.size()]);
    }
    return p;
}

// Up to `max_each` pieces a side on random squares, some kings, no man on its crowning row.
intl::Position random_setup(std::mt19937_64& rng, int max_each) {
    using G = intl::Geo;
    Bitboard side[2] = {0, 0}, kings = 0;
    for (int c = 0; c < 2; ++c) {
        const int n = 1 + int(rng() % std::uint64_t(max_each));
        for (int placed = 0; placed < n;) {
            const int sq = int(rng() % G::squares);
            const Bitboard b = bit(G::bit_of(sq));
            if ((side[0] | side[1]) & b) continue;
            const bool king = rng() % 3 == 0;
            if (!king && (b & intl::crown_row(Color(c)))) continue;
            side[c] |= b;
            if (king) kings |= b;
            ++placed;
        }
    }
    return intl::Position::from_bitboards(side[0], side[1], kings,
                                          rng() % 2 ? Color::White : Color::Black);
}

// Plain minimax without table or pruning: the decided result within `depth` plies, else 0.
Score solve(const intl::Position& p, int depth, int ply) {
    intl::MoveList list;
    intl::generate_moves(p, list);
    if (list.empty()) return loss_in(ply);
    if (depth == 0) return 0;
    Score best = -Infinite;
    for (const Move& m : list) best = std::max(best, -solve(p.after(m), depth - 1, ply + 1));
    return best;
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

TEST_CASE("10x10: win and loss distances match a plain minimax", "[search][intl][mate]") {
    std::mt19937_64 rng(11);
    Engine engine(4);
    int decided = 0;
    for (int i = 0; i < 600 && decided < 30; ++i) {
        const intl::Position p = random_setup(rng, 2);
        const Score truth = solve(p, 4, 0);
        if (!is_decisive(truth)) continue;
        ++decided;
        engine.clear();
        const SearchResult r = search_to(engine, p, 6);
        INFO("position " << i << " " << intl::to_fen(p) << " truth " << truth);
        CHECK(r.score == truth);
    }
    CHECK(decided >= 15);
}

TEST_CASE("10x10: never an illegal move, whatever the limits", "[search][intl][legal]") {
    Engine engine(1);
    std::mt19937_64 rng(12);
    int searched = 0;
    for (int i = 0; i < 300; ++i) {
        const intl::Position p = i % 2 ? random_game(rng, int(rng() % 120)) : random_setup(rng, 8);
        intl::MoveList list;
        intl::generate_moves(p, list);
        Limits limits;
        if (i % 3 == 0) limits.depth = 1 + int(rng() % 4);
        else limits.nodes = 1 + rng() % 300;
        const SearchResult r = engine.go(p, {}, limits);
        if (list.empty()) {
            CHECK_FALSE(r.best);
            continue;
        }
        ++searched;
        REQUIRE(r.best);
        CHECK(is_legal(p, *r.best));
        intl::Position q = p;
        for (const Move& m : r.pv) {
            REQUIRE(is_legal(q, m));
            q = q.after(m);
        }
        if (r.ponder) CHECK(is_legal(p.after(*r.best), *r.ponder));
    }
    CHECK(searched > 250);
}

TEST_CASE("10x10: the same limits after clearing give the same search", "[search][intl][reproducible]") {
    Engine engine(16);
    std::mt19937_64 rng(13);
    for (int i = 0; i < 3; ++i) {
        const intl::Position p = random_game(rng, 8 + 10 * i);
        Limits limits;
        if (i % 2) limits.nodes = 60000; else limits.depth = 6;
        SearchResult r[2];
        for (auto& one : r) {
            engine.clear();
            one = engine.go(p, {}, limits);
        }
        REQUIRE(r[0].best);
        CHECK(*r[0].best == *r[1].best);
        CHECK(r[0].score == r[1].score);
        CHECK(r[0].nodes == r[1].nodes);
        CHECK(r[0].pv == r[1].pv);
    }
}

TEST_CASE("10x10: 25 moves of kings only draw a won position", "[search][intl][draw]") {
    // Four white kings on the bottom row against a black king on 1, which nothing can capture
    // (no square beyond it): won on material, but with 49 king-only plies played every move
    // ends the game drawn.
    const intl::Position won = fen("W:WK46,K47,K48,K49:BK1");
    Engine engine(1);
    CHECK(search_to(engine, won, 4).score > 100);
    const intl::Position late = intl::Position::from_bitboards(
        won.pieces(Color::Black), won.pieces(Color::White), won.kings(), Color::White, 49);
    engine.clear();
    const SearchResult r = search_to(engine, late, 4);
    CHECK(r.score == Draw);
    REQUIRE(r.best);
    CHECK(is_legal(late, *r.best));
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
    testing::ToolRun r = testing::run_tool({"bench", "3", "--variant", "international"});
    REQUIRE(r.status == 0);
    CHECK(r.out.find("three kings against one") != std::string::npos);  // a 10x10 bench position
    const auto last = r.out.rfind("Nodes searched: ");
    REQUIRE(last != std::string::npos);
    const std::string total = r.out.substr(last);
    r = testing::run_tool({"bench", "--variant=international", "3"});
    REQUIRE(r.status == 0);
    CHECK(r.out.substr(r.out.rfind("Nodes searched: ")) == total);  // the same count again
    r = testing::run_tool({"bench", "3"});
    REQUIRE(r.status == 0);
    CHECK(r.out.substr(r.out.rfind("Nodes searched: ")) != total);  // English is another bench

    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"bench", "--variant", "checkers"}, {"bench", "--variant"}, {"bench", "3", "4"},
             {"bench", "--variant", "english", "--variant", "english"}, {"bench", "--fast"}}) {
        r = testing::run_tool(args);
        INFO(args.back());
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK(r.err.starts_with("tempo bench: "));
    }
}
