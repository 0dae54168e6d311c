// `tempo serve`: the HTTP server (cpp-httplib) in front of the JSON API (serve/api.hpp) and the
// web page (serve/web/, built into the program: serve/assets.hpp).
//
// Routes: /api/v1/... to Api::handle, except POST /api/v1/analyse, which streams server-sent
// events; GET of an embedded file's exact path (and / for the page); everything else is a JSON
// 404. Limits: bodies over `max_body` bytes get 413 and URLs over 8 KiB get 414 from the library,
// each with a JSON message; a connection that sends nothing for 5 s is closed; `threads` requests
// are handled at once, the rest wait in the queue, and searches are bounded by the API.
#pragma once

#include <cstddef>
#include <string>

#include "serve/api.hpp"

namespace tempo::serve {

struct ServerOptions {
    std::string host = "127.0.0.1";
    int port = 8080;  // 0: any free port (the one chosen is printed)
    int threads = 32;
    std::size_t max_body = 64 * 1024;
    Config api;
};

// Listens and serves until SIGINT or SIGTERM; prints "tempo serve: listening on http://HOST:PORT/"
// on stdout once it accepts connections. Returns the exit code (1 when it cannot listen).
int run_server(const ServerOptions& options);

}  // namespace tempo::serve
