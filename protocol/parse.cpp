#include "protocol/command.hpp"

#include <charconv>
#include <limits>

namespace tempo::protocol {

namespace {

constexpr bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// The words of a line, each a view into it.
std::vector<std::string_view> split(std::string_view line) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && is_space(line[i])) ++i;
        const std::size_t start = i;
        while (i < line.size() && !is_space(line[i])) ++i;
        if (i > start) words.push_back(line.substr(start, i - start));
    }
    return words;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

// A plain decimal number in [lo, hi], or the message that says why not.
template <class T>
std::variant<T, std::string> number(std::string_view what, std::string_view text, T lo, T hi) {
    T v{};
    const char* const end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, v);
    if (text.empty() || text.front() == '+' || ptr != end || ec == std::errc::invalid_argument)
        return std::string(what) + " needs a number, not '" + quoted(text) + "'";
    if (ec == std::errc::result_out_of_range || v < lo || v > hi)
        return std::string(what) + " " + quoted(text) + " is out of range " + std::to_string(lo) +
               ".." + std::to_string(hi);
    return v;
}

constexpr int MaxMs = std::numeric_limits<int>::max();

Command parse_setoption(std::string_view line, const std::vector<std::string_view>& w) {
    if (w.size() < 3 || w[1] != "name") return Invalid{"setoption needs 'name <option>'"};
    SetOption s;
    std::size_t i = 2;
    for (; i < w.size() && w[i] != "value"; ++i) {
        if (!s.name.empty()) s.name += ' ';
        s.name.append(w[i]);
    }
    if (s.name.empty()) return Invalid{"setoption needs an option name"};
    if (i < w.size()) {  // the value: the rest of the line after the word `value`
        const std::size_t at = std::size_t(w[i].data() - line.data()) + w[i].size();
        s.value = std::string(trim(line.substr(at)));
    }
    return s;
}

Command parse_position(const std::vector<std::string_view>& w) {
    if (w.size() < 2) return Invalid{"position needs 'startpos' or 'fen <FEN>'"};
    SetPosition p;
    std::size_t i = 2;
    if (w[1] == "startpos") {
    } else if (w[1] == "fen") {
        std::string fen;
        for (; i < w.size() && w[i] != "moves"; ++i) {
            if (!fen.empty()) fen += ' ';
            fen.append(w[i]);
        }
        if (fen.empty()) return Invalid{"position fen needs a FEN"};
        p.fen = std::move(fen);
    } else {
        return Invalid{"position needs 'startpos' or 'fen <FEN>', not '" + quoted(w[1]) + "'"};
    }
    if (i < w.size()) {
        if (w[i] != "moves") return Invalid{"unexpected '" + quoted(w[i]) + "' after position startpos"};
        for (++i; i < w.size(); ++i) p.moves.emplace_back(w[i]);
    }
    return p;
}

Command parse_go(const std::vector<std::string_view>& w) {
    Go g;
    if (w.size() >= 2 && w[1] == "perft") {
        if (w.size() != 3) return Invalid{"go perft needs one depth"};
        auto d = number<int>("perft depth", w[2], 1, 20);
        if (auto* e = std::get_if<std::string>(&d)) return Invalid{*e};
        return Perft{std::get<int>(d)};
    }
    bool seen_infinite = false, seen_ponder = false;
    for (std::size_t i = 1; i < w.size(); ++i) {
        const std::string_view key = w[i];
        if (key == "infinite" || key == "ponder") {
            bool& seen = key == "infinite" ? seen_infinite : seen_ponder;
            if (seen) return Invalid{"go: '" + std::string(key) + "' given twice"};
            seen = true;
            (key == "infinite" ? g.infinite : g.ponder) = true;
            continue;
        }
        if (key == "searchmoves") {
            if (!g.searchmoves.empty()) return Invalid{"go: 'searchmoves' given twice"};
            for (++i; i < w.size(); ++i) g.searchmoves.emplace_back(w[i]);
            if (g.searchmoves.empty()) return Invalid{"go searchmoves needs at least one move"};
            break;
        }
        std::optional<int>* ms = key == "movetime"    ? &g.movetime
                                 : key == "wtime"     ? &g.wtime
                                 : key == "btime"     ? &g.btime
                                 : key == "winc"      ? &g.winc
                                 : key == "binc"      ? &g.binc
                                 : key == "movestogo" ? &g.movestogo
                                 : key == "depth"     ? &g.depth
                                                      : nullptr;
        if (!ms && key != "nodes") return Invalid{"go: unknown limit '" + quoted(key) + "'"};
        if (i + 1 >= w.size()) return Invalid{"go " + std::string(key) + " needs a value"};
        const std::string_view text = w[++i];
        if (key == "nodes") {
            if (g.nodes) return Invalid{"go: 'nodes' given twice"};
            auto n = number<std::uint64_t>("go nodes", text, 1, std::uint64_t(1) << 62);
            if (auto* e = std::get_if<std::string>(&n)) return Invalid{*e};
            g.nodes = std::get<std::uint64_t>(n);
            continue;
        }
        if (*ms) return Invalid{"go: '" + std::string(key) + "' given twice"};
        const int lo = key == "depth" || key == "movestogo" ? 1 : 0;
        const int hi = key == "depth" ? 100 : MaxMs;
        auto v = number<int>("go " + std::string(key), text, lo, hi);
        if (auto* e = std::get_if<std::string>(&v)) return Invalid{*e};
        *ms = std::get<int>(v);
    }
    return g;
}

// A command that takes no arguments.
template <class C>
Command bare(const std::vector<std::string_view>& w) {
    if (w.size() > 1) return Invalid{"'" + std::string(w[0]) + "' takes no arguments"};
    return C{};
}

}  // namespace

std::string quoted(std::string_view text, std::size_t limit) {
    static constexpr char Hex[] = "0123456789abcdef";
    std::string out;
    for (const char c : text) {
        if (out.size() >= limit) {
            out += "...";
            break;
        }
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7f && c != '\\') {
            out += c;
        } else {
            out += "\\x";
            out += Hex[u >> 4];
            out += Hex[u & 15];
        }
    }
    return out;
}

std::optional<Command> parse(std::string_view line) {
    const std::vector<std::string_view> w = split(line);
    if (w.empty()) return std::nullopt;
    const std::string_view c = w[0];
    if (c == "uci") return bare<Uci>(w);
    if (c == "isready") return bare<IsReady>(w);
    if (c == "ucinewgame") return bare<UciNewGame>(w);
    if (c == "stop") return bare<Stop>(w);
    if (c == "ponderhit") return bare<PonderHit>(w);
    if (c == "quit") return bare<Quit>(w);
    if (c == "d") return bare<Display>(w);
    if (c == "legal") return bare<Legal>(w);
    if (c == "status") return bare<StatusQuery>(w);
    if (c == "eval") return bare<Eval>(w);
    if (c == "setoption") return parse_setoption(line, w);
    if (c == "position") return parse_position(w);
    if (c == "go") return parse_go(w);
    if (c == "bench") {
        if (w.size() > 2) return Invalid{"bench takes at most a depth"};
        if (w.size() == 1) return Bench{};
        auto d = number<int>("bench depth", w[1], 1, 100);
        if (auto* e = std::get_if<std::string>(&d)) return Invalid{*e};
        return Bench{std::get<int>(d)};
    }
    return Invalid{"unknown command '" + quoted(c) + "'"};
}

}  // namespace tempo::protocol
