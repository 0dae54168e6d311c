// A slow, independent move generator for every rules trait, on (file, rank) coordinates: written
// straight from the rules without bitboards, shifts or the generators' pruning, to check
// generate_moves and the bulk counters against (issue 15, Stage 3). The trait's choices drive it:
//
// - men step forward; they capture forward only, or backwards too (`men_capture_backward`);
// - kings step one square, or fly along free diagonals and capture at a distance (`flying_kings`);
// - a man reaching the far row in a capture ends its move there (`crowning_ends_capture`), goes
//   on capturing as a man (`crown_only_at_end`), or is crowned and goes on as a king (neither;
//   the move then says it was crowned, and is another move than the same squares uncrowned);
// - any capture may be chosen, or only those that take the most pieces (`majority_capture`,
//   a king counting as one piece);
// - jumped pieces stay on the board until the move ends (`removed_after_move`: they may not be
//   jumped twice and block the diagonal) or are lifted at once; the capturing piece's own start
//   square counts as free.
//
// A move is (from bit, to bit, captured set) with the number of its jump orders (routes), counted
// as English draughts counts them: every sequence of jumps that ends in that move.
#pragma once

#include <algorithm>
#include <compare>
#include <cstdint>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

#include "engine/movegen.hpp"
#include "engine/position.hpp"
#include "engine/rules.hpp"

namespace tempo::testing {

// One move as the reference sees it: origin, destination, captured set (bits), whether a man was
// crowned on the way (the Russian rule: it reached the far row during the capture) and its routes.
struct RefMove {
    int from, to;
    Bitboard captured;
    int routes;
    int crowned = 0;
    auto key() const { return std::tie(from, to, captured, crowned); }
    bool operator<(const RefMove& o) const {
        return std::tie(from, to, captured, crowned, routes) < std::tie(o.from, o.to, o.captured, o.crowned, o.routes);
    }
    bool operator==(const RefMove&) const = default;
};

template <RulesTrait B>
struct ReferenceGenerator {
    static_assert(B::kings_count_as_men, "majority by value (a king worth more) is not written");
    using Geo = typename B::Geometry;
    using Position = BasicPosition<B>;
    static constexpr int Files = Geo::files, Ranks = Geo::rows;

    struct Board {
        int at[Files][Ranks + 1]{};  // [file][rank]: 0 empty, +1 man, +2 king of the side to move, -1/-2 theirs
        int forward = 1;             // the rank step of the side to move's men (White moves up)
        int crown_rank = Ranks;      // where they are crowned
    };

    static constexpr int Df[4] = {1, 1, -1, -1}, Dr[4] = {1, -1, 1, -1};

    static bool on_board(int f, int r) { return f >= 0 && f < Files && r >= 1 && r <= Ranks; }
    static int bit_at(int f, int r) { return Geo::bit_of(Geo::square_at(f, r)); }

    struct Leaf {
        int n;  // pieces taken
        int from, to;
        Bitboard captured;
        int crowned = 0;  // a man crowned during the capture, going on as a king
    };

    // Walks every capture sequence of the piece now on (f, r); `taken` holds the bits jumped so far.
    static void walk(Board& b, int from, int f, int r, bool king, Bitboard taken, int n, std::vector<Leaf>& out,
                     int crowned = 0) {
        bool any = false;
        for (int d = 0; d < 4; ++d) {
            if (!king && !B::men_capture_backward && Dr[d] != b.forward) continue;
            int ef = f + Df[d], er = r + Dr[d];
            if (king && B::flying_kings)
                while (on_board(ef, er) && b.at[ef][er] == 0) ef += Df[d], er += Dr[d];
            if (!on_board(ef, er) || b.at[ef][er] >= 0 || (taken & bit(bit_at(ef, er)))) continue;
            const int enemy = b.at[ef][er];
            if constexpr (!B::removed_after_move) b.at[ef][er] = 0;
            for (int lf = ef + Df[d], lr = er + Dr[d]; on_board(lf, lr) && b.at[lf][lr] == 0;
                 lf += Df[d], lr += Dr[d]) {
                any = true;
                const Bitboard now = taken | bit(bit_at(ef, er));
                const int moved = b.at[f][r];
                b.at[f][r] = 0;
                b.at[lf][lr] = moved;
                if (!king && lr == b.crown_rank && B::crowning_ends_capture)
                    out.push_back({n + 1, from, bit_at(lf, lr), now});
                else if (!king && lr == b.crown_rank && !B::crown_only_at_end)
                    walk(b, from, lf, lr, true, now, n + 1, out, 1);
                else
                    walk(b, from, lf, lr, king, now, n + 1, out, crowned);
                b.at[lf][lr] = 0;
                b.at[f][r] = moved;
                if (!(king && B::flying_kings)) break;
            }
            if constexpr (!B::removed_after_move) b.at[ef][er] = enemy;
            (void)enemy;
        }
        if (!any && n > 0) out.push_back({n, from, bit_at(f, r), taken, crowned});
    }

    // Every legal move of the side to move, sorted by (from, to, captured), each once with its routes.
    static std::vector<RefMove> moves(const Position& p) {
        const Color us = p.side_to_move();
        Board b;
        b.forward = us == Color::White ? 1 : -1;
        b.crown_rank = us == Color::White ? Ranks : 1;
        for (int f = 0; f < Files; ++f)
            for (int r = 1; r <= Ranks; ++r) {
                if (Geo::square_at(f, r) < 0) continue;
                const Bitboard x = bit(bit_at(f, r));
                const int kind = (p.kings() & x) ? 2 : 1;
                b.at[f][r] = (p.pieces(us) & x) ? kind : (p.pieces(~us) & x) ? -kind : 0;
            }
        std::vector<Leaf> leaves;
        for (int f = 0; f < Files; ++f)
            for (int r = 1; r <= Ranks; ++r)
                if (b.at[f][r] > 0) walk(b, bit_at(f, r), f, r, b.at[f][r] == 2, 0, 0, leaves);
        if (B::majority_capture && !leaves.empty()) {
            int best = 0;
            for (const Leaf& l : leaves) best = std::max(best, l.n);
            std::erase_if(leaves, [best](const Leaf& l) { return l.n != best; });
        }
        if (leaves.empty())
            for (int f = 0; f < Files; ++f)
                for (int r = 1; r <= Ranks; ++r) {
                    if (b.at[f][r] <= 0) continue;
                    const bool king = b.at[f][r] == 2;
                    for (int d = 0; d < 4; ++d) {
                        if (!king && Dr[d] != b.forward) continue;
                        for (int tf = f + Df[d], tr = r + Dr[d]; on_board(tf, tr) && b.at[tf][tr] == 0;
                             tf += Df[d], tr += Dr[d]) {
                            leaves.push_back({0, bit_at(f, r), bit_at(tf, tr), 0});
                            if (!(king && B::flying_kings)) break;
                        }
                    }
                }
        std::map<std::tuple<int, int, Bitboard, int>, int> routes;
        for (const Leaf& l : leaves) ++routes[{l.from, l.to, l.captured, l.crowned}];
        std::vector<RefMove> out;
        for (const auto& [k, n] : routes)
            out.push_back({std::get<0>(k), std::get<1>(k), std::get<2>(k), n, std::get<3>(k)});
        return out;
    }

    // perft through generate_moves and Position::after only: no bulk counting, no fused plies.
    // Routes::Keep counts each jump order of a move where the trait's perft does.
    static std::uint64_t list_perft(const Position& p, int depth, Routes r = Routes::Drop) {
        MoveListFor<B> list;
        generate_moves(p, list);
        const bool keep = B::perft_keeps_routes && r == Routes::Keep;
        std::uint64_t n = 0;
        for (const Move& m : list) n += (keep ? m.routes : 1) * (depth == 1 ? 1 : list_perft(p.after(m), depth - 1, r));
        return n;
    }
};

// The moves of the real generator in the reference's form, sorted, duplicates kept (so a move
// listed twice shows).
template <RulesTrait B>
std::vector<RefMove> generated_moves(const BasicPosition<B>& p) {
    MoveListFor<B> list;
    generate_moves(p, list);
    std::vector<RefMove> out;
    for (const Move& m : list) out.push_back({m.from, m.to, m.captured, int(m.routes), int(m.crowned_in_passing)});
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace tempo::testing
