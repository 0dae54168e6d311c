// libFuzzer target: the book loaders (binary and text) must accept any bytes without crashing or
// reading out of bounds; a refusal carries a message, and whatever loads probes to legal moves.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string_view>

#include "book/book.hpp"
#include "engine/game.hpp"

namespace {

void check(const tempo::Result<tempo::book::Book>& b) {
    if (!b) {
        if (b.error().empty()) std::abort();
        return;
    }
    for (const tempo::book::Entry& e : b->entries()) {
        const std::vector<tempo::Move> legal = tempo::legal_moves(e.position);
        for (const tempo::book::BookMove& m : b->probe(e.position))
            if (std::find(legal.begin(), legal.end(), m.move) == legal.end()) std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    check(tempo::book::from_binary(std::span(data, size)));
    check(tempo::book::from_text(std::string_view(reinterpret_cast<const char*>(data), size)));
    return 0;
}
