// libFuzzer target for the 10x10 text readers: intl::parse_fen must refuse bad text with a
// message and accept only positions it writes back and reads again unchanged; the moves after a
// '|' are then played through intl::Game, which must accept only legal moves and change nothing
// when it refuses one.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.hpp"
#include "engine/notation_international.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace tempo;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::size_t bar = text.find('|');
    const auto p = intl::parse_fen(text.substr(0, bar));
    if (!p) {
        if (p.error().empty()) std::abort();
        return 0;
    }
    if (!p->is_consistent()) std::abort();
    const std::string fen = intl::to_fen(*p);
    const auto again = intl::parse_fen(fen);
    if (!again || !(*again == *p) || intl::to_fen(*again) != fen) std::abort();
    if (bar == std::string_view::npos) return 0;

    intl::Game game = intl::Game::from_position(*p);
    std::size_t start = bar + 1, played = 0;
    while (start <= text.size() && played < 64) {
        const std::size_t end = std::min(text.find(' ', start), text.size());
        const std::string_view word = text.substr(start, end - start);
        start = end + 1;
        if (word.empty()) continue;
        ++played;
        const intl::Position before = game.position();
        const std::vector<Move> legal = game.legal_moves();
        const auto m = game.play(word);
        if (!m) {
            if (m.error().empty() || !(game.position() == before)) std::abort();
            continue;
        }
        if (std::find(legal.begin(), legal.end(), m.value()) == legal.end()) std::abort();
        if (!(game.position() == before.after(m.value())) || !game.position().is_consistent()) std::abort();
        // The move's own text, in either notation, names the same move.
        for (const Notation n : {Notation::Numbers, Notation::Names}) {
            const auto back = intl::parse_move(before, intl::move_text(before, m.value(), n));
            if (!back || !(back.value() == m.value())) std::abort();
        }
        (void)game.status();
    }
    return 0;
}
