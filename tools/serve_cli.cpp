// `tempo serve`: the web page and the JSON API over HTTP (serve/, docs/serve.md).
#include <cstdio>
#include <string>
#include <thread>

#include "serve/server.hpp"
#include "tools/cli.hpp"

namespace tempo::cli {

int serve_main(Args args) {
    if (wants_help(args)) {
        std::printf(
            "Usage: tempo serve [--host 127.0.0.1] [--port 8080] [--threads N] [--searches N]\n"
            "                   [--max-games N] [--max-think MS]\n"
            "\n"
            "Serves a page to play English, international (10x10) and Brazilian draughts against\n"
            "Tempo at http://HOST:PORT/, and a JSON API under /api/v1/ (docs/serve.md).\n"
            "  --host ADDR      the address to listen on (default 127.0.0.1: this machine only;\n"
            "                   0.0.0.0 opens the server to the network)\n"
            "  --port N         the TCP port (default 8080; 0: any free port, printed at start)\n"
            "  --threads N      requests handled at once (default 32); the others wait in turn\n"
            "  --searches N     engine searches (and perfts) at once (default: the number of\n"
            "                   cores); a request that finds all busy for 2 s gets 503\n"
            "  --max-games N    games the server holds for /api/v1/games (default 1000)\n"
            "  --max-think MS   the longest search a request may ask for (default 10000)\n"
            "Stops on Ctrl-C (SIGINT) or SIGTERM.\n");
        return ExitOk;
    }
    serve::ServerOptions o;
    o.api.searches = int(std::max(1u, std::thread::hardware_concurrency()));
    OptionReader reader(args);
    while (!reader.done()) {
        const Result<std::string_view> name = reader.next_option();
        if (!name) return usage_error("serve", name.error());
        const auto number = [&](std::int64_t lo, std::int64_t hi) -> Result<std::int64_t> {
            const Result<std::string_view> v = reader.value(*name);
            if (!v) return Error{v.error()};
            return parse_number(*name, *v, lo, hi);
        };
        Result<std::int64_t> n = std::int64_t{0};
        if (*name == "--host") {
            const Result<std::string_view> v = reader.value(*name);
            if (!v) return usage_error("serve", v.error());
            o.host = std::string(*v);
            continue;
        } else if (*name == "--port") {
            if (!(n = number(0, 65535))) return usage_error("serve", n.error());
            o.port = int(*n);
        } else if (*name == "--threads") {
            if (!(n = number(1, 1024))) return usage_error("serve", n.error());
            o.threads = int(*n);
        } else if (*name == "--searches") {
            if (!(n = number(1, 256))) return usage_error("serve", n.error());
            o.api.searches = int(*n);
        } else if (*name == "--max-games") {
            if (!(n = number(1, 1'000'000))) return usage_error("serve", n.error());
            o.api.max_games = std::size_t(*n);
        } else if (*name == "--max-think") {
            if (!(n = number(1, 3'600'000))) return usage_error("serve", n.error());
            o.api.max_think_ms = int(*n);
        } else {
            return usage_error("serve", "unknown option '" + std::string(*name) + "'");
        }
    }
    return serve::run_server(o);
}

}  // namespace tempo::cli
