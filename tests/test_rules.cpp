// One test per rule of English draughts, each with the smallest position that shows it and the
// exact list of legal moves (sorted as legal_move_texts sorts them: squares compared as numbers).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "engine/perft.hpp"

using namespace tempo;

namespace {

using Texts = std::vector<std::string>;

Position fen(const char* text) {
    auto p = parse_fen(text);
    INFO(text << ": " << (p ? std::string() : p.error()));
    REQUIRE(p.ok());
    return p.value();
}

Texts moves_of(const char* text, Notation n = Notation::Numbers) { return legal_move_texts(fen(text), n); }

// The position of a FEN with `quiet` plies since the last capture or promotion.
Position with_quiet(const char* text, int quiet) {
    const Position q = fen(text);
    return Position::from_bitboards(q.pieces(Color::Black), q.pieces(Color::White), q.kings(),
                                    q.side_to_move(), quiet);
}

// Plays the texts in order, each of which must be legal.
void play_all(Game& g, const Texts& texts) {
    for (const auto& t : texts) {
        INFO("playing " << t);
        REQUIRE(g.play(t).ok());
    }
}

// A king shuffle that comes back to the start every four plies: W:WK32:BK1, White to move.
const Texts Shuffle{"32-28", "1-5", "28-32", "5-1"};

}  // namespace

TEST_CASE("capture is compulsory", "[rules]") {
    // White could step 28-24, 28-23 or 22-17 but must take the man on 18.
    CHECK(moves_of("W:W22,28:B18") == Texts{"22x15"});
    // Without the black man the same pieces just step.
    CHECK(moves_of("W:W22,28:B1") == Texts{"22-17", "22-18", "28-24"});
}

TEST_CASE("a multi-jump continues with the same piece until it cannot", "[rules]") {
    // 27x18 alone is not a move: from 18 the man can jump 15 and must.
    CHECK(moves_of("W:W27:B15,23") == Texts{"27x18x11"});
    CHECK(moves_of("W:W27:B15,23", Notation::Names) == Texts{"f2xd4xf6"});
}

TEST_CASE("any capture may be chosen, not necessarily the longest", "[rules]") {
    // The single jump 30x21 is legal next to the double jump 27x18x11.
    CHECK(moves_of("W:W27,30:B15,23,25") == Texts{"27x18x11", "30x21"});
}

TEST_CASE("a man crowned during a capture ends its move there", "[rules]") {
    // The man crowned on 31 could jump 27 as a king, but its move ends on the crowning row.
    CHECK(moves_of("B:W26,27,30:B1,22") == Texts{"22x31"});
    // A piece that was a king already goes on.
    CHECK(moves_of("B:W26,27,30:B1,K22") == Texts{"22x31x24"});
    const Position p = fen("B:W26,27,30:B1,22").after(parse_move(fen("B:W26,27,30:B1,22"), "22x31").value());
    CHECK(to_fen(p) == "W:W27,30:B1,K31");
}

TEST_CASE("men move forward only, kings both ways", "[rules]") {
    // A white man goes up the board (towards 1), a black man down (towards 32); a king all four ways.
    CHECK(moves_of("W:W18,K26:B1") == Texts{"18-14", "18-15", "26-22", "26-23", "26-30", "26-31"});
    CHECK(moves_of("B:W32:B15") == Texts{"15-18", "15-19"});
    CHECK(moves_of("B:W32:BK15") == Texts{"15-10", "15-11", "15-18", "15-19"});
    // The same holds for captures: a man cannot take backwards, a king can.
    CHECK(moves_of("W:W18:B22,23") == Texts{"18-14", "18-15"});
    CHECK(moves_of("W:WK18:B22,23") == Texts{"18x25", "18x27"});
}

TEST_CASE("the 80-ply rule: a draw after 80 plies with no capture and no promotion", "[rules]") {
    SECTION("reached after 80 plies, not after 79") {
        Game g = Game::from_fen("W:WK32:BK1", Rules::reference()).value();
        for (int ply = 0; ply < 79; ++ply) REQUIRE(g.play(Shuffle[std::size_t(ply % 4)]).ok());
        CHECK(g.position().quiet_plies() == 79);
        CHECK(g.status().outcome == Outcome::Ongoing);
        CHECK(g.legal_move_texts() == Texts{"5-1", "5-9"});
        REQUIRE(g.play("5-1").ok());
        CHECK(g.status().outcome == Outcome::Draw);
        CHECK(g.status().reason == EndReason::QuietPlies);
        CHECK(g.status().description() == "draw: 80 plies without a capture or a promotion");
        CHECK(g.legal_move_texts().empty());
        const auto refused = g.validate("32-28");
        REQUIRE_FALSE(refused.ok());
        CHECK(refused.error() ==
              "the game is over (draw: 80 plies without a capture or a promotion)");
    }
    SECTION("a man move does not reset the count") {
        Game g = Game::from_position(with_quiet("W:W9:B12", 79));
        CHECK(g.legal_move_texts() == Texts{"9-5", "9-6"});
        REQUIRE(g.play("9-5").ok());
        CHECK(g.status().reason == EndReason::QuietPlies);
    }
    SECTION("a capture resets the count") {
        Game g = Game::from_position(with_quiet("W:WK18:B1,15", 79));
        CHECK(g.legal_move_texts() == Texts{"18x11"});
        REQUIRE(g.play("18x11").ok());
        CHECK(g.position().quiet_plies() == 0);
        CHECK(g.status().outcome == Outcome::Ongoing);
    }
    SECTION("a promotion resets the count") {
        Game g = Game::from_position(with_quiet("W:W5:B12", 79));
        CHECK(g.legal_move_texts() == Texts{"5-1"});
        REQUIRE(g.play("5-1").ok());
        CHECK(g.position().quiet_plies() == 0);
        CHECK(g.status().outcome == Outcome::Ongoing);
        CHECK(to_fen(g.position()) == "B:WK1:B12");
    }
    SECTION("the limit is a setting") {
        Rules r = Rules::reference();
        r.quiet_plies_limit = 4;
        Game g = Game::from_fen("W:WK32:BK1", r).value();
        play_all(g, {"32-28", "1-5", "28-32"});
        CHECK(g.status().outcome == Outcome::Ongoing);
        play_all(g, {"5-1"});
        CHECK(g.status().reason == EndReason::QuietPlies);
    }
}

TEST_CASE("the start position: Black moves first by the official rules, White in the reference game",
          "[rules]") {
    const Game official{Rules::official()};
    CHECK(official.position().side_to_move() == Color::Black);
    CHECK(official.legal_move_texts() ==
          Texts{"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"});
    const Game reference{Rules::reference()};
    CHECK(reference.position().side_to_move() == Color::White);
    CHECK(reference.legal_move_texts() ==
          Texts{"21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"});
    CHECK(reference.legal_move_texts(Notation::Names) ==
          Texts{"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"});
    CHECK(to_fen(reference.position()) ==
          "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
}

TEST_CASE("the king loop capture: two jump orders, one move", "[rules]") {
    const Position p = fen("W:WK10,30,31,32:B1,2,3,14,15,22,23");
    CHECK(legal_move_texts(p) == Texts{"10x17x26x19x10"});
    CHECK(legal_move_texts(p, Notation::Names) == Texts{"d6xb4xd2xf4xd6"});
    const auto moves = legal_moves(p);
    REQUIRE(moves.size() == 1);
    CHECK(moves[0].routes == 2);
    CHECK(moves[0].from == moves[0].to);
    CHECK(routes_of(p, moves[0]) ==
          std::vector<std::vector<int>>{{9, 16, 25, 18, 9}, {9, 18, 25, 16, 9}});
    CHECK(count_moves(p, Routes::Keep) == 2);
    CHECK(count_moves(p, Routes::Drop) == 1);
    // The king comes back to 10 having taken all four pieces round it.
    CHECK(to_fen(p.after(moves[0])) == "B:WK10,30,31,32:B1,2,3");
}
