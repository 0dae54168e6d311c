// The match statistics against values computed by hand (the computation is in each comment).
#include <cmath>

#include <catch2/catch.hpp>

#include "tools/match/stats.hpp"

using namespace tempo::match;
using Catch::Detail::Approx;

TEST_CASE("Elo, its 95% interval and LOS of +30 -20 =50", "[match][stats]") {
    // N = 100, score m = (30 + 50/2) / 100 = 0.55.
    // Elo = -400 log10(1/0.55 - 1) = -400 log10(0.818182) = -400 * -0.0871502 = 34.860.
    // Per-game variance: (30 * 0.45^2 + 20 * 0.55^2 + 50 * 0.05^2) / 100
    //                  = (6.075 + 6.05 + 0.125) / 100 = 0.1225; standard error sqrt(0.1225/100) = 0.035.
    // Score interval 0.55 -+ 1.959964 * 0.035 = [0.481401, 0.618599]
    //   low  = -400 log10(1/0.481401 - 1) = -400 log10(1.077267) = -12.929
    //   high = -400 log10(1/0.618599 - 1) = -400 log10(0.616557) = +84.010
    // LOS = (1 + erf((30 - 20) / sqrt(2 * 50))) / 2 = (1 + erf(1)) / 2 = 0.9213504.
    const EloEstimate e = estimate(Score{30, 20, 50});
    CHECK(e.score == Approx(0.55));
    CHECK(e.elo == Approx(34.860).margin(0.01));
    CHECK(e.low == Approx(-12.929).margin(0.02));
    CHECK(e.high == Approx(84.010).margin(0.02));
    CHECK(e.los == Approx(0.9213504).margin(1e-6));
}

TEST_CASE("An even score is 0 Elo with a symmetric interval, a clean sweep is capped", "[match][stats]") {
    const EloEstimate even = estimate(Score{10, 10, 20});
    CHECK(even.elo == Approx(0).margin(1e-9));
    CHECK(even.low == Approx(-even.high));
    CHECK(even.los == Approx(0.5));
    CHECK(elo_text(estimate(Score{0, 0, 1})) == "+0.0 [+0.0, +0.0]");
    const EloEstimate sweep = estimate(Score{0, 2, 0});
    CHECK(sweep.elo == -999.0);
    // LOS = (1 + erf(-2 / sqrt(4))) / 2 = (1 - 0.8427008) / 2 = 0.0786496
    CHECK(sweep.los == Approx(0.0786496).margin(1e-6));
}

TEST_CASE("expected_score and elo_of_score are inverse", "[match][stats]") {
    // 10 Elo: 1 / (1 + 10^-0.025) = 1 / (1 + 0.9440609) = 0.5143871
    CHECK(expected_score(10) == Approx(0.5143871).margin(1e-7));
    CHECK(expected_score(0) == 0.5);
    for (double elo : {-300.0, -35.0, 0.0, 12.5, 400.0}) CHECK(elo_of_score(expected_score(elo)) == Approx(elo).margin(1e-9));
}

TEST_CASE("SPRT: the normal approximation of the LLR, by hand", "[match][stats][sprt]") {
    // Pairs scoring 0, 0.5, 1, 1.5, 2 points: 1, 1, 2, 4, 2 (N = 10 pairs).
    // Per-game pair scores 0, .25, .5, .75, 1: mean = (0 + .25 + 1 + 3 + 2) / 10 = 0.625.
    // Variance = (1*.625^2 + 1*.375^2 + 2*.125^2 + 4*.125^2 + 2*.375^2) / 10
    //          = (.390625 + .140625 + .03125 + .0625 + .28125) / 10 = 0.090625.
    // elo0 = 0: s0 = 0.5; elo1 = 10: s1 = 0.5143871.
    // LLR = N (s1 - s0)(2 mean - s0 - s1) / (2 var) = 10 * 0.0143871 * 0.2356129 / 0.18125 = 0.187023.
    const SprtSettings settings{0, 10, 0.05, 0.05};
    CHECK(sprt_llr_normal(settings, {1, 1, 2, 4, 2}) == Approx(0.187023).margin(1e-5));
    // Twenty times the pairs: the same mean and variance, so 20 * 0.187023 = 3.74046.
    CHECK(sprt_llr_normal(settings, {20, 20, 40, 80, 40}) == Approx(3.74046).margin(1e-4));
    // Mirrored, mean 0.375: 200 * 0.0143871 * (0.75 - 1.0143871) / 0.18125 = -4.19728.
    CHECK(sprt_llr_normal(settings, {40, 80, 40, 20, 20}) == Approx(-4.19728).margin(1e-4));
}

TEST_CASE("SPRT bounds and the generalized LLR", "[match][stats][sprt]") {
    // Bounds for alpha = beta = 0.05: log(0.05/0.95) = -2.944439, log(0.95/0.05) = +2.944439.
    const SprtState none = sprt({0, 10, 0.05, 0.05}, {0, 0, 0, 0, 0});
    CHECK(none.llr == 0);
    CHECK(none.lower == Approx(-2.944439).margin(1e-6));
    CHECK(none.upper == Approx(2.944439).margin(1e-6));
    // alpha = 0.05, beta = 0.1: log(0.1/0.95) = -2.251292, log(0.9/0.05) = 2.890372.
    const SprtState uneven = sprt({0, 10, 0.05, 0.1}, {0, 0, 0, 0, 0});
    CHECK(uneven.lower == Approx(-2.251292).margin(1e-6));
    CHECK(uneven.upper == Approx(2.890372).margin(1e-6));

    // By symmetry: a symmetric pentanomial (mean 0.5) between hypotheses -10 and +10 Elo gives
    // LLR 0 exactly (q1 is q0 mirrored), and mirroring the counts negates the LLR.
    CHECK(sprt({-10, 10, 0.05, 0.05}, {1, 2, 4, 2, 1}).llr == Approx(0).margin(1e-9));
    CHECK(sprt({-10, 10, 0.05, 0.05}, {3, 1, 5, 7, 2}).llr ==
          Approx(-sprt({-10, 10, 0.05, 0.05}, {2, 7, 5, 1, 3}).llr).epsilon(1e-9));
    // With the mean at s0 the nearest distribution is the observed one, and LLR = -N * KL(p || q1) < 0.
    CHECK(sprt({0, 10, 0.05, 0.05}, {1, 2, 4, 2, 1}).llr < 0);

    // Near the hypotheses the normal approximation agrees (mean 0.50701, between s0 and s1):
    // exact -0.0078016 (computed independently in Python, bisection for the multiplier).
    const Pentanomial near{20, 40, 90, 42, 22};
    CHECK(sprt({0, 10, 0.05, 0.05}, near).llr == Approx(-0.0078016).margin(1e-6));
    // Far from them it is too confident, which is why the test does not use it:
    // {1,1,2,4,2}: exact 0.148556 against 0.187023; twenty times: 2.971125 (H1) against 3.74046.
    CHECK(sprt({0, 10, 0.05, 0.05}, {1, 1, 2, 4, 2}).llr == Approx(0.148556).margin(1e-5));
    const SprtState more = sprt({0, 10, 0.05, 0.05}, {20, 20, 40, 80, 40});
    CHECK(more.llr == Approx(2.971125).margin(1e-5));
    CHECK(more.decision == SprtDecision::AcceptH1);
    const SprtState mirrored = sprt({0, 10, 0.05, 0.05}, {40, 80, 40, 20, 20});
    CHECK(mirrored.llr == Approx(-3.267105).margin(1e-5));
    CHECK(mirrored.decision == SprtDecision::AcceptH0);
}

TEST_CASE("SPRT with one-sided results", "[match][stats][sprt]") {
    // One pair won 2-0 proves nothing about 0 against 50 Elo (the normal approximation, with the
    // empty cells at 0.001 pairs, would claim LLR in the tens).
    CHECK(sprt({0, 50, 0.05, 0.05}, {0, 0, 0, 0, 1}).llr == Approx(0.133837).margin(1e-5));
    CHECK(sprt({0, 50, 0.05, 0.05}, {0, 0, 0, 0, 1}).decision == SprtDecision::Continue);
    // Every pair lost, 0 against 400 Elo: -1.709261 after one pair, -3.414011 (H0) after two.
    CHECK(sprt({0, 400, 0.05, 0.05}, {1, 0, 0, 0, 0}).llr == Approx(-1.709261).margin(1e-5));
    CHECK(sprt({0, 400, 0.05, 0.05}, {2, 0, 0, 0, 0}).llr == Approx(-3.414011).margin(1e-5));
    CHECK(sprt({0, 400, 0.05, 0.05}, {2, 0, 0, 0, 0}).decision == SprtDecision::AcceptH0);
}
