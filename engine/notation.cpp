#include "engine/notation.hpp"

#include "engine/notation_common.hpp"
#include "engine/route_walk.hpp"

#include "engine/brazilian.hpp"
#include "engine/international.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>

namespace tempo {

namespace {

constexpr auto bit_at = notation_detail::bit_at<Geo>;

using notation_detail::color_name;
using notation_detail::is_digit;
using notation_detail::is_space;
using notation_detail::trim;
constexpr auto is_board_bit = notation_detail::is_board_bit<Geo>;

// The value of a run of digits, saturated well above any square number so that it cannot overflow.
int digits_value(std::string_view digits) {
    int v = 0;
    for (char c : digits) v = std::min(v * 10 + (c - '0'), 1000);
    return v;
}

// ---------------------------------------------------------------------------------------------
// FEN

// A FEN token: one punctuation character, one letter, or a run of digits; spaces separate tokens.
struct FenToken {
    enum Kind : std::uint8_t { End, Punct, Letter, Number } kind = End;
    std::string_view text;
};

class FenLexer {
public:
    explicit FenLexer(std::string_view s) : s_(s) {}

    FenToken peek() {
        skip_spaces();
        if (i_ >= s_.size()) return {};
        const char c = s_[i_];
        if (is_digit(c)) {
            std::size_t j = i_;
            while (j < s_.size() && is_digit(s_[j])) ++j;
            return {FenToken::Number, s_.substr(i_, j - i_)};
        }
        const bool letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
        return {letter ? FenToken::Letter : FenToken::Punct, s_.substr(i_, 1)};
    }
    FenToken next() {
        const FenToken t = peek();
        last_ = i_;
        i_ += t.text.size();
        return t;
    }
    // The last token read, for a message: quoted with the rest of its word ("junk", not "j").
    std::string found() const {
        if (last_ >= s_.size()) return "the end";
        const auto is_word = [](char c) {
            return is_digit(c) || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
        };
        std::size_t j = last_ + 1;
        if (is_word(s_[last_]))
            while (j < s_.size() && is_word(s_[j]) && j - last_ < 24) ++j;
        return quoted(s_.substr(last_, j - last_));
    }
    std::string_view rest() {
        skip_spaces();
        return s_.substr(i_);
    }

private:
    void skip_spaces() {
        while (i_ < s_.size() && is_space(s_[i_])) ++i_;
    }
    std::string_view s_;
    std::size_t i_ = 0;
    std::size_t last_ = 0;
};

Error fen_error(const std::string& what) { return Error{"bad FEN: " + what}; }

struct FenBoard {
    std::array<Bitboard, 2> pieces{};
    Bitboard kings = 0;
};

// Reads one colour's list (after its letter): items `N`, `KN`, `N-M` or `KN-M`, comma separated,
// possibly none. Stops before the next ':' or at the end.
std::optional<Error> read_square_list(FenLexer& lex, Color c, FenBoard& board) {
    const char* name = color_name(c);
    if (lex.peek().kind == FenToken::End || lex.peek().text == ":") return std::nullopt;  // empty
    for (;;) {
        FenToken t = lex.next();
        bool king = false;
        if (t.kind == FenToken::Letter && t.text == "K") {
            king = true;
            t = lex.next();
        }
        if (t.kind != FenToken::Number)
            return fen_error(std::string("expected a square number in ") + name + "'s list, found " +
                             lex.found());
        const int first = digits_value(t.text);
        if (first < 1 || first > Geo::squares)
            return fen_error("unknown square " + quoted(t.text) + " (squares are 1 to 32)");
        int last = first;
        std::string item(t.text);
        if (lex.peek().text == "-") {
            lex.next();
            const FenToken u = lex.next();
            if (u.kind != FenToken::Number)
                return fen_error("expected a square number after " + quoted(item + "-") +
                                 ", found " + lex.found());
            last = digits_value(u.text);
            item += "-";
            item += u.text;
            if (last < 1 || last > Geo::squares)
                return fen_error("unknown square " + quoted(u.text) + " in range " + quoted(item) +
                                 " (squares are 1 to 32)");
            if (last < first) return fen_error("reversed range " + quoted(item));
        }
        for (int n = first; n <= last; ++n) {
            const Bitboard b = bit_at(n - 1);
            const std::string sq = std::to_string(n);
            if (board.pieces[index(c)] & b)
                return fen_error("square " + sq + " listed twice for " + name + " (in " +
                                 quoted(item) + ")");
            if (board.pieces[index(~c)] & b)
                return fen_error("square " + sq + " listed for both White and Black (in " +
                                 quoted(item) + ")");
            if (!king && (crown_row(c) & b))
                return fen_error(std::string("a ") + name + " man on " + sq + " (in " + quoted(item) +
                                 ") stands on its own crowning row (" + name +
                                 (c == Color::Black ? " men are crowned on 29-32)"
                                                    : " men are crowned on 1-4)"));
            board.pieces[index(c)] |= b;
            if (king) board.kings |= b;
        }
        const FenToken sep = lex.peek();
        if (sep.text == ",") {
            lex.next();
            continue;
        }
        if (sep.kind == FenToken::End || sep.text == ":" || sep.text == ".") return std::nullopt;
        lex.next();
        return fen_error("expected ',' or ':' after " + quoted(item) + ", found " + lex.found());
    }
}

// ---------------------------------------------------------------------------------------------
// Jumps (route_walk.hpp), shared by routes_of and the move parser

using notation_detail::Dir;
using notation_detail::forward_rank;
using notation_detail::Jump;
using Jumper = notation_detail::Capturer<Wcdf>;

// ---------------------------------------------------------------------------------------------
// Move text

struct MoveTokens {
    std::vector<int> squares;  // 0-based
    char sep = 0;              // '-' or 'x'
    Notation notation = Notation::Numbers;
};

// Splits a move text into squares and separators, or says what is wrong with it.
Result<MoveTokens> lex_move(std::string_view text) {
    const std::string_view s = trim(text);
    const auto malformed = [&](const std::string& why) {
        return Error{"malformed move " + quoted(s) + ": " + why};
    };
    if (s.empty()) return Error{"malformed move: empty text"};
    MoveTokens out;
    bool numbers = false, names = false;
    std::size_t i = 0;
    const auto skip = [&] {
        while (i < s.size() && is_space(s[i])) ++i;
    };
    for (;;) {
        // a square
        skip();
        if (i >= s.size()) return malformed("a square is missing at the end");
        const std::size_t start = i;
        const char c = s[i];
        const char lower = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        if (is_digit(c)) {
            while (i < s.size() && is_digit(s[i])) ++i;
            const std::string_view tok = s.substr(start, i - start);
            const int n = digits_value(tok);
            if (n < 1 || n > Geo::squares)
                return Error{"unknown square " + quoted(tok) + " in " + quoted(s) +
                             " (squares are 1 to 32)"};
            out.squares.push_back(n - 1);
            numbers = true;
        } else if (lower >= 'a' && lower <= 'z' && lower != 'x') {
            ++i;
            while (i < s.size() && is_digit(s[i])) ++i;
            const std::string_view tok = s.substr(start, i - start);
            if (tok.size() == 1)
                return malformed("expected a square, found " + quoted(tok));
            const int file = lower - 'a';
            const int rank = digits_value(tok.substr(1));
            const int sq = lower <= 'h' ? Geo::square_at(file, rank) : -1;
            if (sq < 0) {
                const bool on_board = lower <= 'h' && rank >= 1 && rank <= Geo::rows;
                return Error{"unknown square " + quoted(tok) + " in " + quoted(s) +
                             (on_board ? " (a light square: pieces stand on the dark squares)"
                                       : " (files are a to h, ranks 1 to 8)")};
            }
            out.squares.push_back(sq);
            names = true;
        } else {
            return malformed("expected a square, found " + quoted(s.substr(i, 1)));
        }
        // a separator, or the end
        const std::string_view square_tok = s.substr(start, i - start);
        skip();
        if (i >= s.size()) break;
        const char sep = s[i] == 'X' ? 'x' : s[i];
        if (sep != '-' && sep != 'x') {
            std::size_t j = i + 1;
            while (j < s.size() && !is_space(s[j]) && s[j] != '-' && j - i < 16) ++j;
            return malformed("expected '-' or 'x' after " + quoted(square_tok) + ", found " +
                             quoted(s.substr(i, j - i)));
        }
        if (out.sep != 0 && out.sep != sep) return malformed("mixes '-' and 'x'");
        out.sep = sep;
        ++i;
        if (out.squares.size() > 64) return malformed("too many squares");
    }
    if (out.squares.size() < 2) return malformed("a move needs at least two squares");
    if (numbers && names) return malformed("mixes square numbers and board names");
    out.notation = names ? Notation::Names : Notation::Numbers;
    return out;
}

constexpr auto route_text = notation_detail::route_text<Geo>;

// The moves as text for a message, in number order: "22x15", "a or b", "a, b, or c".
std::string list_texts(const Position& p, const std::vector<Move>& moves, Notation n) {
    std::vector<std::pair<std::vector<int>, std::string>> texts;
    for (const Move& m : moves) {
        const auto routes = routes_of(p, m);
        texts.emplace_back(routes.empty() ? std::vector<int>{} : routes.front(), move_text(p, m, n));
    }
    std::sort(texts.begin(), texts.end());
    std::string s;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        if (i) s += i + 1 == texts.size() ? (texts.size() == 2 ? " or " : ", or ") : ", ";
        s += texts[i].second;
    }
    return s;
}

// Walks a capture written as its full path, jump by jump, against the rules; returns the captured
// pieces of a complete legal sequence or says which jump is wrong.
Result<Bitboard> walk_capture(const Position& p, const std::vector<int>& squares, Notation n) {
    const Jumper j(p, squares.front(), p.side_to_move());
    const auto sq = [n](int s) { return square_text(s, n); };
    Bitboard captured = 0;
    for (std::size_t k = 1; k < squares.size(); ++k) {
        const int a = squares[k - 1], b = squares[k];
        if (k >= 2 && j.crowns_on(a))
            return Error{"not a legal move: the man is crowned on " + sq(a) +
                         " and its move ends there"};
        const std::vector<Jump> next = j.jumps_from(a, captured);
        const auto it = std::find_if(next.begin(), next.end(), [b](const Jump& x) { return x.land == b; });
        if (it != next.end()) {
            captured |= bit_at(it->over);
            continue;
        }
        const std::string leg = sq(a) + "x" + sq(b);
        const int df = Geo::file_of(b) - Geo::file_of(a), dr = Geo::rank_of(b) - Geo::rank_of(a);
        if ((df != 2 && df != -2) || (dr != 2 && dr != -2))
            return Error{"not a legal move: " + leg + " is not a jump (a jump goes two squares "
                         "along a diagonal)"};
        const int over = Geo::square_at(Geo::file_of(a) + df / 2, Geo::rank_of(a) + dr / 2);
        if (!j.may_go({df / 2, dr / 2}))
            return Error{"not a legal move: in " + leg + " a man jumps backwards (men move forward only)"};
        if (captured & bit_at(over))
            return Error{"not a legal move: in " + leg + " the piece on " + sq(over) +
                         " was already jumped"};
        if (!(j.enemies & bit_at(over)))
            return Error{"not a legal move: in " + leg + " there is no opposing piece on " + sq(over) +
                         " to jump"};
        return Error{"not a legal move: in " + leg + " the landing square " + sq(b) + " is not empty"};
    }
    const int last = squares.back();
    if (!j.crowns_on(last) && !j.jumps_from(last, captured).empty())
        return Error{"incomplete capture: the piece must keep jumping from " + sq(last)};
    return captured;
}

}  // namespace

std::string quoted(std::string_view s) {
    static constexpr char Hex[] = "0123456789abcdef";
    std::string q = "\"";
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            q += '\\';
            q += c;
        } else if (u < 0x20 || u >= 0x7f) {
            q += "\\x";
            q += Hex[u >> 4];
            q += Hex[u & 15];
        } else {
            q += c;
        }
    }
    q += '"';
    return q;
}

// ---------------------------------------------------------------------------------------------

namespace notation_detail::wcdf {

namespace {
// The helpers above on this board (notation_detail's own names, templates over the board, would
// hide them here).
std::string square_text(int square, Notation n) { return notation_detail::square_text<Geo>(square, n); }
constexpr auto bit_at = tempo::bit_at;
constexpr auto is_board_bit = tempo::is_board_bit;
constexpr auto route_text = tempo::route_text;
}  // namespace

Result<Position> parse_fen(std::string_view fen) {
    FenLexer lex(fen);
    if (lex.peek().kind == FenToken::End) return fen_error("empty text");
    const FenToken side = lex.next();
    if (side.kind != FenToken::Letter || (side.text != "B" && side.text != "W") ||
        lex.peek().kind == FenToken::Letter) {
        if (side.text == ":") return fen_error("missing the side to move before the first ':'");
        return fen_error("bad side to move " + lex.found() + " (expected B or W)");
    }
    const Color to_move = side.text == "B" ? Color::Black : Color::White;
    FenBoard board;
    std::array<bool, 2> seen{};
    for (int field = 0; field < 2; ++field) {
        const FenToken colon = lex.next();
        if (colon.kind == FenToken::End || colon.text == ".")
            return fen_error(std::string("missing fields: expected two colour lists (W... and B...), "
                                         "found ") +
                             (field == 0 ? "none" : "one"));
        if (colon.text != ":") return fen_error("expected ':', found " + lex.found());
        const FenToken letter = lex.next();
        if (letter.kind != FenToken::Letter || (letter.text != "B" && letter.text != "W"))
            return fen_error("expected a colour W or B after ':', found " + lex.found());
        const Color c = letter.text == "B" ? Color::Black : Color::White;
        if (seen[index(c)]) return fen_error(std::string(color_name(c)) + "'s list appears twice");
        seen[index(c)] = true;
        if (auto e = read_square_list(lex, c, board)) return *e;
    }
    if (lex.peek().text == ".") lex.next();
    if (const std::string_view rest = lex.rest(); !rest.empty())
        return fen_error("trailing junk " + quoted(rest));
    return Position::from_bitboards(board.pieces[0], board.pieces[1], board.kings, to_move);
}

std::vector<std::vector<int>> routes_of(const Position& p, const Move& m) {
    return notation_detail::walk_routes(p, m);
}

std::string move_text(const Position& p, const Move& m, Notation n) {
    return notation_detail::move_text<Geo>(routes_of(p, m), m, n);
}

Result<Move> parse_move(const Position& p, std::string_view text) {
    auto lexed = lex_move(text);
    if (!lexed) return Error{lexed.error()};
    const MoveTokens& t = lexed.value();
    const Notation n = t.notation;
    const auto sq = [n](int s) { return square_text(s, n); };
    const Color us = p.side_to_move();
    const int from = t.squares.front(), to = t.squares.back();
    const std::string typed = route_text(t.squares, t.sep == 'x', n);

    if (!(p.pieces(us) & bit_at(from))) {
        const std::string there = (p.pieces(~us) & bit_at(from))
                                      ? std::string(" (a ") + color_name(~us) + " piece stands there)"
                                      : " (it is empty)";
        return Error{std::string("no piece of the side to move (") + color_name(us) + ") on " +
                     sq(from) + there};
    }
    MoveList list;
    generate_moves(p, list);
    if (list.empty())
        return Error{std::string("not a legal move: ") + color_name(us) + " has no legal move"};
    const std::vector<Move> legal(list.begin(), list.end());
    const bool must_capture = legal.front().is_capture();
    const auto matching = [&](auto pred) {
        std::vector<Move> v;
        for (const Move& m : legal)
            if (pred(m)) v.push_back(m);
        return v;
    };
    const auto same_ends = matching([&](const Move& m) {
        return Geo::square_of(m.from) == from && Geo::square_of(m.to) == to;
    });

    if (t.sep == '-') {
        if (must_capture) {
            if (!same_ends.empty())
                return Error{"captures are written with 'x': " + typed + " is " +
                             list_texts(p, same_ends, n)};
            return Error{"a capture is compulsory: " + typed + " is not one; the legal captures are " +
                         list_texts(p, legal, n)};
        }
        if (t.squares.size() > 2)
            return Error{"not a legal move: a step goes from one square to the next, " + typed +
                         " names " + std::to_string(t.squares.size()) + " squares"};
        if (same_ends.size() == 1) return same_ends.front();
        const int df = Geo::file_of(to) - Geo::file_of(from), dr = Geo::rank_of(to) - Geo::rank_of(from);
        if ((df != 1 && df != -1) || (dr != 1 && dr != -1))
            return Error{"not a legal move: " + typed + " is not a step to a diagonal neighbour"};
        if (p.occupied() & bit_at(to))
            return Error{"not a legal move: " + typed + " goes to " + sq(to) + ", which is not empty"};
        if (!(p.kings() & bit_at(from)) && dr != forward_rank(us))
            return Error{"not a legal move: " + typed + " goes backwards (men move forward only)"};
        return Error{"not a legal move: " + typed};
    }

    // t.sep == 'x'
    if (!must_capture) {
        const std::string hint = same_ends.size() == 1 && t.squares.size() == 2
                                     ? " (did you mean " + move_text(p, same_ends.front(), n) + "?)"
                                     : "";
        return Error{"not a legal move: " + typed + " is written as a capture, but " + color_name(us) +
                     " has no capture here" + hint};
    }
    if (t.squares.size() == 2) {
        if (same_ends.size() == 1) return same_ends.front();
        if (same_ends.size() > 1)
            return Error{"ambiguous move " + typed + ": it could be " + list_texts(p, same_ends, n) +
                         "; write every landing square"};
    }
    const auto walked = walk_capture(p, t.squares, n);
    if (!walked) return Error{walked.error() + " (the legal captures are " + list_texts(p, legal, n) + ")"};
    const Bitboard captured = walked.value();
    for (const Move& m : legal)
        if (Geo::square_of(m.from) == from && Geo::square_of(m.to) == to && m.captured == captured)
            return m;
    return Error{"not a legal move: " + typed + " (the legal captures are " + list_texts(p, legal, n) +
                 ")"};
}

std::vector<std::string> legal_move_texts(const Position& p, Notation n) {
    std::vector<std::string> out;
    for (const Move& m : legal_moves(p)) out.push_back(move_text(p, m, n));
    return out;
}

}  // namespace notation_detail::wcdf

// ---------------------------------------------------------------------------------------------
// The API of notation.hpp: each game's notation by its trait's dialect.

template <RulesTrait B>
std::string square_text(int square, Notation n) {
    return notation_detail::square_text<typename B::Geometry>(square, n);
}

template <RulesTrait B>
std::string to_fen(const BasicPosition<B>& p) {
    return notation_detail::to_fen(p);
}

template <RulesTrait B>
Result<BasicPosition<B>> parse_fen(std::string_view fen) {
    if constexpr (B::dialect == Dialect::Wcdf) return notation_detail::wcdf::parse_fen(fen);
    else return notation_detail::fmjd::parse_fen<BasicPosition<B>>(fen);
}

template <RulesTrait B>
std::vector<std::vector<int>> routes_of(const BasicPosition<B>& p, const Move& m) {
    if constexpr (B::dialect == Dialect::Wcdf) return notation_detail::wcdf::routes_of(p, m);
    else return notation_detail::fmjd::routes_of(p, m);
}

template <RulesTrait B>
std::string move_text(const BasicPosition<B>& p, const Move& m, Notation n) {
    if constexpr (B::dialect == Dialect::Wcdf) return notation_detail::wcdf::move_text(p, m, n);
    else return notation_detail::fmjd::move_text(p, m, n);
}

template <RulesTrait B>
Result<Move> parse_move(const BasicPosition<B>& p, std::string_view text) {
    if constexpr (B::dialect == Dialect::Wcdf) return notation_detail::wcdf::parse_move(p, text);
    else return notation_detail::fmjd::parse_move(p, text);
}

template <RulesTrait B>
std::vector<std::string> legal_move_texts(const BasicPosition<B>& p, Notation n) {
    if constexpr (B::dialect == Dialect::Wcdf) return notation_detail::wcdf::legal_move_texts(p, n);
    else return notation_detail::fmjd::legal_move_texts(p, n);
}

#define TEMPO_NOTATION_OF(B)                                                                      \
    template std::string square_text<B>(int, Notation);                                         \
    template std::string to_fen(const BasicPosition<B>&);                                         \
    template Result<BasicPosition<B>> parse_fen<B>(std::string_view);                             \
    template std::vector<std::vector<int>> routes_of(const BasicPosition<B>&, const Move&);       \
    template std::string move_text(const BasicPosition<B>&, const Move&, Notation);               \
    template Result<Move> parse_move(const BasicPosition<B>&, std::string_view);                  \
    template std::vector<std::string> legal_move_texts(const BasicPosition<B>&, Notation);

TEMPO_NOTATION_OF(Wcdf)
TEMPO_NOTATION_OF(intl::Fmjd)
TEMPO_NOTATION_OF(brazil::Cbd)

#undef TEMPO_NOTATION_OF

}  // namespace tempo
