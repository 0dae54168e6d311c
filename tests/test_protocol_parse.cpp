// Unit tests of protocol::parse (pure: a line in, a Command out) and of the option table.
#include <random>

#include <catch2/catch.hpp>

#include "protocol/command.hpp"
#include "protocol/options.hpp"

using namespace tempo::protocol;

namespace {

template <class T>
const T& as(const std::optional<Command>& c) {
    REQUIRE(c);
    REQUIRE(std::holds_alternative<T>(*c));
    return std::get<T>(*c);
}

std::string invalid(std::string_view line) { return as<Invalid>(parse(line)).message; }

}  // namespace

TEST_CASE("parse: blank lines are nothing, bare commands take no arguments", "[protocol][parse]") {
    CHECK_FALSE(parse(""));
    CHECK_FALSE(parse("   \t \r"));
    as<Uci>(parse("uci"));
    as<IsReady>(parse("  isready\r"));
    as<UciNewGame>(parse("ucinewgame"));
    as<Stop>(parse("stop"));
    as<PonderHit>(parse("ponderhit"));
    as<Quit>(parse("quit"));
    as<Display>(parse("d"));
    as<Legal>(parse("legal"));
    as<StatusQuery>(parse("status"));
    as<Eval>(parse("eval"));
    CHECK(invalid("isready now") == "'isready' takes no arguments");
    CHECK(invalid("UCI") == "unknown command 'UCI'");
    CHECK(invalid("foo bar") == "unknown command 'foo'");
}

TEST_CASE("parse: setoption keeps names with spaces and the raw value", "[protocol][parse]") {
    auto s = as<SetOption>(parse("setoption name Skill Level value 7"));
    CHECK(s.name == "Skill Level");
    CHECK(s.value == "7");
    s = as<SetOption>(parse("setoption  name   Move   Overhead value  30 "));
    CHECK(s.name == "Move Overhead");
    CHECK(s.value == "30");
    s = as<SetOption>(parse("setoption name BookFile value /tmp/my  book.bin"));
    CHECK(s.value == "/tmp/my  book.bin");
    s = as<SetOption>(parse("setoption name Clear Hash"));
    CHECK(s.name == "Clear Hash");
    CHECK_FALSE(s.value);
    s = as<SetOption>(parse("setoption name BookFile value"));
    CHECK(s.value == "");
    CHECK(invalid("setoption Hash 3") == "setoption needs 'name <option>'");
    CHECK(invalid("setoption name value 3") == "setoption needs an option name");
}

TEST_CASE("parse: position startpos and fen, with moves", "[protocol][parse]") {
    auto p = as<SetPosition>(parse("position startpos"));
    CHECK_FALSE(p.fen);
    CHECK(p.moves.empty());
    p = as<SetPosition>(parse("position startpos moves 11-15 c3xe5 e5xc7"));
    CHECK(p.moves == std::vector<std::string>{"11-15", "c3xe5", "e5xc7"});
    p = as<SetPosition>(parse("position fen B:W21-32: B1-12 moves 9-13"));
    CHECK(p.fen == "B:W21-32: B1-12");
    CHECK(p.moves == std::vector<std::string>{"9-13"});
    p = as<SetPosition>(parse("position startpos moves"));
    CHECK(p.moves.empty());
    CHECK(invalid("position") == "position needs 'startpos' or 'fen <FEN>'");
    CHECK(invalid("position fen") == "position fen needs a FEN");
    CHECK(invalid("position fen moves 1-5") == "position fen needs a FEN");
    CHECK(invalid("position start") == "position needs 'startpos' or 'fen <FEN>', not 'start'");
    CHECK(invalid("position startpos 11-15") == "unexpected '11-15' after position startpos");
}

TEST_CASE("parse: go with every limit, perft, and the errors", "[protocol][parse]") {
    auto g = as<Go>(parse("go depth 7 nodes 1000 movetime 50 wtime 100 btime 200 winc 3 binc 4 movestogo 5"));
    CHECK(g.depth == 7);
    CHECK(g.nodes == 1000u);
    CHECK(g.movetime == 50);
    CHECK(g.wtime == 100);
    CHECK(g.btime == 200);
    CHECK(g.winc == 3);
    CHECK(g.binc == 4);
    CHECK(g.movestogo == 5);
    CHECK_FALSE(g.infinite);
    g = as<Go>(parse("go infinite"));
    CHECK(g.infinite);
    g = as<Go>(parse("go ponder wtime 1000 btime 1000 searchmoves 11-15 9-13"));
    CHECK(g.ponder);
    CHECK(g.searchmoves == std::vector<std::string>{"11-15", "9-13"});
    g = as<Go>(parse("go"));
    CHECK_FALSE(g.depth);
    CHECK(as<Perft>(parse("go perft 5")).depth == 5);
    CHECK(as<Bench>(parse("bench")).depth == std::nullopt);
    CHECK(as<Bench>(parse("bench 4")).depth == 4);

    CHECK(invalid("go depth") == "go depth needs a value");
    CHECK(invalid("go depth 0") == "go depth 0 is out of range 1..100");
    CHECK(invalid("go depth 101") == "go depth 101 is out of range 1..100");
    CHECK(invalid("go depth x") == "go depth needs a number, not 'x'");
    CHECK(invalid("go depth +3") == "go depth needs a number, not '+3'");
    CHECK(invalid("go movetime -5") == "go movetime -5 is out of range 0..2147483647");
    CHECK(invalid("go movetime 99999999999") == "go movetime 99999999999 is out of range 0..2147483647");
    CHECK(invalid("go nodes 0") == "go nodes 0 is out of range 1..4611686018427387904");
    CHECK(invalid("go depth 3 depth 4") == "go: 'depth' given twice");
    CHECK(invalid("go infinite infinite") == "go: 'infinite' given twice");
    CHECK(invalid("go fast") == "go: unknown limit 'fast'");
    CHECK(invalid("go searchmoves") == "go searchmoves needs at least one move");
    CHECK(invalid("go perft") == "go perft needs one depth");
    CHECK(invalid("go perft 21") == "perft depth 21 is out of range 1..20");
    CHECK(invalid("bench 1 2") == "bench takes at most a depth");
}

TEST_CASE("parse: messages quote untrusted bytes safely and briefly", "[protocol][parse]") {
    CHECK(invalid(std::string_view("\x01\xff", 2)) == "unknown command '\\x01\\xff'");
    CHECK(invalid(std::string(200, 'a')) == "unknown command '" + std::string(40, 'a') + "...'");
    CHECK(quoted("a\\b") == "a\\x5cb");
}

TEST_CASE("parse: total on random bytes and random word soup", "[protocol][parse]") {
    std::mt19937_64 rng(4);
    const std::vector<std::string> words{"go", "depth", "nodes", "position", "fen", "startpos", "moves",
                                         "setoption", "name", "value", "searchmoves", "perft", "1",
                                         "-1", "99999999999999999999", "", "x", "\t", "infinite"};
    for (int i = 0; i < 20000; ++i) {
        std::string line;
        const int n = int(rng() % 12);
        for (int k = 0; k < n; ++k) {
            if (rng() % 4 == 0) line += char(rng() % 256);
            else line += words[rng() % words.size()] + (rng() % 2 ? " " : "");
        }
        const auto c = parse(line);  // must not throw or crash
        if (c && std::holds_alternative<Invalid>(*c)) CHECK_FALSE(std::get<Invalid>(*c).message.empty());
    }
}

TEST_CASE("options: the table, every kind, every refusal changes nothing", "[protocol][options]") {
    const auto lines = option_lines();
    REQUIRE(lines.size() == 20);
    CHECK(lines[0] == "option name Hash type spin default 16 min 1 max 4096");
    CHECK(lines[5] == "option name Skill Level type spin default 20 min 0 max 20");
    CHECK(lines[6] == "option name FirstMove type combo default black var black var white");

    Options o;
    CHECK(*set_option(o, "skill level", std::string("5")) == Changed::Value);
    CHECK(o.skill == 5);
    CHECK(*set_option(o, "Hash", std::string("64")) == Changed::Hash);
    CHECK(o.hash_mb == 64);
    CHECK(*set_option(o, "Clear Hash", std::nullopt) == Changed::ClearHash);
    REQUIRE(set_option(o, "FirstMove", std::string("WHITE")));
    CHECK(o.first_to_move == tempo::Color::White);
    REQUIRE(set_option(o, "Notation", std::string("names")));
    CHECK(o.notation == tempo::Notation::Names);
    REQUIRE(set_option(o, "Ponder", std::string("true")));
    CHECK(o.ponder);
    REQUIRE(set_option(o, "BookFile", std::string("book.bin")));
    CHECK(o.book_file == "book.bin");
    // Variant: a new value asks for a new game; the same value again changes nothing.
    CHECK(*set_option(o, "variant", std::string("International")) == Changed::Variant);
    CHECK(o.variant == tempo::Variant::International);
    CHECK(*set_option(o, "Variant", std::string("international")) == Changed::Value);
    CHECK(lines[8] == "option name Variant type combo default english var english var international var brazilian");

    const Options before = o;
    auto refused = [&](std::string_view name, std::optional<std::string> value) {
        const auto r = set_option(o, name, value);
        CHECK_FALSE(r.ok());
        CHECK(o.skill == before.skill);
        CHECK(o.hash_mb == before.hash_mb);
        CHECK(o.notation == before.notation);
        return r.ok() ? std::string() : r.error();
    };
    CHECK(refused("Skill", std::string("3")) == "unknown option 'Skill'");
    CHECK(refused("Skill Level", std::string("21")) == "option Skill Level value 21 is out of range 0..20");
    CHECK(refused("Skill Level", std::string("-1")) == "option Skill Level value -1 is out of range 0..20");
    CHECK(refused("Hash", std::string("lots")) == "option Hash needs a number, not 'lots'");
    CHECK(refused("Hash", std::nullopt) == "option Hash needs a value");
    CHECK(refused("Notation", std::string("letters")) ==
          "option Notation has no value 'letters' (one of: numbers, names)");
    CHECK(refused("Variant", std::string("frisian")) ==
          "option Variant has no value 'frisian' (one of: english, international, brazilian)");
    CHECK(o.variant == before.variant);
    CHECK(refused("Ponder", std::string("yes")) == "option Ponder needs true or false, not 'yes'");
    CHECK(refused("Clear Hash", std::string("1")) == "option Clear Hash is a button and takes no value");
    CHECK(refused("EGDBPieces", std::string("1")) == "option EGDBPieces value 1 is out of range 2..5");
    CHECK(refused("EGDB", std::string("on")) == "option EGDB needs true or false, not 'on'");
    CHECK(o.egdb == before.egdb);
    CHECK(o.egdb_pieces == before.egdb_pieces);
    // A new value asks for the database to be rebuilt; the same value changes nothing.
    CHECK(*set_option(o, "egdbpieces", std::string("3")) == Changed::Egdb);
    CHECK(o.egdb_pieces == 3);
    CHECK(*set_option(o, "EGDBPieces", std::string("3")) == Changed::Value);
    CHECK(*set_option(o, "EGDB", std::string("false")) == Changed::Egdb);
    CHECK_FALSE(o.egdb);
    CHECK(lines[12] == "option name EGDB type check default true");
    CHECK(*set_option(o, "EGDBFile", std::string("five.egdb")) == Changed::Egdb);
    CHECK(o.egdb_file == "five.egdb");
    CHECK(*set_option(o, "EGDBFile", std::string("five.egdb")) == Changed::Value);
    CHECK(*set_option(o, "EGDBFile", std::string("<empty>")) == Changed::Egdb);
    CHECK(*set_option(o, "Evaluation", std::string("classic")) == Changed::Evaluation);
    CHECK_FALSE(o.network);
    CHECK(*set_option(o, "evaluation", std::string("CLASSIC")) == Changed::Value);
    CHECK(*set_option(o, "Evaluation", std::string("network")) == Changed::Evaluation);
    CHECK(o.network);
    CHECK_FALSE(set_option(o, "Evaluation", std::string("neural")).ok());
    CHECK(*set_option(o, "EvalFile", std::string("gen2.nnue")) == Changed::Evaluation);
    CHECK(o.eval_file == "gen2.nnue");
    CHECK(*set_option(o, "EvalFile", std::string("<empty>")) == Changed::Evaluation);
    CHECK(o.eval_file.empty());
    CHECK(*set_option(o, "EvalFileInternational", std::string("intl.nnue")) == Changed::Evaluation);
    CHECK(o.eval_file_intl == "intl.nnue");
    CHECK(*set_option(o, "evalfileinternational", std::string("intl.nnue")) == Changed::Value);
    CHECK(*set_option(o, "EvalFileInternational", std::string("<empty>")) == Changed::Evaluation);
    CHECK(o.eval_file_intl.empty());
    // SearchTune: checked when set; a bad list changes nothing.
    CHECK(*set_option(o, "SearchTune", std::string("pc=0,lmr_base=80")) == Changed::Search);
    CHECK(o.search_tune == "pc=0,lmr_base=80");
    CHECK(refused("SearchTune", std::string("pc=0,lmr_bas=80")) ==
          "option SearchTune: unknown search parameter 'lmr_bas'");
    CHECK(refused("SearchTune", std::string("pc_margin=5000")) ==
          "option SearchTune: search parameter pc_margin value 5000 is out of range 0..1000");
    CHECK(refused("SearchTune", std::string("lmr")) == "option SearchTune: expected name=value, not 'lmr'");
    CHECK(o.search_tune == "pc=0,lmr_base=80");
    CHECK(*set_option(o, "SearchTune", std::string("<empty>")) == Changed::Search);
    CHECK(o.search_tune.empty());
    CHECK(o.egdb_file.empty());
    CHECK(o.book_file == before.book_file);
}
