// `tempo datagen`: training data for the neural evaluation (train/, docs/training.md), made by
// Tempo's own games. The file format is docs/network-format.md ("Training data").
//
// Threads play self-play games, each from a ballot of the deck or from a few random plies off the
// start, every move a search of a random node budget in [nodes, 2 * nodes) (for variety), with the
// evaluation `tempo` plays (the built-in network; `--eval-file` names another or `classic`). Each
// position where the side to move has no capture is written with the search's score for the side
// to move and the game's result. A game ends by the rules (no move, threefold repetition, the
// 80-ply rule), on reaching a position the endgame database covers (its exact value is the
// result, and that position is written with the exact flag), or when the searcher's score stays
// beyond `adjudicate` centi-men for six plies (a win for that side).
//
// The file is appended to, so a run that stops can be started again with another seed: the
// positions already in the file are read first and never written twice.
//
// `--starts FILE` plays every game on from a position of a file of FENs instead (e.g. the
// positions of matches against another engine, where the evaluation must learn to judge what it
// meets there): the file is shuffled by the seed and game g starts from its g-th position,
// round the file again when there are more games than positions. A run started again with
// another seed deals the file in another order, so it is a new draw from the file, not the rest
// of the old one.
//
// `--pdn FILE` plays no game: it labels the positions of recorded games (a match against another
// engine, whose results can show a misjudgement Tempo's self-play shares with itself). Every
// game is replayed before anything is written, so a bad record changes no file.
//
// `--variant international` plays 10x10 games (FMJD rules, the 25-move and 16-move rules end
// them) from random plies off the start (there is no 10x10 ballot deck) or from --starts, and
// writes the 10x10 data file: a header that names the game and 32-byte records of 50-square
// bitboards. There is no 10x10 endgame database, so no position is labelled exactly. One loop plays both games, a template over
// the `Data` traits below.
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <type_traits>
#include <unordered_set>
#include <vector>

#include "engine/game.hpp"
#include "engine/international.hpp"
#include "engine/movegen.hpp"
#include "engine/variant.hpp"
#include "search/egdb.hpp"
#include "search/nnue.hpp"
#include "search/search.hpp"
#include "tools/cli.hpp"
#include "tools/match/match.hpp"
#include "tools/pdn/pdn.hpp"

namespace tempo::cli {

namespace {

constexpr std::string_view Command = "datagen";
constexpr char Magic[8] = {'T', 'E', 'M', 'P', 'O', 'D', 'A', 'T'};

// English records (version 1: a 16-byte header with no game field; the game is English).
struct Record8 {
    std::uint32_t black, white, kings;
    std::int16_t score;
    std::uint8_t result, flags;
};
static_assert(sizeof(Record8) == 16);

// International records (version 2: a 32-byte header whose game field is 1).
struct Record10 {
    std::uint64_t black, white, kings;
    std::int16_t score;
    std::uint8_t result, flags;
    std::uint32_t reserved;  // 0
};
static_assert(sizeof(Record10) == 32);

// Bit s of the result is PDN square s + 1.
template <class Geo>
std::uint64_t squares_of(Bitboard b) {
    std::uint64_t out = 0;
    for (; b; b &= b - 1) out |= std::uint64_t{1} << Geo::square_of(lsb(b));
    return out;
}

std::uint64_t mix(std::uint64_t h) {
    h *= 0x9E3779B97F4A7C15ULL;
    return h ^ (h >> 29);
}

// The file layout and the game of each kind of data; datagen's loop is a template over these.
struct EnglishData {
    using Record = Record8;
    using Game = tempo::Game;
    using Position = tempo::Position;
    static constexpr std::uint32_t Version = 1, GameId = 0;
    static constexpr std::size_t HeaderSize = 16;
    static Record record_of(const Position& p) {
        return {std::uint32_t(squares_of<Geometry8>(p.pieces(Color::Black))),
                std::uint32_t(squares_of<Geometry8>(p.pieces(Color::White))),
                std::uint32_t(squares_of<Geometry8>(p.kings())), 0, 0,
                std::uint8_t(p.side_to_move() == Color::White ? 1 : 0)};
    }
    static std::uint64_t key(const Record& r) {
        std::uint64_t h = (std::uint64_t(r.black) << 32 | r.white) * 0x9E3779B97F4A7C15ULL;
        h ^= (std::uint64_t(r.kings) << 1 | (r.flags & 1)) * 0xC2B2AE3D27D4EB4FULL;
        return h ^ (h >> 29);
    }
    static bool has_capture(const Position& p) { return tempo::has_capture(p); }
    static std::vector<Move> legal_moves(const Position& p) { return tempo::legal_moves(p); }
};

struct InternationalData {
    using Record = Record10;
    using Game = intl::Game;
    using Position = intl::Position;
    static constexpr std::uint32_t Version = 2, GameId = 1;
    static constexpr std::size_t HeaderSize = 32;
    static Record record_of(const Position& p) {
        return {squares_of<intl::Geo>(p.pieces(Color::Black)), squares_of<intl::Geo>(p.pieces(Color::White)),
                squares_of<intl::Geo>(p.kings()), 0, 0, std::uint8_t(p.side_to_move() == Color::White ? 1 : 0), 0};
    }
    static std::uint64_t key(const Record& r) {
        return mix(mix(mix(r.black) ^ r.white) ^ (r.kings << 1 | (r.flags & 1)));
    }
    static bool has_capture(const Position& p) { return intl::has_capture(p); }
    static std::vector<Move> legal_moves(const Position& p) { return intl::legal_moves(p); }
};

// The header of a data file of this kind (docs/network-format.md).
template <class Data>
std::vector<std::uint8_t> header_bytes() {
    std::vector<std::uint8_t> h(Data::HeaderSize, 0);
    auto put32 = [&h](std::size_t at, std::uint32_t v) {
        for (int i = 0; i < 4; ++i) h[at + std::size_t(i)] = std::uint8_t(v >> (8 * i));
    };
    std::memcpy(h.data(), Magic, 8);
    put32(8, Data::Version);
    put32(12, std::uint32_t(sizeof(typename Data::Record)));
    if (Data::Version >= 2) put32(16, Data::GameId);
    return h;
}

struct Settings {
    std::string out;
    int games = 1000;
    std::uint64_t nodes = 5000;
    int threads = 2;
    std::uint64_t seed = 1;
    std::string ballots = "tests/data/ballots-english-3move.csv";
    int random_plies = 6;
    int egdb_pieces = 5;
    int hash_mb = 16;
    int adjudicate = 500;
    int max_plies = 400;
    bool international = false;  // --variant international
    int end_lo = 0, end_hi = 0;  // --endgames LO-HI: games start from random endings instead
    std::string starts;          // --starts FILE: games start from the FENs of this file instead
    std::string pdn;             // --pdn FILE: label the positions of these recorded games instead
    bool games_given = false;    // --games was on the command line (with --pdn: the first N games)
    std::string eval_file;  // empty: the game's built-in network; "classic": the hand-made evaluation
};

// What the threads share: the output file, the keys already written, the counts.
struct Shared {
    const Settings* s = nullptr;
    std::vector<std::vector<Move>> ballots;
    std::vector<Game> starts;             // --starts, English: the file's positions, shuffled by the seed
    std::vector<intl::Game> intl_starts;  // --starts, international
    std::vector<Game> recorded;           // --pdn: the games, replayed
    std::vector<Outcome> recorded_outcomes;
    const search::egdb::Database* db = nullptr;
    const search::nnue::Network* net = nullptr;
    const search::nnue::IntlNetwork* intl_net = nullptr;
    std::FILE* file = nullptr;
    std::mutex mutex;
    std::unordered_set<std::uint64_t> seen;
    std::atomic<int> next_game{0};
    std::uint64_t written = 0, duplicates = 0;
    int done = 0, black_wins = 0, white_wins = 0, draws = 0, exact_ends = 0;
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
};

// The opening of game `g`: a ballot (odd games, when there is a deck) or `random_plies` random
// moves from the start that leave no capture pending.
template <class Data>
std::vector<Move> opening(const Shared& sh, int g, std::mt19937_64& rng) {
    if (!sh.ballots.empty() && (g % 2 == 1 || sh.s->random_plies == 0))
        return sh.ballots[std::size_t(g / 2) % sh.ballots.size()];
    for (;;) {
        std::vector<Move> line;
        typename Data::Position p = Data::Position::start();
        for (int ply = 0; ply < sh.s->random_plies; ++ply) {
            const std::vector<Move> moves = Data::legal_moves(p);
            if (moves.empty()) break;
            const Move m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
            line.push_back(m);
            p = p.after(m);
        }
        if (int(line.size()) == sh.s->random_plies && !Data::has_capture(p)) return line;
    }
}

// A random English ending of `lo`..`hi` pieces (--endgames): the pieces split as evenly as their
// number allows, and one side a piece more in a third of them; each piece a king or a man
// (a man never on its own crowning row); either side to move. The side to move has a move and no
// capture is pending, so the first position is written too.
Game random_ending(int lo, int hi, std::mt19937_64& rng) {
    auto below = [&rng](int n) { return int(rng() % std::uint64_t(n)); };
    for (;;) {
        const int n = lo + below(hi - lo + 1);
        int black = n / 2 + (n % 2 == 1 ? below(2) : 0);
        if (below(3) == 0) black += below(2) == 0 ? -1 : 1;
        if (black < 1 || black > n - 1 || black > 12 || n - black > 12) continue;
        std::array<bool, 33> taken{};
        std::string side[2];  // Black, White
        for (int i = 0; i < n; ++i) {
            const bool is_black = i < black, king = below(5) < 2;
            int sq;
            do sq = 1 + below(32);
            while (taken[std::size_t(sq)] || (!king && (is_black ? sq > 28 : sq < 5)));
            taken[std::size_t(sq)] = true;
            std::string& list = side[is_black ? 0 : 1];
            if (!list.empty()) list += ',';
            if (king) list += 'K';
            list += std::to_string(sq);
        }
        const std::string fen = std::string(below(2) == 0 ? "B" : "W") + ":W" + side[1] + ":B" + side[0];
        Result<Game> g = Game::from_fen(fen);
        if (!g || g->status().is_over() || tempo::has_capture(g->position())) continue;
        return std::move(*g);
    }
}

// The result byte of a record: 2 won, 1 drawn, 0 lost, for the side to move `mover`.
std::uint8_t result_for(Outcome outcome, Color mover) {
    if (outcome == Outcome::Draw) return 1;
    return (outcome == Outcome::BlackWins) == (mover == Color::Black) ? 2 : 0;
}

// The score of an exactly known position: +-(10000 - plies to the end), 0 for a draw.
std::int16_t exact_score(const search::egdb::Value& v) {
    using search::egdb::Outcome;
    return std::int16_t(v.outcome == Outcome::Win ? 10000 - v.plies : v.outcome == Outcome::Loss ? -(10000 - v.plies) : 0);
}

// Appends one game's records to the file (each position once) and counts the game; every 100
// games and at the last, a progress line.
template <class Data>
void write_game(Shared& sh, const std::vector<typename Data::Record>& records, Outcome outcome, bool exact_end) {
    using Record = typename Data::Record;
    const std::lock_guard lock(sh.mutex);
    for (const Record& r : records) {
        if (!sh.seen.insert(Data::key(r)).second) {
            ++sh.duplicates;
            continue;
        }
        std::fwrite(&r, sizeof r, 1, sh.file);
        ++sh.written;
    }
    std::fflush(sh.file);
    ++sh.done;
    sh.exact_ends += exact_end;
    (outcome == Outcome::BlackWins ? sh.black_wins : outcome == Outcome::WhiteWins ? sh.white_wins : sh.draws)++;
    if (sh.done % 100 == 0 || sh.done == sh.s->games) {
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - sh.start).count();
        if (sh.s->pdn.empty())
            std::fprintf(stderr,
                         "datagen: %d games (+%d -%d =%d for Black, %d ended in the database), %llu "
                         "positions written, %llu duplicates, %.0f s\n",
                         sh.done, sh.black_wins, sh.white_wins, sh.draws, sh.exact_ends,
                         (unsigned long long)sh.written, (unsigned long long)sh.duplicates, secs);
        else
            std::fprintf(stderr,
                         "datagen: %d of %d games labelled (+%d -%d =%d for Black), %llu positions written, "
                         "%llu duplicates, %.0f s\n",
                         sh.done, sh.s->games, sh.black_wins, sh.white_wins, sh.draws, (unsigned long long)sh.written,
                         (unsigned long long)sh.duplicates, secs);
    }
}

template <class Data>
void play_games(Shared& sh) {
    using Record = typename Data::Record;
    using Position = typename Data::Position;
    constexpr bool English = std::is_same_v<Data, EnglishData>;
    const Settings& s = *sh.s;
    search::Engine engine(std::size_t(s.hash_mb));
    engine.set_egdb(sh.db);
    engine.options().network = sh.net;
    engine.options().intl_network = sh.intl_net;
    std::vector<Record> records;
    for (int g; (g = sh.next_game.fetch_add(1)) < s.games;) {
        std::mt19937_64 rng(s.seed * 1'000'003ULL + std::uint64_t(g));
        typename Data::Game game;
        if constexpr (English) {
            if (s.end_hi > 0) game = random_ending(s.end_lo, s.end_hi, rng);
        }
        if (!s.starts.empty()) {
            if constexpr (English) game = sh.starts[std::size_t(g) % sh.starts.size()];
            else game = sh.intl_starts[std::size_t(g) % sh.intl_starts.size()];
        } else if (s.end_hi == 0)
            for (const Move& m : opening<Data>(sh, g, rng))
                if (!game.play(m)) break;
        engine.clear();
        records.clear();
        std::vector<Color> movers;
        Outcome outcome = Outcome::Draw;
        bool exact_end = false;
        int winning = 0;  // plies in a row beyond `adjudicate`: > 0 for Black, < 0 for White
        std::vector<Key> keys;
        for (int ply = 0; ply < s.max_plies; ++ply) {
            const Status st = game.status();
            if (st.is_over()) {
                outcome = st.outcome;
                break;
            }
            const Position& p = game.position();
            const Color us = p.side_to_move();
            Record r = Data::record_of(p);
            if constexpr (English) {
                if (sh.db && sh.db->covers(p)) {
                    // The database knows the end: label this position exactly and stop.
                    const std::optional<search::egdb::Value> v = sh.db->probe(p);
                    if (v) {
                        using search::egdb::Outcome;
                        const bool win = v->outcome == Outcome::Win, loss = v->outcome == Outcome::Loss;
                        r.score = exact_score(*v);
                        r.flags |= 2;
                        if (!Data::has_capture(p)) records.push_back(r), movers.push_back(us);
                        const bool black_wins = (us == Color::Black) == win;
                        outcome = !win && !loss ? tempo::Outcome::Draw
                                  : black_wins  ? tempo::Outcome::BlackWins
                                                : tempo::Outcome::WhiteWins;
                        exact_end = true;
                        break;
                    }
                }
            }
            keys.clear();
            Position q = game.start_position();
            for (const Move& m : game.moves()) keys.push_back(q.key()), q = q.after(m);
            search::Limits limits;
            limits.nodes = s.nodes + rng() % (s.nodes + 1);
            const search::SearchResult res = engine.go(p, keys, limits);
            if (!res.best) break;  // cannot happen: the game is not over
            if (!Data::has_capture(p)) {
                r.score = std::int16_t(std::clamp(res.score, -10000, 10000));
                records.push_back(r), movers.push_back(us);
            }
            const int for_black = us == Color::Black ? res.score : -res.score;
            winning = for_black >= s.adjudicate    ? std::max(winning, 0) + 1
                      : for_black <= -s.adjudicate ? std::min(winning, 0) - 1
                                                   : 0;
            if (s.adjudicate > 0 && (winning >= 6 || winning <= -6)) {
                outcome = winning > 0 ? tempo::Outcome::BlackWins : tempo::Outcome::WhiteWins;
                break;
            }
            if (!game.play(*res.best)) break;
        }
        for (std::size_t i = 0; i < records.size(); ++i) records[i].result = result_for(outcome, movers[i]);
        write_game<Data>(sh, records, outcome, exact_end);
    }
}

// --pdn: the positions of recorded games, each labelled with a search of exactly `nodes` nodes
// (from the game's history, the table cleared at each game, so the labels do not depend on the
// threads) and the game's recorded result for its side to move; positions the endgame database
// covers get its exact value instead. Positions with a capture pending are left out, as in play.
void label_games(Shared& sh) {
    const Settings& s = *sh.s;
    search::Engine engine(std::size_t(s.hash_mb));
    engine.set_egdb(sh.db);
    engine.options().network = sh.net;
    std::vector<Record8> records;
    std::vector<Key> keys;
    for (int g; (g = sh.next_game.fetch_add(1)) < s.games;) {
        const Game& game = sh.recorded[std::size_t(g)];
        const Outcome outcome = sh.recorded_outcomes[std::size_t(g)];
        engine.clear();
        records.clear();
        keys.clear();
        Position p = game.start_position();
        for (const Move& m : game.moves()) {
            if (!has_capture(p)) {
                Record8 r = EnglishData::record_of(p);
                std::optional<search::egdb::Value> v;
                if (sh.db && sh.db->covers(p)) v = sh.db->probe(p);
                if (v) {
                    r.score = exact_score(*v);
                    r.flags |= 2;
                } else {
                    search::Limits limits;
                    limits.nodes = s.nodes;
                    const search::SearchResult res = engine.go(p, keys, limits);
                    r.score = std::int16_t(std::clamp(res.score, -10000, 10000));
                }
                r.result = result_for(outcome, p.side_to_move());
                records.push_back(r);
            }
            keys.push_back(p.key());
            p = p.after(m);
        }
        write_game<EnglishData>(sh, records, outcome, false);
    }
}

// Opens `path` for appending: a new file gets the header; an existing one must have this kind's
// header, and its positions go into `seen`.
template <class Data>
Result<std::FILE*> open_output(const std::string& path, std::unordered_set<std::uint64_t>& seen) {
    using Record = typename Data::Record;
    const std::vector<std::uint8_t> header = header_bytes<Data>();
    std::error_code ec;
    const bool exists = std::filesystem::exists(path, ec) && std::filesystem::file_size(path, ec) > 0;
    if (exists) {
        std::FILE* in = std::fopen(path.c_str(), "rb");
        if (!in) return Error{"cannot read '" + path + "': " + std::strerror(errno)};
        std::vector<std::uint8_t> head(header.size());
        const bool ok = std::fread(head.data(), 1, head.size(), in) == head.size() && head == header;
        if (!ok) {
            std::fclose(in);
            return Error{"'" + path + "' is not a Tempo training-data file of " +
                         (Data::GameId == 0 ? "English draughts (version 1)" : "international draughts (version 2)")};
        }
        Record r;
        std::uint64_t n = 0;
        while (std::fread(&r, sizeof r, 1, in) == 1) seen.insert(Data::key(r)), ++n;
        std::fclose(in);
        std::fprintf(stderr, "datagen: '%s' holds %llu positions; appending\n", path.c_str(),
                     (unsigned long long)n);
        if ((std::filesystem::file_size(path, ec) - header.size()) % sizeof(Record) != 0)
            return Error{"'" + path + "' ends in a partial record"};
    }
    std::FILE* f = std::fopen(path.c_str(), "ab");
    if (!f) return Error{"cannot write '" + path + "': " + std::strerror(errno)};
    if (!exists) std::fwrite(header.data(), 1, header.size(), f);
    return f;
}

}  // namespace

int datagen_main(Args args) {
    if (wants_help(args)) {
        std::printf(
            "Usage: tempo datagen --out FILE [--games N] [--nodes N] [--threads T] [--seed S]\n"
            "                     [--ballots CSV|none] [--random-plies N] [--egdb PIECES]\n"
            "                     [--eval-file NET] [--adjudicate CP] [--hash MB]\n"
            "                     [--variant english|international] [--endgames LO-HI]\n"
            "                     [--starts FENFILE]\n"
            "       tempo datagen --out FILE --pdn GAMES.pdn [--games N] [--nodes N] [--threads T]\n"
            "                     [--egdb PIECES] [--eval-file NET] [--hash MB]\n"
            "\n"
            "Self-play games that make training data for the neural evaluation (the format is\n"
            "docs/network-format.md; docs/training.md has the whole pipeline). Every position\n"
            "where the side to move has no capture is appended to FILE once, with the search's\n"
            "score and the game's result; positions the endgame database covers are labelled by\n"
            "it exactly (and end the game). FILE is appended to, so a stopped run can go on with\n"
            "another --seed.\n"
            "\n"
            "  --variant V       english (default) or international: 10x10 games from random\n"
            "                    plies off the start (or --starts), written as 10x10 data (no\n"
            "                    ballots, no endgame database)\n"
            "  --endgames LO-HI  English: every game starts from a random ending of LO..HI\n"
            "                    pieces (2..24) instead of an opening; with HI at most the\n"
            "                    database's pieces each game is one exactly labelled position\n"
            "  --starts FENFILE  every game starts from a position of FENFILE (one PDN FEN of\n"
            "                    the game played a line, # for comments), in an order shuffled\n"
            "                    by --seed; game g plays from the g-th, round the file again if\n"
            "                    there are more games (no ballots, no random plies); another\n"
            "                    --seed is another order\n"
            "  --pdn GAMES.pdn   no games are played: the English games of the file (a\n"
            "                    `tempo match -pdnout` record, say) are replayed and each\n"
            "                    position with no capture pending is written with the score of\n"
            "                    a search of exactly --nodes nodes and the game's recorded\n"
            "                    result; games without a result (*) are left out\n"
            "  --games N         games to play (default 1000); with --pdn the first N games\n"
            "                    (default all)\n"
            "  --nodes N         each move searches N to 2N nodes, at random (default 5000)\n"
            "  --threads T       games at once, 1..64 (default 2)\n"
            "  --seed S          the random openings, the node budgets and the order of\n"
            "                    --starts (default 1)\n"
            "  --ballots CSV     the opening deck for odd games (default\n"
            "                    tests/data/ballots-english-3move.csv; none: random openings only)\n"
            "  --random-plies N  even games start with N random plies, 0..20 (default 6)\n"
            "  --egdb PIECES     endgame database of 2..5 pieces, 0 for none (default 5)\n"
            "  --eval-file NET   play with this network, of the game played (default: the\n"
            "                    built-in network, as tempo plays; classic: the hand-made\n"
            "                    evaluation)\n"
            "  --adjudicate CP   a score beyond CP for six plies wins, 0 never (default 500)\n"
            "  --hash MB         table per thread, 1..4096 (default 16)\n");
        return ExitOk;
    }
    Settings s;
    OptionReader reader(args);
    while (!reader.done()) {
        const Result<std::string_view> o = reader.next_option();
        if (!o) return usage_error(Command, o.error());
        const Result<std::string_view> v = reader.value(*o);
        if (!v) return usage_error(Command, v.error());
        if (*o == "--out") {
            s.out = std::string(*v);
            continue;
        }
        if (*o == "--ballots") {
            s.ballots = *v == "none" ? "" : std::string(*v);
            continue;
        }
        if (*o == "--starts") {
            s.starts = std::string(*v);
            continue;
        }
        if (*o == "--pdn") {
            s.pdn = std::string(*v);
            continue;
        }
        if (*o == "--eval-file") {
            s.eval_file = std::string(*v);
            continue;
        }
        if (*o == "--endgames") {
            const std::string text(*v);
            int lo = 0, hi = 0, used = 0;
            if (std::sscanf(text.c_str(), "%d-%d%n", &lo, &hi, &used) != 2 || used != int(text.size()) || lo < 2 ||
                hi > 24 || lo > hi)
                return usage_error(Command, "--endgames '" + text + "': LO-HI with 2 <= LO <= HI <= 24, e.g. 6-10");
            s.end_lo = lo, s.end_hi = hi;
            continue;
        }
        if (*o == "--variant") {
            const Result<Variant> variant = parse_variant(*v, *o);
            if (!variant) return usage_error(Command, variant.error());
            if (*variant == Variant::Brazilian)
                return usage_error(Command, "--variant brazilian: there is no network format for Brazilian "
                                            "draughts yet (english or international)");
            s.international = *variant == Variant::International;
            continue;
        }
        Result<std::int64_t> n = Error{""};
        if (*o == "--games") n = parse_number(*o, *v, 1, 100'000'000);
        else if (*o == "--nodes") n = parse_number(*o, *v, 1, 1'000'000'000);
        else if (*o == "--threads") n = parse_number(*o, *v, 1, 64);
        else if (*o == "--seed") n = parse_number(*o, *v, 0, std::int64_t(1) << 40);
        else if (*o == "--random-plies") n = parse_number(*o, *v, 0, 20);
        else if (*o == "--egdb") n = parse_number(*o, *v, 0, 5);
        else if (*o == "--adjudicate") n = parse_number(*o, *v, 0, 10000);
        else if (*o == "--hash") n = parse_number(*o, *v, 1, 4096);
        else return usage_error(Command, "unknown option '" + std::string(*o) + "'");
        if (!n) return usage_error(Command, n.error());
        if (*o == "--games") s.games = int(*n), s.games_given = true;
        if (*o == "--nodes") s.nodes = std::uint64_t(*n);
        if (*o == "--threads") s.threads = int(*n);
        if (*o == "--seed") s.seed = std::uint64_t(*n);
        if (*o == "--random-plies") s.random_plies = int(*n);
        if (*o == "--egdb") s.egdb_pieces = int(*n);
        if (*o == "--adjudicate") s.adjudicate = int(*n);
        if (*o == "--hash") s.hash_mb = int(*n);
    }
    if (s.out.empty()) return usage_error(Command, "needs --out FILE");
    if (s.international) {
        // 10x10: no ballot deck and no endgame database exist; random openings only.
        s.ballots.clear();
        s.egdb_pieces = 0;
        if (s.random_plies == 0 && s.starts.empty())
            return usage_error(Command, "--variant international needs --random-plies of 1 or more (or --starts)");
        if (s.end_hi > 0) return usage_error(Command, "--endgames is for English draughts only");
    }
    if (s.end_hi > 0 && !s.starts.empty()) return usage_error(Command, "--endgames and --starts: choose one");
    if (!s.pdn.empty() && (s.international || s.end_hi > 0 || !s.starts.empty()))
        return usage_error(Command, "--pdn labels English games: it takes no --variant international, "
                                    "--endgames or --starts");
    if (!s.pdn.empty()) s.ballots.clear();
    if (s.end_hi > 0 || !s.starts.empty()) s.ballots.clear();  // the games start elsewhere, not from openings
    if (s.egdb_pieces == 1) return usage_error(Command, "--egdb '1' is out of range: 0 or 2..5");
    if (s.ballots.empty() && s.random_plies == 0 && s.end_hi == 0 && s.starts.empty())
        return usage_error(Command, "--ballots none needs --random-plies of 1 or more");

    Shared sh;
    sh.s = &s;
    if (!s.ballots.empty()) {
        const Result<std::vector<match::Opening>> openings = match::load_openings(s.ballots);
        if (!openings) return usage_error(Command, "--ballots: " + openings.error());
        for (const match::Opening& o : *openings) {
            if (!o.fen.empty()) return usage_error(Command, "--ballots: '" + s.ballots + "' holds FENs, not ballots");
            Game g;
            std::vector<Move> line;
            for (const std::string& m : o.moves) {
                const Result<Move> played = g.play(m);
                if (!played) return usage_error(Command, "--ballots: " + o.label + ": " + played.error());
                line.push_back(*played);
            }
            sh.ballots.push_back(std::move(line));
        }
    }
    if (!s.starts.empty()) {
        const Result<std::vector<match::Opening>> starts = match::load_openings(
            s.starts, s.international ? pdn::GameType::International : pdn::GameType::English);
        if (!starts) return usage_error(Command, "--starts: " + starts.error());
        // The loader has read each FEN as a game of this variant and refused any it could not.
        for (const match::Opening& o : *starts) {
            if (o.fen.empty())
                return usage_error(Command,
                                   "--starts: '" + s.starts + "' holds ballots, not FENs (--ballots takes those)");
            if (s.international) sh.intl_starts.push_back(*intl::Game::from_fen(o.fen));
            else sh.starts.push_back(*Game::from_fen(o.fen));
        }
        std::mt19937_64 rng(s.seed);
        std::shuffle(sh.starts.begin(), sh.starts.end(), rng);
        std::shuffle(sh.intl_starts.begin(), sh.intl_starts.end(), rng);
        std::fprintf(stderr, "datagen: %zu start positions from '%s'\n", sh.starts.size() + sh.intl_starts.size(),
                     s.starts.c_str());
    }
    if (!s.pdn.empty()) {
        // Every game is replayed before anything is written, so a bad record changes no file.
        const Result<std::string> text = pdn::read_file(s.pdn);
        if (!text) return usage_error(Command, "--pdn: " + text.error());
        const Result<std::vector<pdn::PdnGame>> games = pdn::read(*text);
        if (!games) return usage_error(Command, "--pdn '" + s.pdn + "': " + games.error());
        int unfinished = 0;
        for (std::size_t i = 0; i < games->size(); ++i) {
            const pdn::PdnGame& record = (*games)[i];
            const std::string where = "--pdn '" + s.pdn + "': game " + std::to_string(i + 1) + " (line " +
                                      std::to_string(record.line) + "): ";
            const Result<pdn::GameType> type = pdn::game_type(record);
            if (!type) return usage_error(Command, where + type.error());
            if (*type != pdn::GameType::English) return usage_error(Command, where + "not an English game");
            const std::string* tag = record.tag("Result");
            const Outcome outcome = pdn::outcome_of(tag ? *tag : record.result);
            if (outcome == Outcome::Ongoing) {
                ++unfinished;
                continue;
            }
            Result<Game> game = pdn::replay(record);
            if (!game) return usage_error(Command, where + game.error());
            sh.recorded.push_back(std::move(*game));
            sh.recorded_outcomes.push_back(outcome);
        }
        if (sh.recorded.empty())
            return usage_error(Command, "--pdn '" + s.pdn + "': no finished English game in the file");
        if (!s.games_given || s.games > int(sh.recorded.size())) s.games = int(sh.recorded.size());
        std::fprintf(stderr, "datagen: %d games of '%s' to label (%d without a result left out)\n", s.games,
                     s.pdn.c_str(), unfinished);
    }
    // --eval-file: a network of the game played (the loader of that game names what is wrong
    // otherwise); "classic": the hand-made evaluation; without it, the game's built-in network,
    // the evaluation `tempo` plays with (the classic one in a build without a network).
    std::optional<search::nnue::Network> net;
    std::optional<search::nnue::IntlNetwork> intl_net;
    if (s.eval_file.empty()) {
        sh.net = search::nnue::Network::embedded();
        sh.intl_net = search::nnue::IntlNetwork::embedded();
    } else if (s.eval_file == "classic") {
        // sh.net and sh.intl_net stay null: the hand-made evaluation plays.
    } else if (s.international) {
        Result<search::nnue::IntlNetwork> loaded = search::nnue::IntlNetwork::load(s.eval_file);
        if (!loaded) return usage_error(Command, "--eval-file: " + loaded.error());
        intl_net = std::move(*loaded);
        sh.intl_net = &*intl_net;
    } else if (!s.eval_file.empty()) {
        Result<search::nnue::Network> loaded = search::nnue::Network::load(s.eval_file);
        if (!loaded) return usage_error(Command, "--eval-file: " + loaded.error());
        net = std::move(*loaded);
        sh.net = &*net;
    }
    {
        const std::string* description = s.international ? (sh.intl_net ? &sh.intl_net->description() : nullptr)
                                                         : (sh.net ? &sh.net->description() : nullptr);
        if (description)
            std::fprintf(stderr, "datagen: %s with the network '%s'%s\n", s.pdn.empty() ? "playing" : "searching",
                         description->c_str(),
                         s.eval_file.empty() ? " (built in)" : "");
        else
            std::fprintf(stderr, "datagen: playing with the classic evaluation\n");
    }
    Result<std::FILE*> file =
        s.international ? open_output<InternationalData>(s.out, sh.seen) : open_output<EnglishData>(s.out, sh.seen);
    if (!file) return usage_error(Command, file.error());
    sh.file = *file;
    std::optional<search::egdb::Database> db;
    if (s.egdb_pieces >= 2) {
        std::fprintf(stderr, "datagen: building the endgame database of %d pieces\n", s.egdb_pieces);
        db = search::egdb::Database::build(s.egdb_pieces);
        sh.db = &*db;
    }
    sh.start = std::chrono::steady_clock::now();
    std::vector<std::thread> threads;
    const auto play = !s.pdn.empty()     ? label_games
                      : s.international ? play_games<InternationalData>
                                        : play_games<EnglishData>;
    for (int t = 1; t < s.threads; ++t) threads.emplace_back([&sh, play] { play(sh); });
    play(sh);
    for (std::thread& t : threads) t.join();
    const bool failed = std::ferror(sh.file) != 0;
    if (std::fclose(sh.file) != 0 || failed) {
        std::fprintf(stderr, "tempo datagen: writing '%s' failed\n", s.out.c_str());
        return ExitFailure;
    }
    std::printf("%d games, %llu positions written to %s (%llu duplicates left out)\n", sh.done,
                (unsigned long long)sh.written, s.out.c_str(), (unsigned long long)sh.duplicates);
    return ExitOk;
}

}  // namespace tempo::cli
