// `tempo hub [--name=value...]`: the Hub protocol loop on stdin/stdout (protocol/hub.hpp,
// docs/hub.md). Each `--name=value` is set as `set-param` would set it before the first line, as
// lidraughts-bot passes its engine options.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "protocol/hub.hpp"
#include "tools/cli.hpp"

namespace tempo::cli {

int hub_main(Args args) {
    if (wants_help(args)) {
        std::printf(
            "Usage: tempo hub [--name=value...]\n"
            "\n"
            "Speaks the Hub protocol (version 2, as Scan 3.1, the Hub GUI, pydraughts and\n"
            "lidraughts-bot use it) on stdin/stdout; see docs/hub.md. Each --name=value sets a\n"
            "parameter before the first command: --variant=normal|brazilian|english (default\n"
            "normal, 10x10 international), --hash=MB, --threads=N. Other names are ignored.\n");
        return ExitOk;
    }
    std::vector<std::pair<std::string, std::string>> options;
    for (std::string_view a : args) {
        if (!a.starts_with("--") || a.size() < 3)
            return usage_error("hub", "expected --name=value, not '" + std::string(a) + "'");
        a.remove_prefix(2);
        const std::size_t eq = a.find('=');
        if (eq == std::string_view::npos)
            options.emplace_back(std::string(a), "true");
        else
            options.emplace_back(std::string(a.substr(0, eq)), std::string(a.substr(eq + 1)));
    }
    return protocol::hub::run(stdin, stdout, options);
}

}  // namespace tempo::cli
