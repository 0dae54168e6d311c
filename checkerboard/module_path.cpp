#include "checkerboard/module_path.hpp"

#include <cstddef>

#if defined(_WIN32)
#ifndef NOMINMAX  // (libstdc++ for mingw may have defined it)
#define NOMINMAX
#endif
#include <windows.h>
#else
#include <dlfcn.h>
#endif

extern const unsigned char tempo_cb_embedded_book[];
extern const std::size_t tempo_cb_embedded_book_size;

namespace tempo::cb {

namespace {
const char anchor = 0;  // an address inside this library
}

std::filesystem::path module_directory() {
#if defined(_WIN32)
    HMODULE self = nullptr;
    if (!GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                            reinterpret_cast<LPCWSTR>(&anchor), &self))
        return {};
    std::wstring name(32768, L'\0');
    const DWORD n = GetModuleFileNameW(self, name.data(), DWORD(name.size()));
    if (n == 0 || n >= name.size()) return {};
    name.resize(n);
    return std::filesystem::path(name).parent_path();
#else
    Dl_info info{};
    if (dladdr(&anchor, &info) == 0 || !info.dli_fname) return {};
    return std::filesystem::path(info.dli_fname).parent_path();
#endif
}

std::span<const std::uint8_t> embedded_book() {
    return {reinterpret_cast<const std::uint8_t*>(tempo_cb_embedded_book), tempo_cb_embedded_book_size};
}

}  // namespace tempo::cb
