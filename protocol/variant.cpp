#include "protocol/variant.hpp"

#include <cstdio>

#include "engine/movegen.hpp"
#include "engine/notation_international.hpp"
#include "engine/perft.hpp"
#include "engine/rules.hpp"
#include "protocol/report.hpp"
#include "search/variant.hpp"

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

// The board by files and ranks, the top rank first, each row followed by its square numbers; the
// rank labels `label_width` wide.
template <class P>
std::vector<std::string> board_by_ranks(const P& p, int label_width) {
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
        std::snprintf(label, sizeof label, "%*d", label_width, rank);
        out.push_back(std::string(label) + "  " + row + "  " + numbers);
    }
    std::string letters(std::size_t(label_width) + 1, ' ');
    for (int file = 0; file < G::files; ++file) letters += std::string(" ") + char('a' + file);
    out.push_back(letters);
    return out;
}

// A move in board names (`b4-a5`, as `d` and Notation names write them) read as the same move in
// numbers: the 10x10 reader reads names itself, so this only says how it read them when both fail.
template <RulesTrait B>
Result<Move> parse_names_as_numbers(const BasicPosition<B>& p, std::string_view text) {
    using R = Rulebook<B>;
    Result<Move> m = R::parse_move(p, text);
    if (m || text.find_first_of("abcdefghij") == std::string_view::npos) return m;
    std::string numbers, square;
    auto flush = [&]() {
        for (int s = 0; s < B::Geometry::squares && !square.empty(); ++s)
            if (square == R::square_text(s, Notation::Names)) square = std::to_string(s + 1);
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
    Result<Move> named = R::parse_move(p, numbers);
    if (named) return named;
    return Error{named.error() + " (read as '" + numbers + "')"};
}

}  // namespace

template <RulesTrait B>
typename ProtocolGame<B>::Position ProtocolGame<B>::start(const Options& o) {
    if constexpr (requires { GameRules<B>{}.first_to_move; })
        return Position::start(o.first_to_move);
    else
        return Position::start();
}

template <RulesTrait B>
Result<Move> ProtocolGame<B>::parse_move(const Position& p, std::string_view text) {
    if constexpr (B::variant == Variant::International)
        return parse_names_as_numbers(p, text);
    else
        return Rulebook<B>::parse_move(p, text);
}

template <RulesTrait B>
PerftResult ProtocolGame<B>::perft_divide(const Position& p, int depth) {
    return tempo::perft_divide(p, PerftOptions{depth, Routes::Drop, 16, 1});
}

// English draughts label the ranks one character wide ("8  b . b"), the others two.
template <RulesTrait B>
std::vector<std::string> ProtocolGame<B>::board_lines(const Position& p) {
    return board_by_ranks(p, B::variant == Variant::English ? 1 : 2);
}

template <RulesTrait B>
Status ProtocolGame<B>::status(const Position& start, std::span<const Move> moves, const Options& o) {
    GameRules<B> r = GameRules<B>::official();
    if constexpr (requires { r.first_to_move; }) r.first_to_move = o.first_to_move;
    BasicGame<B> g = BasicGame<B>::from_position(start, r);
    for (const Move& m : moves)
        if (!g.play(m)) break;  // the game ended by rule before this move
    return g.status();
}

namespace {

// The network's line of `eval`, before the hand-made evaluation's.
template <class Net, class P>
std::string network_line(const Net& net, const P& p, const char* then) {
    return "network " + std::to_string(net.evaluate(p)) + " (" +
           (net.description().empty() ? "no description" : net.description()) + "); " + then;
}

}  // namespace

template <RulesTrait B>
std::vector<std::string> ProtocolGame<B>::eval_lines(const Position& p, const search::Options& o) {
    std::vector<std::string> out;
    if constexpr (B::variant == Variant::English) {
        if (o.network) out.push_back(network_line(*o.network, p, "the classic evaluation's terms follow"));
        for (const auto& [name, score] : eval_terms(p)) out.push_back(name + " " + std::to_string(score));
    } else {
        if constexpr (B::variant == Variant::International)
            if (o.intl_network) out.push_back(network_line(*o.intl_network, p, "the classic evaluation's total follows"));
        out.push_back("total " + std::to_string(search::SearchGame<B>::evaluate(p)));
    }
    return out;
}

template struct ProtocolGame<Wcdf>;
template struct ProtocolGame<intl::Fmjd>;
template struct ProtocolGame<brazil::Cbd>;

}  // namespace tempo::protocol
