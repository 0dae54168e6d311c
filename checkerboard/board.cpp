#include "checkerboard/board.hpp"

#include <cstring>

#include "engine/game.hpp"
#include "engine/notation.hpp"

namespace tempo::cb {

coor coor_of(int square) {
    const int y = square / 4;
    return {2 * (3 - square % 4) + y % 2, y};
}

int square_at(int x, int y) {
    if (x < 0 || x > 7 || y < 0 || y > 7 || (x + y) % 2 != 0) return -1;
    return 4 * y + 3 - x / 2;
}

Result<Position> read_board(const int board[8][8], int color) {
    if (color != Black && color != White)
        return Error{"the colour to move is " + std::to_string(color) + ", neither 1 (White) nor 2 (Black)"};
    Bitboard black = 0, white = 0, kings = 0;
    int count[3] = {0, 0, 0};
    for (int x = 0; x < 8; ++x) {
        for (int y = 0; y < 8; ++y) {
            const int v = board[x][y];
            const int s = square_at(x, y);
            const std::string where = "board[" + std::to_string(x) + "][" + std::to_string(y) + "]";
            if (s < 0) {
                if (v != Free) return Error{where + " is a light square but holds " + std::to_string(v)};
                continue;
            }
            if (v == Free) continue;
            const bool known = v == (White | Man) || v == (Black | Man) || v == (White | King) || v == (Black | King);
            if (!known) return Error{"unknown piece code " + std::to_string(v) + " on square " + std::to_string(s + 1)};
            const Bitboard b = Bitboard{1} << Geo::bit_of(s);
            const Color c = (v & White) ? Color::White : Color::Black;
            (c == Color::White ? white : black) |= b;
            ++count[v & 3];
            if (v & King) {
                kings |= b;
            } else if (b & crown_row(c)) {
                return Error{std::string(c == Color::White ? "a white" : "a black") + " man on square " +
                             std::to_string(s + 1) + ", its crowning row"};
            }
        }
    }
    for (int c : {Black, White})
        if (count[c] > Wcdf::men_per_side)
            return Error{std::to_string(count[c]) + (c == Black ? " black" : " white") + " pieces, more than " +
                         std::to_string(Wcdf::men_per_side)};
    return Position::from_bitboards(black, white, kings, color == White ? Color::White : Color::Black);
}

int piece_code(const Position& p, int square) {
    const Bitboard b = Bitboard{1} << Geo::bit_of(square);
    const int kind = (p.kings() & b) ? King : Man;
    if (p.pieces(Color::Black) & b) return Black | kind;
    if (p.pieces(Color::White) & b) return White | kind;
    return Free;
}

void write_board(const Position& p, int board[8][8]) {
    for (int s = 0; s < Geo::squares; ++s) {
        const coor c = coor_of(s);
        board[c.x][c.y] = piece_code(p, s);
    }
}

CBmove move_record(const Position& p, const Move& m) {
    CBmove r;
    std::memset(&r, 0, sizeof r);
    const int from = Geo::square_of(m.from), to = Geo::square_of(m.to);
    r.from = coor_of(from);
    r.to = coor_of(to);
    r.oldpiece = piece_code(p, from);
    r.newpiece = piece_code(p.after(m), to);
    r.jumps = popcount(m.captured);
    const std::vector<std::vector<int>> routes = routes_of(p, m);
    if (r.jumps == 0 || routes.empty()) return r;
    const std::vector<int>& route = routes.front();  // start, then each landing square
    for (std::size_t i = 1; i < route.size() && i <= 11; ++i) {
        const coor a = coor_of(route[i - 1]), b = coor_of(route[i]);
        const coor over{(a.x + b.x) / 2, (a.y + b.y) / 2};
        r.path[i] = b;
        r.del[i - 1] = over;
        r.delpiece[i - 1] = piece_code(p, square_at(over.x, over.y));
    }
    return r;
}

std::string movelist_text(const Position& p) {
    const std::vector<Move> moves = legal_moves(p);
    std::string s = "movelist " + std::to_string(moves.size());
    if (moves.empty()) return s;
    s += ',';
    auto number = [](coor c) { return std::to_string(square_at(c.x, c.y) + 1); };
    for (const Move& m : moves) {
        const CBmove r = move_record(p, m);
        s += std::to_string(r.jumps) + ',' + std::to_string(r.oldpiece) + ',' + std::to_string(r.newpiece) + ',' +
             number(r.from) + ',' + number(r.to);
        for (int i = 0; i < r.jumps && i < 11; ++i)
            s += ',' + number(r.path[i + 1]) + ',' + number(r.del[i]) + ',' + std::to_string(r.delpiece[i]);
        s += ';';
    }
    return s;
}

}  // namespace tempo::cb
