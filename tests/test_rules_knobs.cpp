// The flying-king generator's knobs (movegen_flying.hpp): men that capture forward only, any
// complete capture instead of majority capture, and a man crowned during a capture that goes on
// as a king. No game Tempo plays uses them yet; each is checked here through a test trait that
// changes some of Brazilian draughts' choices, against the slow reference generator written from
// the rules (reference_generator.hpp): the move lists, the bulk counters, the notation's routes
// (route_walk.hpp) and perft. A new game
// with these choices (Russian draughts' capture rules are the last trait here) then needs a
// trait, its perft table and its own tests, not a generator.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <vector>

#include "engine/brazilian.hpp"
#include "engine/perft_board.hpp"
#include "engine/position_impl.hpp"
#include "engine/route_walk.hpp"
#include "reference_generator.hpp"
#include "rules_fixture.hpp"

using namespace tempo;
using namespace tempo::testing;

namespace {

// Brazilian draughts with the knobs set: men capture backwards or not, majority capture or any, a
// man that reaches the far row mid-capture stays a man or is crowned and goes on as a king. The
// rest (variant, notation, draws) is Brazilian's and is not what these tests look at.
template <bool MenBack, bool Majority, bool CrownAtEnd = true>
struct Knobs : brazil::Cbd {
    static constexpr bool men_capture_backward = MenBack;
    static constexpr bool majority_capture = Majority;
    static constexpr bool crown_only_at_end = CrownAtEnd;
};
using ForwardMenMajority = Knobs<false, true>;
using BackwardMenAnyCapture = Knobs<true, false>;
using ForwardMenAnyCapture = Knobs<false, false>;
using CrownedInCapture = Knobs<true, false, false>;  // Russian draughts' capture rules
static_assert(RulesTrait<ForwardMenMajority> && movegen::FlyingKings<ForwardMenMajority>);
static_assert(movegen::FlyingKings<BackwardMenAnyCapture> && movegen::FlyingKings<ForwardMenAnyCapture>);
static_assert(movegen::FlyingKings<CrownedInCapture>);

#define TEMPO_KNOB_RULES ForwardMenMajority, BackwardMenAnyCapture, ForwardMenAnyCapture, CrownedInCapture

template <class B>
std::vector<RefMove> without_routes(std::vector<RefMove> moves) {
    for (RefMove& m : moves) m.routes = 0;  // the flying games count each distinct move once
    return moves;
}

// The same board under Brazilian draughts' rules.
template <class B>
brazil::Position as_brazilian(const BasicPosition<B>& p) {
    return brazil::Position::from_bitboards(p.pieces(Color::Black), p.pieces(Color::White), p.kings(),
                                            p.side_to_move());
}

// perft through the reference generator alone (and Position::after).
template <class B>
std::uint64_t reference_perft(const BasicPosition<B>& p, int depth) {
    const std::vector<RefMove> moves = ReferenceGenerator<B>::moves(p);
    if (depth == 1) return moves.size();
    std::uint64_t n = 0;
    for (const RefMove& m : moves)
        n += reference_perft(
            p.after(Move{m.captured, std::uint8_t(m.from), std::uint8_t(m.to), 1, std::uint8_t(m.crowned)}), depth - 1);
    return n;
}

}  // namespace

TEMPLATE_TEST_CASE("the flying generator's knobs agree with the reference generator", "[rules][movegen]",
                   TEMPO_KNOB_RULES) {
    using B = TestType;
    int captures = 0, king_captures = 0, long_captures = 0, unlike_brazilian = 0, mixed_lengths = 0, crowned = 0;
    for (const auto& p : random_game_sample<B>(4242, 2000, 50, 24)) {
        REQUIRE(p.is_consistent());
        INFO(brazil::to_fen(as_brazilian(p)));
        const std::vector<RefMove> want = ReferenceGenerator<B>::moves(p);
        REQUIRE(without_routes<B>(generated_moves(p)) == without_routes<B>(want));
        // The notation's route walker finds every jump order of each move, and only those.
        for (const RefMove& r : want) {
            const Move m{r.captured, std::uint8_t(r.from), std::uint8_t(r.to), 1, std::uint8_t(r.crowned)};
            const auto routes = notation_detail::walk_routes(p, m);
            REQUIRE(int(routes.size()) == r.routes);
            for (const auto& route : routes) {
                REQUIRE(route.front() == B::Geometry::square_of(r.from));
                REQUIRE(route.back() == B::Geometry::square_of(r.to));
            }
        }
        MoveListFor<B> list;
        generate_moves(p, list);
        REQUIRE(count_moves(p) == list.size());
        const bool capture = !list.empty() && list[0].is_capture();
        REQUIRE(has_capture(p) == capture);
        REQUIRE(can_capture(p, p.side_to_move()) == capture);
        if (capture) {
            ++captures;
            king_captures += (p.kings() & bit(list[0].from)) != 0;
            int shortest = 99, longest = 0;
            for (const Move& m : list) {
                shortest = std::min(shortest, popcount(m.captured));
                longest = std::max(longest, popcount(m.captured));
            }
            long_captures += longest >= 3;
            for (const Move& m : list) crowned += m.crowned_in_passing;
            mixed_lengths += shortest != longest;
        }
        unlike_brazilian += without_routes<B>(generated_moves(p)) != without_routes<B>(generated_moves(as_brazilian(p)));
    }
    // The sample holds what it is meant to test, and the knobs change the moves of many positions.
    CHECK(captures > 5000);
    CHECK(king_captures > 1000);
    CHECK(long_captures > 200);
    CHECK(unlike_brazilian > 500);
    if constexpr (B::majority_capture)
        CHECK(mixed_lengths == 0);
    else
        CHECK(mixed_lengths > 100);
    if constexpr (B::crown_only_at_end)
        CHECK(crowned == 0);
    else
        CHECK(crowned > 100);
}

TEMPLATE_TEST_CASE("the flying generator's knobs: perft equals the reference generator's", "[rules][perft]",
                   TEMPO_KNOB_RULES) {
    using B = TestType;
    const auto sample = random_game_sample<B>(77, 120, 30, 16);
    for (std::size_t i = 0; i < sample.size(); i += 7) {
        const auto& p = sample[i];
        INFO(brazil::to_fen(as_brazilian(p)));
        for (int depth = 1; depth <= 3; ++depth) {
            INFO("depth " << depth);
            REQUIRE(perft(p, depth) == reference_perft(p, depth));
        }
    }
    // From the start, where the men's direction and majority capture both matter from a few plies.
    for (int depth = 1; depth <= 5; ++depth) {
        INFO("start, depth " << depth);
        REQUIRE(perft(BasicPosition<B>::start(), depth) == reference_perft(BasicPosition<B>::start(), depth));
    }
}
