// English perft beyond the published tables (which test_rules_core.cpp checks for every game):
// the divide table, the hash table and threads at depths 15 and 16, the king loop's divide. Counts
// up to FastLimit leaves run by default; bigger ones are in the [slow] tests (ctest --preset slow).
#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "engine/notation.hpp"
#include "engine/perft.hpp"
#include "rules_fixture.hpp"

using namespace tempo;
using testing::data_lines;
using testing::FastLimit;
using testing::split;

namespace {

std::string route_text(const DivideLine& line) {
    std::string s;
    for (std::size_t i = 0; i < line.route.size(); ++i) {
        if (i) s += line.move.is_capture() ? "x" : "-";
        s += std::to_string(line.route[i] + 1);
    }
    return s;
}

}  // namespace

TEST_CASE("perft with the hash table and two threads reproduces depth 15 and 16", "[perft][slow]") {
    const auto rows = testing::english_start_table();
    for (int depth : {15, 16}) {
        const PerftOptions options{depth, Routes::Keep, 1024, 2};
        CHECK(perft_divide(Position::start(), options).nodes == rows[std::size_t(depth - 1)].keep);
    }
}

// The divide table lives in the file's comment lines: "# depth 8 : 9-13 148117, ... (sum N)".
// Returns how many depths it checked.
static int check_divide(bool slow) {
    std::ifstream in(std::string(TEMPO_TEST_DATA) + "/perft-english-divide.txt");
    int checked = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("# depth", 0) != 0) continue;
        const int depth = std::stoi(line.substr(7));
        const std::uint64_t sum = std::stoull(line.substr(line.find("(sum ") + 5));
        if ((sum > FastLimit) != slow) continue;
        const auto colon = line.find(':'), paren = line.find('(');
        std::map<std::string, std::uint64_t> expected;
        for (const auto& entry : split(line.substr(colon + 1, paren - colon - 1), ',')) {
            const auto parts = split(entry, ' ');
            expected[parts[0]] = std::stoull(parts[1]);
        }
        for (int threads : {1, 2}) {
            INFO("depth " << depth << ", threads " << threads);
            const auto result = perft_divide(Position::start(), {depth, Routes::Keep, 0, threads});
            std::map<std::string, std::uint64_t> got;
            for (const auto& d : result.divide) got[route_text(d)] = d.nodes;
            CHECK(got == expected);
            CHECK(result.nodes == sum);
        }
        ++checked;
    }
    return checked;
}

TEST_CASE("divide by first move matches the published table", "[perft]") {
    CHECK(check_divide(false) == 2);  // depths 8 and 10
}

TEST_CASE("divide by first move matches the published table, deep", "[perft][slow]") {
    CHECK(check_divide(true) == 1);  // depth 12
}

TEST_CASE("a king capture round a loop divides into one line per jump order", "[perft]") {
    const auto p = parse_fen("W:WK10,30,31,32:B1,2,3,14,15,22,23");
    REQUIRE(p.ok());
    const auto keep = perft_divide(*p, {1, Routes::Keep, 0, 1});
    REQUIRE(keep.divide.size() == 2);
    CHECK(keep.divide[0].route.front() == 9);
    CHECK(keep.divide[0].route.back() == 9);
    CHECK(keep.divide[0].route != keep.divide[1].route);
    CHECK(perft_divide(*p, {1, Routes::Drop, 0, 1}).divide.size() == 1);
}

TEST_CASE("perft of depth 0 is one node", "[perft]") {
    CHECK(perft(Position::start(), 0) == 1);
    CHECK(perft_divide(Position::start(), {0, Routes::Keep, 0, 1}).nodes == 1);
}
