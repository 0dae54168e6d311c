// The routes of a capture: the squares a capturing piece lands on, jump by jump, walked by file
// and rank for every game from its rules trait. The move generators find each capture's pieces
// and ends on bitboards; a move's text needs the landing squares between, and a capture whose
// pieces can be taken in more than one order has more than one route.
//
// The trait decides how the piece jumps: a man one square over and one beyond, along the
// directions it may capture in (forward only unless `men_capture_backward`); a king the same, or
// (with `flying_kings`) from any distance over the first piece on its diagonal to any free square
// behind it. The jumped pieces stay on the board until the move ends: they block, and none is
// jumped twice. A man that lands on its crowning row mid-capture ends the move there
// (`crowning_ends_capture`, English), goes on as a man (`crown_only_at_end`, FMJD), or goes on as
// a king (neither: the Russian rule; the Move says so in `crowned_in_passing`).
//
// The games' notations differ on a Move the position does not have (the dialect of
// rules_enums.hpp), and `Game::play(Move)` shows that difference in its messages, so it is kept:
// - Wcdf: the capturer is the piece on `from`, whatever its colour, and a route counts only when
//   it is complete (the piece can jump no further);
// - Fmjd: the capturer must belong to the side to move and every captured piece to the other
//   side, and a route ends as soon as it has taken the move's pieces.
// On the position's own moves the two agree: a legal capture is complete in every game.
//
// Internal to engine/ (the notations); notation.hpp has the public `routes_of`.
#pragma once

#include <algorithm>
#include <vector>

#include "engine/notation_common.hpp"
#include "engine/rules.hpp"

namespace tempo::notation_detail {

struct Jump {
    int over;  // the square of the piece jumped
    int land;  // where the capturing piece lands
};

// A diagonal direction by file and rank.
struct Dir {
    int df, dr;
};
inline constexpr Dir Dirs[4] = {{-1, 1}, {1, 1}, {-1, -1}, {1, -1}};

// The rank step of a man of colour c: White moves up the board (rank 1 upwards), Black down.
constexpr int forward_rank(Color c) { return c == Color::White ? 1 : -1; }

// The piece that makes a capture from `start`, as the rules see it during the whole move: its
// colour, whether it starts as a king, and the squares that block a landing or a king's flight
// (every piece but itself: the jumped pieces stay until the move is over).
template <RulesTrait B>
struct Capturer {
    using Geo = typename B::Geometry;

    Color us;
    bool king;
    Bitboard blockers;
    Bitboard enemies;

    Capturer(const BasicPosition<B>& p, int start, Color owner)
        : us(owner),
          king((p.kings() & bit_at<Geo>(start)) != 0),
          blockers(p.occupied() & ~bit_at<Geo>(start)),
          enemies(p.pieces(~owner)) {}

    // Whether a man (or, with king_now, a king) may capture along d.
    bool may_go(Dir d, bool king_now) const {
        return king_now || B::men_capture_backward || d.dr == forward_rank(us);
    }
    bool may_go(Dir d) const { return may_go(d, king); }
    // Whether a man of this piece's colour is crowned on `square`.
    bool crown_square(int square) const { return (crown_row<B>(us) & bit_at<Geo>(square)) != 0; }
    // Whether the piece, as it started, is crowned on `square`.
    bool crowns_on(int square) const { return !king && crown_square(square); }

    // The jumps from `at` with the pieces of `taken` already jumped, as a king or a man.
    void jumps_from(int at, Bitboard taken, bool king_now, std::vector<Jump>& out) const {
        const bool flies = king_now && B::flying_kings;
        for (const Dir& d : Dirs) {
            if (!may_go(d, king_now)) continue;
            int f = Geo::file_of(at) + d.df, r = Geo::rank_of(at) + d.dr;
            int over = Geo::square_at(f, r);
            if (flies)
                while (over >= 0 && !(blockers & bit_at<Geo>(over))) {
                    f += d.df, r += d.dr;
                    over = Geo::square_at(f, r);
                }
            if (over < 0) continue;
            const Bitboard ob = bit_at<Geo>(over);
            if (!(enemies & ob) || (taken & ob)) continue;
            for (int k = 1;; ++k) {
                const int land = Geo::square_at(f + k * d.df, r + k * d.dr);
                if (land < 0 || (blockers & bit_at<Geo>(land))) break;
                out.push_back({over, land});
                if (!flies) break;
            }
        }
    }
    std::vector<Jump> jumps_from(int at, Bitboard taken) const {
        std::vector<Jump> out;
        jumps_from(at, taken, king, out);
        return out;
    }
};

// Every route of the capture `m` by the piece on its start square, in ascending order.
template <RulesTrait B>
class RouteWalk {
public:
    using Geo = typename B::Geometry;
    static constexpr bool exact = B::dialect != Dialect::Wcdf;  // else: complete routes only

    RouteWalk(const BasicPosition<B>& p, const Move& m, Color owner)
        : j_(p, Geo::square_of(m.from), owner), m_(m), to_(Geo::square_of(m.to)) {}

    std::vector<std::vector<int>> routes() {
        std::vector<int> path{Geo::square_of(m_.from)};
        walk(path, 0, j_.king, false);
        std::sort(out_.begin(), out_.end());
        out_.erase(std::unique(out_.begin(), out_.end()), out_.end());
        return std::move(out_);
    }

private:
    void found(const std::vector<int>& path, Bitboard taken, bool crowned) {
        if (taken != m_.captured || path.back() != to_) return;
        if constexpr (!B::crown_only_at_end)
            if (crowned != (m_.crowned_in_passing != 0)) return;
        out_.push_back(path);
    }

    void walk(std::vector<int>& path, Bitboard taken, bool king_now, bool crowned) {
        if (exact && taken == m_.captured) return found(path, taken, crowned);
        std::vector<Jump> next;
        j_.jumps_from(path.back(), taken, king_now, next);
        if (next.empty()) return found(path, taken, crowned);
        for (const Jump& jump : next) {
            const Bitboard c = taken | bit_at<Geo>(jump.over);
            if (c & ~m_.captured) continue;  // takes a piece the move does not take
            path.push_back(jump.land);
            if (!king_now && j_.crown_square(jump.land)) {
                if constexpr (B::crowning_ends_capture) found(path, c, true);
                else if constexpr (B::crown_only_at_end) walk(path, c, false, false);
                else walk(path, c, true, true);
            } else {
                walk(path, c, king_now, crowned);
            }
            path.pop_back();
        }
    }

    Capturer<B> j_;
    const Move& m_;
    int to_;
    std::vector<std::vector<int>> out_;
};

// The routes of `m` in `p`, in ascending order; none for a Move that does not fit the position (a
// square off the board; with the Fmjd dialect, a capturer not of the side to move or a captured
// piece not of the other side). A step has one route, its two squares.
template <RulesTrait B>
std::vector<std::vector<int>> walk_routes(const BasicPosition<B>& p, const Move& m) {
    using Geo = typename B::Geometry;
    if (!is_board_bit<Geo>(m.from) || !is_board_bit<Geo>(m.to)) return {};
    const int from = Geo::square_of(m.from), to = Geo::square_of(m.to);
    if (!m.is_capture()) return {{from, to}};
    const Bitboard start = bit(m.from);
    Color owner = p.pieces(Color::White) & start ? Color::White : Color::Black;
    if constexpr (B::dialect != Dialect::Wcdf) {
        owner = p.side_to_move();
        if (!(p.pieces(owner) & start) || (m.captured & ~p.pieces(~owner))) return {};
    }
    return RouteWalk<B>(p, m, owner).routes();
}

}  // namespace tempo::notation_detail
