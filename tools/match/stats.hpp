// Match statistics: score, Elo difference with a 95% interval, likelihood of superiority, and the
// sequential probability ratio test over game pairs (pentanomial model).
//
// Everything is from the first engine's point of view. Elo is the logistic model:
// score = 1 / (1 + 10^(-elo/400)). The interval comes from the per-game score variance (normal
// approximation); LOS from wins and losses only (draws say nothing about who is better).
//
// SPRT: games are played in pairs from one opening with the colours swapped, so a pair scores
// 0, 0.5, 1, 1.5 or 2 points; the five counts are the pentanomial. The test is the generalized
// SPRT as fishtest computes it: with p the observed distribution of pair scores (per game: 0,
// 0.25, ..., 1; an empty cell counts as 0.001 pairs), q0 and q1 the distributions nearest to p
// (maximum likelihood) whose means are s0 and s1, the expected scores at elo0 and elo1,
//   LLR = N * sum_i p_i log(q1_i / q0_i)          (N pairs).
// It accepts H1 (elo1) when LLR >= log((1-beta)/alpha), H0 (elo0) when LLR <= log(beta/(1-alpha)).
// The normal approximation N (s1 - s0)(2 mean - s0 - s1) / (2 var) is close to it once there are
// a few dozen pairs, and is kept for checking (it can be computed by hand); with few pairs it is
// far too confident (one pair won 2-0 would "prove" a gain), so the test does not use it.
// Pure functions: the tests check them against hand-computed values.
#pragma once

#include <array>
#include <string>

namespace tempo::match {

struct Score {
    int wins = 0, losses = 0, draws = 0;
    int games() const { return wins + losses + draws; }
    double points() const { return wins + 0.5 * draws; }
};

// Expected score at an Elo difference, and the Elo difference of a score (0 < score < 1).
double expected_score(double elo);
double elo_of_score(double score);

struct EloEstimate {
    double score = 0.5;
    double elo = 0;        // NaN-free: +-inf is reported as a large finite value (see elo_text)
    double low = 0, high = 0;  // the 95% interval
    double los = 0.5;      // likelihood of superiority, 0..1
};
EloEstimate estimate(const Score& s);

// "+12.3 +- 45.6" (or "inf"-style bounds written as "+inf"/"-inf").
std::string elo_text(const EloEstimate& e);

// Pair counts by points: [0] 0-2, [1] 0.5-1.5, [2] 1-1, [3] 1.5-0.5, [4] 2-0.
using Pentanomial = std::array<int, 5>;

struct SprtSettings {
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
};

enum class SprtDecision { Continue, AcceptH0, AcceptH1 };

struct SprtState {
    double llr = 0, lower = 0, upper = 0;
    SprtDecision decision = SprtDecision::Continue;
};

SprtState sprt(const SprtSettings& s, const Pentanomial& pairs);
// The normal approximation of the same LLR (see above).
double sprt_llr_normal(const SprtSettings& s, const Pentanomial& pairs);

}  // namespace tempo::match
