// One test per rule of international draughts (FMJD Annex 1), each with the smallest position
// that shows it and the exact list of legal moves, sorted by route (squares as numbers).
//
// Board (White at the bottom, moving up towards 1):
//      1  2  3  4  5        b10 d10 f10 h10 j10
//     6  7  8  9 10        a9  c9  e9  g9  i9
//     11 12 13 14 15        b8  ...
//    16 17 18 19 20        a7  ...
//     21 22 23 24 25        b6
//    26 27 28 29 30        a5  c5  e5  g5  i5
//     31 32 33 34 35        b4  d4  f4  h4  j4
//    36 37 38 39 40        a3  c3  e3  g3  i3
//     41 42 43 44 45        b2  d2  f2  h2  j2
//    46 47 48 49 50        a1  c1  e1  g1  i1
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "engine/notation_international.hpp"
#include "engine/perft.hpp"

using namespace tempo;

namespace {

using Texts = std::vector<std::string>;

intl::Position fen(const char* text) {
    auto p = intl::parse_fen(text);
    INFO(text << ": " << (p ? std::string() : p.error()));
    REQUIRE(p.ok());
    return p.value();
}

Texts moves_of(const char* text) { return intl::legal_move_texts(fen(text)); }

intl::Position play(const intl::Position& p, const char* text) {
    const auto m = intl::parse_move(p, text);
    INFO(text << ": " << (m ? std::string() : m.error()));
    REQUIRE(m.ok());
    return p.after(m.value());
}

}  // namespace

TEST_CASE("intl: men step forward only, White moves up the board", "[rules][intl]") {
    CHECK(moves_of("W:W32:B3") == Texts{"32-27", "32-28"});
    CHECK(moves_of("B:W48:B19") == Texts{"19-23", "19-24"});
    // A man on the side of the board has one step.
    CHECK(moves_of("W:W36:B3") == Texts{"36-31"});
}

TEST_CASE("intl: capture is compulsory and men capture backwards", "[rules][intl]") {
    // The white man on 28 (e5) takes 33 (f4) backwards, landing on 39; its steps are not allowed.
    CHECK(moves_of("W:W28:B33") == Texts{"28x39"});
    // A black man takes backwards (upwards) just the same.
    CHECK(moves_of("B:W23:B28") == Texts{"28x19"});
}

TEST_CASE("intl: majority capture, kings counting the same as men", "[rules][intl]") {
    // 33x22 takes one piece, 33x24x13 two: only the longer one is legal.
    CHECK(moves_of("W:W33:B19,28,29") == Texts{"33x24x13"});
    // Two pieces either way, one of them a king on one side: both are legal, the king counts 1.
    CHECK(moves_of("W:W33:B17,19,K28,29") == Texts{"33x22x11", "33x24x13"});
}

TEST_CASE("intl: a king flies along free diagonals", "[rules][intl]") {
    // King on 28 (e5): 4 + 5 squares on the long diagonal, 4 + 4 on a9-i1.
    CHECK(moves_of("W:WK28:B1") == Texts{"28-5", "28-6", "28-10", "28-11", "28-14", "28-17",
                                         "28-19", "28-22", "28-23", "28-32", "28-33", "28-37",
                                         "28-39", "28-41", "28-44", "28-46", "28-50"});
}

TEST_CASE("intl: a king captures at a distance and chooses its landing square", "[rules][intl]") {
    // King on 46 (a1), Black man on 28 (e5) down the free long diagonal: it lands on any of the
    // five free squares beyond.
    CHECK(moves_of("W:WK46:B28") == Texts{"46x5", "46x10", "46x14", "46x19", "46x23"});
    // With a man on 13 (f8) it must land on 19, the one square from which it can go on (majority),
    // and then chooses between 8 and 2 behind 13.
    CHECK(moves_of("W:WK46:B13,28") == Texts{"46x19x2", "46x19x8"});
}

TEST_CASE("intl: jumped pieces stay until the move ends and block (Turkish strike)",
          "[rules][intl]") {
    // King on 46 takes 37 (landing 28), 22 (landing 17) and 21 (landing 26). From 26 the way on
    // towards 42 (d2) crosses 37, which was jumped and is still on the board: the king stops on 26
    // with three pieces. Were 37 removed at once, it would go on to take 42 and land on 48.
    // The other tries are shorter: from 32 the king takes 21 landing on 16 (two pieces).
    CHECK(moves_of("W:WK46:B21,22,37,42") == Texts{"46x28x17x26"});
    const intl::Position after = play(fen("W:WK46:B21,22,37,42"), "46x28x17x26");
    CHECK(intl::to_fen(after) == "B:WK26:B42");
}

TEST_CASE("intl: no piece is jumped twice, equal moves are one move", "[rules][intl]") {
    // The man on 27 (c5) takes the four men round 28 either way round and is back on 27; it
    // cannot take 22 a second time. Both orders touch the same squares: one move, two routes.
    const intl::Position p = fen("W:W27:B22,23,32,33");
    CHECK(intl::legal_move_texts(p) == Texts{"27x18x29x38x27"});
    intl::MoveList list;
    intl::generate_moves(p, list);
    REQUIRE(list.size() == 1);
    CHECK(list[0].routes == 2);
    CHECK(intl::routes_of(p, list[0]).size() == 2);
    CHECK(intl::to_fen(p.after(list[0])) == "B:W27:B");
}

TEST_CASE("intl: a man is crowned only where its move ends", "[rules][intl]") {
    // A step onto the far row crowns.
    CHECK(intl::to_fen(play(fen("W:W7:B30"), "7-1")) == "B:WK1:B30");
    // A capture that ends on the far row crowns.
    CHECK(moves_of("W:W13:B8") == Texts{"13x2"});
    CHECK(intl::to_fen(play(fen("W:W13:B8"), "13x2")) == "B:WK2:B");
    // A capture that passes the far row (on 2) and goes on (over 7 to 11) ends as a man.
    CHECK(moves_of("W:W13:B7,8") == Texts{"13x2x11"});
    CHECK(intl::to_fen(play(fen("W:W13:B7,8"), "13x2x11")) == "B:W11:B");
}

TEST_CASE("intl: the side to move with no legal move has none listed", "[rules][intl]") {
    // White's man on 36 is blocked by Black's man on 31 with 27 occupied behind it.
    CHECK(moves_of("W:W36:B27,31").empty());
    CHECK(intl::count_moves(fen("W:W36:B27,31")) == 0);
}

TEST_CASE("intl: move text, short captures and strict errors", "[rules][intl][notation]") {
    const intl::Position p = fen("W:WK46:B13,28");
    CHECK(intl::parse_move(p, "46x19x8").ok());
    CHECK(intl::parse_move(p, " 46 x 19 x 8 ").ok());
    CHECK(intl::parse_move(p, "46X19X2").ok());
    CHECK(intl::parse_move(p, "46x8").ok());  // short: one move from 46 to 8
    const auto both = intl::parse_move(fen("W:WK28:B19,37"), "28x5");
    CHECK(both.ok());
    // Ambiguous short form: king 22 takes 33 then either 34 (via 39, 30) or 40 (via 44, 35),
    // then 24 from the same line, ending on 19 both ways with three pieces.
    const intl::Position amb = fen("W:WK22:BK24,33,34,40");
    CHECK(intl::legal_move_texts(amb).size() >= 2);
    const auto a = intl::parse_move(amb, "22x19");
    REQUIRE_FALSE(a.ok());
    CHECK(a.error().find("ambiguous") != std::string::npos);
    CHECK(a.error().find("22x39x30x19") != std::string::npos);
    CHECK(a.error().find("22x44x35x19") != std::string::npos);
    CHECK(intl::parse_move(amb, "22x39x30x19").ok());
    CHECK(intl::parse_move(amb, "22x44x35x19").ok());
    const auto step = intl::parse_move(p, "46-41");
    REQUIRE_FALSE(step.ok());
    CHECK(step.error().find("capture is compulsory") != std::string::npos);
    const auto shorter = intl::parse_move(p, "46x23");
    REQUIRE_FALSE(shorter.ok());
    CHECK(shorter.error().find("most pieces") != std::string::npos);
    for (const char* bad : {"", "46", "46-", "46x19-8", "0-5", "51x1", "46x19x8x", "a1xb2", "46 19"}) {
        INFO(bad);
        CHECK_FALSE(intl::parse_move(p, bad).ok());
    }
    const auto empty_square = intl::parse_move(fen("W:W32:B3"), "33-28");
    REQUIRE_FALSE(empty_square.ok());
    CHECK(empty_square.error().find("no White piece on 33") != std::string::npos);
}

TEST_CASE("intl: board names, a1 is square 46 with White at the bottom", "[notation][intl]") {
    CHECK(intl::square_text(45, Notation::Names) == "a1");
    CHECK(intl::square_text(0, Notation::Names) == "b10");
    CHECK(intl::square_text(4, Notation::Names) == "j10");
    CHECK(intl::square_text(49, Notation::Names) == "i1");
    CHECK(intl::square_text(27, Notation::Names) == "e5");
    CHECK(intl::square_text(50, Notation::Names) == "?");
    const intl::Position start = intl::Position::start();
    CHECK(intl::legal_move_texts(start, Notation::Names) ==
          Texts{"b4-a5", "b4-c5", "d4-c5", "d4-e5", "f4-e5", "f4-g5", "h4-g5", "h4-i5", "j4-i5"});
    // Every legal move of the start written in names is read back as the same move.
    for (const std::string& t : intl::legal_move_texts(start, Notation::Names)) {
        INFO(t);
        const auto m = intl::parse_move(start, t);
        REQUIRE(m.ok());
        CHECK(intl::move_text(start, m.value(), Notation::Names) == t);
    }
    CHECK(intl::parse_move(start, "d4-e5").value() == intl::parse_move(start, "32-28").value());
    CHECK(intl::parse_move(start, " D4 - E5 ").value() == intl::parse_move(start, "32-28").value());
    // Captures: every landing square, or the short form.
    const intl::Position p = fen("W:WK46:B13,28");
    CHECK(intl::legal_move_texts(p, Notation::Names) == Texts{"a1xg7xd10", "a1xg7xe9"});
    CHECK(intl::parse_move(p, "a1xg7xe9").value() == intl::parse_move(p, "46x19x8").value());
    CHECK(intl::parse_move(p, "A1XE9").value() == intl::parse_move(p, "46x8").value());
    const auto amb = intl::parse_move(fen("W:WK22:BK24,33,34,40"), "d6xg7");
    REQUIRE_FALSE(amb.ok());
    CHECK(amb.error().find("ambiguous move \"d6xg7\": it could be d6xg3xi5xg7, d6xh2xj4xg7") == 0);
    struct Bad {
        const char* text;
        const char* message;
    };
    for (const Bad& b : std::vector<Bad>{
             {"k1-a1", "unknown square \"k1\" in \"k1-a1\" (files are a to j, ranks 1 to 10)"},
             {"a11-b10", "unknown square \"a11\" in \"a11-b10\" (files are a to j, ranks 1 to 10)"},
             {"a2-b3", "unknown square \"a2\" in \"a2-b3\" (a light square: pieces stand on the dark squares)"},
             {"d4-28", "malformed move \"d4-28\": mixes square numbers and board names"},
             {"32-e5", "malformed move \"32-e5\": mixes square numbers and board names"},
             {"d-e5", "malformed move \"d-e5\": expected a square at \"d-e5\""},
             {"e5-f6", "illegal move \"e5-f6\": no White piece on e5"},
             {"d4xe5", "illegal move \"d4xe5\": there is no capture here"}}) {
        INFO(b.text);
        const auto m = intl::parse_move(start, b.text);
        REQUIRE_FALSE(m.ok());
        CHECK(m.error() == b.message);
    }
}

TEST_CASE("intl: FEN round trips and strict rejections", "[fen][intl]") {
    for (const char* text : {"W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
                             "B:WK1,K5,27:B30,K46,K50", "W:W:B", "B:WK46:B3,28"}) {
        INFO(text);
        CHECK(intl::to_fen(fen(text)) == text);
    }
    CHECK(intl::to_fen(fen(" W : B1-3 , K4 : W 31 - 33 . ")) == "W:W31,32,33:B1,2,3,K4");
    struct Bad {
        const char* text;
        const char* message;
    };
    for (const Bad& b : std::vector<Bad>{{"", "expected the side to move"},
                                         {"X:W31:B1", "expected the side to move"},
                                         {"W:W51:B1", "unknown square \"51\""},
                                         {"W:W0:B1", "unknown square \"0\""},
                                         {"W:W31:B31", "listed for both White and Black"},
                                         {"W:W31,31:B1", "listed twice for White"},
                                         {"W:W3:B10", "White man on 3"},
                                         {"W:W31:B47", "Black man on 47"},
                                         {"W:W35-31:B1", "reversed range"},
                                         {"W:W21-41:B1", "White has 21 pieces; a side has at most the 20"},
                                         {"W:W31", "expected ':'"},
                                         {"W:W31:W32", "two lists for White"},
                                         {"W:W31:B1:B2", "unexpected text"},
                                         {"W:W31;B1", "expected ',' or ':'"},
                                         {"W:Wx:B1", "expected a square number"},
                                         {"w:W31:B1", "expected the side to move"}}) {
        INFO(b.text);
        const auto p = intl::parse_fen(b.text);
        REQUIRE_FALSE(p.ok());
        CHECK(p.error().find(b.message) != std::string::npos);
    }
    // Kings may stand on any row.
    CHECK(fen("W:WK3:BK47").kings() != 0);
}

TEST_CASE("intl: random games keep the key, the routes and the text consistent", "[rules][intl]") {
    std::mt19937_64 rng(20261129);
    int positions = 0;
    for (int game = 0; game < 60; ++game) {
        intl::Position p = intl::Position::start();
        for (int ply = 0; ply < 200; ++ply) {
            REQUIRE(p.is_consistent());
            CHECK(p.mirrored().mirrored() == p);
            CHECK(intl::count_moves(p) == intl::count_moves(p.mirrored()));
            intl::MoveList list;
            intl::generate_moves(p, list);
            CHECK(intl::count_moves(p) == list.size());
            ++positions;
            if (list.empty()) break;
            for (const Move& m : list) {
                const auto routes = intl::routes_of(p, m);
                REQUIRE(!routes.empty());
                const auto back = intl::parse_move(p, intl::move_text(p, m));
                INFO(intl::to_fen(p) << " " << intl::move_text(p, m));
                REQUIRE(back.ok());
                CHECK(back.value() == m);
                const auto named = intl::parse_move(p, intl::move_text(p, m, Notation::Names));
                REQUIRE(named.ok());
                CHECK(named.value() == m);
            }
            const Move m = list[std::size_t(rng() % list.size())];
            const intl::Position q = p.after(m);
            CHECK(q.key() == q.compute_key());
            CHECK(intl::parse_fen(intl::to_fen(q)).value() == q);
            p = q;
        }
    }
    CHECK(positions > 3000);
}

// --- Draw rules (FMJD) ---------------------------------------------------------------------------

namespace {

// Plays the texts in turn, cycling, for `plies` plies.
intl::Position shuttle(intl::Position p, const std::vector<const char*>& cycle, int plies) {
    for (int i = 0; i < plies; ++i) p = play(p, cycle[std::size_t(i) % cycle.size()]);
    return p;
}

}  // namespace

TEST_CASE("intl: 25 moves each with only king moves draw", "[rules][intl][draw]") {
    // Two kings that shuttle (50-45 and 5-10) without ever meeting on a diagonal.
    const intl::Position p = fen("W:WK50:BK5");
    const std::vector<const char*> cycle{"50-45", "5-10", "45-50", "10-5"};
    CHECK_FALSE(p.in_small_ending());
    const intl::Position before = shuttle(p, cycle, 49);
    CHECK(before.quiet_plies() == 49);
    CHECK_FALSE(intl::rule_draw(before));
    const intl::Position at = shuttle(p, cycle, 50);
    CHECK(at.quiet_plies() == 50);
    CHECK(intl::rule_draw(at));
    // A man move starts the count again: White's man on 31 steps after 40 king plies.
    const intl::Position with_man = shuttle(fen("W:WK50,31:BK5"), cycle, 40);
    CHECK(with_man.quiet_plies() == 40);
    const intl::Position reset = play(with_man, "31-26");
    CHECK(reset.quiet_plies() == 0);
    CHECK_FALSE(intl::rule_draw(shuttle(reset, {"5-10", "50-45", "10-5", "45-50"}, 49)));
    // A capture starts it again too.
    const intl::Position taken = play(fen("W:WK50,K47:BK5,42"), "47x38");
    CHECK(taken.quiet_plies() == 0);
}

TEST_CASE("intl: the 16-move rule in each of its three endings, either colour stronger",
          "[rules][intl][draw]") {
    // White's extra pieces stand on 47, 48, 49, off the diagonals of 5 and 10, where Black's lone
    // king shuttles; White's king on 50 shuttles to 45. No capture is ever possible.
    const std::vector<const char*> cycle{"50-45", "5-10", "45-50", "10-5"};
    for (const char* text : {"W:WK50,K48,K49:BK5",     // three kings
                             "W:WK50,K49,48:BK5",      // two kings and a man
                             "W:WK50,48,49:BK5"}) {    // a king and two men
        INFO(text);
        const intl::Position p = fen(text);
        REQUIRE(p.in_small_ending());
        CHECK(p.ending_plies() == 0);
        const intl::Position before = shuttle(p, cycle, 31);
        CHECK(before.ending_plies() == 31);
        CHECK(before.quiet_plies() == 31);  // the 25-move rule is far off
        CHECK_FALSE(intl::rule_draw(before));
        const intl::Position at = shuttle(p, cycle, 32);
        CHECK(at.ending_plies() == 32);
        CHECK(intl::rule_draw(at));
        // The same with colours swapped: Black stronger, White's lone king.
        const intl::Position m = p.mirrored();
        REQUIRE(m.in_small_ending());
        CHECK(intl::rule_draw(shuttle(m, {"1-6", "46-41", "6-1", "41-46"}, 32)));
        CHECK_FALSE(intl::rule_draw(shuttle(m, {"1-6", "46-41", "6-1", "41-46"}, 31)));
    }
    // Other material does not count: three men against a king, two kings against a king, three
    // kings against a king and a man.
    for (const char* text : {"W:W47,48,49:BK5", "W:WK50,K49:BK5", "W:WK50,K48,K49:BK5,6"}) {
        INFO(text);
        CHECK_FALSE(fen(text).in_small_ending());
    }
}

TEST_CASE("intl: the 16-move count survives a promotion and starts at a capture",
          "[rules][intl][draw]") {
    // Two kings and a man: the man on 6 crowns on 1 after 10 plies; the ending (now three kings)
    // keeps its count, while the 25-move count starts again.
    intl::Position p = shuttle(fen("W:WK50,K47,6:BK5"), {"50-45", "5-10", "45-50", "10-5"}, 10);
    CHECK(p.ending_plies() == 10);
    p = play(p, "6-1");
    CHECK(p.kings(Color::White) == p.pieces(Color::White));
    CHECK(p.ending_plies() == 11);
    CHECK(p.quiet_plies() == 0);
    p = shuttle(p, {"10-5", "45-50", "5-10", "50-45"}, 21);
    CHECK(p.ending_plies() == 32);
    CHECK(intl::rule_draw(p));
    // A capture that enters the ending starts the count at 0: three kings take the man on 42.
    const intl::Position before = fen("W:WK50,K47,K48:BK5,42");
    CHECK_FALSE(before.in_small_ending());
    const intl::Position entered = play(before, "47x38");
    CHECK(entered.in_small_ending());
    CHECK(entered.ending_plies() == 0);
    CHECK(play(entered, "5-10").ending_plies() == 1);
    // A capture that leaves it clears the count: the lone king takes the man.
    const intl::Position leaving = fen("B:WK50,K49,23:BK5");
    CHECK(leaving.in_small_ending());
    const intl::Position after_capture = play(leaving, "5x28");
    CHECK_FALSE(after_capture.in_small_ending());
    CHECK(after_capture.ending_plies() == 0);
}
