#include "protocol/variant.hpp"

#include <cstdio>

#include "engine/movegen.hpp"
#include "engine/movegen_international.hpp"
#include "engine/notation_international.hpp"
#include "engine/perft_international.hpp"

namespace tempo::protocol {

namespace {

// A square's piece letter for `d`: b/w men, B/W kings, '.' empty.
template <class P, class G>
char piece_at(const P& p, int square) {
    const Bitboard b = bit(G::bit_of(square));
    const bool king = (p.kings() & b) != 0;
    if (p.pieces(Color::Black) & b) return king ? 'B' : 'b';
    if (p.pieces(Color::White) & b) return king ? 'W' : 'w';
    return '.';
}

// The board by files and ranks, the top rank first, each row followed by its square numbers.
template <class P>
std::vector<std::string> board_by_ranks(const P& p) {
    using G = typename P::Geometry;
    std::vector<std::string> out;
    for (int rank = G::rows; rank >= 1; --rank) {
        std::string row, numbers;
        for (int file = 0; file < G::files; ++file) {
            const int s = G::square_at(file, rank);
            row += s < 0 ? ' ' : piece_at<P, G>(p, s);
            row += ' ';
            if (s >= 0) {
                char num[4];
                std::snprintf(num, sizeof num, "%3d", s + 1);
                numbers += num;
            }
        }
        char label[4];
        std::snprintf(label, sizeof label, "%2d", rank);
        out.push_back(std::string(label) + "  " + row + "  " + numbers);
    }
    std::string letters = "   ";
    for (int file = 0; file < G::files; ++file) letters += std::string(" ") + char('a' + file);
    out.push_back(letters);
    return out;
}

}  // namespace

// --- English ------------------------------------------------------------------------------------

English::Position English::start(const Options& o) { return Position::start(o.first_to_move); }

PerftResult English::perft_divide(const Position& p, int depth) {
    return tempo::perft_divide(p, PerftOptions{depth, Routes::Drop, 16, 1});
}

std::vector<std::string> English::board_lines(const Position& p) {
    // Place each square by its board name (a1 = square 29), so the drawing cannot disagree with
    // the notation.
    std::vector<std::string> rows(8, std::string(16, ' '));
    std::vector<std::string> numbers(8);
    for (int s = 0; s < 32; ++s) {
        const std::string name = tempo::square_text(s, Notation::Names);
        const auto file = std::size_t(name[0] - 'a');
        const auto row = std::size_t('8' - name[1]);
        rows[row][2 * file] = piece_at<Position, Geo>(p, s);
        char num[4];
        std::snprintf(num, sizeof num, "%3d", s + 1);
        numbers[row] += num;
    }
    std::vector<std::string> out;
    for (std::size_t r = 0; r < 8; ++r)
        out.push_back(std::to_string(8 - r) + "  " + rows[r] + "  " + numbers[r]);
    out.push_back("   a b c d e f g h");
    return out;
}

Status English::status(const Position& start, std::span<const Move> moves, const Options& o) {
    Rules r = Rules::official();
    r.first_to_move = o.first_to_move;
    Game g = Game::from_position(start, r);
    for (const Move& m : moves)
        if (!g.play(m)) break;  // the game ended by rule before this move
    return g.status();
}

// --- International ------------------------------------------------------------------------------

International::Position International::start(const Options&) { return Position::start(); }
// A move in board names (`b4-a5`, as `d` and Notation names write them) is read as the same move
// in numbers when the 10x10 parser does not read names itself.
Result<Move> International::parse_move(const Position& p, std::string_view text) {
    Result<Move> m = intl::parse_move(p, text);
    if (m || text.find_first_of("abcdefghij") == std::string_view::npos) return m;
    std::string numbers, square;
    auto flush = [&]() {
        for (int s = 0; s < squares && !square.empty(); ++s)
            if (square == intl::square_text(s, Notation::Names)) square = std::to_string(s + 1);
        numbers += square;
        square.clear();
    };
    for (const char c : text) {
        if (c == '-' || c == 'x') {
            flush();
            numbers += c;
        } else {
            square += c;
        }
    }
    flush();
    Result<Move> named = intl::parse_move(p, numbers);
    if (named) return named;
    return Error{named.error() + " (read as '" + numbers + "')"};
}

PerftResult International::perft_divide(const Position& p, int depth) {
    return intl::perft_divide(p, PerftOptions{depth, Routes::Drop, 16, 1});
}

std::vector<std::string> International::board_lines(const Position& p) { return board_by_ranks(p); }

Status International::status(const Position& start, std::span<const Move> moves, const Options&) {
    intl::Game g = intl::Game::from_position(start);
    for (const Move& m : moves)
        if (!g.play(m)) break;  // the game ended by rule before this move
    return g.status();
}

// --- Brazilian ----------------------------------------------------------------------------------

Brazilian::Position Brazilian::start(const Options&) { return Position::start(); }

PerftResult Brazilian::perft_divide(const Position& p, int depth) {
    return brazil::perft_divide(p, PerftOptions{depth, Routes::Drop, 16, 1});
}

std::vector<std::string> Brazilian::board_lines(const Position& p) { return board_by_ranks(p); }

Status Brazilian::status(const Position& start, std::span<const Move> moves, const Options&) {
    brazil::Game g = brazil::Game::from_position(start);
    for (const Move& m : moves)
        if (!g.play(m)) break;  // the game ended by rule before this move
    return g.status();
}

}  // namespace tempo::protocol
