// `tempo bench [depth]`: the fixed search benchmark of search/bench.hpp.
#include <cstdio>
#include <iostream>

#include "search/bench.hpp"
#include "search/search.hpp"
#include "tools/cli.hpp"

namespace tempo::cli {

int bench_main(Args args) {
    if (wants_help(args)) {
        std::printf(
            "Usage: tempo bench [depth]\n"
            "\n"
            "Searches the fixed bench positions to `depth` (1-%d, default %d) with one thread and a\n"
            "16 MB table cleared before each, one line per position, then the speed and, last,\n"
            "'Nodes searched: N' (the number functional commits quote as 'Bench: N').\n",
            search::MaxDepth, search::BenchDepth);
        return ExitOk;
    }
    if (args.size() > 1) return usage_error("bench", "takes at most one argument, the depth");
    int depth = search::BenchDepth;
    if (!args.empty()) {
        const Result<std::int64_t> d = parse_number("depth", args[0], 1, search::MaxDepth);
        if (!d) return usage_error("bench", d.error());
        depth = int(*d);
    }
    search::run_bench(depth, std::cout);
    std::cout.flush();
    return std::cout ? ExitOk : ExitFailure;
}

}  // namespace tempo::cli
