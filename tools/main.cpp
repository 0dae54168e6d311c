// tempo: the one executable. No arguments: the protocol loop (protocol/PROTOCOL.md). Otherwise the first
// argument is `--help`, `--version` or a subcommand from the table below.
#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/session.hpp"
#include "tools/cli.hpp"

namespace tempo::cli {
namespace {

// Every subcommand, in the order `tempo --help` lists them. A new tool is one line here.
constexpr std::array Subcommands{
    Subcommand{"perft", "count the leaf nodes of the move tree to a depth (move generator test)",
               perft_main},
    Subcommand{"bench", "the fixed search benchmark; last line 'Nodes searched: N'", bench_main},
    Subcommand{"selfplay", "games between two skill levels, in process (strength check)", selfplay_main},
    Subcommand{"match", "games between engine processes: clocks, openings, PDN, Elo, SPRT", match_main},
    Subcommand{"play", "a game against Tempo in the terminal", play_main},
    Subcommand{"pdn", "'pdn check FILE': replay every game of a PDN file", pdn_main},
    Subcommand{"analyse", "search every position of a PDN file deeper: the errors of each side", analyse_main},
    Subcommand{"book", "opening books: build (by searching), show FEN, export/import the text form", book_main},
    Subcommand{"egdb", "endgame database: build (counts, time), probe FEN (exact value)", egdb_main},
    Subcommand{"hub", "the Hub protocol (Scan's; Hub GUI, pydraughts, lidraughts bots) on stdin/stdout", hub_main},
    Subcommand{"dxp", "DXP (DamExchange) 10x10 games over TCP: listen as Follower or connect as Initiator", dxp_main},
    Subcommand{"serve", "a web page to play on and a JSON API over HTTP (docs/serve.md)", serve_main},
    Subcommand{"datagen", "self-play training data for the neural evaluation (docs/training.md)", datagen_main},
};

const Subcommand* find_subcommand(std::string_view name) {
    for (const Subcommand& s : Subcommands)
        if (s.name == name) return &s;
    return nullptr;
}

void print_help() {
    std::printf(
        "tempo %s: a draughts engine: English draughts (checkers), international draughts (10x10)\n"
        "and Brazilian draughts\n"
        "\n"
        "Usage:\n"
        "  tempo                      run the protocol loop on stdin/stdout (protocol/PROTOCOL.md)\n"
        "  tempo <command> [args...]  run a tool\n"
        "  tempo <command> --help     explain one command (or: tempo help <command>)\n"
        "  tempo --help               this text\n"
        "  tempo --version            print the version\n"
        "\n"
        "Commands:\n",
        TEMPO_VERSION);
    std::size_t width = 0;
    for (const Subcommand& s : Subcommands) width = std::max(width, s.name.size());
    for (const Subcommand& s : Subcommands)
        std::printf("  %-*.*s  %.*s\n", int(width), int(s.name.size()), s.name.data(),
                    int(s.summary.size()), s.summary.data());
    std::printf(
        "\n"
        "Squares are PDN numbers 1-32 (Black starts on 1-12 and, by the official rules, moves\n"
        "first). Exit codes: 0 done, 1 failed, 2 bad options or input.\n");
}

// `tempo help [command]`: the general help, or the command's own (`tempo <command> --help`).
int help_command(Args args) {
    if (args.empty()) {
        print_help();
        return ExitOk;
    }
    const Subcommand* s = args.size() == 1 ? find_subcommand(args.front()) : nullptr;
    if (!s) {
        std::fputs("tempo help: expected one command name (see 'tempo --help' for the list)\n",
                   stderr);
        return ExitUsage;
    }
    constexpr std::array<std::string_view, 1> help{"--help"};
    return s->run(help);
}

int run(Args args) {
    if (args.empty()) return protocol::run(stdin, stdout);
    const std::string_view first = args.front();
    if (first == "--help" || first == "-h") {
        print_help();
        return ExitOk;
    }
    if (first == "help") return help_command(args.subspan(1));
    if (first == "--version" || first == "-V") {
        std::printf("tempo %s\n", TEMPO_VERSION);
        return ExitOk;
    }
    if (const Subcommand* s = find_subcommand(first)) return s->run(args.subspan(1));
    std::fprintf(stderr, "tempo: unknown %s '%.*s' (see 'tempo --help')\n",
                 first.starts_with("-") ? "option" : "command", int(first.size()), first.data());
    return ExitUsage;
}

}  // namespace

int usage_error(std::string_view command, std::string_view message) {
    std::fprintf(stderr, "tempo %.*s: %.*s (see 'tempo %.*s --help')\n", int(command.size()),
                 command.data(), int(message.size()), message.data(), int(command.size()),
                 command.data());
    return ExitUsage;
}

}  // namespace tempo::cli

int main(int argc, char** argv) {
    const std::vector<std::string_view> args(argv + (argc > 0 ? 1 : 0), argv + argc);
    const int code = tempo::cli::run(args);
    // Output that could not be written (a closed pipe, a full disk) is a failure, not a success.
    if (std::fflush(stdout) != 0 && code == tempo::cli::ExitOk) return tempo::cli::ExitFailure;
    return code;
}
