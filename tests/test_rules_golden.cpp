// Golden files of the rules core: what today's move generators, perft boards, notation readers
// and route walkers answer, pinned for each game, so that merging them into one core (issue 15,
// docs/rules-core-plan.md, Stage 0) can be checked to change nothing a user or the search sees.
//
// tests/data/notation-golden-{english,international,brazilian}.txt hold lines that the test
// builds again from fixed seeds and compares one by one (the first difference is reported):
//   position  a sample position's FEN, its legal moves as text in numbers and in board names,
//             and its perft to depth 3
//   fen       a mutated FEN text (seeded from tests/fuzz/corpus and the sample): the position read,
//             as written back, or the error message
//   move      a mutated move text read in a sample position: the move read, or the error
//   foreign   a Move the position does not have (the other side's, a capture with a piece left
//             out, a piece of the side to move with random enemies, random bits): its move_text
//             and routes_of, where the two dialects differ (route_walk.hpp)
// and last a `digest` line: FNV-1a over the generate_moves list (the order, from, to, captured,
// routes), has_capture and the bulk move counts of 20,000 random positions. The order is pinned
// because the transposition table stores a move as its index in that list (search/tt.hpp), so a
// new order would change the search and its Bench.
//
// `tempo_tests "[golden-write]"` writes the files again (a hidden case, which ctest leaves out).
// A rewrite belongs in a commit that says why the answers changed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "engine/brazilian.hpp"
#include "engine/international.hpp"
#include "engine/notation.hpp"
#include "engine/notation_international.hpp"
#include "engine/perft.hpp"
#include "engine/rulebook.hpp"

using namespace tempo;

namespace {

// FNV-1a, 64 bits, over the bytes of each value added (little end first).
struct Fnv {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    void add(std::uint64_t v, int bytes = 8) {
        for (int i = 0; i < bytes; ++i) {
            h ^= (v >> (8 * i)) & 0xFF;
            h *= 0x100000001b3ULL;
        }
    }
};

std::string hex(std::uint64_t v) {
    char buf[19];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

// What differs between the games, beside the Rulebook: the name of the file, the seed texts of
// the FEN mutations, the bulk counters and perft (English counts jump orders both ways).
template <class B>
struct Game;

template <>
struct Game<Wcdf> {
    static constexpr const char* name = "english";
    static std::vector<std::string> seeds() {
        return {"B:W21-32:B1-12", "W:W22:B18,10", "W:WK10,30,31,32:B1,2,3,14,15,22,23.", "B:W:B1",
                "B:WK1-4:B29-32", "W:W 21 - 24 : B K5,6", "B:B1-12:W21-32", ""};
    }
    static void counts(Fnv& h, const Position& p) {
        h.add(count_moves(p, Routes::Keep));
        h.add(count_moves(p, Routes::Drop));
    }
    static std::string perft_text(const Position& p) {
        std::string s;
        for (int d = 1; d <= 3; ++d)
            s += " " + std::to_string(perft(p, d, Routes::Keep)) + "/" + std::to_string(perft(p, d, Routes::Drop));
        return s;
    }
};

template <>
struct Game<intl::Fmjd> {
    static constexpr const char* name = "international";
    static std::vector<std::string> seeds() {
        return {"W:W31-50:B1-20", "W:WK50,48,49:BK5.", "W:WK46:B13,28", "W:WK22:BK24,33,34,40",
                "B:WK3,32:B12-14", "W:W 31 - 35 : BK 6,7", "W:B1-20:W31-50", ""};
    }
    static void counts(Fnv& h, const intl::Position& p) { h.add(intl::count_moves(p)); }
    static std::string perft_text(const intl::Position& p) {
        std::string s;
        for (int d = 1; d <= 3; ++d) s += " " + std::to_string(intl::perft(p, d));
        return s;
    }
};

template <>
struct Game<brazil::Cbd> {
    static constexpr const char* name = "brazilian";
    static std::vector<std::string> seeds() {
        return {"W:W21-32:B1-12", "W:WK29:B10,19,26", "B:WK1,30:BK5,6,7", "W:W22:B18,10",
                "B:W:B1", "W:W 21 - 24 : B K5,6", "B:B1-12:W21-32", ""};
    }
    static void counts(Fnv& h, const brazil::Position& p) { h.add(brazil::count_moves(p)); }
    static std::string perft_text(const brazil::Position& p) {
        std::string s;
        for (int d = 1; d <= 3; ++d) s += " " + std::to_string(brazil::perft(p, d));
        return s;
    }
};

// A random number below n (no std distributions: their output differs between libraries). Every
// draw is its own statement: the order of a call's arguments is unspecified.
std::size_t below(std::mt19937_64& rng, std::size_t n) { return n ? std::size_t(rng() % n) : 0; }

// One of the bits of `b` (not 0), at random.
int random_bit(std::mt19937_64& rng, Bitboard b) {
    for (std::size_t k = below(rng, std::size_t(std::popcount(b))); k > 0; --k) b &= b - 1;
    return lsb(b);
}

// A random setup: `pieces` tries at a square, a share of kings, a man on its crowning row crowned.
template <class B>
BasicPosition<B> random_setup(std::mt19937_64& rng, int pieces, int king_percent) {
    using P = BasicPosition<B>;
    using Geo = typename B::Geometry;
    Bitboard side[2] = {0, 0}, kings = 0;
    for (int i = 0; i < pieces; ++i) {
        const Bitboard x = bit(Geo::bit_of(int(below(rng, Geo::squares))));
        const int c = int(rng() % 2);
        const bool king = int(below(rng, 100)) < king_percent;
        if ((side[0] | side[1]) & x) continue;
        side[c] |= x;
        const Bitboard crown = c == 1 ? P::template Crown<Color::White> : P::template Crown<Color::Black>;
        if (king || (x & crown)) kings |= x;
    }
    return P::from_bitboards(side[0], side[1], kings, rng() % 2 ? Color::White : Color::Black);
}

// Positions of random games: a quarter from the start (either side first), the others from
// random setups, each game at most `plies` long.
template <class B>
std::vector<BasicPosition<B>> sample(std::uint64_t seed, std::size_t count, int plies) {
    using P = BasicPosition<B>;
    using Book = Rulebook<B>;
    std::mt19937_64 rng(seed);
    std::vector<P> out;
    typename Book::MoveList list;
    for (int g = 0; out.size() < count; ++g) {
        P p = P::start(g % 8 == 0 ? B::first_to_move : ~B::first_to_move);
        if (g % 4 != 0) {
            const int pieces = 2 + int(below(rng, std::size_t(2 * B::men_per_side - 1)));
            const int king_percent = int(below(rng, 70));
            p = random_setup<B>(rng, pieces, king_percent);
        }
        for (int ply = 0; ply < plies && out.size() < count; ++ply) {
            out.push_back(p);
            Book::generate(p, list);
            if (list.empty()) break;
            p = p.after(list[below(rng, list.size())]);
        }
    }
    return out;
}

// The digest of the move lists and counters of 20,000 random positions.
template <class B>
std::uint64_t move_digest() {
    using Book = Rulebook<B>;
    Fnv h;
    typename Book::MoveList list;
    for (const auto& p : sample<B>(0x5EED0001, 20'000, 80)) {
        h.add(p.pieces(Color::Black));
        h.add(p.pieces(Color::White));
        h.add(p.kings());
        h.add(std::uint64_t(p.side_to_move()), 1);
        Book::generate(p, list);
        h.add(list.size());
        for (const Move& m : list) {
            h.add(m.from, 1);
            h.add(m.to, 1);
            h.add(m.captured);
            h.add(m.routes, 1);
        }
        h.add(Book::has_capture(p), 1);
        Game<B>::counts(h, p);
    }
    return h.h;
}

// A text changed by up to `edits` random edits: delete, insert, replace, repeat a piece, cut.
std::string mutate(std::mt19937_64& rng, std::string s, int edits, std::string_view alphabet) {
    const auto any_char = [&] {
        return below(rng, 16) == 0 ? char(below(rng, 256)) : alphabet[below(rng, alphabet.size())];
    };
    for (int e = 0; e < edits; ++e) {
        const std::size_t at = below(rng, s.size() + 1);
        switch (below(rng, 6)) {
            case 0:
                if (at < s.size()) s.erase(at, 1);
                break;
            case 1: s.insert(s.begin() + std::ptrdiff_t(at), any_char()); break;
            case 2:
                if (at < s.size()) s[at] = any_char();
                break;
            case 3: {
                const std::size_t len = below(rng, 5);
                s.insert(at, s.substr(at, len));
                break;
            }
            case 4:
                if (at < s.size()) s.resize(at);
                break;
            default:
                if (at + 1 < s.size()) std::swap(s[at], s[at + 1]);
                break;
        }
    }
    return s;
}

std::string one_line(std::string s) {
    for (std::size_t i = 0; (i = s.find('\n', i)) != std::string::npos;) s.replace(i, 1, "\\n");
    return s;
}

std::string join(const std::vector<std::string>& texts) {
    std::string s;
    for (const auto& t : texts) s += " " + t;
    return s;
}

std::string routes_text(const std::vector<std::vector<int>>& routes) {
    std::string s;
    for (const auto& r : routes) {
        s += ' ';
        for (std::size_t i = 0; i < r.size(); ++i) {
            if (i) s += ',';
            s += std::to_string(r[i] + 1);
        }
    }
    return s.empty() ? " none" : s;
}

// The golden lines of game B, built by today's code.
template <class B>
std::vector<std::string> golden_lines() {
    using Book = Rulebook<B>;
    using P = BasicPosition<B>;
    std::vector<std::string> lines;
    const std::vector<P> positions = sample<B>(0x5EED0002, 120, 60);
    std::mt19937_64 rng(0x5EED0003);

    // Positions: FEN (read back to the same position), legal moves (each read back), perft.
    for (const P& p : positions) {
        const std::string fen = Book::to_fen(p);
        const auto back = Book::parse_fen(fen);
        REQUIRE(back.ok());
        REQUIRE(back.value() == p);
        const auto numbers = Book::legal_move_texts(p, Notation::Numbers);
        const auto names = Book::legal_move_texts(p, Notation::Names);
        for (const auto& texts : {numbers, names})
            for (const auto& t : texts) {
                const auto m = Book::parse_move(p, t);
                INFO(fen << " " << t);
                REQUIRE(m.ok());
            }
        lines.push_back("position " + fen + " |" + join(numbers) + " |" + join(names) + " |" +
                        Game<B>::perft_text(p));
    }

    // FEN texts: the seeds and sample FENs, mutated.
    std::vector<std::string> seeds = Game<B>::seeds();
    for (std::size_t i = 0; i < positions.size(); i += 4) seeds.push_back(Book::to_fen(positions[i]));
    for (int i = 0; i < 1000; ++i) {
        const std::string& seed = seeds[below(rng, seeds.size())];
        const int edits = int(below(rng, 4));
        const std::string text = mutate(rng, seed, edits, "0123456789WBK:-x,. abcdefghijkwX");
        const auto p = Book::parse_fen(text);
        lines.push_back("fen " + quoted(text) + " -> " +
                        one_line(p ? Book::to_fen(p.value()) : "error: " + p.error()));
    }

    // Move texts: a legal text (numbers, names, the short form of a capture) or the other side's,
    // mutated, read in its position.
    for (int i = 0; i < 1200; ++i) {
        const P& p = positions[below(rng, positions.size())];
        const Notation n = rng() % 2 ? Notation::Names : Notation::Numbers;
        std::vector<std::string> texts = Book::legal_move_texts(rng() % 4 ? p : p.with_side(~p.side_to_move()), n);
        if (texts.empty()) texts.push_back(n == Notation::Names ? "c3-d4" : "22-18");
        std::string text = texts[below(rng, texts.size())];
        if (const auto x = text.find('x'); x != std::string::npos && rng() % 3 == 0)
            text = text.substr(0, x) + text.substr(text.rfind('x'));  // from x to
        const int edits = int(below(rng, 3));
        text = mutate(rng, text, edits, "0123456789x- abcdefghijkX");
        const auto m = Book::parse_move(p, text);
        lines.push_back("move " + Book::to_fen(p) + " " + quoted(text) + " -> " +
                        one_line(m ? Book::move_text(p, m.value(), Notation::Numbers) : "error: " + m.error()));
    }

    // Foreign moves: the other side's, a capture with a piece left out, random bits.
    const auto foreign = [&](const P& p, const Move& m) {
        lines.push_back("foreign " + Book::to_fen(p) + " bits " + std::to_string(m.from) + "-" + std::to_string(m.to) +
                        " " + hex(m.captured) + " -> " + Book::move_text(p, m, Notation::Numbers) + " |" +
                        routes_text(Book::routes_of(p, m)));
    };
    for (const P& p : positions) {
        for (const Move& m : Book::legal_moves(p.with_side(~p.side_to_move())))
            if (rng() % 3 == 0) foreign(p, m);
        for (const Move& m : Book::legal_moves(p))
            if (std::popcount(m.captured) >= 2) {
                Move part = m;
                part.captured &= part.captured - 1;
                foreign(p, part);
            }
        if (const Bitboard own = p.pieces(p.side_to_move()); own && p.empty()) {
            // A piece of the side to move, an empty square, some of the enemies.
            Move m{};
            m.from = std::uint8_t(random_bit(rng, own));
            m.to = std::uint8_t(random_bit(rng, p.empty()));
            m.captured = p.pieces(~p.side_to_move()) & rng();
            m.routes = 1;
            foreign(p, m);
        }
        {
            Move m{};
            m.from = std::uint8_t(below(rng, 64));
            m.to = std::uint8_t(below(rng, 64));
            const Bitboard within = rng() % 2 ? p.occupied() : ~Bitboard(0);
            m.captured = rng() & rng() & within;
            m.routes = 1;
            foreign(p, m);
        }
    }

    lines.push_back("digest " + hex(move_digest<B>()));
    return lines;
}

std::string golden_path(const char* game) {
    return std::string(TEMPO_TEST_DATA) + "/notation-golden-" + game + ".txt";
}

template <class B>
void check_golden() {
    const std::string path = golden_path(Game<B>::name);
    std::ifstream in(path);
    INFO(path << " (written by tempo_tests \"[golden-write]\")");
    REQUIRE(in.good());
    std::vector<std::string> expected;
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') expected.push_back(line);
    const std::vector<std::string> got = golden_lines<B>();
    for (std::size_t i = 0; i < std::min(expected.size(), got.size()); ++i) {
        INFO("golden line " << i + 1);
        REQUIRE(got[i] == expected[i]);
    }
    REQUIRE(got.size() == expected.size());
}

template <class B>
void write_golden() {
    const std::string path = golden_path(Game<B>::name);
    std::ofstream out(path);
    REQUIRE(out.good());
    out << "# The answers of the " << Game<B>::name
        << " rules core, pinned by tests/test_rules_golden.cpp (its header says what each line\n"
           "# is). Written by `tempo_tests \"[golden-write]\"`; a change needs a reason in its commit.\n";
    for (const auto& line : golden_lines<B>()) out << line << '\n';
    REQUIRE(out.good());
}

}  // namespace

TEST_CASE("rules golden: english generator and notation answer as pinned", "[rules][golden]") {
    check_golden<Wcdf>();
}

TEST_CASE("rules golden: international generator and notation answer as pinned", "[rules][golden][intl]") {
    check_golden<intl::Fmjd>();
}

TEST_CASE("rules golden: brazilian generator and notation answer as pinned", "[rules][golden][brazil]") {
    check_golden<brazil::Cbd>();
}

TEST_CASE("rules golden: write the golden files", "[.golden-write]") {
    write_golden<Wcdf>();
    write_golden<intl::Fmjd>();
    write_golden<brazil::Cbd>();
}
