// `tempo pdn check FILE`: replays every game of a PDN file and reports the first illegal move.
#include <cstdio>

#include "tools/cli.hpp"
#include "tools/pdn/pdn.hpp"

namespace tempo::cli {

int pdn_main(Args args) {
    if (wants_help(args) || args.empty()) {
        std::printf(
            "Usage: tempo pdn check FILE\n"
            "\n"
            "Reads every game of a PDN file and replays its moves from its FEN tag or the standard\n"
            "start, by the rules its GameType tag names: 21 (or no tag) English draughts, 20\n"
            "international draughts (10x10); any other GameType is an error. Prints one line per\n"
            "file: the number of games and moves, or the first problem with its game and move\n"
            "number (exit code 1).\n");
        return args.empty() ? ExitUsage : ExitOk;
    }
    if (args[0] != "check") return usage_error("pdn", "unknown action '" + std::string(args[0]) + "' (expected check)");
    if (args.size() != 2) return usage_error("pdn", "check needs exactly one file");
    const std::string path(args[1]);
    auto text = pdn::read_file(path);
    if (!text) return usage_error("pdn", text.error());
    auto games = pdn::read(*text);
    if (!games) {
        std::printf("%s: %s\n", path.c_str(), games.error().c_str());
        return ExitFailure;
    }
    std::size_t moves = 0;
    for (std::size_t i = 0; i < games->size(); ++i) {
        const pdn::PdnGame& g = (*games)[i];
        auto replayed = pdn::check(g);
        if (!replayed) {
            std::printf("%s: game %zu (line %d): %s\n", path.c_str(), i + 1, g.line, replayed.error().c_str());
            return ExitFailure;
        }
        moves += *replayed;
    }
    std::printf("%s: %zu games, %zu moves, all legal\n", path.c_str(), games->size(), moves);
    return ExitOk;
}

}  // namespace tempo::cli
