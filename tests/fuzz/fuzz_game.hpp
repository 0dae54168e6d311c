// The body of the text fuzz targets, once for every game (fuzz_fen.cpp: English, fuzz_intl.cpp:
// international draughts, fuzz_brazil.cpp: Brazilian). The input is a FEN, then optionally '|'
// and moves separated by spaces. parse_fen must refuse bad text with a message and accept only
// consistent positions that it writes back and reads again unchanged; each move is played through
// the game (BasicGame::play), which must accept only legal moves, make exactly that move, and
// change nothing when it refuses one; the text of each move it accepts, in either notation, must
// read back as the same move. Returns the position and the words so that a target can check more.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/game.hpp"
#include "engine/notation.hpp"

namespace tempo::fuzzing {

template <RulesTrait B>
std::optional<std::pair<BasicPosition<B>, std::vector<std::string>>> fuzz_game_text(std::string_view text) {
    const std::size_t bar = text.find('|');
    const auto p = tempo::parse_fen<B>(text.substr(0, bar));
    if (!p) {
        if (p.error().empty()) std::abort();
        return std::nullopt;
    }
    if (!p->is_consistent()) std::abort();
    const std::string fen = tempo::to_fen(*p);
    const auto again = tempo::parse_fen<B>(fen);
    if (!again || !(*again == *p) || tempo::to_fen(*again) != fen) std::abort();
    std::vector<std::string> words;
    if (bar == std::string_view::npos) return std::pair{*p, words};

    auto game = BasicGame<B>::from_position(*p);
    std::size_t start = bar + 1;
    while (start <= text.size() && words.size() < 64) {
        const std::size_t end = std::min(text.find(' ', start), text.size());
        const std::string_view word = text.substr(start, end - start);
        start = end + 1;
        if (word.empty()) continue;
        words.emplace_back(word);
        const BasicPosition<B> before = game.position();
        const std::vector<Move> legal = game.legal_moves();
        const auto m = game.play(word);
        if (!m) {
            if (m.error().empty() || !(game.position() == before)) std::abort();
            continue;
        }
        if (std::find(legal.begin(), legal.end(), m.value()) == legal.end()) std::abort();
        if (!(game.position() == before.after(m.value())) || !game.position().is_consistent()) std::abort();
        for (const Notation n : {Notation::Numbers, Notation::Names}) {
            const auto back = tempo::parse_move(before, tempo::move_text(before, m.value(), n));
            if (!back || !(back.value() == m.value())) std::abort();
        }
        (void)game.status();
    }
    return std::pair{*p, words};
}

}  // namespace tempo::fuzzing
