// Playing the match: engine sessions, one game, the scheduler, progress and the final table.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <charconv>
#include <ctime>
#include <filesystem>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>

#include "engine/game.hpp"
#include "tools/match/match.hpp"
#include "protocol/dxp.hpp"
#include "protocol/hub.hpp"
#include "tools/match/process.hpp"
#include "tools/match/session.hpp"
#include "tools/pdn/pdn.hpp"

namespace tempo::match {

namespace {

using std::chrono::milliseconds;

struct GameResult {
    int index = 0;
    int black = 0, white = 0;  // engine numbers
    Outcome outcome = Outcome::Ongoing;
    std::string reason;        // the Termination tag
    std::vector<std::string> moves;  // the whole game, the opening included
    pdn::PdnGame record;
};

std::string today() {
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
    return buf;
}

// The Termination tag of a game that ended by the rules.
std::string termination(const Status& st) {
    switch (st.reason) {
        case EndReason::NoLegalMoves:
            return std::string(st.to_move == Color::Black ? "Black" : "White") + " has no legal move";
        case EndReason::QuietPlies: return "80-ply rule";
        case EndReason::KingMovesOnly: return "25-move rule";
        case EndReason::SmallEnding: return "16-move rule";
        default: return "threefold repetition";
    }
}

// The protocol variant (protocol/variant.hpp) of a game type, for Hub's notation.
template <class G>
using ProtocolVariant = protocol::VariantOf<typename G::Position>;

// Adds the move `m`, played in `before` after `used_ms`, to the view of every protocol.
template <class G>
void add_to_view(GameView& view, const typename G::Position& before, const Move& m, const std::string& text,
                 double used_ms) {
    using V = typename ProtocolVariant<G>::type;
    view.moves.push_back(text);
    view.hub_moves.push_back(protocol::hub::move_string<V>(before, m));
    if constexpr (std::is_same_v<G, intl::Game>)
        view.dxp_moves.push_back(protocol::dxp::encode(protocol::dxp::move_message(m, int(std::lround(used_ms / 1000)))));
}

// The engine's reply read as a move of `game` by the notation of its protocol; the error says
// why it is not a legal one.
template <class G>
Result<Move> read_reply(const G& game, const Reply& reply) {
    using V = typename ProtocolVariant<G>::type;
    if (reply.notation == Notation::Hub) return protocol::hub::parse_move<V>(game.position(), reply.text);
    if (reply.notation == Notation::Dxp) {
        if constexpr (std::is_same_v<G, intl::Game>) {
            const Result<protocol::dxp::Message> m = protocol::dxp::decode(reply.text);
            if (!m) return Error{m.error()};
            const auto* move = std::get_if<protocol::dxp::MoveMsg>(&*m);
            if (!move) return Error{"not a MOVE"};
            return protocol::dxp::find_move(game.position(), *move);
        }
        return Error{"DXP plays 10x10 only"};
    }
    return game.validate(reply.text);
}

// Plays one game between two sessions from an opening, refereed by G (Game, intl::Game or
// brazil::Game); the result names why it ended.
template <class G>
GameResult play_game(EngineSession& black, EngineSession& white, const Opening& opening) {
    using V = typename ProtocolVariant<G>::type;
    GameResult r;
    r.moves = opening.moves;
    G game = opening.fen.empty() ? G() : G::from_fen(opening.fen).value();
    GameView view;
    view.fen = opening.fen;
    const typename G::Position start = game.start_position();
    view.hub_start = protocol::hub::position_string<V>(start);
    view.standard = opening.fen.empty();
    view.start_to_move = start.side_to_move();
    if constexpr (std::is_same_v<G, intl::Game>) view.dxp_board = protocol::dxp::board_text(start);
    for (const std::string& m : opening.moves) {
        const typename G::Position before = game.position();
        const Result<Move> played = game.play(m);
        add_to_view<G>(view, before, played.value(), game.move_texts().back(), 0);
    }
    std::array<EngineSession*, 2> side{&black, &white};

    auto forfeit = [&](int who, const std::string& why) {
        r.outcome = who == 0 ? Outcome::WhiteWins : Outcome::BlackWins;
        r.reason = side[std::size_t(who)]->config().name + " " + why;
    };
    auto over = [&] {
        for (EngineSession* s : side) s->game_over(view, r.outcome);
        return r;
    };

    for (int who : {0, 1}) {
        if (auto ok = side[std::size_t(who)]->new_game(view, who == 0 ? Color::Black : Color::White); !ok) {
            forfeit(who, "failed to start: " + ok.error());
            side[std::size_t(who)]->restart_later();
            return over();
        }
    }
    for (int who : {0, 1})
        if (const auto& tc = side[std::size_t(who)]->config().tc) view.clock_ms[std::size_t(who)] = tc->first * 1000;

    while (true) {
        const Status st = game.status();
        if (st.is_over()) {
            r.outcome = st.outcome;
            r.reason = termination(st);
            return over();
        }
        const int who = game.position().side_to_move() == Color::Black ? 0 : 1;
        EngineSession& s = *side[std::size_t(who)];
        const EngineConfig& c = s.config();
        double limit_ms = c.timeout_s * 1000;
        bool timed = false;
        if (c.tc) limit_ms = view.clock_ms[std::size_t(who)], timed = true;
        if (c.st) limit_ms = timed ? std::min(limit_ms, *c.st * 1000) : *c.st * 1000, timed = true;
        const auto sent = Clock::now();
        const auto deadline = sent + milliseconds(std::llround(limit_ms) + (timed ? c.margin_ms : 0));
        const Reply reply = s.think(view, deadline, timed);
        if (reply.kind != Reply::Kind::Move) {
            forfeit(who, reply.text);
            if (reply.kind != Reply::Kind::Ended) s.restart_later();
            return over();
        }
        const double used = std::chrono::duration<double, std::milli>(Clock::now() - sent).count();
        if (timed && used > limit_ms + c.margin_ms) {
            forfeit(who, "lost on time (" + std::to_string(std::llround(used)) + " ms used, " +
                             std::to_string(std::llround(limit_ms)) + " ms allowed)");
            return over();
        }
        if (c.tc) view.clock_ms[std::size_t(who)] += c.tc->second * 1000 - used;
        const Result<Move> move = read_reply(game, reply);
        const typename G::Position before = game.position();
        if (!move || !game.play(*move)) {
            forfeit(who, "played an illegal move '" + reply.text + "': " + (move ? "refused" : move.error()));
            return over();
        }
        add_to_view<G>(view, before, *move, game.move_texts().back(), used);
        r.moves.push_back(game.move_texts().back());
    }
}

struct Job {
    int index, round, a, b, pair;
    bool a_black;

    int black() const { return a_black ? a : b; }  // the engines' indices
    int white() const { return a_black ? b : a; }
};

// The opening of a job's pair of games.
const Opening& opening_of(const Job& job, const std::vector<Opening>& openings, const std::vector<int>& order) {
    return openings[std::size_t(order[std::size_t(job.pair) % order.size()])];
}

// The outcome of each game of the schedule already in the PDN file `s.pdnout` (-resume), Ongoing
// for the games still to play; no file yet means none played. A game of the file that is not the
// schedule's game of its Round (another event, other engines or colours, another opening) or
// that has no result is an error, so a match never goes on from another match's games.
Result<std::vector<Outcome>> played_before(const Settings& s, const std::vector<Job>& jobs,
                                           const std::vector<Opening>& openings, const std::vector<int>& order) {
    std::vector<Outcome> played(jobs.size(), Outcome::Ongoing);
    std::error_code missing;
    if (!std::filesystem::exists(s.pdnout, missing)) return played;
    const Result<std::string> text = pdn::read_file(s.pdnout);
    if (!text) return Error{text.error()};
    const auto games = pdn::read(*text);
    if (!games) return Error{s.pdnout + ": " + games.error()};
    for (const pdn::PdnGame& g : *games) {
        const std::string where = s.pdnout + ":" + std::to_string(g.line) + ": ";
        auto tag = [&](const char* name) {
            const std::string* t = g.tag(name);
            return t ? *t : std::string("(none)");
        };
        const std::string round_text = tag("Round");
        int round = 0;
        const char* end = round_text.data() + round_text.size();
        const auto [at, ec] = std::from_chars(round_text.data(), end, round);
        if (ec != std::errc{} || at != end || round < 1 || round > int(jobs.size()))
            return Error{where + "Round '" + round_text + "' is not a game of this match (1 to " +
                         std::to_string(jobs.size()) + ")"};
        const Job& job = jobs[std::size_t(round - 1)];
        const Opening& o = opening_of(job, openings, order);
        const std::string& black = s.engines[std::size_t(job.black())].name;
        const std::string& white = s.engines[std::size_t(job.white())].name;
        if (tag("Event") != s.event || tag("Black") != black || tag("White") != white || tag("Opening") != o.label ||
            tag("GameType") != std::to_string(int(s.variant)))
            return Error{where + "game " + round_text + " is not this match's: it has Event '" + tag("Event") +
                         "', Black '" + tag("Black") + "', White '" + tag("White") + "', Opening '" + tag("Opening") +
                         "', GameType '" + tag("GameType") + "'; this match's game " + round_text + " is '" + s.event +
                         "', '" + black + "', '" + white + "', '" + o.label + "', '" + std::to_string(int(s.variant)) + "'"};
        Outcome& out = played[std::size_t(round - 1)];
        if (out != Outcome::Ongoing) return Error{where + "game " + round_text + " is in the file twice"};
        out = pdn::outcome_of(g.result, s.variant);
        if (out == Outcome::Ongoing) return Error{where + "game " + round_text + " has no result ('" + g.result + "')"};
    }
    return played;
}

}  // namespace

int run_match(Settings s, std::FILE* out) {
    // 1. Check everything before the first game.
    for (EngineConfig& e : s.engines) {
        if (e.cmd.empty()) continue;  // a DXP engine that is already listening
        e.path = find_executable(e.cmd);
        if (e.path.empty()) {
            std::fprintf(stderr, "tempo match: engine '%s': command '%s' not found or not executable\n",
                         e.name.c_str(), e.cmd.c_str());
            return 2;
        }
    }
    std::vector<Opening> openings{Opening{"start position", "", {}}};
    if (!s.openings_file.empty()) {
        auto loaded = load_openings(s.openings_file, s.variant);
        if (!loaded) {
            std::fprintf(stderr, "tempo match: -openings: %s\n", loaded.error().c_str());
            return 2;
        }
        openings = std::move(loaded.value());
    }
    // 2. The schedule (made before the engines start, so that -resume is checked first): every
    // pair of engines, `games` games per round, colours alternating, one opening per two games.
    std::vector<int> order(openings.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = int(i);
    if (s.random_order) std::shuffle(order.begin(), order.end(), std::mt19937_64(s.seed));
    std::vector<Job> jobs;
    int pair = 0;
    for (int round = 0; round < s.rounds; ++round)
        for (int a = 0; a < int(s.engines.size()); ++a)
            for (int b = a + 1; b < int(s.engines.size()); ++b)
                for (int g = 0; g < s.games; ++g) {
                    jobs.push_back(Job{int(jobs.size()), round, a, b, pair, g % 2 == 0});
                    if (g % 2 == 1 || g == s.games - 1) ++pair;
                }
    const int total = int(jobs.size());
    // The games already played, when resuming (checked before any engine starts).
    std::vector<Outcome> played(std::size_t(total), Outcome::Ongoing);
    if (s.resume) {
        auto before = played_before(s, jobs, openings, order);
        if (!before) {
            std::fprintf(stderr, "tempo match: -resume: %s\n", before.error().c_str());
            return 2;
        }
        played = std::move(before.value());
    }
    for (const EngineConfig& e : s.engines) {
        const std::unique_ptr<EngineSession> probe = make_session(e, s.variant);
        if (auto ok = probe->probe(); !ok) {
            std::fprintf(stderr, "tempo match: engine '%s' (%s): %s\n", e.name.c_str(), e.cmd.c_str(),
                         ok.error().c_str());
            return 2;
        }
    }
    std::FILE* pdn_file = nullptr;
    if (!s.pdnout.empty()) {
        pdn_file = std::fopen(s.pdnout.c_str(), "a");
        if (!pdn_file) {
            std::fprintf(stderr, "tempo match: cannot open '%s' for writing\n", s.pdnout.c_str());
            return 2;
        }
    }

    std::fprintf(out, "tempo match: %d engines, %d games, %zu openings (%s, seed %llu), concurrency %d\n",
                 int(s.engines.size()), total, openings.size(), s.random_order ? "random" : "sequential",
                 static_cast<unsigned long long>(s.seed), s.concurrency);
    std::fflush(out);

    // 3. Play: each thread owns its engine sessions.
    std::mutex mu;
    std::atomic<int> next{0};
    std::atomic<bool> stop{false};
    std::vector<Score> table(s.engines.size());  // each engine's total
    Score first;                                   // engine 1 against engine 2 (two engines)
    Pentanomial penta{};
    std::vector<int> pair_points(std::size_t(pair), 0), pair_games(std::size_t(pair), 0);
    std::optional<SprtState> decided;
    int finished = 0;
    const std::string date = today();

    // Counts a finished game in the table, the first pair's score and the pentanomial pairs.
    auto account = [&](const Job& job, Outcome outcome) {
        ++finished;
        const int black = job.black(), white = job.white();
        auto add = [&](int engine, Outcome win) {
            Score& t = table[std::size_t(engine)];
            if (outcome == Outcome::Draw) ++t.draws;
            else if (outcome == win) ++t.wins;
            else ++t.losses;
        };
        add(black, Outcome::BlackWins);
        add(white, Outcome::WhiteWins);
        // Engine a's points in this game, twice (0, 1, 2).
        const int a_points = outcome == Outcome::Draw ? 1 : ((outcome == Outcome::BlackWins) == job.a_black) ? 2 : 0;
        if (job.a == 0 && job.b == 1) {
            (a_points == 2 ? first.wins : a_points == 0 ? first.losses : first.draws)++;
            pair_points[std::size_t(job.pair)] += a_points;
            if (++pair_games[std::size_t(job.pair)] == 2) ++penta[std::size_t(pair_points[std::size_t(job.pair)])];
        }
    };
    auto check_sprt = [&] {
        if (s.sprt && !decided) {
            const SprtState st = sprt(*s.sprt, penta);
            if (st.decision != SprtDecision::Continue) {
                decided = st;
                stop = true;
            }
        }
    };
    for (int k = 0; k < total; ++k)
        if (played[std::size_t(k)] != Outcome::Ongoing) account(jobs[std::size_t(k)], played[std::size_t(k)]);
    if (finished > 0) {
        check_sprt();
        std::fprintf(out, "resumed from %s: %d of %d games already played | %s vs %s: +%d -%d =%d, %.1f%%, Elo %s\n",
                     s.pdnout.c_str(), finished, total, s.engines[0].name.c_str(), s.engines[1].name.c_str(),
                     first.wins, first.losses, first.draws,
                     first.games() ? 100.0 * first.points() / first.games() : 50.0, elo_text(estimate(first)).c_str());
        std::fflush(out);
    }

    auto record = [&](const Job& job, GameResult& r) {
        std::lock_guard lock(mu);
        account(job, r.outcome);
        const int black = job.black(), white = job.white();
        const std::string result = r.record.result;
        if (pdn_file) {
            std::fputs(pdn::write(r.record).c_str(), pdn_file);
            std::fflush(pdn_file);
        }
        const EloEstimate e = estimate(first);
        // The first player first, as the result counts: Black in English, White in 10x10.
        const bool white_first = pdn::first_player(s.variant) == Color::White;
        const int first_engine = white_first ? white : black, second_engine = white_first ? black : white;
        std::fprintf(out, "game %d/%d: %s (%s) vs %s (%s) %s, %s | %s vs %s: +%d -%d =%d, %.1f%%, Elo %s\n",
                     job.index + 1, total, s.engines[std::size_t(first_engine)].name.c_str(),
                     white_first ? "White" : "Black", s.engines[std::size_t(second_engine)].name.c_str(),
                     white_first ? "Black" : "White", result.c_str(), r.reason.c_str(),
                     s.engines[0].name.c_str(), s.engines[1].name.c_str(), first.wins, first.losses,
                     first.draws, first.games() ? 100.0 * first.points() / first.games() : 50.0,
                     elo_text(e).c_str());
        check_sprt();
        std::fflush(out);
    };

    auto worker = [&] {
        std::vector<std::unique_ptr<EngineSession>> sessions;
        for (const EngineConfig& e : s.engines) sessions.push_back(make_session(e, s.variant));
        while (!stop) {
            const int k = next++;
            if (k >= total) break;
            if (played[std::size_t(k)] != Outcome::Ongoing) continue;  // resumed: already in the PDN
            const Job& job = jobs[std::size_t(k)];
            const Opening& o = opening_of(job, openings, order);
            const int black = job.black(), white = job.white();
            EngineSession& b = *sessions[std::size_t(black)];
            EngineSession& w = *sessions[std::size_t(white)];
            GameResult r = s.variant == pdn::GameType::International ? play_game<intl::Game>(b, w, o)
                           : s.variant == pdn::GameType::Brazilian   ? play_game<brazil::Game>(b, w, o)
                                                                     : play_game<Game>(b, w, o);
            Status end;
            end.outcome = r.outcome;
            const std::string result = pdn::result_text(end, s.variant);
            pdn::PdnGame& g = r.record;
            g.set_tag("Event", s.event);
            g.set_tag("Date", date);
            g.set_tag("Round", std::to_string(job.index + 1));
            g.set_tag("Black", s.engines[std::size_t(black)].name);
            g.set_tag("White", s.engines[std::size_t(white)].name);
            g.set_tag("Result", result);
            g.set_tag("GameType", std::to_string(int(s.variant)));
            if (!o.fen.empty()) g.set_tag("FEN", o.fen);
            g.set_tag("Opening", o.label);
            g.set_tag("Termination", r.reason);
            for (std::string& m : r.moves) g.add_move(std::move(m));
            g.result = result;
            record(job, r);
        }
        for (auto& session : sessions) session->quit();
    };
    std::vector<std::thread> threads;
    for (int t = 0; t < std::min(s.concurrency, total); ++t) threads.emplace_back(worker);
    for (std::thread& t : threads) t.join();
    if (pdn_file) std::fclose(pdn_file);

    // 4. The final table, then the statistics of engine 1 against engine 2.
    std::vector<std::size_t> rank(s.engines.size());
    for (std::size_t i = 0; i < rank.size(); ++i) rank[i] = i;
    std::stable_sort(rank.begin(), rank.end(), [&](std::size_t x, std::size_t y) {
        return table[x].points() * std::max(1, table[y].games()) > table[y].points() * std::max(1, table[x].games());
    });
    std::size_t width = 6;
    for (const EngineConfig& e : s.engines) width = std::max(width, e.name.size());
    std::fprintf(out, "\n%-4s %-*s %6s %5s %5s %5s %7s %7s\n", "rank", int(width), "engine", "games", "wins",
                 "losses", "draws", "points", "score");
    for (std::size_t i = 0; i < rank.size(); ++i) {
        const Score& t = table[rank[i]];
        std::fprintf(out, "%-4zu %-*s %6d %5d %5d %5d %7.1f %6.1f%%\n", i + 1, int(width),
                     s.engines[rank[i]].name.c_str(), t.games(), t.wins, t.losses, t.draws, t.points(),
                     t.games() ? 100.0 * t.points() / t.games() : 0.0);
    }
    const EloEstimate e = estimate(first);
    std::fprintf(out, "\n%s vs %s: %d games, +%d -%d =%d, score %.1f%%\n", s.engines[0].name.c_str(),
                 s.engines[1].name.c_str(), first.games(), first.wins, first.losses, first.draws,
                 first.games() ? 100.0 * first.points() / first.games() : 50.0);
    std::fprintf(out, "Elo difference: %s (95%%), LOS: %.1f%%\n", elo_text(e).c_str(), 100.0 * e.los);
    std::fprintf(out, "Pairs (0, 0.5, 1, 1.5, 2 points): %d %d %d %d %d\n", penta[0], penta[1], penta[2],
                 penta[3], penta[4]);
    if (s.sprt) {
        const SprtState st = decided ? *decided : sprt(*s.sprt, penta);
        const char* verdict = st.decision == SprtDecision::AcceptH1   ? "H1 accepted"
                              : st.decision == SprtDecision::AcceptH0 ? "H0 accepted"
                                                                      : "no decision yet";
        std::fprintf(out, "SPRT (elo0 %.2f, elo1 %.2f, alpha %.3f, beta %.3f): LLR %.3f [%.3f, %.3f], %s\n",
                     s.sprt->elo0, s.sprt->elo1, s.sprt->alpha, s.sprt->beta, st.llr, st.lower, st.upper,
                     verdict);
    }
    std::fprintf(out, "Finished %d of %d games\n", finished, total);
    std::fflush(out);
    return 0;
}

}  // namespace tempo::match
