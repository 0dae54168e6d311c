// Perft of international draughts (10x10, FMJD rules) against tests/data/perft-international.txt
// (sources in its header), and small positions counted by hand. Counts up to FastLimit leaves run
// by default; bigger ones are [slow] (ctest --preset slow) and use the table and two threads.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "engine/notation_international.hpp"
#include "engine/perft_international.hpp"
#include "flying_reference.hpp"

using namespace tempo;

namespace {

constexpr std::uint64_t FastLimit = 20'000'000;

struct Row {
    std::string name, fen;
    std::vector<std::uint64_t> counts;  // from depth 1
};

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::vector<Row> reference() {
    std::ifstream in(std::string(TEMPO_TEST_DATA) + "/perft-international.txt");
    REQUIRE(in.good());
    std::vector<Row> rows;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> f;
        std::stringstream ss(line);
        for (std::string part; std::getline(ss, part, '|');) f.push_back(trim(part));
        REQUIRE(f.size() == 3);
        Row r{f[0], f[1], {}};
        std::stringstream nums(f[2]);
        for (std::uint64_t n; nums >> n;) r.counts.push_back(n);
        rows.push_back(r);
    }
    REQUIRE(rows.size() == 2);
    return rows;
}

using Ref = testing::FlyingReference<intl::Position>;
using testing::Key3;

std::vector<Key3> slow_moves(const intl::Position& p) { return Ref::slow_moves(p); }
std::uint64_t list_perft(const intl::Position& p, int depth) { return Ref::list_perft(p, depth); }
std::vector<intl::Position> random_positions(std::uint64_t seed, int games, int plies) {
    return Ref::random_positions(seed, games, plies, 37);  // 8 to 37 pieces
}

intl::Position fen(const std::string& text) {
    auto p = intl::parse_fen(text);
    INFO(text << ": " << (p ? std::string() : p.error()));
    REQUIRE(p.ok());
    return p.value();
}

void check_reference(bool slow) {
    for (const Row& row : reference()) {
        const intl::Position p = fen(row.fen);
        for (std::size_t d = 0; d < row.counts.size(); ++d) {
            const std::uint64_t want = row.counts[d];
            if ((want > FastLimit) != slow) continue;
            INFO(row.name << " depth " << d + 1);
            if (!slow) {
                CHECK(intl::perft(p, int(d + 1)) == want);
            } else {
                const PerftOptions options{int(d + 1), Routes::Drop, 512, 2};
                CHECK(intl::perft_divide(p, options).nodes == want);
            }
        }
    }
}

}  // namespace

TEST_CASE("international perft: start and Woldouby match the published counts", "[perft][intl]") {
    check_reference(false);
}

TEST_CASE("international perft: start and Woldouby match the published counts, deep",
          "[perft][intl][slow]") {
    check_reference(true);
}

TEST_CASE("international perft: the start position is the FEN W:W31-50:B1-20", "[perft][intl]") {
    CHECK(intl::Position::start() == fen("W:W31-50:B1-20"));
    CHECK(intl::to_fen(intl::Position::start()).starts_with("W:W31,32,"));
}

TEST_CASE("international perft: the table and the threads change no count", "[perft][intl]") {
    for (const Row& row : reference()) {
        const intl::Position p = fen(row.fen);
        for (std::size_t d = 0; d < row.counts.size() && row.counts[d] < 2'000'000; ++d) {
            INFO(row.name << " depth " << d + 1);
            const PerftResult res = intl::perft_divide(p, {int(d + 1), Routes::Drop, 4, 2});
            CHECK(res.nodes == row.counts[d]);
            std::uint64_t sum = 0;
            for (const auto& line : res.divide) sum += line.nodes;
            CHECK(sum == row.counts[d]);
        }
    }
}

TEST_CASE("international perft: a lone flying king, counted by hand", "[perft][intl]") {
    // White king on 28 (e5), Black man on 1 (b10). The king has 4 + 5 squares along the long
    // diagonal (32 37 41 46 / 23 19 14 10 5) and 4 + 4 along a9-i1 (22 17 11 6 / 33 39 44 50):
    // 17 moves. Black's man on b10 then steps to 6 or 7, except after 28-6, which takes a9: one
    // reply. It can never capture: the king would have to stand on c9 (7), off all its lines.
    // Depth 2 = 16 * 2 + 1 = 33.
    const intl::Position p = fen("W:WK28:B1");
    CHECK(intl::perft(p, 1) == 17);
    CHECK(intl::perft(p, 2) == 33);
}

TEST_CASE("international perft: long captures, counted by hand", "[perft][intl]") {
    // The diamond (see test_rules_international): the man on 27 takes 22 23 33 32 either way
    // round and comes back to 27, one move. Black then has nothing: depth 2 is 0.
    CHECK(intl::perft(fen("W:W27:B22,23,32,33"), 1) == 1);
    CHECK(intl::perft(fen("W:W27:B22,23,32,33"), 2) == 0);
    // The king on 46 takes 28 and may land on 23 19 14 10 5: five moves, and no landing square
    // lets it go on (from 14 the man on 3 is in line, but with the board's edge behind it).
    // Black's man on 3 (f10) then has its two steps, 3-8 and 3-9: the king stands on neither and
    // is never next to it with a free square behind. Depth 2 = 5 * 2 = 10.
    const intl::Position k = fen("W:WK46:B3,28");
    CHECK(intl::perft(k, 1) == 5);
    CHECK(intl::perft(k, 2) == 10);
}

TEST_CASE("international perft: a mirrored position has the same counts", "[perft][intl]") {
    // The board turned round with the colours swapped is the same game for the other side.
    for (const Row& row : reference()) {
        const intl::Position p = fen(row.fen);
        INFO(row.name);
        CHECK(p.mirrored().side_to_move() == Color::Black);
        for (int d = 1; d <= 6; ++d) CHECK(intl::perft(p.mirrored(), d) == row.counts[std::size_t(d - 1)]);
    }
    // And a position with kings on both sides and captures in the air.
    const intl::Position k = fen("W:WK22,28,33,K45:BK24,18,34,40,K6");
    for (int d = 1; d <= 5; ++d) CHECK(intl::perft(k.mirrored(), d) == intl::perft(k, d));
}

TEST_CASE("international perft: generate_moves agrees with a slow generator from the rules",
          "[perft][intl]") {
    int captures = 0, king_captures = 0, long_ones = 0;
    for (const intl::Position& p : random_positions(71, 2000, 60)) {
        intl::MoveList list;
        intl::generate_moves(p, list);
        std::vector<Key3> got;
        for (const Move& m : list) got.push_back({m.from, m.to, m.captured});
        std::sort(got.begin(), got.end());
        INFO(intl::to_fen(p));
        REQUIRE(got == slow_moves(p));
        if (!list.empty() && list[0].captured) {
            ++captures;
            king_captures += (p.kings() & bit(list[0].from)) != 0;
            long_ones += popcount(list[0].captured) >= 3;
        }
    }
    // The sample must hold what it is meant to test.
    CHECK(captures > 10000);
    CHECK(king_captures > 3000);
    CHECK(long_ones > 1000);
}

TEST_CASE("international perft: the bulk counters agree with the move list on random positions",
          "[perft][intl]") {
    int i = 0;
    for (const intl::Position& p : random_positions(20261129, 1500, 80)) {
        INFO(intl::to_fen(p));
        intl::MoveList list;
        intl::generate_moves(p, list);
        REQUIRE(intl::count_moves(p) == list.size());
        // A divide: every root move's subtree by the fast counter and by the move list.
        const int depth = ++i % 8 == 0 ? 3 : 2;
        for (const Move& m : list) {
            INFO(intl::move_text(p, m) << " depth " << depth);
            REQUIRE(intl::perft(p.after(m), depth - 1) == list_perft(p.after(m), depth - 1));
        }
        if (i % 8 == 0) CHECK(intl::perft(p, depth) == list_perft(p, depth));
    }
}
