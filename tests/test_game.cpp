// Game: the library a server uses. Moves are checked before they change anything, errors leave the
// game as it was, and random games keep the position's invariants.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/perft.hpp"
#include "random_games.hpp"

using namespace tempo;

using Texts = std::vector<std::string>;

TEST_CASE("game: play, history and undo", "[game]") {
    Game g;
    CHECK(g.rules().first_to_move == Color::Black);
    CHECK(g.position() == Position::start(Color::Black));
    CHECK(g.status().outcome == Outcome::Ongoing);
    CHECK(g.status().description() == "game in progress, Black to move");
    CHECK_FALSE(g.undo());

    const auto first = g.play("11-15");
    REQUIRE(first.ok());
    CHECK(square_text(Geo::square_of(first.value().from)) == "11");
    CHECK(g.position().side_to_move() == Color::White);
    REQUIRE(g.play("c3-d4").ok());  // board names work as well
    REQUIRE(g.play("15x22").ok());  // the short form of a single jump
    CHECK(g.move_texts() == Texts{"11-15", "22-18", "15x22"});
    CHECK(g.move_texts(Notation::Names) == Texts{"f6-e5", "c3-d4", "e5xc3"});
    CHECK(g.moves().size() == 3);
    CHECK(to_fen(g.position()) == "W:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,22");
    // White must retake: 25x18 or 26x17.
    CHECK(g.legal_move_texts() == Texts{"25x18", "26x17"});

    REQUIRE(g.undo());
    REQUIRE(g.undo());
    CHECK(g.move_texts() == Texts{"11-15"});
    REQUIRE(g.undo());
    CHECK(g.position() == Position::start(Color::Black));
    CHECK(g.position().key() == Position::start(Color::Black).key());
    CHECK(g.moves().empty());
}

TEST_CASE("game: a refused move changes nothing", "[game]") {
    Game g;
    REQUIRE(g.play("11-15").ok());
    const Position before = g.position();
    for (const char* bad : {"", "11-15", "22-17x", "21-18", "32-28", "a1-b2", "22x15", "35-30"}) {
        INFO(bad);
        const auto v = g.validate(bad);
        const auto m = g.play(bad);
        REQUIRE_FALSE(m.ok());
        CHECK(m.error() == v.error());  // play says what validate says
        CHECK(g.position() == before);
        CHECK(g.position().key() == before.key());
        CHECK(g.moves().size() == 1);
    }
    // A Move from outside is checked as well: one that is not legal here is refused.
    const Move bogus{0, std::uint8_t(Geo::bit_of(20)), std::uint8_t(Geo::bit_of(12)), 1, 0};  // 21-13
    const auto r = g.play(bogus);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == "not a legal move: 21-13");
    CHECK(g.moves().size() == 1);
    // Nonsense from a client (a ghost bit, bits off the board) is refused without harm.
    for (const Move& junk : {Move{0, 8, 13, 1, 0}, Move{bit(40) | bit(3), 200, 255, 7, 0},
                             Move{~Bitboard{0}, 13, 4, 0, 0}}) {
        const auto j = g.play(junk);
        REQUIRE_FALSE(j.ok());
        CHECK(j.error().rfind("not a legal move: ", 0) == 0);
        CHECK(g.moves().size() == 1);
    }
    // ... and a legal one is played, with its route count from the generator.
    const Move good{0, std::uint8_t(Geo::bit_of(21)), std::uint8_t(Geo::bit_of(17)), 0, 0};  // 22-18
    const auto ok = g.play(good);
    REQUIRE(ok.ok());
    CHECK(ok.value().routes == 1);
    CHECK(g.move_texts() == Texts{"11-15", "22-18"});
}

TEST_CASE("game: set up from FEN, a bad FEN is refused with the parser's message", "[game]") {
    const auto bad = Game::from_fen("B:W33:B1");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error() == "bad FEN: unknown square \"33\" (squares are 1 to 32)");

    // The FEN's side to move wins over the rules' first mover.
    const auto g = Game::from_fen("W:W22,28:B18", Rules::official());
    REQUIRE(g.ok());
    CHECK(g.value().position().side_to_move() == Color::White);
    CHECK(g.value().legal_move_texts() == Texts{"22x15"});
    CHECK(g.value().start_position() == g.value().position());
}

TEST_CASE("game: no move is accepted once the game is over", "[game]") {
    Game g = Game::from_fen("W:W22:B18").value();
    REQUIRE(g.play("22x15").ok());
    CHECK(g.status().is_over());
    const auto v = g.validate("15-11");
    REQUIRE_FALSE(v.ok());
    CHECK(v.error() == "the game is over (White wins: Black has no legal move)");
    const Move any{0, std::uint8_t(Geo::bit_of(14)), std::uint8_t(Geo::bit_of(10)), 1, 0};
    CHECK(g.play(any).error() == "the game is over (White wins: Black has no legal move)");
    CHECK(g.moves().size() == 1);
    CHECK(g.legal_moves().empty());
    // The position's own moves are still there for whoever wants them.
    CHECK(legal_move_texts(g.position()).empty());  // Black has no piece
    REQUIRE(g.undo());
    CHECK_FALSE(g.status().is_over());
}

TEST_CASE("game: random games keep the key consistent, mirrored positions have the same perft",
          "[game][random]") {
    std::mt19937_64 rng(42);
    int plies = 0, games = 0, decided = 0, kings = 0;
    while (plies < 3000) {
        Game g(games % 2 ? Rules::reference() : Rules::official());
        ++games;
        std::vector<Position> seen{g.position()};
        while (!g.status().is_over() && g.moves().size() < 200) {
            const Position& p = g.position();
            REQUIRE(p.is_consistent());
            const Position m = p.mirrored();
            INFO(to_fen(p) << " mirrored " << to_fen(m));
            REQUIRE(m.is_consistent());
            CHECK(m.mirrored() == p);
            CHECK(count_moves(m, Routes::Keep) == count_moves(p, Routes::Keep));
            CHECK(count_moves(m, Routes::Drop) == count_moves(p, Routes::Drop));
            CHECK(perft(m, 3) == perft(p, 3));
            CHECK(perft(m, 3, Routes::Drop) == perft(p, 3, Routes::Drop));
            kings += p.kings() != 0;

            const auto texts = g.legal_move_texts(plies % 2 ? Notation::Names : Notation::Numbers);
            REQUIRE_FALSE(texts.empty());
            REQUIRE(texts.size() == count_moves(p, Routes::Drop));
            const std::string& t = texts[rng() % texts.size()];
            INFO("playing " << t);
            REQUIRE(g.play(t).ok());
            seen.push_back(g.position());
            ++plies;
        }
        if (g.status().is_over()) {
            ++decided;
            // The game ended for the reason it gives.
            const Status s = g.status();
            if (s.reason == EndReason::NoLegalMoves) CHECK(count_moves(g.position()) == 0);
            if (s.reason == EndReason::QuietPlies) CHECK(g.position().quiet_plies() >= 80);
            if (s.reason == EndReason::Repetition) CHECK(g.rules().repetition_draw);
        }
        // Undo walks back through the same positions.
        for (std::size_t i = seen.size(); i-- > 1;) {
            REQUIRE(g.position() == seen[i]);
            REQUIRE(g.undo());
        }
        CHECK(g.position() == seen.front());
        CHECK_FALSE(g.undo());
    }
    CHECK(decided > 0);
    CHECK(kings > 100);
}

TEST_CASE("game: the free functions list moves in number order", "[game]") {
    // Sorted by squares as numbers, not as strings: 9-13 before 10-14.
    CHECK(legal_move_texts(Position::start()) ==
          Texts{"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"});
    const auto moves = legal_moves(Position::start());
    REQUIRE(moves.size() == 7);
    CHECK(move_text(Position::start(), moves.front()) == "9-13");
}
