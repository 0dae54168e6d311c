// libFuzzer target for the English text readers: the body of fuzz_game.hpp (FEN, moves through
// Game), then the protocol's move-list reader on the same position and words.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_game.hpp"
#include "protocol/moves.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (const auto read = tempo::fuzzing::fuzz_game_text<tempo::Wcdf>(text))
        (void)tempo::protocol::read_moves(read->first, read->second);
    return 0;
}
