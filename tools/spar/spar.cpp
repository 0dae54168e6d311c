// tempo_spar: the searcher's own measuring stick, in process and by node counts, so that results
// do not depend on the machine's load.
//
//   tempo_spar bench [depth]          the bench (search/bench.hpp); last line `Nodes searched: N`
//   tempo_spar depth D [hash_mb] [--opt K=V ...]
//                                     time to each depth up to D from the start, one thread
//   tempo_spar match NODES|Nms|BASE+INC [FIRST [COUNT]] [--international] [--base K=V ...] [--test K=V ...]
//       games between two option sets of this build, `test` against `base`: each ballot of
//       /work/shared/reference/ballots-english-3move.csv (or $TEMPO_BALLOTS) from FIRST, COUNT of
//       them, played twice with colours reversed, NODES nodes a move (or, written `Nms`, N
//       milliseconds a move: equal time, for tricks that trade nodes for depth; or, written
//       `BASE+INC`, a clock of BASE ms per game and side plus INC ms a move, charged with the
//       wall time of each search: for time management; a side whose clock runs out loses), 16 MB each, one
//       thread. A game is adjudicated once both engines' scores agree for 6 plies that one side
//       is 4 men ahead (a win), or when only kings are left, as many a side (a draw). Prints
//       W/D/L for `test`, the Elo estimate with a 95% error bar, pair results, and each side's
//       mean depth and nodes a move. `--international`: 10x10 games from each of the 81 pairs of
//       first moves (FMJD draws by rule, the same adjudication).
//   Options of a side (--base, --test): eval=legacy|rich (the classic evaluations of both games)
//       or eval=net (the built-in networks), net=FILE (a network file of either game: English
//       files set the English network, 10x10 files the 10x10 one), and any search parameter of
//       search/tuning.hpp (lmr_base=60, pc=0, ...).
//   tempo_spar selfplay GAMES NODES FILE
//       self-play from the ballots (in turn), NODES to 2*NODES nodes a move (random, for
//       variety); appends every quiet position (no capture for either side) with the game's
//       result to FILE: `black white kings side result` (hex bitboards, b/w, 1 = Black won,
//       0.5, 0).
//   tempo_spar tune FILE [ROUNDS [EPOCHS [LAMBDA [rich|plain]]]]
//       fits search::Weights (the rich set, from the legacy values or, with `rich`, from
//       RichWeights; with `plain`, the legacy terms only) to such a file: K in
//       1/(1+10^(-K s/400)) for the legacy weights, then ROUNDS times (3): the score of every
//       position made linear in the weights by central differences, EPOCHS (400) of full-batch
//       gradient descent (Adam) on the mean squared error of the prediction with an L2 pull of
//       LAMBDA (1e-7) towards the round's start, the weights rounded. One game in ten is held
//       out; train and held-out errors are printed, and the weights as C++.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/movegen.hpp"
#include "engine/position.hpp"
#include "search/bench.hpp"
#include "search/search.hpp"
#include "search/tuning.hpp"

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
    if (key == "eval") {
        // The classic evaluations with one of the English weight sets (no network for either
        // game), or the built-in networks.
        const std::string_view name = kv.substr(eq + 1);
        if (name == "legacy") o.weights = &LegacyWeights, o.network = nullptr, o.intl_network = nullptr;
        else if (name == "rich") o.weights = &RichWeights, o.network = nullptr, o.intl_network = nullptr;
        else if (name == "net" && (nnue::Network::embedded() || nnue::IntlNetwork::embedded()))
            o.network = nnue::Network::embedded(), o.intl_network = nnue::IntlNetwork::embedded();
        else {
            std::fprintf(stderr, "spar: eval=legacy, eval=rich or eval=net (with a built-in network), got %.*s\n",
                         int(name.size()), name.data());
            std::exit(2);
        }
        return;
    }
    if (key == "net") {
        // A network file of either game (its header says which); kept for the whole run.
        static std::vector<std::unique_ptr<nnue::AnyNetwork>> loaded;
        Result<nnue::AnyNetwork> net = nnue::load_any(std::string(kv.substr(eq + 1)));
        if (!net) {
            std::fprintf(stderr, "spar: %s\n", net.error().c_str());
            std::exit(2);
        }
        loaded.push_back(std::make_unique<nnue::AnyNetwork>(std::move(net.value())));
        if (const auto* english = std::get_if<nnue::Network>(loaded.back().get())) o.network = english;
        else o.intl_network = &std::get<nnue::IntlNetwork>(*loaded.back());
        return;
    }
    // Every other key is a search parameter (search/tuning.hpp).
    Result<Options> tuned = tune(o, kv);
    if (!tuned) {
        std::fprintf(stderr, "spar: %s\n", tuned.error().c_str());
        std::exit(2);
    }
    o = tuned.value();
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

constexpr Score AdjudicateScore = 400;
constexpr int AdjudicatePlies = 6;

// Depth and nodes summed over one side's moves.
struct Usage {
    std::uint64_t moves = 0, depth = 0, nodes = 0, time_ms = 0, time_losses = 0;
};

// One game of `Game` (search/variant.hpp); +1 when Black's engine wins, -1 when it loses, 0 for a
// draw.
template <class Game>
int play_game(Engine& black, Engine& white, typename Game::Position p, std::vector<Key> keys,
              Limits limits, Usage& black_usage, Usage& white_usage) {
    black.clear();
    white.clear();
    // On a clock (limits.btime >= 0): each side's time left, charged with the wall time of its
    // searches; the increment comes after each move.
    const bool clock = limits.btime >= 0;
    std::int64_t left[2] = {limits.btime, limits.wtime};
    int winning = 0;  // plies in a row with a clear score: > 0 for Black, < 0 for White
    for (int ply = 0; ply < 300; ++ply) {
        typename Game::MoveList list;
        Game::generate(p, list);
        if (list.empty()) return p.side_to_move() == Color::Black ? -1 : +1;
        if (Game::rule_draw(p)) return 0;
        int seen = 0;
        for (std::size_t i = keys.size(); i-- > 0;)
            if (keys[i] == p.key() && ++seen >= 2) return 0;  // third occurrence
        const bool black_moves = p.side_to_move() == Color::Black;
        Engine& e = black_moves ? black : white;
        const std::size_t side = black_moves ? 0 : 1;
        if (clock) limits.btime = int(left[0]), limits.wtime = int(left[1]);
        const auto t0 = std::chrono::steady_clock::now();
        const SearchResult r = e.go(p, keys, limits);
        Usage& u = black_moves ? black_usage : white_usage;
        if (clock) {
            const std::int64_t spent = std::chrono::duration_cast<std::chrono::milliseconds>(
                                           std::chrono::steady_clock::now() - t0)
                                           .count();
            left[side] -= spent;
            u.time_ms += std::uint64_t(spent);
            if (left[side] < 0) {
                ++u.time_losses;
                std::fprintf(stderr, "spar: lost on time at ply %d: %lld ms spent of %lld left (depth %d)\n", ply, (long long)spent, (long long)(left[side] + spent), r.depth);
                return black_moves ? -1 : +1;
            }
            left[side] += black_moves ? limits.binc : limits.winc;
        }
        ++u.moves, u.depth += std::uint64_t(r.depth), u.nodes += r.nodes;
        // Adjudication, to keep games short: both engines agree for AdjudicatePlies plies in a
        // row that one side is AdjudicateScore ahead; or only kings are left, as many a side.
        const Score for_black = black_moves ? r.score : -r.score;
        if (for_black >= AdjudicateScore) winning = winning > 0 ? winning + 1 : 1;
        else if (for_black <= -AdjudicateScore) winning = winning < 0 ? winning - 1 : -1;
        else winning = 0;
        if (winning >= AdjudicatePlies) return +1;
        if (winning <= -AdjudicatePlies) return -1;
        if ((p.men(Color::Black) | p.men(Color::White)) == 0 &&
            popcount(p.kings(Color::Black)) == popcount(p.kings(Color::White)))
            return 0;
        keys.push_back(p.key());
        p = p.after(*r.best);
    }
    return 0;
}

int match_main(int argc, char** argv) {
    if (argc < 3) return 2;
    Limits limits;
    const std::string_view budget = argv[2];
    if (budget.ends_with("ms")) {
        limits.movetime = std::atoi(argv[2]);
        limits.move_overhead = 0;
    } else if (const auto plus = budget.find('+'); plus != std::string_view::npos) {
        // BASE+INC in ms: a clock for each side, per game
        limits.btime = limits.wtime = std::atoi(argv[2]);
        limits.binc = limits.winc = std::atoi(argv[2] + plus + 1);
        limits.move_overhead = 10;  // the protocol's default
    } else {
        limits.nodes = std::strtoull(argv[2], nullptr, 10);
    }
    std::size_t first = 0, count = 1000;
    int i = 3;
    if (i < argc && argv[i][0] != '-') first = std::strtoull(argv[i++], nullptr, 10);
    if (i < argc && argv[i][0] != '-') count = std::strtoull(argv[i++], nullptr, 10);
    Engine base(16), test(16);
    bool international = false;
    for (; i < argc; ++i) {
        const std::string_view which = argv[i];
        if (which == "--international") international = true;
        else if (which == "--base" && i + 1 < argc) set_option(base.options(), argv[++i]);
        else if (which == "--test" && i + 1 < argc) set_option(test.options(), argv[++i]);
        else return 2;
    }
    int w = 0, d = 0, l = 0;
    Usage test_usage, base_usage;
    int pairs[5] = {0, 0, 0, 0, 0};  // pair score 0, 0.5, 1, 1.5, 2 for test
    // Each opening twice, colours reversed: English from the ballots, 10x10 from every pair of
    // first moves (81).
    const auto ballots = international ? decltype(read_ballots()){} : read_ballots();
    intl::MoveList firsts;
    intl::generate_moves(intl::Position::start(), firsts);
    const std::size_t openings = international ? firsts.size() * firsts.size() : ballots.size();
    for (std::size_t b = first; b < openings && b < first + count; ++b) {
        int g1 = 0, g2 = 0;
        std::vector<Key> keys;
        if (international) {
            intl::Position p = intl::Position::start();
            keys.push_back(p.key());
            p = p.after(firsts[b / firsts.size()]);
            intl::MoveList replies;
            intl::generate_moves(p, replies);
            keys.push_back(p.key());
            p = p.after(replies[b % firsts.size() % replies.size()]);
            g1 = play_game<InternationalGame>(test, base, p, keys, limits, test_usage, base_usage);
            g2 = -play_game<InternationalGame>(base, test, p, keys, limits, base_usage, test_usage);
        } else {
            Position p = Position::start();
            if (!apply(p, keys, ballots[b])) {
                std::fprintf(stderr, "spar: ballot %zu does not apply\n", b);
                continue;
            }
            g1 = play_game<EnglishGame>(test, base, p, keys, limits, test_usage, base_usage);
            g2 = -play_game<EnglishGame>(base, test, p, keys, limits, base_usage, test_usage);
        }
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
    auto mean_of = [](std::uint64_t sum, std::uint64_t moves) { return double(sum) / double(moves ? moves : 1); };
    if (limits.btime >= 0)
        std::printf("clock: test %.1f ms a move, %llu lost on time; base %.1f ms a move, %llu lost on time\n",
                    mean_of(test_usage.time_ms, test_usage.moves), (unsigned long long)test_usage.time_losses,
                    mean_of(base_usage.time_ms, base_usage.moves), (unsigned long long)base_usage.time_losses);
    std::printf("%llu moves; test: depth %.2f nodes %.0f a move; base: depth %.2f nodes %.0f a move\n",
                (unsigned long long)(test_usage.moves + base_usage.moves),
                mean_of(test_usage.depth, test_usage.moves), mean_of(test_usage.nodes, test_usage.moves),
                mean_of(base_usage.depth, base_usage.moves), mean_of(base_usage.nodes, base_usage.moves));
    return 0;
}

// Whether neither side could capture: the evaluation sees the position as it is.
bool fully_quiet(const Position& p) {
    return !can_capture(p, Color::Black) && !can_capture(p, Color::White);
}

int selfplay_main(int argc, char** argv) {
    if (argc < 5) return 2;
    const int games = std::atoi(argv[2]);
    const std::uint64_t nodes = std::strtoull(argv[3], nullptr, 10);
    std::ofstream out(argv[4], std::ios::app);
    const auto ballots = read_ballots();
    std::mt19937_64 rng(std::uint64_t(games) * 7919 + nodes);
    Engine e(16);
    for (int g = 0; g < games; ++g) {
        Position p = Position::start();
        std::vector<Key> keys;
        if (!apply(p, keys, ballots[std::size_t(g) % ballots.size()])) continue;
        e.clear();
        std::vector<Position> seen;
        double result = 0.5;
        int winning = 0;
        for (int ply = 0; ply < 300; ++ply) {
            MoveList list;
            generate_moves(p, list);
            if (list.empty()) {
                result = p.side_to_move() == Color::Black ? 0.0 : 1.0;
                break;
            }
            if (p.quiet_plies() >= DrawPlies) break;
            int reps = 0;
            for (std::size_t i = keys.size(); i-- > 0;)
                if (keys[i] == p.key()) ++reps;
            if (reps >= 2) break;
            if (fully_quiet(p)) seen.push_back(p);
            Limits limits;
            limits.nodes = nodes + rng() % (nodes + 1);
            const SearchResult r = e.go(p, keys, limits);
            keys.push_back(p.key());
            p = p.after(*r.best);
            // The match's adjudication, with one engine's word.
            const Score for_black = p.side_to_move() == Color::White ? r.score : -r.score;
            winning = for_black >= AdjudicateScore    ? std::max(winning, 0) + 1
                      : for_black <= -AdjudicateScore ? std::min(winning, 0) - 1
                                                      : 0;
            if (winning >= AdjudicatePlies || winning <= -AdjudicatePlies) {
                result = winning > 0 ? 1.0 : 0.0;
                break;
            }
            if ((p.men(Color::Black) | p.men(Color::White)) == 0 &&
                popcount(p.kings(Color::Black)) == popcount(p.kings(Color::White)))
                break;
        }
        for (const Position& q : seen)
            out << std::hex << q.pieces(Color::Black) << ' ' << q.pieces(Color::White) << ' '
                << q.kings() << std::dec << ' ' << (q.side_to_move() == Color::Black ? 'b' : 'w')
                << ' ' << result << '\n';
        if (g % 100 == 99) std::fprintf(stderr, "%d games\n", g + 1);
    }
    return 0;
}

struct Sample {
    Position p;
    double result;  // for Black
    bool held_out;  // one game in ten, kept out of the fit to show overfitting
};

// A weight the tuner may move.
struct Param {
    const char* name;
    int index;  // within an array, or -1
    Score* value;
};

// The weights the tuner fits: all of the evaluation's but the man (the unit), the endgame
// thresholds and the divisor.
std::vector<Param> tunables(Weights& w) {
    std::vector<Param> v = {
        {"king_opening", -1, &w.king_opening}, {"king_endgame", -1, &w.king_endgame},
        {"back_rank_man", -1, &w.back_rank_man}, {"bridge", -1, &w.bridge},
        {"centre_man", -1, &w.centre_man}, {"centre_king", -1, &w.centre_king},
        {"edge_king", -1, &w.edge_king}, {"mobility", -1, &w.mobility},
        {"runaway", -1, &w.runaway}, {"runaway_step", -1, &w.runaway_step},
        {"trapped_king", -1, &w.trapped_king}, {"trade", -1, &w.trade},
        {"chase", -1, &w.chase}, {"double_corner", -1, &w.double_corner}};
    auto array = [&v](const char* name, auto& a) {
        for (std::size_t i = 0; i < a.size(); ++i) v.push_back({name, int(i), &a[i]});
    };
    array("advance_opening", w.advance_opening);
    array("advance_endgame", w.advance_endgame);
    if (w.rich) {
        // Own squares 29-32 never hold a man of the side: not fitted.
        for (int i = 0; i < 28; ++i) {
            v.push_back({"man_square_opening", i, &w.man_square_opening[std::size_t(i)]});
            v.push_back({"man_square_endgame", i, &w.man_square_endgame[std::size_t(i)]});
        }
        array("back_formation", w.back_formation);
        v.push_back({"dog_hole", -1, &w.dog_hole});
        v.push_back({"opposition", -1, &w.opposition});
    }
    return v;
}

double black_score(const Sample& s, const Weights& w) {
    const Score e = evaluate(s.p, w);
    return s.p.side_to_move() == Color::Black ? e : -e;
}

double predicted(double black, double k) { return 1.0 / (1.0 + std::pow(10.0, -k * black / 400.0)); }

// Mean squared error of the predicted results, on the fitted (false) or held-out (true) part.
double tune_error(const std::vector<Sample>& samples, const Weights& w, double k, bool held_out) {
    double sum = 0;
    std::size_t n = 0;
    for (const Sample& s : samples)
        if (s.held_out == held_out) {
            const double d = s.result - predicted(black_score(s, w), k);
            sum += d * d, ++n;
        }
    return sum / double(n ? n : 1);
}

// Prints the weights as the C++ that sets them (for RichWeights in search/eval.hpp).
void print_weights(const Weights& w) {
    auto one = [](const char* name, Score v) { std::printf("    w.%s = %d;\n", name, v); };
    auto array = [](const char* name, const auto& a) {
        std::printf("    w.%s = {", name);
        for (std::size_t j = 0; j < a.size(); ++j) std::printf("%s%d", j ? ", " : "", a[j]);
        std::printf("};\n");
    };
    one("king_opening", w.king_opening), one("king_endgame", w.king_endgame);
    one("back_rank_man", w.back_rank_man), one("bridge", w.bridge);
    array("advance_opening", w.advance_opening), array("advance_endgame", w.advance_endgame);
    one("centre_man", w.centre_man), one("centre_king", w.centre_king), one("edge_king", w.edge_king);
    one("mobility", w.mobility), one("runaway", w.runaway), one("runaway_step", w.runaway_step);
    one("trapped_king", w.trapped_king), one("trade", w.trade), one("chase", w.chase);
    one("double_corner", w.double_corner);
    array("man_square_opening", w.man_square_opening), array("man_square_endgame", w.man_square_endgame);
    array("back_formation", w.back_formation);
    one("dog_hole", w.dog_hole), one("opposition", w.opposition);
    std::fflush(stdout);
}

// One position's score as a linear function of the weights near `w`: the score and its slope
// along each weight, by central differences of `Delta` (the evaluation is linear in each weight
// but for integer rounding, the trade term's product with material and the final clamp).
struct Linear {
    double base;
    std::vector<std::pair<std::uint16_t, float>> slope;
};

constexpr Score Delta = 12;

std::vector<Linear> linearise(const std::vector<Sample>& samples, Weights& w, const std::vector<Param>& params) {
    std::vector<Linear> out(samples.size());
    for (std::size_t i = 0; i < samples.size(); ++i) out[i].base = black_score(samples[i], w);
    for (std::size_t j = 0; j < params.size(); ++j) {
        Score& v = *params[j].value;
        for (std::size_t i = 0; i < samples.size(); ++i) {
            v += Delta;
            const double up = black_score(samples[i], w);
            v -= 2 * Delta;
            const double down = black_score(samples[i], w);
            v += Delta;
            if (up != down) out[i].slope.emplace_back(std::uint16_t(j), float((up - down) / (2.0 * Delta)));
        }
    }
    return out;
}

// Gradient descent (Adam, full batch) on the linear model of the mean squared error of the
// logistic prediction, with an L2 pull of `lambda` towards the starting weights. Keeps the
// weights of the epoch with the lowest held-out error.
std::vector<double> descend(const std::vector<Sample>& samples, const std::vector<Linear>& lin,
                            const std::vector<double>& start, double k, int epochs, double rate,
                            double lambda) {
    const std::size_t n = start.size();
    std::vector<double> x = start, m(n, 0), v(n, 0), g(n), best = start;
    double best_held = 1e9;
    const double c = k * std::log(10.0) / 400.0;
    std::size_t train = 0;
    for (const Sample& s : samples) train += !s.held_out;
    for (int epoch = 0; epoch <= epochs; ++epoch) {
        std::fill(g.begin(), g.end(), 0.0);
        double err[2] = {0, 0};
        std::size_t cnt[2] = {0, 0};
        for (std::size_t i = 0; i < samples.size(); ++i) {
            double score = lin[i].base;
            for (const auto& [j, f] : lin[i].slope) score += f * (x[j] - start[j]);
            const double p = predicted(score, k), d = samples[i].result - p;
            err[samples[i].held_out] += d * d, ++cnt[samples[i].held_out];
            if (samples[i].held_out) continue;
            const double ds = -2.0 * d * p * (1 - p) * c;
            for (const auto& [j, f] : lin[i].slope) g[j] += ds * f;
        }
        const double held = err[1] / double(cnt[1] ? cnt[1] : 1);
        if (held < best_held) best_held = held, best = x;
        if (epoch % 100 == 0)
            std::printf("  epoch %4d  train %.6f  held-out %.6f (linear model)\n", epoch,
                        err[0] / double(cnt[0] ? cnt[0] : 1), held);
        if (epoch == epochs) break;
        const int t = epoch + 1;
        for (std::size_t j = 0; j < n; ++j) {
            const double grad = g[j] / double(train) + 2 * lambda * (x[j] - start[j]);
            m[j] = 0.9 * m[j] + 0.1 * grad;
            v[j] = 0.999 * v[j] + 0.001 * grad * grad;
            const double mh = m[j] / (1 - std::pow(0.9, t)), vh = v[j] / (1 - std::pow(0.999, t));
            x[j] -= rate * mh / (std::sqrt(vh) + 1e-12);
        }
    }
    return best;
}

// A new game where the material rises or the result changes (the file has no game marks).
void mark_held_out(std::vector<Sample>& samples) {
    int game = 0, last_pieces = 99;
    double last_result = -1;
    for (Sample& s : samples) {
        const int pieces = popcount(s.p.pieces(Color::Black) | s.p.pieces(Color::White));
        if (pieces > last_pieces || s.result != last_result) ++game;
        last_pieces = pieces, last_result = s.result;
        s.held_out = game % 10 == 9;
    }
}

double fit_k(const std::vector<Sample>& samples, const Weights& w) {
    double best_k = 1, best_e = 1e9;
    for (double kk = 0.2; kk <= 3.0; kk += 0.05)
        if (const double e = tune_error(samples, w, kk, false); e < best_e) best_e = e, best_k = kk;
    return best_k;
}

int tune_main(int argc, char** argv) {
    if (argc < 3) return 2;
    const int rounds = argc >= 4 ? std::atoi(argv[3]) : 3;
    const int epochs = argc >= 5 ? std::atoi(argv[4]) : 400;
    const double lambda = argc >= 6 ? std::atof(argv[5]) : 1e-7;
    const bool from_rich = argc >= 7 && std::string_view(argv[6]) == "rich";
    const bool plain = argc >= 7 && std::string_view(argv[6]) == "plain";  // the legacy terms only
    std::ifstream in(argv[2]);
    std::vector<Sample> samples;
    std::string b, wh, k, side;
    double result;
    while (in >> b >> wh >> k >> side >> result) {
        const Position p = Position::from_bitboards(std::stoull(b, nullptr, 16), std::stoull(wh, nullptr, 16),
                                                    std::stoull(k, nullptr, 16),
                                                    side == "b" ? Color::Black : Color::White);
        samples.push_back({p, result, false});
    }
    mark_held_out(samples);
    std::size_t held = 0;
    for (const Sample& s : samples) held += s.held_out;
    std::printf("%zu positions, %zu held out\n", samples.size(), held);
    Weights w = LegacyWeights;
    const double kf = fit_k(samples, w);
    std::printf("legacy: K %.2f  train %.6f  held-out %.6f\n", kf, tune_error(samples, w, kf, false),
                tune_error(samples, w, kf, true));
    if (from_rich) {
        w = RichWeights;
        std::printf("rich: train %.6f  held-out %.6f\n", tune_error(samples, w, kf, false),
                    tune_error(samples, w, kf, true));
    }
    w.rich = !plain;
    auto params = tunables(w);
    std::printf("%zu weights\n", params.size());
    for (int round = 1; round <= rounds; ++round) {
        const auto lin = linearise(samples, w, params);
        std::vector<double> start;
        for (const Param& p : params) start.push_back(*p.value);
        const auto x = descend(samples, lin, start, kf, epochs, 1.0, lambda);
        for (std::size_t j = 0; j < params.size(); ++j) *params[j].value = Score(std::lround(x[j]));
        std::printf("round %d: train %.6f  held-out %.6f (the evaluation itself, K %.2f)\n", round,
                    tune_error(samples, w, kf, false), tune_error(samples, w, kf, true), kf);
        print_weights(w);
    }
    return 0;
}

int depth_main(int argc, char** argv) {
    const int depth = argc >= 3 ? std::atoi(argv[2]) : 14;
    const std::size_t mb = argc >= 4 && argv[3][0] != '-' ? std::strtoull(argv[3], nullptr, 10) : 64;
    Engine e(mb);
    for (int i = 3; i + 1 < argc; ++i)
        if (std::string_view(argv[i]) == "--opt") set_option(e.options(), argv[++i]);
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
    if (cmd == "selfplay") return selfplay_main(argc, argv);
    if (cmd == "tune") return tune_main(argc, argv);
    std::fputs("usage: tempo_spar bench [depth] | depth D [mb] | match NODES [FIRST [COUNT]] "
               "[--base k=v] [--test k=v] | selfplay GAMES NODES FILE | tune FILE [ROUNDS]\n", stderr);
    return 2;
}
