#include "search/tt.hpp"

#include <bit>
#include <memory>
#include <new>
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace tempo::search {

namespace {

// Field positions in a slot's data word.
constexpr int ScoreShift = 0, DepthShift = 16, BoundShift = 24, AgeShift = 26, IndexShift = 32,
              FromShift = 40, ToShift = 48;

constexpr std::uint64_t field(std::uint64_t data, int shift, std::uint64_t mask) {
    return (data >> shift) & mask;
}

constexpr std::uint64_t pack(Score score, int depth, Bound bound, std::uint8_t age, TTMove m) {
    return std::uint64_t(std::uint16_t(std::int16_t(score))) << ScoreShift |
           std::uint64_t(std::uint8_t(depth)) << DepthShift |
           std::uint64_t(bound) << BoundShift | std::uint64_t(age) << AgeShift |
           std::uint64_t(m.index) << IndexShift | std::uint64_t(m.from) << FromShift |
           std::uint64_t(m.to) << ToShift;
}

constexpr TTEntry unpack(std::uint64_t d) {
    TTEntry e;
    e.score = Score(std::int16_t(std::uint16_t(field(d, ScoreShift, 0xFFFF))));
    e.depth = int(field(d, DepthShift, 0xFF));
    e.bound = Bound(field(d, BoundShift, 3));
    e.move.index = std::uint8_t(field(d, IndexShift, 0xFF));
    e.move.from = std::uint8_t(field(d, FromShift, 0xFF));
    e.move.to = std::uint8_t(field(d, ToShift, 0xFF));
    return e;
}

static_assert(unpack(pack(-29990, 17, Bound::Lower, 5, TTMove{3, 34, 29})).score == -29990);
static_assert(unpack(pack(123, 63, Bound::Exact, 63, TTMove{})).move.empty());

// A table of 2 MiB or more starts on a 2 MiB boundary and, on Linux, asks for huge pages
// (transparent huge pages, which kernels commonly give only on request: "madvise" mode). A probe
// lands anywhere in the table, so with 4 KiB pages nearly every one also misses the TLB; and
// clearing a fresh table faults once per 2 MiB page instead of once per 4 KiB page.
constexpr std::size_t HugePage = std::size_t(2) << 20;

constexpr std::size_t alignment(std::size_t bytes) { return bytes >= HugePage ? HugePage : 64; }

}  // namespace

void TranspositionTable::Free::operator()(Bucket* p) const {
    std::destroy_n(p, n);
    ::operator delete(static_cast<void*>(p), std::align_val_t(alignment(n * sizeof(Bucket))));
}

TranspositionTable::TranspositionTable(std::size_t megabytes) { resize(megabytes); }

void TranspositionTable::resize(std::size_t megabytes) {
    const std::size_t wanted = (megabytes << 20) / sizeof(Bucket);
    const std::size_t n = wanted < 1 ? 1 : std::bit_floor(wanted);
    const std::size_t bytes = n * sizeof(Bucket);
    // Allocated before the old table is given back: out of memory leaves the table as it was.
    void* raw = ::operator new(bytes, std::align_val_t(alignment(bytes)));
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= HugePage) madvise(raw, bytes, MADV_HUGEPAGE);  // a hint; refused: 4 KiB pages
#endif
    auto* first = static_cast<Bucket*>(raw);
    std::uninitialized_value_construct_n(first, n);  // every slot empty
    buckets_ = std::unique_ptr<Bucket[], Free>(first, Free{n});
    mask_ = n - 1;
    age_ = 0;
}

void TranspositionTable::clear() {
    for (std::size_t i = 0; i <= mask_; ++i)
        for (Slot& s : buckets_[i].slots) {
            s.check.store(0, std::memory_order_relaxed);
            s.data.store(0, std::memory_order_relaxed);
        }
    age_ = 0;
}

bool TranspositionTable::probe(Key key, TTEntry& out) const {
    const Bucket& b = buckets_[key & mask_];
    for (const Slot& s : b.slots) {
        const std::uint64_t data = s.data.load(std::memory_order_relaxed);
        if ((s.check.load(std::memory_order_relaxed) ^ data) == key &&
            Bound(field(data, BoundShift, 3)) != Bound::None) {
            out = unpack(data);
            return true;
        }
    }
    return false;
}

void TranspositionTable::store(Key key, Score score, int depth, Bound bound, TTMove move) {
    Bucket& b = buckets_[key & mask_];
    Slot* victim = nullptr;
    int victim_value = 1 << 30;
    for (Slot& s : b.slots) {
        const std::uint64_t data = s.data.load(std::memory_order_relaxed);
        const Bound old_bound = Bound(field(data, BoundShift, 3));
        if (old_bound != Bound::None && (s.check.load(std::memory_order_relaxed) ^ data) == key) {
            // Same position: keep a deeper result of this search unless the new one is exact.
            const TTEntry old = unpack(data);
            if (bound != Bound::Exact && old.depth > depth + 2 &&
                field(data, AgeShift, AgeMask) == age_)
                return;
            if (move.empty()) move = old.move;
            victim = &s;
            break;
        }
        if (old_bound == Bound::None) {
            if (victim_value > -(1 << 29)) victim = &s, victim_value = -(1 << 29);
            continue;
        }
        const int age_distance = int((age_ - field(data, AgeShift, AgeMask)) & AgeMask);
        const int value = int(field(data, DepthShift, 0xFF)) - 8 * age_distance;
        if (value < victim_value) victim = &s, victim_value = value;
    }
    const std::uint64_t data = pack(score, depth < 0 ? 0 : depth > 255 ? 255 : depth, bound, age_, move);
    victim->check.store(key ^ data, std::memory_order_relaxed);
    victim->data.store(data, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
    constexpr std::size_t Sample = 1000 / SlotsPerBucket;
    const std::size_t n = Sample < buckets() ? Sample : buckets();
    int used = 0;
    for (std::size_t i = 0; i < n; ++i)
        for (const Slot& s : buckets_[i].slots) {
            const std::uint64_t data = s.data.load(std::memory_order_relaxed);
            used += Bound(field(data, BoundShift, 3)) != Bound::None &&
                    field(data, AgeShift, AgeMask) == age_;
        }
    return int(std::size_t(used) * 1000 / (n * SlotsPerBucket));
}

}  // namespace tempo::search
