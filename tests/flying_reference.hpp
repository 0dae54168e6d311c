// A slow, independent move generator for the flying-king games (international draughts on 10x10,
// Brazilian on 8x8), on (file, rank) coordinates: written straight from the rules (FMJD art. 4)
// without bitboards, shifts or the generator's pruning, to check generate_moves and the bulk
// counters against. Plus the random positions and the list-only perft those checks use. `P` is
// intl::Position or brazil::Position.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <tuple>
#include <utility>
#include <vector>

#include "engine/brazilian.hpp"
#include "engine/international.hpp"
#include "engine/movegen_international.hpp"

namespace tempo::testing {

using Key3 = std::tuple<int, int, Bitboard>;  // from bit, to bit, captured set

template <class P>
struct FlyingReference {
    using Geo = typename P::Geometry;
    static constexpr int Files = Geo::files, Ranks = Geo::rows;

    struct Board {
        int at[Files][Ranks + 1]{};  // [file][rank]: 0 empty, +1 man, +2 king of the side to move, -1/-2 theirs
    };

    static constexpr int Df[4] = {1, 1, -1, -1}, Dr[4] = {1, -1, 1, -1};

    static bool on_board(int f, int r) { return f >= 0 && f < Files && r >= 1 && r <= Ranks; }
    static int bit_at(int f, int r) { return Geo::bit_of(Geo::square_at(f, r)); }

    // Walks every capture sequence of the piece now on (f, r); `taken` holds the bits jumped so far.
    static void walk(Board& b, int from, int f, int r, bool king, Bitboard taken, int n,
                     std::vector<std::pair<int, Key3>>& out) {
        bool any = false;
        for (int d = 0; d < 4; ++d) {
            int ef = f + Df[d], er = r + Dr[d];
            if (king)
                while (on_board(ef, er) && b.at[ef][er] == 0) ef += Df[d], er += Dr[d];
            if (!on_board(ef, er) || b.at[ef][er] >= 0 || (taken & bit(bit_at(ef, er)))) continue;
            for (int lf = ef + Df[d], lr = er + Dr[d]; on_board(lf, lr) && b.at[lf][lr] == 0;
                 lf += Df[d], lr += Dr[d]) {
                any = true;
                const int moved = b.at[f][r];
                b.at[f][r] = 0;
                b.at[lf][lr] = moved;
                walk(b, from, lf, lr, king, taken | bit(bit_at(ef, er)), n + 1, out);
                b.at[lf][lr] = 0;
                b.at[f][r] = moved;
                if (!king) break;
            }
        }
        if (!any && n > 0) out.push_back({n, {from, bit_at(f, r), taken}});
    }

    // Every legal move of the side to move as (from, to, captured), sorted, each once.
    static std::vector<Key3> slow_moves(const P& p) {
        const Color us = p.side_to_move();
        Board b;
        for (int f = 0; f < Files; ++f)
            for (int r = 1; r <= Ranks; ++r) {
                if (Geo::square_at(f, r) < 0) continue;
                const Bitboard x = bit(bit_at(f, r));
                const int kind = (p.kings() & x) ? 2 : 1;
                b.at[f][r] = (p.pieces(us) & x) ? kind : (p.pieces(~us) & x) ? -kind : 0;
            }
        std::vector<std::pair<int, Key3>> caps;
        for (int f = 0; f < Files; ++f)
            for (int r = 1; r <= Ranks; ++r)
                if (b.at[f][r] > 0) walk(b, bit_at(f, r), f, r, b.at[f][r] == 2, 0, 0, caps);
        std::vector<Key3> out;
        if (!caps.empty()) {
            int best = 0;
            for (const auto& c : caps) best = std::max(best, c.first);
            for (const auto& c : caps)
                if (c.first == best) out.push_back(c.second);
        } else {
            const int forward = us == Color::White ? 1 : -1;
            for (int f = 0; f < Files; ++f)
                for (int r = 1; r <= Ranks; ++r) {
                    if (b.at[f][r] <= 0) continue;
                    const bool king = b.at[f][r] == 2;
                    for (int d = 0; d < 4; ++d) {
                        if (!king && Dr[d] != forward) continue;
                        for (int tf = f + Df[d], tr = r + Dr[d]; on_board(tf, tr) && b.at[tf][tr] == 0;
                             tf += Df[d], tr += Dr[d]) {
                            out.push_back({bit_at(f, r), bit_at(tf, tr), 0});
                            if (!king) break;
                        }
                    }
                }
        }
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    }

    // perft through generate_moves and Position::after only: no bulk counting, no fused plies.
    static std::uint64_t list_perft(const P& p, int depth) {
        intl::MoveList list;
        intl::generate_moves(p, list);
        if (depth == 1) return list.size();
        std::uint64_t n = 0;
        for (const Move& m : list) n += list_perft(p.after(m), depth - 1);
        return n;
    }

    // A random position: about `pieces` pieces, a share of them kings, no man on its crowning row.
    static P random_position(std::mt19937_64& rng, int pieces, int king_percent) {
        Bitboard black = 0, white = 0, kings = 0;
        for (int i = 0; i < pieces; ++i) {
            const Bitboard x = bit(Geo::bit_of(int(rng() % Geo::squares)));
            const bool is_white = rng() % 2, king = int(rng() % 100) < king_percent;
            if ((black | white) & x) continue;
            (is_white ? white : black) |= x;
            const Bitboard crown = is_white ? P::template Crown<Color::White> : P::template Crown<Color::Black>;
            if (king || (x & crown)) kings |= x;
        }
        return P::from_bitboards(black, white, kings, rng() % 2 ? Color::White : Color::Black);
    }

    // Positions of random games from random starts with kings (up to `max_pieces` pieces) and
    // from the start position.
    static std::vector<P> random_positions(std::uint64_t seed, int games, int plies, int max_pieces) {
        std::mt19937_64 rng(seed);
        std::vector<P> out;
        for (int g = 0; g < games; ++g) {
            P p = g % 4 == 0 ? P::start()
                             : random_position(rng, 8 + int(rng() % std::uint64_t(max_pieces - 7)), int(rng() % 60));
            for (int ply = 0; ply < plies; ++ply) {
                out.push_back(p);
                intl::MoveList list;
                intl::generate_moves(p, list);
                if (list.empty()) break;
                p = p.after(list[std::size_t(rng() % list.size())]);
            }
        }
        return out;
    }
};

}  // namespace tempo::testing
