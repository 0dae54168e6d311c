#include "search/nnue.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <optional>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define TEMPO_NNUE_X86 1
#define TEMPO_AVX2 __attribute__((target("avx2")))
#else
#define TEMPO_NNUE_X86 0
#define TEMPO_AVX2
#endif

// The networks built into the binary: search/nets/english.nnue and search/nets/international.nnue
// at build time (CMake writes these symbols; a size is 0 when the build has no such network).
extern const unsigned char tempo_embedded_network[];
extern const std::size_t tempo_embedded_network_size;
extern const unsigned char tempo_embedded_intl_network[];
extern const std::size_t tempo_embedded_intl_network_size;

namespace tempo::search::nnue {

namespace {

constexpr char Magic[8] = {'T', 'E', 'M', 'P', 'O', 'N', 'E', 'T'};

template <class G>
constexpr std::size_t PayloadSize =
    2 * std::size_t(G::Inputs) * G::H1 + 2 * std::size_t(G::H1) +
    G::Buckets * (std::size_t(H2) * G::H1 + 4 * H2 + std::size_t(H3) * H2 + 4 * H3 + H3 + 4);
static_assert(International::H1 != 128 || PayloadSize<International> == 73104, "the size docs/network-format.md gives");

// Output scaling (docs/network-format.md): activations 0..127 stand for 0..1, dense weights are
// 64ths, so the output sum is in units of 1 / (127 * 64) of a man.
constexpr int ActivationMax = 127;
constexpr int WeightShift = 6;
constexpr int OutputDivisor = 127 * 64;

// The most first-layer rows one evaluation adds or subtracts: a fresh sum of the fullest board.
constexpr int MaxRows = 64;
static_assert(English::MaxPieces <= MaxRows && International::MaxPieces <= MaxRows);
static_assert(2 * English::MaxUpdate <= MaxRows && 2 * International::MaxUpdate <= MaxRows);

std::uint32_t read_u32(const std::uint8_t* p) {
    return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24;
}

// Reads little-endian values from the payload in file order.
struct Reader {
    const std::uint8_t* p;
    std::int16_t i16() {
        const auto v = std::int16_t(std::uint16_t(p[0] | p[1] << 8));
        p += 2;
        return v;
    }
    std::int8_t i8() { return std::int8_t(*p++); }
    std::int32_t i32() {
        const auto v = std::int32_t(read_u32(p));
        p += 4;
        return v;
    }
};

Score to_centi_men(std::int32_t out) {
    return std::clamp(Score(std::int64_t(out) * 100 / OutputDivisor), -ScoreLimit, ScoreLimit);
}

const char* game_name(std::uint32_t id) {
    return id == English::id ? English::name : id == International::id ? International::name : "an unknown game";
}

// The whole of a file, or why it could not be read.
Result<std::vector<std::uint8_t>> read_file(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return Error{"cannot open network '" + path + "': " + std::strerror(errno)};
    std::vector<std::uint8_t> bytes;
    std::uint8_t buffer[1 << 16];
    constexpr std::size_t Limit = std::size_t(64) << 20;  // far beyond any network of this format
    bool failed = false;
    while (true) {
        const std::size_t n = std::fread(buffer, 1, sizeof buffer, f);
        bytes.insert(bytes.end(), buffer, buffer + n);
        if (bytes.size() > Limit) {
            std::fclose(f);
            return Error{"network '" + path + "' is larger than 64 MiB: not a Tempo network"};
        }
        if (n < sizeof buffer) {
            failed = std::ferror(f) != 0;
            break;
        }
    }
    std::fclose(f);
    if (failed) return Error{"cannot read network '" + path + "'"};
    return bytes;
}

// The kernels: plain integer arithmetic on H1-wide rows, the same for both games (a template on
// the width only).

// out = start - (the rows of `minus`) + (the rows of `plus`), in 16-bit lanes. Rows out first,
// then rows in: every partial sum is one of a subset of a real position's rows, so it stays in
// the range the loader checked (and wrapping 16-bit arithmetic gives the same end either way).
template <int H1>
void update_portable(const std::int16_t* start, std::int16_t* out, const std::int16_t* const* minus, int n_minus,
                     const std::int16_t* const* plus, int n_plus) {
    std::array<std::int16_t, H1> acc;
    std::copy(start, start + H1, acc.begin());
    for (int i = 0; i < n_minus; ++i)
        for (int j = 0; j < H1; ++j) acc[std::size_t(j)] = std::int16_t(acc[std::size_t(j)] - minus[i][j]);
    for (int i = 0; i < n_plus; ++i)
        for (int j = 0; j < H1; ++j) acc[std::size_t(j)] = std::int16_t(acc[std::size_t(j)] + plus[i][j]);
    std::copy(acc.begin(), acc.end(), out);
}

// The layers after the first, from the first layer's sums.
template <int H1>
Score dense_portable(const BasicDense<H1>& d, const std::int16_t* acc) {
    std::array<int, H1> a1;
    for (int j = 0; j < H1; ++j) a1[std::size_t(j)] = std::clamp(int(acc[j]), 0, ActivationMax);
    std::array<int, H2> a2;
    for (int k = 0; k < H2; ++k) {
        std::int32_t s = d.b2[std::size_t(k)];
        for (int j = 0; j < H1; ++j) s += a1[std::size_t(j)] * d.w2[std::size_t(k)][std::size_t(j)];
        a2[std::size_t(k)] = std::clamp(s >> WeightShift, 0, ActivationMax);
    }
    std::array<int, H3> a3;
    for (int k = 0; k < H3; ++k) {
        std::int32_t s = d.b3[std::size_t(k)];
        for (int j = 0; j < H2; ++j) s += a2[std::size_t(j)] * d.w3[std::size_t(k)][std::size_t(j)];
        a3[std::size_t(k)] = std::clamp(s >> WeightShift, 0, ActivationMax);
    }
    std::int32_t out = d.b4;
    for (int k = 0; k < H3; ++k) out += a3[std::size_t(k)] * d.w4[std::size_t(k)];
    return to_centi_men(out);
}

// The same with AVX2 (defined below; only called where the CPU has it).
template <int H1>
TEMPO_AVX2 void update_avx2(const std::int16_t* start, std::int16_t* out, const std::int16_t* const* minus,
                            int n_minus, const std::int16_t* const* plus, int n_plus);
template <int H1>
TEMPO_AVX2 Score dense_avx2(const BasicDense<H1>& d, const std::int16_t* acc);

}  // namespace

std::uint32_t crc32(std::span<const std::uint8_t> bytes) {
    static const std::array<std::uint32_t, 256> table = [] {
        std::array<std::uint32_t, 256> t{};
        for (std::uint32_t i = 0; i < 256; ++i) {
            std::uint32_t c = i;
            for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            t[i] = c;
        }
        return t;
    }();
    std::uint32_t c = 0xFFFFFFFFu;
    for (const std::uint8_t b : bytes) c = table[(c ^ b) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

namespace {

// The feature of the piece on bit `b` of set `kind` (our men, our kings, their men, their
// kings), for side to move `us`: own square o = s for Black, Squares - 1 - s for White (the
// board turned round), s the 0-based PDN square.
template <class G>
int feature(int kind, int b, Color us) {
    const int s = G::Geometry::square_of(b);
    return G::Squares * kind + (us == Color::White ? G::Squares - 1 - s : s);
}

template <class G>
std::array<Bitboard, 4> sets_of(const typename G::Position& p) {
    const Color us = p.side_to_move();
    return {p.men(us), p.kings(us), p.men(~us), p.kings(~us)};
}

template <class G>
BasicFeatures<G> features_of_game(const typename G::Position& p) {
    BasicFeatures<G> f;
    const Color us = p.side_to_move();
    const std::array<Bitboard, 4> sets = sets_of<G>(p);
    for (int kind = 0; kind < 4; ++kind)
        for (Bitboard b = sets[std::size_t(kind)]; b; b &= b - 1)
            f.index[std::size_t(f.count++)] = std::uint8_t(feature<G>(kind, lsb(b), us));
    return f;
}

}  // namespace

BasicFeatures<English> features_of(const Position& p) { return features_of_game<English>(p); }
BasicFeatures<International> features_of(const intl::Position& p) { return features_of_game<International>(p); }

template <class G>
Result<BasicNetwork<G>> BasicNetwork<G>::parse(std::span<const std::uint8_t> bytes, std::string_view name) {
    const std::string where = "network '" + std::string(name) + "'";
    if (bytes.size() < std::size_t(HeaderSize))
        return Error{where + " is " + std::to_string(bytes.size()) + " bytes, shorter than the 64-byte header"};
    const std::uint8_t* h = bytes.data();
    if (std::memcmp(h, Magic, 8) != 0) return Error{where + " is not a Tempo network (no TEMPONET magic)"};
    const std::uint32_t version = read_u32(h + 8), game = read_u32(h + 12);
    if (version != FormatVersion)
        return Error{where + " has format version " + std::to_string(version) + "; this Tempo reads version 1"};
    if (game != G::id)
        return Error{where + " is for game " + std::to_string(game) + " (" + game_name(game) + "), not " + G::name +
                     " (" + std::to_string(G::id) + ")"};
    const std::uint32_t sizes[5] = {read_u32(h + 16), read_u32(h + 20), read_u32(h + 24), read_u32(h + 28),
                                    read_u32(h + 32)};
    const std::uint32_t want[5] = {G::Inputs, G::H1, H2, H3, G::Buckets};
    const char* names[5] = {"inputs", "H1", "H2", "H3", "buckets"};
    for (int i = 0; i < 5; ++i)
        if (sizes[i] != want[i])
            return Error{where + " has " + names[i] + " " + std::to_string(sizes[i]) + "; this Tempo needs " +
                         std::to_string(want[i])};
    constexpr std::size_t Payload = PayloadSize<G>;
    const std::uint32_t payload = read_u32(h + 36), crc = read_u32(h + 40);
    if (payload != Payload)
        return Error{where + " declares a payload of " + std::to_string(payload) + " bytes; these sizes take " +
                     std::to_string(Payload)};
    if (bytes.size() != HeaderSize + Payload)
        return Error{where + " is " + std::to_string(bytes.size()) + " bytes; its header says " +
                     std::to_string(HeaderSize + Payload)};
    const std::span<const std::uint8_t> body = bytes.subspan(HeaderSize);
    if (const std::uint32_t actual = crc32(body); actual != crc) {
        char text[96];
        std::snprintf(text, sizeof text, " is damaged: its CRC-32 is %08x, the header says %08x", actual, crc);
        return Error{where + text};
    }

    auto params = std::make_shared<Parameters>();
    Reader r{body.data()};
    for (auto& row : params->w1)
        for (auto& v : row) v = r.i16();
    for (auto& v : params->b1) v = r.i16();
    for (auto& d : params->dense) {
        for (auto& row : d.w2)
            for (auto& v : row) v = r.i8();
        for (auto& v : d.b2) v = r.i32();
        for (auto& row : d.w3)
            for (auto& v : row) v = r.i8();
        for (auto& v : d.b3) v = r.i32();
        for (auto& v : d.w4) v = r.i8();
        d.b4 = r.i32();
    }
    // The 16-bit first-layer sum must not overflow: at most MaxPieces rows are added to the bias.
    for (int j = 0; j < G::H1; ++j) {
        std::vector<int> magnitudes;
        for (int f = 0; f < G::Inputs; ++f)
            magnitudes.push_back(std::abs(int(params->w1[std::size_t(f)][std::size_t(j)])));
        std::partial_sort(magnitudes.begin(), magnitudes.begin() + G::MaxPieces, magnitudes.end(), std::greater<>());
        int worst = std::abs(int(params->b1[std::size_t(j)]));
        for (int k = 0; k < G::MaxPieces; ++k) worst += magnitudes[std::size_t(k)];
        if (worst > 32767)
            return Error{where + ": first-layer unit " + std::to_string(j) + " could reach " + std::to_string(worst) +
                         ", beyond 16 bits"};
    }

    BasicNetwork net;
    net.params_ = std::move(params);
    const char* text = reinterpret_cast<const char*>(h + 44);
    net.description_.assign(text, strnlen(text, 20));
    net.crc_ = crc;
    net.avx2_ = avx2_available();
    return net;
}

template <class G>
Result<BasicNetwork<G>> BasicNetwork<G>::load(const std::string& path) {
    Result<std::vector<std::uint8_t>> bytes = read_file(path);
    if (!bytes) return Error{bytes.error()};
    return parse(*bytes, path);
}

Result<AnyNetwork> load_any(const std::string& path) {
    Result<std::vector<std::uint8_t>> bytes = read_file(path);
    if (!bytes) return Error{bytes.error()};
    // The game field routes the file; a file too short to have one gets the English loader's
    // message (which says what is wrong with it).
    if (bytes->size() >= 16 && read_u32(bytes->data() + 12) == International::id) {
        Result<IntlNetwork> net = IntlNetwork::parse(*bytes, path);
        if (!net) return Error{net.error()};
        return AnyNetwork{std::move(*net)};
    }
    Result<Network> net = Network::parse(*bytes, path);
    if (!net) return Error{net.error()};
    return AnyNetwork{std::move(*net)};
}

template <class G>
std::vector<std::uint8_t> encode(const BasicParameters<G>& w, std::string_view description) {
    std::vector<std::uint8_t> out(HeaderSize, 0);
    auto put32 = [&out](std::size_t at, std::uint32_t v) {
        for (int i = 0; i < 4; ++i) out[at + std::size_t(i)] = std::uint8_t(v >> (8 * i));
    };
    auto add = [&out](auto v, int bytes) {
        for (int i = 0; i < bytes; ++i) out.push_back(std::uint8_t(std::uint32_t(v) >> (8 * i)));
    };
    for (const auto& row : w.w1)
        for (const auto v : row) add(v, 2);
    for (const auto v : w.b1) add(v, 2);
    for (const auto& d : w.dense) {
        for (const auto& row : d.w2)
            for (const auto v : row) add(v, 1);
        for (const auto v : d.b2) add(v, 4);
        for (const auto& row : d.w3)
            for (const auto v : row) add(v, 1);
        for (const auto v : d.b3) add(v, 4);
        for (const auto v : d.w4) add(v, 1);
        add(d.b4, 4);
    }
    std::memcpy(out.data(), Magic, 8);
    put32(8, FormatVersion);
    put32(12, G::id);
    put32(16, G::Inputs), put32(20, G::H1), put32(24, H2), put32(28, H3), put32(32, G::Buckets);
    put32(36, std::uint32_t(out.size() - HeaderSize));
    put32(40, crc32(std::span(out).subspan(HeaderSize)));
    std::memcpy(out.data() + 44, description.data(), std::min<std::size_t>(description.size(), 20));
    return out;
}

template std::vector<std::uint8_t> encode(const BasicParameters<English>&, std::string_view);
template std::vector<std::uint8_t> encode(const BasicParameters<International>&, std::string_view);

template <class G>
Result<BasicNetwork<G>> BasicNetwork<G>::from_parameters(const Parameters& w, std::string_view description) {
    return parse(encode(w, description), description);
}

template <class G>
const BasicNetwork<G>* BasicNetwork<G>::embedded() {
    static const std::optional<BasicNetwork> net = []() -> std::optional<BasicNetwork> {
        const bool english = G::id == English::id;
        const std::size_t size = english ? tempo_embedded_network_size : tempo_embedded_intl_network_size;
        if (size == 0) return std::nullopt;
        Result<BasicNetwork> n = parse({english ? tempo_embedded_network : tempo_embedded_intl_network, size}, "(built in)");
        if (!n) return std::nullopt;
        return std::move(n).value();
    }();
    return net ? &*net : nullptr;
}

// One evaluation: choose the first layer's rows (from the cache's difference, or all of them),
// sum them with the kernel of the path, then the bucket's dense layers.
template <class G>
template <bool Avx2>
Score BasicNetwork<G>::run(const Position& p, Cache* cache) const {
    const Parameters& w = *params_;
    const Color us = p.side_to_move();
    const std::array<Bitboard, 4> now = sets_of<G>(p);
    std::array<Bitboard, 4> old{};
    const std::int16_t* start = w.b1.data();
    alignas(64) std::array<std::int16_t, G::H1> local;
    std::int16_t* out = local.data();
    if (cache) {
        if (cache->network != params_.get()) {
            cache->side[0].valid = cache->side[1].valid = false;
            cache->network = params_.get();
        }
        Cache::Entry& e = cache->side[std::size_t(us)];
        int changes = 0;
        for (int k = 0; k < 4; ++k) changes += popcount(e.sets[std::size_t(k)] ^ now[std::size_t(k)]);
        if (e.valid && changes <= G::MaxUpdate) old = e.sets, start = e.acc.data();
        out = e.acc.data();
        e.sets = now;
        e.valid = true;
    }
    const std::int16_t* minus[MaxRows];
    const std::int16_t* plus[MaxRows];
    int n_minus = 0, n_plus = 0;
    for (int k = 0; k < 4; ++k)
        for (Bitboard b = old[std::size_t(k)] & ~now[std::size_t(k)]; b; b &= b - 1)
            minus[n_minus++] = w.w1[std::size_t(feature<G>(k, lsb(b), us))].data();
    for (int k = 0; k < 4; ++k)
        for (Bitboard b = now[std::size_t(k)] & ~old[std::size_t(k)]; b; b &= b - 1)
            plus[n_plus++] = w.w1[std::size_t(feature<G>(k, lsb(b), us))].data();
    const auto& d = w.dense[std::size_t(bucket_of<G>(popcount(p.occupied())))];
    if constexpr (Avx2) {
        update_avx2<G::H1>(start, out, minus, n_minus, plus, n_plus);
        return dense_avx2(d, out);
    } else {
        update_portable<G::H1>(start, out, minus, n_minus, plus, n_plus);
        return dense_portable(d, out);
    }
}

template <class G>
Score BasicNetwork<G>::evaluate_portable(const Position& p) const { return run<false>(p, nullptr); }
template <class G>
Score BasicNetwork<G>::evaluate_portable(const Position& p, Cache& cache) const { return run<false>(p, &cache); }

#if TEMPO_NNUE_X86

template <class G>
bool BasicNetwork<G>::avx2_available() { return __builtin_cpu_supports("avx2"); }
template <class G>
Score BasicNetwork<G>::evaluate_avx2(const Position& p) const { return run<true>(p, nullptr); }
template <class G>
Score BasicNetwork<G>::evaluate_avx2(const Position& p, Cache& cache) const { return run<true>(p, &cache); }

namespace {

// The sum of the eight 32-bit lanes.
__attribute__((target("avx2"))) inline std::int32_t hsum(__m256i v) {
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
    return _mm_cvtsi128_si32(s);
}

// The sums of the eight lanes of each of four vectors, as the four lanes of one.
__attribute__((target("avx2"))) inline __m128i hsum4(__m256i a, __m256i b, __m256i c, __m256i d) {
    const __m256i ab = _mm256_hadd_epi32(a, b), cd = _mm256_hadd_epi32(c, d);
    const __m256i abcd = _mm256_hadd_epi32(ab, cd);  // per 128-bit lane: a, b, c, d partial sums
    return _mm_add_epi32(_mm256_castsi256_si128(abcd), _mm256_extracti128_si256(abcd, 1));
}

// The dot product of 32 activations (0..127) with 32 signed weights, in 32-bit lanes. The
// pairwise 16-bit sums of maddubs cannot saturate: 2 * 127 * 128 < 32768.
__attribute__((target("avx2"))) inline __m256i dot32(__m256i a, const std::int8_t* w) {
    const __m256i prod = _mm256_maddubs_epi16(a, _mm256_load_si256(reinterpret_cast<const __m256i*>(w)));
    return _mm256_madd_epi16(prod, _mm256_set1_epi16(1));
}

// Clamps 32-bit sums to 0..127 after the shift and packs 32 of them (four vectors, in order)
// into bytes.
__attribute__((target("avx2"))) inline __m256i activate(__m256i s0, __m256i s1, __m256i s2, __m256i s3) {
    const __m256i lo = _mm256_packs_epi32(_mm256_srai_epi32(s0, WeightShift), _mm256_srai_epi32(s1, WeightShift));
    const __m256i hi = _mm256_packs_epi32(_mm256_srai_epi32(s2, WeightShift), _mm256_srai_epi32(s3, WeightShift));
    const __m256i bytes = _mm256_packus_epi16(_mm256_min_epi16(lo, _mm256_set1_epi16(ActivationMax)),
                                              _mm256_min_epi16(hi, _mm256_set1_epi16(ActivationMax)));
    // packs and packus work within 128-bit lanes: 32-bit sums 0-3 | 4-7 from s0, s1 interleave
    // with s2, s3; this permutation puts the bytes back in order 0..31.
    return _mm256_permutevar8x32_epi32(bytes, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
}


template <int H1>
__attribute__((target("avx2"))) void update_avx2(const std::int16_t* start, std::int16_t* out,
                                                 const std::int16_t* const* minus, int n_minus,
                                                 const std::int16_t* const* plus, int n_plus) {
    constexpr int Chunks = H1 / 16;
    __m256i acc[Chunks];
    for (int c = 0; c < Chunks; ++c) acc[c] = _mm256_load_si256(reinterpret_cast<const __m256i*>(start + 16 * c));
    for (int i = 0; i < n_minus; ++i) {
        const auto* row = reinterpret_cast<const __m256i*>(minus[i]);
        for (int c = 0; c < Chunks; ++c) acc[c] = _mm256_sub_epi16(acc[c], _mm256_load_si256(row + c));
    }
    for (int i = 0; i < n_plus; ++i) {
        const auto* row = reinterpret_cast<const __m256i*>(plus[i]);
        for (int c = 0; c < Chunks; ++c) acc[c] = _mm256_add_epi16(acc[c], _mm256_load_si256(row + c));
    }
    for (int c = 0; c < Chunks; ++c) _mm256_store_si256(reinterpret_cast<__m256i*>(out + 16 * c), acc[c]);
}

template <int H1>
__attribute__((target("avx2"))) Score dense_avx2(const BasicDense<H1>& d, const std::int16_t* sums16) {
    constexpr int Chunks = H1 / 16;
    __m256i acc[Chunks];
    for (int c = 0; c < Chunks; ++c) acc[c] = _mm256_load_si256(reinterpret_cast<const __m256i*>(sums16 + 16 * c));
    // 0..127 as bytes, in order: packus interleaves 128-bit lanes, the permutation undoes it.
    alignas(32) std::uint8_t a1[H1];
    const __m256i top = _mm256_set1_epi16(ActivationMax);
    for (int c = 0; c < Chunks; c += 2) {
        const __m256i packed = _mm256_packus_epi16(_mm256_min_epi16(acc[c], top), _mm256_min_epi16(acc[c + 1], top));
        _mm256_store_si256(reinterpret_cast<__m256i*>(a1 + 16 * c), _mm256_permute4x64_epi64(packed, 0xD8));
    }
    __m256i in[H1 / 32];
    for (int c = 0; c < H1 / 32; ++c) in[c] = _mm256_load_si256(reinterpret_cast<const __m256i*>(a1 + 32 * c));
    // Layer 2: four outputs at a time, their sums reduced together into four lanes.
    __m256i sums[H2 / 8];
    for (int g = 0; g < H2 / 8; ++g) {
        __m128i half[2];
        for (int q = 0; q < 2; ++q) {
            __m256i s[4];
            for (int k = 0; k < 4; ++k) {
                const std::size_t out = std::size_t(8 * g + 4 * q + k);
                s[k] = dot32(in[0], &d.w2[out][0]);
                for (int c = 1; c < H1 / 32; ++c) s[k] = _mm256_add_epi32(s[k], dot32(in[c], &d.w2[out][std::size_t(32 * c)]));
            }
            half[q] = hsum4(s[0], s[1], s[2], s[3]);
        }
        sums[g] = _mm256_add_epi32(_mm256_set_m128i(half[1], half[0]),
                                   _mm256_loadu_si256(reinterpret_cast<const __m256i*>(&d.b2[std::size_t(8 * g)])));
    }
    const __m256i a2 = activate(sums[0], sums[1], sums[2], sums[3]);
    // Layer 3.
    for (int g = 0; g < H3 / 8; ++g) {
        __m128i half[2];
        for (int q = 0; q < 2; ++q) {
            const std::size_t out = std::size_t(8 * g + 4 * q);
            half[q] = hsum4(dot32(a2, d.w3[out].data()), dot32(a2, d.w3[out + 1].data()),
                            dot32(a2, d.w3[out + 2].data()), dot32(a2, d.w3[out + 3].data()));
        }
        sums[g] = _mm256_add_epi32(_mm256_set_m128i(half[1], half[0]),
                                   _mm256_loadu_si256(reinterpret_cast<const __m256i*>(&d.b3[std::size_t(8 * g)])));
    }
    const __m256i a3 = activate(sums[0], sums[1], sums[2], sums[3]);
    return to_centi_men(d.b4 + hsum(dot32(a3, d.w4.data())));
}

}  // namespace

#else

template <class G>
bool BasicNetwork<G>::avx2_available() { return false; }
template <class G>
Score BasicNetwork<G>::evaluate_avx2(const Position& p) const { return run<false>(p, nullptr); }
template <class G>
Score BasicNetwork<G>::evaluate_avx2(const Position& p, Cache& cache) const { return run<false>(p, &cache); }

namespace {
template <int H1>
void update_avx2(const std::int16_t* start, std::int16_t* out, const std::int16_t* const* minus, int n_minus,
                 const std::int16_t* const* plus, int n_plus) {
    update_portable<H1>(start, out, minus, n_minus, plus, n_plus);
}
template <int H1>
Score dense_avx2(const BasicDense<H1>& d, const std::int16_t* acc) { return dense_portable(d, acc); }
}  // namespace

#endif

template class BasicNetwork<English>;
template class BasicNetwork<International>;

}  // namespace tempo::search::nnue
