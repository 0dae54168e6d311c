// PDN reading, writing and replay (see pdn.hpp).
#include "tools/pdn/pdn.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include "engine/notation_international.hpp"
#include "engine/rulebook.hpp"

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

Result<GameType> game_type(const PdnGame& game) {
    const std::string* tag = game.tag("GameType");
    if (!tag) return GameType::English;
    std::string number = tag->substr(0, tag->find(','));
    while (!number.empty() && number.back() == ' ') number.pop_back();
    while (!number.empty() && number.front() == ' ') number.erase(0, 1);
    for (std::size_t v = 0; v < VariantNames.size(); ++v)
        if (number == std::to_string(pdn_game_type(Variant(v)))) return game_type_of(Variant(v));
    return Error{"GameType \"" + *tag +
                 "\" is not supported (20: international draughts, 21: English draughts, 26: Brazilian "
                 "draughts)"};
}

std::string result_text(const Status& s, GameType type) {
    if (s.outcome == Outcome::Draw) return "1/2-1/2";
    if (s.outcome == Outcome::Ongoing) return "*";
    const Outcome first_wins = first_player(type) == Color::Black ? Outcome::BlackWins : Outcome::WhiteWins;
    return s.outcome == first_wins ? "1-0" : "0-1";
}

Outcome outcome_of(std::string_view result, GameType type) {
    const bool black_first = first_player(type) == Color::Black;
    if (result == "1/2-1/2") return Outcome::Draw;
    if (result == "1-0") return black_first ? Outcome::BlackWins : Outcome::WhiteWins;
    if (result == "0-1") return black_first ? Outcome::WhiteWins : Outcome::BlackWins;
    return Outcome::Ongoing;
}

namespace {

template <class G>
PdnGame record_of(const G& game, GameType type, const typename G::Position& standard,
                  const std::vector<std::pair<std::string, std::string>>& tags, std::string_view result) {
    PdnGame g;
    for (const auto& [k, v] : tags) g.set_tag(k, v);
    g.set_tag("GameType", std::to_string(int(type)));
    const auto& start = game.start_position();
    if (!(start == standard) || start.quiet_plies() != 0) g.set_tag("FEN", to_fen(start));
    g.set_tag("Result", std::string(result));
    for (const std::string& m : game.move_texts()) g.add_move(m);
    g.result = std::string(result);
    return g;
}

}  // namespace

PdnGame record(const Game& game, const std::vector<std::pair<std::string, std::string>>& tags,
               std::string_view result) {
    return record_of(game, GameType::English, Position::start(Color::Black), tags, result);
}

PdnGame record(const intl::Game& game, const std::vector<std::pair<std::string, std::string>>& tags,
               std::string_view result) {
    return record_of(game, GameType::International, intl::Position::start(), tags, result);
}

PdnGame record(const brazil::Game& game, const std::vector<std::pair<std::string, std::string>>& tags,
               std::string_view result) {
    return record_of(game, GameType::Brazilian, brazil::Position::start(), tags, result);
}

std::string write(const PdnGame& game) {
    std::string out;
    for (const auto& [k, v] : game.tags) out += "[" + k + " " + quoted(v) + "]\n";
    out += "\n";

    // The numbering counts the first player's move first: "1. 9-13 22-18", or "1... 22-18 2. 11-15"
    // when the game starts with the other side to move.
    const auto type = game_type(game);
    const Color first = first_player(type ? *type : GameType::English);
    Color starts = first;
    if (const std::string* fen = game.tag("FEN"); fen && !fen->empty())
        starts = (*fen)[0] == 'W' ? Color::White : (*fen)[0] == 'B' ? Color::Black : first;
    const bool second_starts = starts != first;

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
        const std::size_t ply = i + (second_starts ? 1 : 0);
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
            // [Name "value"]: the value may hold any character but a line break; \" and \\ escape.
            std::size_t k = i + 1;
            while (k < text.size() && (text[k] == ' ' || text[k] == '\t')) ++k;
            const std::size_t name_start = k;
            while (k < text.size() && (std::isalnum(static_cast<unsigned char>(text[k])) || text[k] == '_')) ++k;
            const std::string_view name = text.substr(name_start, k - name_start);
            while (k < text.size() && (text[k] == ' ' || text[k] == '\t')) ++k;
            const std::size_t eol = std::min(text.find('\n', i), text.size());
            if (name.empty() || k >= eol || text[k] != '"')
                return Error{error_at(line, "malformed tag '" + std::string(text.substr(i, eol - i)) + "'")};
            std::string value;
            for (++k; k < eol && text[k] != '"'; ++k) {
                if (text[k] == '\\' && k + 1 < eol) ++k;
                value += text[k];
            }
            ++k;
            while (k < eol && (text[k] == ' ' || text[k] == '\t')) ++k;
            if (k >= eol || text[k] != ']')
                return Error{error_at(line, "unclosed tag '" + std::string(text.substr(i, eol - i)) + "'")};
            g.set_tag(name, value);
            i = k + 1;
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

namespace {

std::string move_error(std::size_t i, Color first, Color start, Color side, const std::string& text,
                       const std::string& why) {
    const std::size_t ply = i + (start != first ? 1 : 0);
    return "move " + std::to_string(ply / 2 + 1) + " (" + (side == Color::Black ? "Black" : "White") + ") '" +
           text + "': " + why;
}

}  // namespace

Result<Game> replay(const PdnGame& pg) {
    const auto type = game_type(pg);
    if (!type) return Error{type.error()};
    if (*type != GameType::English)
        return Error{std::string("not an English draughts game (GameType ") + std::to_string(int(*type)) +
                     (*type == GameType::International ? ": international draughts)" : ": Brazilian draughts)")};
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
        if (auto played = game.play(pg.moves[i]); !played)
            return Error{move_error(i, Color::Black, game.start_position().side_to_move(), side, pg.moves[i],
                                    played.error())};
    }
    return game;
}

namespace {

// A game of a flying-king type (10x10 international, 8x8 Brazilian) replayed with the rulebook R.
template <class R>
Result<typename R::Position> replay_flying(const PdnGame& pg, GameType want, const char* name) {
    const auto type = game_type(pg);
    if (!type) return Error{type.error()};
    if (*type != want) {
        const std::string other(variant_title(variant_of(*type)));
        return Error{std::string("not ") + name + " game (GameType " + std::to_string(int(want)) + "); this one is " +
                     other + " (" + std::to_string(int(*type)) + ")"};
    }
    typename R::Position p = R::Position::start();
    if (const std::string* fen = pg.tag("FEN"); fen && !fen->empty()) {
        auto f = R::parse_fen(*fen);
        if (!f) return Error{"bad FEN tag: " + f.error()};
        p = *f;
    }
    const Color start = p.side_to_move();
    for (std::size_t i = 0; i < pg.moves.size(); ++i) {
        const auto m = R::parse_move(p, pg.moves[i]);
        if (!m) return Error{move_error(i, Color::White, start, p.side_to_move(), pg.moves[i], m.error())};
        p = p.after(*m);
    }
    return p;
}

}  // namespace

Result<intl::Position> replay_international(const PdnGame& pg) {
    return replay_flying<Rulebook<intl::Fmjd>>(pg, GameType::International, "an international draughts");
}

Result<brazil::Position> replay_brazilian(const PdnGame& pg) {
    return replay_flying<Rulebook<brazil::Cbd>>(pg, GameType::Brazilian, "a Brazilian draughts");
}

Result<std::size_t> check(const PdnGame& game) {
    const auto type = game_type(game);
    if (!type) return Error{type.error()};
    if (*type == GameType::International) {
        if (auto r = replay_international(game); !r) return Error{r.error()};
    } else if (*type == GameType::Brazilian) {
        if (auto r = replay_brazilian(game); !r) return Error{r.error()};
    } else if (auto r = replay(game); !r) {
        return Error{r.error()};
    }
    return game.moves.size();
}

Result<std::string> read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error{"cannot open '" + path + "'"};
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace tempo::pdn
