// The text form of a book (book/FORMAT.md): one position a line,
//   FEN | move score weight | move score weight ...
// written in key order, read strictly: each problem is reported with its line number.
#include <charconv>
#include <string>

#include "book/book.hpp"
#include "engine/notation.hpp"

namespace tempo::book {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> parts;
    for (std::size_t at = 0;;) {
        const std::size_t next = s.find(sep, at);
        parts.push_back(trim(s.substr(at, next == std::string_view::npos ? std::string_view::npos : next - at)));
        if (next == std::string_view::npos) return parts;
        at = next + 1;
    }
}

template <class T>
bool read_number(std::string_view text, T& v, T lo, T hi) {
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    return !text.empty() && ec == std::errc() && ptr == text.data() + text.size() && v >= lo && v <= hi;
}

// One `move score weight` field of a line.
Result<BookMove> read_move(const Position& p, std::string_view field) {
    const std::size_t last = field.rfind(' ');
    const std::size_t middle = last == std::string_view::npos ? last : field.rfind(' ', last - 1);
    if (middle == std::string_view::npos)
        return Error{"'" + std::string(field) + "' is not 'move score weight'"};
    const std::string_view text = trim(field.substr(0, middle)),
                           score = trim(field.substr(middle + 1, last - middle - 1)),
                           weight = field.substr(last + 1);
    const Result<Move> m = parse_move(p, text);
    if (!m) return Error{"move '" + std::string(text) + "': " + m.error()};
    BookMove bm;
    bm.move = *m;
    if (!read_number(score, bm.score, -MaxScore, MaxScore))
        return Error{"score '" + std::string(score) + "' is not a number in -32000..32000"};
    if (!read_number(weight, bm.weight, 0u, MaxWeight))
        return Error{"weight '" + std::string(weight) + "' is not a number in 0..65535"};
    return bm;
}

}  // namespace

std::string to_text(const Book& b) {
    std::string out = "# Tempo opening book, text form: FEN | move score weight | ... (book/FORMAT.md)\n";
    for (const Entry& e : b.entries()) {
        out += to_fen(e.position);
        for (const BookMove& m : e.moves) {
            out += " | " + move_text(e.position, m.move) + " " + std::to_string(m.score) + " " +
                   std::to_string(m.weight);
        }
        out += '\n';
    }
    return out;
}

Result<Book> from_text(std::string_view text) {
    Book book;
    std::size_t line_no = 0;
    for (std::string_view line : split(text, '\n')) {
        ++line_no;
        if (line.empty() || line.front() == '#') continue;
        const std::string where = "line " + std::to_string(line_no) + ": ";
        const std::vector<std::string_view> fields = split(line, '|');
        const Result<Position> p = parse_fen(fields.front());
        if (!p) return Error{where + "bad FEN '" + std::string(fields.front()) + "': " + p.error()};
        if (book.contains(*p)) return Error{where + "the position " + to_fen(*p) + " appears twice"};
        Entry e;
        e.position = *p;
        for (std::size_t i = 1; i < fields.size(); ++i) {
            const Result<BookMove> m = read_move(*p, fields[i]);
            if (!m) return Error{where + m.error()};
            for (const BookMove& o : e.moves)
                if (o.move == m->move) return Error{where + "the move '" + std::string(fields[i]) + "' appears twice"};
            e.moves.push_back(*m);
        }
        book.insert(std::move(e));
    }
    return book;
}

}  // namespace tempo::book
