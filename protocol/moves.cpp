#include "protocol/moves.hpp"

#include <optional>

#include "protocol/command.hpp"

namespace tempo::protocol {

namespace {

// A square (0-based) from its PDN number or board name.
template <class V>
std::optional<int> square_of(std::string_view text) {
    for (int s = 0; s < V::squares; ++s)
        if (text == V::square_text(s, Notation::Numbers) || text == V::square_text(s, Notation::Names))
            return s;
    return std::nullopt;
}

// The squares of a capture word `a x b [x c …]`, or nothing when it is not one.
template <class V>
std::optional<std::vector<int>> jump_squares(std::string_view word) {
    std::vector<int> path;
    while (true) {
        const std::size_t x = word.find('x');
        const auto s = square_of<V>(word.substr(0, x));
        if (!s) return std::nullopt;
        path.push_back(*s);
        if (x == std::string_view::npos) break;
        word.remove_prefix(x + 1);
    }
    if (path.size() < 2) return std::nullopt;
    return path;
}

bool starts_with(const std::vector<int>& route, const std::vector<int>& path) {
    return route.size() >= path.size() && std::equal(path.begin(), path.end(), route.begin());
}

struct Match {
    int prefixes = 0;                 // routes that go on from the path
    std::optional<Move> exact;        // the move whose route is exactly the path
};

template <class V>
Match match(const typename V::Position& p, const std::vector<Move>& moves, const std::vector<int>& path) {
    Match r;
    for (const Move& m : moves) {
        if (!m.is_capture()) continue;
        for (const std::vector<int>& route : V::routes_of(p, m)) {
            if (route == path) r.exact = m;
            else if (starts_with(route, path)) ++r.prefixes;
        }
    }
    return r;
}

std::string joined(std::span<const std::string> words, std::size_t from, std::size_t to) {
    std::string s;
    for (std::size_t i = from; i < to && i < words.size(); ++i) s += (s.empty() ? "" : " ") + words[i];
    return quoted(s, 80);
}

}  // namespace

template <class V>
Result<std::vector<Move>> read_moves(const typename V::Position& start, std::span<const std::string> words) {
    std::vector<Move> out;
    typename V::Position p = start;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string where = "move " + std::to_string(i + 1) + " '" + quoted(words[i]) + "'";
        const Result<Move> whole = V::parse_move(p, words[i]);
        if (whole) {
            out.push_back(*whole);
            p = p.after(*whole);
            continue;
        }
        auto path = jump_squares<V>(words[i]);
        if (whole.error().find("ambiguous") != std::string::npos) return Error{where + ": " + whole.error()};
        const std::vector<Move> legal = V::legal_moves(p);
        if (!path || match<V>(p, legal, *path).prefixes == 0) return Error{where + ": " + whole.error()};
        // The first jumps of a capture: join the following words until the route is complete.
        std::size_t j = i + 1;
        while (true) {
            const Match m = match<V>(p, legal, *path);
            if (m.exact) {
                out.push_back(*m.exact);
                p = p.after(*m.exact);
                break;
            }
            if (m.prefixes == 0)
                return Error{"moves " + std::to_string(i + 1) + "-" + std::to_string(j) + " '" +
                             joined(words, i, j) + "' are not a legal capture"};
            const auto next = j < words.size() ? jump_squares<V>(words[j]) : std::nullopt;
            if (!next || next->front() != path->back())
                return Error{where + ": the capture is incomplete ('" + joined(words, i, j) +
                             "' must jump on from " + V::square_text(path->back(), Notation::Numbers) + ")"};
            path->insert(path->end(), next->begin() + 1, next->end());
            ++j;
        }
        i = j - 1;
    }
    return out;
}

template Result<std::vector<Move>> read_moves<English>(const English::Position&, std::span<const std::string>);
template Result<std::vector<Move>> read_moves<International>(const International::Position&,
                                                             std::span<const std::string>);
template Result<std::vector<Move>> read_moves<Brazilian>(const Brazilian::Position&, std::span<const std::string>);

}  // namespace tempo::protocol
