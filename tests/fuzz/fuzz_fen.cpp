// libFuzzer target: parse_fen must refuse bad text with a message and accept only positions it
// can write back and read again unchanged; the moves of an accepted position are then read too.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "protocol/moves.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    // Up to the first '|' is the FEN; the rest, split on spaces, is a move list for it.
    const std::size_t bar = text.find('|');
    const auto p = tempo::parse_fen(text.substr(0, bar));
    if (!p) {
        if (p.error().empty()) std::abort();
        return 0;
    }
    const std::string fen = tempo::to_fen(*p);
    const auto again = tempo::parse_fen(fen);
    if (!again || tempo::to_fen(*again) != fen) std::abort();
    if (bar != std::string_view::npos) {
        std::vector<std::string> words;
        std::string word;
        for (const char c : text.substr(bar + 1)) {
            if (c == ' ') {
                if (!word.empty()) words.push_back(word);
                word.clear();
            } else {
                word += c;
            }
        }
        if (!word.empty()) words.push_back(word);
        if (words.size() > 64) words.resize(64);
        (void)tempo::protocol::read_moves(*p, words);
    }
    return 0;
}
