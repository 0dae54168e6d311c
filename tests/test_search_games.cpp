// The properties the searcher keeps in every game, one TEMPLATE_TEST_CASE each over the three
// games: never an illegal move whatever the limits, the same search after clearing, win and loss
// distances that match a plain minimax, and the quiet-ply draw rule at the trait's count. What is
// one game's own (its tactics, endings, other draw rules, options, clocks) stays in
// test_search.cpp, test_search_international.cpp and test_brazilian.cpp.
#include <cstdint>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/brazilian.hpp"
#include "engine/international.hpp"
#include "search/search.hpp"
#include "search_fixture.hpp"

using namespace tempo;
using namespace tempo::search;
using tempo::testing::DistanceCheck;

namespace {

// Each game's sizes for the cases below: its random positions (seed, how many, the most random
// plies, the most pieces a side of a setup, how many must have a move), the searches repeated
// after clearing (seed, how many, plies of the first and the step, the node and depth limits), and
// the endings checked against minimax (seed, the check, how many must be decided).
struct Sizes {
    std::uint64_t legal_seed;
    int legal_positions, legal_plies, legal_setup, legal_searched;
    std::uint64_t same_seed;
    int same_count, same_plies, same_step;
    std::uint64_t same_nodes;
    int same_depth;
    std::uint64_t distance_seed;
    DistanceCheck distances;
    int decided;
};

// `won_kings`: kings against a lone king that none of them can capture on the first move (it
// stands on the edge, with no square beyond it), won on material.
struct EnglishSearch {
    using Trait = Wcdf;
    static constexpr const char* won_kings = "W:WK14,K15,K19:BK1";
    static constexpr Sizes sizes{6, 600, 90, 6, 500, 5, 4, 10, 6, 150000, 9, 4, {400, 40, 5, 7}, 20};
};

struct InternationalSearch {
    using Trait = intl::Fmjd;
    static constexpr const char* won_kings = "W:WK46,K47,K48,K49:BK1";
    static constexpr Sizes sizes{12, 300, 120, 8, 250, 13, 3, 8, 10, 60000, 6, 11, {600, 30, 4, 6}, 15};
};

struct BrazilianSearch {
    using Trait = brazil::Cbd;
    static constexpr const char* won_kings = "W:WK29,K30,K31,K32:BK1";
    static constexpr Sizes sizes{14, 300, 90, 6, 200, 15, 3, 8, 10, 60000, 7, 16, {600, 30, 4, 6}, 15};
};

}  // namespace

TEMPLATE_TEST_CASE("never an illegal move, whatever the limits", "[search][legal]", EnglishSearch,
                   InternationalSearch, BrazilianSearch) {
    using B = typename TestType::Trait;
    constexpr Sizes s = TestType::sizes;
    Engine engine(1);
    std::mt19937_64 rng(s.legal_seed);
    int searched = 0;
    for (int i = 0; i < s.legal_positions; ++i) {
        const BasicPosition<B> p = i % 2 ? testing::random_game<B>(rng, int(rng() % std::uint64_t(s.legal_plies)))
                                         : testing::random_setup<B>(rng, s.legal_setup);
        MoveListFor<B> list;
        generate_moves(p, list);
        Limits limits;
        if (i % 3 == 0) limits.depth = 1 + int(rng() % 4);
        else limits.nodes = 1 + rng() % 300;
        const SearchResult r = engine.go(p, {}, limits);
        if (list.empty()) {
            CHECK_FALSE(r.best);
            continue;
        }
        ++searched;
        REQUIRE(r.best);
        CHECK(testing::is_legal(p, *r.best));
        REQUIRE_FALSE(r.pv.empty());
        CHECK(r.pv[0] == *r.best);
        BasicPosition<B> q = p;
        for (const Move& m : r.pv) {
            REQUIRE(testing::is_legal(q, m));
            q = q.after(m);
        }
        if (r.ponder) CHECK(testing::is_legal(p.after(*r.best), *r.ponder));
    }
    CHECK(searched > s.legal_searched);
}

TEMPLATE_TEST_CASE("the same limits after clearing give the same search", "[search][reproducible]", EnglishSearch,
                   InternationalSearch, BrazilianSearch) {
    using B = typename TestType::Trait;
    constexpr Sizes s = TestType::sizes;
    Engine engine(16);
    std::mt19937_64 rng(s.same_seed);
    for (int i = 0; i < s.same_count; ++i) {
        const BasicPosition<B> p = testing::random_game<B>(rng, s.same_plies + s.same_step * i);
        Limits limits;
        if (i % 2) limits.nodes = s.same_nodes;
        else limits.depth = s.same_depth;
        std::vector<int> depths[2];
        SearchResult r[2];
        for (int run = 0; run < 2; ++run) {
            engine.clear();
            r[run] = engine.go(p, {}, limits, [&](const Info& info) { depths[run].push_back(info.depth); });
        }
        REQUIRE(r[0].best);
        CHECK(*r[0].best == *r[1].best);
        CHECK(r[0].score == r[1].score);
        CHECK(r[0].nodes == r[1].nodes);
        CHECK(r[0].pv == r[1].pv);
        CHECK(depths[0] == depths[1]);
        if (limits.nodes) CHECK(r[0].nodes <= limits.nodes);
        if (limits.depth) CHECK(r[0].depth == limits.depth);
    }
}

TEMPLATE_TEST_CASE("win and loss distances match a plain minimax", "[search][mate]", EnglishSearch,
                   InternationalSearch, BrazilianSearch) {
    using B = typename TestType::Trait;
    constexpr Sizes s = TestType::sizes;
    Engine engine(4);
    CHECK(testing::check_distances<B>(engine, s.distance_seed, s.distances) >= s.decided);
}

TEMPLATE_TEST_CASE("the quiet-ply rule draws a won position", "[search][draw]", EnglishSearch, InternationalSearch,
                   BrazilianSearch) {
    // English: the 80-ply rule of the reference game; FMJD: the 25-move rule of kings only. With
    // one ply short of the trait's count already played, every move ends the game drawn.
    using B = typename TestType::Trait;
    const Result<BasicPosition<B>> won = parse_fen<B>(TestType::won_kings);
    REQUIRE(won.ok());
    Engine engine(1);
    CHECK(testing::search_to(engine, *won, 4).score > 100);
    const BasicPosition<B> late = BasicPosition<B>::from_bitboards(
        won->pieces(Color::Black), won->pieces(Color::White), won->kings(), Color::White, B::quiet_draw_plies - 1);
    engine.clear();
    const SearchResult r = testing::search_to(engine, late, 4);
    CHECK(r.score == Draw);
    REQUIRE(r.best);
    CHECK(testing::is_legal(late, *r.best));
}
