// `tempo perft`: count the leaf nodes of the legal move tree, the reference test of the move
// generator, and a speed benchmark of it.
//
// Everything the user can get wrong is checked before any counting starts, so a bad option costs
// nothing and prints nothing on stdout. The last line of a successful run is always
// `Nodes searched: N`, so scripts can take the count with `tail -n 1`.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/brazilian.hpp"
#include "engine/notation.hpp"
#include "engine/notation_international.hpp"
#include "engine/perft.hpp"
#include "engine/position.hpp"
#include "engine/variant.hpp"
#include "tools/cli.hpp"

namespace tempo::cli {
namespace {

constexpr std::string_view Command = "perft";

constexpr int MaxDepth = 40;
constexpr int MaxThreads = 256;
constexpr std::int64_t MaxHashMb = 65536;

void print_perft_help() {
    std::printf(
        "Usage: tempo perft --depth N [--variant english|international|brazilian] [--fen FEN] [--divide]\n"
        "                   [--dedupe] [--hash MB] [--threads T] [--rules official|reference]\n"
        "\n"
        "Counts the leaf nodes of the legal move tree to depth N (bulk counting at the last ply).\n"
        "The last line printed is 'Nodes searched: N'; the line before it gives the time and the\n"
        "speed. Progress (finished root moves) goes to stderr when stderr is a terminal.\n"
        "\n"
        "Options:\n"
        "  --depth N       plies to count, 0..%d (required)\n"
        "  --variant V     'english' (8x8, the default), 'international' (10x10, FMJD rules:\n"
        "                  White on 31-50 moves first) or 'brazilian' (the FMJD rules on 8x8,\n"
        "                  White on 21-32 first); in the last two equal captures count once,\n"
        "                  as published\n"
        "  --fen FEN       the position, PDN FEN such as 'B:W21-32:B1-12' (default: the start);\n"
        "                  the FEN says who is to move\n"
        "  --divide        one line per root move, 'MOVE: COUNT', before the total\n"
        "  --dedupe        count king captures with the same from, to and captured pieces once\n"
        "                  (the dctl convention); default: every jump order counts (Bik, OEIS)\n"
        "  --hash MB       transposition table size in MiB, 0..%lld (default 0: no table)\n"
        "  --threads T     threads that share the root moves, 1..%d (default 1)\n"
        "  --rules R       who moves first from the start position: 'official' (Black, the\n"
        "                  default) or 'reference' (White, as in the reference game)\n"
        "  --help          this text\n"
        "\n"
        "Moves print as PDN numbers: '11-15' for a step, '15x24x31' for a capture with every\n"
        "landing square. Without --dedupe a king capture with two jump orders prints two lines.\n"
        "\n"
        "Examples:\n"
        "  tempo perft --depth 10 --divide\n"
        "  tempo perft --depth 16 --hash 4096 --threads 2\n"
        "  tempo perft --depth 6 --fen 'W:WK10,30,31,32:B1,2,3,14,15,22,23' --dedupe\n"
        "  tempo perft --variant international --depth 9 --hash 1024 --threads 2\n"
        "  tempo perft --variant brazilian --depth 11 --hash 256\n",
        MaxDepth, static_cast<long long>(MaxHashMb), MaxThreads);
}

struct PerftRequest {
    PerftOptions options;
    Variant variant = Variant::English;
    Position position;                   // english
    intl::Position intl_position;        // international
    brazil::Position brazil_position;    // brazilian
    bool divide = false;
};

// Reads the options into a request; every error message names the option at fault.
Result<PerftRequest> parse_perft_args(Args args) {
    PerftRequest req;
    std::optional<int> depth;
    std::optional<std::string_view> fen;
    Color first = Color::Black;
    bool rules_given = false;
    std::vector<std::string_view> seen;
    OptionReader reader(args);
    while (!reader.done()) {
        const auto option = reader.next_option();
        if (!option) return Error{option.error()};
        const std::string_view name = *option;
        if (std::find(seen.begin(), seen.end(), name) != seen.end())
            return Error{std::string(name) + " is given twice"};
        seen.push_back(name);
        if (name == "--depth" || name == "--hash" || name == "--threads" || name == "--fen" ||
            name == "--rules" || name == "--variant") {
            const auto text = reader.value(name);
            if (!text) return Error{text.error()};
            if (name == "--variant") {
                const Result<Variant> variant = parse_variant(*text, name);
                if (!variant) return Error{variant.error()};
                req.variant = *variant;
            } else if (name == "--fen") {
                fen = *text;
            } else if (name == "--rules") {
                rules_given = true;
                if (*text == "official")
                    first = Color::Black;
                else if (*text == "reference")
                    first = Color::White;
                else
                    return Error{"--rules '" + std::string(*text) +
                                 "' is not one of: official, reference"};
            } else {
                const std::int64_t hi = name == "--depth"   ? MaxDepth
                                        : name == "--hash" ? MaxHashMb
                                                           : MaxThreads;
                const std::int64_t lo = name == "--threads" ? 1 : 0;
                const auto v = parse_number(name, *text, lo, hi);
                if (!v) return Error{v.error()};
                if (name == "--depth")
                    depth = int(*v);
                else if (name == "--hash")
                    req.options.hash_mb = std::size_t(*v);
                else
                    req.options.threads = int(*v);
            }
        } else if (name == "--divide" || name == "--dedupe") {
            if (const auto f = reader.flag(name); !f) return Error{f.error()};
            if (name == "--divide")
                req.divide = true;
            else
                req.options.routes = Routes::Drop;
        } else {
            return Error{"unknown option '" + std::string(name) + "'"};
        }
    }
    if (!depth) return Error{"--depth is required"};
    req.options.depth = *depth;
    if (req.variant != Variant::English) {
        if (rules_given)
            return Error{"--rules applies to english only (" + std::string(variant_name(req.variant)) +
                         ": White always begins)"};
        req.options.routes = Routes::Drop;  // the only convention of the published tables
        const auto read = [&](auto& position, auto parse) -> std::optional<Error> {
            using P = std::remove_cvref_t<decltype(position)>;
            if (!fen) {
                position = P::start();
                return std::nullopt;
            }
            auto parsed = parse(*fen);
            if (!parsed) return Error{parsed.error()};
            position = std::move(parsed).value();
            return std::nullopt;
        };
        const auto e = req.variant == Variant::International
                           ? read(req.intl_position, [](std::string_view f) { return intl::parse_fen(f); })
                           : read(req.brazil_position, [](std::string_view f) { return brazil::parse_fen(f); });
        if (e) return *e;
        return req;
    }
    if (fen) {
        auto parsed = parse_fen(*fen);
        if (!parsed) return Error{parsed.error()};  // the parser's message names the problem
        req.position = std::move(parsed).value();
    } else {
        req.position = Position::start(first);
    }
    return req;
}

// A root line as PDN numbers: squares joined by '-' for a step, 'x' for a capture.
std::string route_text(const DivideLine& line) {
    std::string s;
    for (std::size_t i = 0; i < line.route.size(); ++i) {
        if (i > 0) s += line.move.is_capture() ? 'x' : '-';
        s += std::to_string(line.route[i] + 1);
    }
    return s;
}

// Overwrites one status line on a terminal's stderr.
void show_progress(const DivideLine& line, std::size_t done, std::size_t total) {
    std::fprintf(stderr, "\rperft: %zu/%zu root moves, last %s: %llu\033[K", done, total,
                 route_text(line).c_str(), static_cast<unsigned long long>(line.nodes));
    std::fflush(stderr);
}

}  // namespace

int perft_main(Args args) {
    if (wants_help(args)) {
        print_perft_help();
        return ExitOk;
    }
    const auto request = parse_perft_args(args);
    if (!request) return usage_error(Command, request.error());
    const PerftRequest& req = *request;

    const bool progress = isatty(STDERR_FILENO) == 1;
    const auto start = std::chrono::steady_clock::now();
    const auto on_root = progress ? std::function(show_progress)
                                  : std::function<void(const DivideLine&, std::size_t, std::size_t)>();
    const PerftResult result =
        req.variant == Variant::International ? intl::perft_divide(req.intl_position, req.options, on_root)
        : req.variant == Variant::Brazilian   ? brazil::perft_divide(req.brazil_position, req.options, on_root)
                                              : perft_divide(req.position, req.options, on_root);
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    if (progress) std::fputs("\r\033[K", stderr);

    if (req.divide) {
        // Sorted by route, so the order does not depend on the generator or on the threads.
        std::vector<const DivideLine*> lines;
        for (const DivideLine& line : result.divide) lines.push_back(&line);
        std::sort(lines.begin(), lines.end(), [](const DivideLine* a, const DivideLine* b) {
            return a->route < b->route;
        });
        for (const DivideLine* line : lines)
            std::printf("%s: %llu\n", route_text(*line).c_str(),
                        static_cast<unsigned long long>(line->nodes));
    }
    const double seconds = elapsed.count();
    const double mnps = seconds > 0 ? double(result.nodes) / seconds / 1e6 : 0.0;
    std::printf("Time: %.3f s, %.1f million nodes per second\n", seconds, mnps);
    std::printf("Nodes searched: %llu\n", static_cast<unsigned long long>(result.nodes));
    return ExitOk;
}

}  // namespace tempo::cli
