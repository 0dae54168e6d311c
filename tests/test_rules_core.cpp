// The properties every game's rules core shares, one TEMPLATE_TEST_CASE each over the three rules
// traits (issue 15, Stage 3): perft against the published tables, the table and the threads, the
// generator against the slow reference generator, and the bulk counters against list perft. A
// case is named "name - tempo::Wcdf" and so on; each game's data and samples are in
// rules_fixture.hpp, its own rules in test_rules*.cpp, test_perft*.cpp and test_brazilian.cpp.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "reference_generator.hpp"
#include "rules_fixture.hpp"

using namespace tempo;
using namespace tempo::testing;

namespace {

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
