// libFuzzer target for the Brazilian text readers: the body of fuzz_game.hpp for Brazilian draughts.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/brazilian.hpp"
#include "fuzz_game.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    (void)tempo::fuzzing::fuzz_game_text<tempo::brazil::Cbd>(
        std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
