// Endgame database tests (search/egdb.hpp). The database is checked against solvers that share
// none of its code: a plain value iteration over the whole game graph reachable from a position
// (found by forward move generation only), and a depth-limited minimax; and against the published
// position counts. The default run builds databases of at most 4 pieces (about a second in a
// release build); the check of every 4-piece position and the 5-piece database are [slow].
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "search/egdb.hpp"
#include "search/search.hpp"
#include "run_tempo.hpp"

using namespace tempo;
using namespace tempo::search;
using egdb::Database;
using Db = egdb::Outcome;
using egdb::Value;

namespace {

constexpr Color B = Color::Black, W = Color::White;

// One database per test process and piece count (each test case runs in its own process).
const Database& database(int pieces) {
    static std::map<int, Database> built;
    auto it = built.find(pieces);
    if (it == built.end()) it = built.emplace(pieces, Database::build(pieces)).first;
    return it->second;
}

Position fen(const char* text) {
    const Result<Position> p = parse_fen(text);
    REQUIRE(p.ok());
    return *p;
}

// A random position with exactly `n` pieces (each side may have none), no man on its own
// crowning row, either side to move.
Position random_position(std::mt19937_64& rng, int n) {
    Bitboard side[2] = {0, 0}, kings = 0;
    for (int placed = 0; placed < n;) {
        const int sq = int(rng() % 32);
        const Bitboard b = bit(Geo::bit_of(sq));
        if ((side[0] | side[1]) & b) continue;
        const int c = int(rng() % 2);
        const bool king = rng() % 2 == 0;
        if (!king && ((c == 0 && sq >= 28) || (c == 1 && sq < 4))) continue;
        side[c] |= b;
        if (king) kings |= b;
        ++placed;
    }
    return Position::from_bitboards(side[0], side[1], kings, rng() % 2 ? W : B);
}

// The value as a search score from the side to move (plies from this position).
Score score_of(const Value& v) {
    return v.outcome == Db::Draw ? Draw : v.outcome == Db::Win ? win_in(v.plies) : loss_in(v.plies);
}

// Calls f on every position with exactly n pieces (n <= 4), both sides to move.
template <class F>
void for_each_position(int n, F&& f) {
    std::vector<int> sq(static_cast<std::size_t>(n));
    auto place = [&](auto&& self, int i, int from) -> void {
        if (i == n) {
            for (int kinds = 0; kinds < (1 << (2 * n)); ++kinds) {
                Bitboard side[2] = {0, 0}, kings = 0;
                bool ok = true;
                for (int j = 0; j < n; ++j) {
                    const int kind = (kinds >> (2 * j)) & 3, c = kind & 1, s = sq[std::size_t(j)];
                    const bool king = kind & 2;
                    if (!king && ((c == 0 && s >= 28) || (c == 1 && s < 4))) ok = false;
                    side[c] |= bit(Geo::bit_of(s));
                    if (king) kings |= bit(Geo::bit_of(s));
                }
                if (!ok) continue;
                for (const Color to_move : {B, W}) f(Position::from_bitboards(side[0], side[1], kings, to_move));
            }
            return;
        }
        for (int s = from; s < 32; ++s) {
            sq[std::size_t(i)] = s;
            self(self, i + 1, s + 1);
        }
    };
    place(place, 0, 0);
}

// The score of the best move by the database's values of the children (loss_in(0) without a
// move), one ply further from the end than the child's.
Score best_move_score(const Database& db, const Position& p) {
    MoveList list;
    generate_moves(p, list);
    Score best = list.empty() ? loss_in(0) : -Infinite;
    for (const Move& m : list) {
        const Score child = score_of(*db.probe(p.after(m)));
        best = std::max(best, -(is_win(child) ? child - 1 : is_loss(child) ? child + 1 : child));
    }
    return best;
}

// Plain minimax (alpha-beta, exact) to `depth` plies: win_in/loss_in when the game is decided
// within the depth with best play, 0 when it is not.
Score minimax(const Position& p, int depth, int ply, Score alpha, Score beta) {
    MoveList list;
    generate_moves(p, list);
    if (list.empty()) return loss_in(ply);
    if (depth == 0) return 0;
    Score best = -Infinite;
    for (const Move& m : list) {
        best = std::max(best, -minimax(p.after(m), depth - 1, ply + 1, -beta, -alpha));
        alpha = std::max(alpha, best);
        if (alpha >= beta) break;
    }
    return best;
}

// The whole game graph reachable from `root`, solved by value iteration: round n marks a win in
// n (a move to a loss in n - 1) or a loss in n (every move to a known win); what no round marks
// is a draw. Nothing but generate_moves and Position::after.
struct Graph {
    using Id = std::tuple<Bitboard, Bitboard, Bitboard, Color>;
    std::vector<Position> nodes;
    std::vector<std::vector<std::size_t>> children;
    std::vector<Value> values;

    static Id id_of(const Position& p) {
        return {p.pieces(B), p.pieces(W), p.kings(), p.side_to_move()};
    }

    explicit Graph(const Position& root) {
        std::map<Id, std::size_t> seen;
        seen.emplace(id_of(root), 0);
        nodes.push_back(root);
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            MoveList list;
            generate_moves(nodes[i], list);
            std::vector<std::size_t> next;
            for (const Move& m : list) {
                const Position c = nodes[i].after(m);
                const auto [it, added] = seen.emplace(id_of(c), nodes.size());
                if (added) nodes.push_back(c);
                next.push_back(it->second);
            }
            children.push_back(std::move(next));
        }
        std::vector<int> known(nodes.size(), -1);  // plies, once decided
        int quiet_rounds = 0;
        for (int n = 0; quiet_rounds < 2; ++n) {
            std::vector<std::size_t> decided;
            for (std::size_t i = 0; i < nodes.size(); ++i) {
                if (known[i] >= 0) continue;
                bool win = false, all_won = true;
                for (const std::size_t c : children[i]) {
                    win |= known[c] == n - 1 && (n - 1) % 2 == 0;
                    all_won &= known[c] >= 0 && known[c] % 2 == 1;
                }
                if (n % 2 == 1 ? win : all_won) decided.push_back(i);
            }
            for (const std::size_t i : decided) known[i] = n;
            quiet_rounds = decided.empty() ? quiet_rounds + 1 : 0;
        }
        for (const int k : known)
            values.push_back(k < 0 ? Value{} : Value{k % 2 ? Db::Win : Db::Loss, k});
    }
};

}  // namespace

TEST_CASE("egdb: position counts per number of pieces are the published ones", "[egdb]") {
    // Schaeffer et al., "Checkers is solved", Science 317 (2007), Table 1: positions with exactly
    // n pieces, not counting the side to move; the database holds both sides to move.
    const std::uint64_t published[] = {0, 120, 6972, 261224, 7092774};
    const egdb::Stats& s = database(4).stats();
    for (int n = 1; n <= 4; ++n) {
        INFO(n << " pieces");
        CHECK(s.positions[std::size_t(n)] == 2 * published[n]);
        CHECK(s.wins[std::size_t(n)] + s.losses[std::size_t(n)] + s.draws[std::size_t(n)] ==
              s.positions[std::size_t(n)]);
    }
    // Every win takes an odd number of plies: the longest decided game is odd or even, but one
    // of 3 pieces takes longer than one of 2.
    CHECK(s.longest[3] > s.longest[2]);
    CHECK(s.longest[4] > s.longest[3]);
    // A database of 3 pieces agrees with the 4-piece one on every count it has.
    const egdb::Stats& t = database(3).stats();
    for (int n = 1; n <= 3; ++n) {
        CHECK(t.positions[std::size_t(n)] == s.positions[std::size_t(n)]);
        CHECK(t.wins[std::size_t(n)] == s.wins[std::size_t(n)]);
        CHECK(t.draws[std::size_t(n)] == s.draws[std::size_t(n)]);
    }
}

TEST_CASE("egdb: probe answers only positions with few enough pieces", "[egdb]") {
    const Database& db = database(3);
    CHECK(db.pieces() == 3);
    CHECK(db.probe(fen("W:WK15,20:BK28,12")) == std::nullopt);
    CHECK(db.probe(Position::start()) == std::nullopt);
    // W:W5:B1: White to move has no move and has lost.
    CHECK(db.probe(fen("W:W5:B1")) == Value{Db::Loss, 0});
    // W:W22:B18: 22x15 takes Black's last piece: a win in 1.
    CHECK(db.probe(fen("W:W22:B18")) == Value{Db::Win, 1});
    // W:WK6:B11: the king catches the man in 7 plies (see test_search.cpp).
    CHECK(db.probe(fen("W:WK6:B11")) == Value{Db::Win, 7});
    CHECK(egdb::describe(Value{Db::Win, 7}) == "win in 7 plies");
    CHECK(egdb::describe(Value{Db::Loss, 0}) == "loss in 0 plies");
    CHECK(egdb::describe(Value{}) == "draw");
}

TEST_CASE("egdb: values with at most 3 pieces equal a value iteration of the whole game graph", "[egdb]") {
    // Every position of the graph reachable from each root is compared, exact distances included.
    const Database& db = database(3);
    std::mt19937_64 rng(11);
    std::size_t compared = 0, decided = 0, drawn = 0;
    const char* fixed[] = {"W:WK6:B11", "B:WK14,K15:BK1", "W:W25,K27:B21", "B:W30:BK3,K7"};
    std::vector<Position> roots;
    for (const char* f : fixed) roots.push_back(fen(f));
    for (int i = 0; i < 12; ++i) roots.push_back(random_position(rng, 3));
    for (const Position& root : roots) {
        const Graph g(root);
        for (std::size_t i = 0; i < g.nodes.size(); ++i) {
            const std::optional<Value> v = db.probe(g.nodes[i]);
            REQUIRE(v);
            INFO(to_fen(g.nodes[i]) << (g.nodes[i].side_to_move() == W ? " white" : " black") << " to move");
            CHECK(*v == g.values[i]);
            ++compared;
            (v->outcome == Db::Draw ? drawn : decided) += 1;
        }
    }
    CHECK(compared > 50000);
    CHECK(decided > 10000);
    CHECK(drawn > 100);
}

TEST_CASE("egdb: 4-piece values equal a plain minimax where it can see the end", "[egdb]") {
    // Minimax to 7 plies knows the exact value of a game decided within 7 plies and nothing
    // else: the database must say the same, and say "longer or drawn" for the rest.
    const Database& db = database(4);
    std::mt19937_64 rng(12);
    int short_games = 0, others = 0;
    for (int i = 0; i < 3000 && short_games < 150; ++i) {
        const Position p = random_position(rng, 4);
        const Value v = *db.probe(p);
        const bool within = v.outcome != Db::Draw && v.plies <= 7;
        if (!within && others >= 100) continue;
        (within ? short_games : others) += 1;
        INFO(to_fen(p) << " " << egdb::describe(v));
        CHECK(minimax(p, 7, 0, -Infinite, Infinite) == (within ? score_of(v) : 0));
    }
    CHECK(short_games == 150);
    CHECK(others == 100);
}

TEST_CASE("egdb: every value is its best move's value, one ply further", "[egdb]") {
    // The fixed point retrograde analysis must reach: a win in n has a move to a loss in n - 1
    // and none to a shorter loss; a loss in n has only moves to wins, the longest in n - 1; a
    // draw has a move to a draw and none to a loss. Checked on every position of <= 3 pieces.
    const Database& db = database(3);
    std::uint64_t checked = 0;
    for (int n = 1; n <= 3; ++n)
        for_each_position(n, [&](const Position& p) {
            if (best_move_score(db, p) != score_of(*db.probe(p))) FAIL(to_fen(p));
            ++checked;
        });
    CHECK(checked == db.stats().positions[1] + db.stats().positions[2] + db.stats().positions[3]);
}

TEST_CASE("egdb: a position and its colour-mirrored twin have the same value", "[egdb]") {
    const Database& db = database(4);
    std::mt19937_64 rng(14);
    int decided = 0;
    for (int i = 0; i < 20000; ++i) {
        const Position p = random_position(rng, 1 + int(rng() % 4));
        const Value v = *db.probe(p);
        INFO(to_fen(p));
        CHECK(*db.probe(p.mirrored()) == v);
        decided += v.outcome != Db::Draw;
    }
    CHECK(decided > 10000);
}

// Whether the side to move can force a capture within its next `moves` moves (it has one now, or
// a move after which every reply leaves it one, and so on). For a lone king, that is the tactic
// that takes one of two kings.
bool forces_capture(const Position& p, int moves) {
    if (has_capture(p)) return true;
    if (moves <= 1) return false;
    MoveList list;
    generate_moves(p, list);
    return std::any_of(list.begin(), list.end(), [&](const Move& m) {
        const Position q = p.after(m);
        MoveList replies;
        generate_moves(q, replies);
        if (replies.empty() || replies[0].is_capture()) return false;  // the opponent wins or takes
        return std::all_of(replies.begin(), replies.end(),
                           [&](const Move& r) { return forces_capture(q.after(r), moves - 1); });
    });
}

TEST_CASE("egdb: a lone king against two kings is lost unless trapped in a corner or taking a king", "[egdb]") {
    // Every placement of one king against two, both colours, both sides to move. The two kings
    // win unless one of them is shut in a single corner (square 4, h8, or 29, a1: it can only
    // leave through one square, which the lone king can guard), or the lone king can force the
    // capture of a king within two of its moves (with the two kings to move: they cannot avoid
    // leaving one to be taken at once). Those draws exist: the database has some of each.
    const Database& db = database(3);
    const Bitboard corners = bit(Geo::bit_of(3)) | bit(Geo::bit_of(28));
    int won = 0, cornered_draws = 0, tactical_draws = 0;
    for (const Color lone : {B, W})
        for (const Color to_move : {B, W})
            for (int a = 0; a < 32; ++a)
                for (int b = 0; b < 32; ++b)
                    for (int c = b + 1; c < 32; ++c) {
                        if (a == b || a == c) continue;
                        const Bitboard one = bit(Geo::bit_of(a)), two = bit(Geo::bit_of(b)) | bit(Geo::bit_of(c));
                        const Position p = lone == B ? Position::from_bitboards(one, two, one | two, to_move)
                                                     : Position::from_bitboards(two, one, one | two, to_move);
                        const Value v = *db.probe(p);
                        const bool strong_to_move = to_move != lone;
                        bool tactic;
                        if (strong_to_move) {
                            MoveList list;
                            generate_moves(p, list);
                            tactic = !has_capture(p) && std::all_of(list.begin(), list.end(), [&](const Move& m) {
                                return has_capture(p.after(m));
                            });
                        } else {
                            tactic = forces_capture(p, 2);
                        }
                        const bool cornered = (two & corners) != 0;
                        if (v.outcome == Db::Draw) (cornered ? cornered_draws : tactical_draws) += 1;
                        if (cornered || tactic) continue;
                        INFO(to_fen(p));
                        CHECK(v.outcome == (strong_to_move ? Db::Win : Db::Loss));
                        ++won;
                    }
    CHECK(won > 45000);  // of 59520
    CHECK(cornered_draws > 0);
    CHECK(tactical_draws > 0);
}

TEST_CASE("egdb: First Position is a White win", "[egdb]") {
    // W:WK15,20:BK28,12: White king 15 and man 20 against Black king 28 and man 12, White to
    // move: the classic win (the "First Position" of the checkers literature).
    const Database& db = database(4);
    const Value v = *db.probe(fen("W:WK15,20:BK28,12"));
    CHECK(v.outcome == Db::Win);
    CHECK(v.plies > 40);
}

TEST_CASE("egdb: with the database the search scores exactly and keeps the shortest win", "[egdb][search]") {
    const Database& db = database(4);
    Engine engine(4);
    engine.set_egdb(&db);
    std::mt19937_64 rng(15);
    int won = 0, lost = 0, drawn = 0;
    for (int i = 0; i < 400; ++i) {
        const Position p = random_position(rng, 2 + int(rng() % 3));
        MoveList list;
        generate_moves(p, list);
        if (list.empty()) continue;
        const Value v = *db.probe(p);
        engine.clear();
        Limits limits;
        limits.depth = 3;
        const SearchResult r = engine.go(p, {}, limits);
        REQUIRE(r.best);
        INFO(to_fen(p) << " " << egdb::describe(v));
        CHECK(r.score == score_of(v));
        // The move played leads to the value one ply on: the win gets shorter, the loss does
        // not, the draw stays a draw.
        const Value next = *db.probe(p.after(*r.best));
        if (v.outcome == Db::Draw) {
            CHECK(next.outcome == Db::Draw);
            ++drawn;
        } else {
            CHECK(next.outcome == (v.outcome == Db::Win ? Db::Loss : Db::Win));
            CHECK(next.plies == v.plies - 1);
            ++(v.outcome == Db::Win ? won : lost);
        }
    }
    CHECK(won > 50);
    CHECK(lost > 50);
    CHECK(drawn > 10);
}

TEST_CASE("egdb: the engine with the database wins First Position against itself", "[egdb][search]") {
    // Both sides are played by the engine with the database, a few plies a move, under the
    // official rules: the game must end in a White win, before the 80-ply rule or a repetition
    // could draw it.
    const Database& db = database(4);
    Engine engine(4);
    engine.set_egdb(&db);
    Result<Game> parsed = Game::from_fen("W:WK15,20:BK28,12");
    REQUIRE(parsed.ok());
    Game* game = &parsed.value();
    const int expected = db.probe(fen("W:WK15,20:BK28,12"))->plies;
    int plies = 0;
    std::vector<Key> history;  // the positions before the current one
    while (!game->status().is_over() && plies < 200) {
        const Position p = game->position();
        Limits limits;
        limits.depth = 4;
        const SearchResult r = engine.go(p, history, limits);
        REQUIRE(r.best);
        REQUIRE(game->play(*r.best).ok());
        history.push_back(p.key());
        ++plies;
    }
    const Status s = game->status();
    CHECK(s.outcome == tempo::Outcome::WhiteWins);
    CHECK(s.reason == EndReason::NoLegalMoves);
    // Perfect play on both sides: exactly the database's distance.
    CHECK(plies == expected);
}

TEST_CASE("egdb: every value of 4 pieces is its best move's value, one ply further", "[egdb][slow]") {
    const Database& db = database(4);
    std::uint64_t checked = 0;
    for_each_position(4, [&](const Position& p) {
        if (best_move_score(db, p) != score_of(*db.probe(p))) FAIL(to_fen(p));
        ++checked;
    });
    CHECK(checked == db.stats().positions[4]);
}

TEST_CASE("egdb: saved and loaded, the same database, and bad files are refused", "[egdb]") {
    const Database& db = database(3);
    testing::ScratchDir dir;
    const std::string path = dir.file("three.egdb");
    const Result<std::uint64_t> written = db.save(path);
    REQUIRE(written.ok());
    CHECK(*written == 32 + db.stats().bytes);
    const Result<Database> loaded = Database::load(path);
    REQUIRE(loaded.ok());
    CHECK(loaded->pieces() == 3);
    CHECK(loaded->stats().positions == db.stats().positions);
    CHECK(loaded->stats().wins == db.stats().wins);
    CHECK(loaded->stats().longest == db.stats().longest);
    std::mt19937_64 rng(17);
    for (int i = 0; i < 2000; ++i) {
        const Position p = random_position(rng, 1 + int(rng() % 3));
        CHECK(loaded->probe(p) == db.probe(p));
    }

    const std::string bytes = testing::read_text(path);
    auto refusal = [&](const std::string& content) {
        const std::string bad = dir.file("bad.egdb");
        testing::write_text(bad, content);
        const Result<Database> r = Database::load(bad);
        CHECK_FALSE(r.ok());
        return r.ok() ? std::string() : r.error();
    };
    const std::string name = "endgame database '" + dir.file("bad.egdb") + "'";
    CHECK(refusal("") == name + " is not a Tempo endgame database (no TEMPOEGD header)");
    CHECK(refusal("TEMPOEGX" + bytes.substr(8)) == name + " is not a Tempo endgame database (no TEMPOEGD header)");
    std::string damaged = bytes;
    damaged[1000] = char(damaged[1000] ^ 1);
    CHECK(refusal(damaged) == name + " is damaged (checksum mismatch)");
    CHECK(refusal(bytes.substr(0, bytes.size() - 1)).find("is truncated") != std::string::npos);
    CHECK(refusal(bytes + "x") == name + " has bytes after its table");
    std::string pieces = bytes;
    pieces[12] = 4;  // a 4-piece header on a 3-piece table
    CHECK(refusal(pieces).find("says its table has") != std::string::npos);
    pieces[12] = 9;
    CHECK(refusal(pieces) == name + " claims 9 pieces, not 2..5");
    std::string version = bytes;
    version[8] = 2;
    CHECK(refusal(version) == name + " has format version 2, not 1");
    const Result<Database> missing = Database::load(dir.file("none.egdb"));
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().starts_with("cannot read endgame database"));
}

TEST_CASE("egdb: a cancelled build or load gives nothing, an uncancelled one the database", "[egdb]") {
    const std::atomic<bool> set{true};
    CHECK_FALSE(Database::build(3, set).has_value());
    // Set while the build runs (a 4-piece build takes a second or more): no database, and the
    // builder returns (the thread joins) rather than finishing the work.
    std::atomic<bool> later{false};
    std::optional<Database> cancelled;
    std::thread builder([&] { cancelled = Database::build(4, later); });
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    later.store(true);
    builder.join();
    CHECK_FALSE(cancelled.has_value());
    // Not set: the same database as the plain build.
    const std::atomic<bool> unset{false};
    const std::optional<Database> built = Database::build(3, unset);
    REQUIRE(built.has_value());
    CHECK(built->stats().positions == database(3).stats().positions);
    CHECK(built->stats().wins == database(3).stats().wins);

    testing::ScratchDir dir;
    const std::string path = dir.file("three.egdb");
    REQUIRE(database(3).save(path).ok());
    const Result<Database> load = Database::load(path, &set);
    REQUIRE_FALSE(load.ok());
    CHECK(load.error() == "loading endgame database '" + path + "' was cancelled");
    const Result<Database> loaded = Database::load(path, &unset);
    REQUIRE(loaded.ok());
    CHECK(loaded->stats().positions == database(3).stats().positions);
}

TEST_CASE("egdb: tempo egdb build and probe, strict options", "[egdb][cli]") {
    testing::ScratchDir dir;
    const std::string file = dir.file("db3");
    testing::ToolRun r = testing::run_tool({"egdb", "build", "--pieces", "3", "--output", file});
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(r.out.find(" 522,448 ") != std::string::npos);  // positions of 3 pieces
    CHECK(r.out.find("Positions: 536,632 (both sides to move)") != std::string::npos);
    CHECK(r.out.find("Written: " + file) != std::string::npos);

    r = testing::run_tool({"egdb", "probe", "W:WK6:B11"});
    CHECK(r.status == 0);
    CHECK(r.out == "White wins in 7 plies\nWhite to move: win in 7 plies\n");
    // The file says what a build says, for either side to move.
    for (const std::string f : {"W:WK6:B11", "B:WK6:B11", "B:W30:BK3,K7"}) {
        const testing::ToolRun built = testing::run_tool({"egdb", "probe", f});
        r = testing::run_tool({"egdb", "probe", f, "--file", file});
        CHECK(r.status == 0);
        CHECK(r.out == built.out);
    }
    r = testing::run_tool({"egdb", "probe", "B:WK1:BK32"});
    CHECK(r.out == "draw\nBlack to move: draw\n");

    const std::vector<std::pair<std::vector<std::string>, std::string>> bad = {
        {{"egdb"}, "expected 'build' or 'probe'"},
        {{"egdb", "solve"}, "unknown subcommand 'solve' (build or probe)"},
        {{"egdb", "build", "--pieces", "6"}, "--pieces '6' is out of range 2..5"},
        {{"egdb", "build", "--pieces", "3", "--pieces", "3"}, "--pieces given twice"},
        {{"egdb", "build", "--depth", "3"}, "unknown option '--depth'"},
        {{"egdb", "probe"}, "probe needs a FEN"},
        {{"egdb", "probe", "W:W33:B1"}, tempo::parse_fen("W:W33:B1").error()},
        {{"egdb", "probe", "B:W21-32:B1-12"}, "the FEN has 24 pieces; the database holds at most 5"},
        {{"egdb", "probe", "W:WK15,20:BK28,12", "--pieces", "3"}, "the FEN has 4 pieces, more than --pieces 3"},
        {{"egdb", "probe", "W:WK15,20:BK28,12", "--file", file}, "the FEN has 4 pieces; '" + file + "' holds at most 3"},
        {{"egdb", "probe", "W:WK6:B11", "--file", dir.file("none")},
         "cannot read endgame database '" + dir.file("none") + "': No such file or directory"},
    };
    for (const auto& [args, message] : bad) {
        r = testing::run_tool(args);
        INFO(args.back());
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK(r.err == "tempo egdb: " + message + " (see 'tempo egdb --help')\n");
    }
}

TEST_CASE("egdb: 5 pieces: a sample of values are their best move's value, one ply further", "[egdb][slow]") {
    // About 40 s of CPU to build (docs/egdb.md), then a million random positions of 5 pieces.
    const Database& db = database(5);
    CHECK(db.stats().positions[5] == 2 * std::uint64_t(148688232));  // Schaeffer et al. (2007)
    std::mt19937_64 rng(18);
    int decided = 0;
    for (int i = 0; i < 1000000; ++i) {
        const Position p = random_position(rng, 5);
        const Value v = *db.probe(p);
        if (best_move_score(db, p) != score_of(v)) FAIL(to_fen(p));
        decided += v.outcome != Db::Draw;
    }
    CHECK(decided > 800000);
}
