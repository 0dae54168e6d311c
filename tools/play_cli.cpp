// `tempo play`: a game against Tempo in the terminal, or from a script through a pipe.
//
// The engine runs in this process: the same search::Engine and protocol::think (Skill Level
// included) that the protocol loop uses, so no child process is involved. Input is read line by
// line from stdin; prompts are shown only when stdin is a terminal, colours only when stdout is
// one, so a script sees plain, stable text. Strength names map to the protocol's Skill Level and a
// thinking time per move (see Strengths below).
//
// `--variant international` plays international draughts (10x10, FMJD rules, White first) and
// `--variant brazilian` Brazilian draughts (the same rules on 8x8) with the same session:
// PlaySession is a template over the game (Game, intl::Game or brazil::Game), and saves and loads
// PDN with the game's GameType (21, 20 or 26).
#include <unistd.h>

#include <array>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <span>
#include <sstream>
#include <string>
#include <string_view>

#include "engine/game.hpp"
#include "engine/notation_international.hpp"
#include "engine/variant.hpp"
#include "protocol/command.hpp"
#include "protocol/think.hpp"
#include "search/search.hpp"
#include "tools/cli.hpp"
#include "tools/pdn/pdn.hpp"

namespace tempo::cli {

namespace {

struct Strength {
    const char* name;
    int skill;      // the protocol's Skill Level (0..20)
    int movetime;   // ms per move
};
// Gentle plays plausible but shallow moves at random among near-equals; expert is the full search.
constexpr std::array<Strength, 5> Strengths{{{"gentle", 0, 100},
                                             {"easy", 5, 250},
                                             {"medium", 10, 500},
                                             {"hard", 15, 1000},
                                             {"expert", 20, 2000}}};

const Strength* find_strength(std::string_view name) {
    for (const Strength& s : Strengths)
        if (name == s.name) return &s;
    return nullptr;
}

// "English", "international" or "Brazilian", as the messages name a game.
// (VariantTitles are string literals, so data() ends in a NUL and printf can take it.)
constexpr const char* game_name(pdn::GameType t) { return variant_title(pdn::variant_of(t)).data(); }

template <class G>
class PlaySession {
public:
    using Geometry = typename G::Position::Geometry;
    static constexpr pdn::GameType Type = pdn::game_type_of(G::Position::Trait::variant);

    PlaySession(Color player, const Strength& strength, int movetime, std::uint64_t seed)
        : player_(player), strength_(&strength), movetime_(movetime), rng_(seed),
          colour_(isatty(STDOUT_FILENO) != 0), prompt_(isatty(STDIN_FILENO) != 0) {
        flipped_ = player_ == Color::Black;
    }

    int run() {
        announce_start();
        std::string line;
        while (true) {
            if (!game_.status().is_over() && engine_to_move()) engine_move();
            if (prompt_) {
                std::printf("%s> ", game_.status().is_over() ? "game over" : "your move");
                std::fflush(stdout);
            }
            if (!std::getline(std::cin, line)) break;
            std::istringstream in(line);
            std::string word, rest;
            in >> word;
            std::getline(in >> std::ws, rest);
            if (word.empty()) continue;
            if (word == "quit" || word == "exit") break;
            command(word, rest, line);
            std::fflush(stdout);
        }
        std::printf("bye\n");
        return ExitOk;
    }

private:
    bool engine_to_move() const { return game_.position().side_to_move() != player_; }
    static const char* name(Color c) { return c == Color::Black ? "Black" : "White"; }

    void announce_start() {
        std::printf("New game: you play %s against Tempo (%s). %s moves first. Type 'help' for commands.\n",
                    name(player_), strength_->name, name(pdn::first_player(Type)));
        draw();
    }

    void command(const std::string& word, const std::string& rest, const std::string& line) {
        if (word == "help") help();
        else if (word == "hint") hint();
        else if (word == "undo") undo();
        else if (word == "flip") flipped_ = !flipped_, draw();
        else if (word == "board") draw();
        else if (word == "moves" || word == "list") move_list();
        else if (word == "save") save(rest);
        else if (word == "load") load(rest);
        else if (word == "new") {
            game_ = G();
            announce_start();
        } else if (word.find_first_of("0123456789") == std::string::npos) {
            std::printf("Unknown command '%s' (type 'help')\n", word.c_str());
        } else player_move(line);
    }

    void help() {
        std::printf(
            "Commands:\n"
            "  11-15, 22x15, c3-d4  play a move (PDN numbers or board names; 10x10: 32-28, 28x19)\n"
            "  hint                 Tempo suggests a move for you\n"
            "  undo                 take back your last move and Tempo's reply\n"
            "  flip                 turn the board round\n"
            "  board                show the board again\n"
            "  moves                the moves so far in PDN\n"
            "  save FILE, load FILE write or read the game as PDN\n"
            "  new                  start again (same side and strength)\n"
            "  quit                 leave\n");
    }

    void draw() {
        const auto& p = game_.position();
        constexpr int size = Geometry::rows;
        std::string out = "\n";
        for (int row = 0; row < size; ++row) {
            const int rank = flipped_ ? row + 1 : size - row;
            std::string squares;
            char label[8];
            std::snprintf(label, sizeof label, size > 9 ? "  %2d " : "  %d ", rank);
            out += label;
            for (int col = 0; col < size; ++col) {
                const int file = flipped_ ? size - 1 - col : col;
                const int sq = Geometry::square_at(file, rank);
                if (sq < 0) {
                    out += colour_ ? "\033[47m   \033[0m" : "  ";
                    continue;
                }
                const Bitboard b = bit(Geometry::bit_of(sq));
                char c = '.';
                if (p.pieces(Color::Black) & b) c = (p.kings() & b) ? 'B' : 'b';
                if (p.pieces(Color::White) & b) c = (p.kings() & b) ? 'W' : 'w';
                if (colour_) {
                    const char* fg = (c == 'b' || c == 'B') ? "\033[1;31m" : "\033[1;97m";
                    out += std::string("\033[42m") + (c == '.' ? "   " : std::string(fg) + " " + c + " ") + "\033[0m";
                } else {
                    out += ' ';
                    out += c;
                }
                if (!squares.empty()) squares += ' ';
                char num[4];
                std::snprintf(num, sizeof num, "%2d", sq + 1);
                squares += num;
            }
            out += "   " + squares + "\n";
        }
        out += std::string(size > 9 ? 5 : 4, ' ');  // under the rank labels: the letters line up
        for (int col = 0; col < size; ++col) {
            const char f = char('a' + (flipped_ ? size - 1 - col : col));
            out += colour_ ? std::string(" ") + f + " " : std::string(" ") + f;
        }
        out += "\n";
        std::fputs(out.c_str(), stdout);
        const Status st = game_.status();
        if (!st.is_over()) std::printf("%s to move\n", name(st.to_move));
    }

    search::SearchResult think(int skill, int movetime) {
        protocol::BasicThinkRequest<typename G::Position> req;
        req.root = game_.position();
        auto p = game_.start_position();
        for (const Move& m : game_.moves()) {
            req.history.push_back(p.key());
            p = p.after(m);
        }
        req.limits.movetime = movetime;
        req.limits.move_overhead = 0;
        req.skill = skill;
        const std::atomic<bool> never{false};
        return protocol::think(engine_, req, {}, never, never, rng_);
    }

    int movetime() const { return movetime_ > 0 ? movetime_ : strength_->movetime; }

    void engine_move() {
        const search::SearchResult r = think(strength_->skill, movetime());
        if (!r.best) return;
        const std::string text = move_text(game_.position(), *r.best);
        (void)game_.play(*r.best);
        std::printf("Tempo plays %s\n", text.c_str());
        draw();
        announce_end();
    }

    void player_move(const std::string& text) {
        if (game_.status().is_over()) {
            std::printf("The game is over (%s): 'undo', 'new', 'save FILE' or 'quit'.\n",
                        game_.status().description().c_str());
            return;
        }
        auto played = game_.play(text);
        if (!played) {
            std::printf("Not played: %s\n", played.error().c_str());
            return;
        }
        std::printf("You play %s\n", game_.move_texts().back().c_str());
        draw();
        announce_end();
    }

    void announce_end() {
        const Status st = game_.status();
        if (!st.is_over()) return;
        const bool draw = st.outcome == Outcome::Draw;
        const bool won = !draw && ((st.outcome == Outcome::BlackWins) == (player_ == Color::Black));
        std::printf("Game over: %s (%s). %s\n", st.description().c_str(), pdn::result_text(st, Type).c_str(),
                    draw ? "A draw." : won ? "You win!" : "Tempo wins.");
    }

    void hint() {
        if (game_.status().is_over() || engine_to_move()) {
            std::printf("No hint: it is not your turn.\n");
            return;
        }
        const search::SearchResult r = think(20, movetime());
        if (r.best) std::printf("Hint: %s\n", move_text(game_.position(), *r.best).c_str());
    }

    void undo() {
        // Back to the player's last turn: the engine's reply (if any) and the player's move.
        int taken = 0;
        if (!game_.moves().empty() && game_.position().side_to_move() == player_ && game_.undo()) ++taken;
        if (!game_.moves().empty() && game_.undo()) ++taken;
        if (taken == 0) {
            std::printf("Nothing to undo.\n");
            return;
        }
        std::printf("Took back %d move%s.\n", taken, taken == 1 ? "" : "s");
        draw();
    }

    void move_list() {
        const std::string text = pdn::write(record());
        const std::size_t body = text.find("\n\n");
        std::printf("%s", text.substr(body + 2).c_str());
    }

    pdn::PdnGame record() const {
        const std::time_t t = std::time(nullptr);
        std::tm tm{};
        gmtime_r(&t, &tm);
        char date[16];
        std::strftime(date, sizeof date, "%Y.%m.%d", &tm);
        const std::string tempo = std::string("Tempo (") + strength_->name + ")";
        const Status st = game_.status();
        std::vector<std::pair<std::string, std::string>> tags{
            {"Event", "tempo play"}, {"Date", date},
            {"Black", player_ == Color::Black ? "Player" : tempo},
            {"White", player_ == Color::White ? "Player" : tempo}};
        pdn::PdnGame g = pdn::record(game_, tags, pdn::result_text(st, Type));
        if (st.is_over()) g.set_tag("Termination", st.description());
        return g;
    }

    void save(const std::string& path) {
        if (path.empty()) {
            std::printf("save needs a file name\n");
            return;
        }
        std::ofstream out(path, std::ios::binary);
        out << pdn::write(record());
        if (!out.flush()) std::printf("Could not write '%s'\n", path.c_str());
        else std::printf("Saved %zu moves to %s\n", game_.moves().size(), path.c_str());
    }

    void load(const std::string& path) {
        if (path.empty()) {
            std::printf("load needs a file name\n");
            return;
        }
        auto text = pdn::read_file(path);
        if (!text) return (void)std::printf("Not loaded: %s\n", text.error().c_str());
        auto games = pdn::read(*text);
        if (!games) return (void)std::printf("Not loaded: %s: %s\n", path.c_str(), games.error().c_str());
        if (games->empty()) return (void)std::printf("Not loaded: %s holds no game\n", path.c_str());
        const pdn::PdnGame& g = games->front();
        const auto type = pdn::game_type(g);
        if (!type) return (void)std::printf("Not loaded: %s\n", type.error().c_str());
        if (*type != Type)
            return (void)std::printf("Not loaded: %s holds %s draughts (GameType %d); this is %s draughts (see --variant)\n",
                                     path.c_str(), game_name(*type), int(*type), game_name(Type));
        G loaded;
        if (const std::string* fen = g.tag("FEN"); fen && !fen->empty()) {
            auto f = G::from_fen(*fen);
            if (!f) return (void)std::printf("Not loaded: bad FEN tag: %s\n", f.error().c_str());
            loaded = std::move(f.value());
        }
        for (std::size_t i = 0; i < g.moves.size(); ++i)
            if (auto m = loaded.play(g.moves[i]); !m)
                return (void)std::printf("Not loaded: move %zu '%s': %s\n", i + 1, g.moves[i].c_str(),
                                         m.error().c_str());
        game_ = std::move(loaded);
        engine_.clear();
        std::printf("Loaded %zu moves from %s\n", game_.moves().size(), path.c_str());
        draw();
        announce_end();
    }

    Color player_;
    const Strength* strength_;
    int movetime_;
    std::mt19937_64 rng_;
    bool colour_, prompt_, flipped_ = false;
    G game_;
    search::Engine engine_{16};
};

// "a, b or c".
std::string one_of(std::span<const std::string_view> choices) {
    std::string text;
    for (std::size_t i = 0; i < choices.size(); ++i) {
        if (i > 0) text += i + 1 == choices.size() ? " or " : ", ";
        text += choices[i];
    }
    return text;
}

// Asks on stdin (for a missing --side or --strength) until the answer is one of `choices`, in any
// case; an empty line takes `fallback`. Any other answer (`help`, a typo) is told what is accepted
// and asked again, since a new player should not be thrown out for it. `quit` (as in the game) and
// the end of input give nullopt: the player leaves, or nobody is there to play.
std::optional<std::string> ask(const char* question, std::span<const std::string_view> choices,
                               std::string_view fallback) {
    const bool prompt = isatty(STDIN_FILENO) != 0;
    while (true) {
        if (prompt) {
            std::printf("%s [%.*s]: ", question, int(fallback.size()), fallback.data());
            std::fflush(stdout);
        }
        std::string line;
        if (!std::getline(std::cin, line)) {
            if (prompt) std::printf("\n");
            return std::nullopt;
        }
        const auto first = line.find_first_not_of(" \t\r");
        const auto last = line.find_last_not_of(" \t\r");
        std::string answer = first == std::string::npos ? "" : line.substr(first, last - first + 1);
        for (char& c : answer) c = char(std::tolower(static_cast<unsigned char>(c)));
        if (answer.empty()) return std::string(fallback);
        if (answer == "quit") return std::nullopt;
        for (std::string_view c : choices)
            if (answer == c) return answer;
        std::printf("Not understood: '%s'. Type %s (an empty line means %.*s).\n",
                    protocol::quoted(answer).c_str(), one_of(choices).c_str(), int(fallback.size()),
                    fallback.data());
        std::fflush(stdout);
    }
}

}  // namespace

int play_main(Args args) {
    if (wants_help(args)) {
        std::printf(
            "Usage: tempo play [--side black|white] [--strength gentle|easy|medium|hard|expert]\n"
            "                  [--movetime MS] [--seed N] [--variant english|international|brazilian]\n"
            "\n"
            "A game against Tempo. Without --side or --strength, each is asked for first (one line\n"
            "each on stdin; an empty line takes the default, black and medium; an answer that is\n"
            "not one of the choices is asked again; quit or the end of input leaves). Strengths: gentle\n"
            "(Skill Level 0, 0.1 s a move), easy (5, 0.25 s), medium (10, 0.5 s), hard (15, 1 s),\n"
            "expert (20, 2 s); --movetime overrides the time. Then type moves (11-15, 22x15, c3-d4)\n"
            "or commands: hint, undo, flip, board, moves, save FILE, load FILE, new, quit, help.\n"
            "Reads from a pipe as well as from a terminal. --variant international plays\n"
            "international draughts (10x10, FMJD rules, White moves first; moves 32-28, 28x19x10),\n"
            "--variant brazilian Brazilian draughts (the same rules on 8x8, White first; moves 22-18,\n"
            "c3-d4); save and load then write and read PDN with GameType 20 or 26.\n");
        return ExitOk;
    }
    std::string side, strength, variant = "english";
    std::int64_t movetime = 0, seed = 1;
    OptionReader reader(args);
    while (!reader.done()) {
        const Result<std::string_view> o = reader.next_option();
        if (!o) return usage_error("play", o.error());
        const Result<std::string_view> v = reader.value(*o);
        if (!v) return usage_error("play", v.error());
        if (*o == "--side") side = *v;
        else if (*o == "--strength") strength = *v;
        else if (*o == "--variant") variant = *v;
        else if (*o == "--movetime" || *o == "--seed") {
            auto n = parse_number(*o, *v, *o == "--seed" ? 0 : 1, *o == "--seed" ? (std::int64_t(1) << 62) : 600000);
            if (!n) return usage_error("play", n.error());
            (*o == "--seed" ? seed : movetime) = *n;
        } else return usage_error("play", "unknown option '" + std::string(*o) + "'");
    }
    const Result<Variant> game = parse_variant(variant, "--variant");
    if (!game) return usage_error("play", game.error());
    if (side.empty()) {
        constexpr std::array<std::string_view, 2> sides{"black", "white"};
        const auto answer = ask("Play as black or white?", sides, "black");
        if (!answer) {  // quit or the end of input: leave as the game loop does
            std::printf("bye\n");
            return ExitOk;
        }
        side = *answer;
    }
    if (side != "black" && side != "white") return usage_error("play", "side '" + side + "' is not black or white");
    if (strength.empty()) {
        std::array<std::string_view, Strengths.size()> names;
        for (std::size_t i = 0; i < Strengths.size(); ++i) names[i] = Strengths[i].name;
        const auto answer = ask("Strength: gentle, easy, medium, hard or expert?", names, "medium");
        if (!answer) {
            std::printf("bye\n");
            return ExitOk;
        }
        strength = *answer;
    }
    const Strength* s = find_strength(strength);
    if (!s) return usage_error("play", "strength '" + strength + "' is not gentle, easy, medium, hard or expert");
    const Color player = side == "black" ? Color::Black : Color::White;
    if (*game == Variant::International)
        return PlaySession<intl::Game>(player, *s, int(movetime), std::uint64_t(seed)).run();
    if (*game == Variant::Brazilian)
        return PlaySession<brazil::Game>(player, *s, int(movetime), std::uint64_t(seed)).run();
    return PlaySession<Game>(player, *s, int(movetime), std::uint64_t(seed)).run();
}

}  // namespace tempo::cli
