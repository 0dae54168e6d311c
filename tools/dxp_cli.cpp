// `tempo dxp`: DamExchange (DXP) games over TCP, 10x10 international draughts (protocol/dxp.hpp,
// docs/dxp.md). As the Follower it listens (`--listen PORT`, the default, on 127.0.0.1:27531) and
// plays every game proposed on every connection, one connection after another; as the Initiator
// (`--connect HOST:PORT`) it proposes `--games` games on one connection and plays them.
#include <cstdio>
#include <string>

#include "protocol/dxp.hpp"
#include "tools/cli.hpp"

namespace tempo::cli {

namespace {

void print_help() {
    std::printf(
        "Usage: tempo dxp [--listen PORT] [--host ADDR] [--connections N | --once] [ENGINE...]\n"
        "       tempo dxp --connect HOST:PORT [--games N] [--time MIN] [--moves N]\n"
        "                 [--colour white|black] [--fen FEN] [ENGINE...]\n"
        "\n"
        "Plays international draughts (10x10) over DXP, the DamExchange protocol (TCP, one NUL\n"
        "after each message; GAMEREQ, GAMEACC, MOVE, GAMEEND, CHAT, BACKREQ, BACKACC); see\n"
        "docs/dxp.md. Every message sent and received is logged on stdout ('send ...', 'recv ...').\n"
        "\n"
        "Follower (the default): listens on ADDR:PORT (default 127.0.0.1:%d; PORT 0 picks a\n"
        "free port, named on the first line) and answers each GAMEREQ, with its clock (minutes\n"
        "for the game, moves in that time) and start position (A, or B with a position). It\n"
        "accepts one connection after another (pydraughts opens one per game) until\n"
        "--connections N have ended (--once: one); a GAMEEND with stop code 1 ends only its\n"
        "connection.\n"
        "\n"
        "Initiator (--connect): proposes --games N games (default 1) on one connection, each\n"
        "--time MIN minutes (default 5) for --moves N moves (default 0: the whole game), Tempo\n"
        "playing --colour (default white) in the first game and the colours alternating, from\n"
        "--fen FEN (a 10x10 FEN; default the standard start). It ends a game by GAMEEND when the\n"
        "rules end it; exit code 0 when every game was played.\n"
        "\n"
        "Engine settings (both roles):\n"
        "  --name NAME           the name sent in GAMEREQ/GAMEACC (default Tempo, 32 characters)\n"
        "  --depth N, --nodes N, --movetime MS\n"
        "                        fixed limits for every move, instead of the game's clock\n"
        "  --zero-time S         the whole-game time when a GAMEREQ says 000 minutes (default 15)\n"
        "  --hash MB, --threads N\n"
        "  --gap MS              the least time between two messages sent (default 100; pydraughts\n"
        "                        loses a message that arrives together with the one before)\n"
        "  --peer-timeout S      Initiator: how long the peer may take for a move (default 120)\n",
        protocol::dxp::DefaultPort);
}

}  // namespace

int dxp_main(Args args) {
    if (wants_help(args)) {
        print_help();
        return ExitOk;
    }
    protocol::dxp::PlayerOptions options;
    std::string host = "127.0.0.1", connect;
    int port = protocol::dxp::DefaultPort, connections = 0, games = 1, minutes = 5, moves = 0;
    bool listen_given = false, host_given = false;
    Color colour = Color::White;
    std::string fen;
    OptionReader reader(args);
    while (!reader.done()) {
        const Result<std::string_view> opt = reader.next_option();
        if (!opt) return usage_error("dxp", opt.error());
        const std::string_view o = *opt;
        const auto value = [&]() { return reader.value(o); };
        const auto num = [&](std::int64_t lo, std::int64_t hi) -> Result<std::int64_t> {
            const Result<std::string_view> v = value();
            if (!v) return Error{v.error()};
            return parse_number(o, *v, lo, hi);
        };
        Result<std::int64_t> n = std::int64_t{0};
        if (o == "--listen") {
            if (!(n = num(0, 65535))) return usage_error("dxp", n.error());
            port = int(*n);
            listen_given = true;
        } else if (o == "--host") {
            const Result<std::string_view> v = value();
            if (!v) return usage_error("dxp", v.error());
            host = *v;
            host_given = true;
        } else if (o == "--connect") {
            const Result<std::string_view> v = value();
            if (!v) return usage_error("dxp", v.error());
            connect = *v;
        } else if (o == "--connections") {
            if (!(n = num(1, 1000000))) return usage_error("dxp", n.error());
            connections = int(*n);
        } else if (o == "--once") {
            if (const Result<bool> f = reader.flag(o); !f) return usage_error("dxp", f.error());
            connections = 1;
        } else if (o == "--games") {
            if (!(n = num(1, 100000))) return usage_error("dxp", n.error());
            games = int(*n);
        } else if (o == "--time") {
            if (!(n = num(0, 999))) return usage_error("dxp", n.error());
            minutes = int(*n);
        } else if (o == "--moves") {
            if (!(n = num(0, 999))) return usage_error("dxp", n.error());
            moves = int(*n);
        } else if (o == "--colour" || o == "--color") {
            const Result<std::string_view> v = value();
            if (!v) return usage_error("dxp", v.error());
            if (*v != "white" && *v != "black")
                return usage_error("dxp", std::string(o) + " '" + std::string(*v) + "' is not white or black");
            colour = *v == "white" ? Color::White : Color::Black;
        } else if (o == "--fen") {
            const Result<std::string_view> v = value();
            if (!v) return usage_error("dxp", v.error());
            fen = *v;
        } else if (o == "--name") {
            const Result<std::string_view> v = value();
            if (!v) return usage_error("dxp", v.error());
            if (v->size() > protocol::dxp::NameWidth || v->starts_with(" "))
                return usage_error("dxp", "--name must be 1 to 32 characters, not starting with a space");
            for (char c : *v)
                if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f)
                    return usage_error("dxp", "--name must be printable ASCII");
            options.name = *v;
        } else if (o == "--depth") {
            if (!(n = num(1, 100))) return usage_error("dxp", n.error());
            options.depth = int(*n);
        } else if (o == "--nodes") {
            if (!(n = num(1, std::int64_t(1) << 50))) return usage_error("dxp", n.error());
            options.nodes = std::uint64_t(*n);
        } else if (o == "--movetime") {
            if (!(n = num(1, 100000000))) return usage_error("dxp", n.error());
            options.movetime_ms = int(*n);
        } else if (o == "--zero-time") {
            if (!(n = num(1, 59))) return usage_error("dxp", n.error());
            options.zero_minutes_seconds = int(*n);
        } else if (o == "--hash") {
            if (!(n = num(1, 4096))) return usage_error("dxp", n.error());
            options.hash_mb = int(*n);
        } else if (o == "--threads") {
            if (!(n = num(1, 64))) return usage_error("dxp", n.error());
            options.threads = int(*n);
        } else if (o == "--gap") {
            if (!(n = num(0, 10000))) return usage_error("dxp", n.error());
            options.gap = std::chrono::milliseconds(*n);
        } else if (o == "--peer-timeout") {
            if (!(n = num(1, 1000000))) return usage_error("dxp", n.error());
            options.peer_timeout = std::chrono::milliseconds(*n * 1000);
        } else {
            return usage_error("dxp", "unknown option '" + std::string(o) + "'");
        }
    }
    protocol::Writer log(stdout);
    if (connect.empty()) {
        if (!fen.empty() || games != 1)
            return usage_error("dxp", "--fen and --games are for the Initiator (--connect)");
        return protocol::dxp::listen(options, host, port, connections, log);
    }
    if (listen_given || host_given || connections)
        return usage_error("dxp", "--connect cannot be combined with --listen, --host or --connections");
    const std::size_t colon = connect.rfind(':');
    if (colon == std::string::npos || colon == 0)
        return usage_error("dxp", "--connect expects HOST:PORT, not '" + connect + "'");
    const Result<std::int64_t> p = parse_number("--connect port", std::string_view(connect).substr(colon + 1), 1, 65535);
    if (!p) return usage_error("dxp", p.error());
    return protocol::dxp::initiate(options, connect.substr(0, colon), int(*p), games, colour, minutes, moves, fen,
                                   log);
}

}  // namespace tempo::cli
