// One test per rule of English draughts, each with the smallest position that shows it and the
// exact list of legal moves (sorted as legal_move_texts sorts them: squares compared as numbers).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <tuple>
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

TEST_CASE("a side with no legal move loses", "[rules]") {
    SECTION("no pieces left") {
        CHECK(moves_of("W:W:B1").empty());
        const Game g = Game::from_fen("W:W:B1").value();
        CHECK(g.status().outcome == Outcome::BlackWins);
        CHECK(g.status().reason == EndReason::NoLegalMoves);
        CHECK(g.status().description() == "Black wins: White has no legal move");
    }
    SECTION("every piece blocked") {
        // The man on 21 can neither step onto 17 nor jump it: 14 is occupied.
        CHECK(moves_of("W:W21:B14,17").empty());
        const Game g = Game::from_fen("W:W21:B14,17").value();
        CHECK(g.status().outcome == Outcome::BlackWins);
        // The black man on 12 can neither step onto 16 nor jump it: 19 is occupied.
        CHECK(moves_of("B:W16,19:B12").empty());
        CHECK(Game::from_fen("B:W16,19:B12").value().status().outcome == Outcome::WhiteWins);
    }
    SECTION("the last piece captured") {
        Game g = Game::from_fen("W:W22:B18").value();
        CHECK(g.status().outcome == Outcome::Ongoing);
        REQUIRE(g.play("22x15").ok());
        CHECK(g.legal_move_texts().empty());
        CHECK(g.status().outcome == Outcome::WhiteWins);
        CHECK(g.status().description() == "White wins: Black has no legal move");
    }
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

TEST_CASE("threefold repetition is a draw under the official rules, not under the reference rules",
          "[rules]") {
    // The start position occurs again after plies 4 and 8: the third time is at ply 8.
    Game official = Game::from_fen("W:WK32:BK1", Rules::official()).value();
    Game reference = Game::from_fen("W:WK32:BK1", Rules::reference()).value();
    for (int ply = 0; ply < 7; ++ply) {
        REQUIRE(official.play(Shuffle[std::size_t(ply % 4)]).ok());
        REQUIRE(reference.play(Shuffle[std::size_t(ply % 4)]).ok());
        CHECK(official.status().outcome == Outcome::Ongoing);
    }
    REQUIRE(official.play("5-1").ok());
    REQUIRE(reference.play("5-1").ok());
    CHECK(official.status().outcome == Outcome::Draw);
    CHECK(official.status().reason == EndReason::Repetition);
    CHECK(official.status().description() == "draw: the same position occurred three times");
    CHECK(official.legal_moves().empty());
    CHECK(reference.status().outcome == Outcome::Ongoing);
    CHECK(reference.legal_move_texts() == Texts{"32-27", "32-28"});
    // Taking the last move back un-draws the game.
    REQUIRE(official.undo());
    CHECK(official.status().outcome == Outcome::Ongoing);
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

namespace {

// A plain mailbox move generator, written from the rules with none of the bitboard machinery, to
// check the fast one against. A move is (from, to, captured squares) with its number of routes.
struct PlainMove {
    int from, to;
    std::uint32_t captured;
    int routes;
    bool operator<(const PlainMove& o) const {
        return std::tie(from, to, captured) < std::tie(o.from, o.to, o.captured);
    }
};

struct Plain {
    std::array<int, 32> cell{};  // +1 black man, +2 black king, -1 white man, -2 white king
    int sign = 1;                // the side to move: +1 Black, -1 White
    std::vector<PlainMove> moves;

    explicit Plain(const Position& p) : sign(p.side_to_move() == Color::Black ? 1 : -1) {
        for (int s = 0; s < 32; ++s) {
            const Bitboard b = bit(Geo::bit_of(s));
            const int v = (p.kings() & b) ? 2 : 1;
            cell[std::size_t(s)] = (p.pieces(Color::Black) & b) ? v : (p.pieces(Color::White) & b) ? -v : 0;
        }
    }
    int forward() const { return sign > 0 ? -1 : 1; }  // Black moves down the ranks
    int crown_rank() const { return sign > 0 ? 1 : 8; }

    void add(int from, int to, std::uint32_t captured) {
        for (auto& m : moves)
            if (m.from == from && m.to == to && m.captured == captured) {
                ++m.routes;
                return;
            }
        moves.push_back({from, to, captured, 1});
    }
    void jumps(int start, int at, bool king, std::uint32_t captured) {
        bool any = false;
        for (int df : {-1, 1})
            for (int dr : {-1, 1}) {
                if (!king && dr != forward()) continue;
                const int f = Geo::file_of(at), r = Geo::rank_of(at);
                const int over = Geo::square_at(f + df, r + dr), land = Geo::square_at(f + 2 * df, r + 2 * dr);
                if (over < 0 || land < 0) continue;
                if (cell[std::size_t(over)] * sign >= 0 || (captured >> over & 1)) continue;
                if (land != start && cell[std::size_t(land)] != 0) continue;
                any = true;
                const std::uint32_t c = captured | 1u << over;
                if (!king && Geo::rank_of(land) == crown_rank())
                    add(start, land, c);
                else
                    jumps(start, land, king, c);
            }
        if (!any && captured) add(start, at, captured);
    }
    std::vector<PlainMove> generate() {
        for (int s = 0; s < 32; ++s)
            if (cell[std::size_t(s)] * sign > 0) jumps(s, s, cell[std::size_t(s)] * sign == 2, 0);
        if (!moves.empty()) return moves;
        for (int s = 0; s < 32; ++s) {
            if (cell[std::size_t(s)] * sign <= 0) continue;
            const bool king = cell[std::size_t(s)] * sign == 2;
            for (int df : {-1, 1})
                for (int dr : {-1, 1}) {
                    if (!king && dr != forward()) continue;
                    const int to = Geo::square_at(Geo::file_of(s) + df, Geo::rank_of(s) + dr);
                    if (to >= 0 && cell[std::size_t(to)] == 0) add(s, to, 0);
                }
        }
        return moves;
    }
};

std::vector<PlainMove> fast_moves(const Position& p) {
    MoveList list;
    generate_moves(p, list);
    std::vector<PlainMove> out;
    for (const Move& m : list) {
        std::uint32_t c = 0;
        for (Bitboard b = m.captured; b; b &= b - 1) c |= 1u << Geo::square_of(lsb(b));
        out.push_back({Geo::square_of(m.from), Geo::square_of(m.to), c, m.routes});
    }
    return out;
}

bool same_moves(std::vector<PlainMove> a, std::vector<PlainMove> b) {
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].from != b[i].from || a[i].to != b[i].to || a[i].captured != b[i].captured ||
            a[i].routes != b[i].routes)
            return false;
    return true;
}

// A random legal-looking position: each square empty or holding a random piece, no man on its
// own crowning row.
Position random_position(std::mt19937_64& rng) {
    Bitboard black = 0, white = 0, kings = 0;
    const unsigned density = 2 + unsigned(rng() % 6);  // about 1 square in density is taken
    for (int s = 0; s < 32; ++s) {
        if (rng() % density) continue;
        const Bitboard b = bit(Geo::bit_of(s));
        const Color c = rng() % 2 ? Color::Black : Color::White;
        (c == Color::Black ? black : white) |= b;
        if (rng() % 3 == 0 || (crown_row(c) & b)) kings |= b;
    }
    return Position::from_bitboards(black, white, kings, rng() % 2 ? Color::Black : Color::White);
}

}  // namespace

TEST_CASE("the move generator agrees with a plain mailbox generator written from the rules",
          "[rules][movegen]") {
    std::mt19937_64 rng(1234);
    std::vector<Position> positions;
    for (int i = 0; i < 100000; ++i) positions.push_back(random_position(rng));
    for (const char* f : {"W:WK10,30,31,32:B1,2,3,14,15,22,23", "B:W26,27,30:B1,22",
                          "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29", "W:WK4,9,K13,27,32:B3,5,K10,28",
                          "B:WK12,K27,30,32:B21,K24,28,K31", "B:W14,15,22,23,24,30,31,32:BK6,7,8,9,11,12",
                          "B:W6,7,8,14,15,16,22,23,24:BK2", "W:WK4,13,30,K31,K32:BK1,K3,K7,K15,21"})
        positions.push_back(fen(f));
    int captures = 0, multi_route = 0;
    for (const Position& p : positions) {
        REQUIRE(p.is_consistent());
        const auto plain = Plain(p).generate();
        INFO(to_fen(p));
        CHECK(same_moves(plain, fast_moves(p)));
        for (const auto& m : plain) {
            captures += m.captured != 0;
            multi_route += m.routes > 1;
        }
    }
    CHECK(captures > 50000);
    CHECK(multi_route > 20);  // king captures with several jump orders
}
