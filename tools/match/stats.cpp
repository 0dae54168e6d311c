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

namespace {

constexpr std::array<double, 5> PairPoints{0, 0.25, 0.5, 0.75, 1.0};  // a pair's score per game

// The pair-score distribution nearest to `p` (maximum likelihood) whose mean is `s`:
// q_i = p_i / (1 + lambda (x_i - s)), where lambda solves sum p_i (x_i - s) / (1 + lambda (x_i - s)) = 0.
// That sum falls strictly as lambda grows on the interval where every denominator is positive,
// (-1/(1 - s), 1/s), from +inf to -inf, so bisection finds the root.
std::array<double, 5> nearest_with_mean(const std::array<double, 5>& p, double s) {
    double lo = -1.0 / (1.0 - s), hi = 1.0 / s;
    for (int i = 0; i < 200; ++i) {
        const double mid = 0.5 * (lo + hi);
        double f = 0;
        for (std::size_t k = 0; k < 5; ++k) f += p[k] * (PairPoints[k] - s) / (1 + mid * (PairPoints[k] - s));
        (f > 0 ? lo : hi) = mid;
    }
    const double lambda = 0.5 * (lo + hi);
    std::array<double, 5> q{};
    for (std::size_t k = 0; k < 5; ++k) q[k] = p[k] / (1 + lambda * (PairPoints[k] - s));
    return q;
}

// The observed distribution of pair scores, empty cells counted as 0.001 pairs (as fishtest
// does), with the total count.
std::pair<std::array<double, 5>, double> observed(const Pentanomial& pairs) {
    std::array<double, 5> p{};
    double n = 0;
    for (std::size_t i = 0; i < 5; ++i) n += p[i] = pairs[i] == 0 ? 1e-3 : pairs[i];
    for (double& x : p) x /= n;
    return {p, n};
}

SprtState bounds(const SprtSettings& s) {
    SprtState st;
    st.lower = std::log(s.beta / (1 - s.alpha));
    st.upper = std::log((1 - s.beta) / s.alpha);
    return st;
}

SprtState decide(SprtState st) {
    if (st.llr >= st.upper) st.decision = SprtDecision::AcceptH1;
    else if (st.llr <= st.lower) st.decision = SprtDecision::AcceptH0;
    return st;
}

}  // namespace

double sprt_llr_normal(const SprtSettings& s, const Pentanomial& pairs) {
    if (pairs == Pentanomial{}) return 0;
    const auto [p, n] = observed(pairs);
    double mean = 0, var = 0;
    for (std::size_t i = 0; i < 5; ++i) mean += p[i] * PairPoints[i];
    for (std::size_t i = 0; i < 5; ++i) var += p[i] * (PairPoints[i] - mean) * (PairPoints[i] - mean);
    const double s0 = expected_score(s.elo0), s1 = expected_score(s.elo1);
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
}

SprtState sprt(const SprtSettings& s, const Pentanomial& pairs) {
    SprtState st = bounds(s);
    if (pairs == Pentanomial{}) return st;
    const auto [p, n] = observed(pairs);
    const std::array<double, 5> q0 = nearest_with_mean(p, expected_score(s.elo0));
    const std::array<double, 5> q1 = nearest_with_mean(p, expected_score(s.elo1));
    double llr = 0;
    for (std::size_t i = 0; i < 5; ++i) llr += p[i] * std::log(q1[i] / q0[i]);
    st.llr = n * llr;
    return decide(st);
}

}  // namespace tempo::match
