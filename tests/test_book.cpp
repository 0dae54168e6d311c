// The opening book: probing, the binary and text forms, damaged files, legality, the shipped
// book, `tempo book` and the protocol playing from the book (real processes).
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <random>
#include <set>

#include <catch2/catch.hpp>

#include "book/book.hpp"
#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "run_tempo.hpp"
#include "tools/match/match.hpp"

using namespace tempo;
using namespace std::chrono_literals;

namespace {

Move move_of(const Position& p, std::string_view text) {
    const Result<Move> m = parse_move(p, text);
    REQUIRE(m);
    return *m;
}

// The start with two scored moves, and the position after 11-15 with one.
book::Book small_book() {
    book::Book b;
    const Position start = Position::start();
    b.insert({start, {{move_of(start, "11-15"), 5, 1}, {move_of(start, "9-13"), 3, 2}, {move_of(start, "9-14"), -40, 1}}});
    const Position next = start.after(move_of(start, "11-15"));
    b.insert({next, {{move_of(next, "23-19"), 2, 1}}});
    return b;
}

std::vector<std::uint8_t> bytes_of(const book::Book& b) { return book::to_binary(b); }

// Rewrites the checksum so that a deliberate change reaches the deeper checks.
void fix_checksum(std::vector<std::uint8_t>& bytes) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::size_t i = 32; i < bytes.size(); ++i) h = (h ^ bytes[i]) * 0x100000001b3ULL;
    for (int i = 0; i < 8; ++i) bytes[24 + std::size_t(i)] = std::uint8_t(h >> (8 * i));
}

std::string error_of(const std::vector<std::uint8_t>& bytes) {
    const Result<book::Book> b = book::from_binary(bytes);
    return b ? std::string("<loaded>") : b.error();
}

}  // namespace

TEST_CASE("book: probe gives the legal moves of a known position, best first", "[book]") {
    const book::Book b = small_book();
    const Position start = Position::start();
    const std::vector<book::BookMove> moves = b.probe(start);
    REQUIRE(moves.size() == 3);
    CHECK(move_text(start, moves[0].move) == "11-15");
    CHECK(moves[0].score == 5);
    CHECK(move_text(start, moves[1].move) == "9-13");
    CHECK(moves[1].weight == 2);
    CHECK(b.probe(start.after(move_of(start, "9-13"))).empty());  // out of book
    // Same pieces, other side to move: another position.
    CHECK(b.probe(start.with_side(Color::White)).empty());
}

TEST_CASE("book: choose takes the best, or with variety one of the near-best by weight", "[book]") {
    book::Book b = small_book();
    const Position start = Position::start();
    std::mt19937_64 rng(1);
    for (int i = 0; i < 20; ++i) CHECK(move_text(start, b.choose(start, 0, rng)->move) == "11-15");
    std::set<std::string> seen;
    for (int i = 0; i < 200; ++i) seen.insert(move_text(start, b.choose(start, 10, rng)->move));
    CHECK(seen == std::set<std::string>{"11-15", "9-13"});  // 9-14 is 45 below: never
    seen.clear();
    for (int i = 0; i < 300; ++i) seen.insert(move_text(start, b.choose(start, 100, rng)->move));
    CHECK(seen.size() == 3);
    // Weight 0: never played, even when best.
    b.insert({start, {{move_of(start, "11-15"), 5, 0}, {move_of(start, "9-13"), 3, 1}}});
    for (int i = 0; i < 20; ++i) CHECK(move_text(start, b.choose(start, 0, rng)->move) == "9-13");
}

TEST_CASE("book: an illegal move in the file is never returned", "[book]") {
    const Position start = Position::start();
    Move illegal{};  // 1-5: a man onto its own piece
    illegal.from = std::uint8_t(Geo::bit_of(0));
    illegal.to = std::uint8_t(Geo::bit_of(4));
    illegal.routes = 1;
    Move capture{};  // a capture the position does not have
    capture.from = std::uint8_t(Geo::bit_of(10));
    capture.to = std::uint8_t(Geo::bit_of(17));
    capture.captured = bit(Geo::bit_of(14));
    capture.routes = 1;
    book::Book b;
    b.insert({start, {{illegal, 900, 5}, {capture, 800, 5}, {move_of(start, "10-14"), 1, 1}}});
    // Through the binary form too, as a damaged or hand-made file would hold it.
    const Result<book::Book> loaded = book::from_binary(book::to_binary(b));
    REQUIRE(loaded);
    std::mt19937_64 rng(7);
    for (const book::Book* x : std::vector<const book::Book*>{&b, &loaded.value()}) {
        const std::vector<book::BookMove> moves = x->probe(start);
        REQUIRE(moves.size() == 1);
        CHECK(move_text(start, moves[0].move) == "10-14");
        for (int i = 0; i < 50; ++i) CHECK(move_text(start, x->choose(start, 1000, rng)->move) == "10-14");
    }
    book::Book only_bad;
    only_bad.insert({start, {{illegal, 900, 5}}});
    CHECK_FALSE(only_bad.choose(start, 0, rng));
    // The text form refuses it outright, naming the line.
    const Result<book::Book> text = book::from_text("B:W21-32:B1-12 | 1-5 900 5\n");
    REQUIRE_FALSE(text);
    CHECK(text.error().starts_with("line 1: move '1-5': "));
}

TEST_CASE("book: the binary form round-trips and the text form round-trips to the same bytes", "[book]") {
    const book::Book b = small_book();
    const std::vector<std::uint8_t> bytes = bytes_of(b);
    CHECK(bytes.size() == 32 + 2 * 24 + 4 * 12);
    const Result<book::Book> again = book::from_binary(bytes);
    REQUIRE(again);
    CHECK(bytes_of(*again) == bytes);
    const std::string text = book::to_text(b);
    const Result<book::Book> read = book::from_text(text);
    REQUIRE(read);
    CHECK(bytes_of(*read) == bytes);
    CHECK(book::to_text(*read) == text);
    // Edited by hand: comments, blank lines, short captures, names, spaces, a '+' score.
    const Result<book::Book> edited = book::from_text(
        "# mine\n\n  B:W21-32:B1-12 |f6-e5 +7 3|  9-13 2 0  \nW:W21-32:B1-12 | 22-18 0 1\r\n");
    REQUIRE(edited);
    CHECK(edited->size() == 2);
    const std::vector<book::BookMove> m = edited->probe(Position::start());
    REQUIRE(m.size() == 2);
    CHECK(move_text(Position::start(), m[0].move) == "11-15");   // f6-e5 is 11-15 in PDN numbers
    CHECK(m[0].weight == 3);
}

TEST_CASE("book: text errors name the line and the problem", "[book]") {
    auto err = [](std::string_view t) {
        const Result<book::Book> b = book::from_text(t);
        return b ? std::string("<loaded>") : b.error();
    };
    CHECK(err("B:W21-32:B1-12\nX:W1:B2\n").starts_with("line 2: bad FEN 'X:W1:B2': "));
    CHECK(err("B:W21-32:B1-12 | 11-15 5\n") == "line 1: '11-15 5' is not 'move score weight'");
    CHECK(err("B:W21-32:B1-12 | 11-15 x 1\n") == "line 1: score 'x' is not a number in -32000..32000");
    CHECK(err("B:W21-32:B1-12 | 11-15 1 70000\n") == "line 1: weight '70000' is not a number in 0..65535");
    CHECK(err("B:W21-32:B1-12 | 11-15 1 1 | 11-15 2 1\n") == "line 1: the move '11-15 2 1' appears twice");
    CHECK(err("B:W21-32:B1-12\nB:W21-32:B1-12\n").starts_with("line 2: the position "));
}

TEST_CASE("book: foreign, truncated and corrupt binary files are rejected with their messages", "[book]") {
    const std::vector<std::uint8_t> good = bytes_of(small_book());
    CHECK(error_of({}) == "not a Tempo book (the file does not start with the book magic)");
    const std::string pdn = "[Event \"x\"]\n1. 11-15 23-19 *\n";
    CHECK(error_of(std::vector<std::uint8_t>(pdn.begin(), pdn.end())).starts_with("not a Tempo book"));
    CHECK(error_of(std::vector<std::uint8_t>(good.begin(), good.begin() + 20)) ==
          "truncated: 20 bytes, shorter than the header");
    CHECK(error_of(std::vector<std::uint8_t>(good.begin(), good.end() - 1)) ==
          "truncated: " + std::to_string(good.size() - 1) + " bytes, the header promises " + std::to_string(good.size()));
    std::vector<std::uint8_t> longer = good;
    longer.push_back(0);
    CHECK(error_of(longer).starts_with("corrupt: "));
    std::vector<std::uint8_t> v = good;
    v[8] = 2;
    CHECK(error_of(v) == "book format version 2, but this Tempo reads version 1");
    v = good;
    v[good.size() - 3] ^= 1;  // a score
    CHECK(error_of(v) == "corrupt: the checksum does not match the contents");
    v = good;
    v[32] ^= 1;  // the first key
    fix_checksum(v);
    CHECK(error_of(v) == "corrupt: position 1: its key does not match its pieces");
    v = good;
    v[32 + 8] |= 1u << 5;  // a black man added on square 6... where White has nothing: key breaks
    v[32 + 12] |= 1u << 0;  // and a white piece on square 1 where Black stands
    fix_checksum(v);
    CHECK(error_of(v) == "corrupt: position 1 has overlapping pieces");
    v = good;
    v[32 + 24 + 22] += 1;  // the second position claims one move more
    fix_checksum(v);
    CHECK(error_of(v) == "corrupt: position 2 has more moves than the header counts");
    v = good;
    v[32 + 2 * 24] = 40;  // a move from square 41
    fix_checksum(v);
    CHECK(error_of(v) == "corrupt: position 1 has a move with a bad square");
}

TEST_CASE("book: damaged bytes never crash the loader, and what loads probes legally", "[book]") {
    const std::vector<std::uint8_t> good = bytes_of(small_book());
    std::mt19937_64 rng(42);
    int loaded = 0;
    for (int i = 0; i < 3000; ++i) {
        std::vector<std::uint8_t> v = good;
        const int flips = 1 + int(rng() % 4);
        for (int f = 0; f < flips; ++f) v[rng() % v.size()] = std::uint8_t(rng());
        if (rng() % 2) fix_checksum(v);
        if (rng() % 8 == 0) v.resize(rng() % v.size());
        const Result<book::Book> b = book::from_binary(v);
        if (!b) continue;
        ++loaded;
        for (const book::Entry& e : b->entries()) {
            const std::vector<Move> legal = legal_moves(e.position);
            for (const book::BookMove& m : b->probe(e.position))
                CHECK(std::find(legal.begin(), legal.end(), m.move) != legal.end());
        }
    }
    CHECK(loaded > 0);
}

TEST_CASE("book: the shipped book holds the start and every ballot opening", "[book]") {
    const Result<book::Book> b = book::load(book::default_path());
    REQUIRE(b);
    CHECK(b->size() >= 1000);
    CHECK_FALSE(b->probe(Position::start()).empty());
    const auto openings = match::load_openings(TEMPO_TEST_DATA "/ballots-english-3move.csv");
    REQUIRE(openings);
    CHECK(openings->size() == 156);
    for (const match::Opening& o : *openings) {
        Game g;
        for (const std::string& m : o.moves) REQUIRE(g.play(m));
        INFO(o.label);
        CHECK_FALSE(b->probe(g.position()).empty());
    }
}

TEST_CASE("tempo book: show, export, import round trip and strict errors", "[book][cli]") {
    testing::ScratchDir dir;
    const std::string bin = dir.file("b.book"), txt = dir.file("b.txt"), back = dir.file("c.book");
    REQUIRE(book::save(small_book(), bin));
    testing::ToolRun r = testing::run_tool({"book", "show", "B:W21-32:B1-12", "--book", bin});
    CHECK(r.status == 0);
    CHECK(r.out.find("11-15      score      5 weight 1") != std::string::npos);
    r = testing::run_tool({"book", "export", "--book", bin, "--output", txt});
    CHECK(r.status == 0);
    r = testing::run_tool({"book", "import", txt, "--book", back});
    CHECK(r.status == 0);
    CHECK(testing::read_text(back) == testing::read_text(bin));

    testing::write_text(dir.file("bad.book"), "not a book at all");
    r = testing::run_tool({"book", "show", "B:W21-32:B1-12", "--book", dir.file("bad.book")});
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("not a Tempo book") != std::string::npos);
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"book"}, {"book", "grow"}, {"book", "show"}, {"book", "show", "X"}, {"book", "build"},
             {"book", "build", "--book", bin, "--depth", "1"}, {"book", "build", "--book", bin, "--depth", "4", "--movetime", "5"},
             {"book", "export", "--output", dir.file("x.book")}, {"book", "import", bin, "--book", back},
             {"book", "export", "--bogus", "1"}}) {
        r = testing::run_tool(args);
        INFO(args.back());
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK(r.err.starts_with("tempo book: "));
    }
}

TEST_CASE("tempo book build: covers ballots, grows by drop-out, resumes", "[book][cli]") {
    testing::ScratchDir dir;
    const std::string bin = dir.file("grown.book"), ballots = dir.file("ballots.csv");
    testing::write_text(ballots, "index,opening,status,tough\n1,9-13 21-17 5-9,crossboard,no\n"
                                 "2,9-13 21-17 6-9,crossboard,no\n3,9-13 21-17 10-14,barred,no\n");
    const std::vector<std::string> args{"book", "build", "--book", bin, "--depth", "3", "--ballots", ballots,
                                        "--ballot-plies", "2", "--threads", "2", "--positions", "12"};
    testing::ToolRun r = testing::run_tool(args);
    REQUIRE(r.status == 0);
    CHECK(r.err.find("book build: ") != std::string::npos);  // the progress lines
    CHECK(r.out.find("ballots 2/2 covered to 2 plies") != std::string::npos);
    Result<book::Book> b = book::load(bin);
    REQUIRE(b);
    CHECK(b->size() == 12);  // 3 on the way, 2 ballots x 2 plies, then drop-out to 12
    Game g;
    for (const char* m : {"9-13", "21-17", "5-9"}) REQUIRE(g.play(m));
    CHECK_FALSE(b->probe(g.position()).empty());
    // Each entry has every legal move, scored.
    for (const book::Entry& e : b->entries()) CHECK(e.moves.size() == legal_moves(e.position).size());
    // Resumed with a larger target: the old positions are kept, new ones added.
    std::vector<std::string> more = args;
    more.back() = "16";
    r = testing::run_tool(more);
    REQUIRE(r.status == 0);
    CHECK(r.out.find("16 positions (4 added)") != std::string::npos);
    const Result<book::Book> grown = book::load(bin);
    REQUIRE(grown);
    for (const book::Entry& e : b->entries()) CHECK(grown->contains(e.position));
}

TEST_CASE("transcript: OwnBook plays a book move and says so, and searches when off or out of book",
          "[protocol][transcript][book]") {
    testing::ScratchDir dir;
    const std::string path = dir.file("one.book");
    REQUIRE(book::save(small_book(), path));
    testing::TempoProcess t;
    // The shipped book (OwnBook is on by default): the start is in it.
    t.send("position startpos");
    t.send("go depth 5");
    std::vector<std::string> lines = t.until("bestmove");
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].starts_with("info string book move "));
    const std::string played = lines[0].substr(22, lines[0].find(' ', 22) - 22);
    CHECK(lines[1] == "bestmove " + played);
    const std::vector<std::string> legal = legal_move_texts(Position::start());
    CHECK(std::find(legal.begin(), legal.end(), played) != legal.end());

    t.send("setoption name BookFile value " + path);
    t.send("go movetime 50");
    CHECK(t.until("bestmove") == std::vector<std::string>{"info string book move 11-15 score 5 weight 1", "bestmove 11-15"});
    t.send("setoption name Notation value names");
    t.send("go depth 3");
    CHECK(t.until("bestmove") == std::vector<std::string>{"info string book move f6-e5 score 5 weight 1", "bestmove f6-e5"});
    t.send("setoption name Notation value numbers");
    // BookVariety: the near-best moves too, never one further below the best than it allows.
    t.send("setoption name BookVariety value 10");
    std::set<std::string> seen;
    for (int i = 0; i < 40; ++i) {
        t.send("go depth 3");
        const std::vector<std::string> got = t.until("bestmove");
        REQUIRE(got.size() == 2);
        seen.insert(got[1].substr(9));
    }
    CHECK(seen == std::set<std::string>{"11-15", "9-13"});
    t.send("setoption name BookVariety value 0");
    // Out of book: a search.
    t.send("position startpos moves 9-13");
    t.send("go depth 3");
    lines = t.until("bestmove");
    REQUIRE_FALSE(lines.empty());
    CHECK(lines.front().starts_with("info depth 1 "));
    // Analysis is never answered from the book.
    t.send("position startpos");
    t.send("go depth 3 searchmoves 9-13");
    CHECK(t.until("bestmove").back().starts_with("bestmove 9-13"));
    // Off: a search.
    t.send("setoption name OwnBook value false");
    t.send("go depth 3");
    lines = t.until("bestmove");
    REQUIRE_FALSE(lines.empty());
    CHECK(lines.front().starts_with("info depth 1 "));
    // A bad file: one error at the first go, then searches.
    testing::write_text(dir.file("bad.book"), "TEMPOBK");
    t.send("setoption name OwnBook value true");
    t.send("setoption name BookFile value " + dir.file("bad.book"));
    CHECK(t.sync().empty());
    t.send("go depth 2");
    lines = t.until("bestmove");
    REQUIRE(lines.size() >= 2);
    CHECK(lines.front() == "info string error: book '" + dir.file("bad.book") +
                               "': not a Tempo book (the file does not start with the book magic) (playing without a book)");
    CHECK(lines[1].starts_with("info depth 1 "));
    t.send("go depth 2");
    CHECK(t.until("bestmove").front().starts_with("info depth 1 "));  // said once
    t.send("quit");
    CHECK(t.wait_exit(3000ms));
}

TEST_CASE("an installed tempo plays from the book in share/tempo beside its bin folder", "[book][cli]") {
    // The layout `cmake --install` makes: <prefix>/bin/tempo and <prefix>/share/tempo/tempo.book.
    // The book put there is not the shipped one: its best start move (11-15) tells them apart.
    testing::ScratchDir dir;
    namespace fs = std::filesystem;
    fs::create_directories(dir.file("bin"));
    fs::create_directories(dir.file("share/tempo"));
    fs::copy_file(TEMPO_BINARY, dir.file("bin/tempo"));
    REQUIRE(book::save(small_book(), dir.file("share/tempo/tempo.book")));
    const testing::ToolRun run = testing::run_tool({}, "position startpos\ngo depth 3\n", false, dir.file("bin/tempo"));
    REQUIRE(run.status == 0);
    const std::string& out = run.out;
    INFO(out << run.err);
    CHECK(out.find("info string book move 11-15 ") != std::string::npos);
    CHECK(out.find("bestmove 11-15") != std::string::npos);
}
