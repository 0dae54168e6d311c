// The games Tempo plays, by name: one enum for the searcher, the protocol and the tools.
//
// English draughts (8x8, the default everywhere) and international draughts (10x10, FMJD rules).
// Their names in options and flags are `english` and `international`; PDN tells them apart by
// the GameType tag (21 and 20, the numbers of the PDN standard).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/result.hpp"

namespace tempo {

enum class Variant : std::uint8_t { English, International };

constexpr std::string_view variant_name(Variant v) {
    return v == Variant::English ? "english" : "international";
}

// `english` or `international`; the error names the text and the choices.
inline Result<Variant> parse_variant(std::string_view text) {
    if (text == "english") return Variant::English;
    if (text == "international") return Variant::International;
    return Error{"variant '" + std::string(text) + "' is not one of: english, international"};
}

constexpr int pdn_game_type(Variant v) { return v == Variant::English ? 21 : 20; }

}  // namespace tempo
