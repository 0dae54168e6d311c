// The neural evaluations of English draughts and of international draughts (10x10): a small
// network over the pieces, seen from the side to move, computed in integers.
//
// Both networks and their files are specified in docs/network-format.md: sparse inputs (our men,
// our kings, their men, their kings on each square, counted from the mover's own back row: 128
// inputs on the 32 squares of English draughts, 200 on the 50 of the 10x10 board), a shared first
// layer of H1 units in int16 (the game trait's width), then per bucket of the piece count
// H1 -> 32 -> 32 -> 1 in int8 weights and int32 sums. `train/` makes the networks; a test checks that the trainer's integer forward
// pass and this one agree on saved positions. The header's game field keeps an English file out
// of the 10x10 loader and the other way round.
//
// One class template, `BasicNetwork<Game>`, serves both games: the game trait (`English`,
// `International`) gives the board, the input count and the buckets; everything after the
// choice of the first layer's rows (the row sums, the dense layers, the file's checks) is the
// same code for both, and the integer kernels are not templates at all.
//
// The first layer is kept up to date without any help from the search: a `Cache` (one per
// search thread) holds, for each side to move, the first-layer sums of the last position it
// evaluated and that position's pieces. The next evaluation with the same side to move takes the
// difference of the pieces (bitboards) and subtracts and adds only those rows; positions met one
// after the other in a search differ by a few pieces, so a few rows instead of up to 24 (40 on
// the 10x10 board). The difference is exact whatever position the cache last saw, so the search
// keeps no stack of accumulators and cannot leave a stale one. A large difference is summed
// afresh. A cache remembers whose rows it holds, so one cache serves either game's network.
//
// Two paths compute the same integers: AVX2 where the CPU has it (chosen once at run time, the
// build itself targets plain x86-64-v2), and a portable one. A test checks that they agree.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/international.hpp"
#include "engine/position.hpp"
#include "engine/result.hpp"
#include "search/score.hpp"

namespace tempo::search::nnue {

inline constexpr int H2 = 32;
inline constexpr int H3 = 32;
inline constexpr int HeaderSize = 64;
inline constexpr std::uint32_t FormatVersion = 1;
inline constexpr Score ScoreLimit = 2000;  // centi-men: far inside the decisive range

// The games, as the network sees them. `id` is the header's game field.
struct English {
    using Position = tempo::Position;
    using Geometry = Geometry8;
    static constexpr std::uint32_t id = 0;
    static constexpr const char* name = "English draughts";
    static constexpr int Squares = 32;
    static constexpr int MaxPieces = 24;
    static constexpr int Inputs = 4 * Squares;
    static constexpr int Buckets = 4;
    static constexpr int H1 = 128;  // the first layer's width (the header's H1)
    // At most this many rows changed: the cache updates; more, it sums afresh.
    static constexpr int MaxUpdate = 12;
};

struct International {
    using Position = intl::Position;
    using Geometry = intl::Geo;
    static constexpr std::uint32_t id = 1;
    static constexpr const char* name = "international draughts";
    static constexpr int Squares = 50;
    static constexpr int MaxPieces = 40;
    static constexpr int Inputs = 4 * Squares;
    static constexpr int Buckets = 4;
    static constexpr int H1 = 128;
    static constexpr int MaxUpdate = 16;
};

// The widest first layer of either game (the cache's rows hold this many sums).
inline constexpr int MaxH1 = std::max(English::H1, International::H1);
static_assert(English::H1 % 32 == 0 && International::H1 % 32 == 0, "the AVX2 path takes 32 units at a time");

// The English sizes under their old names.
inline constexpr int Inputs = English::Inputs;
inline constexpr int Buckets = English::Buckets;

// The bucket of the dense layers for `pieces` pieces on the board (1..MaxPieces).
template <class G>
constexpr int bucket_of(int pieces) {
    // Clamped: a position built from untrusted bitboards may hold more pieces than a game can.
    return std::clamp((pieces - 1) * G::Buckets / G::MaxPieces, 0, G::Buckets - 1);
}
constexpr int bucket_of(int pieces) { return bucket_of<English>(pieces); }

// One bucket's layers after the first, behind a first layer of H1 units.
template <int H1>
struct alignas(64) BasicDense {
    alignas(64) std::array<std::array<std::int8_t, H1>, H2> w2;
    std::array<std::int32_t, H2> b2;
    alignas(64) std::array<std::array<std::int8_t, H2>, H3> w3;
    std::array<std::int32_t, H3> b3;
    alignas(32) std::array<std::int8_t, H3> w4;
    std::int32_t b4;
};

// The weights, as the file holds them (docs/network-format.md), aligned for SIMD loads.
template <class G>
struct alignas(64) BasicParameters {
    using Dense = BasicDense<G::H1>;
    alignas(64) std::array<std::array<std::int16_t, G::H1>, G::Inputs> w1;
    alignas(64) std::array<std::int16_t, G::H1> b1;
    std::array<Dense, G::Buckets> dense;
};

// The active features of a position (one per piece), in the side to move's orientation.
template <class G>
struct BasicFeatures {
    std::array<std::uint8_t, G::MaxPieces> index;
    int count = 0;
};
BasicFeatures<English> features_of(const Position& p);
BasicFeatures<International> features_of(const intl::Position& p);

// The first-layer sums of the last position evaluated with each side to move (see above).
struct Cache {
    struct alignas(64) Entry {
        alignas(64) std::array<std::int16_t, MaxH1> acc;
        std::array<Bitboard, 4> sets{};  // our men, our kings, their men, their kings
        bool valid = false;
    };
    std::array<Entry, 2> side;
    const void* network = nullptr;  // whose rows the sums hold: another network starts afresh
};

template <class G>
class BasicNetwork {
public:
    using Position = typename G::Position;
    using Parameters = BasicParameters<G>;

    // Reads and checks a network file; the error names what is wrong with it.
    static Result<BasicNetwork> load(const std::string& path);
    // The same from bytes in memory; `name` is used in the messages.
    static Result<BasicNetwork> parse(std::span<const std::uint8_t> bytes, std::string_view name);
    // A network of these parameters (which must pass the loader's overflow check).
    static Result<BasicNetwork> from_parameters(const Parameters& w, std::string_view description);
    // The network built into the binary (search/nets/english.nnue, search/nets/international.nnue
    // at build time), or null when the build has none for this game.
    static const BasicNetwork* embedded();

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
    template <bool Avx2>
    Score run(const Position& p, Cache* cache) const;

    std::shared_ptr<const Parameters> params_;
    std::string description_;
    std::uint32_t crc_ = 0;
    bool avx2_ = false;
};

extern template class BasicNetwork<English>;
extern template class BasicNetwork<International>;

using Parameters = BasicParameters<English>;
using Features = BasicFeatures<English>;
using Network = BasicNetwork<English>;
using IntlParameters = BasicParameters<International>;
using IntlFeatures = BasicFeatures<International>;
using IntlNetwork = BasicNetwork<International>;

// A network of either game, as a file's header names it.
using AnyNetwork = std::variant<Network, IntlNetwork>;
Result<AnyNetwork> load_any(const std::string& path);

// The file of a network with these parameters (docs/network-format.md); the description is cut
// to 20 bytes. For tests and tools: networks are made by train/export.py.
template <class G>
std::vector<std::uint8_t> encode(const BasicParameters<G>& w, std::string_view description);

// CRC-32 (IEEE 802.3, zlib's), as the file header holds it.
std::uint32_t crc32(std::span<const std::uint8_t> bytes);

}  // namespace tempo::search::nnue
