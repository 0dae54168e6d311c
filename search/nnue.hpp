// The neural evaluation of English draughts: a small network over the pieces, seen from the side
// to move, computed in integers.
//
// The network and its file are specified in docs/network-format.md: 128 sparse inputs (our men,
// our kings, their men, their kings on the 32 squares counted from the mover's own back row), a
// shared first layer of 128 in int16, then per bucket of the piece count 128 -> 32 -> 32 -> 1 in
// int8 weights and int32 sums. `train/` makes the networks; a test checks that the trainer's
// integer forward pass and this one agree on saved positions.
//
// The first layer is kept up to date without any help from the search: a `Cache` (one per
// search thread) holds, for each side to move, the first-layer sums of the last position it
// evaluated and that position's pieces. The next evaluation with the same side to move takes the
// difference of the pieces (bitboards) and subtracts and adds only those rows; positions met one
// after the other in a search differ by a few pieces, so a few rows instead of up to 24. The
// difference is exact whatever position the cache last saw, so the search keeps no stack of
// accumulators and cannot leave a stale one. A large difference is summed afresh.
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

// The first-layer sums of the last position evaluated with each side to move (see above).
struct Cache {
    struct alignas(64) Entry {
        alignas(64) std::array<std::int16_t, H1> acc;
        std::array<Bitboard, 4> sets{};  // our men, our kings, their men, their kings
        bool valid = false;
    };
    std::array<Entry, 2> side;
    const void* network = nullptr;  // whose rows the sums hold: another network starts afresh
};

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
    // The same scores, the first layer updated from `cache` (which they then update).
    Score evaluate(const Position& p, Cache& cache) const {
        return avx2_ ? evaluate_avx2(p, cache) : evaluate_portable(p, cache);
    }
    Score evaluate_portable(const Position& p, Cache& cache) const;
    Score evaluate_avx2(const Position& p, Cache& cache) const;
    static bool avx2_available();

    // The file's description field, e.g. "gen1 2026-12-02".
    const std::string& description() const { return description_; }
    std::uint32_t checksum() const { return crc_; }

private:
    // The layers after the first, from the first layer's sums.
    Score dense_portable(const std::int16_t* acc, int pieces) const;
    Score dense_avx2(const std::int16_t* acc, int pieces) const;

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
