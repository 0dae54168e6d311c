// Bench: a fixed search over fixed positions, the regression guard of every functional commit.
//
// English: twelve positions (openings from the three-move ballots, middle games, endgames with kings), each
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
#include <vector>

#include "engine/position.hpp"
#include "engine/rules.hpp"

namespace tempo::search {

// The depth of each game's bench: 15 for English draughts, 14 for the others.
template <RulesTrait B>
inline constexpr int bench_depth = B::variant == Variant::English ? 15 : 14;
inline constexpr int BenchDepth = bench_depth<Wcdf>;

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
// best move (as text), nodes and time. Shared by the benches of every game.
void print_bench_line(std::ostream& out, std::size_t n, std::size_t count, const char* name,
                      const SearchResult& r, const std::string& best, std::int64_t ms);
// The closing lines: total time, speed and, last, `Nodes searched: N`.
void print_bench_total(std::ostream& out, const BenchResult& total);

// One position of a bench list.
template <class P>
struct BenchEntry {
    const char* name;
    P position;
};

// The fixed positions of each game's bench: bench.cpp (English), bench_international.cpp and
// bench_brazilian.cpp (each also instantiates run_bench for its game).
template <RulesTrait B>
std::vector<BenchEntry<BasicPosition<B>>> bench_positions();

// Searches every bench position of the game to `depth`, one line each to `out`, then the speed
// and last `Nodes searched: N` (bench_run.hpp). `tempo bench --variant` runs each game's.
template <RulesTrait B = Wcdf>
BenchResult run_bench(int depth, std::ostream& out);

// `tempo bench [depth]`: argv[0] is the subcommand's name, argv[1] the optional depth.
int bench_main(int argc, char** argv);

}  // namespace tempo::search
