// Transposition table: what earlier searches learnt about a position, keyed by its Zobrist key.
//
// Layout: buckets of four 16-byte slots, one bucket per 64-byte cache line, a power-of-two number
// of buckets indexed by the key's low bits. A slot is two 64-bit words, `check = key ^ data` and
// `data`; a probe accepts a slot only when `check ^ data` gives back the full key. Threads share
// the table without locks: each word is a relaxed atomic, so a slot torn by two writers fails the
// check and reads as a miss (the xor trick), and nothing else can go wrong.
//
// `data` packs the score (16 bits, decisive scores relative to the storing node, see score.hpp),
// the depth (8), the bound (2), the search age (6) and the move. The move is kept as its index in
// the list `generate_moves` builds (which is deterministic) plus its from and to bits, so the
// prober can verify it against the list and fall back on from/to if the index disagrees.
//
// Replacement: the slot with the same key if there is one, else an empty slot, else the slot
// with the least `depth - 8 * age_distance`: shallow and old entries go first.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "engine/position.hpp"
#include "search/score.hpp"

namespace tempo::search {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

// A move as the table remembers it; `index == NoIndex` when there is none.
struct TTMove {
    static constexpr std::uint8_t NoIndex = 0xFF;
    std::uint8_t index = NoIndex;
    std::uint8_t from = 0;
    std::uint8_t to = 0;
    constexpr bool empty() const { return index == NoIndex; }
};

struct TTEntry {
    Score score = 0;  // as stored: convert with from_tt
    int depth = 0;
    Bound bound = Bound::None;
    TTMove move;
};

class TranspositionTable {
public:
    static constexpr int SlotsPerBucket = 4;

    explicit TranspositionTable(std::size_t megabytes = 16);

    // Reallocates (and so clears) the table; at least one bucket.
    void resize(std::size_t megabytes);
    void clear();
    // Starts a new search: entries of earlier searches become older and so easier to replace.
    void new_search() { age_ = std::uint8_t((age_ + 1) & AgeMask); }

    // The entry stored for `key`, if any.
    bool probe(Key key, TTEntry& out) const;
    void store(Key key, Score score, int depth, Bound bound, TTMove move);
    // Per mille of a sample of slots filled by the current search.
    int hashfull() const;
    void prefetch(Key key) const { __builtin_prefetch(&buckets_[key & mask_]); }

    std::size_t buckets() const { return mask_ + 1; }
    std::size_t megabytes() const { return buckets() * sizeof(Bucket) >> 20; }

private:
    struct Slot {
        std::atomic<std::uint64_t> check{0};
        std::atomic<std::uint64_t> data{0};
    };
    struct alignas(64) Bucket {
        Slot slots[SlotsPerBucket];
    };
    static_assert(sizeof(Bucket) == 64);
    // Gives back the memory resize() took: n buckets, aligned as alignment() says for their bytes.
    struct Free {
        std::size_t n;  // no initialiser here: the class is incomplete where unique_ptr asks
        void operator()(Bucket* p) const;
    };

    static constexpr std::uint8_t AgeMask = 63;

    std::unique_ptr<Bucket[], Free> buckets_;
    std::size_t mask_ = 0;
    std::uint8_t age_ = 0;
};

}  // namespace tempo::search
