// The 10x10 neural evaluation (search/nnue.hpp, `IntlNetwork`): the features, the integer pass of
// a network computed by hand, the loader's refusals (the other game's file among them), the engine
// against the trainer's integer pass on saved positions, and the search evaluating with it. The
// AVX2 path, the cache and colour symmetry are tested for every game in test_nnue_games.cpp.
#include <algorithm>
#include <cstring>
#include <fstream>
#include <random>
#include <set>
#include <tuple>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/notation_international.hpp"
#include "nnue_fixture.hpp"
#include "random_games.hpp"
#include "run_tempo.hpp"
#include "search/nnue.hpp"
#include "search/search.hpp"

using namespace tempo;
using namespace tempo::search;
using tempo::testing::intl_games::random_game_positions;
using tempo::testing::intl_games::random_setup;

namespace {

std::unique_ptr<nnue::IntlParameters> random_parameters(std::mt19937_64& rng, int w1_max, int dense_max) {
    return tempo::testing::random_parameters<nnue::International>(rng, w1_max, dense_max);
}

std::unique_ptr<nnue::IntlParameters> zero_parameters() { return tempo::testing::zero_parameters<nnue::International>(); }

Bitboard squares(std::initializer_list<int> pdn) {
    Bitboard b = 0;
    for (const int s : pdn) b |= bit(intl::Geo::bit_of(s - 1));
    return b;
}

}  // namespace

TEST_CASE("intl nnue: the features of the start position and of a small setup", "[nnue][intl]") {
    // White to move: our men on 31-50 are own squares 19..0, their men on 1-20 own squares 49..30.
    const nnue::IntlFeatures f = nnue::features_of(intl::Position::start());
    REQUIRE(f.count == 40);
    std::vector<int> got(f.index.begin(), f.index.begin() + f.count);
    std::sort(got.begin(), got.end());
    std::vector<int> want;
    for (int o = 0; o < 20; ++o) want.push_back(o);
    for (int o = 30; o < 50; ++o) want.push_back(100 + o);
    CHECK(got == want);
    // Black to move, a black man on 6 (own square 5), a black king on 50 (own 49), a white man
    // on 45 (their man, own 44) and a white king on 1 (their king, own 0).
    const intl::Position p = intl::Position::from_bitboards(squares({6, 50}), squares({45, 1}), squares({50, 1}),
                                                            Color::Black);
    const nnue::IntlFeatures g = nnue::features_of(p);
    REQUIRE(g.count == 4);
    std::vector<int> kinds(g.index.begin(), g.index.begin() + g.count);
    std::sort(kinds.begin(), kinds.end());
    CHECK(kinds == std::vector<int>{5, 50 + 49, 100 + 44, 150 + 0});
}

TEST_CASE("intl nnue: the integer forward pass of a network computed by hand", "[nnue][intl]") {
    // One path through the network: unit 0 of the first layer sees our man on own square 0 (127
    // = 1.0), then a weight of 1.0 (64) a layer down to the output: one man for that man. The
    // output bias is 0.25 men plus one man per bucket (bucket k of n pieces: (n - 1) * 4 / 40).
    auto w = zero_parameters();
    w->w1[0][0] = 127;
    for (int k = 0; k < 4; ++k) {
        auto& d = w->dense[std::size_t(k)];
        d.w2[0][0] = 64;
        d.w3[0][0] = 64;
        d.w4[0] = 64;
        d.b4 = 2032 + 8128 * k;
    }
    const Result<nnue::IntlNetwork> net = nnue::IntlNetwork::from_parameters(*w, "by hand");
    REQUIRE(net.ok());
    CHECK(net->description() == "by hand");
    // The start: White to move has a man on 50 (own square 0); 40 pieces, bucket 3.
    CHECK(net->evaluate_portable(intl::Position::start()) == 100 + 25 + 300);
    // Two pieces (bucket 0): the white man on 50 is own square 0 for White to move; for Black to
    // move only a black man on 1 would be.
    const intl::Position two = intl::Position::from_bitboards(squares({2}), squares({50}), 0, Color::White);
    CHECK(net->evaluate_portable(two) == 125);
    CHECK(net->evaluate_portable(intl::Position::from_bitboards(squares({2}), squares({50}), 0, Color::Black)) == 25);
    CHECK(net->evaluate_portable(intl::Position::from_bitboards(squares({1}), squares({49}), 0, Color::Black)) == 125);
    // Eleven pieces: bucket 1.
    const intl::Position eleven = intl::Position::from_bitboards(squares({1, 2, 3, 4, 5}),
                                                                 squares({46, 47, 48, 49, 50, 40}), 0, Color::White);
    CHECK(net->evaluate_portable(eleven) == 125 + 100);
    // Half the signal: 64 -> (64 * 64) >> 6 = 64 -> 64 -> 64 * 64 = 4096 at the output.
    w->w1[0][0] = 64;
    const Result<nnue::IntlNetwork> half = nnue::IntlNetwork::from_parameters(*w, "half");
    REQUIRE(half.ok());
    CHECK(half->evaluate_portable(two) == (4096 + 2032) * 100 / 8128);
    if (nnue::IntlNetwork::avx2_available()) {
        CHECK(net->evaluate_avx2(intl::Position::start()) == 425);
        CHECK(half->evaluate_avx2(two) == (4096 + 2032) * 100 / 8128);
    }
}

TEST_CASE("intl nnue: the loaders refuse the other game's file, a damaged one, a short one", "[nnue][intl]") {
    std::mt19937_64 rng(3);
    const auto w = random_parameters(rng, 20, 20);
    const std::vector<std::uint8_t> good = nnue::encode(*w, "good");
    REQUIRE(good.size() == 64 + 73104);
    REQUIRE(nnue::IntlNetwork::parse(good, "good").ok());
    auto refused = [](const std::vector<std::uint8_t>& bytes) {
        const Result<nnue::IntlNetwork> r = nnue::IntlNetwork::parse(bytes, "test.nnue");
        REQUIRE_FALSE(r.ok());
        return r.error();
    };
    // An English network, given to the 10x10 loader, and the other way round.
    auto english = std::make_unique<nnue::Parameters>();
    std::memset(english.get(), 0, sizeof *english);
    const std::vector<std::uint8_t> english_file = nnue::encode(*english, "english");
    CHECK_THAT(refused(english_file),
               Catch::Contains("is for game 0 (English draughts), not international draughts (1)"));
    const Result<nnue::Network> as_english = nnue::Network::parse(good, "intl.nnue");
    REQUIRE_FALSE(as_english.ok());
    CHECK_THAT(as_english.error(), Catch::Contains("is for game 1 (international draughts), not English draughts (0)"));
    // Damaged, truncated, longer, wrong sizes, a first layer that could overflow.
    std::vector<std::uint8_t> flipped = good;
    flipped[64 + 5000] ^= 0x04;
    CHECK_THAT(refused(flipped), Catch::Contains("damaged"));
    CHECK_THAT(refused(std::vector<std::uint8_t>(good.begin(), good.end() - 100)), Catch::Contains("its header says"));
    CHECK_THAT(refused(std::vector<std::uint8_t>(good.begin(), good.begin() + 30)),
               Catch::Contains("shorter than the 64-byte header"));
    std::vector<std::uint8_t> inputs = good;
    inputs[16] = 128;  // 128 inputs: the English size
    CHECK_THAT(refused(inputs), Catch::Contains("inputs 128; this Tempo needs 200"));
    auto big = std::make_unique<nnue::IntlParameters>(*w);
    for (auto& row : big->w1) row[7] = 820;  // 40 * 820 > 32767
    CHECK_THAT(refused(nnue::encode(*big, "big")), Catch::Contains("first-layer unit 7"));

    // load_any routes a file by its game field, and keeps the loader's message for a bad one.
    ::testing::ScratchDir dir;
    auto write = [&dir](const std::string& name, const std::vector<std::uint8_t>& bytes) {
        std::ofstream out(dir.file(name), std::ios::binary);
        out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        return dir.file(name);
    };
    const Result<nnue::AnyNetwork> a = nnue::load_any(write("intl.nnue", good));
    REQUIRE(a.ok());
    CHECK(std::holds_alternative<nnue::IntlNetwork>(*a));
    const Result<nnue::AnyNetwork> b = nnue::load_any(write("english.nnue", english_file));
    REQUIRE(b.ok());
    CHECK(std::holds_alternative<nnue::Network>(*b));
    const Result<nnue::AnyNetwork> c = nnue::load_any(write("flipped.nnue", flipped));
    REQUIRE_FALSE(c.ok());
    CHECK_THAT(c.error(), Catch::Contains("damaged"));
}

TEST_CASE("intl nnue: the search evaluates 10x10 positions with the network it is given", "[nnue][intl][search]") {
    // A network that says +1.5 men for the side to move whatever the position: a two-ply search
    // from the start (no capture in reach) ends in positions with the root's side to move.
    auto w = zero_parameters();
    for (auto& d : w->dense) d.b4 = 8128 * 3 / 2;
    const Result<nnue::IntlNetwork> net = nnue::IntlNetwork::from_parameters(*w, "constant");
    REQUIRE(net.ok());
    Engine engine(1);
    engine.options().intl_network = &*net;
    Limits limits;
    limits.depth = 2;
    CHECK(engine.go(intl::Position::start(), {}, limits).score == 150);
    CHECK(engine.go(intl::Position::start(), {}, limits).score == 150);
    engine.options().intl_network = nullptr;  // the hand-set evaluation: the start is level
    engine.clear();
    CHECK(engine.go(intl::Position::start(), {}, limits).score != 150);
}

TEST_CASE("intl nnue: EvalFileInternational loads a network, refuses an English one and keeps the evaluation",
          "[nnue][intl][cli]") {
    std::mt19937_64 rng(29);
    const auto w = random_parameters(rng, 25, 20);
    ::testing::ScratchDir dir;
    auto write = [&dir](const std::string& name, const std::vector<std::uint8_t>& bytes) {
        std::ofstream out(dir.file(name), std::ios::binary);
        out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        return dir.file(name);
    };
    const std::string good = write("intl.nnue", nnue::encode(*w, "intl test"));
    auto english = std::make_unique<nnue::Parameters>();
    std::memset(english.get(), 0, sizeof *english);
    const std::string wrong = write("english.nnue", nnue::encode(*english, "english"));
    const Result<nnue::IntlNetwork> net = nnue::IntlNetwork::from_parameters(*w, "intl test");
    REQUIRE(net.ok());
    const std::string expected =
        "info string eval network " + std::to_string(net->evaluate(intl::Position::start())) + " (intl test)";
    const auto run = ::testing::run_tool(
        {}, "setoption name Variant value international\nsetoption name EvalFileInternational value " + good +
                "\neval\nsetoption name EvalFileInternational value " + wrong +
                "\neval\nsetoption name EvalFile value " + good +
                "\nsetoption name Evaluation value classic\neval\nquit\n");
    REQUIRE(run.status == 0);
    const std::string& out = run.out;
    // After Evaluation classic only the hand-set evaluation's total is written.
    tempo::testing::check_refused_file_keeps_network(out, expected,
                                                     "info string error: EvalFileInternational: network '" + wrong +
                                                         "' is for game 0 (English draughts), not international draughts (1)",
                                                     "info string eval total");
    // The 10x10 file given to the English option is refused the same way.
    CHECK(out.find("info string error: EvalFile: network '" + good +
                   "' is for game 1 (international draughts), not English draughts (0)") != std::string::npos);
}

TEST_CASE("intl datagen: --variant international writes quiet 10x10 positions once each, with the game in the header",
          "[nnue][intl][cli]") {
    ::testing::ScratchDir dir;
    const std::string out = dir.file("intl.dat");
    const auto run = ::testing::run_tool({"datagen", "--variant", "international", "--out", out, "--games", "3",
                                          "--nodes", "300", "--threads", "1", "--seed", "4", "--random-plies", "4"});
    REQUIRE(run.status == 0);
    const std::string bytes = ::testing::read_text(out);
    REQUIRE(bytes.size() > 32);
    // The header: magic, version 2, record size 32, game 1, zeros.
    std::uint32_t head[6];
    std::memcpy(head, bytes.data() + 8, sizeof head);
    CHECK(bytes.substr(0, 8) == "TEMPODAT");
    CHECK(head[0] == 2);
    CHECK(head[1] == 32);
    CHECK(head[2] == 1);
    CHECK((head[3] | head[4] | head[5]) == 0);
    REQUIRE((bytes.size() - 32) % 32 == 0);
    const std::size_t n = (bytes.size() - 32) / 32;
    CHECK(n > 50);
    std::set<std::tuple<std::uint64_t, std::uint64_t, std::uint64_t, int>> seen;
    const auto board = tempo::testing::record_board<intl::Geo>;
    for (std::size_t i = 0; i < n; ++i) {
        const char* r = bytes.data() + 32 + 32 * i;
        std::uint64_t black, white, kings;
        std::memcpy(&black, r, 8), std::memcpy(&white, r + 8, 8), std::memcpy(&kings, r + 16, 8);
        const int result = static_cast<unsigned char>(r[26]), flags = static_cast<unsigned char>(r[27]);
        CHECK(result <= 2);
        CHECK((flags & ~1) == 0);
        CHECK((black & white) == 0);
        CHECK((black | white) >> 50 == 0);
        const intl::Position p = intl::Position::from_bitboards(board(black), board(white), board(kings),
                                                                flags & 1 ? Color::White : Color::Black);
        CHECK_FALSE(intl::has_capture(p));
        CHECK(seen.insert({black, white, kings, flags & 1}).second);
    }
    // Appending to it keeps the header; an English run refuses the file.
    const auto english = ::testing::run_tool(
        {"datagen", "--out", out, "--games", "1", "--egdb", "0", "--ballots", "none", "--random-plies", "2"});
    CHECK(english.status != 0);
    CHECK_THAT(english.err, Catch::Contains("not a Tempo training-data file of English draughts"));
}


TEST_CASE("intl datagen --starts: 10x10 games from the positions of a FEN file, with no random plies",
          "[nnue][intl][cli]") {
    ::testing::ScratchDir dir;
    // A middle game of 10x10 (White to move, no capture pending) and the start position.
    const std::string middle = "W:W27,28,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
                               "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20";
    const Result<intl::Game> g = intl::Game::from_fen(middle);
    REQUIRE(g);
    REQUIRE_FALSE(intl::has_capture(g->position()));
    const std::string starts = dir.file("starts.fen"), out = dir.file("starts.dat");
    ::testing::write_text(starts, middle + "\n" + to_fen(intl::Position::start()) + "\n");
    const auto run = ::testing::run_tool({"datagen", "--variant", "international", "--out", out, "--starts", starts,
                                          "--random-plies", "0", "--games", "2", "--nodes", "200", "--threads", "1"});
    INFO(run.err);
    REQUIRE(run.status == 0);
    CHECK_THAT(run.err, Catch::Contains("2 start positions"));
    const std::string bytes = ::testing::read_text(out);
    REQUIRE(bytes.size() > 32);
    REQUIRE((bytes.size() - 32) % 32 == 0);
    const auto board = tempo::testing::record_board<intl::Geo>;
    std::set<std::string> written;
    for (std::size_t i = 32; i < bytes.size(); i += 32) {
        std::uint64_t black, white, kings;
        std::memcpy(&black, bytes.data() + i, 8), std::memcpy(&white, bytes.data() + i + 8, 8);
        std::memcpy(&kings, bytes.data() + i + 16, 8);
        const int flags = static_cast<unsigned char>(bytes[i + 27]);
        written.insert(to_fen(intl::Position::from_bitboards(board(black), board(white), board(kings),
                                                             flags & 1 ? Color::White : Color::Black)));
    }
    // Both starts are games' first positions: the standard start and the middle game.
    CHECK(written.count(to_fen(intl::Position::start())) == 1);
    CHECK(written.count(to_fen(g->position())) == 1);
    CHECK(written.size() > 2);
}

// PDN squares first..last (1-based) as the engine's bitboard of the board of `Geo`.
template <class Geo>
Bitboard square_range(int first, int last) {
    const std::uint64_t all = ~std::uint64_t{0};
    return tempo::testing::record_board<Geo>((all >> (64 - last)) & (all << (first - 1)));
}

TEST_CASE("nnue: a position with more pieces than a game can hold evaluates within the network's buckets",
          "[nnue][intl]") {
    // The FEN readers refuse a side with more pieces than the start (tests of notation), but a
    // position can be built from bitboards; the bucket by piece count is clamped, so that path
    // stays inside the four buckets' tables (the sanitizer build checks the reads), and the
    // portable and AVX2 passes agree there.
    const Position english = Position::from_bitboards(square_range<Geometry8>(1, 8),
                                                      square_range<Geometry8>(9, 32), 0, Color::White);
    REQUIRE(popcount(english.occupied()) == 32);  // 24 of them White's
    const search::nnue::Network* net = search::nnue::Network::embedded();
    REQUIRE(net != nullptr);
    const int e = net->evaluate_portable(english);
    if (search::nnue::Network::avx2_available()) CHECK(net->evaluate_avx2(english) == e);
    CHECK(search::nnue::bucket_of<search::nnue::English>(32) == search::nnue::Buckets - 1);

    const intl::Position crowded = intl::Position::from_bitboards(
        square_range<intl::Geo>(1, 5), square_range<intl::Geo>(6, 50), 0, Color::White);
    REQUIRE(popcount(crowded.occupied()) == 50);  // 45 of them White's
    const search::nnue::IntlNetwork* intl_net = search::nnue::IntlNetwork::embedded();
    REQUIRE(intl_net != nullptr);
    const int i = intl_net->evaluate_portable(crowded);
    if (search::nnue::IntlNetwork::avx2_available()) CHECK(intl_net->evaluate_avx2(crowded) == i);
}
