// Bench: a fixed search over fixed positions, the regression guard of every functional commit.
//
// Twelve positions (openings from the three-move ballots, middle games, endgames with kings), each
// searched to the same depth with a 16 MB table cleared before it, one thread. The total node
// count, printed last as `Nodes searched: N`, depends only on the code, so any change to search
// or evaluation shows up in it (commits quote it as `Bench: N`); nodes per second measure speed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iosfwd>
#include <string>
#include <utility>

#include "engine/position.hpp"

namespace tempo::search {

inline constexpr int BenchDepth = 15;

// A position from PDN square numbers (1-32); `kings` lists the squares (of either colour) that
// hold kings.
Position position_from_squares(Color side, std::initializer_list<int> black,
                               std::initializer_list<int> white, std::initializer_list<int> kings = {});

// `p` after the legal moves given by their PDN from and to squares (the first matching move
// each time). Only for building fixed positions: a move that is not legal aborts.
Position play(const Position& p, std::initializer_list<std::pair<int, int>> moves);

struct BenchResult {
    std::uint64_t nodes = 0;
    std::int64_t ms = 0;
};

struct SearchResult;

// One bench line: the position's number `n` of `count`, its name, the search's depth, score,
// best move (as text), nodes and time. Shared by the English and 10x10 benches.
void print_bench_line(std::ostream& out, std::size_t n, std::size_t count, const char* name,
                      const SearchResult& r, const std::string& best, std::int64_t ms);
// The closing lines: total time, speed and, last, `Nodes searched: N`.
void print_bench_total(std::ostream& out, const BenchResult& total);

// Searches every bench position to `depth`, one line each to `out`, then the speed and last
// `Nodes searched: N`.
BenchResult run_bench(int depth, std::ostream& out);

// `tempo bench [depth]`: argv[0] is the subcommand's name, argv[1] the optional depth.
int bench_main(int argc, char** argv);

}  // namespace tempo::search
