// `tempo analyse FILE.pdn`: replays every English game of a PDN file, searches each position
// deeper than the players did, and reports where a side's score fell.
//
// Scores come from Tempo's own searcher (no book; the endgame database only with --egdb), one
// thread, one table kept for the whole game. Every position of the game is searched once, to the
// same depth (or for the same time): that search gives the best move there, and, negated, the
// score of the move that led to it. When the move played is not the best one, the position after
// the best move is searched too, so both moves are scored the same way, by a search of the
// position after them. drop = best - played, for the side that moved.
//
// A move is an error when its drop is at least the threshold. Drops are taken between scores capped
// at +-DropCap: a win in 19 against +734 is the route to the win, not an error. Moves of the opening (the moves of
// the PDN Opening tag that a match runner writes, such as `ballots.csv #7: 9-13 21-17 5-9`) and
// forced moves (the only legal move) are not judged. For each error a second, fresh engine
// searches both positions again, iteration by iteration, to find the shallowest depth from which
// the drop shows at every depth ("seen at depth"): a small number is a shot any search sees, a
// large one a deep or positional mistake.
//
// Outcome classes, for the side to move: winning at +LostBound or more, losing at -LostBound or
// less, balanced between. The first decisive error of a game is its first error that moves the
// mover to a worse class (a win thrown away, a draw lost). In a decisive game the loser's losing
// move is its last move played from a level position (a score above -LevelBound): after it, the
// search never again gave the loser that much. It is a "shot" when that move's drop reached the
// threshold and "drift" when the game slipped away in smaller steps.
//
// Input is checked before the first search: a file that cannot be read or parsed, an illegal
// move, a game that is not English, a bad option: exit code 2 and one line.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "search/egdb.hpp"
#include "search/search.hpp"
#include "tools/cli.hpp"
#include "tools/pdn/pdn.hpp"

namespace tempo::cli {
namespace {

constexpr std::string_view Command = "analyse";
constexpr int DefaultDepth = 20;
// A man: a side this far ahead by the deep search is counted as winning, this far behind as losing.
constexpr int LostBound = 100;
// Within half a man a position is level: the loser's losing move is its last one from there.
constexpr int LevelBound = LostBound / 2;
// Three men: beyond this a side wins anyway, and drops are measured between capped scores.
constexpr int DropCap = 3 * LostBound;
// Decisive scores as numbers that can be subtracted: +-(DecisiveScale - plies to the end).
constexpr int DecisiveScale = 10000;

void print_analyse_help() {
    std::printf(
        "Usage: tempo analyse FILE.pdn [--depth D | --movetime MS] [--side NAME|black|white]\n"
        "                     [--threshold CP] [--hash MB] [--games A-B] [--egdb | --egdb-pieces N]\n"
        "                     [--csv] [--all]\n"
        "\n"
        "Replays every English game of FILE and searches each position with Tempo's searcher (one\n"
        "thread, no book; the endgame database only with --egdb) to depth D (default %d) or for\n"
        "MS milliseconds. A move is an error when its score for the mover fell by CP (default 50)\n"
        "or more below the best move's; both are scored by searching the position after the move,\n"
        "and the drop is taken between scores capped at +-%d. The moves of the game's Opening tag\n"
        "(a match ballot) and forced moves are not judged.\n"
        "\n"
        "For each game: every error (move, the better move, the two scores, the phase, the pieces,\n"
        "the depth from which a fresh search sees the drop, the FEN before the move), then the\n"
        "result, the first decisive error (the first that turns a win into a draw or loss, or a\n"
        "draw into a loss, at +-%d cp) and, in a decisive game, the loser's losing move (its last\n"
        "move from a level position, above -%d cp: a 'shot' when it was an error, else 'drift').\n"
        "Last, the errors of each player (PDN Black/White tags) by phase and by pieces.\n"
        "Phases: opening 20-24 pieces, middlegame 11-19, endgame 10 or fewer.\n"
        "\n"
        "  --side S       only the moves of S: a player's name, or black or white\n"
        "  --games A-B    only games A to B of the file (1-based; a single number for one game;\n"
        "                 several ranges with commas: 4,7,9-12)\n"
        "  --hash MB      the transposition table (default 64), kept for the whole game\n"
        "  --egdb         probe the endgame database (built in memory, %d pieces)\n"
        "  --egdb-pieces N  the same with N pieces (%d-%d; 5 takes about a minute and 320 MB)\n"
        "  --csv          one CSV row per error (and per losing move) instead of the text report;\n"
        "                 decisive scores as +-(%d - plies to the end)\n"
        "  --all          every judged move, not only the errors\n",
        DefaultDepth, DropCap, LostBound, LevelBound, search::egdb::DefaultPieces, search::egdb::MinPieces,
        search::egdb::MaxPieces, DecisiveScale);
}

struct Settings {
    std::string path;
    int depth = 0;
    int movetime = 0;
    std::string side;  // "" all; "black", "white" or a player's name
    int threshold = 50;
    int hash_mb = 64;
    std::vector<std::pair<int, int>> games;  // ranges, 1-based; empty: all
    int egdb_pieces = 0;                     // 0: no endgame database
    bool csv = false;
    bool all = false;  // every judged move, not only the errors
};

// "A-B" or "A", 1-based, A <= B; `whole` is the option's value, for the message.
Result<std::pair<int, int>> parse_range(std::string_view text, std::string_view whole) {
    const std::string shown = "--games '" + std::string(whole) + "'";
    const std::size_t dash = text.find('-');
    const std::string_view a = text.substr(0, dash);
    const std::string_view b = dash == std::string_view::npos ? a : text.substr(dash + 1);
    const Result<std::int64_t> from = parse_number("--games", a, 1, 1'000'000);
    const Result<std::int64_t> to = parse_number("--games", b, 1, 1'000'000);
    if (!from || !to) return Error{shown + " is not A-B or a list of them (game numbers from 1)"};
    if (*to < *from) return Error{shown + " has a range that ends before it starts"};
    return std::pair{int(*from), int(*to)};
}

// Ranges separated by commas: "4,7,9-12".
Result<std::vector<std::pair<int, int>>> parse_games(std::string_view text) {
    std::vector<std::pair<int, int>> ranges;
    for (std::size_t start = 0;;) {
        const std::size_t comma = text.find(',', start);
        const Result<std::pair<int, int>> r = parse_range(text.substr(start, comma - start), text);
        if (!r) return Error{r.error()};
        ranges.push_back(*r);
        if (comma == std::string_view::npos) return ranges;
        start = comma + 1;
    }
}

Result<Settings> read_settings(Args args) {
    Settings s;
    if (args.empty()) return Error{"expected a PDN file"};
    if (args[0].starts_with("-")) return Error{"the PDN file comes first: tempo analyse FILE.pdn [options]"};
    s.path = std::string(args[0]);
    OptionReader reader(args.subspan(1));
    std::vector<std::string_view> seen;
    while (!reader.done()) {
        const Result<std::string_view> o = reader.next_option();
        if (!o) return Error{o.error()};
        if (std::find(seen.begin(), seen.end(), *o) != seen.end())
            return Error{std::string(*o) + " is given twice"};
        seen.push_back(*o);
        if (*o == "--egdb" || *o == "--csv" || *o == "--all") {
            if (Result<bool> f = reader.flag(*o); !f) return Error{f.error()};
            if (*o == "--egdb") s.egdb_pieces = std::max(s.egdb_pieces, search::egdb::DefaultPieces);
            if (*o == "--csv") s.csv = true;
            if (*o == "--all") s.all = true;
            continue;
        }
        const bool known = *o == "--depth" || *o == "--movetime" || *o == "--side" || *o == "--threshold" ||
                           *o == "--hash" || *o == "--games" || *o == "--egdb-pieces";
        if (!known) return Error{"unknown option '" + std::string(*o) + "'"};
        const Result<std::string_view> v = reader.value(*o);
        if (!v) return Error{v.error()};
        if (*o == "--side") {
            s.side = std::string(*v);
        } else if (*o == "--games") {
            Result<std::vector<std::pair<int, int>>> g = parse_games(*v);
            if (!g) return Error{g.error()};
            s.games = std::move(g.value());
        } else if (*o == "--egdb-pieces") {
            const Result<std::int64_t> n = parse_number(*o, *v, search::egdb::MinPieces, search::egdb::MaxPieces);
            if (!n) return Error{n.error()};
            s.egdb_pieces = int(*n);
        } else {
            const bool depth = *o == "--depth", movetime = *o == "--movetime", hash = *o == "--hash";
            const std::int64_t hi = depth ? search::MaxDepth : movetime ? 3'600'000 : hash ? 16384 : 100'000;
            const Result<std::int64_t> n = parse_number(*o, *v, 1, hi);
            if (!n) return Error{n.error()};
            (depth ? s.depth : movetime ? s.movetime : hash ? s.hash_mb : s.threshold) = int(*n);
        }
    }
    if (s.depth && s.movetime) return Error{"give --depth or --movetime, not both"};
    if (std::find(seen.begin(), seen.end(), "--egdb") != seen.end() &&
        std::find(seen.begin(), seen.end(), "--egdb-pieces") != seen.end())
        return Error{"give --egdb or --egdb-pieces, not both"};
    if (!s.depth && !s.movetime) s.depth = DefaultDepth;
    return s;
}

// A score as a plain number (decisive ones near +-DecisiveScale), so that two can be subtracted.
int comparable(search::Score s) {
    if (search::is_win(s)) return DecisiveScale - search::plies_to_end(s);
    if (search::is_loss(s)) return -DecisiveScale + search::plies_to_end(s);
    return std::clamp(s, -DecisiveScale / 2, DecisiveScale / 2);
}

// A child position's search score as the score of the move that led to it, for the mover: a
// decisive end is one ply further away.
int from_child(search::Score s) {
    const int x = -comparable(s);
    return x >= DecisiveScale / 2 ? x - 1 : x <= -DecisiveScale / 2 ? x + 1 : x;
}

std::string score_text(int s) {
    if (s >= DecisiveScale / 2) return "win in " + std::to_string(DecisiveScale - s);
    if (s <= -DecisiveScale / 2) return "loss in " + std::to_string(DecisiveScale + s);
    return (s > 0 ? "+" : "") + std::to_string(s);
}

enum class Phase { Opening, Middlegame, Endgame };
constexpr std::array<const char*, 3> PhaseNames{"opening", "middlegame", "endgame"};
Phase phase_of(int pieces) { return pieces >= 20 ? Phase::Opening : pieces >= 11 ? Phase::Middlegame : Phase::Endgame; }

constexpr std::array<const char*, 6> BucketNames{"24-21", "20-17", "16-13", "12-9", "8-5", "4-2"};
std::size_t bucket_of(int pieces) { return std::size_t(std::clamp((24 - pieces) / 4, 0, 5)); }

int capped(int s) { return std::clamp(s, -DropCap, DropCap); }

int class_of(int s) { return s >= LostBound ? 1 : s <= -LostBound ? -1 : 0; }
constexpr std::array<const char*, 3> ClassNames{"loss", "draw", "win"};

// One judged move of a game.
struct Judged {
    std::size_t ply = 0;  // index in the game's moves
    Color mover = Color::Black;
    std::string played, better;  // better == played when the search agreed
    int best = 0, score = 0;     // for the mover, comparable()
    int pieces = 0;
    std::string fen;             // before the move
    int seen = 0;                // errors: the depth from which the drop shows (0: not again)
    int drop() const { return capped(best) - capped(score); }
};

struct GameReport {
    std::vector<Judged> moves;     // judged moves only
    std::optional<std::size_t> first_decisive;  // index into moves
    std::optional<std::size_t> losing;          // index into moves
    std::optional<Color> loser;
    bool lost_throughout = false;  // the loser was below -LevelBound at every judged move
    bool unseen_loss = false;      // the loser's last judged move still scored above -LostBound

    // Whether the game has a losing move the search saw (a shot or drift).
    bool lost_at(std::size_t k) const { return losing == k && !unseen_loss; }
};

std::string color_name(Color c) { return c == Color::Black ? "Black" : "White"; }

// The player of colour c by the PDN tags ("Black"/"White" when the tag is missing or "?").
std::string player_of(const pdn::PdnGame& g, Color c) {
    const std::string* t = g.tag(c == Color::Black ? "Black" : "White");
    return t && !t->empty() && *t != "?" ? *t : color_name(c);
}

bool side_matches(const Settings& s, const pdn::PdnGame& g, Color c) {
    if (s.side.empty()) return true;
    if (s.side == "black") return c == Color::Black;
    if (s.side == "white") return c == Color::White;
    return player_of(g, c) == s.side;
}

// The name the file summary counts a move under.
std::string tally_name(const Settings& s, const pdn::PdnGame& g, Color c) {
    if (s.side == "black" || s.side == "white") return color_name(c);
    return player_of(g, c);
}

// How many of the game's first moves are the opening of its Opening tag ("label: m1 m2 m3").
std::size_t opening_plies(const pdn::PdnGame& g, const Game& game) {
    const std::string* tag = g.tag("Opening");
    if (!tag) return 0;
    const std::size_t colon = tag->rfind(": ");
    std::istringstream words(colon == std::string::npos ? *tag : tag->substr(colon + 2));
    Position p = game.start_position();
    std::size_t n = 0;
    for (std::string w; words >> w; ++n) {
        const Result<Move> m = parse_move(p, w);
        if (!m || n >= game.moves().size() || !(*m == game.moves()[n])) return 0;
        p = p.after(*m);
    }
    return n;
}

std::string move_number(const Game& game, std::size_t ply, Color mover) {
    const std::size_t offset = game.start_position().side_to_move() == Color::Black ? 0 : 1;
    return std::to_string((ply + offset) / 2 + 1) + (mover == Color::Black ? "." : "...");
}

class Analyser {
public:
    Analyser(const Settings& s, const search::egdb::Database* db) : s_(s), engine_(std::size_t(s.hash_mb)), fresh_(16) {
        engine_.set_egdb(db);
        fresh_.set_egdb(db);
    }

    std::uint64_t searches() const { return searches_; }

    GameReport analyse(const pdn::PdnGame& g, const Game& game) {
        engine_.clear();
        const std::vector<Move>& moves = game.moves();
        std::vector<Position> positions{game.start_position()};
        for (const Move& m : moves) positions.push_back(positions.back().after(m));
        std::vector<Key> keys;
        for (const Position& p : positions) keys.push_back(p.key());
        auto history = [&](std::size_t i) { return std::span<const Key>(keys.data(), i); };

        GameReport report;
        const std::size_t first = opening_plies(g, game);
        if (first >= moves.size()) return report;
        search::SearchResult here = search(positions[first], history(first));
        for (std::size_t i = first; i < moves.size(); ++i) {
            const Position& p = positions[i];
            const bool forced = legal_moves(p).size() == 1;
            const bool judged = !forced && side_matches(s_, g, p.side_to_move());
            // The search of the position after the move scores the move played (and is the next
            // position's own search).
            search::SearchResult next;
            const bool last = i + 1 == moves.size();
            if (!last || judged) next = search(positions[i + 1], history(i + 1));
            if (judged) {
                Judged j;
                j.ply = i;
                j.mover = p.side_to_move();
                j.played = move_text(p, moves[i]);
                j.pieces = popcount(p.occupied());
                j.fen = to_fen(p);
                j.score = from_child(next.score);
                j.best = j.score;
                j.better = j.played;
                if (here.best && !(*here.best == moves[i])) {
                    const search::SearchResult alt = search(p.after(*here.best), history(i + 1));
                    if (const int best = from_child(alt.score); best > j.score) {
                        j.best = best;
                        j.better = move_text(p, *here.best);
                    }
                }
                if (j.drop() >= s_.threshold)
                    j.seen = seen_at(p.after(moves[i]), p.after(*here.best), history(i + 1), next.depth);
                report.moves.push_back(std::move(j));
            }
            here = std::move(next);
        }
        judge_game(g, report);
        return report;
    }

private:
    search::Limits limits(int depth) const {
        search::Limits l;
        l.threads = 1;
        l.move_overhead = 0;
        if (depth) l.depth = depth;
        else if (s_.movetime) l.movetime = s_.movetime;
        else l.depth = s_.depth;
        return l;
    }

    search::SearchResult search(const Position& p, std::span<const Key> history) {
        ++searches_;
        return engine_.go(p, history, limits(0));
    }

    // The shallowest depth from which fresh searches of the two positions after the moves show
    // the drop at every depth up to `depth`; 0 when the deepest does not.
    int seen_at(const Position& played, const Position& best, std::span<const Key> history, int depth) {
        auto scores = [&](const Position& p) {
            std::vector<int> by_depth(std::size_t(depth) + 1, 0);
            fresh_.clear();
            ++searches_;
            const search::InfoCallback record = [&](const search::Info& info) {
                if (info.depth >= 1 && info.depth <= depth) by_depth[std::size_t(info.depth)] = from_child(info.score);
            };
            const search::SearchResult r = fresh_.go(p, history, limits(std::max(1, depth)), record);
            if (r.depth >= 1 && r.depth <= depth) by_depth[std::size_t(r.depth)] = from_child(r.score);
            return by_depth;
        };
        const std::vector<int> a = scores(played), b = scores(best);
        int from = 0;
        for (int d = depth; d >= 1; --d) {
            if (capped(b[std::size_t(d)]) - capped(a[std::size_t(d)]) < s_.threshold) break;
            from = d;
        }
        return from;
    }

    void judge_game(const pdn::PdnGame& g, GameReport& r) const {
        for (std::size_t k = 0; k < r.moves.size(); ++k) {
            const Judged& j = r.moves[k];
            if (j.drop() >= s_.threshold && class_of(j.score) < class_of(j.best)) {
                r.first_decisive = k;
                break;
            }
        }
        const Outcome outcome = pdn::outcome_of(g.result);  // English games only (see the top)
        if (outcome == Outcome::BlackWins) r.loser = Color::White;
        if (outcome == Outcome::WhiteWins) r.loser = Color::Black;
        if (!r.loser) return;
        std::optional<std::size_t> last;
        for (std::size_t k = 0; k < r.moves.size(); ++k) {
            if (r.moves[k].mover != *r.loser) continue;
            last = k;
            if (r.moves[k].best > -LevelBound) r.losing = k;
        }
        r.lost_throughout = last && !r.losing;
        // The score can also fall after the move, when the reply shows what the search missed
        // (drift); only at the loser's last move is there no reply left to show it.
        r.unseen_loss = r.losing && r.losing == last && r.moves[*last].score > -LostBound;
    }

    const Settings& s_;
    search::Engine engine_;
    search::Engine fresh_;  // for seen_at: its table is cleared before each search
    std::uint64_t searches_ = 0;
};

struct Tally {
    int games = 0, moves = 0, errors = 0, first_decisive = 0, lost = 0, shots = 0, drifts = 0;
    std::array<int, 3> moves_by_phase{}, errors_by_phase{}, lost_by_phase{};
    std::array<int, 6> errors_by_bucket{};
};

std::string csv_field(const std::string& text) {
    if (text.find_first_of(",\"\n") == std::string::npos) return text;
    std::string q = "\"";
    for (char c : text) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

class Reporter {
public:
    explicit Reporter(const Settings& s) : s_(s) {
        if (s_.csv)
            std::printf(
                "game,ply,move,side,player,opponent,result,played,better,best,score,drop,phase,pieces,seen,"
                "swing,decisive,fen\n");
    }

    void game(std::size_t number, const pdn::PdnGame& g, const Game& game, const GameReport& r) {
        const std::string black = player_of(g, Color::Black), white = player_of(g, Color::White);
        if (!s_.csv) {
            const std::string* opening = g.tag("Opening");
            const std::string* termination = g.tag("Termination");
            std::printf("game %zu: %s (Black) - %s (White) %s, %zu plies%s%s%s%s\n", number, black.c_str(),
                        white.c_str(), g.result.c_str(), game.moves().size(), opening ? ", opening " : "",
                        opening ? opening->c_str() : "", termination ? ", " : "",
                        termination ? termination->c_str() : "");
        }
        for (const Color c : {Color::Black, Color::White})
            if (side_matches(s_, g, c)) ++tally(tally_name(s_, g, c)).games;
        for (std::size_t k = 0; k < r.moves.size(); ++k) {
            const Judged& j = r.moves[k];
            Tally& t = tally(tally_name(s_, g, j.mover));
            const auto phase = std::size_t(phase_of(j.pieces));
            ++t.moves;
            ++t.moves_by_phase[phase];
            const bool error = j.drop() >= s_.threshold;
            const bool first = r.first_decisive == k, losing = r.lost_at(k);
            if (error) {
                ++t.errors;
                ++t.errors_by_phase[phase];
                ++t.errors_by_bucket[bucket_of(j.pieces)];
            }
            if (first) ++t.first_decisive;
            if (losing) {
                ++t.lost;
                ++t.lost_by_phase[phase];
                ++(error ? t.shots : t.drifts);
            }
            if (error || losing || s_.all) print_move(number, g, game, j, first, losing);
        }
        if (!s_.csv) print_summary(g, game, r);
        std::fflush(stdout);
    }

    void finish(std::size_t games, std::uint64_t searches, double seconds) const {
        if (s_.csv) return;
        const std::string how = s_.movetime ? std::to_string(s_.movetime) + " ms" : "depth " + std::to_string(s_.depth);
        std::printf("\nanalysed %zu game%s, %s a position, threshold %d cp%s: %llu searches in %.1f s\n", games,
                    games == 1 ? "" : "s", how.c_str(), s_.threshold, s_.egdb_pieces ? ", endgame database" : "",
                    static_cast<unsigned long long>(searches), seconds);
        for (const auto& [name, t] : tallies_) {
            std::printf("%s: %d game%s, %d moves judged, %d errors (%.1f per 100 moves), %d first decisive errors, "
                        "%d games lost (%d by a shot, %d by drift)\n",
                        name.c_str(), t.games, t.games == 1 ? "" : "s", t.moves, t.errors, t.moves ? 100.0 * t.errors / t.moves : 0.0,
                        t.first_decisive, t.lost, t.shots, t.drifts);
            std::printf("  errors by phase:");
            for (std::size_t i = 0; i < 3; ++i)
                std::printf(" %s %d/%d moves%s", PhaseNames[i], t.errors_by_phase[i], t.moves_by_phase[i],
                            i < 2 ? "," : "\n");
            std::printf("  errors by pieces:");
            for (std::size_t i = 0; i < 6; ++i)
                std::printf(" %s: %d%s", BucketNames[i], t.errors_by_bucket[i], i < 5 ? "," : "\n");
            std::printf("  games lost at: opening %d, middlegame %d, endgame %d\n", t.lost_by_phase[0],
                        t.lost_by_phase[1], t.lost_by_phase[2]);
        }
    }

private:
    Tally& tally(const std::string& name) {
        for (auto& [n, t] : tallies_)
            if (n == name) return t;
        return tallies_.emplace_back(name, Tally{}).second;
    }

    static std::string swing(const Judged& j) {
        const int from = class_of(j.best), to = class_of(j.score);
        if (from == to) return "";
        return std::string(ClassNames[std::size_t(from + 1)]) + "->" + ClassNames[std::size_t(to + 1)];
    }

    void print_move(std::size_t number, const pdn::PdnGame& g, const Game& game, const Judged& j, bool first,
                    bool losing) const {
        const std::string decisive = first && losing ? "first+losing" : first ? "first" : losing ? "losing" : "";
        const char* phase = PhaseNames[std::size_t(phase_of(j.pieces))];
        if (s_.csv) {
            std::printf("%zu,%zu,%s,%s,%s,%s,%s,%s,%s,%d,%d,%d,%s,%d,%d,%s,%s,%s\n", number, j.ply + 1,
                        move_number(game, j.ply, j.mover).c_str(), color_name(j.mover).c_str(),
                        csv_field(player_of(g, j.mover)).c_str(), csv_field(player_of(g, ~j.mover)).c_str(),
                        g.result.c_str(), j.played.c_str(), j.better.c_str(), j.best, j.score, j.drop(), phase,
                        j.pieces, j.seen, swing(j).c_str(), decisive.c_str(), csv_field(j.fen).c_str());
            return;
        }
        const std::string sw = swing(j);
        std::printf("  %s %s (%s) played %s, better %s: %s -> %s (drop %d), %s, %d pieces", move_number(game, j.ply, j.mover).c_str(),
                    color_name(j.mover).c_str(), player_of(g, j.mover).c_str(), j.played.c_str(), j.better.c_str(),
                    score_text(j.best).c_str(), score_text(j.score).c_str(), j.drop(), phase, j.pieces);
        if (j.drop() >= s_.threshold) {
            if (j.seen) std::printf(", seen at depth %d", j.seen);
            else std::printf(", not seen again by a fresh search");
        }
        if (!sw.empty()) std::printf(", %s", sw.c_str());
        if (!decisive.empty()) std::printf(" [%s]", decisive.c_str());
        std::printf("\n      %s\n", j.fen.c_str());
    }

    void print_summary(const pdn::PdnGame& g, const Game& game, const GameReport& r) const {
        auto describe = [&](const Judged& j) {
            return move_number(game, j.ply, j.mover) + " " + j.played + " by " + color_name(j.mover) + " (" +
                   player_of(g, j.mover) + "), " + score_text(j.best) + " -> " + score_text(j.score);
        };
        std::printf("  result %s; first decisive error: %s", g.result.c_str(),
                    r.first_decisive ? describe(r.moves[*r.first_decisive]).c_str() : "none");
        if (r.loser && r.losing && !r.unseen_loss) {
            const Judged& j = r.moves[*r.losing];
            std::printf("; lost by %s at %s (%s)", color_name(*r.loser).c_str(), describe(j).c_str(),
                        j.drop() >= s_.threshold ? "shot" : "drift");
        } else if (r.unseen_loss) {
            std::printf("; %s lost, but the search never saw it lost", color_name(*r.loser).c_str());
        } else if (r.lost_throughout) {
            const auto first = std::find_if(r.moves.begin(), r.moves.end(),
                                            [&](const Judged& j) { return j.mover == *r.loser; });
            std::printf("; %s lost, below -%d from its first judged move (%s)", color_name(*r.loser).c_str(),
                        LevelBound, score_text(first->best).c_str());
        }
        std::printf("\n");
    }

    const Settings& s_;
    std::vector<std::pair<std::string, Tally>> tallies_;
};

}  // namespace

int analyse_main(Args args) {
    if (wants_help(args)) {
        print_analyse_help();
        return ExitOk;
    }
    const Result<Settings> settings = read_settings(args);
    if (!settings) return usage_error(Command, settings.error());
    Settings s = *settings;

    // 1. The whole input is checked before the first search.
    const Result<std::string> text = pdn::read_file(s.path);
    if (!text) return usage_error(Command, text.error());
    const Result<std::vector<pdn::PdnGame>> read = pdn::read(*text);
    if (!read) return usage_error(Command, s.path + ": " + read.error());
    const std::vector<pdn::PdnGame>& all = *read;
    if (all.empty()) return usage_error(Command, s.path + ": no games");
    if (s.games.empty()) s.games = {{1, int(all.size())}};
    std::vector<std::size_t> chosen;
    for (const auto& [from, to] : s.games) {
        if (to > int(all.size()))
            return usage_error(Command, "--games: " + s.path + " has " + std::to_string(all.size()) + " games");
        for (int n = from; n <= to; ++n)
            if (std::find(chosen.begin(), chosen.end(), std::size_t(n)) == chosen.end()) chosen.push_back(std::size_t(n));
    }
    std::vector<std::pair<std::size_t, Game>> games;
    bool side_found = s.side.empty() || s.side == "black" || s.side == "white";
    for (const std::size_t n : chosen) {
        const pdn::PdnGame& g = all[n - 1];
        Result<Game> game = pdn::replay(g);
        if (!game)
            return usage_error(Command, s.path + ": game " + std::to_string(n) + " (line " + std::to_string(g.line) +
                                            "): " + game.error());
        side_found = side_found || player_of(g, Color::Black) == s.side || player_of(g, Color::White) == s.side;
        games.emplace_back(n, std::move(game.value()));
    }
    if (!side_found) return usage_error(Command, "--side: no game has a player named '" + s.side + "'");

    // 2. The searches, one game at a time.
    const auto start = std::chrono::steady_clock::now();
    std::optional<search::egdb::Database> db;
    if (s.egdb_pieces) db = search::egdb::Database::build(s.egdb_pieces);
    Analyser analyser(s, db ? &*db : nullptr);
    Reporter reporter(s);
    for (const auto& [n, game] : games) reporter.game(n, all[n - 1], game, analyser.analyse(all[n - 1], game));
    reporter.finish(games.size(), analyser.searches(),
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    return ExitOk;
}

}  // namespace tempo::cli
