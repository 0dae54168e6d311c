// `tempo bench [depth] [--variant english|international|brazilian]`: each game's fixed search
// benchmark, run_bench<B> of search/bench.hpp.
#include <cstdio>
#include <iostream>
#include <optional>

#include "engine/brazilian.hpp"
#include "engine/international.hpp"
#include "engine/variant.hpp"
#include "search/bench.hpp"
#include "search/search.hpp"
#include "tools/cli.hpp"

namespace tempo::cli {

int bench_main(Args args) {
    if (wants_help(args)) {
        std::printf(
            "Usage: tempo bench [depth] [--variant english|international|brazilian]\n"
            "\n"
            "Searches the fixed bench positions to `depth` (1-%d; default %d for english, %d for\n"
            "international and brazilian) with one thread and a 16 MB table cleared before each,\n"
            "one line per position, then the speed and, last, 'Nodes searched: N' (the English\n"
            "number is the one functional commits quote as 'Bench: N').\n",
            search::MaxDepth, search::BenchDepth, search::bench_depth<intl::Fmjd>);
        return ExitOk;
    }
    std::optional<int> depth;
    Variant variant = Variant::English;
    bool variant_given = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        if (a == "--variant" || a.starts_with("--variant=")) {
            if (variant_given) return usage_error("bench", "--variant is given twice");
            variant_given = true;
            std::string_view text;
            if (a == "--variant") {
                if (i + 1 >= args.size()) return usage_error("bench", "--variant needs a value");
                text = args[++i];
            } else {
                text = a.substr(10);
            }
            const Result<Variant> v = parse_variant(text, "--variant");
            if (!v) return usage_error("bench", v.error());
            variant = *v;
        } else if (a.starts_with("-")) {
            return usage_error("bench", "unknown option '" + std::string(a) + "'");
        } else {
            if (depth) return usage_error("bench", "takes at most one depth");
            const Result<std::int64_t> d = parse_number("depth", a, 1, search::MaxDepth);
            if (!d) return usage_error("bench", d.error());
            depth = int(*d);
        }
    }
    switch (variant) {
        case Variant::English:
            search::run_bench<Wcdf>(depth.value_or(search::bench_depth<Wcdf>), std::cout);
            break;
        case Variant::International:
            search::run_bench<intl::Fmjd>(depth.value_or(search::bench_depth<intl::Fmjd>), std::cout);
            break;
        case Variant::Brazilian:
            search::run_bench<brazil::Cbd>(depth.value_or(search::bench_depth<brazil::Cbd>), std::cout);
            break;
    }
    std::cout.flush();
    return std::cout ? ExitOk : ExitFailure;
}

}  // namespace tempo::cli
