// The FMJD dialect of the notation (international draughts on 10x10, Brazilian on 8x8): one
// reader and writer, templates over the position type, which notation.hpp's templates call for
// every game whose trait has `Dialect::Fmjd` (the instantiations at the end of this file).
#include "engine/notation_international.hpp"

#include "engine/brazilian.hpp"
#include "engine/notation.hpp"
#include "engine/notation_common.hpp"
#include "engine/route_walk.hpp"

#include <algorithm>
#include <optional>
#include <utility>

namespace tempo {

namespace {

template <class P>
constexpr Bitboard bit_at(int square) {
    return notation_detail::bit_at<typename P::Geometry>(square);
}

// "(squares are 1 to 50)"
template <class Geo>
std::string squares_range() {
    return "(squares are 1 to " + std::to_string(Geo::squares) + ")";
}

using notation_detail::color_name;
using notation_detail::is_digit;
using notation_detail::is_space;
using notation_detail::trim;

// A small cursor over the text that skips spaces between tokens.
class Reader {
public:
    explicit Reader(std::string_view s) : s_(s) {}
    bool at_end() {
        skip();
        return i_ >= s_.size();
    }
    char peek() {
        skip();
        return i_ < s_.size() ? s_[i_] : '\0';
    }
    bool take(char c) {
        if (peek() != c || at_end()) return false;
        ++i_;
        return true;
    }
    // A letter of a board name (a to z but x, either case, lower-cased), or 0.
    char name_letter() {
        const char c = peek();
        const char lower = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        return lower >= 'a' && lower <= 'z' && lower != 'x' ? lower : 0;
    }
    void skip_char() {
        skip();
        if (i_ < s_.size()) ++i_;
    }
    // A run of digits as a number (saturated at 1000), or nothing.
    std::optional<int> number(std::string_view& text) {
        skip();
        std::size_t j = i_;
        int v = 0;
        while (j < s_.size() && is_digit(s_[j])) v = std::min(v * 10 + (s_[j++] - '0'), 1000);
        if (j == i_) return std::nullopt;
        text = s_.substr(i_, j - i_);
        i_ = j;
        return v;
    }
    // The text from the cursor, up to 16 characters, for a message.
    std::string here() {
        skip();
        return i_ >= s_.size() ? std::string("the end") : quoted(s_.substr(i_, 16));
    }

private:
    void skip() {
        while (i_ < s_.size() && is_space(s_[i_])) ++i_;
    }
    std::string_view s_;
    std::size_t i_ = 0;
};

Error fen_error(const std::string& what) { return Error{"bad FEN: " + what}; }

// One colour's list after its letter, up to the next ':' or the end.
template <class P>
std::optional<Error> read_list(Reader& in, Color c, std::array<Bitboard, 2>& pieces, Bitboard& kings) {
    using Geo = typename P::Geometry;
    const std::string name = color_name(c);
    if (in.at_end() || in.peek() == ':' || in.peek() == '.') return std::nullopt;
    for (;;) {
        const bool king = in.take('K');
        std::string_view text;
        const auto first = in.number(text);
        if (!first) return fen_error("expected a square number in " + name + "'s list, found " + in.here());
        std::string item(text);
        if (*first < 1 || *first > Geo::squares)
            return fen_error("unknown square " + quoted(text) + " " + squares_range<Geo>());
        int last = *first;
        if (in.take('-')) {
            const auto second = in.number(text);
            if (!second) return fen_error("expected a square number after " + quoted(item + "-") + ", found " + in.here());
            item += "-" + std::string(text);
            if (*second < 1 || *second > Geo::squares)
                return fen_error("unknown square " + quoted(text) + " in range " + quoted(item) + " " +
                                 squares_range<Geo>());
            if (*second < *first) return fen_error("reversed range " + quoted(item));
            last = *second;
        }
        for (int n = *first; n <= last; ++n) {
            const Bitboard b = bit_at<P>(n - 1);
            const std::string sq = std::to_string(n);
            if (pieces[index(c)] & b)
                return fen_error("square " + sq + " listed twice for " + name + " (in " + quoted(item) + ")");
            if (pieces[index(~c)] & b)
                return fen_error("square " + sq + " listed for both White and Black (in " + quoted(item) + ")");
            const Bitboard crown = c == Color::Black ? P::template Crown<Color::Black> : P::template Crown<Color::White>;
            if (!king && (crown & b))
                return fen_error("a " + name + " man on " + sq + " (in " + quoted(item) +
                                 ") stands on its own crowning row (" + name + " men are crowned on " +
                                 (c == Color::Black ? std::to_string(Geo::squares - Geo::per_row + 1) + "-" +
                                                          std::to_string(Geo::squares)
                                                    : "1-" + std::to_string(Geo::per_row)) +
                                 ")");
            pieces[index(c)] |= b;
            if (king) kings |= b;
        }
        if (in.take(',')) continue;
        if (in.at_end() || in.peek() == ':' || in.peek() == '.') return std::nullopt;
        return fen_error("expected ',' or ':' after " + quoted(item) + ", found " + in.here());
    }
}

template <class P>
std::string move_text_of(const P& p, const Move& m, Notation n);

template <class P>
std::string list_texts(const P& p, const std::vector<Move>& moves, Notation n) {
    std::vector<std::string> texts;
    for (const Move& m : moves) texts.push_back(move_text_of(p, m, n));
    std::sort(texts.begin(), texts.end());
    std::string s;
    for (const auto& t : texts) s += (s.empty() ? "" : ", ") + t;
    return s;
}

template <class P>
Result<P> parse_fen_of(std::string_view fen) {
    Reader in(fen);
    Color side;
    if (in.take('W'))
        side = Color::White;
    else if (in.take('B'))
        side = Color::Black;
    else
        return fen_error("expected the side to move, 'W' or 'B', found " + in.here());
    std::array<Bitboard, 2> pieces{};
    Bitboard kings = 0;
    bool seen[2] = {false, false};
    for (int list = 0; list < 2; ++list) {
        if (!in.take(':')) return fen_error("expected ':' and a colour's list, found " + in.here());
        Color c;
        if (in.take('W'))
            c = Color::White;
        else if (in.take('B'))
            c = Color::Black;
        else
            return fen_error("expected 'W' or 'B' to start a list, found " + in.here());
        if (seen[index(c)]) return fen_error(std::string("two lists for ") + color_name(c));
        seen[index(c)] = true;
        if (auto e = read_list<P>(in, c, pieces, kings)) return *e;
    }
    in.take('.');
    if (!in.at_end()) return fen_error("unexpected text after the two lists: " + in.here());
    return P::from_bitboards(pieces[0], pieces[1], kings, side);
}

template <class P>
std::vector<std::vector<int>> routes_of_move(const P& p, const Move& m) {
    return notation_detail::walk_routes(p, m);
}

template <class P>
std::string move_text_of(const P& p, const Move& m, Notation n) {
    return notation_detail::move_text<typename P::Geometry>(routes_of_move(p, m), m, n);
}

template <class P>
std::vector<std::string> legal_move_texts_of(const P& p, Notation n) {
    MoveListFor<typename P::Trait> list;
    generate_moves(p, list);
    std::vector<std::pair<std::vector<int>, std::string>> keyed;
    for (const Move& m : list) {
        auto r = routes_of_move(p, m);
        keyed.emplace_back(r.empty() ? std::vector<int>{} : r.front(), move_text_of(p, m, n));
    }
    std::sort(keyed.begin(), keyed.end());
    std::vector<std::string> out;
    for (auto& k : keyed) out.push_back(std::move(k.second));
    return out;
}

template <class P>
Result<Move> parse_move_of(const P& p, std::string_view raw) {
    using Geo = typename P::Geometry;
    const std::string_view text = trim(raw);
    const std::string shown = quoted(text);
    // Squares, all numbers or all board names, separated by one kind of separator, '-' or 'x',
    // with spaces allowed around them.
    std::vector<int> squares;
    char sep = 0;
    bool numbers = false, names = false;
    Reader in(text);
    for (;;) {
        std::string_view digits;
        if (const char letter = in.name_letter()) {
            const std::string at = in.here();
            in.skip_char();
            const auto rank = in.number(digits);
            if (!rank) return Error{"malformed move " + shown + ": expected a square at " + at};
            const std::string name = letter + std::string(digits);
            const char last_file = char('a' + Geo::files - 1);
            const int sq = letter <= last_file ? Geo::square_at(letter - 'a', *rank) : -1;
            if (sq < 0) {
                const bool on_board = letter <= last_file && *rank >= 1 && *rank <= Geo::rows;
                return Error{"unknown square " + quoted(name) + " in " + shown +
                             (on_board ? std::string(" (a light square: pieces stand on the dark squares)")
                                       : std::string(" (files are a to ") + last_file + ", ranks 1 to " +
                                             std::to_string(Geo::rows) + ")")};
            }
            squares.push_back(sq);
            names = true;
        } else {
            const auto n = in.number(digits);
            if (!n) return Error{"malformed move " + shown + ": expected a square at " + in.here()};
            if (*n < 1 || *n > Geo::squares)
                return Error{"unknown square " + quoted(digits) + " in " + shown + " " + squares_range<Geo>()};
            squares.push_back(*n - 1);
            numbers = true;
        }
        if (numbers && names) return Error{"malformed move " + shown + ": mixes square numbers and board names"};
        if (squares.size() > 64) return Error{"malformed move " + shown + ": too many squares"};
        if (in.at_end()) break;
        char c = in.peek();
        if (c == 'X') c = 'x';
        if ((c != '-' && c != 'x') || (sep && c != sep))
            return Error{"malformed move " + shown + ": expected " +
                         (sep ? std::string("'") + sep + "'" : std::string("'-' or 'x'")) + " at " + in.here()};
        sep = c;
        in.skip_char();
    }
    const Notation notation = names ? Notation::Names : Notation::Numbers;
    if (squares.size() < 2) return Error{"malformed move " + shown + ": a move names at least two squares"};
    if (sep == '-' && squares.size() != 2)
        return Error{"malformed move " + shown + ": a step names two squares; write captures with 'x'"};

    MoveListFor<typename P::Trait> list;
    generate_moves(p, list);
    const Color us = p.side_to_move();
    if (!(p.pieces(us) & bit_at<P>(squares.front())))
        return Error{"illegal move " + shown + ": no " + std::string(color_name(us)) + " piece on " +
                     notation_detail::square_text<Geo>(squares.front(), notation)};
    std::vector<Move> captures(list.begin(), list.end());
    const bool must_capture = !list.empty() && list[0].is_capture();
    const int from = Geo::bit_of(squares.front()), to = Geo::bit_of(squares.back());
    if (sep == '-') {
        if (must_capture)
            return Error{"illegal move " + shown + ": a capture is compulsory (" + list_texts(p, captures, notation) + ")"};
        for (const Move& m : list)
            if (m.from == from && m.to == to) return m;
        return Error{"illegal move " + shown + ": not a legal step here"};
    }
    if (!must_capture) return Error{"illegal move " + shown + ": there is no capture here"};
    std::vector<Move> matches;
    for (const Move& m : list) {
        if (m.from != from || m.to != to) continue;
        if (squares.size() == 2) {
            matches.push_back(m);
            continue;
        }
        for (const auto& r : routes_of_move(p, m))
            if (r == squares) matches.push_back(m);
    }
    if (matches.size() == 1) return matches.front();
    if (matches.size() > 1)
        return Error{"ambiguous move " + shown + ": it could be " + list_texts(p, matches, notation)};
    return Error{"illegal move " + shown + ": not one of the legal captures, which take the most pieces (" +
                 list_texts(p, captures, notation) + ")"};
}

}  // namespace

// The public functions of each game, one line each.
// The FMJD dialect that notation.hpp's templates call (notation_common.hpp), for each game that
// speaks it.
namespace notation_detail::fmjd {

template <class P>
Result<P> parse_fen(std::string_view fen) {
    return parse_fen_of<P>(fen);
}
template <class P>
std::vector<std::vector<int>> routes_of(const P& p, const Move& m) {
    return routes_of_move(p, m);
}
template <class P>
std::string move_text(const P& p, const Move& m, Notation n) {
    return move_text_of(p, m, n);
}
template <class P>
Result<Move> parse_move(const P& p, std::string_view text) {
    return parse_move_of(p, text);
}
template <class P>
std::vector<std::string> legal_move_texts(const P& p, Notation n) {
    return legal_move_texts_of(p, n);
}

#define TEMPO_FMJD_NOTATION_OF(P)                                                   \
    template Result<P> parse_fen<P>(std::string_view);                              \
    template std::vector<std::vector<int>> routes_of(const P&, const Move&);        \
    template std::string move_text(const P&, const Move&, Notation);                \
    template Result<Move> parse_move(const P&, std::string_view);                   \
    template std::vector<std::string> legal_move_texts(const P&, Notation);

TEMPO_FMJD_NOTATION_OF(intl::Position)
TEMPO_FMJD_NOTATION_OF(brazil::Position)

#undef TEMPO_FMJD_NOTATION_OF

}  // namespace notation_detail::fmjd

}  // namespace tempo
