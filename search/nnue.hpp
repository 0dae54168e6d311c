// The neural evaluation of English draughts: a small network over the pieces, seen from the side
// to move, computed in integers.
//
// The network and its file are specified in docs/network-format.md: 128 sparse inputs (our men,
// our kings, their men, their kings on the 32 squares counted from the mover's own back row), a
// shared first layer of 128 in int16, then per bucket of the piece count 128 -> 32 -> 32 -> 1 in
// int8 weights and int32 sums. `train/` makes the networks; a test checks that the trainer's
// integer forward pass and this one agree on saved positions.
//
// The search copies positions instead of undoing moves, and a position has at most 24 pieces,
// so the first layer is summed afresh from the piece list at each evaluation (24 rows of 128
// values) rather than kept up to date move by move: no state to carry along the search stack.
//
// Two paths compute the same integers: AVX2 where the CPU has it (chosen once at run time, the
// build itself targets plain x86-64-v2), and a portable one. A test checks that they agree.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position.hpp"
#include "engine/result.hpp"
#include "search/score.hpp"

namespace tempo::search::nnue {

inline constexpr int Inputs = 128;
inline constexpr int H1 = 128;
inline constexpr int H2 = 32;
inline constexpr int H3 = 32;
inline constexpr int Buckets = 4;
inline constexpr int HeaderSize = 64;
inline constexpr std::uint32_t FormatVersion = 1;
inline constexpr Score ScoreLimit = 2000;  // centi-men: far inside the decisive range

// The bucket of the dense layers for `pieces` pieces on the board (1-24).
constexpr int bucket_of(int pieces) { return (pieces - 1) * Buckets / 24; }

// The weights, as the file holds them (docs/network-format.md), aligned for SIMD loads.
struct alignas(64) Parameters {
    alignas(64) std::array<std::array<std::int16_t, H1>, Inputs> w1;
    alignas(64) std::array<std::int16_t, H1> b1;
    struct alignas(64) Dense {
        alignas(64) std::array<std::array<std::int8_t, H1>, H2> w2;
        std::array<std::int32_t, H2> b2;
        alignas(64) std::array<std::array<std::int8_t, H2>, H3> w3;
        std::array<std::int32_t, H3> b3;
        alignas(32) std::array<std::int8_t, H3> w4;
        std::int32_t b4;
    };
    std::array<Dense, Buckets> dense;
};

// The active features of `p` (at most 24), in the side to move's orientation.
struct Features {
    std::array<std::uint8_t, 32> index;
    int count = 0;
};
Features features_of(const Position& p);

class Network {
public:
    // Reads and checks a network file; the error names what is wrong with it.
    static Result<Network> load(const std::string& path);
    // The same from bytes in memory; `name` is used in the messages.
    static Result<Network> parse(std::span<const std::uint8_t> bytes, std::string_view name);
    // A network of these parameters (which must pass the loader's overflow check).
    static Result<Network> from_parameters(const Parameters& w, std::string_view description);
    // The network built into the binary (search/nets/english.nnue at build time), or null when
    // the build has none.
    static const Network* embedded();

    // The score of the quiet position `p` for the side to move, in centi-men.
    Score evaluate(const Position& p) const { return avx2_ ? evaluate_avx2(p) : evaluate_portable(p); }
    Score evaluate_portable(const Position& p) const;
    // Only where avx2_available().
    Score evaluate_avx2(const Position& p) const;
    static bool avx2_available();

    // The file's description field, e.g. "gen1 2026-12-02".
    const std::string& description() const { return description_; }
    std::uint32_t checksum() const { return crc_; }

private:
    std::shared_ptr<const Parameters> params_;
    std::string description_;
    std::uint32_t crc_ = 0;
    bool avx2_ = false;
};

// The file of a network with these parameters (docs/network-format.md); the description is cut
// to 20 bytes. For tests and tools: networks are made by train/export.py.
std::vector<std::uint8_t> encode(const Parameters& w, std::string_view description);

// CRC-32 (IEEE 802.3, zlib's), as the file header holds it.
std::uint32_t crc32(std::span<const std::uint8_t> bytes);

}  // namespace tempo::search::nnue
