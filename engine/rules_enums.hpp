// The small enums a rules trait names (engine/rules.hpp), apart from the string tables of
// variant.hpp so that position.hpp can name its game without pulling in text and errors.
//
// Variant: the games Tempo plays, one enum for the searcher, the protocol and the tools (their
// names, in options and flags, are in variant.hpp). Dialect: the wording of the text reader's
// errors, English draughts' own or the FMJD one (notation.cpp, its `Wording`); a new variant
// takes the FMJD wording.
#pragma once

#include <cstdint>

namespace tempo {

enum class Variant : std::uint8_t { English, International, Brazilian };

enum class Dialect : std::uint8_t { Wcdf, Fmjd };

// The PDN GameType of each game: 21 English, 20 international, 26 Brazilian (the numbers of the
// PDN standard and of CheckerBoard). Each rules trait repeats its own, checked against this.
constexpr int pdn_game_type(Variant v) {
    return v == Variant::English ? 21 : v == Variant::International ? 20 : 26;
}

}  // namespace tempo
