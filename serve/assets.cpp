#include "serve/assets.hpp"

namespace tempo::serve {

const Asset* find_asset(std::string_view path) {
    if (path == "/") path = "/index.html";
    for (const Asset& a : assets())
        if (a.path == path) return &a;
    return nullptr;
}

std::string_view content_type(std::string_view path) {
    if (path.ends_with(".html")) return "text/html; charset=utf-8";
    if (path.ends_with(".js")) return "text/javascript; charset=utf-8";
    if (path.ends_with(".css")) return "text/css; charset=utf-8";
    if (path.ends_with(".svg")) return "image/svg+xml";
    if (path.ends_with(".json")) return "application/json";
    if (path.ends_with(".png")) return "image/png";
    return "text/plain; charset=utf-8";
}

}  // namespace tempo::serve
