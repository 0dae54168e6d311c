#include "serve/server.hpp"

#include <pthread.h>
#include <sys/socket.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <thread>

#include <httplib.h>

#include "serve/assets.hpp"

namespace tempo::serve {

namespace {

void send_json(httplib::Response& res, const Reply& r) {
    res.status = r.status;
    res.set_content(r.body, "application/json");
}

// The reason phrase of the statuses the library sets by itself, for their JSON message.
const char* library_message(int status) {
    switch (status) {
        case 400: return "bad request: the HTTP request could not be read";
        case 404: return "not found";
        case 413: return "body too large";
        case 414: return "URL too long: at most 8192 bytes";
        default: return "request refused";
    }
}

}  // namespace

int run_server(const ServerOptions& options) {
    Api api(options.api);
    httplib::Server server;

    // Requests are handled by a fixed pool of `threads`; a slow client holds one of them at
    // most for the read timeout (5 s without a byte) or the longest search.
    const int threads = options.threads;
    server.new_task_queue = [threads] { return new httplib::ThreadPool(std::size_t(threads)); };
    server.set_payload_max_length(options.max_body);
    server.set_read_timeout(5, 0);
    server.set_write_timeout(5, 0);
    server.set_keep_alive_timeout(2);

    // SO_REUSEADDR only: a restart may take the port back from connections in TIME_WAIT, but a
    // port another server listens on is refused (the library's default, SO_REUSEPORT, would
    // share it silently and split the requests between the two).
    // The listening socket is noted here too (the library offers no other way to it), to give
    // it a longer queue below.
    socket_t listener = -1;
    server.set_socket_options([&listener](socket_t sock) {
        int yes = 1;
        setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        listener = sock;
    });
    server.set_default_headers({{"X-Content-Type-Options", "nosniff"}, {"Cache-Control", "no-store"}});

    const auto api_route = [&api](const httplib::Request& req, httplib::Response& res) {
        send_json(res, api.handle(req.method, std::string_view(req.path).substr(7), req.body));
    };
    server.Get(R"(/api/v1/.*)", api_route);
    server.Delete(R"(/api/v1/.*)", api_route);
    server.Post(R"(/api/v1/analyse)", [&api](const httplib::Request& req, httplib::Response& res) {
        std::variant<Reply, AnalysisJob> got = api.analyse(req.body);
        if (Reply* r = std::get_if<Reply>(&got)) return send_json(res, *r);
        auto job = std::make_shared<AnalysisJob>(std::move(std::get<AnalysisJob>(got)));
        // The whole search runs in the first call of the provider, writing one event per
        // finished iteration; a failed write (the client left) stops it.
        res.set_chunked_content_provider("text/event-stream", [job](std::size_t, httplib::DataSink& sink) {
            (*job)([&sink](std::string_view event, const std::string& data) {
                const std::string text = "event: " + std::string(event) + "\ndata: " + data + "\n\n";
                return sink.is_writable() && sink.write(text.data(), text.size());
            });
            sink.done();
            return true;
        });
    });
    server.Post(R"(/api/v1/.*)", api_route);

    // The page: only the embedded files, by their exact path (the library has already decoded
    // %xx, so /%2e%2e/ arrives as /../ and matches nothing).
    server.Get(R"(/.*)", [](const httplib::Request& req, httplib::Response& res) {
        const Asset* a = find_asset(req.path);
        if (!a) return send_json(res, Api::error(404, "no such page: the page is at /"));
        res.set_content(reinterpret_cast<const char*>(a->data), a->size, std::string(content_type(a->path)).c_str());
    });

    // The statuses the library sets itself (unknown method or route, body or URL too large,
    // an unreadable request) get a JSON body too.
    server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
        if (res.body.empty()) send_json(res, Api::error(res.status, library_message(res.status)));
    });
    server.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
        send_json(res, Api::error(500, "internal error"));
    });

    // SIGINT and SIGTERM are taken by one thread that stops the server, so no handler runs inside
    // the library's threads (they inherit the blocked mask).
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
    signal(SIGPIPE, SIG_IGN);

    int port = options.port;
    if (port == 0) {
        port = server.bind_to_any_port(options.host);
        if (port <= 0) port = -1;
    } else if (!server.bind_to_port(options.host, port)) {
        port = -1;
    }
    if (port < 0) {
        std::fprintf(stderr,
                     "tempo serve: cannot listen on %s:%d: the port is already in use or the address is not this "
                     "machine's (choose another with --port or --host)\n",
                     options.host.c_str(), options.port);
        return 1;
    }
    // The library listens with a queue of 5 connections; a burst of clients (a page's requests,
    // many players at once) overflows that, and the kernel drops connections until they time
    // out. Calling listen() again on the bound socket makes the queue as long as the system allows.
    if (listener >= 0) ::listen(listener, SOMAXCONN);
    std::atomic<bool> signalled{false};
    std::thread stopper([&server, &signalled, stop_signals] {
        int got = 0;
        sigwait(&stop_signals, &got);
        signalled.store(true);
        server.stop();
    });
    const bool ipv6 = options.host.find(':') != std::string::npos;
    std::printf("tempo serve: listening on http://%s%s%s:%d/\n", ipv6 ? "[" : "", options.host.c_str(),
                ipv6 ? "]" : "", port);
    std::fflush(stdout);
    const bool ok = server.listen_after_bind();
    // The listener ended on its own (not through a signal): wake the signal thread to end it.
    if (!signalled.load()) kill(getpid(), SIGTERM);
    stopper.join();
    std::puts("tempo serve: stopped");
    return ok ? 0 : 1;
}

}  // namespace tempo::serve
