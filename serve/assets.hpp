// The files of the web page, built into the program (cmake/embed_assets.cmake writes their bytes
// into a generated source from serve/web/ and the English ballot list), so `tempo serve` needs no
// files beside it and can only ever serve these: a URL path is looked up by exact name, never
// mapped onto the file system.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace tempo::serve {

struct Asset {
    std::string_view path;  // the URL path, "/index.html"
    const unsigned char* data;
    std::size_t size;

    std::string_view text() const { return {reinterpret_cast<const char*>(data), size}; }
};

const std::vector<Asset>& assets();

// The asset served at a URL path ("/" is /index.html), or null: only exact names match.
const Asset* find_asset(std::string_view path);

// The Content-Type of a path, by its extension.
std::string_view content_type(std::string_view path);

}  // namespace tempo::serve
