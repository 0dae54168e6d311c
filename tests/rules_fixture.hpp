// What the rules-core tests need of each game, under one set of names (issue 15, Stage 3):
// `Fixture<B>` for B in TEMPO_ALL_RULES gives the start FEN, a FEN reader that fails the test on a
// bad text, the game's perft functions, its published perft tables (reference_rows) and its
// samples of random positions. The shared properties are then one TEMPLATE_TEST_CASE each
// (test_rules_core.cpp); what is particular to a game stays in its own file.
//
// The tables: English reads tests/data/perft-english-start.csv and perft-english-positions.txt;
// international and Brazilian draughts share the "name | FEN | counts" format (one convention),
// whose English variant adds a fourth field, the other convention's counts or "same".
#pragma once

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/brazilian.hpp"
#include "engine/game.hpp"
#include "engine/international.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/notation_international.hpp"
#include "engine/perft.hpp"
#include "engine/position.hpp"
#include "engine/rulebook.hpp"
#include "engine/rules.hpp"
#include "random_games.hpp"

// The three rules traits, for TEMPLATE_TEST_CASE(name, tags, TEMPO_ALL_RULES): the cases are
// named "name - tempo::Wcdf" and so on.
#define TEMPO_ALL_RULES tempo::Wcdf, tempo::intl::Fmjd, tempo::brazil::Cbd

namespace tempo::testing {

// Perft counts above this many leaves are left to the [slow] cases (ctest --preset slow).
inline constexpr std::uint64_t FastLimit = 20'000'000;

// --- The perft tables -----------------------------------------------------------------------------

// One position of a published table and its counts from depth 1, in each convention the table
// gives (a count of 0: not published at that depth).
struct PerftRow {
    std::string name, fen;
    std::vector<std::uint64_t> keep, drop;
    const std::vector<std::uint64_t>& counts(Routes r) const { return r == Routes::Keep ? keep : drop; }
};

inline std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

inline std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::stringstream ss(s);
    for (std::string part; std::getline(ss, part, sep);) out.push_back(trim(part));
    return out;
}

inline std::vector<std::uint64_t> numbers(const std::string& s) {
    std::vector<std::uint64_t> out;
    std::stringstream ss(s);
    for (std::uint64_t n; ss >> n;) out.push_back(n);
    return out;
}

// The lines of a file of tests/data, without the empty and the '#' ones.
inline std::vector<std::string> data_lines(const std::string& name) {
    std::ifstream in(std::string(TEMPO_TEST_DATA) + "/" + name);
    REQUIRE(in.good());
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') lines.push_back(line);
    return lines;
}

// A "name | FEN | counts" table. With `both`, "name | FEN | keep counts | drop counts or same"
// (English); without it the counts are the one convention of the flying games, Routes::Drop.
inline std::vector<PerftRow> perft_table(const std::string& file, bool both) {
    std::vector<PerftRow> rows;
    for (const auto& line : data_lines(file)) {
        const auto f = split(line, '|');
        REQUIRE(f.size() == (both ? 4u : 3u));
        PerftRow r{f[0], f[1], {}, {}};
        if (both) {
            r.keep = numbers(f[2]);
            r.drop = f[3] == "same" ? r.keep : numbers(f[3]);
            REQUIRE(r.keep.size() == r.drop.size());
        } else {
            r.drop = numbers(f[2]);
        }
        rows.push_back(r);
    }
    return rows;
}

// The English start position's table (perft-english-start.csv), every depth it gives.
struct StartRow {
    int depth;
    std::uint64_t keep, drop;  // drop 0: not published
};

inline std::vector<StartRow> english_start_table() {
    std::vector<StartRow> rows;
    for (const auto& line : data_lines("perft-english-start.csv")) {
        if (line.rfind("depth", 0) == 0) continue;
        const auto f = split(line, ',');
        rows.push_back({std::stoi(f[0]), std::stoull(f[1]),
                        f.size() > 2 && !f[2].empty() ? std::stoull(f[2]) : 0});
    }
    return rows;
}

// --- Random positions -----------------------------------------------------------------------------

// A random position: about `pieces` pieces, a share of them kings, no man on its crowning row.
template <RulesTrait B>
BasicPosition<B> random_position(std::mt19937_64& rng, int pieces, int king_percent) {
    using P = BasicPosition<B>;
    using Geo = typename B::Geometry;
    Bitboard black = 0, white = 0, kings = 0;
    for (int i = 0; i < pieces; ++i) {
        const Bitboard x = bit(Geo::bit_of(int(rng() % Geo::squares)));
        const bool is_white = rng() % 2, king = int(rng() % 100) < king_percent;
        if ((black | white) & x) continue;
        (is_white ? white : black) |= x;
        const Bitboard crown = is_white ? P::template Crown<Color::White> : P::template Crown<Color::Black>;
        if (king || (x & crown)) kings |= x;
    }
    return P::from_bitboards(black, white, kings, rng() % 2 ? Color::White : Color::Black);
}

// Positions of random games, `plies` each at most, one game in four from the start position and
// the others from random setups with kings (8 to `max_pieces` pieces).
template <RulesTrait B>
std::vector<BasicPosition<B>> random_game_sample(std::uint64_t seed, int games, int plies, int max_pieces) {
    using P = BasicPosition<B>;
    std::mt19937_64 rng(seed);
    std::vector<P> out;
    for (int g = 0; g < games; ++g) {
        P p = g % 4 == 0 ? P::start()
                         : random_position<B>(rng, 8 + int(rng() % std::uint64_t(max_pieces - 7)), int(rng() % 60));
        for (int ply = 0; ply < plies; ++ply) {
            out.push_back(p);
            MoveListFor<B> list;
            generate_moves(p, list);
            if (list.empty()) break;
            p = p.after(list[std::size_t(rng() % list.size())]);
        }
    }
    return out;
}

// --- The fixture ----------------------------------------------------------------------------------

// How many of a sample's positions must show what a generator test is meant to test: moves that
// capture, moves with several jump orders, and positions whose moves capture, with a king, or
// three pieces and more.
struct SampleFloor {
    int capture_moves, multi_route_moves, capture_positions, king_capture_positions, long_capture_positions;
};

// Positions of `games` random games of `plies` plies at most, from `seed`.
struct GamesSample {
    std::uint64_t seed;
    int games, plies;
};

// A sample for comparing the bulk counters with list perft: positions of random games, searched
// to `deep` plies every `every` positions and to `shallow` plies otherwise.
struct BulkSample {
    std::uint64_t seed;
    int games, plies, every, deep, shallow;
};

template <RulesTrait B>
struct FixtureBase {
    using Trait = B;
    using Position = BasicPosition<B>;
    using MoveList = MoveListFor<B>;
    using Book = Rulebook<B>;

    // The position of a FEN, which must be valid.
    static Position fen(std::string_view text) {
        auto p = Book::parse_fen(text);
        INFO(text << ": " << (p ? std::string() : p.error()));
        REQUIRE(p.ok());
        return p.value();
    }
    static std::string to_fen(const Position& p) { return Book::to_fen(p); }

    // The game of a FEN, which must be valid.
    template <class Game, class Rules>
    static Game game_of(std::string_view text, const Rules& rules) {
        auto g = Game::from_fen(text, rules);
        INFO(text << ": " << (g ? std::string() : g.error()));
        REQUIRE(g.ok());
        return g.value();
    }
};

template <class B>
struct Fixture;

template <>
struct Fixture<Wcdf> : FixtureBase<Wcdf> {
    static constexpr const char* start_fen = "B:W21-32:B1-12";
    static constexpr const char* mirror_fen = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29";
    // The conventions of the tables, the first one deciding whether a count is fast or [slow].
    static constexpr Routes conventions[] = {Routes::Keep, Routes::Drop};

    static std::uint64_t perft(const Position& p, int depth, Routes r) { return tempo::perft(p, depth, r); }
    static PerftResult perft_divide(const Position& p, const PerftOptions& o) { return tempo::perft_divide(p, o); }
    // The counts of the [slow] cases: the plain counter.
    static std::uint64_t deep_perft(const Position& p, int depth, Routes r) { return tempo::perft(p, depth, r); }

    // The start position to depth 14 (perft-english-start.csv), then the positions of
    // perft-english-positions.txt.
    static std::vector<PerftRow> reference_rows() {
        PerftRow start{"start", start_fen, {}, {}};
        for (const StartRow& row : english_start_table()) {
            if (row.depth > 14) break;
            REQUIRE(row.depth == int(start.keep.size()) + 1);
            start.keep.push_back(row.keep);
            start.drop.push_back(row.drop);
        }
        std::vector<PerftRow> rows{start};
        for (auto& r : perft_table("perft-english-positions.txt", true)) rows.push_back(r);
        return rows;
    }

    // Random games on the 8x8 board (up to 24 pieces).
    static std::vector<Position> random_positions(std::uint64_t seed, int games, int plies) {
        return random_game_sample<Wcdf>(seed, games, plies, 24);
    }

    // The generator test's sample: 100,000 random setups (each square empty or holding a random
    // piece, no man on its own crowning row) and positions known for their captures.
    static std::vector<Position> generator_sample() {
        std::mt19937_64 rng(1234);
        std::vector<Position> positions;
        for (int i = 0; i < 100000; ++i) {
            Bitboard black = 0, white = 0, kings = 0;
            const unsigned density = 2 + unsigned(rng() % 6);  // about 1 square in density is taken
            for (int s = 0; s < 32; ++s) {
                if (rng() % density) continue;
                const Bitboard b = bit(Geo::bit_of(s));
                const Color c = rng() % 2 ? Color::Black : Color::White;
                (c == Color::Black ? black : white) |= b;
                if (rng() % 3 == 0 || (crown_row(c) & b)) kings |= b;
            }
            positions.push_back(Position::from_bitboards(black, white, kings, rng() % 2 ? Color::Black : Color::White));
        }
        for (const char* f : {"W:WK10,30,31,32:B1,2,3,14,15,22,23", "B:W26,27,30:B1,22",
                              "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29", "W:WK4,9,K13,27,32:B3,5,K10,28",
                              "B:WK12,K27,30,32:B21,K24,28,K31", "B:W14,15,22,23,24,30,31,32:BK6,7,8,9,11,12",
                              "B:W6,7,8,14,15,16,22,23,24:BK2", "W:WK4,13,30,K31,K32:BK1,K3,K7,K15,21"})
            positions.push_back(fen(f));
        return positions;
    }
    // Capture moves, and king captures with several jump orders.
    static constexpr SampleFloor generator_floor{50000, 20, 0, 0, 0};
    // The FEN tests' positions: random games from the start, either side first (random_games.hpp).
    static std::vector<Position> fen_sample() { return random_game_positions(7, 3000); }
    static std::vector<Position> fen_fuzz_sample() { return random_game_positions(19, 500); }
    static std::vector<Position> move_text_sample() { return random_game_positions(5, 3000); }
    static constexpr int fen_fuzz_accepted = 200;  // 470 with these seeds
    static constexpr BulkSample bulk_sample{1915, 300, 40, 6, 4, 3};

    // The game's rules: what no legal move, repetition and the rules without it look like.
    using Game = tempo::Game;
    static Game game(std::string_view text, const Rules& r = Rules::official()) { return game_of<Game>(text, r); }
    static Rules no_repetition() { return Rules::reference(); }
    // The man on 21 can neither step onto 17 nor jump it: 14 is occupied; the black man on 12 can
    // neither step onto 16 nor jump it: 19 is occupied.
    static constexpr const char* blocked_white = "W:W21:B14,17";
    static constexpr const char* blocked_black = "B:W16,19:B12";
    static constexpr const char* last_capture[3] = {"W:W22:B18", "22x15", "15-11"};  // FEN, capture, then any move
    static constexpr const char* shuffle_fen = "W:WK32:BK1";
    static constexpr const char* shuffle[4] = {"32-28", "1-5", "28-32", "5-1"};
    static inline const std::vector<std::string> shuffle_start_texts{"32-27", "32-28"};
};

// The flying-king games: one convention (a move counts once), the [slow] counts through the table
// and two threads, random games of 8 to `max_pieces` pieces.
template <RulesTrait B>
struct FlyingFixture : FixtureBase<B> {
    using typename FixtureBase<B>::Position;
    static constexpr Routes conventions[] = {Routes::Drop};
    static constexpr bool international = std::is_same_v<B, intl::Fmjd>;

    static std::uint64_t perft(const Position& p, int depth, Routes) {
        if constexpr (international)
            return intl::perft(p, depth);
        else
            return brazil::perft(p, depth);
    }
    static PerftResult perft_divide(const Position& p, const PerftOptions& o) {
        if constexpr (international)
            return intl::perft_divide(p, o);
        else
            return brazil::perft_divide(p, o);
    }
    static std::uint64_t deep_perft(const Position& p, int depth, Routes) {
        return perft_divide(p, {depth, Routes::Drop, 512, 2}).nodes;
    }
    static std::vector<Position> random_positions(std::uint64_t seed, int games, int plies) {
        return random_game_sample<B>(seed, games, plies, Fixture<B>::max_pieces);
    }

    // The game's table, the start position first.
    static std::vector<PerftRow> reference_rows() {
        using F = Fixture<B>;
        auto rows = perft_table(F::table, false);
        REQUIRE(rows.size() == F::table_rows);
        REQUIRE(rows[0].name == "start");
        REQUIRE(rows[0].fen == F::start_fen);
        REQUIRE(rows[0].drop.size() == F::start_depths);
        return rows;
    }
    static std::vector<Position> generator_sample() {
        constexpr GamesSample s = Fixture<B>::generator_games;
        return random_positions(s.seed, s.games, s.plies);
    }
    // The FEN tests' positions: random games from the start and from random setups.
    static std::vector<Position> fen_sample() { return random_positions(7, 100, 30); }
    static std::vector<Position> fen_fuzz_sample() { return random_positions(19, 20, 25); }
    static std::vector<Position> move_text_sample() { return random_positions(5, 100, 30); }

    using Game = std::conditional_t<international, intl::Game, brazil::Game>;
    static Game game(std::string_view text, const intl::Rules& r = intl::Rules::official()) {
        return FixtureBase<B>::template game_of<Game>(text, r);
    }
    static intl::Rules no_repetition() { return {false, true}; }
};

template <>
struct Fixture<intl::Fmjd> : FlyingFixture<intl::Fmjd> {
    static constexpr const char* start_fen = "W:W31-50:B1-20";
    // A position with kings on both sides and captures in the air, for the mirror test.
    static constexpr const char* mirror_fen = "W:WK22,28,33,K45:BK24,18,34,40,K6";
    static constexpr int max_pieces = 37;
    // The start to depth 12 and Woldouby.
    static constexpr const char* table = "perft-international.txt";
    static constexpr std::size_t table_rows = 2, start_depths = 12;
    static constexpr GamesSample generator_games{71, 2000, 60};
    static constexpr SampleFloor generator_floor{0, 0, 10000, 3000, 1000};
    static constexpr BulkSample bulk_sample{20261129, 1500, 80, 8, 3, 2};
    static constexpr int fen_fuzz_accepted = 300;  // 791 with these seeds
    // White's man on 36 is blocked by 31 with 27 behind; Black's on 15 by 20 with 24 behind.
    static constexpr const char* blocked_white = "W:W36:B27,31";
    static constexpr const char* blocked_black = "B:W20,24:B15";
    static constexpr const char* last_capture[3] = {"W:W28:B23", "28x19", "19-14"};
    // Kings on i1 and j10, which never meet on a diagonal.
    static constexpr const char* shuffle_fen = "W:WK50:BK5";
    static constexpr const char* shuffle[4] = {"50-45", "5-10", "45-50", "10-5"};
    static inline const std::vector<std::string> shuffle_start_texts{"50-6",  "50-11", "50-17", "50-22", "50-28",
                                                                     "50-33", "50-39", "50-44", "50-45"};
};

template <>
struct Fixture<brazil::Cbd> : FlyingFixture<brazil::Cbd> {
    static constexpr const char* start_fen = "W:W21-32:B1-12";
    static constexpr const char* mirror_fen = "W:WK17,22,23,K30:BK9,14,15,K2,5";
    static constexpr int max_pieces = 24;
    // The start to depth 13.
    static constexpr const char* table = "perft-brazilian.txt";
    static constexpr std::size_t table_rows = 1, start_depths = 13;
    static constexpr GamesSample generator_games{26, 3000, 50};
    static constexpr SampleFloor generator_floor{0, 0, 5000, 1000, 200};
    static constexpr BulkSample bulk_sample{2612, 200, 40, 6, 4, 3};
    static constexpr int fen_fuzz_accepted = 200;  // 593 with these seeds
    // White's man on a1 (29) is blocked by b2 (25) with c3 (22) behind it; Black's on h6 (12) by
    // g5 (16) with f4 (19) behind, and it has nothing to take backwards.
    static constexpr const char* blocked_white = "W:W29:B25,22";
    static constexpr const char* blocked_black = "B:W16,19:B12";
    static constexpr const char* last_capture[3] = {"W:W22:B18", "22x15", "15-11"};
    // Flying kings on the edges, g1 and b8: on no diagonal can one take the other.
    static constexpr const char* shuffle_fen = "W:WK32:BK1";
    static constexpr const char* shuffle[4] = {"32-28", "1-5", "28-32", "5-1"};
    static inline const std::vector<std::string> shuffle_start_texts{"32-5",  "32-9",  "32-14", "32-18",
                                                                     "32-23", "32-27", "32-28"};
};

}  // namespace tempo::testing
