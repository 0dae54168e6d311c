// libFuzzer target: the network loaders (English and 10x10) must take any bytes without crashing
// or reading out of bounds; a refusal carries a message, and a network one accepts evaluates the
// same on both paths.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <span>
#include <vector>

#include "search/nnue.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using tempo::search::nnue::IntlNetwork;
    using tempo::search::nnue::Network;
    // The input as it is, and with a correct checksum put in (so that the loader's later checks
    // are reached too, not only the CRC).
    std::vector<std::uint8_t> fixed(data, data + size);
    if (fixed.size() > 64) {
        const std::uint32_t crc = tempo::search::nnue::crc32(std::span(fixed).subspan(64));
        std::memcpy(fixed.data() + 40, &crc, 4);
    }
    for (const std::span<const std::uint8_t> bytes : {std::span(data, size), std::span<const std::uint8_t>(fixed)}) {
        const tempo::Result<Network> net = Network::parse(bytes, "fuzz");
        if (!net) {
            if (net.error().empty()) std::abort();
            continue;
        }
        const tempo::Position p = tempo::Position::start();
        if (Network::avx2_available() && net->evaluate_avx2(p) != net->evaluate_portable(p)) std::abort();
    }
    for (const std::span<const std::uint8_t> bytes : {std::span(data, size), std::span<const std::uint8_t>(fixed)}) {
        const tempo::Result<IntlNetwork> net = IntlNetwork::parse(bytes, "fuzz");
        if (!net) {
            if (net.error().empty()) std::abort();
            continue;
        }
        const tempo::intl::Position p = tempo::intl::Position::start();
        if (IntlNetwork::avx2_available() && net->evaluate_avx2(p) != net->evaluate_portable(p)) std::abort();
    }
    return 0;
}
