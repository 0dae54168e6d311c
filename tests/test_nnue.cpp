// The English neural evaluation (search/nnue.hpp): the features, the integer forward pass against
// a network computed by hand, the file loader's checks, the EvalFile option of a real tempo
// process, and the engine against the trainer. What every game's network shares (the AVX2 path,
// colour symmetry, the cache) is tested once for all in test_nnue_games.cpp.
#include <cstring>
#include <filesystem>
#include <fstream>
#include <algorithm>
#include <random>
#include <set>

#include <catch2/catch.hpp>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "nnue_fixture.hpp"
#include "random_games.hpp"
#include "run_tempo.hpp"
#include "search/egdb.hpp"
#include "search/nnue.hpp"

using namespace tempo;
using namespace tempo::search;

namespace {

std::unique_ptr<nnue::Parameters> random_parameters(std::mt19937_64& rng, int w1_max, int dense_max) {
    return tempo::testing::random_parameters<nnue::English>(rng, w1_max, dense_max);
}

}  // namespace

TEST_CASE("nnue: the features of the start position, for either side to move", "[nnue]") {
    for (const Color first : {Color::Black, Color::White}) {
        const nnue::Features f = nnue::features_of(Position::start(first));
        REQUIRE(f.count == 24);
        std::vector<int> got(f.index.begin(), f.index.begin() + f.count);
        std::sort(got.begin(), got.end());
        std::vector<int> want;
        for (int o = 0; o < 12; ++o) want.push_back(o);           // our men, own squares 1-12
        for (int o = 20; o < 32; ++o) want.push_back(64 + o);     // their men, own squares 21-32
        CHECK(got == want);
    }
    // A black king on 32 (own square 31 for Black), White to move: their king, own square 0.
    const Position p = Position::from_bitboards(bit(Geometry8::bit_of(31)), bit(Geometry8::bit_of(0)),
                                                bit(Geometry8::bit_of(31)), Color::White);
    const nnue::Features f = nnue::features_of(p);
    REQUIRE(f.count == 2);
    CHECK(int(f.index[0]) == 0 + 31);    // White's man on square 1: our man, own square 32
    CHECK(int(f.index[1]) == 96 + 0);    // Black's king on square 32: their king, own square 1
}

TEST_CASE("nnue: the integer forward pass of a network computed by hand", "[nnue]") {
    // One path through the network: unit 0 of the first layer sees our man on own square 1 (127
    // = 1.0), then one weight of 1.0 (64) a layer down to the output: a score of exactly one man
    // for that man, and the output bias of 0.25 men (2032 = 8128 / 4) on top, in every bucket.
    auto w = std::make_unique<nnue::Parameters>();
    std::memset(w.get(), 0, sizeof *w);
    w->w1[0][0] = 127;
    for (auto& d : w->dense) {
        d.w2[0][0] = 64;
        d.w3[0][0] = 64;
        d.w4[0] = 64;
        d.b4 = 2032;
    }
    const Result<nnue::Network> net = nnue::Network::from_parameters(*w, "by hand");
    REQUIRE(net.ok());
    CHECK(net->description() == "by hand");
    const Position start = Position::start();
    CHECK(net->evaluate_portable(start) == 125);  // Black to move has a man on square 1
    const Position other = Position::from_bitboards(bit(Geometry8::bit_of(1)), bit(Geometry8::bit_of(30)), 0,
                                                    Color::Black);
    CHECK(net->evaluate_portable(other) == 25);  // no man on own square 1: the bias alone
    // Half the signal (a first-layer weight of 64 = 0.504) passes through as 64/127 of a man
    // less the floor of the shifts: 64 -> (64 * 64) >> 6 = 64 -> 64 -> 64 * 64 = 4096 -> 50 cp.
    w->w1[0][0] = 64;
    const Result<nnue::Network> half = nnue::Network::from_parameters(*w, "half");
    REQUIRE(half.ok());
    CHECK(half->evaluate_portable(start) == (4096 + 2032) * 100 / 8128);
    // The clamp of the first layer: a negative sum passes nothing.
    w->w1[0][0] = -127;
    const Result<nnue::Network> negative = nnue::Network::from_parameters(*w, "negative");
    REQUIRE(negative.ok());
    CHECK(negative->evaluate_portable(start) == 25);
}

TEST_CASE("nnue: the loader refuses a damaged or foreign file and says why", "[nnue]") {
    std::mt19937_64 rng(3);
    const auto w = random_parameters(rng, 20, 20);
    const std::vector<std::uint8_t> good = nnue::encode(*w, "good");
    // docs/network-format.md: the int16 first layer and bias, then per bucket W2, b2, W3, b3, W4, b4.
    constexpr std::size_t H1 = nnue::English::H1;
    REQUIRE(good.size() == 64 + 2 * 128 * H1 + 2 * H1 + 4 * (32 * H1 + 4 * 32 + 32 * 32 + 4 * 32 + 32 + 4));
    REQUIRE(nnue::Network::parse(good, "good").ok());
    auto refused = [](std::vector<std::uint8_t> bytes) {
        const Result<nnue::Network> r = nnue::Network::parse(bytes, "test.nnue");
        REQUIRE_FALSE(r.ok());
        return r.error();
    };
    auto with_u32 = [&good](std::size_t at, std::uint32_t v) {
        std::vector<std::uint8_t> b = good;
        for (int i = 0; i < 4; ++i) b[at + std::size_t(i)] = std::uint8_t(v >> (8 * i));
        return b;
    };
    CHECK_THAT(refused({}), Catch::Contains("shorter than the 64-byte header"));
    CHECK_THAT(refused(std::vector<std::uint8_t>(good.begin(), good.begin() + 40)), Catch::Contains("header"));
    std::vector<std::uint8_t> magic = good;
    magic[0] = 'X';
    CHECK_THAT(refused(magic), Catch::Contains("not a Tempo network"));
    CHECK_THAT(refused(with_u32(8, 2)), Catch::Contains("format version 2"));
    CHECK_THAT(refused(with_u32(12, 1)), Catch::Contains("not English draughts"));
    CHECK_THAT(refused(with_u32(20, 2 * H1)), Catch::Contains("H1 " + std::to_string(2 * H1) + "; this Tempo needs " +
                                                             std::to_string(H1)));
    CHECK_THAT(refused(with_u32(32, 1)), Catch::Contains("buckets 1"));
    CHECK_THAT(refused(with_u32(36, 1000)), Catch::Contains("payload of 1000 bytes"));
    CHECK_THAT(refused(std::vector<std::uint8_t>(good.begin(), good.end() - 1)), Catch::Contains("its header says"));
    std::vector<std::uint8_t> longer = good;
    longer.push_back(0);
    CHECK_THAT(refused(longer), Catch::Contains("its header says"));
    std::vector<std::uint8_t> flipped = good;
    flipped[64 + 1000] ^= 0x10;
    CHECK_THAT(refused(flipped), Catch::Contains("damaged"));
    // A first layer whose 16-bit sum could overflow, with a correct checksum.
    auto big = std::make_unique<nnue::Parameters>(*w);
    for (auto& row : big->w1) row[5] = 2000;
    CHECK_THAT(refused(nnue::encode(*big, "big")), Catch::Contains("first-layer unit 5"));

    ::testing::ScratchDir dir;
    const Result<nnue::Network> missing = nnue::Network::load(dir.file("none.nnue"));
    REQUIRE_FALSE(missing.ok());
    CHECK_THAT(missing.error(), Catch::Contains("cannot open network"));
}

TEST_CASE("nnue: a network file loads and evaluates as the parameters it was made from", "[nnue]") {
    std::mt19937_64 rng(9);
    const auto w = random_parameters(rng, 30, 20);
    ::testing::ScratchDir dir;
    const std::vector<std::uint8_t> bytes = nnue::encode(*w, "file test");
    {
        std::ofstream out(dir.file("net.nnue"), std::ios::binary);
        out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    }
    const Result<nnue::Network> loaded = nnue::Network::load(dir.file("net.nnue"));
    REQUIRE(loaded.ok());
    const Result<nnue::Network> built = nnue::Network::from_parameters(*w, "file test");
    REQUIRE(built.ok());
    CHECK(loaded->checksum() == built->checksum());
    CHECK(loaded->checksum() == nnue::crc32(std::span(bytes).subspan(64)));
    for (const Position& p : tempo::testing::random_game_positions(4, 500))
        if (!has_capture(p)) REQUIRE(loaded->evaluate(p) == built->evaluate(p));
}

TEST_CASE("nnue: CRC-32 is zlib's", "[nnue]") {
    const std::string text = "123456789";
    CHECK(nnue::crc32({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}) == 0xCBF43926u);
}

TEST_CASE("nnue: EvalFile loads a network, refuses a bad one and keeps the evaluation", "[nnue][cli]") {
    std::mt19937_64 rng(29);
    const auto w = random_parameters(rng, 30, 20);
    ::testing::ScratchDir dir;
    const std::vector<std::uint8_t> bytes = nnue::encode(*w, "evalfile test");
    {
        std::ofstream out(dir.file("net.nnue"), std::ios::binary);
        out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    }
    ::testing::write_text(dir.file("bad.nnue"), "TEMPONET but not a network");
    const Result<nnue::Network> net = nnue::Network::from_parameters(*w, "evalfile test");
    REQUIRE(net.ok());
    const Position p = Position::start();
    const std::string expected = "info string eval network " + std::to_string(net->evaluate(p)) + " (evalfile test)";
    const auto run = ::testing::run_tool(
        {}, "setoption name EvalFile value " + dir.file("net.nnue") + "\neval\nsetoption name EvalFile value " +
                dir.file("bad.nnue") + "\neval\nsetoption name Evaluation value classic\neval\nquit\n");
    REQUIRE(run.status == 0);
    tempo::testing::check_refused_file_keeps_network(
        run.out, expected, "info string error: EvalFile: network '" + dir.file("bad.nnue"), "info string eval material");
}

TEST_CASE("datagen plays with the built-in network unless told otherwise", "[nnue][cli]") {
    // Every build of this repository embeds search/nets/english.nnue (search/embed.cmake).
    const search::nnue::Network* builtin = search::nnue::Network::embedded();
    REQUIRE(builtin != nullptr);
    ::testing::ScratchDir dir;
    // One self-play game from a few random plies, node-limited on one thread: the same evaluation
    // gives the same bytes.
    auto generate = [&](const std::string& name, std::vector<std::string> extra) {
        std::vector<std::string> args = {"datagen", "--out", dir.file(name), "--games", "1", "--threads", "1",
                                         "--nodes", "300", "--egdb", "0", "--ballots", "none",
                                         "--random-plies", "4", "--seed", "3"};
        args.insert(args.end(), extra.begin(), extra.end());
        const auto run = ::testing::run_tool(args);
        REQUIRE(run.status == 0);
        return std::make_pair(run.err, ::testing::read_text(dir.file(name)));
    };
    const auto [default_err, by_default] = generate("default.dat", {});
    const auto [file_err, by_file] =
        generate("file.dat", {"--eval-file", std::string(TEMPO_TEST_DATA) + "/../../search/nets/english.nnue"});
    const auto [classic_err, by_classic] = generate("classic.dat", {"--eval-file", "classic"});
    CHECK_THAT(default_err, Catch::Contains("playing with the network '" + builtin->description() + "' (built in)"));
    CHECK_THAT(classic_err, Catch::Contains("playing with the classic evaluation"));
    REQUIRE(by_default.size() > 16);
    CHECK(by_default == by_file);      // the built-in network is the shipped file's
    CHECK(by_default != by_classic);   // and not the hand-made evaluation
}

TEST_CASE("datagen --starts: every game plays on from a position of a FEN file", "[nnue][cli]") {
    ::testing::ScratchDir dir;
    // Three positions of games against another engine (a middle game of each side to move and
    // a king ending), none with a capture pending, so each game's first position is written.
    const std::vector<std::string> fens = {"B:W13,22,23,25,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,14,20",
                                           "W:W18,19,20,21,23,25,29,31:B5,8,9,10,11,12,14,22",
                                           "W:WK7,K11,K15,20,21:B4,13,K24,K26,K27"};
    for (const std::string& fen : fens) {
        const Result<Game> g = Game::from_fen(fen);
        REQUIRE(g);
        REQUIRE_FALSE(has_capture(g->position()));
    }
    const std::string starts = dir.file("starts.fen"), out = dir.file("starts.dat");
    ::testing::write_text(starts, "# three starts\n" + fens[0] + "\n\n" + fens[1] + "\n" + fens[2] + "\n");
    const auto run = ::testing::run_tool({"datagen", "--out", out, "--starts", starts, "--games", "3", "--threads",
                                          "1", "--nodes", "300", "--egdb", "0", "--seed", "4"});
    REQUIRE(run.status == 0);
    CHECK_THAT(run.err, Catch::Contains("3 start positions from '" + starts + "'"));
    const std::string bytes = ::testing::read_text(out);
    REQUIRE(bytes.size() > 16);
    REQUIRE((bytes.size() - 16) % 16 == 0);
    const auto board = tempo::testing::record_board<Geometry8>;
    auto positions = [&](const std::string& data) {
        std::vector<std::string> written;
        for (std::size_t i = 16; i < data.size(); i += 16) {
            std::uint32_t black, white, kings;
            std::memcpy(&black, data.data() + i, 4), std::memcpy(&white, data.data() + i + 4, 4);
            std::memcpy(&kings, data.data() + i + 8, 4);
            const int flags = static_cast<unsigned char>(data[i + 15]);
            written.push_back(to_fen(Position::from_bitboards(board(black), board(white), board(kings),
                                                              flags & 1 ? Color::White : Color::Black)));
        }
        return written;
    };
    const std::vector<std::string> written = positions(bytes);
    std::vector<std::string> canonical;  // the starts as the writer spells FENs
    for (const std::string& fen : fens) canonical.push_back(to_fen(Game::from_fen(fen)->position()));
    // Each start is a game's first position, so each is in the file; the games went on from there.
    for (const std::string& fen : canonical) {
        INFO(fen);
        CHECK(std::count(written.begin(), written.end(), fen) == 1);
    }
    CHECK(written.size() > fens.size());
    CHECK_THAT(run.out, Catch::Contains("3 games"));

    // On one thread the games are written in order, so the order in which the starts first
    // appear is the order the seed dealt them: the same seed gives the same file, and among a few
    // seeds the orders differ (fixed seeds: the outcome is the same on every run).
    auto order_of = [&](int seed) {
        const std::string o = dir.file("seed" + std::to_string(seed) + ".dat");
        const auto r = ::testing::run_tool({"datagen", "--out", o, "--starts", starts, "--games", "3", "--threads",
                                            "1", "--nodes", "300", "--egdb", "0", "--seed", std::to_string(seed)});
        REQUIRE(r.status == 0);
        const std::vector<std::string> w = positions(::testing::read_text(o));
        std::vector<std::pair<std::size_t, std::size_t>> first;  // (first record, start)
        for (std::size_t k = 0; k < canonical.size(); ++k)
            first.emplace_back(std::size_t(std::find(w.begin(), w.end(), canonical[k]) - w.begin()), k);
        std::sort(first.begin(), first.end());
        std::vector<std::size_t> order;
        for (const auto& [at, k] : first) order.push_back(k);
        return order;
    };
    const std::vector<std::size_t> seed4 = order_of(4);
    CHECK(::testing::read_text(dir.file("seed4.dat")) == bytes);
    std::set<std::vector<std::size_t>> orders{seed4};
    for (int seed = 5; seed <= 8; ++seed) orders.insert(order_of(seed));
    CHECK(orders.size() > 1);

    // More games than starts go round the file again: five games from two starts.
    const std::string two = dir.file("two.fen"), round = dir.file("round.dat");
    ::testing::write_text(two, fens[0] + "\n" + fens[2] + "\n");
    const auto again = ::testing::run_tool({"datagen", "--out", round, "--starts", two, "--games", "5", "--threads",
                                            "2", "--nodes", "300", "--egdb", "0"});
    REQUIRE(again.status == 0);
    CHECK_THAT(again.out, Catch::Contains("5 games"));
    const std::vector<std::string> rounds = positions(::testing::read_text(round));
    CHECK(std::count(rounds.begin(), rounds.end(), canonical[0]) == 1);  // written once: the file keeps no duplicate
    CHECK(std::count(rounds.begin(), rounds.end(), canonical[2]) == 1);

    // Bad input is refused with the reason, and nothing is written.
    auto refused = [&](std::vector<std::string> args, const std::string& reason) {
        const std::string bad = dir.file("bad.dat");
        std::vector<std::string> all = {"datagen", "--out", bad, "--games", "1", "--egdb", "0"};
        all.insert(all.end(), args.begin(), args.end());
        const auto r = ::testing::run_tool(all);
        INFO(r.err);
        CHECK(r.status != 0);
        CHECK_THAT(r.err, Catch::Contains(reason));
        CHECK_FALSE(std::filesystem::exists(bad));
    };
    refused({"--starts", dir.file("missing.fen")}, "--starts: cannot open '" + dir.file("missing.fen"));
    ::testing::write_text(dir.file("empty.fen"), "# only a comment\n\n");
    refused({"--starts", dir.file("empty.fen")}, "empty.fen' holds no playable opening");
    ::testing::write_text(dir.file("broken.fen"), fens[0] + "\nB:W33:B1\n");
    refused({"--starts", dir.file("broken.fen")}, "broken.fen:2: ");
    refused({"--starts", std::string(TEMPO_TEST_DATA) + "/ballots-english-3move.csv"},
            "holds ballots, not FENs (--ballots takes those)");
    refused({"--starts", starts, "--endgames", "2-4"}, "--endgames and --starts: choose one");
}

TEST_CASE("datagen --endgames: random endings, exactly labelled by the database when it covers them",
          "[nnue][cli]") {
    ::testing::ScratchDir dir;
    const std::string out = dir.file("end.dat");
    const auto run = ::testing::run_tool({"datagen", "--out", out, "--endgames", "2-4", "--egdb", "4", "--games",
                                          "300", "--threads", "2", "--seed", "9"});
    REQUIRE(run.status == 0);
    const std::string bytes = ::testing::read_text(out);
    REQUIRE(bytes.size() > 16);
    REQUIRE((bytes.size() - 16) % 16 == 0);
    const std::size_t n = (bytes.size() - 16) / 16;
    CHECK(n > 250);  // a game is one position; the few repeats (two-piece endings) are left out
    CHECK(n <= 300);
    const search::egdb::Database db = search::egdb::Database::build(4);
    const auto board = tempo::testing::record_board<Geometry8>;
    int pieces[5] = {}, outcomes[3] = {}, black_men = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const char* r = bytes.data() + 16 + 16 * i;
        std::uint32_t black, white, kings;
        std::int16_t score;
        std::memcpy(&black, r, 4), std::memcpy(&white, r + 4, 4), std::memcpy(&kings, r + 8, 4);
        std::memcpy(&score, r + 12, 2);
        const int result = static_cast<unsigned char>(r[14]), flags = static_cast<unsigned char>(r[15]);
        const Position p = Position::from_bitboards(board(black), board(white), board(kings),
                                                    flags & 1 ? Color::White : Color::Black);
        INFO(to_fen(p));
        REQUIRE(p.is_consistent());
        CHECK(black != 0);
        CHECK(white != 0);
        CHECK((flags & 2) != 0);  // exact
        CHECK_FALSE(has_capture(p));
        CHECK_FALSE(legal_moves(p).empty());
        const int count = popcount(p.occupied());
        REQUIRE(count >= 2);
        REQUIRE(count <= 4);
        ++pieces[count];
        black_men += (black & ~kings) != 0;
        const std::optional<search::egdb::Value> v = db.probe(p);
        REQUIRE(v);
        using search::egdb::Outcome;
        // The result and the score are the database's, for the side to move.
        CHECK(result == (v->outcome == Outcome::Win ? 2 : v->outcome == Outcome::Loss ? 0 : 1));
        CHECK(score == (v->outcome == Outcome::Win    ? 10000 - v->plies
                        : v->outcome == Outcome::Loss ? -(10000 - v->plies)
                                                      : 0));
        ++outcomes[result];
    }
    for (int c = 2; c <= 4; ++c) CHECK(pieces[c] > 0);
    for (const int o : outcomes) CHECK(o > 0);
    CHECK(black_men > 0);
    // A range the option does not take is refused with the reason.
    const auto bad = ::testing::run_tool({"datagen", "--out", dir.file("x.dat"), "--endgames", "9-6"});
    CHECK(bad.status != 0);
    CHECK_THAT(bad.err, Catch::Contains("--endgames '9-6': LO-HI with 2 <= LO <= HI <= 24"));
}
