// Perft against the published tables in tests/data (sources in each file's header). Counts up to
// FastLimit leaves run by default; bigger ones are in the [slow] tests (ctest --preset slow).
#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "engine/notation.hpp"
#include "engine/perft.hpp"

using namespace tempo;

namespace {

constexpr std::uint64_t FastLimit = 20'000'000;

std::vector<std::string> data_lines(const std::string& name) {
    std::ifstream in(std::string(TEMPO_TEST_DATA) + "/" + name);
    REQUIRE(in.good());
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') lines.push_back(line);
    return lines;
}

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::stringstream ss(s);
    for (std::string part; std::getline(ss, part, sep);) out.push_back(trim(part));
    return out;
}

std::vector<std::uint64_t> numbers(const std::string& s) {
    std::vector<std::uint64_t> out;
    std::stringstream ss(s);
    for (std::uint64_t n; ss >> n;) out.push_back(n);
    return out;
}

struct StartRow {
    int depth;
    std::uint64_t keep, drop;  // drop 0: not published
};

std::vector<StartRow> start_table() {
    std::vector<StartRow> rows;
    for (const auto& line : data_lines("perft-english-start.csv")) {
        if (line.rfind("depth", 0) == 0) continue;
        const auto f = split(line, ',');
        rows.push_back({std::stoi(f[0]), std::stoull(f[1]),
                        f.size() > 2 && !f[2].empty() ? std::stoull(f[2]) : 0});
    }
    return rows;
}

struct PositionRow {
    std::string name, fen;
    std::vector<std::uint64_t> keep, drop;
};

std::vector<PositionRow> position_table() {
    std::vector<PositionRow> rows;
    for (const auto& line : data_lines("perft-english-positions.txt")) {
        const auto f = split(line, '|');
        REQUIRE(f.size() == 4);
        PositionRow r{f[0], f[1], numbers(f[2]), {}};
        r.drop = f[3] == "same" ? r.keep : numbers(f[3]);
        REQUIRE(r.keep.size() == r.drop.size());
        rows.push_back(r);
    }
    return rows;
}

std::string route_text(const DivideLine& line) {
    std::string s;
    for (std::size_t i = 0; i < line.route.size(); ++i) {
        if (i) s += line.move.is_capture() ? "x" : "-";
        s += std::to_string(line.route[i] + 1);
    }
    return s;
}

void check_start(bool slow) {
    const Position start = Position::start();
    for (const auto& row : start_table()) {
        if (row.depth > 14 || (row.keep > FastLimit) != slow) continue;
        INFO("depth " << row.depth);
        CHECK(perft(start, row.depth, Routes::Keep) == row.keep);
        if (row.drop) CHECK(perft(start, row.depth, Routes::Drop) == row.drop);
    }
}

void check_positions(bool slow) {
    for (const auto& row : position_table()) {
        const auto p = parse_fen(row.fen);
        REQUIRE(p.ok());
        for (std::size_t d = 0; d < row.keep.size(); ++d) {
            if ((row.keep[d] > FastLimit) != slow) continue;
            INFO(row.name << " depth " << d + 1);
            CHECK(perft(*p, int(d + 1), Routes::Keep) == row.keep[d]);
            CHECK(perft(*p, int(d + 1), Routes::Drop) == row.drop[d]);
        }
    }
}

}  // namespace

TEST_CASE("perft from the start matches the published counts", "[perft]") { check_start(false); }

TEST_CASE("perft from the start matches the published counts, deep", "[perft][slow]") {
    check_start(true);
}

TEST_CASE("perft of the reference positions matches in both conventions", "[perft]") {
    check_positions(false);
}

TEST_CASE("perft of the reference positions matches in both conventions, deep", "[perft][slow]") {
    check_positions(true);
}

TEST_CASE("perft with the hash table and two threads reproduces depth 15 and 16", "[perft][slow]") {
    const auto rows = start_table();
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

TEST_CASE("the table and the threads change no count", "[perft]") {
    for (const auto& row : position_table()) {
        const auto p = parse_fen(row.fen);
        REQUIRE(p.ok());
        for (std::size_t d = 0; d < row.keep.size() && row.keep[d] < 2'000'000; ++d)
            for (Routes r : {Routes::Keep, Routes::Drop}) {
                INFO(row.name << " depth " << d + 1);
                const auto& want = r == Routes::Keep ? row.keep : row.drop;
                const PerftResult res = perft_divide(*p, {int(d + 1), r, 4, 2});
                CHECK(res.nodes == want[d]);
                std::uint64_t sum = 0;
                for (const auto& line : res.divide) sum += line.nodes;
                CHECK(sum == want[d]);
            }
    }
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
