// The properties the network of every game shares (search/nnue.hpp, `BasicNetwork<G>`), one
// TEMPLATE_TEST_CASE each over the games that have a network: the AVX2 path computes the portable
// path's integers, a position and its colour-reversed twin score the same, the first layer
// updated from a cache gives the scores of a fresh sum, and the engine scores the trainer's saved
// positions as the trainer's integer pass did. What is one game's own (its features, a
// network computed by hand, its loader's refusals, its options) stays in test_nnue.cpp and
// test_nnue_international.cpp.
#include <array>
#include <fstream>
#include <string>
#include <random>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "nnue_fixture.hpp"
#include "random_games.hpp"
#include "search/nnue.hpp"

using namespace tempo;
using namespace tempo::search;

namespace {

// English draughts: 32 squares, at most 12 pieces a side.
struct EnglishNetwork {
    using Trait = Wcdf;
    using Game = nnue::English;
    using Network = nnue::Network;
    using Position = tempo::Position;
    // A network exported by train/export.py and the positions it scored (docs/network-format.md).
    static constexpr const char* fixture_network = TEMPO_TEST_DATA "/nnue-test.nnue";
    static constexpr const char* fixture_scores = TEMPO_TEST_DATA "/nnue-test-fixture.txt";
    // First-layer and dense weight ranges: small ones keep most units between the clamps, the
    // whole int8 range drives them into the clamps (and the AVX2 multiply's pairwise sums to
    // their largest).
    static constexpr std::array<std::pair<int, int>, 3> avx2_weights{{{20, 12}, {40, 30}, {60, 127}}};
    static constexpr std::pair<int, int> twin_weights{30, 20}, cache_weights{40, 30};

    // Positions of random games and random setups.
    static std::vector<Position> samples() {
        std::vector<Position> out = testing::random_game_positions(11, 3000);
        std::mt19937_64 rng(5);
        for (int i = 0; i < 3000; ++i) out.push_back(testing::random_setup(rng, 12));
        return out;
    }
    // Positions one after another as a search meets them (moves of random games, either side to
    // move), with jumps to unrelated setups.
    static std::vector<Position> search_order(std::mt19937_64& rng) {
        std::vector<Position> positions = testing::random_game_positions(41, 4000);
        for (std::size_t i = 0; i < positions.size(); i += 37) positions[i] = testing::random_setup(rng, 12);
        return positions;
    }
};

// International draughts: 50 squares, at most 20 pieces a side (smaller first-layer weights, since
// up to 40 rows add up).
struct InternationalNetwork {
    using Trait = intl::Fmjd;
    using Game = nnue::International;
    using Network = nnue::IntlNetwork;
    using Position = intl::Position;
    static constexpr const char* fixture_network = TEMPO_TEST_DATA "/nnue-intl-test.nnue";
    static constexpr const char* fixture_scores = TEMPO_TEST_DATA "/nnue-intl-test-fixture.txt";
    static constexpr std::array<std::pair<int, int>, 3> avx2_weights{{{12, 12}, {25, 30}, {40, 127}}};
    static constexpr std::pair<int, int> twin_weights{25, 20}, cache_weights{30, 30};

    static std::vector<Position> samples() {
        std::vector<Position> out = testing::intl_games::random_game_positions(11, 3000);
        std::mt19937_64 rng(5);
        for (int i = 0; i < 3000; ++i) out.push_back(testing::intl_games::random_setup(rng, 1 + i % 20));
        return out;
    }
    static std::vector<Position> search_order(std::mt19937_64& rng) {
        std::vector<Position> positions = testing::intl_games::random_game_positions(41, 4000);
        for (std::size_t i = 0; i < positions.size(); i += 37) positions[i] = testing::intl_games::random_setup(rng, 20);
        return positions;
    }
};

}  // namespace

TEMPLATE_TEST_CASE("nnue: the AVX2 path computes the portable path's integers", "[nnue]", EnglishNetwork,
                   InternationalNetwork) {
    using Network = nnue::BasicNetwork<typename TestType::Game>;
    if (!Network::avx2_available()) {
        WARN("this CPU has no AVX2: only the portable path runs here");
        return;
    }
    const auto positions = TestType::samples();
    std::mt19937_64 rng(17);
    for (const auto& [w1_max, dense_max] : TestType::avx2_weights) {
        const auto w = testing::random_parameters<typename TestType::Game>(rng, w1_max, dense_max);
        const Result<Network> net = Network::from_parameters(*w, "random");
        REQUIRE(net.ok());
        int differ = 0, distinct = 0, last = 0;
        for (const auto& p : positions) {
            if (has_capture(p)) continue;
            const Score portable = net->evaluate_portable(p), avx2 = net->evaluate_avx2(p);
            if (portable != avx2 && ++differ <= 3)
                FAIL_CHECK(to_fen(p) << ": portable " << portable << ", AVX2 " << avx2);
            distinct += portable != last;
            last = portable;
        }
        CHECK(differ == 0);
        CHECK(distinct > 1000);  // the networks do tell positions apart: the test compares something
    }
}

TEMPLATE_TEST_CASE("nnue: a position and its colour-reversed twin score the same", "[nnue]", EnglishNetwork,
                   InternationalNetwork) {
    using Network = nnue::BasicNetwork<typename TestType::Game>;
    std::mt19937_64 rng(23);
    const auto [w1_max, dense_max] = TestType::twin_weights;
    const auto w = testing::random_parameters<typename TestType::Game>(rng, w1_max, dense_max);
    const Result<Network> net = Network::from_parameters(*w, "random");
    REQUIRE(net.ok());
    int compared = 0;
    for (const auto& p : TestType::samples()) {
        if (has_capture(p)) continue;
        INFO(to_fen(p));
        REQUIRE(net->evaluate(p) == net->evaluate(testing::colour_reversed(p)));
        ++compared;
    }
    CHECK(compared > 3000);
}

TEMPLATE_TEST_CASE("nnue: the first layer updated from a cache gives the scores of a fresh sum", "[nnue]",
                   EnglishNetwork, InternationalNetwork) {
    using Network = nnue::BasicNetwork<typename TestType::Game>;
    // A second network through the same cache, now and then, must not see the first one's sums.
    std::mt19937_64 rng(31);
    const auto [w1_max, dense_max] = TestType::cache_weights;
    const auto w = testing::random_parameters<typename TestType::Game>(rng, w1_max, dense_max);
    const auto w2 = testing::random_parameters<typename TestType::Game>(rng, w1_max, dense_max);
    const Result<Network> net = Network::from_parameters(*w, "one");
    const Result<Network> other = Network::from_parameters(*w2, "two");
    REQUIRE(net.ok());
    REQUIRE(other.ok());
    const auto positions = TestType::search_order(rng);
    nnue::Cache portable, avx2;
    int n = 0;
    for (const auto& p : positions) {
        if (has_capture(p)) continue;
        const Network& use = ++n % 500 == 0 ? *other : *net;
        const Score fresh = use.evaluate_portable(p);
        INFO(to_fen(p));
        REQUIRE(use.evaluate_portable(p, portable) == fresh);
        if (Network::avx2_available()) REQUIRE(use.evaluate_avx2(p, avx2) == fresh);
    }
    CHECK(n > 2000);
}

TEMPLATE_TEST_CASE("nnue: the engine and the trainer's integer forward pass agree on saved positions", "[nnue]",
                   EnglishNetwork, InternationalNetwork) {
    // Each line of the fixture: Black's, White's and the kings' squares (bit s for square s + 1, in
    // hex), the side to move, and the score the trainer's integer pass gave with the fixture network.
    using Geo = typename TestType::Trait::Geometry;
    using Position = typename TestType::Position;
    using Network = typename TestType::Network;
    using Game = typename TestType::Game;
    const Result<Network> net = Network::load(TestType::fixture_network);
    REQUIRE(net.ok());
    std::ifstream in(TestType::fixture_scores);
    REQUIRE(in);
    auto board = [](const std::string& hex) {
        const unsigned long long squares = std::stoull(hex, nullptr, 16);
        Bitboard b = 0;
        for (int s = 0; s < Geo::squares; ++s)
            if (squares >> s & 1) b |= bit(Geo::bit_of(s));
        return b;
    };
    int positions = 0, buckets[Game::Buckets] = {}, distinct = 0, last = 0;
    nnue::Cache cache;
    for (std::string black, white, kings, side; in >> black >> white >> kings >> side;) {
        int cp = 0;
        REQUIRE(in >> cp);
        const Position p = Position::from_bitboards(board(black), board(white), board(kings),
                                                    side == "w" ? Color::White : Color::Black);
        INFO(to_fen(p));
        REQUIRE_FALSE(has_capture(p));
        CHECK(net->evaluate_portable(p) == cp);
        CHECK(net->evaluate(p, cache) == cp);
        if (Network::avx2_available()) CHECK(net->evaluate_avx2(p) == cp);
        ++positions;
        ++buckets[nnue::bucket_of<Game>(popcount(p.occupied()))];
        distinct += cp != last;
        last = cp;
    }
    CHECK(positions == 200);
    for (const int b : buckets) CHECK(b > 0);  // every bucket's layers are compared
    CHECK(distinct > 150);
}
