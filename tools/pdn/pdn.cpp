// PDN reading, writing and replay (see pdn.hpp).
#include "tools/pdn/pdn.hpp"

#include <cctype>
#include <fstream>
#include <sstream>

namespace tempo::pdn {

namespace {

bool is_result(std::string_view w) {
    return w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*" || w == "2-0" || w == "0-2" ||
           w == "1-1";
}

std::string normal_result(std::string_view w) {
    if (w == "2-0") return "1-0";
    if (w == "0-2") return "0-1";
    if (w == "1-1") return "1/2-1/2";
    return std::string(w);
}

// Escapes a tag value: PDN quotes with a backslash.
std::string quoted(std::string_view v) {
    std::string out = "\"";
    for (char c : v) {
        if (c == '"' || c == '\\') out += '\\';
        out += (c == '\n' || c == '\r') ? ' ' : c;
    }
    return out + "\"";
}

// A comment must not close itself early.
std::string braced(std::string_view c) {
    std::string out = "{";
    for (char ch : c) out += ch == '}' ? ')' : ch;
    return out + "}";
}

std::string error_at(int line, const std::string& what) {
    return "line " + std::to_string(line) + ": " + what;
}

}  // namespace

const std::string* PdnGame::tag(std::string_view name) const {
    for (const auto& [k, v] : tags)
        if (k == name) return &v;
    return nullptr;
}

void PdnGame::set_tag(std::string_view name, std::string value) {
    for (auto& [k, v] : tags)
        if (k == name) {
            v = std::move(value);
            return;
        }
    tags.emplace_back(std::string(name), std::move(value));
}

void PdnGame::add_move(std::string text, std::string comment) {
    moves.push_back(std::move(text));
    comments.push_back(std::move(comment));
}

std::string result_text(const Status& s) {
    switch (s.outcome) {
        case Outcome::BlackWins: return "1-0";
        case Outcome::WhiteWins: return "0-1";
        case Outcome::Draw: return "1/2-1/2";
        default: return "*";
    }
}

PdnGame record(const Game& game, const std::vector<std::pair<std::string, std::string>>& tags,
               std::string_view result) {
    PdnGame g;
    for (const auto& [k, v] : tags) g.set_tag(k, v);
    g.set_tag("GameType", "21");
    const Position& start = game.start_position();
    if (!(start == Position::start(Color::Black)) || start.quiet_plies() != 0)
        g.set_tag("FEN", to_fen(start));
    g.set_tag("Result", std::string(result));
    for (const std::string& m : game.move_texts()) g.add_move(m);
    g.result = std::string(result);
    return g;
}

std::string write(const PdnGame& game) {
    std::string out;
    for (const auto& [k, v] : game.tags) out += "[" + k + " " + quoted(v) + "]\n";
    out += "\n";

    // Who moves first decides the numbering: "1. 9-13 22-18" or "1... 22-18 2. 11-15".
    bool white_first = false;
    if (const std::string* fen = game.tag("FEN"); fen && !fen->empty()) white_first = (*fen)[0] == 'W';

    std::string line;
    auto put = [&](const std::string& word) {
        if (!line.empty() && line.size() + 1 + word.size() > 79) {
            out += line + "\n";
            line.clear();
        }
        if (!line.empty()) line += ' ';
        line += word;
    };
    if (!game.intro.empty()) put(braced(game.intro));
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const std::size_t ply = i + (white_first ? 1 : 0);
        const std::string number = std::to_string(ply / 2 + 1);
        if (ply % 2 == 0) put(number + ". " + game.moves[i]);
        else if (i == 0 || !game.comments[i - 1].empty()) put(number + "... " + game.moves[i]);
        else put(game.moves[i]);
        if (!game.comments[i].empty()) put(braced(game.comments[i]));
    }
    put(game.result);
    out += line + "\n\n";
    return out;
}

Result<std::vector<PdnGame>> read(std::string_view text) {
    std::vector<PdnGame> games;
    PdnGame g;
    bool in_moves = false, started = false;
    int line = 1;
    std::size_t i = 0;
    auto finish = [&] {
        if (started) games.push_back(std::move(g));
        g = PdnGame{};
        in_moves = started = false;
    };
    auto begin = [&] {
        if (!started) {
            started = true;
            g.line = line;
        }
    };
    while (i < text.size()) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
            ++i;
        } else if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
        } else if (c == '%' && (i == 0 || text[i - 1] == '\n')) {  // an escape line
            while (i < text.size() && text[i] != '\n') ++i;
        } else if (c == '[') {
            if (in_moves) return Error{error_at(line, "a tag after the moves (a result is missing)")};
            begin();
            const std::size_t end = text.find(']', i);
            const std::size_t eol = text.find('\n', i);
            if (end == std::string_view::npos || end > eol) return Error{error_at(line, "unclosed tag")};
            const std::string_view body = text.substr(i + 1, end - i - 1);
            const std::size_t sp = body.find_first_of(" \t");
            const std::size_t q = body.find('"');
            if (sp == std::string_view::npos || q == std::string_view::npos || body.back() != '"' || q == body.size() - 1)
                return Error{error_at(line, "malformed tag '[" + std::string(body) + "]'")};
            std::string value;
            for (std::size_t k = q + 1; k + 1 < body.size(); ++k) {
                if (body[k] == '\\' && k + 2 < body.size()) ++k;
                value += body[k];
            }
            g.set_tag(body.substr(0, sp), value);
            i = end + 1;
        } else if (c == '{') {
            begin();
            const std::size_t end = text.find('}', i);
            if (end == std::string_view::npos) return Error{error_at(line, "unclosed comment")};
            std::string comment(text.substr(i + 1, end - i - 1));
            for (char ch : comment) line += ch == '\n';
            for (char& ch : comment)
                if (ch == '\n' || ch == '\r') ch = ' ';
            if (g.moves.empty()) g.intro = comment;
            else g.comments.back() = comment;
            in_moves = true;
            i = end + 1;
        } else if (c == '(') {  // a variation: skipped, nesting counted
            int depth = 0;
            const int at = line;
            do {
                if (i >= text.size()) return Error{error_at(at, "unclosed variation")};
                if (text[i] == '(') ++depth;
                if (text[i] == ')') --depth;
                if (text[i] == '\n') ++line;
                ++i;
            } while (depth > 0);
        } else {
            begin();
            std::size_t end = i;
            while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) &&
                   text[end] != '{' && text[end] != '(' && text[end] != '[')
                ++end;
            std::string_view word = text.substr(i, end - i);
            i = end;
            if (is_result(word)) {
                g.result = normal_result(word);
                finish();
                continue;
            }
            in_moves = true;
            // A move number, possibly glued to the move: "12." "12..." "12.9-13".
            std::size_t d = 0;
            while (d < word.size() && std::isdigit(static_cast<unsigned char>(word[d]))) ++d;
            if (d > 0 && d < word.size() && word[d] == '.') {
                while (d < word.size() && word[d] == '.') ++d;
                word.remove_prefix(d);
            }
            if (word.empty() || word[0] == '$') continue;
            while (!word.empty() && (word.back() == '!' || word.back() == '?')) word.remove_suffix(1);
            if (word.empty()) continue;
            if (word.find_first_of("-x") == std::string_view::npos)
                return Error{error_at(line, "'" + std::string(word) + "' is neither a move nor a result")};
            g.add_move(std::string(word));
        }
    }
    if (started) {
        if (!g.moves.empty() || in_moves) return Error{error_at(g.line, "the last game has no result")};
        games.push_back(std::move(g));
    }
    return games;
}

Result<Game> replay(const PdnGame& pg) {
    // Legality only: a file may go on past a draw by repetition or the 80-ply rule.
    Rules rules{Color::Black, false, 0};
    Game game(rules);
    if (const std::string* fen = pg.tag("FEN"); fen && !fen->empty()) {
        auto g = Game::from_fen(*fen, rules);
        if (!g) return Error{"bad FEN tag: " + g.error()};
        game = std::move(g.value());
    }
    for (std::size_t i = 0; i < pg.moves.size(); ++i) {
        const Color side = game.position().side_to_move();
        if (auto played = game.play(pg.moves[i]); !played) {
            const std::size_t ply = i + (game.start_position().side_to_move() == Color::White ? 1 : 0);
            return Error{"move " + std::to_string(ply / 2 + 1) + " (" +
                         (side == Color::Black ? "Black" : "White") + ") '" + pg.moves[i] +
                         "': " + played.error()};
        }
    }
    return game;
}

Result<std::string> read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error{"cannot open '" + path + "'"};
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace tempo::pdn
