// `tempo selfplay`: games between two skill levels of Tempo, in one process, to measure what a
// Skill Level is worth. Each opening (two random plies from the start) is played twice with the
// colours swapped. Not a match runner (that is `tempo match`, issue 5): no clocks, no PDN.
#include <atomic>
#include <cstdio>
#include <random>

#include "engine/game.hpp"
#include "protocol/think.hpp"
#include "search/search.hpp"
#include "tools/cli.hpp"

namespace tempo::cli {

namespace {

struct Settings {
    int level_a = 0, level_b = 20;
    int pairs = 10;
    std::uint64_t nodes = 20000;
    std::uint64_t seed = 1;
    int max_plies = 300;  // then a draw (the 80-ply rule usually ends it first)
};

// Plays one game; returns A's points times two (0, 1 or 2).
int play_game(const Settings& s, bool a_is_black, const std::vector<Move>& opening, std::mt19937_64& rng,
              search::Engine& ea, search::Engine& eb) {
    Game game(Rules::official());
    for (const Move& m : opening)
        if (!game.play(m)) break;
    const std::atomic<bool> never{false};
    std::vector<Key> keys;
    for (int ply = 0; ply < s.max_plies && !game.status().is_over(); ++ply) {
        const bool a_moves = (game.position().side_to_move() == Color::Black) == a_is_black;
        protocol::ThinkRequest req;
        req.root = game.position();
        Position p = game.start_position();
        req.history.clear();
        for (const Move& m : game.moves()) {
            req.history.push_back(p.key());
            p = p.after(m);
        }
        req.limits.nodes = s.nodes;
        req.skill = a_moves ? s.level_a : s.level_b;
        const search::SearchResult r = protocol::think(a_moves ? ea : eb, req, {}, never, never, rng);
        if (!r.best || !game.play(*r.best)) break;
    }
    const Status st = game.status();
    if (st.outcome == Outcome::Draw || st.outcome == Outcome::Ongoing) return 1;
    const bool black_won = st.outcome == Outcome::BlackWins;
    return black_won == a_is_black ? 2 : 0;
}

}  // namespace

int selfplay_main(Args args) {
    if (wants_help(args)) {
        std::printf(
            "Usage: tempo selfplay [--a LEVEL] [--b LEVEL] [--pairs N] [--nodes N] [--seed S]\n"
            "\n"
            "Plays N pairs of games (default 10) between Skill Level A (default 0) and B (default\n"
            "20), each pair from a random two-ply opening with the colours swapped. Every search is\n"
            "capped at --nodes (default 20000). Prints one line per game, then A's result.\n");
        return ExitOk;
    }
    Settings s;
    OptionReader reader(args);
    while (!reader.done()) {
        const Result<std::string_view> o = reader.next_option();
        if (!o) return usage_error("selfplay", o.error());
        const Result<std::string_view> v = reader.value(*o);
        if (!v) return usage_error("selfplay", v.error());
        Result<std::int64_t> n = Error{""};
        if (*o == "--a" || *o == "--b") n = parse_number(*o, *v, 0, 20);
        else if (*o == "--pairs") n = parse_number(*o, *v, 1, 10000);
        else if (*o == "--nodes") n = parse_number(*o, *v, 1, 1'000'000'000);
        else if (*o == "--seed") n = parse_number(*o, *v, 0, std::int64_t(1) << 62);
        else return usage_error("selfplay", "unknown option '" + std::string(*o) + "'");
        if (!n) return usage_error("selfplay", n.error());
        if (*o == "--a") s.level_a = int(*n);
        if (*o == "--b") s.level_b = int(*n);
        if (*o == "--pairs") s.pairs = int(*n);
        if (*o == "--nodes") s.nodes = std::uint64_t(*n);
        if (*o == "--seed") s.seed = std::uint64_t(*n);
    }

    std::mt19937_64 rng(s.seed);
    search::Engine ea(8), eb(8);
    int points = 0, wins = 0, losses = 0, draws = 0, games = 0;
    for (int pair = 0; pair < s.pairs; ++pair) {
        std::vector<Move> opening;
        Position p = Position::start();
        for (int ply = 0; ply < 2; ++ply) {
            const std::vector<Move> moves = legal_moves(p);
            const Move m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
            opening.push_back(m);
            p = p.after(m);
        }
        for (const bool a_black : {true, false}) {
            ea.clear();
            eb.clear();
            const int r = play_game(s, a_black, opening, rng, ea, eb);
            points += r;
            ++games;
            (r == 2 ? wins : r == 0 ? losses : draws)++;
            std::printf("game %d: level %d (%s) vs level %d: %s\n", games, s.level_a, a_black ? "black" : "white",
                        s.level_b, r == 2 ? "win" : r == 0 ? "loss" : "draw");
            std::fflush(stdout);
        }
    }
    std::printf("level %d vs level %d, %d games, nodes %llu: +%d -%d =%d, score %.1f%%\n", s.level_a,
                s.level_b, games, static_cast<unsigned long long>(s.nodes), wins, losses, draws,
                50.0 * points / games);
    return ExitOk;
}

}  // namespace tempo::cli
