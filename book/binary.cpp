// The binary form of a book (book/FORMAT.md): little-endian, fixed-size records, checked on load.
#include <algorithm>
#include <cstdint>
#include <string>

#include "book/book.hpp"

namespace tempo::book {

namespace {

constexpr char Magic[8] = {'T', 'E', 'M', 'P', 'O', 'B', 'K', '\x1a'};
constexpr std::uint32_t Version = 1;
constexpr std::size_t HeaderSize = 32, PositionSize = 24, MoveSize = 12;

// FNV-1a, 64 bits: enough to catch damage, not meant to resist tampering.
std::uint64_t checksum(std::span<const std::uint8_t> bytes) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::uint8_t b : bytes) h = (h ^ b) * 0x100000001b3ULL;
    return h;
}

void put(std::vector<std::uint8_t>& out, std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(std::uint8_t(v >> (8 * i)));
}

std::uint64_t get(std::span<const std::uint8_t> in, std::size_t at, int bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v |= std::uint64_t(in[at + std::size_t(i)]) << (8 * i);
    return v;
}

// Board bits <-> a 32-bit set of squares (bit s = PDN square s + 1).
std::uint32_t squares_of(Bitboard b) {
    std::uint32_t s = 0;
    for (; b; b &= b - 1) s |= std::uint32_t(1) << Geo::square_of(lsb(b));
    return s;
}
Bitboard bits_of(std::uint32_t squares) {
    Bitboard b = 0;
    for (; squares; squares &= squares - 1) b |= bit(Geo::bit_of(std::countr_zero(squares)));
    return b;
}

std::string number(std::uint64_t n) { return std::to_string(n); }

}  // namespace

std::vector<std::uint8_t> to_binary(const Book& b) {
    std::vector<std::uint8_t> out;
    out.reserve(HeaderSize + b.size() * PositionSize + b.move_count() * MoveSize);
    for (char c : Magic) out.push_back(std::uint8_t(c));
    put(out, Version, 4);
    put(out, b.size(), 4);
    put(out, b.move_count(), 4);
    put(out, 0, 4);
    put(out, 0, 8);  // the checksum, filled in below
    for (const Entry& e : b.entries()) {
        const Position& p = e.position;
        put(out, p.key(), 8);
        put(out, squares_of(p.pieces(Color::Black)), 4);
        put(out, squares_of(p.pieces(Color::White)), 4);
        put(out, squares_of(p.kings()), 4);
        put(out, std::uint8_t(p.side_to_move()), 1);
        put(out, 0, 1);
        put(out, e.moves.size(), 2);
    }
    for (const Entry& e : b.entries())
        for (const BookMove& m : e.moves) {
            put(out, std::uint8_t(Geo::square_of(m.move.from)), 1);
            put(out, std::uint8_t(Geo::square_of(m.move.to)), 1);
            put(out, 0, 2);
            put(out, squares_of(m.move.captured), 4);
            put(out, std::uint16_t(std::int16_t(std::clamp(m.score, -MaxScore, MaxScore))), 2);
            put(out, std::min(m.weight, MaxWeight), 2);
        }
    const std::uint64_t sum = checksum(std::span(out).subspan(HeaderSize));
    for (int i = 0; i < 8; ++i) out[24 + std::size_t(i)] = std::uint8_t(sum >> (8 * i));
    return out;
}

Result<Book> from_binary(std::span<const std::uint8_t> in) {
    if (in.size() < 8 || !std::equal(Magic, Magic + 8, in.begin()))
        return Error{"not a Tempo book (the file does not start with the book magic)"};
    if (in.size() < HeaderSize)
        return Error{"truncated: " + number(in.size()) + " bytes, shorter than the header"};
    const std::uint64_t version = get(in, 8, 4);
    if (version != Version)
        return Error{"book format version " + number(version) + ", but this Tempo reads version " +
                     number(Version)};
    const std::uint64_t positions = get(in, 12, 4), moves = get(in, 16, 4);
    const std::uint64_t expected = HeaderSize + positions * PositionSize + moves * MoveSize;
    if (in.size() < expected)
        return Error{"truncated: " + number(in.size()) + " bytes, the header promises " + number(expected)};
    if (in.size() > expected || get(in, 20, 4) != 0)
        return Error{"corrupt: " + number(in.size()) + " bytes, the header promises " + number(expected)};
    if (checksum(in.subspan(HeaderSize)) != get(in, 24, 8))
        return Error{"corrupt: the checksum does not match the contents"};

    Book book;
    std::vector<Entry> entries;
    std::size_t at = HeaderSize, move_at = HeaderSize + std::size_t(positions) * PositionSize;
    std::uint64_t moves_seen = 0;
    for (std::uint64_t i = 0; i < positions; ++i, at += PositionSize) {
        const std::string where = "corrupt: position " + number(i + 1);
        const Key key = get(in, at, 8);
        const auto black = std::uint32_t(get(in, at + 8, 4)), white = std::uint32_t(get(in, at + 12, 4)),
                   kings = std::uint32_t(get(in, at + 16, 4));
        const std::uint64_t side = get(in, at + 20, 1), count = get(in, at + 22, 2);
        if (side > 1 || get(in, at + 21, 1) != 0) return Error{where + " has a bad side to move"};
        if ((black & white) || (kings & ~(black | white)))
            return Error{where + " has overlapping pieces"};
        Entry e;
        e.position = Position::from_bitboards(bits_of(black), bits_of(white), bits_of(kings), Color(side));
        if (!e.position.is_consistent()) return Error{where + " is not a legal setup"};
        if (e.position.key() != key) return Error{where + ": its key does not match its pieces"};
        if (!entries.empty() && entries.back().position.key() > key)
            return Error{where + " is out of key order"};
        if (!entries.empty() && entries.back().position == e.position)
            return Error{where + " appears twice"};
        moves_seen += count;
        if (moves_seen > moves) return Error{where + " has more moves than the header counts"};
        for (std::uint64_t k = 0; k < count; ++k, move_at += MoveSize) {
            const std::uint64_t from = get(in, move_at, 1), to = get(in, move_at + 1, 1);
            if (from >= 32 || to >= 32 || get(in, move_at + 2, 2) != 0)
                return Error{where + " has a move with a bad square"};
            BookMove m;
            m.move.from = std::uint8_t(Geo::bit_of(int(from)));
            m.move.to = std::uint8_t(Geo::bit_of(int(to)));
            m.move.captured = bits_of(std::uint32_t(get(in, move_at + 4, 4)));
            m.move.routes = 1;
            m.score = std::int16_t(std::uint16_t(get(in, move_at + 8, 2)));
            m.weight = unsigned(get(in, move_at + 10, 2));
            e.moves.push_back(m);
        }
        entries.push_back(std::move(e));
    }
    if (moves_seen != moves) return Error{"corrupt: the positions hold fewer moves than the header counts"};
    for (Entry& e : entries) book.insert(std::move(e));  // already in order: each lands at the end
    return book;
}

}  // namespace tempo::book
