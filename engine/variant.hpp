// The games Tempo plays, by name: one enum for the searcher, the protocol and the tools.
//
// English draughts (8x8, the default everywhere) and international draughts (10x10, FMJD rules).
// Their names in options and flags are `english` and `international`; PDN tells them apart by
// the GameType tag (21 and 20, the numbers of the PDN standard).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/result.hpp"

namespace tempo {

enum class Variant : std::uint8_t { English, International };

// The names, in the order of the enum: what every option and flag accepts, what `uci` lists.
inline constexpr std::array<std::string_view, 2> VariantNames{"english", "international"};

constexpr std::string_view variant_name(Variant v) { return VariantNames[std::size_t(v)]; }

// The accepted names as the errors list them: "english, international".
inline std::string variant_choices() {
    std::string list;
    for (std::string_view name : VariantNames) list += (list.empty() ? "" : ", ") + std::string(name);
    return list;
}

// The variant named `text`, given as `what` (the flag as the user typed it, `--variant` or
// `-variant`). This is the one parser of a variant name and its one error wording, e.g.
// "--variant 'dutch' is not one of: english, international".
inline Result<Variant> parse_variant(std::string_view text, std::string_view what = "variant") {
    for (std::size_t i = 0; i < VariantNames.size(); ++i)
        if (text == VariantNames[i]) return Variant(i);
    return Error{std::string(what) + " '" + std::string(text) + "' is not one of: " + variant_choices()};
}

constexpr int pdn_game_type(Variant v) { return v == Variant::English ? 21 : 20; }

}  // namespace tempo
