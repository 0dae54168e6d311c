// libFuzzer target: the request handlers of `tempo serve` (serve/api.hpp), without the socket.
// The first byte picks the route (every API route but perft, whose cost is bounded by depth, not
// by time), the rest is the body. Each answer must be a JSON object: a refusal has a 4xx/5xx
// status and {"error": {"status", "message"}} with a message; an accepted analysis is run with
// a client that leaves after the first event. The embedded files' lookup gets the bytes as a path.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "serve/api.hpp"
#include "serve/assets.hpp"

namespace {

tempo::serve::Api& api() {
    // One engine, 1 ms thinks at most (a longer one is refused, as a server refuses it), tiny
    // tables, two stored games: every limit is reached quickly.
    static tempo::serve::Api instance([] {
        tempo::serve::Config c;
        c.searches = 1;
        c.max_think_ms = 1;
        c.engine_wait_ms = 10;
        c.max_games = 2;
        c.hash_mb = 1;
        return c;
    }());
    return instance;
}

void check(const tempo::serve::Reply& r) {
    const nlohmann::json j = nlohmann::json::parse(r.body, nullptr, false);
    if (!j.is_object()) std::abort();
    if (r.status >= 400) {
        if (!j.contains("error") || j["error"]["status"] != r.status) std::abort();
        if (!j["error"]["message"].is_string() || j["error"]["message"].get<std::string>().empty()) std::abort();
    } else if (r.status != 200 && r.status != 201) {
        std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string_view body(reinterpret_cast<const char*>(data) + 1, size - 1);
    static constexpr std::pair<const char*, const char*> Routes[] = {
        {"GET", "/variants"},        {"GET", "/ballots"},        {"POST", "/position"},
        {"POST", "/move"},           {"POST", "/engine-move"},   {"POST", "/pdn/load"},
        {"POST", "/pdn/save"},       {"POST", "/games"},         {"GET", "/games/1"},
        {"POST", "/games/1/move"},   {"POST", "/games/2/undo"},  {"DELETE", "/games/1"},
        {"POST", "/games/2/engine-move"}, {"POST", "/nothing"},
    };
    const std::size_t pick = data[0] % (std::size(Routes) + 2);
    if (pick < std::size(Routes)) {
        check(api().handle(Routes[pick].first, Routes[pick].second, body));
    } else if (pick == std::size(Routes)) {
        auto got = api().analyse(body);
        if (auto* r = std::get_if<tempo::serve::Reply>(&got)) {
            check(*r);
        } else {
            std::get<tempo::serve::AnalysisJob>(got)([](std::string_view, const std::string& event) {
                if (!nlohmann::json::parse(event, nullptr, false).is_object()) std::abort();
                return false;  // the client leaves: the search must stop
            });
        }
    } else {
        // A path: only exact names of embedded files are found.
        const tempo::serve::Asset* a = tempo::serve::find_asset(body);
        if (a && a->path != body && body != "/") std::abort();
    }
    return 0;
}
