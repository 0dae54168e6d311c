// libFuzzer target for the 10x10 text readers: the body of fuzz_game.hpp for international draughts.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/international.hpp"
#include "fuzz_game.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    (void)tempo::fuzzing::fuzz_game_text<tempo::intl::Fmjd>(
        std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
