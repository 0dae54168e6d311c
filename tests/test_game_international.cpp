// intl::Game: the 10x10 game through the same library API as the English one. Moves are checked
// before they change anything, the status gives each draw rule of the FMJD, and random games
// never play an illegal move.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/notation_international.hpp"

using namespace tempo;

namespace {

using Texts = std::vector<std::string>;

intl::Game game_from(const char* fen, intl::Rules rules = intl::Rules::official()) {
    auto g = intl::Game::from_fen(fen, rules);
    INFO(fen << ": " << (g ? std::string() : g.error()));
    REQUIRE(g.ok());
    return g.value();
}

void play_all(intl::Game& g, const std::vector<const char*>& cycle, int plies) {
    for (int i = 0; i < plies; ++i) {
        const char* t = cycle[std::size_t(i) % cycle.size()];
        INFO("ply " << i << ": " << t);
        const auto r = g.play(t);
        INFO((r ? std::string() : r.error()));
        REQUIRE(r.ok());
    }
}

}  // namespace

TEST_CASE("intl game: play, history, undo and refusals", "[game][intl]") {
    intl::Game g;
    CHECK(g.position() == intl::Position::start());
    CHECK(g.status().description() == "game in progress, White to move");
    CHECK_FALSE(g.undo());
    CHECK(g.legal_move_texts() == Texts{"31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29",
                                        "34-30", "35-30"});
    CHECK(g.legal_moves().size() == 9);
    REQUIRE(g.play("32-28").ok());
    REQUIRE(g.play("19-23").ok());
    CHECK(g.legal_move_texts() == Texts{"28x19"});
    const intl::Position before = g.position();
    for (const char* bad : {"", "33-29", "28-22", "28x17", "51-46", "1-6", "c3-d4x", "28x19x"}) {
        INFO(bad);
        const auto v = g.validate(bad);
        const auto m = g.play(bad);
        REQUIRE_FALSE(m.ok());
        CHECK(m.error() == v.error());
        CHECK(g.position() == before);
        CHECK(g.moves().size() == 2);
    }
    // A Move from outside: nonsense and illegal moves are refused, a legal one is played.
    for (const Move& junk : {Move{0, 10, 11, 1, 0}, Move{~Bitboard{0}, 200, 255, 7, 0},
                             Move{0, std::uint8_t(intl::Geo::bit_of(32)), std::uint8_t(intl::Geo::bit_of(28)), 1, 0}}) {
        const auto j = g.play(junk);
        REQUIRE_FALSE(j.ok());
        CHECK(j.error().rfind("not a legal move: ", 0) == 0);
    }
    CHECK(g.moves().size() == 2);
    const Move take{bit(intl::Geo::bit_of(22)), std::uint8_t(intl::Geo::bit_of(27)),
                    std::uint8_t(intl::Geo::bit_of(18)), 0, 0};  // 28x19
    REQUIRE(g.play(take).ok());
    CHECK(g.moves().back().routes == 1);
    CHECK(g.move_texts() == Texts{"32-28", "19-23", "28x19"});
    REQUIRE(g.undo());
    REQUIRE(g.undo());
    CHECK(g.move_texts() == Texts{"32-28"});
}

TEST_CASE("intl game: set up from FEN, the FEN's side to move", "[game][intl]") {
    const auto bad = intl::Game::from_fen("W:W51:B1");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error() == "bad FEN: unknown square \"51\" (squares are 1 to 50)");
    const intl::Game g = game_from("B:WK46:B3,28");
    CHECK(g.position().side_to_move() == Color::Black);
    CHECK(g.start_position() == g.position());
    CHECK(intl::legal_moves(g.position()).size() == g.legal_moves().size());
}

TEST_CASE("intl game: the 25-move and 16-move rules end the game", "[game][intl][draw]") {
    const intl::Rules no_repetition{false, true};
    intl::Game g = game_from("W:WK50:BK5", no_repetition);
    play_all(g, {"50-45", "5-10", "45-50", "10-5"}, 49);
    CHECK_FALSE(g.status().is_over());
    play_all(g, {"5-10"}, 1);
    CHECK(g.status().outcome == Outcome::Draw);
    CHECK(g.status().reason == EndReason::KingMovesOnly);
    CHECK(g.status().quiet_plies == 50);
    CHECK(g.status().description() ==
          "draw: 25 moves each with only king moves, no capture and no man move");

    intl::Game e = game_from("W:WK50,48,49:BK5", no_repetition);
    play_all(e, {"50-45", "5-10", "45-50", "10-5"}, 31);
    CHECK_FALSE(e.status().is_over());
    CHECK(e.status().ending_plies == 31);
    play_all(e, {"10-5"}, 1);
    CHECK(e.status().outcome == Outcome::Draw);
    CHECK(e.status().reason == EndReason::SmallEnding);
    CHECK(e.status().ending_plies == 32);
    CHECK(e.status().description().rfind("draw: 16 moves each", 0) == 0);

    // With the counting rules off the game goes on.
    intl::Game off = game_from("W:WK50,48,49:BK5", {false, false});
    play_all(off, {"50-45", "5-10", "45-50", "10-5"}, 60);
    CHECK_FALSE(off.status().is_over());
}

namespace {

// A random position of a few pieces, kings and men, for games that reach the endings.
intl::Position random_small_position(std::mt19937_64& rng) {
    for (;;) {
        std::array<Bitboard, 2> pieces{};
        Bitboard kings = 0;
        const int n = 2 + int(rng() % 5);
        for (int i = 0; i < n; ++i) {
            const int sq = int(rng() % 50);
            const Bitboard b = bit(intl::Geo::bit_of(sq));
            if ((pieces[0] | pieces[1]) & b) continue;
            const Color c = i % 2 ? Color::White : Color::Black;
            const bool king = rng() % 3 != 0 || (intl::crown_row(c) & b);
            pieces[index(c)] |= b;
            if (king) kings |= b;
        }
        if (!pieces[0] || !pieces[1]) continue;
        return intl::Position::from_bitboards(pieces[0], pieces[1], kings,
                                              rng() % 2 ? Color::White : Color::Black);
    }
}

}  // namespace

TEST_CASE("intl game: random games never play an illegal move and end for the reason they give",
          "[game][intl][random]") {
    std::mt19937_64 rng(20261129);
    int plies = 0, reasons[6] = {};
    for (int game = 0; game < 300; ++game) {
        intl::Game g = game % 3 == 0 ? intl::Game() : intl::Game::from_position(random_small_position(rng));
        while (!g.status().is_over() && g.moves().size() < 300) {
            const intl::Position p = g.position();  // a copy: play() grows the history
            REQUIRE(p.is_consistent());
            const std::vector<Move> legal = g.legal_moves();
            const Texts texts = g.legal_move_texts(game % 2 ? Notation::Names : Notation::Numbers);
            REQUIRE_FALSE(legal.empty());
            REQUIRE(legal.size() == texts.size());
            REQUIRE(legal.size() == intl::count_moves(p));
            // Some games play at random; the others avoid giving a capture when they can, to
            // reach the long king endings, and some of those take the first such move, to repeat.
            std::size_t i = rng() % legal.size();
            if (game % 3 != 0) {
                std::vector<std::size_t> safe;
                for (std::size_t k = 0; k < legal.size(); ++k)
                    if (!intl::has_capture(p.after(legal[k]))) safe.push_back(k);
                if (!safe.empty()) i = game % 3 == 1 ? safe[rng() % safe.size()] : safe.front();
            }
            const auto played = rng() % 2 ? g.play(texts[i]) : g.play(legal[i]);
            INFO(intl::to_fen(p) << " " << texts[i]);
            REQUIRE(played.ok());
            CHECK(played.value() == legal[i]);
            CHECK(std::find(legal.begin(), legal.end(), g.moves().back()) != legal.end());
            ++plies;
        }
        const Status s = g.status();
        ++reasons[int(s.reason)];
        // Recount from the history what the status says.
        const auto& moves = g.moves();
        std::vector<intl::Position> history{g.start_position()};
        for (const Move& m : moves) history.push_back(history.back().after(m));
        const intl::Position& last = history.back();
        REQUIRE(last == g.position());
        int king_plies = g.start_position().quiet_plies();
        for (std::size_t k = 0; k < moves.size(); ++k) {
            const bool man = (history[k].men(history[k].side_to_move()) & bit(moves[k].from)) != 0;
            king_plies = (moves[k].is_capture() || man) ? 0 : king_plies + 1;
        }
        CHECK(last.quiet_plies() == king_plies);
        int repeats = 0;
        for (const intl::Position& q : history) repeats += q == last;
        switch (s.reason) {
            case EndReason::NoLegalMoves:
                CHECK(intl::count_moves(last) == 0);
                CHECK(s.outcome == (last.side_to_move() == Color::White ? Outcome::BlackWins : Outcome::WhiteWins));
                break;
            case EndReason::Repetition: CHECK(repeats >= 3); break;
            case EndReason::KingMovesOnly: CHECK(king_plies >= 50); break;
            case EndReason::SmallEnding: CHECK(last.ending_plies() >= 32); break;
            case EndReason::None: CHECK(moves.size() == 300); break;
            case EndReason::QuietPlies: FAIL("the 80-ply rule is English"); break;
        }
        if (s.is_over() && s.reason != EndReason::NoLegalMoves) {
            CHECK(s.outcome == Outcome::Draw);
            CHECK(intl::count_moves(last) > 0);
        }
        if (s.reason != EndReason::Repetition && s.reason != EndReason::NoLegalMoves)
            CHECK(repeats < 3);
    }
    INFO(reasons[0] << " " << reasons[1] << " " << reasons[3] << " " << reasons[4] << " " << reasons[5]);
    CHECK(plies > 10000);
    CHECK(reasons[int(EndReason::NoLegalMoves)] > 0);
    CHECK(reasons[int(EndReason::Repetition)] > 0);
    CHECK(reasons[int(EndReason::KingMovesOnly)] > 0);
    CHECK(reasons[int(EndReason::SmallEnding)] > 0);
}
