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

// --- A slow, independent move generator on (file, rank) coordinates ----------------------------
// Written straight from the rules (FMJD art. 4) without bitboards, shifts or the generator's
// pruning, to check generate_moves and the bulk counters against.

using Geo = intl::Geo;
using Key3 = std::tuple<int, int, Bitboard>;  // from bit, to bit, captured set

struct Board {
    int at[10][11]{};  // [file][rank]: 0 empty, +1 man, +2 king of the side to move, -1/-2 theirs
};

constexpr int Df[4] = {1, 1, -1, -1}, Dr[4] = {1, -1, 1, -1};

bool on_board(int f, int r) { return f >= 0 && f < 10 && r >= 1 && r <= 10; }
int bit_at(int f, int r) { return Geo::bit_of(Geo::square_at(f, r)); }

// Walks every capture sequence of the piece now on (f, r); `taken` holds the bits jumped so far.
void walk(Board& b, int from, int f, int r, bool king, Bitboard taken, int n,
          std::vector<std::pair<int, Key3>>& out) {
    bool any = false;
    for (int d = 0; d < 4; ++d) {
        int ef = f + Df[d], er = r + Dr[d];
        if (king)
            while (on_board(ef, er) && b.at[ef][er] == 0) ef += Df[d], er += Dr[d];
        if (!on_board(ef, er) || b.at[ef][er] >= 0 || (taken & bit(bit_at(ef, er)))) continue;
        for (int lf = ef + Df[d], lr = er + Dr[d]; on_board(lf, lr) && b.at[lf][lr] == 0;
             lf += Df[d], lr += Dr[d]) {
            any = true;
            const int moved = b.at[f][r];
            b.at[f][r] = 0;
            b.at[lf][lr] = moved;
            walk(b, from, lf, lr, king, taken | bit(bit_at(ef, er)), n + 1, out);
            b.at[lf][lr] = 0;
            b.at[f][r] = moved;
            if (!king) break;
        }
    }
    if (!any && n > 0) out.push_back({n, {from, bit_at(f, r), taken}});
}

// Every legal move of the side to move as (from, to, captured), sorted, each once.
std::vector<Key3> slow_moves(const intl::Position& p) {
    const Color us = p.side_to_move();
    Board b;
    for (int f = 0; f < 10; ++f)
        for (int r = 1; r <= 10; ++r) {
            if (Geo::square_at(f, r) < 0) continue;
            const Bitboard x = bit(bit_at(f, r));
            const int kind = (p.kings() & x) ? 2 : 1;
            b.at[f][r] = (p.pieces(us) & x) ? kind : (p.pieces(~us) & x) ? -kind : 0;
        }
    std::vector<std::pair<int, Key3>> caps;
    for (int f = 0; f < 10; ++f)
        for (int r = 1; r <= 10; ++r)
            if (b.at[f][r] > 0) walk(b, bit_at(f, r), f, r, b.at[f][r] == 2, 0, 0, caps);
    std::vector<Key3> out;
    if (!caps.empty()) {
        int best = 0;
        for (const auto& c : caps) best = std::max(best, c.first);
        for (const auto& c : caps)
            if (c.first == best) out.push_back(c.second);
    } else {
        const int forward = us == Color::White ? 1 : -1;
        for (int f = 0; f < 10; ++f)
            for (int r = 1; r <= 10; ++r) {
                if (b.at[f][r] <= 0) continue;
                const bool king = b.at[f][r] == 2;
                for (int d = 0; d < 4; ++d) {
                    if (!king && Dr[d] != forward) continue;
                    for (int tf = f + Df[d], tr = r + Dr[d]; on_board(tf, tr) && b.at[tf][tr] == 0;
                         tf += Df[d], tr += Dr[d]) {
                        out.push_back({bit_at(f, r), bit_at(tf, tr), 0});
                        if (!king) break;
                    }
                }
            }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

// perft through generate_moves and Position::after only: no bulk counting, no fused plies.
std::uint64_t list_perft(const intl::Position& p, int depth) {
    intl::MoveList list;
    intl::generate_moves(p, list);
    if (depth == 1) return list.size();
    std::uint64_t n = 0;
    for (const Move& m : list) n += list_perft(p.after(m), depth - 1);
    return n;
}

// A random position: about `pieces` pieces, a share of them kings, no man on its crowning row.
intl::Position random_position(std::mt19937_64& rng, int pieces, int king_percent) {
    Bitboard black = 0, white = 0, kings = 0;
    for (int i = 0; i < pieces; ++i) {
        const Bitboard x = bit(Geo::bit_of(int(rng() % Geo::squares)));
        const bool is_white = rng() % 2, king = int(rng() % 100) < king_percent;
        if ((black | white) & x) continue;
        (is_white ? white : black) |= x;
        if (king || (x & intl::crown_row(is_white ? Color::White : Color::Black))) kings |= x;
    }
    return intl::Position::from_bitboards(black, white, kings, rng() % 2 ? Color::White : Color::Black);
}

// Positions of random games from random starts with kings and from the start position.
std::vector<intl::Position> random_positions(std::uint64_t seed, int games, int plies) {
    std::mt19937_64 rng(seed);
    std::vector<intl::Position> out;
    for (int g = 0; g < games; ++g) {
        intl::Position p = g % 4 == 0 ? intl::Position::start()
                                      : random_position(rng, 8 + int(rng() % 30), int(rng() % 60));
        for (int ply = 0; ply < plies; ++ply) {
            out.push_back(p);
            intl::MoveList list;
            intl::generate_moves(p, list);
            if (list.empty()) break;
            p = p.after(list[std::size_t(rng() % list.size())]);
        }
    }
    return out;
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
