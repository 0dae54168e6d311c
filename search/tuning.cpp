#include "search/tuning.hpp"

#include <array>
#include <charconv>

namespace tempo::search {

namespace {

// The fields, each with a getter and a setter; ranges keep a match from setting nonsense.
#define TEMPO_TUNE_INT(NAME, MIN, MAX, FIELD, HELP)                              \
    TuneParam {                                                                  \
        NAME, MIN, MAX, [](const Options& o) { return int(o.FIELD); },           \
            [](Options& o, int v) { o.FIELD = v; }, HELP                         \
    }
#define TEMPO_TUNE_BOOL(NAME, FIELD, HELP)                                       \
    TuneParam {                                                                  \
        NAME, 0, 1, [](const Options& o) { return o.FIELD ? 1 : 0; },            \
            [](Options& o, int v) { o.FIELD = v != 0; }, HELP                    \
    }

const std::array Params{
    TEMPO_TUNE_BOOL("lmr", reductions.enabled, "late move reductions on (1) or off (0)"),
    TEMPO_TUNE_INT("lmr_min_depth", 1, 64, reductions.min_depth, "reduce from this depth left"),
    TEMPO_TUNE_INT("lmr_min_moves", 0, 64, reductions.min_moves, "reduce from this move on (0-based)"),
    TEMPO_TUNE_INT("lmr_base", 0, 1000, reductions.base, "reduction base, in hundredths of a ply"),
    TEMPO_TUNE_INT("lmr_div", 50, 2000, reductions.divisor, "the divisor of ln(depth) ln(move), in hundredths"),
    TEMPO_TUNE_BOOL("lmr_offers", reductions.offers, "reduce moves that offer a capture too"),
    TEMPO_TUNE_INT("lmp", 0, 16, prune.lmp_depth, "late move pruning up to this depth (0: off)"),
    TEMPO_TUNE_INT("lmp_base", 0, 64, prune.lmp_base, "late move pruning keeps base + depth^2 moves"),
    TEMPO_TUNE_INT("fut", 0, 16, prune.futility_depth, "futility pruning up to this depth (0: off)"),
    TEMPO_TUNE_INT("fut_margin", 0, 1000, prune.futility_margin, "futility margin a ply, centi-men"),
    TEMPO_TUNE_INT("iir", 0, 64, prune.iir_depth, "internal iterative reduction from this depth (0: off)"),
    TEMPO_TUNE_BOOL("threat", threat_extension, "extend quiet horizon nodes under a capture threat"),
    TEMPO_TUNE_INT("shot", 0, 5000, shot_margin, "try shots at the horizon within this margin below alpha (0: off)"),
    TEMPO_TUNE_INT("squeeze", 0, 16, squeeze, "search a horizon position a ply more with at most this many safe moves (0: off)"),
    TEMPO_TUNE_INT("grain", 1, 100, grain, "round the static evaluation toward zero to a multiple of this"),
    TEMPO_TUNE_INT("endscale", 10, 100, endgame_scale, "percent of the static evaluation kept on an empty board (100 on a full one, linear between)"),
    TEMPO_TUNE_INT("cap_ext", 0, 2, capture_extension, "half plies of extension for a choice of captures"),
    TEMPO_TUNE_INT("pv_ext", 0, 2, pv_extension, "half plies of extension at a PV node"),
    TEMPO_TUNE_INT("trunc", 0, 10000, truncation, "truncate quiet nodes this far outside the window (0: off)"),
    TEMPO_TUNE_INT("trunc_div", 1, 10000, truncation_div, "truncation: a quarter ply for every this much"),
    TEMPO_TUNE_INT("trunc_max", 0, 16, truncation_max, "truncation: at most this many quarter plies a node"),
    TEMPO_TUNE_INT("se", 0, 64, singular_depth, "singular extension from this depth left (0: off)"),
    TEMPO_TUNE_INT("se_margin", 0, 1000, singular_margin, "singular extension: margin below the table score per 8 plies"),
    TEMPO_TUNE_INT("asp", 1, 1000, aspiration, "the aspiration window's first half-width"),
    TEMPO_TUNE_INT("etc", 0, 64, etc_depth, "enhanced transposition cut-offs from this depth (0: off)"),
    TEMPO_TUNE_INT("pc", 0, 64, probcut_depth, "ProbCut from this depth (0: off)"),
    TEMPO_TUNE_INT("pc_r", 1, 16, probcut_reduction, "ProbCut's reduction in plies"),
    TEMPO_TUNE_INT("pc_margin", 0, 1000, probcut_margin, "ProbCut's margin over beta, centi-men"),
};

#undef TEMPO_TUNE_INT
#undef TEMPO_TUNE_BOOL

bool separator(char c) { return c == ',' || c == ' ' || c == '\t'; }

}  // namespace

std::span<const TuneParam> tune_params() { return Params; }

Result<Options> tune(const Options& base, std::string_view spec) {
    Options o = base;
    std::size_t i = 0;
    while (i < spec.size()) {
        if (separator(spec[i])) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < spec.size() && !separator(spec[end])) ++end;
        const std::string_view pair = spec.substr(i, end - i);
        i = end;
        const std::size_t eq = pair.find('=');
        if (eq == std::string_view::npos)
            return Error{"expected name=value, not '" + std::string(pair) + "'"};
        const std::string_view name = pair.substr(0, eq), text = pair.substr(eq + 1);
        const TuneParam* p = nullptr;
        for (const TuneParam& q : Params)
            if (q.name == name) p = &q;
        if (!p) return Error{"unknown search parameter '" + std::string(name) + "'"};
        int v = 0;
        const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (text.empty() || ec != std::errc() || ptr != text.data() + text.size())
            return Error{"search parameter " + std::string(name) + " needs a whole number, not '" +
                         std::string(text) + "'"};
        if (v < p->min || v > p->max)
            return Error{"search parameter " + std::string(name) + " value " + std::to_string(v) +
                         " is out of range " + std::to_string(p->min) + ".." + std::to_string(p->max)};
        p->set(o, v);
    }
    return o;
}

std::string describe_tuning(const Options& o) {
    std::string s;
    for (const TuneParam& p : Params) {
        if (!s.empty()) s.push_back(' ');
        s.append(p.name);
        s.push_back('=');
        s.append(std::to_string(p.get(o)));
    }
    return s;
}

}  // namespace tempo::search
