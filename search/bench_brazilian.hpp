// Bench for Brazilian draughts, for `tempo bench --variant brazilian`: fixed positions searched
// as the other benches search theirs (bench_run.hpp). It guards the Brazilian search and
// evaluation; the English bench stays the one quoted as `Bench: N`.
#pragma once

#include <iosfwd>

#include "search/bench.hpp"

namespace tempo::search {

inline constexpr int BenchDepthBrazilian = 14;

// Searches every Brazilian bench position to `depth`, one line each to `out`, then the speed and
// last `Nodes searched: N`.
BenchResult run_bench_brazilian(int depth, std::ostream& out);

}  // namespace tempo::search
