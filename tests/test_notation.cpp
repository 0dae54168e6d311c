// Notation: PDN FEN and move text, both directions, and every way a text can be refused.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "engine/international.hpp"
#include "engine/notation.hpp"
#include "engine/notation_international.hpp"
#include "random_games.hpp"

using namespace tempo;

namespace {

Position fen(const char* text) {
    auto p = parse_fen(text);
    INFO(text << ": " << (p ? std::string() : p.error()));
    REQUIRE(p.ok());
    return p.value();
}

Bitboard squares(std::initializer_list<int> numbers) {
    Bitboard b = 0;
    for (int n : numbers) b |= bit(Geo::bit_of(n - 1));
    return b;
}

std::string move_error(const char* position, const char* text) {
    const auto m = parse_move(fen(position), text);
    INFO(position << " / " << text);
    REQUIRE_FALSE(m.ok());
    return m.error();
}

std::string move_ok(const char* position, const char* text) {
    const Position p = fen(position);
    const auto m = parse_move(p, text);
    INFO(position << " / " << text << ": " << (m ? std::string() : m.error()));
    REQUIRE(m.ok());
    return move_text(p, m.value());
}

constexpr const char* Start = "B:W21-32:B1-12";

// Whether a message is one line of printable ASCII (input bytes are escaped when quoted).
bool printable(const std::string& message) {
    for (char c : message)
        if (c < 0x20 || c >= 0x7f) return false;
    return true;
}

}  // namespace

TEST_CASE("square names: PDN numbers and board names", "[notation]") {
    CHECK(square_text(0) == "1");
    CHECK(square_text(31) == "32");
    CHECK(square_text(0, Notation::Names) == "b8");
    CHECK(square_text(3, Notation::Names) == "h8");
    CHECK(square_text(4, Notation::Names) == "a7");
    CHECK(square_text(28, Notation::Names) == "a1");
    CHECK(square_text(31, Notation::Names) == "g1");
    CHECK(square_text(21, Notation::Names) == "c3");
    CHECK(square_text(-1) == "?");
    CHECK(square_text(32, Notation::Names) == "?");
}

TEST_CASE("FEN: the accepted forms", "[notation][fen]") {
    CHECK(fen("B:W21-32:B1-12") == Position::start(Color::Black));
    CHECK(fen("W:W21-32:B1-12") == Position::start(Color::White));
    CHECK(fen("B:B1-12:W21-32") == Position::start(Color::Black));  // either colour first
    CHECK(fen("  B : W 21 - 32 : B 1 - 12 . ") == Position::start(Color::Black));
    CHECK(fen("B:W21-32:B1-12.") == Position::start(Color::Black));

    const Position p = fen("W:WK10,30,31,32:B1,2,3,14");
    CHECK(p.side_to_move() == Color::White);
    CHECK(p.pieces(Color::White) == squares({10, 30, 31, 32}));
    CHECK(p.kings() == squares({10}));
    CHECK(p.pieces(Color::Black) == squares({1, 2, 3, 14}));
    CHECK(p.is_consistent());

    const Position k = fen("B:WK1-4,9:BK29-30,5");  // K before a range crowns all of it
    CHECK(k.kings(Color::White) == squares({1, 2, 3, 4}));
    CHECK(k.men(Color::White) == squares({9}));
    CHECK(k.kings(Color::Black) == squares({29, 30}));

    const Position e = fen("B:W:B1");  // an empty list
    CHECK(e.pieces(Color::White) == 0);
    CHECK(e.pieces(Color::Black) == squares({1}));
    CHECK(fen("W:W9:B").pieces(Color::Black) == 0);
    CHECK(fen("B:W5-5:B1").pieces(Color::White) == squares({5}));  // a one-square range
}

TEST_CASE("FEN: output lists squares in order, kings marked, no ranges", "[notation][fen]") {
    CHECK(to_fen(Position::start()) ==
          "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    CHECK(to_fen(fen("W:W32,K10,31,30:B14,3,2,1")) == "W:WK10,30,31,32:B1,2,3,14");
    CHECK(to_fen(fen("B:W:BK32")) == "B:W:BK32");
    CHECK(to_fen(fen("W:W9:B")) == "W:W9:B");
}

TEST_CASE("FEN: each malformed input is rejected with a message that names the problem",
          "[notation][fen]") {
    struct Case {
        const char* fen;
        const char* message;
    };
    const Case cases[] = {
        {"", "bad FEN: empty text"},
        {"   ", "bad FEN: empty text"},
        {"X:W9:B1", "bad FEN: bad side to move \"X\" (expected B or W)"},
        {"b:W9:B1", "bad FEN: bad side to move \"b\" (expected B or W)"},
        {"Black:W9:B1", "bad FEN: bad side to move \"Black\" (expected B or W)"},
        {":W9:B1", "bad FEN: missing the side to move before the first ':'"},
        {"B", "bad FEN: missing fields: expected two colour lists (W... and B...), found none"},
        {"B:W21-32", "bad FEN: missing fields: expected two colour lists (W... and B...), found one"},
        {"B:W9:", "bad FEN: expected a colour W or B after ':', found the end"},
        {"B:Y9:B1", "bad FEN: expected a colour W or B after ':', found \"Y9\""},
        {"B:W9:W10", "bad FEN: White's list appears twice"},
        {"B:W0:B1", "bad FEN: unknown square \"0\" (squares are 1 to 32)"},
        {"B:W33:B1", "bad FEN: unknown square \"33\" (squares are 1 to 32)"},
        {"B:Wx:B1", "bad FEN: expected a square number in White's list, found \"x\""},
        {"B:W9:B10,x12", "bad FEN: expected a square number in Black's list, found \"x12\""},
        {"B:W99999999999999999999999:B1",
         "bad FEN: unknown square \"99999999999999999999999\" (squares are 1 to 32)"},
        {"B:W9-99999999999:B1",
         "bad FEN: unknown square \"99999999999\" in range \"9-99999999999\" (squares are 1 to 32)"},
        {"B:W5,5:B1", "bad FEN: square 5 listed twice for White (in \"5\")"},
        {"B:W5-8,6:B1", "bad FEN: square 6 listed twice for White (in \"6\")"},
        {"B:W5:B5", "bad FEN: square 5 listed for both White and Black (in \"5\")"},
        {"B:W13-20:B5-13", "bad FEN: square 13 listed for both White and Black (in \"5-13\")"},
        {"B:W1:B9",
         "bad FEN: a White man on 1 (in \"1\") stands on its own crowning row (White men are "
         "crowned on 1-4)"},
        {"B:W9:B25-30",
         "bad FEN: a Black man on 29 (in \"25-30\") stands on its own crowning row (Black men are "
         "crowned on 29-32)"},
        {"B:W5-17:B25", "bad FEN: White has 13 pieces; a side has at most the 12 it starts with"},
        {"W:W30:BK1,2-13", "bad FEN: Black has 13 pieces; a side has at most the 12 it starts with"},
        {"B:W12-9:B1", "bad FEN: reversed range \"12-9\""},
        {"B:W9-:B1", "bad FEN: expected a square number after \"9-\", found \":\""},
        {"B:W9,:B1", "bad FEN: expected a square number in White's list, found \":\""},
        {"B:W9,,10:B1", "bad FEN: expected a square number in White's list, found \",\""},
        {"B:WK:B1", "bad FEN: expected a square number in White's list, found \":\""},
        {"B:W9 10:B1", "bad FEN: expected ',' or ':' after \"9\", found \"10\""},
        {"BW9:B1", "bad FEN: bad side to move \"BW9\" (expected B or W)"},
        {"B:W9:B10 junk", "bad FEN: expected ',' or ':' after \"10\", found \"junk\""},
        {"B:W9:B10:", "bad FEN: trailing junk \":\""},
        {"B:W9:B1:H0", "bad FEN: trailing junk \":H0\""},
        {"B:W9:B1..", "bad FEN: trailing junk \".\""},
        {"B:W9:B1.\x01\"\xff", "bad FEN: trailing junk \"\\x01\\\"\\xff\""},
    };
    for (const Case& c : cases) {
        INFO("FEN: \"" << c.fen << "\"");
        const auto p = parse_fen(c.fen);
        REQUIRE_FALSE(p.ok());
        CHECK(p.error() == c.message);
    }
}

TEST_CASE("routes: every jump order of a move, checked against the generator", "[notation]") {
    for (const Position& p : testing::random_game_positions(11, 3000)) {
        MoveList list;
        generate_moves(p, list);
        for (const Move& m : list) {
            const auto routes = routes_of(p, m);
            INFO(to_fen(p) << " " << move_text(p, m));
            REQUIRE(routes.size() == m.routes);
            for (const auto& r : routes) {
                CHECK(r.front() == Geo::square_of(m.from));
                CHECK(r.back() == Geo::square_of(m.to));
                CHECK(r.size() == (m.is_capture() ? std::size_t(popcount(m.captured)) + 1 : 2));
            }
        }
    }
    // Random games seldom build a king loop: this reference position has four moves of two routes.
    const Position p = fen("B:W6,7,8,14,15,16,22,23,24:BK2");
    MoveList list;
    generate_moves(p, list);
    std::size_t total = 0;
    for (const Move& m : list) total += routes_of(p, m).size();
    CHECK(list.size() == 10);
    CHECK(total == 14);  // its Bik (every route) count at depth 1
}

TEST_CASE("moves: the short form from x to is read when exactly one legal move matches",
          "[notation][move]") {
    int ambiguous = 0;
    for (const Position& p : testing::random_game_positions(3, 3000)) {
        MoveList list;
        generate_moves(p, list);
        for (const Move& m : list) {
            if (!m.is_capture()) continue;
            int same_ends = 0;
            for (const Move& o : list) same_ends += o.from == m.from && o.to == m.to;
            const std::string text = square_text(Geo::square_of(m.from)) + "x" + square_text(Geo::square_of(m.to));
            const auto back = parse_move(p, text);
            INFO(to_fen(p) << " " << text);
            if (same_ends == 1) {
                REQUIRE(back.ok());
                CHECK(back.value() == m);
            } else {
                REQUIRE_FALSE(back.ok());
                CHECK(back.error().rfind("ambiguous move " + text + ": it could be ", 0) == 0);
                ++ambiguous;
            }
        }
    }
    (void)ambiguous;  // random games rarely have one; the fixed cases below do

    CHECK(move_ok("W:W27:B15,23", "27x11") == "27x18x11");
    CHECK(move_ok("W:W27:B15,23", "f2xf6") == "27x18x11");
    CHECK(move_ok("W:WK10,30,31,32:B1,2,3,14,15,22,23", "10x10") == "10x17x26x19x10");
    CHECK(move_ok("W:WK10,30,31,32:B1,2,3,14,15,22,23", "10x19x26x17x10") == "10x17x26x19x10");
    // Two captures by one man from 2 to 18, over different pieces.
    CHECK(move_error("B:W6,7,14,15:B2", "2x18") ==
          "ambiguous move 2x18: it could be 2x9x18 or 2x11x18; write every landing square");
    CHECK(move_error("B:W6,7,14,15:B2", "d8xd4") ==
          "ambiguous move d8xd4: it could be d8xb6xd4 or d8xf6xd4; write every landing square");
    CHECK(move_ok("B:W6,7,14,15:B2", "2x9x18") == "2x9x18");
    CHECK(move_ok("B:W6,7,14,15:B2", "2x11x18") == "2x11x18");
    // A king with four ways from 2 to 25.
    CHECK(move_error("B:W6,7,8,14,15,16,22,23,24:BK2", "2x25") ==
          "ambiguous move 2x25: it could be 2x9x18x11x20x27x18x25, 2x9x18x25, 2x11x18x25, or "
          "2x11x20x27x18x25; write every landing square");
    CHECK(move_ok("B:W6,7,8,14,15,16,22,23,24:BK2", "2x11x4") == "2x11x4");
}

TEST_CASE("moves: accepted spellings", "[notation][move]") {
    CHECK(move_ok(Start, "11-15") == "11-15");
    CHECK(move_ok(Start, " 11 - 15 ") == "11-15");
    CHECK(move_ok(Start, "f6-e5") == "11-15");
    CHECK(move_ok(Start, "F6-E5") == "11-15");
    CHECK(move_ok(Start, "b6 - a5") == "9-13");
    CHECK(move_ok("W:W22,28:B18", "c3xe5") == "22x15");
    CHECK(move_ok("W:W22,28:B18", "22X15") == "22x15");
    CHECK(move_ok("W:W22,28:B18", "22 x 15") == "22x15");
    CHECK(move_text(fen("W:W22,28:B18"), parse_move(fen("W:W22,28:B18"), "22x15").value(),
                    Notation::Names) == "c3xe5");
}

TEST_CASE("moves: each refusal says why", "[notation][move]") {
    SECTION("malformed text") {
        CHECK(move_error(Start, "") == "malformed move: empty text");
        CHECK(move_error(Start, "  ") == "malformed move: empty text");
        CHECK(move_error(Start, "11") == "malformed move \"11\": a move needs at least two squares");
        CHECK(move_error(Start, "11-") == "malformed move \"11-\": a square is missing at the end");
        CHECK(move_error(Start, "-15") == "malformed move \"-15\": expected a square, found \"-\"");
        CHECK(move_error(Start, "11--15") ==
              "malformed move \"11--15\": expected a square, found \"-\"");
        CHECK(move_error(Start, "11 15") ==
              "malformed move \"11 15\": expected '-' or 'x' after \"11\", found \"15\"");
        CHECK(move_error(Start, "11-15!") ==
              "malformed move \"11-15!\": expected '-' or 'x' after \"15\", found \"!\"");
        CHECK(move_error(Start, "11-15x19") == "malformed move \"11-15x19\": mixes '-' and 'x'");
        CHECK(move_error(Start, "11-g5") ==
              "malformed move \"11-g5\": mixes square numbers and board names");
        CHECK(move_error(Start, "x") == "malformed move \"x\": expected a square, found \"x\"");
        CHECK(move_error(Start, "f-e5") == "malformed move \"f-e5\": expected a square, found \"f\"");
        CHECK(move_error(Start, "11-1\xff") ==
              "malformed move \"11-1\\xff\": expected '-' or 'x' after \"1\", found \"\\xff\"");
    }
    SECTION("unknown square") {
        CHECK(move_error(Start, "33-29") == "unknown square \"33\" in \"33-29\" (squares are 1 to 32)");
        CHECK(move_error(Start, "0-5") == "unknown square \"0\" in \"0-5\" (squares are 1 to 32)");
        CHECK(move_error(Start, "99999999999999999999-1") ==
              "unknown square \"99999999999999999999\" in \"99999999999999999999-1\" (squares are 1 "
              "to 32)");
        CHECK(move_error(Start, "a2-b3") ==
              "unknown square \"a2\" in \"a2-b3\" (a light square: pieces stand on the dark squares)");
        CHECK(move_error(Start, "i1-h2") ==
              "unknown square \"i1\" in \"i1-h2\" (files are a to h, ranks 1 to 8)");
        CHECK(move_error(Start, "c9-d8") ==
              "unknown square \"c9\" in \"c9-d8\" (files are a to h, ranks 1 to 8)");
    }
    SECTION("no piece of the side to move") {
        CHECK(move_error(Start, "13-17") == "no piece of the side to move (Black) on 13 (it is empty)");
        CHECK(move_error(Start, "21-17") ==
              "no piece of the side to move (Black) on 21 (a White piece stands there)");
        CHECK(move_error(Start, "c3-b4") ==
              "no piece of the side to move (Black) on c3 (a White piece stands there)");
    }
    SECTION("not a legal step") {
        CHECK(move_error(Start, "11-18") ==
              "not a legal move: 11-18 is not a step to a diagonal neighbour");
        CHECK(move_error(Start, "11-8") == "not a legal move: 11-8 goes to 8, which is not empty");
        CHECK(move_error("B:W32:B15", "15-10") ==
              "not a legal move: 15-10 goes backwards (men move forward only)");
        CHECK(move_error(Start, "11-15-19") ==
              "not a legal move: a step goes from one square to the next, 11-15-19 names 3 squares");
        CHECK(move_error(Start, "11x15") ==
              "not a legal move: 11x15 is written as a capture, but Black has no capture here (did "
              "you mean 11-15?)");
    }
    SECTION("a capture is compulsory") {
        CHECK(move_error("W:W22,28:B18", "28-24") ==
              "a capture is compulsory: 28-24 is not one; the legal captures are 22x15");
        CHECK(move_error("W:W27,30:B15,23,25", "h2-g3") ==
              "no piece of the side to move (White) on h2 (it is empty)");
        CHECK(move_error("W:W27,30:B15,23,25", "27-24") ==
              "a capture is compulsory: 27-24 is not one; the legal captures are 27x18x11 or 30x21");
        CHECK(move_error("W:W22,28:B18", "22-15") == "captures are written with 'x': 22-15 is 22x15");
        CHECK(move_error("W:W27:B15,23", "27-11") ==
              "captures are written with 'x': 27-11 is 27x18x11");
        CHECK(move_error("B:W6,7,14,15:B2", "2-18") ==
              "captures are written with 'x': 2-18 is 2x9x18 or 2x11x18");
    }
    SECTION("incomplete capture") {
        CHECK(move_error("W:W27:B15,23", "27x18") ==
              "incomplete capture: the piece must keep jumping from 18 (the legal captures are "
              "27x18x11)");
        CHECK(move_error("W:WK10,30,31,32:B1,2,3,14,15,22,23", "10x17x26x19") ==
              "incomplete capture: the piece must keep jumping from 19 (the legal captures are "
              "10x17x26x19x10)");
    }
    SECTION("a jump that breaks a rule") {
        CHECK(move_error("W:W22,28:B18", "22x13") ==
              "not a legal move: in 22x13 there is no opposing piece on 17 to jump (the legal "
              "captures are 22x15)");
        CHECK(move_error("W:W27:B15,23", "27x18x9") ==
              "not a legal move: in 18x9 there is no opposing piece on 14 to jump (the legal "
              "captures are 27x18x11)");
        CHECK(move_error("W:W27:B15,23", "27x18x11x4") ==
              "not a legal move: in 11x4 there is no opposing piece on 8 to jump (the legal "
              "captures are 27x18x11)");
        CHECK(move_error("W:W27:B15,23", "27x18x15") ==
              "not a legal move: 18x15 is not a jump (a jump goes two squares along a diagonal) (the "
              "legal captures are 27x18x11)");
        CHECK(move_error("W:W18:B15,22,23", "18x25") ==
              "not a legal move: in 18x25 a man jumps backwards (men move forward only) (the legal "
              "captures are 18x11)");
        CHECK(move_error("W:WK10,30,31,32:B1,2,3,14,15,22,23", "10x17x26x17") ==
              "not a legal move: in 26x17 the piece on 22 was already jumped (the legal captures "
              "are 10x17x26x19x10)");
        CHECK(move_error("W:W11,18,22:B15,17", "18x11") ==
              "not a legal move: in 18x11 the landing square 11 is not empty (the legal captures "
              "are 22x13)");
        CHECK(move_error("B:W26,27,30:B1,22", "22x31x24") ==
              "not a legal move: the man is crowned on 31 and its move ends there (the legal "
              "captures are 22x31)");
    }
}

TEST_CASE("moves: arbitrary text never crashes the reader, and what it accepts is legal",
          "[notation][move]") {
    const Position positions[] = {Position::start(), fen("B:W6,7,8,14,15,16,22,23,24:BK2"),
                                  fen("W:WK10,30,31,32:B1,2,3,14,15,22,23"), fen("W:W27,30:B15,23,25")};
    std::mt19937_64 rng(99);
    const std::string alphabet = "0123456789xX- abcdefghK";
    int accepted = 0;
    for (int i = 0; i < 40000; ++i) {
        const Position& p = positions[rng() % 4];
        std::string s;
        if (rng() % 2) {  // a legal move's text with a few characters changed, dropped or added
            MoveList list;
            generate_moves(p, list);
            s = move_text(p, list[rng() % list.size()], rng() % 2 ? Notation::Names : Notation::Numbers);
            for (std::size_t k = rng() % 3; k > 0; --k) {
                const std::size_t at = rng() % s.size();
                switch (rng() % 3) {
                    case 0: s[at] = alphabet[rng() % alphabet.size()]; break;
                    case 1: s.erase(at, 1); break;
                    default: s.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
                }
                if (s.empty()) break;
            }
        } else {
            const std::size_t length = rng() % 14;
            for (std::size_t j = 0; j < length; ++j)
                s += (rng() % 20 == 0) ? char(rng() % 256) : alphabet[rng() % alphabet.size()];
        }
        const auto m = parse_move(p, s);
        if (!m) {
            CHECK_FALSE(m.error().empty());
            CHECK(printable(m.error()));
            continue;
        }
        ++accepted;
        MoveList list;
        generate_moves(p, list);
        INFO(to_fen(p) << " " << s);
        CHECK(std::find(list.begin(), list.end(), m.value()) != list.end());
    }
    CHECK(accepted > 1000);
}

// The reader is one grammar for every game (notation.cpp); the points where English draughts'
// wording (Dialect::Wcdf) and the FMJD one notice a problem differently, each beside the other.
TEST_CASE("dialects: the same mistake read by English and by an FMJD game", "[notation][dialect]") {
    const auto english_fen = [](const char* text) {
        const auto p = parse_fen(text);
        REQUIRE_FALSE(p.ok());
        return p.error();
    };
    const auto intl_fen = [](const char* text) {
        const auto p = intl::parse_fen(text);
        REQUIRE_FALSE(p.ok());
        return p.error();
    };
    const auto intl_move = [](const char* text) {
        const auto m = intl::parse_move(intl::Position::start(), text);
        REQUIRE_FALSE(m.ok());
        return m.error();
    };
    // A side letter with another letter after it.
    CHECK(english_fen("BW:W21:B1") == "bad FEN: bad side to move \"BW\" (expected B or W)");
    CHECK(intl_fen("WB:W31:B1") == "bad FEN: expected ':' and a colour's list, found \"B:W31:B1\"");
    // A '.' where a list would be: English wants a square, FMJD ends the empty list there.
    CHECK(english_fen("B:W.:B1") == "bad FEN: expected a square number in White's list, found \".\"");
    CHECK(intl_fen("W:W.:B1") == "bad FEN: expected ':' and a colour's list, found \".:B1\"");
    // An unknown board name: quoted as typed, or lower-cased.
    CHECK(move_error(Start, "I3-h4") ==
          "unknown square \"I3\" in \"I3-h4\" (files are a to h, ranks 1 to 8)");
    CHECK(intl_move("K1-a1") == "unknown square \"k1\" in \"K1-a1\" (files are a to j, ranks 1 to 10)");
    // A space inside a board name.
    CHECK(move_error(Start, "c 3-d4") == "malformed move \"c 3-d4\": expected a square, found \"c\"");
    const auto spaced = intl::parse_move(intl::Position::start(), "d 4-e5");
    REQUIRE(spaced.ok());
    CHECK(intl::move_text(intl::Position::start(), spaced.value(), Notation::Names) == "d4-e5");
    // Mixed notations after a bad square: English reads on to the bad square, FMJD stops at the mix.
    CHECK(move_error(Start, "11-c3-zz") == "malformed move \"11-c3-zz\": expected a square, found \"z\"");
    CHECK(intl_move("31-a1-zz") == "malformed move \"31-a1-zz\": mixes square numbers and board names");
    // A step of three squares: English says so after the piece is found, FMJD before.
    CHECK(move_error(Start, "11-15-19") ==
          "not a legal move: a step goes from one square to the next, 11-15-19 names 3 squares");
    CHECK(intl_move("1-2-3") == "malformed move \"1-2-3\": a step names two squares; write captures with 'x'");
}
