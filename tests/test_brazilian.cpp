// Brazilian draughts (the FMJD rules on 8x8, engine/brazilian.hpp): the rules the 8x8 board makes
// special, notation, the game's draws, the evaluation's symmetry and the search. Perft against the
// published table and the generator against the reference generator are test_rules_core.cpp's.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "engine/brazilian.hpp"
#include "engine/game.hpp"
#include "rules_fixture.hpp"
#include "search/eval_brazilian.hpp"
#include "search/search.hpp"

using namespace tempo;
using Fixture = testing::Fixture<brazil::Cbd>;

namespace {

brazil::Position fen(const std::string& text) { return Fixture::fen(text); }

std::vector<std::string> texts(const brazil::Position& p) { return brazil::legal_move_texts(p); }

}  // namespace

TEST_CASE("brazilian: White moves first, men step forward and capture backwards", "[rules][brazil]") {
    CHECK(texts(brazil::Position::start()) ==
          std::vector<std::string>{"21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"});
    // The White man on d4 (18) takes the man on c3 (22) behind it: a capture is compulsory.
    CHECK(texts(fen("W:W18:B22")) == std::vector<std::string>{"18x25"});
    // Black men go down the board.
    CHECK(texts(fen("B:W32:B5")) == std::vector<std::string>{"5-9"});
}

TEST_CASE("brazilian: majority capture, and a man that crosses the far row stays a man", "[rules][brazil]") {
    // From b6 (9) the man takes c7 (6), lands on d8 (2), the crowning row, and goes on backwards
    // over e7 (7) to f6 (11): two pieces, so the single capture 9x2 is not legal either.
    const brazil::Position p = fen("W:W9:B6,7");
    CHECK(texts(p) == std::vector<std::string>{"9x2x11"});
    const brazil::Position after = p.after(brazil::legal_moves(p).front());
    CHECK(brazil::to_fen(after) == "B:W11:B");
    CHECK(after.kings() == 0);  // crowned only where a move ends
    // A man that ends its capture on the far row is crowned.
    const brazil::Position q = fen("W:W9:B6");
    const brazil::Position crowned = q.after(brazil::legal_moves(q).front());
    CHECK(brazil::to_fen(crowned) == "B:WK2:B");
}

TEST_CASE("brazilian: a king flies and captures at a distance", "[rules][brazil]") {
    // The king on a1 (29) along the long diagonal to g7 (8); h8 (4) holds a man with no square
    // behind it.
    CHECK(texts(fen("W:WK29:B4")).size() == 6);
    // Over e5 (15) from a1, landing on f6, g7 or h8: the capture is compulsory.
    CHECK(texts(fen("W:WK29:B15")) == std::vector<std::string>{"29x4", "29x8", "29x11"});
    CHECK(brazil::perft(fen("W:WK29:B15"), 1) == 3);
}

TEST_CASE("brazilian: notation on squares 1-32, board names with a1 = 29", "[notation][brazil]") {
    CHECK(brazil::square_text(28, Notation::Names) == "a1");
    CHECK(brazil::square_text(0, Notation::Names) == "b8");
    const brazil::Position start = brazil::Position::start();
    const auto by_name = brazil::parse_move(start, "c3-d4");
    REQUIRE(by_name);
    CHECK(brazil::move_text(start, *by_name) == "22-18");
    CHECK(brazil::move_text(start, *by_name, Notation::Names) == "c3-d4");
    CHECK(brazil::parse_move(start, "i1-h2").error() ==
          "unknown square \"i1\" in \"i1-h2\" (files are a to h, ranks 1 to 8)");
    CHECK(brazil::parse_move(start, "22-33").error() == "unknown square \"33\" in \"22-33\" (squares are 1 to 32)");
    CHECK(brazil::parse_move(start, "11-15").error().starts_with("illegal move \"11-15\": no White piece on 11"));
    CHECK(brazil::parse_fen("W:W33:B1").error() == "bad FEN: unknown square \"33\" (squares are 1 to 32)");
    CHECK(brazil::parse_fen("W:W2:B1").error() ==
          "bad FEN: a White man on 2 (in \"2\") stands on its own crowning row (White men are crowned on 1-4)");
    CHECK(brazil::parse_fen("B:W21:B30").error() ==
          "bad FEN: a Black man on 30 (in \"30\") stands on its own crowning row (Black men are crowned on 29-32)");
    CHECK(brazil::to_fen(start) == "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
}

TEST_CASE("brazilian game: the FMJD draw rules and no legal move", "[game][brazil][draw]") {
    brazil::Game g;
    CHECK(g.position() == brazil::Position::start());
    REQUIRE(g.play("22-18"));
    CHECK_FALSE(g.play("22-18"));  // refused, nothing changed
    CHECK(g.moves().size() == 1);
    // 25 moves each of kings only.
    const brazil::Position kings = brazil::Position::from_bitboards(
        bit(Geometry8::bit_of(0)) | bit(Geometry8::bit_of(3)), bit(Geometry8::bit_of(28)) | bit(Geometry8::bit_of(31)),
        bit(Geometry8::bit_of(0)) | bit(Geometry8::bit_of(3)) | bit(Geometry8::bit_of(28)) | bit(Geometry8::bit_of(31)),
        Color::White, 50);
    CHECK(brazil::Game::from_position(kings).status().reason == EndReason::KingMovesOnly);
    // Three kings against one, 16 moves each.
    auto three = brazil::Game::from_fen("W:WK1,K3,K32:BK18");
    REQUIRE(three);
    CHECK_FALSE(three->status().is_over());
    const brazil::Position p = three->position();
    const brazil::Position late = brazil::Position::from_bitboards(p.pieces(Color::Black), p.pieces(Color::White),
                                                                   p.kings(), Color::White, 0, 32);
    CHECK(brazil::Game::from_position(late).status().reason == EndReason::SmallEnding);
    // No legal move loses: White's man on a1 (29) is blocked by b2 (25) with c3 (22) behind it.
    auto stuck = brazil::Game::from_fen("W:W29:B25,22");
    REQUIRE(stuck);
    CHECK(stuck->status().outcome == Outcome::BlackWins);
    CHECK(stuck->status().reason == EndReason::NoLegalMoves);
}

TEST_CASE("brazilian eval: a position and its colour-mirrored twin score the same", "[eval][brazil]") {
    int scored = 0;
    for (const brazil::Position& p : Fixture::random_positions(33, 400, 60)) {
        if (brazil::has_capture(p)) continue;
        INFO(brazil::to_fen(p));
        REQUIRE(search::evaluate(p) == search::evaluate(p.mirrored()));
        ++scored;
    }
    CHECK(scored > 5000);
    // Material counts: a man up is good for the side that has it.
    CHECK(search::evaluate(fen("W:W21,22,23:B1,2")) > 50);
    CHECK(search::evaluate(fen("B:W21,22,23:B1,2")) < -50);
}

TEST_CASE("brazilian search: a legal move from random positions, and a won ending seen", "[search][brazil]") {
    search::Engine engine(8);
    search::Limits limits;
    limits.depth = 5;
    int searched = 0;
    for (const brazil::Position& p : Fixture::random_positions(7, 20, 30)) {
        const auto legal = brazil::legal_moves(p);
        const search::SearchResult r = engine.go(p, {}, limits);
        INFO(brazil::to_fen(p));
        if (legal.empty()) {
            CHECK_FALSE(r.best);
            continue;
        }
        REQUIRE(r.best);
        CHECK(std::find(legal.begin(), legal.end(), *r.best) != legal.end());
        ++searched;
    }
    CHECK(searched > 300);
    // Two kings against a lone man: far ahead for White.
    limits.depth = 10;
    const search::SearchResult ahead = engine.go(fen("W:WK29,K32:B12"), {}, limits);
    CHECK(ahead.score > 300);
}
