// The games Tempo plays, by name: one enum for the searcher, the protocol and the tools.
//
// English draughts (8x8, the default everywhere), international draughts (10x10, FMJD rules) and
// Brazilian draughts (the FMJD rules on 8x8). Their names in options and flags are `english`,
// `international` and `brazilian`; PDN tells them apart by the GameType tag (21, 20 and 26, the
// numbers of the PDN standard and of CheckerBoard).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/result.hpp"
#include "engine/rules_enums.hpp"

namespace tempo {

// `Variant` itself, and pdn_game_type, are in rules_enums.hpp (the rules traits name them).

// The names, in the order of the enum: what every option and flag accepts, what `uci` lists.
inline constexpr std::array<std::string_view, 3> VariantNames{"english", "international", "brazilian"};

constexpr std::string_view variant_name(Variant v) { return VariantNames[std::size_t(v)]; }

// The names as messages write them in a sentence ("not an English game"), in the order of the enum.
inline constexpr std::array<std::string_view, 3> VariantTitles{"English", "international", "Brazilian"};

constexpr std::string_view variant_title(Variant v) { return VariantTitles[std::size_t(v)]; }

// The accepted names as the errors list them: "english, international".
inline std::string variant_choices() {
    std::string list;
    for (std::string_view name : VariantNames) list += (list.empty() ? "" : ", ") + std::string(name);
    return list;
}

// The variant named `text`, given as `what` (the flag as the user typed it, `--variant` or
// `-variant`). This is the one parser of a variant name and its one error wording, e.g.
// "--variant 'dutch' is not one of: english, international, brazilian".
inline Result<Variant> parse_variant(std::string_view text, std::string_view what = "variant") {
    for (std::size_t i = 0; i < VariantNames.size(); ++i)
        if (text == VariantNames[i]) return Variant(i);
    return Error{std::string(what) + " '" + std::string(text) + "' is not one of: " + variant_choices()};
}

// The names the Hub protocol (Scan's) gives them, in the order of the enum: 10x10 is `normal`.
inline constexpr std::array<std::string_view, 3> HubVariantNames{"english", "normal", "brazilian"};

constexpr std::string_view hub_variant_name(Variant v) { return HubVariantNames[std::size_t(v)]; }

// The variant of a Hub name, or nothing when Tempo does not play it.
inline std::optional<Variant> parse_hub_variant(std::string_view text) {
    for (std::size_t i = 0; i < HubVariantNames.size(); ++i)
        if (text == HubVariantNames[i]) return Variant(i);
    return std::nullopt;
}

}  // namespace tempo
