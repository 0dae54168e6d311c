// The properties every game's rules core shares, one TEMPLATE_TEST_CASE each over the three rules
// traits (issue 15, Stage 3): perft against the published tables, the table and the threads, the
// generator against the slow reference generator, the bulk counters against list perft, the mirror;
// FEN and move text read back; no legal move loses, threefold repetition. A case is named
// "name - tempo::Wcdf" and so on; each game's data and samples are in rules_fixture.hpp, its own
// rules and exact messages in test_rules*.cpp, test_perft*.cpp, test_notation.cpp, test_game*.cpp
// and test_brazilian.cpp.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "random_games.hpp"
#include "reference_generator.hpp"
#include "rules_fixture.hpp"

using namespace tempo;
using namespace tempo::testing;

namespace {

// Whether a message is one line of printable ASCII (input bytes are escaped when quoted).
bool printable(const std::string& message) {
    for (char c : message)
        if (c < 0x20 || c >= 0x7f) return false;
    return true;
}

const char* convention_name(Routes r) { return r == Routes::Keep ? "keep" : "drop"; }

// Every count of the game's tables up to FastLimit (or above it, `slow`), in each convention.
template <class B>
void check_tables(bool slow) {
    using F = Fixture<B>;
    for (const PerftRow& row : F::reference_rows()) {
        const auto p = F::fen(row.fen);
        const auto& primary = row.counts(F::conventions[0]);
        for (std::size_t d = 0; d < primary.size(); ++d) {
            if ((primary[d] > FastLimit) != slow) continue;
            for (Routes r : F::conventions) {
                const std::uint64_t want = row.counts(r)[d];
                if (!want) continue;  // not published
                INFO(row.name << " depth " << d + 1 << " " << convention_name(r));
                CHECK((slow ? F::deep_perft(p, int(d + 1), r) : F::perft(p, int(d + 1), r)) == want);
            }
        }
    }
}

// The moves without their routes, where the game's perft does not count them.
template <class B>
std::vector<RefMove> comparable(std::vector<RefMove> moves) {
    if constexpr (!B::perft_keeps_routes)
        for (RefMove& m : moves) m.routes = 0;
    return moves;
}

}  // namespace

TEMPLATE_TEST_CASE("perft matches the published tables", "[perft]", TEMPO_ALL_RULES) {
    using F = Fixture<TestType>;
    CHECK(F::fen(F::start_fen) == F::Position::start());
    CHECK(F::Position::start().side_to_move() == TestType::first_to_move);
    check_tables<TestType>(false);
}

TEMPLATE_TEST_CASE("perft matches the published tables, deep", "[perft][slow]", TEMPO_ALL_RULES) {
    check_tables<TestType>(true);
}

TEMPLATE_TEST_CASE("perft: the table and the threads change no count", "[perft]", TEMPO_ALL_RULES) {
    using F = Fixture<TestType>;
    for (const PerftRow& row : F::reference_rows()) {
        const auto p = F::fen(row.fen);
        const auto& primary = row.counts(F::conventions[0]);
        for (std::size_t d = 0; d < primary.size() && primary[d] < 2'000'000; ++d)
            for (Routes r : F::conventions) {
                const std::uint64_t want = row.counts(r)[d];
                if (!want) continue;
                INFO(row.name << " depth " << d + 1 << " " << convention_name(r));
                const PerftResult res = F::perft_divide(p, {int(d + 1), r, 4, 2});
                CHECK(res.nodes == want);
                std::uint64_t sum = 0;
                for (const auto& line : res.divide) sum += line.nodes;
                CHECK(sum == want);
            }
    }
}

TEMPLATE_TEST_CASE("the move generator agrees with the slow reference generator written from the rules",
                   "[rules][movegen]", TEMPO_ALL_RULES) {
    using F = Fixture<TestType>;
    using Ref = ReferenceGenerator<TestType>;
    SampleFloor seen{0, 0, 0, 0, 0};
    for (const auto& p : F::generator_sample()) {
        REQUIRE(p.is_consistent());
        INFO(F::to_fen(p));
        const std::vector<RefMove> want = Ref::moves(p);
        REQUIRE(comparable<TestType>(generated_moves(p)) == comparable<TestType>(want));
        typename F::MoveList list;
        generate_moves(p, list);
        REQUIRE(count_moves(p) == list.size());
        REQUIRE(has_capture(p) == (!list.empty() && list[0].is_capture()));
        for (const RefMove& m : want) {
            seen.capture_moves += m.captured != 0;
            seen.multi_route_moves += m.routes > 1;
        }
        if (!list.empty() && list[0].captured) {
            ++seen.capture_positions;
            seen.king_capture_positions += (p.kings() & bit(list[0].from)) != 0;
            seen.long_capture_positions += popcount(list[0].captured) >= 3;
        }
    }
    // The sample must hold what it is meant to test.
    constexpr SampleFloor floor = F::generator_floor;
    CHECK(seen.capture_moves > floor.capture_moves);
    CHECK(seen.multi_route_moves > floor.multi_route_moves);
    CHECK(seen.capture_positions > floor.capture_positions);
    CHECK(seen.king_capture_positions > floor.king_capture_positions);
    CHECK(seen.long_capture_positions > floor.long_capture_positions);
}

TEMPLATE_TEST_CASE("perft: the bulk counters agree with the move list on random positions", "[perft]",
                   TEMPO_ALL_RULES) {
    using F = Fixture<TestType>;
    using Ref = ReferenceGenerator<TestType>;
    constexpr BulkSample s = F::bulk_sample;
    int i = 0;
    for (const auto& p : F::random_positions(s.seed, s.games, s.plies)) {
        INFO(F::to_fen(p));
        typename F::MoveList list;
        generate_moves(p, list);
        REQUIRE(count_moves(p) == list.size());
        const int depth = ++i % s.every == 0 ? s.deep : s.shallow;
        for (Routes r : F::conventions) {
            INFO("depth " << depth << " " << convention_name(r));
            // A divide: every root move's subtree by the fast counter and by the move list.
            for (const Move& m : list) {
                INFO(F::Book::move_text(p, m, Notation::Numbers));
                REQUIRE(F::perft(p.after(m), depth - 1, r) == Ref::list_perft(p.after(m), depth - 1, r));
            }
            REQUIRE(F::perft(p, depth, r) == Ref::list_perft(p, depth, r));
        }
    }
}

TEMPLATE_TEST_CASE("perft: a mirrored position has the same counts", "[perft]", TEMPO_ALL_RULES) {
    // The board turned round with the colours swapped is the same game for the other side.
    using F = Fixture<TestType>;
    for (const PerftRow& row : F::reference_rows()) {
        const auto p = F::fen(row.fen);
        INFO(row.name);
        CHECK(p.mirrored().side_to_move() == ~p.side_to_move());
        for (Routes r : F::conventions)
            for (int d = 1; d <= 6 && d <= int(row.counts(r).size()); ++d) {
                INFO("depth " << d << " " << convention_name(r));
                CHECK(F::perft(p.mirrored(), d, r) == row.counts(r)[std::size_t(d - 1)]);
            }
    }
    // And a position with kings on both sides and captures in the air.
    const auto k = F::fen(F::mirror_fen);
    for (Routes r : F::conventions)
        for (int d = 1; d <= 5; ++d) CHECK(F::perft(k.mirrored(), d, r) == F::perft(k, d, r));
}

TEMPLATE_TEST_CASE("FEN: parse(to_fen(p)) == p for the positions of random games", "[notation][fen]",
                   TEMPO_ALL_RULES) {
    using F = Fixture<TestType>;
    int kings_seen = 0;
    const int most = popcount(F::Position::start().pieces(Color::White));
    for (const auto& p : F::fen_sample()) {
        const std::string text = F::to_fen(p);
        const auto q = F::Book::parse_fen(text);
        INFO(text);
        // The random setups can give a side more pieces than it starts with: no position of the
        // game, so the reader refuses it.
        if (popcount(p.pieces(Color::White)) > most || popcount(p.pieces(Color::Black)) > most) {
            REQUIRE_FALSE(q.ok());
            CHECK_THAT(q.error(), Catch::Matchers::Contains("it starts with"));
            continue;
        }
        REQUIRE(q.ok());
        CHECK(q.value() == p);
        CHECK(q.value().key() == p.key());
        CHECK(F::to_fen(q.value()) == text);
        kings_seen += p.kings() != 0;
    }
    CHECK(kings_seen > 100);  // the games reach positions with kings, so K is exercised
}

TEMPLATE_TEST_CASE("FEN: arbitrary bytes never crash the parser, and what it accepts is a valid position",
                   "[notation][fen]", TEMPO_ALL_RULES) {
    using F = Fixture<TestType>;
    const auto games = F::fen_fuzz_sample();
    std::mt19937_64 rng(2026);
    const std::string alphabet = "BWK0123456789:,-. xbk";
    int accepted = 0;
    for (int i = 0; i < 20000; ++i) {
        std::string s;
        if (rng() % 2) {  // a real FEN with a few characters changed, dropped or added
            s = F::to_fen(games[rng() % games.size()]);
            for (std::size_t k = 1 + rng() % 3; k > 0 && !s.empty(); --k) {
                const std::size_t at = rng() % s.size();
                switch (rng() % 3) {
                    case 0: s[at] = alphabet[rng() % alphabet.size()]; break;
                    case 1: s.erase(at, 1); break;
                    default: s.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
                }
            }
        } else {
            const std::size_t length = rng() % 24;
            for (std::size_t j = 0; j < length; ++j)
                s += (rng() % 16 == 0) ? char(rng() % 256) : alphabet[rng() % alphabet.size()];
            if (rng() % 2) s = "B:W" + s;  // get past the first tokens more often
        }
        const auto p = F::Book::parse_fen(s);
        if (!p) {
            CHECK(p.error().rfind("bad FEN: ", 0) == 0);
            CHECK(printable(p.error()));
            continue;
        }
        ++accepted;
        INFO(s);
        CHECK(p.value().is_consistent());
        CHECK(F::Book::parse_fen(F::to_fen(p.value())).value() == p.value());
    }
    CHECK(accepted > F::fen_fuzz_accepted);  // most edits break a FEN
}

TEMPLATE_TEST_CASE("moves: the text of every legal move reads back as that move, in both notations",
                   "[notation][move]", TEMPO_ALL_RULES) {
    using F = Fixture<TestType>;
    using Book = typename F::Book;
    int captures = 0, multi = 0;
    for (const auto& p : F::move_text_sample()) {
        typename F::MoveList list;
        generate_moves(p, list);
        for (const Move& m : list) {
            for (Notation n : {Notation::Numbers, Notation::Names}) {
                const std::string text = Book::move_text(p, m, n);
                INFO(F::to_fen(p) << " " << text);
                const auto back = Book::parse_move(p, text);
                REQUIRE(back.ok());
                CHECK(back.value() == m);
                CHECK(back.value().routes == m.routes);
            }
            // Every route, not just the one move_text writes, names the same move.
            for (const auto& r : Book::routes_of(p, m)) {
                std::string text;
                for (std::size_t i = 0; i < r.size(); ++i)
                    text += (i ? (m.is_capture() ? "x" : "-") : "") + Book::square_text(r[i], Notation::Numbers);
                const auto back = Book::parse_move(p, text);
                INFO(F::to_fen(p) << " " << text);
                REQUIRE(back.ok());
                CHECK(back.value() == m);
            }
            captures += m.is_capture();
            multi += popcount(m.captured) > 1;
        }
    }
    CHECK(captures > 100);
    CHECK(multi > 10);
}

TEMPLATE_TEST_CASE("a side with no legal move loses", "[rules][game]", TEMPO_ALL_RULES) {
    using F = Fixture<TestType>;
    using Game = typename F::Game;
    SECTION("no pieces left") {
        CHECK(F::Book::legal_move_texts(F::fen("W:W:B1"), Notation::Numbers).empty());
        const Game g = F::game("W:W:B1");
        CHECK(g.status().outcome == Outcome::BlackWins);
        CHECK(g.status().reason == EndReason::NoLegalMoves);
        CHECK(g.status().description() == "Black wins: White has no legal move");
    }
    SECTION("every piece blocked") {
        // White's man can neither step nor jump (the square behind is occupied): F::blocked_white.
        INFO(F::blocked_white);
        CHECK(F::Book::legal_move_texts(F::fen(F::blocked_white), Notation::Numbers).empty());
        const Game g = F::game(F::blocked_white);
        const Status s = g.status();
        CHECK(s.outcome == Outcome::BlackWins);
        CHECK(s.reason == EndReason::NoLegalMoves);
        CHECK(s.description() == "Black wins: White has no legal move");
        CHECK(g.legal_moves().empty());
        // The same for a Black man: F::blocked_black.
        INFO(F::blocked_black);
        CHECK(F::Book::legal_move_texts(F::fen(F::blocked_black), Notation::Numbers).empty());
        CHECK(F::game(F::blocked_black).status().outcome == Outcome::WhiteWins);
    }
    SECTION("the last piece captured") {
        Game g = F::game(F::last_capture[0]);
        CHECK(g.status().outcome == Outcome::Ongoing);
        REQUIRE(g.play(F::last_capture[1]).ok());
        CHECK(g.legal_move_texts().empty());
        CHECK(g.status().outcome == Outcome::WhiteWins);
        CHECK(g.status().description() == "White wins: Black has no legal move");
        const auto refused = g.play(F::last_capture[2]);
        REQUIRE_FALSE(refused.ok());
        CHECK(refused.error() == "the game is over (White wins: Black has no legal move)");
    }
}

TEMPLATE_TEST_CASE("threefold repetition draws, and the game goes on without the rule", "[rules][game][draw]",
                   TEMPO_ALL_RULES) {
    using F = Fixture<TestType>;
    using Game = typename F::Game;
    // Two kings shuffle back to the start every four plies: the third time is at ply 8.
    Game official = F::game(F::shuffle_fen, Game::Rules::official());
    Game off = F::game(F::shuffle_fen, F::no_repetition());
    for (int ply = 0; ply < 7; ++ply) {
        INFO("ply " << ply);
        REQUIRE(official.play(F::shuffle[std::size_t(ply % 4)]).ok());
        REQUIRE(off.play(F::shuffle[std::size_t(ply % 4)]).ok());
        CHECK(official.status().outcome == Outcome::Ongoing);
    }
    REQUIRE(official.play(F::shuffle[3]).ok());
    REQUIRE(off.play(F::shuffle[3]).ok());
    CHECK(official.status().outcome == Outcome::Draw);
    CHECK(official.status().reason == EndReason::Repetition);
    CHECK(official.status().description() == "draw: the same position occurred three times");
    CHECK(official.legal_moves().empty());
    CHECK(off.status().outcome == Outcome::Ongoing);
    CHECK(off.legal_move_texts() == F::shuffle_start_texts);
    // Taking the last move back un-draws the game.
    REQUIRE(official.undo());
    CHECK(official.status().outcome == Outcome::Ongoing);
}
