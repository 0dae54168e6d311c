// tempo_spar: the searcher's own measuring stick, in process and by node counts, so that results
// do not depend on the machine's load.
//
//   tempo_spar bench [depth]          the bench (search/bench.hpp); last line `Nodes searched: N`
//   tempo_spar depth D [hash_mb]      time to each depth up to D from the start, one thread
//   tempo_spar match NODES [FIRST [COUNT]] [--base K=V ...] [--test K=V ...]
//       games between two option sets of this build, `test` against `base`: each ballot of
//       /work/shared/reference/ballots-english-3move.csv (or $TEMPO_BALLOTS) from FIRST, COUNT of
//       them, played twice with colours reversed, NODES nodes a move, 16 MB each, one thread.
//       Prints W/D/L for `test`, the Elo estimate with a 95% error bar, and pair results.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/movegen.hpp"
#include "engine/position.hpp"
#include "search/bench.hpp"
#include "search/search.hpp"

using namespace tempo;
using namespace tempo::search;

namespace {

// A key=value option for one side; unknown keys abort (a typo must not pass as a result).
void set_option(Options& o, std::string_view kv) {
    const auto eq = kv.find('=');
    if (eq == std::string_view::npos) {
        std::fprintf(stderr, "spar: expected key=value, got %.*s\n", int(kv.size()), kv.data());
        std::exit(2);
    }
    const std::string key(kv.substr(0, eq));
    const int v = std::atoi(std::string(kv.substr(eq + 1)).c_str());
    if (key == "lmr") o.reductions.enabled = v != 0;
    else if (key == "lmr_min_depth") o.reductions.min_depth = v;
    else if (key == "lmr_min_moves") o.reductions.min_moves = v;
    else if (key == "lmr_deep_depth") o.reductions.deep_depth = v;
    else if (key == "lmr_deep_moves") o.reductions.deep_moves = v;
    else if (key == "threat") o.threat_extension = v != 0;
    else if (key == "lmr_max_history") o.reductions.max_history = v;
    else {
        std::fprintf(stderr, "spar: unknown option %s\n", key.c_str());
        std::exit(2);
    }
}

// The ballots: each line's moves as (from, to) PDN pairs.
std::vector<std::vector<std::pair<int, int>>> read_ballots() {
    const char* env = std::getenv("TEMPO_BALLOTS");
    std::ifstream in(env ? env : "/work/shared/reference/ballots-english-3move.csv");
    std::vector<std::vector<std::pair<int, int>>> out;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#' || line.find("barred") != std::string::npos) continue;
        std::vector<std::pair<int, int>> moves;
        // Any token of the form a-b or axb is a move; everything else (headers, numbers) is not.
        std::string tok;
        for (char& c : line)
            if (c == ',' || c == ';' || c == '"') c = ' ';
        std::istringstream words(line);
        while (words >> tok) {
            const auto sep = tok.find_first_of("-x");
            if (sep == std::string::npos || sep == 0 || sep + 1 >= tok.size()) continue;
            const std::string a = tok.substr(0, sep), b = tok.substr(sep + 1);
            if (a.find_first_not_of("0123456789") != std::string::npos ||
                b.find_first_not_of("0123456789") != std::string::npos)
                continue;
            moves.emplace_back(std::stoi(a), std::stoi(b));
        }
        if (!moves.empty()) out.push_back(moves);
    }
    return out;
}

// Applies a ballot; jumps given as a-b land where the capture of that from/to goes.
bool apply(Position& p, std::vector<Key>& keys, const std::vector<std::pair<int, int>>& moves) {
    for (const auto& [from, to] : moves) {
        MoveList list;
        generate_moves(p, list);
        const Move* found = nullptr;
        for (const Move& m : list)
            if (Geo::square_of(m.from) + 1 == from && Geo::square_of(m.to) + 1 == to) found = &m;
        if (!found) return false;
        keys.push_back(p.key());
        p = p.after(*found);
    }
    return true;
}

// One game; +1 when `first` (Black's engine) wins, -1 when it loses, 0 for a draw.
int play_game(Engine& black, Engine& white, Position p, std::vector<Key> keys,
              std::uint64_t nodes) {
    black.clear();
    white.clear();
    Limits limits;
    limits.nodes = nodes;
    for (int ply = 0; ply < 300; ++ply) {
        MoveList list;
        generate_moves(p, list);
        if (list.empty()) return p.side_to_move() == Color::Black ? -1 : +1;
        if (p.quiet_plies() >= DrawPlies) return 0;
        int seen = 0;
        for (std::size_t i = keys.size(); i-- > 0;)
            if (keys[i] == p.key() && ++seen >= 2) return 0;  // third occurrence
        Engine& e = p.side_to_move() == Color::Black ? black : white;
        const SearchResult r = e.go(p, keys, limits);
        keys.push_back(p.key());
        p = p.after(*r.best);
    }
    return 0;
}

int match_main(int argc, char** argv) {
    if (argc < 3) return 2;
    const std::uint64_t nodes = std::strtoull(argv[2], nullptr, 10);
    std::size_t first = 0, count = 1000;
    int i = 3;
    if (i < argc && argv[i][0] != '-') first = std::strtoull(argv[i++], nullptr, 10);
    if (i < argc && argv[i][0] != '-') count = std::strtoull(argv[i++], nullptr, 10);
    Engine base(16), test(16);
    for (; i + 1 < argc; i += 2) {
        const std::string_view which = argv[i];
        if (which == "--base") set_option(base.options(), argv[i + 1]);
        else if (which == "--test") set_option(test.options(), argv[i + 1]);
        else return 2;
    }
    const auto ballots = read_ballots();
    int w = 0, d = 0, l = 0;
    int pairs[5] = {0, 0, 0, 0, 0};  // pair score 0, 0.5, 1, 1.5, 2 for test
    for (std::size_t b = first; b < ballots.size() && b < first + count; ++b) {
        Position p = Position::start();
        std::vector<Key> keys;
        if (!apply(p, keys, ballots[b])) {
            std::fprintf(stderr, "spar: ballot %zu does not apply\n", b);
            continue;
        }
        const int g1 = play_game(test, base, p, keys, nodes);   // test has Black
        const int g2 = -play_game(base, test, p, keys, nodes);  // test has White
        for (int g : {g1, g2}) (g > 0 ? w : g < 0 ? l : d)++;
        ++pairs[g1 + g2 + 2];
        std::printf("ballot %3zu: %+d %+d   total +%d =%d -%d\n", b, g1, g2, w, d, l);
        std::fflush(stdout);
    }
    const double n = w + d + l;
    const double score = (w + 0.5 * d) / n;
    // Error from the pairs (pentanomial): variance of the pair score.
    double mean = 0, var = 0, np = 0;
    for (int k = 0; k < 5; ++k) np += pairs[k];
    for (int k = 0; k < 5; ++k) mean += pairs[k] * (k / 4.0);
    mean /= np;
    for (int k = 0; k < 5; ++k) var += pairs[k] * (k / 4.0 - mean) * (k / 4.0 - mean);
    var /= np;
    auto elo = [](double s) { return -400.0 * std::log10(1.0 / std::clamp(s, 1e-6, 1 - 1e-6) - 1.0); };
    const double se = std::sqrt(var / np);
    std::printf("games %d: +%d =%d -%d  score %.3f  Elo %+.1f +- %.1f (95%%)  pairs 0:%d 1/2:%d 1:%d 3/2:%d 2:%d\n",
                int(n), w, d, l, score, elo(score), (elo(score + 1.96 * se) - elo(score - 1.96 * se)) / 2,
                pairs[0], pairs[1], pairs[2], pairs[3], pairs[4]);
    return 0;
}

int depth_main(int argc, char** argv) {
    const int depth = argc >= 3 ? std::atoi(argv[2]) : 14;
    const std::size_t mb = argc >= 4 ? std::strtoull(argv[3], nullptr, 10) : 64;
    Engine e(mb);
    Limits l;
    l.depth = depth;
    e.go(Position::start(), {}, l, [](const Info& info) {
        std::printf("depth %2d seldepth %2d score %5d nodes %11llu nps %9llu time %7lld ms\n",
                    info.depth, info.seldepth, info.score, (unsigned long long)info.nodes,
                    (unsigned long long)info.nps, (long long)info.time_ms);
        std::fflush(stdout);
    });
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string_view cmd = argc >= 2 ? argv[1] : "";
    if (cmd == "bench") return bench_main(argc - 1, argv + 1);
    if (cmd == "depth") return depth_main(argc, argv);
    if (cmd == "match") return match_main(argc, argv);
    std::fputs("usage: tempo_spar bench [depth] | depth D [mb] | match NODES [FIRST [COUNT]] "
               "[--base k=v] [--test k=v]\n", stderr);
    return 2;
}
