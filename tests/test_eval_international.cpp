// Evaluation of international draughts positions (search/eval_international.hpp): symmetry on
// random positions, and orderings that a draughts player expects, each on a position given by
// its FEN (squares 1-50, White at the bottom moving up); then the search with it: shots (give
// one, take more) found at a small depth, and the 10x10 bench.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine/movegen.hpp"
#include "engine/notation_international.hpp"
#include "random_games.hpp"
#include "search/bench.hpp"
#include "search/eval_international.hpp"
#include "search/nnue.hpp"
#include "search/search.hpp"

using namespace tempo;
using namespace tempo::search;

namespace {

intl::Position fen(const char* text) {
    auto p = intl::parse_fen(text);
    INFO(text << ": " << (p ? std::string() : p.error()));
    REQUIRE(p.ok());
    return p.value();
}

// The evaluation of a FEN that must be quiet (the precondition).
Score eval_of(const char* text) {
    const intl::Position p = fen(text);
    INFO(text);
    REQUIRE(!intl::has_capture(p));
    return evaluate(p);
}

using tempo::testing::intl_games::random_game_positions;
using tempo::testing::intl_games::random_setup;

}  // namespace

TEST_CASE("intl eval: a mirrored position scores the same, on random games and setups", "[search][eval][intl]") {
    int checked = 0, nonzero = 0;
    for (const intl::Position& p : random_game_positions(11, 3000)) {
        if (intl::has_capture(p)) continue;
        ++checked;
        nonzero += evaluate(p) != 0;
        INFO(intl::to_fen(p));
        CHECK(evaluate(p) == evaluate(p.mirrored()));
    }
    std::mt19937_64 rng(12);
    for (int i = 0; i < 3000; ++i) {
        const intl::Position p = random_setup(rng, 1 + i % 20);
        if (intl::has_capture(p)) continue;
        ++checked;
        nonzero += evaluate(p) != 0;
        INFO(intl::to_fen(p));
        CHECK(evaluate(p) == evaluate(p.mirrored()));
    }
    CHECK(checked > 2500);
    CHECK(nonzero > checked / 2);  // symmetric, not blind
}

TEST_CASE("intl eval: stays inside the static range and depends on the weights", "[search][eval][intl]") {
    std::mt19937_64 rng(13);
    IntlWeights no_tempo = DefaultIntlWeights;
    no_tempo.tempo_opening = no_tempo.tempo_endgame = 0;
    int differs = 0;
    for (int i = 0; i < 2000; ++i) {
        const intl::Position p = random_setup(rng, 1 + i % 20);
        if (intl::has_capture(p)) continue;
        CHECK(!is_decisive(evaluate(p)));
        CHECK(std::abs(evaluate(p)) < 20 * 330 + 2000);
        differs += evaluate(p, no_tempo) != evaluate(p);
    }
    CHECK(differs > 100);
}

TEST_CASE("intl eval: the start is level and a man up is better", "[search][eval][intl]") {
    CHECK(evaluate(intl::Position::start()) == 0);
    // Black's man on 20 removed: White, to move, is a man up; Black, to move, a man down.
    CHECK(eval_of("W:W31-50:B1-19") > 60);
    CHECK(eval_of("B:W31-50:B1-19") < -60);
    // A middle game where White has an extra man on its back row, its least active square: still
    // better than level.
    const Score level = eval_of("W:W27,28,31,32,33,34,37,38,39,42:B9,12,13,14,17,18,19,22,23,24");
    const Score up = eval_of("W:W27,28,31,32,33,34,37,38,39,42,46:B9,12,13,14,17,18,19,22,23,24");
    CHECK(up > level + 60);
}

TEST_CASE("intl eval: a king is worth more than two men", "[search][eval][intl]") {
    // The same middle game with a white king on 44, or a man there, or two men there and on 45.
    const Score king = eval_of("W:W31,32,33,34,K44:B11,12,13,16,17,18");
    const Score man = eval_of("W:W31,32,33,34,44:B11,12,13,16,17,18");
    const Score two_men = eval_of("W:W31,32,33,34,44,45:B11,12,13,16,17,18");
    CHECK(king > man + 100);
    CHECK(king > two_men);
    // And it counts for the side to move as for the other.
    CHECK(eval_of("B:W31,32,33,34,K44:B11,12,13,16,17,18") < eval_of("B:W31,32,33,34,44:B11,12,13,16,17,18"));
}

TEST_CASE("intl eval: an advanced runaway beats a man on the back row or a stopped one", "[search][eval][intl]") {
    // White's man on 7 has nothing in front of it; on 47 it is at home; on 7 with a black man on
    // 2 in its way it is not free.
    const Score runaway = eval_of("W:W7,31,32:B16,21,26");
    const Score home = eval_of("W:W47,31,32:B16,21,26");
    CHECK(runaway > home + 100);
    const Score free = eval_of("W:W7,31,32:B4,16,21,26");
    const Score stopped = eval_of("W:W7,31,32:B2,16,21,26");
    CHECK(free > stopped + 30);
}

TEST_CASE("intl eval: a lone king on the main road holds three kings", "[search][eval][intl]") {
    // White's lone king on 46 holds the long diagonal 5-46; on 47 it does not. Both are a long
    // way from a loss, the first nearer to a draw.
    const Score road = eval_of("W:WK46:BK1,K2,K3");
    const Score off = eval_of("W:WK47:BK1,K2,K3");
    CHECK(road < 0);
    CHECK(off < road);
    CHECK(road > -100);
    // Four kings against one are scored as the win they are: no division.
    CHECK(eval_of("W:WK46:BK1,K2,K3,K4") < 4 * off);
    // One king each: a draw.
    CHECK(std::abs(eval_of("W:WK47:BK4")) < 30);
}

TEST_CASE("intl eval: the centre, the golden piece and a supported outpost count", "[search][eval][intl]") {
    // White's man on 28 (centre) or on 26 (edge), the rest equal.
    CHECK(eval_of("W:W28,46,47,48:B3,4,5,10") > eval_of("W:W26,46,47,48:B3,4,5,10"));
    // White keeps the golden piece on 48, or has it on 49.
    CHECK(eval_of("W:W31,32,48:B8,9,10,13") > eval_of("W:W31,32,49:B8,9,10,13"));
    // A man on 24 backed by 29 and 30, against the same men with those two on 27 and 28 (the same
    // row, so the same tempo, and more central).
    CHECK(eval_of("W:W24,29,30,44:B3,4,6,7") > eval_of("W:W24,27,28,44:B3,4,6,7"));
}

namespace {

// The move as "from-to" or "fromxto" (PDN squares).
std::string squares_text(const Move& m) {
    return std::to_string(intl::Geo::square_of(m.from) + 1) + (m.is_capture() ? "x" : "-") +
           std::to_string(intl::Geo::square_of(m.to) + 1);
}

// Searches the shot position to depth 6 and checks the sacrifice, the forced reply and the
// capture of at least two pieces that follows (one of `shots`): with the hand-set evaluation,
// whose score must show the man won, then with the built-in 10x10 network when the build has one
// (the same shot; its score only has to be positive, it is not this file's evaluation).
void check_shot(const char* text, const char* sacrifice, const char* reply,
                std::initializer_list<std::string> shots) {
    const intl::Position p = fen(text);
    REQUIRE(!intl::has_capture(p));
    std::vector<const nnue::IntlNetwork*> evaluations{nullptr};
    if (const nnue::IntlNetwork* built_in = nnue::IntlNetwork::embedded()) evaluations.push_back(built_in);
    for (const nnue::IntlNetwork* net : evaluations) {
        const bool classic = net == nullptr;
        Engine engine(16);
        engine.options().intl_network = net;
        Limits limits;
        limits.depth = 6;
        const SearchResult r = engine.go(p, {}, limits);
        INFO(text << (classic ? " (classic evaluation)" : " (network)"));
        REQUIRE(r.best);
        CHECK(squares_text(*r.best) == sacrifice);
        // A man up, less what the opponent's runaways and tempo are worth.
        CHECK(r.score > (classic ? 25 : 0));
        REQUIRE(r.pv.size() >= 3);
        CHECK(squares_text(r.pv[1]) == reply);
        CHECK(std::find(shots.begin(), shots.end(), squares_text(r.pv[2])) != shots.end());
        CHECK(popcount(r.pv[2].captured) >= 2);
    }
}

}  // namespace

// The shot positions were found by a material-only minimax over random setups with no capture
// for either side: in each, one move gives material and wins more back within five plies, and
// every other move wins none. Each line is checked by hand below (squares as on the board drawn
// in test_rules_international.cpp).
TEST_CASE("intl search: give one, take two (23-19 24x13 33x24x15)", "[search][intl][tactics]") {
    // 23-19 is taken 24x13; 24 is then empty, so 33 jumps 29 and 20.
    check_shot("W:W23,33,35,38,41,45:B11,20,24,29,31,34", "23-19", "24x13", {"33x15"});
}

TEST_CASE("intl search: give one, take two (23-19 14x23 28x19x30)", "[search][intl][tactics]") {
    // 23-19 is taken 14x23, back onto the square White left; 28 jumps it and goes on over 24
    // (28x19x30) or over 13 (28x19x8, towards the crown): two pieces either way.
    check_shot("W:W23,27,28,31,32,36,37,45:B4,13,14,15,16,17,24,25", "23-19", "14x23",
               {"28x30", "28x8"});
}

TEST_CASE("intl search: give one, take two (42-38 33x42 48x37x26)", "[search][intl][tactics]") {
    // 42-38 is taken 33x42, into the hole it left; the golden piece 48 jumps 42 and 31.
    check_shot("W:W23,24,25,30,35,41,42,45,48:B2,3,4,9,16,17,27,31,33", "42-38", "33x42", {"48x26"});
}

TEST_CASE("intl search: give one, take three (29-23 28x19 37x28x17x26)", "[search][intl][tactics]") {
    // 29-23 is taken 28x19, which empties 28: 37 jumps 32, 22 and 21.
    check_shot("W:W29,30,36,37,41,42,44,45,46,48:B1,3,6,8,11,16,21,22,28,32", "29-23", "28x19", {"37x26"});
}

TEST_CASE("intl bench prints the same node count twice, last", "[search][intl][bench]") {
    std::ostringstream first, second;
    const BenchResult a = run_bench<tempo::intl::Fmjd>(4, first);
    const BenchResult b = run_bench<tempo::intl::Fmjd>(4, second);
    CHECK(a.nodes == b.nodes);
    CHECK(a.nodes > 1000);
    const std::string text = first.str();
    CHECK(text.find(" 8/8 ") != std::string::npos);
    const std::string last = "Nodes searched: " + std::to_string(a.nodes) + "\n";
    REQUIRE(text.size() >= last.size());
    CHECK(text.substr(text.size() - last.size()) == last);
}
