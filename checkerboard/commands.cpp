// enginecommand: the commands of hosts.md section 1.5, each answered in words. A `set` checks its
// value first and changes nothing when it refuses it; what it refuses, and everything unknown,
// returns 0 (unknown commands reply "?", as CheckerBoard expects).
#include <algorithm>
#include <charconv>
#include <filesystem>
#include <thread>
#include <tuple>

#include "checkerboard/board.hpp"
#include "checkerboard/library.hpp"
#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "protocol/moves.hpp"
#include "protocol/report.hpp"

namespace tempo::cb {

namespace {

constexpr int MaxThreads = 64;
constexpr int MaxHash = sizeof(void*) == 4 ? 1024 : 4096;  // MiB; a 32-bit process has 2 GiB in all
constexpr std::string_view HelpFile = "tempo_help.htm";

std::string_view trim(std::string_view s) {
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

// The first word of `s` and the rest, both trimmed.
std::pair<std::string_view, std::string_view> split(std::string_view s) {
    s = trim(s);
    const std::size_t end = s.find_first_of(" \t");
    if (end == std::string_view::npos) return {s, {}};
    return {s.substr(0, end), trim(s.substr(end))};
}

std::optional<int> number(std::string_view s) {
    int v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || end != s.data() + s.size() || s.empty()) return std::nullopt;
    return v;
}

// A value out of range, in words.
std::pair<std::string, bool> refuse(std::string_view name, std::string_view value, std::string_view allowed) {
    return {"set " + std::string(name) + ": '" + quoted(value) + "' refused; " + std::string(allowed) +
                " (unchanged)",
            false};
}

// `get movelist` of a position the FEN parser refuses, such as CheckerBoard's probe
// `B:W1:B` (a white man on its crowning row): when the side to move has no piece listed, it has
// no move, whatever the rest of the FEN says.
bool side_to_move_has_no_pieces(std::string_view fen) {
    fen = trim(fen);
    if (fen.empty() || (fen[0] != 'B' && fen[0] != 'W')) return false;
    const char side = fen[0];
    std::size_t at = 1;
    while (at < fen.size()) {
        if (fen[at] != ':') return false;
        const std::size_t next = std::min(fen.find(':', at + 1), fen.size());
        std::string_view list = trim(fen.substr(at + 1, next - at - 1));
        if (!list.empty() && list.back() == '.') list = trim(list.substr(0, list.size() - 1));
        if (list.size() == 1 && list[0] == side) return true;
        at = next;
    }
    return false;
}

std::string evaluation_text(const Position& p) {
    std::string s = "Tempo's static evaluation of " + to_fen(p) + ", in centi-men (a man is 100), for " +
                    (p.side_to_move() == Color::Black ? "Black" : "White") + " to move:\n";
    if (has_capture(p)) {
        std::string moves;
        for (const std::string& m : legal_move_texts(p)) moves += " " + m;
        return s + "none: a capture is pending (" + std::string(trim(moves)) +
               "), and only a quiet position has a static evaluation.";
    }
    if (const search::nnue::Network* net = search::nnue::Network::embedded())
        s += "network: " + std::to_string(net->evaluate(p)) + " (the evaluation the search uses)\n";
    s += "classic evaluation:";
    for (const auto& [name, score] : protocol::eval_terms(p)) s += " " + name + " " + std::to_string(score) + ",";
    s.back() = '\n';
    return s;
}

}  // namespace

int Library::command(std::string_view text, char* reply) {
    std::string answer;
    bool handled = false;
    std::size_t room = ShortReply;
    try {
        const auto [word, rest] = split(text);
        if (word == "name" && rest.empty()) {
            answer = "Tempo " TEMPO_VERSION;
            handled = true;
        } else if (word == "about" && rest.empty()) {
            answer = about();
            handled = true;
            room = LongReply;
        } else if (word == "help" && rest.empty()) {
            answer = HelpFile;
            handled = true;
        } else if (word == "get") {
            const auto [name, arg] = split(rest);
            if (name == "movelist") {
                room = LongReply;
                const Result<Position> p = parse_fen(arg);
                if (p) {
                    answer = movelist_text(*p);
                    handled = answer.size() < std::size_t(LongReply);
                    if (!handled) answer = "get movelist: the list is longer than the reply can hold";
                } else if (side_to_move_has_no_pieces(arg)) {
                    answer = "movelist 0";
                    handled = true;
                } else {
                    answer = "get movelist: bad FEN '" + quoted(arg) + "': " + p.error();
                }
            } else if (arg.empty()) {
                std::tie(answer, handled) = get(name);
            } else {
                answer = "?";
            }
        } else if (word == "set") {
            const auto [name, value] = split(rest);
            std::tie(answer, handled) = name == "gamehist" ? set_gamehist(value) : set(name, value);
        } else if (word == "staticevaluation") {
            room = LongReply;
            const Result<Position> p = parse_fen(rest);
            if (p) {
                answer = evaluation_text(*p);
                handled = true;
            } else {
                answer = "staticevaluation: bad FEN '" + quoted(rest) + "': " + p.error();
            }
        } else {
            answer = "?";
        }
    } catch (const std::exception& e) {  // out of memory: nothing has changed
        answer = std::string("error: ") + e.what();
        handled = false;
    }
    if (reply) {
        const std::size_t n = std::min(answer.size(), room - 1);
        std::copy_n(answer.data(), n, reply);
        reply[n] = '\0';
    }
    return handled ? 1 : 0;
}

std::pair<std::string, bool> Library::get(std::string_view name) {
    if (name == "gametype") return {std::to_string(GameTypeEnglish), true};
    if (name == "protocolversion") return {std::to_string(ProtocolVersion), true};
    if (name == "cpus") return {std::to_string(std::max(1u, std::thread::hardware_concurrency())), true};
    std::lock_guard<std::mutex> lock(state_mutex_);
    const Settings& s = settings_;
    if (name == "hashsize") return {std::to_string(s.hash_mb), true};
    if (name == "book") return {std::to_string(s.book), true};
    if (name == "searchthreads") return {std::to_string(s.threads), true};
    if (name == "dbmbytes") return {std::to_string(s.db_mbytes), true};
    if (name == "enable_wld") return {s.enable_wld ? "1" : "0", true};
    if (name == "max_dbpieces") return {std::to_string(s.max_dbpieces), true};
    if (name == "dbpath") return {s.dbpath, true};
    if (name == "bookfile") return {s.bookfile, true};
    // Not one of CheckerBoard's: what `set gamehist` left, for the Engine > Command dialog.
    if (name == "gamehist") {
        if (gamehist_.empty()) return {"gamehist: none", true};
        return {"gamehist: " + std::to_string(gamehist_.size() - 1) + " moves from " + to_fen(gamehist_.front()),
                true};
    }
    return {"?", false};
}

std::pair<std::string, bool> Library::set(std::string_view name, std::string_view value) {
    const std::optional<int> n = number(value);
    if (name == "gametype") {
        if (n == GameTypeEnglish) return {"gametype 21", true};
        return refuse(name, value, "Tempo plays English checkers only, gametype 21");
    }
    if (name == "bookfile") {  // read now, so that a bad file is refused and the old book kept
        Result<book::Book> b = load_book(std::string(value));
        if (!b) return {"set bookfile: " + b.error() + " (the book is unchanged)", false};
        const std::size_t positions = b->size();
        std::lock_guard<std::mutex> lock(state_mutex_);
        settings_.bookfile = std::string(value);
        book_ = std::move(b.value());
        book_error_.clear();
        return {"book " + (value.empty() ? std::string("built in") : std::string(value)) + ": " +
                    std::to_string(positions) + " positions",
                true};
    }
    if (name == "dbpath") {
        std::error_code ec;
        if (!value.empty() && !std::filesystem::is_directory(std::filesystem::path(value), ec))
            return {"set dbpath: no folder '" + quoted(value) + "' (unchanged)", false};
        std::lock_guard<std::mutex> lock(state_mutex_);
        settings_.dbpath = std::string(value);
        return {"dbpath " + std::string(value), true};
    }
    if (name == "hashsize") {
        if (!n || *n < 1 || *n > MaxHash) return refuse(name, value, "1 to " + std::to_string(MaxHash) + " MiB");
        // Allocating and clearing the table takes a while (a gigabyte: a good part of a second),
        // time that a getmove with exact time does not have: with no search running it is done
        // now (out of memory throws before anything has changed), and during one the next
        // getmove does it.
        std::unique_lock<std::mutex> idle(search_mutex_, std::try_to_lock);
        if (idle.owns_lock() && applied_.hash_mb != *n) {
            engine_.set_hash(std::size_t(*n));
            applied_.hash_mb = *n;
        }
        std::lock_guard<std::mutex> lock(state_mutex_);
        settings_.hash_mb = *n;
        return {"hashsize " + std::to_string(*n) + " MiB" + (idle.owns_lock() ? "" : " (from the next search)"), true};
    }
    std::lock_guard<std::mutex> lock(state_mutex_);
    Settings& s = settings_;
    if (name == "book") {
        if (!n || *n < BookNone || *n > BookBest) return refuse(name, value, "0 (off) to 3 (best moves only)");
        s.book = *n;
        constexpr const char* Words[] = {"off", "all kinds of moves", "good moves", "best moves"};
        return {std::string("book: ") + Words[*n], true};
    }
    if (name == "searchthreads") {
        if (!n || *n < 1 || *n > MaxThreads) return refuse(name, value, "1 to " + std::to_string(MaxThreads));
        s.threads = *n;
        return {"searchthreads " + std::to_string(*n), true};
    }
    if (name == "dbmbytes") {
        if (!n || *n < 0) return refuse(name, value, "a number of MiB");
        s.db_mbytes = *n;
        return {"", true};  // CheckerBoard shows a non-empty reply in a message box
    }
    if (name == "enable_wld") {
        if (n != 0 && n != 1) return refuse(name, value, "0 or 1");
        s.enable_wld = *n == 1;
        return {std::string("endgame database ") + (s.enable_wld ? "on" : "off"), true};
    }
    if (name == "max_dbpieces") {
        if (!n || *n < 0 || *n > 32) return refuse(name, value, "0 to 32 pieces");
        s.max_dbpieces = *n;
        return {"max_dbpieces " + std::to_string(*n) + " (Tempo's database holds " + std::to_string(s.db_pieces()) +
                    " pieces with these options)",
                true};
    }
    return {"?", false};
}

std::pair<std::string, bool> Library::set_gamehist(std::string_view text) {
    const auto [fen, rest] = split(text);
    if (fen.empty()) return {"set gamehist: no FEN (the history is unchanged)", false};
    const Result<Position> start = parse_fen(fen);
    if (!start) return {"set gamehist: bad FEN '" + quoted(fen) + "': " + start.error() + " (unchanged)", false};
    std::vector<std::string> words;
    for (std::string_view r = rest; !r.empty();) {
        const auto [w, after] = split(r);
        words.emplace_back(w);
        r = after;
    }
    const Result<std::vector<Move>> moves = protocol::read_moves(*start, words);
    if (!moves) return {"set gamehist: " + moves.error() + " (the history is unchanged)", false};
    std::vector<Position> positions{*start};
    for (const Move& m : *moves) positions.push_back(positions.back().after(m));
    std::lock_guard<std::mutex> lock(state_mutex_);
    gamehist_ = std::move(positions);
    return {"gamehist: " + std::to_string(moves->size()) + " moves", true};
}

std::string Library::about() {
    Settings s;
    std::size_t book_positions = 0;
    {
        std::lock_guard<std::mutex> lock(state_mutex_);
        s = settings_;
        if (book_) book_positions = book_->size();
    }
    std::string t = "Tempo " TEMPO_VERSION ", an English checkers engine\n"
                    "Search: alpha-beta with iterative deepening and a transposition table; evaluation: a "
                    "neural network built into the engine.\n";
    t += "Opening book: " + (s.bookfile.empty() ? std::string("built in") : s.bookfile);
    if (book_positions) t += ", " + std::to_string(book_positions) + " positions";
    t += "; level " + std::to_string(s.book) + ".\n";
    const int pieces = s.db_pieces();
    t += pieces == 0 ? std::string("Endgame database: off.\n")
                     : "Endgame database: up to " + std::to_string(pieces) + " pieces, " +
                           (s.db_file().empty() ? std::string("built in memory when an ending nears")
                                                : "read from " + s.db_file()) +
                           ".\n";
    t += "Hash: " + std::to_string(s.hash_mb) + " MiB; threads: " + std::to_string(s.threads) + ".\n";
    t += "Help: engines\\" + std::string(HelpFile) + ".";
    return t;
}

}  // namespace tempo::cb
