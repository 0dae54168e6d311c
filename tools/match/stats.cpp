// Match statistics (see stats.hpp).
#include "tools/match/stats.hpp"

#include <cmath>
#include <cstdio>

namespace tempo::match {

namespace {
constexpr double Z95 = 1.959963984540054;  // two-sided 95% quantile of the normal distribution
constexpr double EloCap = 999.0;           // what a score of 0 or 1 is shown as
}  // namespace

double expected_score(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

double elo_of_score(double score) {
    if (score <= 0) return -EloCap;
    if (score >= 1) return EloCap;
    const double e = -400.0 * std::log10(1.0 / score - 1.0);
    return std::fmax(-EloCap, std::fmin(EloCap, e));
}

EloEstimate estimate(const Score& s) {
    EloEstimate e;
    const int n = s.games();
    if (n == 0) return e;
    e.score = s.points() / n;
    e.elo = elo_of_score(e.score);
    const double m = e.score;
    const double var = (s.wins * (1 - m) * (1 - m) + s.losses * m * m + s.draws * (0.5 - m) * (0.5 - m)) / n;
    const double se = std::sqrt(var / n);
    e.low = elo_of_score(m - Z95 * se);
    e.high = elo_of_score(m + Z95 * se);
    const int decisive = s.wins + s.losses;
    e.los = decisive == 0 ? 0.5 : 0.5 * (1.0 + std::erf((s.wins - s.losses) / std::sqrt(2.0 * decisive)));
    return e;
}

std::string elo_text(const EloEstimate& e) {
    // + 0.0 turns a negative zero into a plain one, so an even score prints "+0.0".
    char buf[96];
    std::snprintf(buf, sizeof buf, "%+.1f [%+.1f, %+.1f]", e.elo + 0.0, e.low + 0.0, e.high + 0.0);
    return buf;
}

SprtState sprt(const SprtSettings& s, const Pentanomial& pairs) {
    SprtState st;
    st.lower = std::log(s.beta / (1 - s.alpha));
    st.upper = std::log((1 - s.beta) / s.alpha);
    double games = 0;
    for (int c : pairs) games += c;
    if (games == 0) return st;
    // An empty cell counts as 0.001 pairs (as fastchess does): with all pairs alike the variance
    // would be zero and the test could never decide, even after 50 pairs lost 0-2.
    std::array<double, 5> count{};
    double n = 0;
    for (std::size_t i = 0; i < 5; ++i) n += count[i] = pairs[i] == 0 ? 1e-3 : pairs[i];
    static constexpr std::array<double, 5> Points{0, 0.25, 0.5, 0.75, 1.0};
    double mean = 0;
    for (std::size_t i = 0; i < 5; ++i) mean += count[i] * Points[i];
    mean /= n;
    double var = 0;
    for (std::size_t i = 0; i < 5; ++i) var += count[i] * (Points[i] - mean) * (Points[i] - mean);
    var /= n;
    if (var <= 0) return st;  // every pair the same: no information about the spread yet
    const double s0 = expected_score(s.elo0), s1 = expected_score(s.elo1);
    st.llr = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
    if (st.llr >= st.upper) st.decision = SprtDecision::AcceptH1;
    else if (st.llr <= st.lower) st.decision = SprtDecision::AcceptH0;
    return st;
}

}  // namespace tempo::match
