#include "search/egdb.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "engine/movegen.hpp"

namespace tempo::search::egdb {

namespace {

// A set of squares, bit s for square s (the PDN number minus one): the board's bits without the
// ghosts of bitboard.hpp, so that combinations of squares can be ranked directly.
using Squares = std::uint32_t;

constexpr Squares squares_of(Bitboard b) {
    return Squares((b & 0xFF) | ((b >> 1) & 0xFF00) | ((b >> 2) & 0xFF0000) | ((b >> 3) & 0xFF000000));
}
constexpr Bitboard board_of(Squares s) {
    const Bitboard b = s;
    return (b & 0xFF) | ((b & 0xFF00) << 1) | ((b & 0xFF0000) << 2) | ((b & 0xFF000000) << 3);
}
static_assert(squares_of(Geo::mask) == 0xFFFFFFFFu && board_of(0xFFFFFFFFu) == Geo::mask);
static_assert([] {
    for (int s = 0; s < 32; ++s)
        if (squares_of(bit(Geo::bit_of(s))) != Squares{1} << s) return false;
    return true;
}());

constexpr int ManSquares = 28;  // a man never stands on its own crowning row

// C(n, k) for n <= 32, k <= MaxPieces.
constexpr auto Binomial = [] {
    std::array<std::array<std::uint64_t, MaxPieces + 1>, 33> c{};
    for (std::size_t n = 0; n <= 32; ++n) {
        c[n][0] = 1;
        for (std::size_t k = 1; k <= MaxPieces; ++k) c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
    }
    return c;
}();

std::uint64_t choose(int n, int k) { return Binomial[std::size_t(n)][std::size_t(k)]; }

// The colex rank of a set of squares among the sets of its size.
std::uint64_t rank_of(Squares s) {
    std::uint64_t r = 0;
    for (std::size_t i = 1; s; s &= s - 1, ++i) r += Binomial[std::size_t(std::countr_zero(s))][i];
    return r;
}

// Every set of k squares in colex order (which is the order of their masks as numbers), for
// k <= MaxPieces: the set of rank r is combinations()[k][r], whatever the number of squares.
// Never destroyed: a build on a background thread may still be reading it while the process
// exits (the CheckerBoard library's build, cancelled by the library's own exit-time destructor).
const std::array<std::vector<Squares>, MaxPieces + 1>& combinations() {
    static const auto& table = *new std::array<std::vector<Squares>, MaxPieces + 1>([] {
        std::array<std::vector<Squares>, MaxPieces + 1> t;
        t[0] = {0};
        for (std::size_t k = 1; k <= MaxPieces; ++k) {
            t[k].reserve(std::size_t(Binomial[32][k]));
            std::uint64_t s = (std::uint64_t{1} << k) - 1;
            while (s < (std::uint64_t{1} << 32)) {
                t[k].push_back(Squares(s));
                const std::uint64_t low = s & (~s + 1), ripple = s + low;  // the next, same size
                s = (((ripple ^ s) >> 2) / low) | ripple;
            }
        }
        return t;
    }());
    return table;
}

// The squares of `s` renumbered among the squares not in `taken` (`s` and `taken` disjoint).
Squares compress(Squares s, Squares taken) {
    Squares out = 0;
    for (; s; s &= s - 1) {
        const int q = std::countr_zero(s);
        out |= Squares{1} << (q - std::popcount(taken & ((Squares{1} << q) - 1)));
    }
    return out;
}

// The inverse of compress: the squares not in `taken` whose numbers among them are in `r`.
Squares expand(Squares r, Squares taken) {
    Squares out = 0;
    for (; r; r &= r - 1) {
        int square = std::countr_zero(r);
        for (Squares t = taken; t && std::countr_zero(t) <= square; t &= t - 1) ++square;
        out |= Squares{1} << square;
    }
    return out;
}

// The diagonal neighbours of each square, towards square 1 (up) and towards square 32 (down).
struct Neighbours {
    std::array<Squares, 32> up{}, down{};
};
constexpr Neighbours Near = [] {
    Neighbours n{};
    for (int s = 0; s < 32; ++s) {
        const Bitboard b = bit(Geo::bit_of(s));
        n.up[std::size_t(s)] = squares_of(((b >> Geo::down_left) | (b >> Geo::down_right)) & Geo::mask);
        n.down[std::size_t(s)] = squares_of(((b << Geo::down_left) | (b << Geo::down_right)) & Geo::mask);
    }
    return n;
}();
static_assert(Near.down[0] == 0x30u && Near.up[4] == 0x1u, "1 touches 5 and 6; 5 touches 1");

// The pieces of a position as sets of squares.
struct Pieces {
    Squares black_men = 0, black_kings = 0, white_men = 0, white_kings = 0;

    Squares occupied() const { return black_men | black_kings | white_men | white_kings; }
    int material() const {
        return std::popcount(black_men) * 216 + std::popcount(black_kings) * 36 +
               std::popcount(white_men) * 6 + std::popcount(white_kings);
    }
};

Pieces pieces_of(const Position& p) {
    const Squares black = squares_of(p.pieces(Color::Black)), kings = squares_of(p.kings());
    const Squares white = squares_of(p.pieces(Color::White));
    return {black & ~kings, black & kings, white & ~kings, white & kings};
}

Position position_of(const Pieces& q, Color side) {
    return Position::from_bitboards(board_of(q.black_men | q.black_kings), board_of(q.white_men | q.white_kings),
                                    board_of(q.black_kings | q.white_kings), side);
}

constexpr std::uint8_t Unknown = 255;  // a byte not yet settled (only during the build)
constexpr std::uint8_t CannotLose = 255;  // a count: the position has a way out that does not lose

constexpr std::uint8_t encode(int plies) { return std::uint8_t(plies + 1); }

Value decode_value(std::uint8_t b) {
    if (b == 0) return {};
    const int plies = b - 1;
    return {plies % 2 ? Outcome::Win : Outcome::Loss, plies};
}

}  // namespace

// The index of a position within its slice, and back (see the header comment).
struct Codec {
    using Slice = Database::Slice;

    static std::uint64_t index(const Slice& s, const Pieces& q) {
        const Squares men = q.black_men | q.white_men;
        std::uint64_t i = rank_of(q.black_men) * s.white_men_ways + rank_of(q.white_men >> 4);
        i = i * s.black_king_ways + rank_of(compress(q.black_kings, men));
        return i * s.white_king_ways + rank_of(compress(q.white_kings, men | q.black_kings));
    }

    // False for an index that is no position (black and white men on the same square).
    static bool decode(const Slice& s, std::uint64_t index, Pieces& q) {
        const auto& sets = combinations();
        auto i = std::uint32_t(index);  // every slice has fewer than 2^30 indices
        const auto wk = i % std::uint32_t(s.white_king_ways);
        i /= std::uint32_t(s.white_king_ways);
        const auto bk = i % std::uint32_t(s.black_king_ways);
        i /= std::uint32_t(s.black_king_ways);
        const auto wm = i % std::uint32_t(s.white_men_ways), bm = i / std::uint32_t(s.white_men_ways);
        q.black_men = sets[std::size_t(s.black_men)][bm];
        q.white_men = sets[std::size_t(s.white_men)][wm] << 4;
        if (q.black_men & q.white_men) return false;
        const Squares men = q.black_men | q.white_men;
        q.black_kings = expand(sets[std::size_t(s.black_kings)][bk], men);
        q.white_kings = expand(sets[std::size_t(s.white_kings)][wk], men | q.black_kings);
        return true;
    }

    // Whether an index is a position (decode would say true).
    static bool valid(const Slice& s, std::uint64_t index) {
        const auto& sets = combinations();
        const std::uint64_t men = index / (s.black_king_ways * s.white_king_ways);
        return (sets[std::size_t(s.black_men)][men / s.white_men_ways] &
                (sets[std::size_t(s.white_men)][men % s.white_men_ways] << 4)) == 0;
    }
};

// Solves one slice after another into a Database.
class Builder {
public:
    using Slice = Database::Slice;

    Builder(Database& db, const std::atomic<bool>* cancel) : db_(db), cancel_(cancel) {}

    // False when cancelled.
    bool run(int pieces) {
        layout(db_, pieces);
        // Hundreds of megabytes for 5 pieces: filled in steps, so that a cancel is not kept waiting.
        if (!fill(db_.data_, db_.stats_.bytes, Unknown)) return false;
        for (const Slice& s : db_.slices_)
            if (!solve(s)) return false;
        return tally(db_, cancel_);
    }

    // The slices of a database of `pieces` pieces, in solving order, and their places in data_.
    static void layout(Database& db, int pieces) {
        db.pieces_ = pieces;
        db.slice_id_.fill(-1);
        for (int bm = 0; bm <= pieces; ++bm)
            for (int bk = 0; bm + bk <= pieces; ++bk)
                for (int wm = 0; bm + bk + wm <= pieces; ++wm)
                    for (int wk = 0; bm + bk + wm + wk <= pieces; ++wk) {
                        if (bm + bk + wm + wk == 0) continue;
                        Slice s;
                        s.black_men = bm, s.black_kings = bk, s.white_men = wm, s.white_kings = wk;
                        s.black_men_ways = choose(ManSquares, bm);
                        s.white_men_ways = choose(ManSquares, wm);
                        s.black_king_ways = choose(32 - bm - wm, bk);
                        s.white_king_ways = choose(32 - bm - wm - bk, wk);
                        s.size = s.black_men_ways * s.white_men_ways * s.black_king_ways * s.white_king_ways;
                        db.slices_.push_back(s);
                    }
        // Dependency order: a capture leads to fewer pieces, a promotion to fewer men.
        std::stable_sort(db.slices_.begin(), db.slices_.end(), [](const Slice& a, const Slice& b) {
            const int ma = a.black_men + a.white_men, mb = b.black_men + b.white_men;
            return a.pieces() != b.pieces() ? a.pieces() < b.pieces() : ma < mb;
        });
        std::uint64_t offset = 0;
        for (std::size_t i = 0; i < db.slices_.size(); ++i) {
            Slice& s = db.slices_[i];
            s.offset = offset;
            offset += 2 * s.size;
            db.slice_id_[std::size_t(s.black_men * 216 + s.black_kings * 36 + s.white_men * 6 + s.white_kings)] =
                std::int16_t(i);
        }
        db.stats_.bytes = offset;
    }

    // Counts the positions, wins, losses and draws of every slice into the stats; false when
    // `cancel` (if any) is set on the way.
    static bool tally(Database& db, const std::atomic<bool>* cancel) {
        for (const Slice& s : db.slices_) {
            const auto n = std::size_t(s.pieces());
            const std::uint8_t* const bytes = db.data_.data() + s.offset;
            for (std::uint64_t i = 0; i < 2 * s.size; ++i) {
                if (i % 4096 == 0 && cancel && cancel->load(std::memory_order_relaxed)) return false;
                if (!Codec::valid(s, i % s.size)) continue;
                const std::uint8_t b = bytes[i];
                ++db.stats_.positions[n];
                if (b == 0) {
                    ++db.stats_.draws[n];
                } else {
                    ++((b - 1) % 2 ? db.stats_.wins : db.stats_.losses)[n];
                    db.stats_.longest[n] = std::max(db.stats_.longest[n], b - 1);
                }
            }
        }
        return true;
    }

private:
    // The byte of a position of an already solved slice.
    std::uint8_t byte_of(const Pieces& q, Color side) const {
        const Slice& s = db_.slices_[std::size_t(db_.slice_id_[std::size_t(q.material())])];
        return db_.data_[s.offset + (side == Color::White ? s.size : 0) + Codec::index(s, q)];
    }

    // Entries of the distance buckets: the index, the side to move, and whether the position was
    // put there by a way out of the slice (to be checked when its turn comes: a way inside the
    // slice may have settled it sooner).
    static constexpr std::uint32_t WhiteBit = 1u << 31, Tentative = 1u << 30, Dropped = ~0u;

    // Expands every position of the slice with `Us` to move: its moves out of the slice are looked
    // up, its moves inside are counted.
    template <Color Us>
    bool expand_all(const Slice& s) {
        const std::uint64_t base = s.offset + (Us == Color::White ? s.size : 0);
        std::uint8_t* const bytes = db_.data_.data() + base;
        std::uint8_t* const count = count_.data() + (Us == Color::White ? s.size : 0);
        std::uint8_t* const out = out_.data() + (Us == Color::White ? s.size : 0);
        const std::uint32_t side_bit = Us == Color::White ? WhiteBit : 0;
        MoveList list;
        for (std::uint64_t i = 0; i < s.size; ++i) {
            if (i % 4096 == 0 && cancelled()) return false;
            Pieces q;
            if (!Codec::decode(s, i, q)) {
                bytes[i] = 0;
                count[i] = 0;
                continue;
            }
            const Position p = position_of(q, Us);
            generate_moves(p, list);
            int inside = 0, best_win = -1, longest_out = -1;
            bool holds = false;  // a way out that draws
            const int kings = popcount(p.kings());
            for (const Move& m : list) {
                const Position child = p.template after<Us, false>(m);
                if (!m.is_capture() && popcount(child.kings()) == kings) {
                    ++inside;
                    continue;
                }
                const std::uint8_t b = byte_of(pieces_of(child), ~Us);
                assert(b != Unknown);
                if (b == 0) {
                    holds = true;
                } else if ((b - 1) % 2 == 0) {  // the opponent loses in b - 1
                    if (best_win < 0 || b < best_win) best_win = b;
                } else {
                    longest_out = std::max(longest_out, b - 1);
                }
            }
            count[i] = 0;
            if (list.empty()) {
                bytes[i] = encode(0);
                buckets_[0].push_back(std::uint32_t(i) | side_bit);
            } else if (best_win >= 0) {
                if (inside) count[i] = CannotLose;
                buckets_[std::size_t(best_win)].push_back(std::uint32_t(i) | side_bit | Tentative);
            } else if (holds) {
                if (inside)
                    count[i] = CannotLose;
                else
                    bytes[i] = 0;
            } else if (inside == 0) {
                bytes[i] = encode(longest_out + 1);
                buckets_[std::size_t(longest_out + 1)].push_back(std::uint32_t(i) | side_bit);
            } else {
                count[i] = std::uint8_t(inside);
                out[i] = std::uint8_t(longest_out + 1);  // 0: no way out of the slice
            }
        }
        return true;
    }

    bool cancelled() const { return cancel_ && cancel_->load(std::memory_order_relaxed); }

    // Steps of the large fills below: a few milliseconds each, the cancel checked between them.
    static constexpr std::size_t FillStep = std::size_t{1} << 22;

    // `v` becomes `n` bytes of `value`; false when cancelled on the way.
    bool fill(std::vector<std::uint8_t>& v, std::uint64_t n, std::uint8_t value) const {
        v.clear();
        v.reserve(n);
        while (v.size() < n) {
            if (cancelled()) return false;
            v.insert(v.end(), std::min<std::uint64_t>(FillStep, n - v.size()), value);
        }
        return true;
    }

    // The positions one quiet move before the position of entry `e` (settled at `plies`), told of
    // its value.
    void propagate(const Slice& s, std::uint32_t e, int plies) {
        const bool white_to_move = e & WhiteBit;
        Pieces q;
        [[maybe_unused]] const bool valid = Codec::decode(s, e & ~(WhiteBit | Tentative), q);
        assert(valid);
        // The mover was the other side: its pieces step back.
        const bool black_moved = white_to_move;
        const std::uint64_t side_offset = black_moved ? 0 : s.size;
        const Squares empty = ~q.occupied();
        const std::uint32_t pred_bit = black_moved ? 0 : WhiteBit;
        auto tell = [&](const Pieces& y) {
            const std::uint64_t i = Codec::index(s, y);
            std::uint8_t& b = db_.data_[s.offset + side_offset + i];
            std::uint8_t& c = count_[side_offset + i];
            if (b != Unknown || c == 0) return;  // settled, or it has a capture (no quiet move)
            if (plies % 2 == 0) {  // this position loses: the one before wins
                b = encode(plies + 1);
                buckets_[std::size_t(plies + 1)].push_back(std::uint32_t(i) | pred_bit);
            } else if (c != CannotLose && --c == 0) {  // its last move that did not lose
                const int loss = std::max(plies, out_[side_offset + i] - 1) + 1;
                b = encode(loss);
                buckets_[std::size_t(loss)].push_back(std::uint32_t(i) | pred_bit);
            }
        };
        Squares& men = black_moved ? q.black_men : q.white_men;
        Squares& kings = black_moved ? q.black_kings : q.white_kings;
        for (Squares k = kings; k; k &= k - 1) {
            const int at = std::countr_zero(k);
            const Squares from = (Near.up[std::size_t(at)] | Near.down[std::size_t(at)]) & empty;
            for (Squares f = from; f; f &= f - 1) {
                const Squares saved = kings;
                kings ^= (Squares{1} << at) | (f & (~f + 1));
                tell(q);
                kings = saved;
            }
        }
        for (Squares m = men; m; m &= m - 1) {
            const int at = std::countr_zero(m);
            const Squares from = (black_moved ? Near.up : Near.down)[std::size_t(at)] & empty;
            for (Squares f = from; f; f &= f - 1) {
                const Squares saved = men;
                men ^= (Squares{1} << at) | (f & (~f + 1));
                tell(q);
                men = saved;
            }
        }
    }

    // False when cancelled.
    bool solve(const Slice& s) {
        assert(s.size < Tentative);
        if (!fill(count_, 2 * s.size, 0) || !fill(out_, 2 * s.size, 0)) return false;
        for (auto& b : buckets_) b.clear();
        if (!expand_all<Color::Black>(s) || !expand_all<Color::White>(s)) return false;
        for (std::size_t d = 0; d < buckets_.size(); ++d) {
            if (cancelled()) return false;
            std::vector<std::uint32_t>& level = buckets_[d];
            for (std::uint32_t& e : level) {
                if (!(e & Tentative)) continue;
                const std::uint64_t i = (e & ~(WhiteBit | Tentative)) + (e & WhiteBit ? s.size : 0);
                std::uint8_t& b = db_.data_[s.offset + i];
                if (b == Unknown) {
                    b = encode(int(d));
                    e &= ~Tentative;
                } else {
                    e = Dropped;
                }
            }
            for (std::size_t k = 0; k < level.size(); ++k) {
                if (k % 4096 == 4095 && cancelled()) return false;
                if (level[k] != Dropped) propagate(s, level[k], int(d));
            }
            std::vector<std::uint32_t>().swap(level);
        }
        // What is still unknown is a draw.
        std::uint8_t* const bytes = db_.data_.data() + s.offset;
        for (std::uint64_t from = 0; from < 2 * s.size; from += FillStep) {
            if (cancelled()) return false;
            std::replace(bytes + from, bytes + std::min<std::uint64_t>(from + FillStep, 2 * s.size), Unknown,
                         std::uint8_t{0});
        }
        return true;
    }

    Database& db_;
    const std::atomic<bool>* cancel_;
    std::vector<std::uint8_t> count_;  // per position: moves inside the slice not known to lose
    std::vector<std::uint8_t> out_;    // per position: 1 + the longest way out (0: none)
    std::array<std::vector<std::uint32_t>, 254> buckets_;  // by distance in plies
};

std::string describe(const Value& v) {
    if (v.outcome == Outcome::Draw) return "draw";
    return std::string(v.outcome == Outcome::Win ? "win" : "loss") + " in " + std::to_string(v.plies) +
           (v.plies == 1 ? " ply" : " plies");
}

Database Database::build(int pieces) {
    const std::atomic<bool> never{false};
    return *build(pieces, never);
}

std::optional<Database> Database::build(int pieces, const std::atomic<bool>& cancel) {
    const auto start = std::chrono::steady_clock::now();
    Database db;
    if (!Builder(db, &cancel).run(std::clamp(pieces, MinPieces, MaxPieces))) return std::nullopt;
    db.stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return db;
}

namespace {

constexpr char Magic[8] = {'T', 'E', 'M', 'P', 'O', 'E', 'G', 'D'};
constexpr std::uint32_t FormatVersion = 1;
constexpr std::size_t HeaderBytes = 32;

// FNV-1a (64 bits) over the table taken as little-endian 8-byte words, then its last bytes.
std::uint64_t checksum(const std::vector<std::uint8_t>& data) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    std::size_t i = 0;
    for (; i + 8 <= data.size(); i += 8) {
        std::uint64_t w = 0;
        for (std::size_t k = 0; k < 8; ++k) w |= std::uint64_t(data[i + k]) << (8 * k);
        h = (h ^ w) * 0x100000001b3ULL;
    }
    for (; i < data.size(); ++i) h = (h ^ data[i]) * 0x100000001b3ULL;
    return h;
}

void put(std::uint8_t* at, std::uint64_t v, int bytes) {
    for (int k = 0; k < bytes; ++k) at[k] = std::uint8_t(v >> (8 * k));
}
std::uint64_t get(const std::uint8_t* at, int bytes) {
    std::uint64_t v = 0;
    for (int k = 0; k < bytes; ++k) v |= std::uint64_t(at[k]) << (8 * k);
    return v;
}

struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

}  // namespace

Result<std::uint64_t> Database::save(const std::string& path) const {
    std::uint8_t header[HeaderBytes] = {};
    std::memcpy(header, Magic, sizeof Magic);
    put(header + 8, FormatVersion, 4);
    put(header + 12, std::uint64_t(pieces_), 4);
    put(header + 16, data_.size(), 8);
    put(header + 24, checksum(data_), 8);
    File f(std::fopen(path.c_str(), "wb"));
    if (!f) return Error{"cannot write '" + path + "': " + std::strerror(errno)};
    const bool written = std::fwrite(header, 1, HeaderBytes, f.get()) == HeaderBytes &&
                         std::fwrite(data_.data(), 1, data_.size(), f.get()) == data_.size();
    if (!written || std::fclose(f.release()) != 0)
        return Error{"cannot write '" + path + "': " + std::strerror(errno)};
    return std::uint64_t(HeaderBytes + data_.size());
}

Result<Database> Database::load(const std::string& path, const std::atomic<bool>* cancel) {
    const auto start = std::chrono::steady_clock::now();
    const std::string what = "endgame database '" + path + "'";
    File f(std::fopen(path.c_str(), "rb"));
    if (!f) return Error{"cannot read " + what + ": " + std::strerror(errno)};
    std::uint8_t header[HeaderBytes];
    if (std::fread(header, 1, HeaderBytes, f.get()) != HeaderBytes || std::memcmp(header, Magic, sizeof Magic) != 0)
        return Error{what + " is not a Tempo endgame database (no TEMPOEGD header)"};
    if (get(header + 8, 4) != FormatVersion)
        return Error{what + " has format version " + std::to_string(get(header + 8, 4)) + ", not " +
                     std::to_string(FormatVersion)};
    const std::uint64_t pieces = get(header + 12, 4);
    if (pieces < std::uint64_t(MinPieces) || pieces > std::uint64_t(MaxPieces))
        return Error{what + " claims " + std::to_string(pieces) + " pieces, not " + std::to_string(MinPieces) +
                     ".." + std::to_string(MaxPieces)};
    Database db;
    Builder::layout(db, int(pieces));
    const std::uint64_t size = get(header + 16, 8);
    if (size != db.stats_.bytes)
        return Error{what + " says its table has " + std::to_string(size) + " bytes; a " + std::to_string(pieces) +
                     "-piece database has " + std::to_string(db.stats_.bytes)};
    // Grown chunk by chunk as it is read, so that a cancel is not kept waiting by one large fill.
    db.data_.reserve(size);
    constexpr std::uint64_t Chunk = 1 << 24;
    for (std::uint64_t at = 0; at < size; at += Chunk) {
        if (cancel && cancel->load(std::memory_order_relaxed)) return Error{"loading " + what + " was cancelled"};
        const std::uint64_t n = std::min(Chunk, size - at);
        db.data_.resize(at + n);
        if (std::fread(db.data_.data() + at, 1, n, f.get()) != n)
            return Error{what + " is truncated (" + std::to_string(size) + " bytes of table expected)"};
    }
    if (std::fgetc(f.get()) != EOF) return Error{what + " has bytes after its table"};
    if (checksum(db.data_) != get(header + 24, 8)) return Error{what + " is damaged (checksum mismatch)"};
    if (std::any_of(db.data_.begin(), db.data_.end(), [](std::uint8_t b) { return b == Unknown; }))
        return Error{what + " holds an unsettled value"};
    if (!Builder::tally(db, cancel)) return Error{"loading " + what + " was cancelled"};
    db.stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return db;
}

const Database::Slice* Database::slice_of(const Position& p) const {
    if (!covers(p)) return nullptr;
    const std::int16_t id = slice_id_[std::size_t(pieces_of(p).material())];
    return id < 0 ? nullptr : &slices_[std::size_t(id)];
}

std::optional<Value> Database::probe(const Position& p) const {
    const Slice* s = slice_of(p);
    if (!s) return std::nullopt;
    const std::uint64_t i = Codec::index(*s, pieces_of(p));
    return decode_value(data_[s->offset + (p.side_to_move() == Color::White ? s->size : 0) + i]);
}

}  // namespace tempo::search::egdb
