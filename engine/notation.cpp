// The notation of every game (notation.hpp): one reader of FEN and of move text over the rules
// trait, one writer, and the words of their messages by the trait's dialect (Wording, below).
//
// The reader is one grammar on one lexer (TextCursor). English draughts' messages (Dialect::Wcdf)
// and the FMJD ones (every other game) differ in their words and, at a few points, in where the
// reader notices a problem first; each such point is a named choice of the Wording, so the
// reader itself says the same thing for every game. English also explains a wrong capture jump by
// jump, which only short jumps allow.
#include "engine/notation.hpp"

#include "engine/notation_common.hpp"
#include "engine/route_walk.hpp"

#include "engine/brazilian.hpp"
#include "engine/international.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <utility>

namespace tempo {

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

namespace notation_detail {

namespace {

constexpr bool is_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

// ---------------------------------------------------------------------------------------------
// The lexer: a cursor over the text that skips spaces between tokens and remembers where the last
// token it read began, so that a message can quote what was found.

class TextCursor {
public:
    explicit TextCursor(std::string_view s) : s_(s) {}

    bool at_end() {
        skip();
        return i_ >= s_.size();
    }
    // The next character after spaces, or '\0' at the end.
    char peek() {
        skip();
        return i_ < s_.size() ? s_[i_] : '\0';
    }
    bool letter_next() { return is_letter(peek()); }
    // A letter that may begin a board name (a to z but x, in either case), lower-cased; or 0.
    char name_letter() {
        const char c = peek();
        const char lower = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        return lower >= 'a' && lower <= 'z' && lower != 'x' ? lower : 0;
    }
    // Reads `c` when it comes next.
    bool take(char c) {
        if (at_end() || s_[i_] != c) return false;
        last_ = i_++;
        return true;
    }
    // Reads the next character, whatever it is.
    void skip_char() {
        if (!at_end()) last_ = i_++;
    }
    // A run of digits as its value (saturated well above any square number, so it cannot
    // overflow), or nothing; with `spaces` false, only a run that starts right here.
    std::optional<int> number(std::string_view& text, bool spaces = true) {
        if (spaces) skip();
        std::size_t j = i_;
        int v = 0;
        while (j < s_.size() && is_digit(s_[j])) v = std::min(v * 10 + (s_[j++] - '0'), 1000);
        if (j == i_) return std::nullopt;
        text = s_.substr(i_, j - i_);
        last_ = i_;
        i_ = j;
        return v;
    }
    // Marks the next token (after spaces) as the last one read, for word().
    void mark() {
        skip();
        last_ = i_;
    }
    // Where the cursor is, spaces not skipped.
    std::size_t pos() const { return i_; }

    // The last token read or marked, with the rest of its word, quoted ("junk", not "j").
    std::string word() const {
        if (last_ >= s_.size()) return "the end";
        const auto is_word = [](char c) { return is_digit(c) || is_letter(c); };
        std::size_t j = last_ + 1;
        if (is_word(s_[last_]))
            while (j < s_.size() && is_word(s_[j]) && j - last_ < 24) ++j;
        return quoted(s_.substr(last_, j - last_));
    }
    // The text from the cursor, up to 16 characters, quoted.
    std::string here() {
        skip();
        return i_ >= s_.size() ? std::string("the end") : quoted(s_.substr(i_, 16));
    }
    std::string_view rest() {
        skip();
        return s_.substr(i_);
    }

private:
    void skip() {
        while (i_ < s_.size() && is_space(s_[i_])) ++i_;
    }
    std::string_view s_;
    std::size_t i_ = 0;
    std::size_t last_ = 0;
};

// "(squares are 1 to 32)"
template <class Geo>
std::string squares_range() {
    return "(squares are 1 to " + std::to_string(Geo::squares) + ")";
}

Error malformed(std::string_view s, const std::string& why) {
    return Error{"malformed move " + quoted(s) + ": " + why};
}

// A move text split into squares and separators.
struct MoveTokens {
    std::vector<int> squares;  // 0-based
    char sep = 0;              // '-' or 'x'
    Notation notation = Notation::Numbers;
};

// A move text being read against a position, for the messages.
template <class P>
struct MoveReading {
    using Geo = typename P::Geometry;
    const P& p;
    std::string_view text;  // trimmed
    const MoveTokens& t;

    Color us() const { return p.side_to_move(); }
    Notation n() const { return t.notation; }
    std::string sq(int square) const { return notation_detail::square_text<Geo>(square, t.notation); }
    // The squares as typed, normalised: "22x15x8".
    std::string typed() const { return route_text<Geo>(t.squares, t.sep == 'x', t.notation); }
    // The text itself, quoted.
    std::string shown() const { return quoted(text); }
};

template <class P>
std::string move_text_in(const P& p, const Move& m, Notation n) {
    return notation_detail::move_text<typename P::Geometry>(walk_routes(p, m), m, n);
}

// ---------------------------------------------------------------------------------------------
// English: the capture path of a move text, walked jump by jump against the rules; the captured
// pieces of a complete legal sequence, or which jump is wrong. Short jumps only.

template <class P>
Result<Bitboard> walk_capture(const P& p, const std::vector<int>& squares, Notation n) {
    using B = typename P::Trait;
    using Geo = typename P::Geometry;
    static_assert(!B::flying_kings, "a jump-by-jump explanation assumes short jumps");
    const Capturer<B> j(p, squares.front(), p.side_to_move());
    const auto sq = [n](int s) { return notation_detail::square_text<Geo>(s, n); };
    Bitboard captured = 0;
    for (std::size_t k = 1; k < squares.size(); ++k) {
        const int a = squares[k - 1], b = squares[k];
        if (k >= 2 && j.crowns_on(a))
            return Error{"not a legal move: the man is crowned on " + sq(a) + " and its move ends there"};
        const std::vector<Jump> next = j.jumps_from(a, captured);
        const auto it = std::find_if(next.begin(), next.end(), [b](const Jump& x) { return x.land == b; });
        if (it != next.end()) {
            captured |= bit_at<Geo>(it->over);
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
        if (captured & bit_at<Geo>(over))
            return Error{"not a legal move: in " + leg + " the piece on " + sq(over) + " was already jumped"};
        if (!(j.enemies & bit_at<Geo>(over)))
            return Error{"not a legal move: in " + leg + " there is no opposing piece on " + sq(over) +
                         " to jump"};
        return Error{"not a legal move: in " + leg + " the landing square " + sq(b) + " is not empty"};
    }
    const int last = squares.back();
    if (!j.crowns_on(last) && !j.jumps_from(last, captured).empty())
        return Error{"incomplete capture: the piece must keep jumping from " + sq(last)};
    return captured;
}

// ---------------------------------------------------------------------------------------------
// The words of each dialect: its messages, and the few points where its reader notices a problem
// at another place than the other's. `found` quotes what the reader found where it expected
// something else.

template <Dialect D>
struct Wording;

// English draughts.
template <>
struct Wording<Dialect::Wcdf> {
    // FEN: the side to move is one letter alone ("BW:..." is a bad side); a '.' does not end an
    // empty list.
    static constexpr bool side_alone = true;
    static constexpr bool dot_ends_empty_list = false;

    static std::string found(TextCursor& in) {
        in.mark();
        return in.word();
    }
    static std::string no_text(TextCursor&) { return "empty text"; }
    static std::string bad_side(TextCursor& in) {
        if (in.peek() == ':') return "missing the side to move before the first ':'";
        return "bad side to move " + found(in) + " (expected B or W)";
    }
    // After a side letter that another letter follows.
    static std::string side_not_alone(const TextCursor& in) {
        return "bad side to move " + in.word() + " (expected B or W)";
    }
    static std::string no_list(TextCursor& in, int lists_read) {
        if (in.at_end() || in.peek() == '.')
            return std::string("missing fields: expected two colour lists (W... and B...), found ") +
                   (lists_read == 0 ? "none" : "one");
        return "expected ':', found " + found(in);
    }
    static std::string no_colour(TextCursor& in) { return "expected a colour W or B after ':', found " + found(in); }
    static std::string list_twice(Color c) { return std::string(color_name(c)) + "'s list appears twice"; }
    static std::string trailing(TextCursor& in) { return "trailing junk " + quoted(in.rest()); }

    // Moves: a board name has no space inside and is quoted as typed; mixed notations and the
    // number of squares are checked when the text is read through.
    static constexpr bool spaces_in_names = false;
    static constexpr bool names_as_typed = true;
    static constexpr bool checks_each_square = false;
    static constexpr bool steps_checked_early = false;

    static std::optional<Error> empty_move() { return Error{"malformed move: empty text"}; }
    static Error missing_square(std::string_view s) { return malformed(s, "a square is missing at the end"); }
    static Error not_a_square(std::string_view s, std::size_t at) {
        return malformed(s, "expected a square, found " + quoted(s.substr(at, 1)));
    }
    static std::optional<Error> bad_separator(std::string_view s, std::size_t at, char c, char sep,
                                              std::string_view square) {
        if (c != '-' && c != 'x') {
            std::size_t j = at + 1;
            while (j < s.size() && !is_space(s[j]) && s[j] != '-' && j - at < 16) ++j;
            return malformed(s, "expected '-' or 'x' after " + quoted(square) + ", found " +
                                    quoted(s.substr(at, j - at)));
        }
        if (sep != 0 && sep != c) return malformed(s, "mixes '-' and 'x'");
        return std::nullopt;
    }
    static Error too_few(std::string_view s) { return malformed(s, "a move needs at least two squares"); }

    // The moves as text for a message, in number order: "22x15", "a or b", "a, b, or c".
    template <class P>
    static std::string list(const P& p, const std::vector<Move>& moves, Notation n) {
        std::vector<std::pair<std::vector<int>, std::string>> texts;
        for (const Move& m : moves) {
            const auto routes = walk_routes(p, m);  // walked once: the sort key and the text
            texts.emplace_back(routes.empty() ? std::vector<int>{} : routes.front(),
                               notation_detail::move_text<typename P::Geometry>(routes, m, n));
        }
        std::sort(texts.begin(), texts.end());
        std::string s;
        for (std::size_t i = 0; i < texts.size(); ++i) {
            if (i) s += i + 1 == texts.size() ? (texts.size() == 2 ? " or " : ", or ") : ", ";
            s += texts[i].second;
        }
        return s;
    }
    template <class P>
    static std::string legal_captures(const MoveReading<P>& r, const std::vector<Move>& legal) {
        return " (the legal captures are " + list(r.p, legal, r.n()) + ")";
    }

    template <class P>
    static Error no_piece(const MoveReading<P>& r) {
        const Color us = r.us();
        const int from = r.t.squares.front();
        const std::string there = (r.p.pieces(~us) & bit_at<typename P::Geometry>(from))
                                      ? std::string(" (a ") + color_name(~us) + " piece stands there)"
                                      : " (it is empty)";
        return Error{std::string("no piece of the side to move (") + color_name(us) + ") on " + r.sq(from) +
                     there};
    }
    template <class P>
    static std::optional<Error> no_legal_move(const MoveReading<P>& r, const std::vector<Move>& legal) {
        if (!legal.empty()) return std::nullopt;
        return Error{std::string("not a legal move: ") + color_name(r.us()) + " has no legal move"};
    }
    template <class P>
    static Error step_not_capture(const MoveReading<P>& r, const std::vector<Move>& same_ends,
                                  const std::vector<Move>& legal) {
        if (!same_ends.empty())
            return Error{"captures are written with 'x': " + r.typed() + " is " + list(r.p, same_ends, r.n())};
        return Error{"a capture is compulsory: " + r.typed() + " is not one; the legal captures are " +
                     list(r.p, legal, r.n())};
    }
    template <class P>
    static Error long_step(const MoveReading<P>& r) {
        return Error{"not a legal move: a step goes from one square to the next, " + r.typed() + " names " +
                     std::to_string(r.t.squares.size()) + " squares"};
    }
    template <class P>
    static Error no_such_step(const MoveReading<P>& r) {
        using Geo = typename P::Geometry;
        const int from = r.t.squares.front(), to = r.t.squares.back();
        const int df = Geo::file_of(to) - Geo::file_of(from), dr = Geo::rank_of(to) - Geo::rank_of(from);
        if ((df != 1 && df != -1) || (dr != 1 && dr != -1))
            return Error{"not a legal move: " + r.typed() + " is not a step to a diagonal neighbour"};
        if (r.p.occupied() & bit_at<Geo>(to))
            return Error{"not a legal move: " + r.typed() + " goes to " + r.sq(to) + ", which is not empty"};
        if (!(r.p.kings() & bit_at<Geo>(from)) && dr != forward_rank(r.us()))
            return Error{"not a legal move: " + r.typed() + " goes backwards (men move forward only)"};
        return Error{"not a legal move: " + r.typed()};
    }
    template <class P>
    static Error no_capture(const MoveReading<P>& r, const std::vector<Move>& same_ends) {
        const std::string hint = same_ends.size() == 1 && r.t.squares.size() == 2
                                     ? " (did you mean " + move_text_in(r.p, same_ends.front(), r.n()) + "?)"
                                     : "";
        return Error{"not a legal move: " + r.typed() + " is written as a capture, but " + color_name(r.us()) +
                     " has no capture here" + hint};
    }
    template <class P>
    static Error ambiguous(const MoveReading<P>& r, const std::vector<Move>& matches) {
        return Error{"ambiguous move " + r.typed() + ": it could be " + list(r.p, matches, r.n()) +
                     "; write every landing square"};
    }
    // A capture path no legal move has: which jump breaks the rules.
    template <class P>
    static Result<Move> no_such_capture(const MoveReading<P>& r, const std::vector<Move>& legal) {
        using Geo = typename P::Geometry;
        const auto walked = walk_capture(r.p, r.t.squares, r.n());
        if (!walked) return Error{walked.error() + legal_captures(r, legal)};
        const int from = Geo::bit_of(r.t.squares.front()), to = Geo::bit_of(r.t.squares.back());
        for (const Move& m : legal)
            if (m.from == from && m.to == to && m.captured == walked.value()) return m;
        return Error{"not a legal move: " + r.typed() + legal_captures(r, legal)};
    }
};

// The FMJD wording, right for any rules: international draughts, Brazilian, and every new game.
template <>
struct Wording<Dialect::Fmjd> {
    static constexpr bool side_alone = false;
    static constexpr bool dot_ends_empty_list = true;

    static std::string found(TextCursor& in) { return in.here(); }
    static std::string no_text(TextCursor& in) { return bad_side(in); }
    static std::string bad_side(TextCursor& in) {
        return "expected the side to move, 'W' or 'B', found " + found(in);
    }
    static std::string no_list(TextCursor& in, int) { return "expected ':' and a colour's list, found " + found(in); }
    static std::string no_colour(TextCursor& in) { return "expected 'W' or 'B' to start a list, found " + found(in); }
    static std::string list_twice(Color c) { std::string s = "two lists for "; return s += color_name(c); }
    static std::string trailing(TextCursor& in) { return "unexpected text after the two lists: " + found(in); }

    // Moves: spaces may stand inside a board name ("e 5"), which is quoted lower-cased; mixed
    // notations and too many squares are refused as soon as they are read, and so is a step of
    // more than two squares.
    static constexpr bool spaces_in_names = true;
    static constexpr bool names_as_typed = false;
    static constexpr bool checks_each_square = true;
    static constexpr bool steps_checked_early = true;

    static std::optional<Error> empty_move() { return std::nullopt; }
    static Error missing_square(std::string_view s) { return malformed(s, "expected a square at the end"); }
    static Error not_a_square(std::string_view s, std::size_t at) {
        return malformed(s, "expected a square at " + quoted(s.substr(at, 16)));
    }
    static std::optional<Error> bad_separator(std::string_view s, std::size_t at, char c, char sep,
                                              std::string_view) {
        if ((c == '-' || c == 'x') && (sep == 0 || c == sep)) return std::nullopt;
        return malformed(s, "expected " + (sep ? std::string("'") + sep + "'" : std::string("'-' or 'x'")) +
                                " at " + quoted(s.substr(at, 16)));
    }
    static Error too_few(std::string_view s) { return malformed(s, "a move names at least two squares"); }

    // The moves as text for a message, in text order, comma separated.
    template <class P>
    static std::string list(const P& p, const std::vector<Move>& moves, Notation n) {
        std::vector<std::string> texts;
        for (const Move& m : moves) texts.push_back(move_text_in(p, m, n));
        std::sort(texts.begin(), texts.end());
        std::string s;
        for (const auto& t : texts) s += (s.empty() ? "" : ", ") + t;
        return s;
    }

    template <class P>
    static Error illegal(const MoveReading<P>& r, const std::string& why) {
        return Error{"illegal move " + r.shown() + ": " + why};
    }
    template <class P>
    static Error no_piece(const MoveReading<P>& r) {
        return illegal(r, "no " + std::string(color_name(r.us())) + " piece on " + r.sq(r.t.squares.front()));
    }
    template <class P>
    static std::optional<Error> no_legal_move(const MoveReading<P>&, const std::vector<Move>&) {
        return std::nullopt;  // said below: not a legal step, or no capture here
    }
    template <class P>
    static Error step_not_capture(const MoveReading<P>& r, const std::vector<Move>&, const std::vector<Move>& legal) {
        return illegal(r, "a capture is compulsory (" + list(r.p, legal, r.n()) + ")");
    }
    template <class P>
    static Error long_step(const MoveReading<P>& r) {
        return malformed(r.text, "a step names two squares; write captures with 'x'");
    }
    template <class P>
    static Error no_such_step(const MoveReading<P>& r) {
        return illegal(r, "not a legal step here");
    }
    template <class P>
    static Error no_capture(const MoveReading<P>& r, const std::vector<Move>&) {
        return illegal(r, "there is no capture here");
    }
    template <class P>
    static Error ambiguous(const MoveReading<P>& r, const std::vector<Move>& matches) {
        return Error{"ambiguous move " + r.shown() + ": it could be " + list(r.p, matches, r.n())};
    }
    template <class P>
    static Result<Move> no_such_capture(const MoveReading<P>& r, const std::vector<Move>& legal) {
        const char* which = P::Trait::majority_capture ? ", which take the most pieces" : "";
        return illegal(r, std::string("not one of the legal captures") + which + " (" + list(r.p, legal, r.n()) + ")");
    }
};

// ---------------------------------------------------------------------------------------------
// FEN

Error fen_error(const std::string& what) { return Error{"bad FEN: " + what}; }

// One colour's list after its letter: items `N`, `KN`, `N-M` or `KN-M`, comma separated, possibly
// none, up to the next ':' or the end.
template <class P, class W>
std::optional<Error> read_list(TextCursor& in, Color c, std::array<Bitboard, 2>& pieces, Bitboard& kings) {
    using Geo = typename P::Geometry;
    const std::string name = color_name(c);
    if (in.at_end() || in.peek() == ':' || (W::dot_ends_empty_list && in.peek() == '.')) return std::nullopt;
    for (;;) {
        const bool king = in.take('K');
        std::string_view text;
        const auto first = in.number(text);
        if (!first) return fen_error("expected a square number in " + name + "'s list, found " + W::found(in));
        std::string item(text);
        if (*first < 1 || *first > Geo::squares)
            return fen_error("unknown square " + quoted(text) + " " + squares_range<Geo>());
        int last = *first;
        if (in.take('-')) {
            const auto second = in.number(text);
            if (!second)
                return fen_error("expected a square number after " + quoted(item + "-") + ", found " + W::found(in));
            item += "-" + std::string(text);
            if (*second < 1 || *second > Geo::squares)
                return fen_error("unknown square " + quoted(text) + " in range " + quoted(item) + " " +
                                 squares_range<Geo>());
            if (*second < *first) return fen_error("reversed range " + quoted(item));
            last = *second;
        }
        for (int n = *first; n <= last; ++n) {
            const Bitboard b = bit_at<Geo>(n - 1);
            const std::string sq = std::to_string(n);
            if (pieces[index(c)] & b)
                return fen_error("square " + sq + " listed twice for " + name + " (in " + quoted(item) + ")");
            if (pieces[index(~c)] & b)
                return fen_error("square " + sq + " listed for both White and Black (in " + quoted(item) + ")");
            if (!king && (crown_row<typename P::Trait>(c) & b))
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
        return fen_error("expected ',' or ':' after " + quoted(item) + ", found " + W::found(in));
    }
}

template <class P>
Result<P> read_fen(std::string_view fen) {
    using W = Wording<P::Trait::dialect>;
    TextCursor in(fen);
    if (in.at_end()) return fen_error(W::no_text(in));
    const char side_letter = in.peek();
    if (side_letter != 'W' && side_letter != 'B') return fen_error(W::bad_side(in));
    in.skip_char();
    if constexpr (W::side_alone)
        if (in.letter_next()) return fen_error(W::side_not_alone(in));
    std::array<Bitboard, 2> pieces{};
    Bitboard kings = 0;
    std::array<bool, 2> seen{};
    for (int lists = 0; lists < 2; ++lists) {
        if (!in.take(':')) return fen_error(W::no_list(in, lists));
        const char letter = in.peek();
        if (letter != 'W' && letter != 'B') return fen_error(W::no_colour(in));
        in.skip_char();
        const Color c = letter == 'B' ? Color::Black : Color::White;
        if (seen[index(c)]) return fen_error(W::list_twice(c));
        seen[index(c)] = true;
        if (auto e = read_list<P, W>(in, c, pieces, kings)) return *e;
    }
    in.take('.');
    if (!in.at_end()) return fen_error(W::trailing(in));
    // A side never has more pieces than it starts with (captures take pieces, crowning keeps the
    // count), so a FEN with more describes no position of the game; the evaluation's tables are
    // sized for the start's count too.
    const int most = popcount(P::start().pieces(Color::White));
    for (const Color c : {Color::White, Color::Black})
        if (popcount(pieces[index(c)]) > most)
            return fen_error(std::string(color_name(c)) + " has " + std::to_string(popcount(pieces[index(c)])) +
                             " pieces; a side has at most the " + std::to_string(most) + " it starts with");
    return P::from_bitboards(pieces[0], pieces[1], kings, side_letter == 'B' ? Color::Black : Color::White);
}

// ---------------------------------------------------------------------------------------------
// Move text

// Squares, all numbers or all board names, separated by one kind of separator, '-' or 'x' (either
// case), with spaces allowed around them. `s` is trimmed.
template <class Geo, class W>
Result<MoveTokens> lex_move(std::string_view s) {
    if (s.empty())
        if (auto e = W::empty_move()) return *e;
    TextCursor in(s);
    MoveTokens out;
    bool numbers = false, names = false;
    for (;;) {
        if (in.at_end()) return W::missing_square(s);
        const std::size_t start = in.pos();
        std::string_view digits;
        if (const char letter = in.name_letter()) {
            in.skip_char();
            const auto rank = in.number(digits, W::spaces_in_names);
            if (!rank) return W::not_a_square(s, start);
            const std::string name =
                W::names_as_typed ? std::string(s.substr(start, in.pos() - start)) : letter + std::string(digits);
            const char last_file = char('a' + Geo::files - 1);
            const int sq = letter <= last_file ? Geo::square_at(letter - 'a', *rank) : -1;
            if (sq < 0) {
                const bool on_board = letter <= last_file && *rank >= 1 && *rank <= Geo::rows;
                return Error{"unknown square " + quoted(name) + " in " + quoted(s) +
                             (on_board ? std::string(" (a light square: pieces stand on the dark squares)")
                                       : std::string(" (files are a to ") + last_file + ", ranks 1 to " +
                                             std::to_string(Geo::rows) + ")")};
            }
            out.squares.push_back(sq);
            names = true;
        } else if (const auto n = in.number(digits)) {
            if (*n < 1 || *n > Geo::squares)
                return Error{"unknown square " + quoted(digits) + " in " + quoted(s) + " " + squares_range<Geo>()};
            out.squares.push_back(*n - 1);
            numbers = true;
        } else {
            return W::not_a_square(s, start);
        }
        const std::string_view square = s.substr(start, in.pos() - start);
        if constexpr (W::checks_each_square) {
            if (numbers && names) return malformed(s, "mixes square numbers and board names");
            if (out.squares.size() > 64) return malformed(s, "too many squares");
        }
        if (in.at_end()) break;
        const char c = in.peek() == 'X' ? 'x' : in.peek();
        if (auto e = W::bad_separator(s, in.pos(), c, out.sep, square)) return *e;
        out.sep = c;
        in.skip_char();
        if constexpr (!W::checks_each_square)
            if (out.squares.size() > 64) return malformed(s, "too many squares");
    }
    if (out.squares.size() < 2) return W::too_few(s);
    if constexpr (!W::checks_each_square)
        if (numbers && names) return malformed(s, "mixes square numbers and board names");
    if constexpr (W::steps_checked_early)
        if (out.sep == '-' && out.squares.size() != 2)
            return malformed(s, "a step names two squares; write captures with 'x'");
    out.notation = names ? Notation::Names : Notation::Numbers;
    return out;
}

template <class P>
Result<Move> read_move(const P& p, std::string_view raw) {
    using Geo = typename P::Geometry;
    using W = Wording<P::Trait::dialect>;
    const std::string_view text = trim(raw);
    const auto lexed = lex_move<Geo, W>(text);
    if (!lexed) return Error{lexed.error()};
    const MoveTokens& t = lexed.value();
    const MoveReading<P> r{p, text, t};
    if (!(p.pieces(r.us()) & bit_at<Geo>(t.squares.front()))) return W::no_piece(r);

    MoveListFor<typename P::Trait> list;
    generate_moves(p, list);
    const std::vector<Move> legal(list.begin(), list.end());
    if (auto e = W::no_legal_move(r, legal)) return *e;
    const bool must_capture = !legal.empty() && legal.front().is_capture();
    const int from = Geo::bit_of(t.squares.front()), to = Geo::bit_of(t.squares.back());
    std::vector<Move> same_ends;
    for (const Move& m : legal)
        if (m.from == from && m.to == to) same_ends.push_back(m);

    if (t.sep == '-') {
        if (must_capture) return W::step_not_capture(r, same_ends, legal);
        if constexpr (!W::steps_checked_early)
            if (t.squares.size() > 2) return W::long_step(r);
        if (same_ends.size() == 1) return same_ends.front();
        return W::no_such_step(r);
    }
    if (!must_capture) return W::no_capture(r, same_ends);
    // From and to alone, or the whole path.
    std::vector<Move> matches;
    if (t.squares.size() == 2) {
        matches = same_ends;
    } else {
        for (const Move& m : same_ends)
            for (const auto& route : walk_routes(p, m))
                if (route == t.squares) matches.push_back(m);
    }
    if (matches.size() == 1) return matches.front();
    if (matches.size() > 1) return W::ambiguous(r, matches);
    return W::no_such_capture(r, legal);
}

}  // namespace

}  // namespace notation_detail

// ---------------------------------------------------------------------------------------------
// The API of notation.hpp.

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
    return notation_detail::read_fen<BasicPosition<B>>(fen);
}

template <RulesTrait B>
std::vector<std::vector<int>> routes_of(const BasicPosition<B>& p, const Move& m) {
    return notation_detail::walk_routes(p, m);
}

template <RulesTrait B>
std::string move_text(const BasicPosition<B>& p, const Move& m, Notation n) {
    return notation_detail::move_text_in(p, m, n);
}

template <RulesTrait B>
Result<Move> parse_move(const BasicPosition<B>& p, std::string_view text) {
    return notation_detail::read_move(p, text);
}

template <RulesTrait B>
std::vector<std::string> legal_move_texts(const BasicPosition<B>& p, Notation n) {
    std::vector<std::string> out;
    for (const Move& m : legal_moves(p)) out.push_back(move_text(p, m, n));
    return out;
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
