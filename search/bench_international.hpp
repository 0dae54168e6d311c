// Bench for international draughts: the 10x10 twin of bench.hpp, for `tempo bench --variant
// international`.
//
// Eight fixed positions (the start, an opening, middle games including the Woldouby position of
// the perft tables and a shot, endgames with kings), each searched to the same depth with a 16 MB
// table cleared before it, one thread. The lines and the closing `Nodes searched: N` are printed
// as the English bench prints them (print_bench_line, print_bench_total). The English bench stays
// the regression guard of `Bench: N`; this one guards the 10x10 search and evaluation.
#pragma once

#include <iosfwd>

#include "search/bench.hpp"

namespace tempo::search {

inline constexpr int BenchDepthInternational = 14;

// Searches every 10x10 bench position to `depth`, one line each to `out`, then the speed and
// last `Nodes searched: N`.
BenchResult run_bench_international(int depth, std::ostream& out);

}  // namespace tempo::search
