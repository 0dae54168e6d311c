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

TEST_CASE("An even score is 0 Elo with a symmetric interval; a clean sweep is capped", "[match][stats]") {
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

TEST_CASE("SPRT LLR of a pentanomial, by hand", "[match][stats][sprt]") {
    // Pairs scoring 0, 0.5, 1, 1.5, 2 points: 1, 1, 2, 4, 2 (N = 10 pairs).
    // Per-game pair scores 0, .25, .5, .75, 1: mean = (0 + .25 + 1 + 3 + 2) / 10 = 0.625.
    // Variance = (1*.625^2 + 1*.375^2 + 2*.125^2 + 4*.125^2 + 2*.375^2) / 10
    //          = (.390625 + .140625 + .03125 + .0625 + .28125) / 10 = 0.090625.
    // elo0 = 0: s0 = 0.5; elo1 = 10: s1 = 0.5143871.
    // LLR = N (s1 - s0)(2 mean - s0 - s1) / (2 var) = 10 * 0.0143871 * 0.2356129 / 0.18125 = 0.187023.
    // Bounds for alpha = beta = 0.05: log(0.05/0.95) = -2.944439, log(0.95/0.05) = +2.944439.
    const SprtSettings settings{0, 10, 0.05, 0.05};
    const SprtState st = sprt(settings, {1, 1, 2, 4, 2});
    CHECK(st.llr == Approx(0.187023).margin(1e-5));
    CHECK(st.lower == Approx(-2.944439).margin(1e-6));
    CHECK(st.upper == Approx(2.944439).margin(1e-6));
    CHECK(st.decision == SprtDecision::Continue);

    // Twenty times the pairs: the same mean and variance, so LLR = 20 * 0.187023 = 3.74046 > upper.
    const SprtState more = sprt(settings, {20, 20, 40, 80, 40});
    CHECK(more.llr == Approx(3.74046).margin(1e-4));
    CHECK(more.decision == SprtDecision::AcceptH1);

    // Mirrored (the other engine's view): LLR against H1 with mean 0.375:
    // 200 * 0.0143871 * (0.75 - 1.0143871) / 0.18125 = 200 * -0.0038038 / 0.18125 = -4.19728 < lower.
    const SprtState mirrored = sprt(settings, {40, 80, 40, 20, 20});
    CHECK(mirrored.llr == Approx(-4.19728).margin(1e-4));
    CHECK(mirrored.decision == SprtDecision::AcceptH0);
}

TEST_CASE("SPRT with no pairs, and with every pair lost", "[match][stats][sprt]") {
    const SprtSettings settings{0, 5, 0.05, 0.05};
    CHECK(sprt(settings, {0, 0, 0, 0, 0}).llr == 0);
    // Every pair 0-2: the empty cells count as 0.001 pairs, so there is a variance and the test
    // rejects H1 quickly instead of never deciding.
    CHECK(sprt(settings, {3, 0, 0, 0, 0}).decision == SprtDecision::AcceptH0);
    CHECK(sprt(settings, {0, 0, 0, 0, 3}).decision == SprtDecision::AcceptH1);
}
