// `tempo match`: the command line of the tournament runner (the runner is tools/match/).
#include <cstdio>

#include "tools/cli.hpp"
#include "tools/match/match.hpp"

namespace tempo::cli {

int match_main(Args args) {
    if (wants_help(args)) {
        std::printf(
            "Usage: tempo match -engine cmd=PATH [name=NAME] [arg=WORD]... [option.NAME=VALUE]... [LIMITS]\n"
            "                   -engine ... [-each SETTINGS...] [-games N] [-rounds N] [-concurrency N]\n"
            "                   [-openings file=FILE [order=random|sequential] [seed=N]] [-pdnout FILE [-resume]]\n"
            "                   [-sprt elo0=E0 elo1=E1 alpha=A beta=B] [-event NAME]\n"
            "                   [-variant english|international|brazilian]\n"
            "\n"
            "Plays games between engines that speak Tempo's protocol (protocol/PROTOCOL.md), Hub or\n"
            "DXP, in the style of cutechess-cli. Every pair of engines plays -games games per\n"
            "round (default 2), each opening twice with the colours reversed.\n"
            "\n"
            "Engine settings (per -engine, or for all with -each):\n"
            "  proto=P           uci (Tempo's protocol, the default), hub (Scan's Hub protocol:\n"
            "                    give arg=hub for tempo or scan) or dxp (DamExchange over TCP,\n"
            "                    10x10 only, -concurrency 1; see docs/dxp.md)\n"
            "  connect=HOST:PORT proto=dxp: the engine's address (default 127.0.0.1:27531); with\n"
            "                    cmd= the runner starts it first. DXP sends tc= as whole minutes\n"
            "                    and takes no st=, depth=, nodes=, option. or increment\n"
            "  cmd=PATH          the engine program (found through PATH when it has no '/')\n"
            "  name=NAME         its name in the table and the PDN (default: the program's name)\n"
            "  arg=WORD          one command-line argument for it (repeatable)\n"
            "  option.NAME=V     sent as 'setoption name NAME value V' (Hub: set-param)\n"
            "  tc=S[+INC]        a clock of S seconds plus INC per move, kept by the runner\n"
            "  st=S              S seconds per move ('go movetime')\n"
            "  depth=N, nodes=N  fixed depth or node count\n"
            "  timemargin=MS     grace beyond the time limit before a loss on time (default 200)\n"
            "  timeout=S         how long a depth or nodes search may stay silent (default 30)\n"
            "\n"
            "An engine loses a game by playing an illegal move, crashing, hanging or overstepping its\n"
            "time; the reason goes into the PDN Termination tag and the engine is restarted. Games\n"
            "end by the rules: no legal move loses; 80 plies without capture or promotion, or\n"
            "threefold repetition, draw. Openings: a ballot CSV (tests/data/ballots-english-*.csv;\n"
            "barred ones skipped) or one FEN per line; without -openings every game starts from the\n"
            "standard position. -pdnout appends every game to FILE; with -resume the games of this\n"
            "match already in FILE count as played and only the rest are played (the same command\n"
            "line goes on where a stopped match left off). -sprt stops as soon as the test decides\n"
            "(two engines, pentanomial model over game pairs).\n"
            "\n"
            "-variant international (or --variant) plays international draughts (10x10, FMJD\n"
            "rules): each engine must offer the option Variant with the value international and is\n"
            "set to it first; no legal move loses; threefold repetition, the 25-move and the\n"
            "16-move rules draw; openings are 10x10 FENs or ballots of 10x10 moves; the PDN has\n"
            "[GameType \"20\"] and '1-0' means White won. -variant brazilian is the same on the 8x8\n"
            "board (GameType 26). English (the default) writes GameType 21.\n"
            "\n"
            "Example:\n"
            "  tempo match -engine cmd=./new name=new -engine cmd=./old name=old -each st=0.05 \\\n"
            "      -openings file=tests/data/ballots-english-3move.csv order=random seed=7 \\\n"
            "      -games 2 -rounds 100 -concurrency 2 -sprt elo0=0 elo1=10 alpha=0.05 beta=0.05\n");
        return ExitOk;
    }
    auto settings = match::parse_arguments(args);
    if (!settings) return usage_error("match", settings.error());
    return match::run_match(std::move(settings.value()), stdout);
}

}  // namespace tempo::cli
