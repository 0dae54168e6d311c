// `tempo match` and `tempo pdn check` as real processes: a match between two tempo processes,
// broken engines (tests/engines/faulty.sh) caught with the right reason, an SPRT that stops early,
// and bad input refused before any game starts.
#include <regex>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/game.hpp"
#include "run_tempo.hpp"
#include "tools/pdn/pdn.hpp"

using testing::count_of;
using testing::run_tool;

namespace {

const std::string Tempo = TEMPO_BINARY;
const std::string Faulty = std::string(TEMPO_TEST_ENGINES) + "/faulty.sh";
const std::string Ballots3 = std::string(TEMPO_TEST_DATA) + "/ballots-english-3move.csv";
const std::string Ballots2 = std::string(TEMPO_TEST_DATA) + "/ballots-english-2move.csv";

// "+W -L =D" of the summary line "<a> vs <b>: N games, +W -L =D, score ..."
std::array<int, 3> summary(const std::string& out, const std::string& a, const std::string& b) {
    const std::regex re(a + " vs " + b + ": (\\d+) games, \\+(\\d+) -(\\d+) =(\\d+)");
    std::smatch m;
    REQUIRE(std::regex_search(out, m, re));
    CHECK(std::stoi(m[1]) == std::stoi(m[2]) + std::stoi(m[3]) + std::stoi(m[4]));
    return {std::stoi(m[2]), std::stoi(m[3]), std::stoi(m[4])};
}

// The table row of an engine: games, wins, losses, draws.
std::array<int, 4> table_row(const std::string& out, const std::string& name) {
    const std::regex re("\\n\\d+ +" + name + " +(\\d+) +(\\d+) +(\\d+) +(\\d+) ");
    std::smatch m;
    REQUIRE(std::regex_search(out, m, re));
    return {std::stoi(m[1]), std::stoi(m[2]), std::stoi(m[3]), std::stoi(m[4])};
}

// A match of the faulty engine in `mode` (misbehaving after `after` searches) against tempo.
testing::ToolRun faulty_match(const std::string& mode, const std::string& limits, const std::string& pdn,
                              int after = 3, std::vector<std::string> extra = {}) {
    std::vector<std::string> args{"match", "-engine", "cmd=" + Faulty, "arg=" + mode, "arg=" + Tempo,
                                  "arg=" + std::to_string(after), "name=broken", "-engine", "cmd=" + Tempo,
                                  "name=tempo", "-each"};
    std::istringstream in(limits);
    for (std::string w; in >> w;) args.push_back(w);
    for (const std::string& w : {std::string("-games"), std::string("2"), std::string("-openings"),
                                 "file=" + Ballots2, std::string("-pdnout"), pdn})
        args.push_back(w);
    args.insert(args.end(), extra.begin(), extra.end());
    return run_tool(args);
}

}  // namespace

TEST_CASE("A match between two tempo processes finishes, its PDN replays and its figures add up", "[match][process]") {
    testing::ScratchDir dir;
    const std::string pdn = dir.file("games.pdn");
    const auto run = run_tool({"match", "-engine", "cmd=" + Tempo, "name=alpha", "-engine", "cmd=" + Tempo,
                               "name=beta", "option.Hash=4", "-each", "nodes=1500", "-games", "4",
                               "-concurrency", "2", "-openings", "file=" + Ballots3, "order=random", "seed=3",
                               "-pdnout", pdn});
    INFO(run.out << run.err);
    REQUIRE(run.status == 0);
    CHECK(count_of(run.out, "\ngame ") == 4);
    CHECK(run.out.find("Finished 4 of 4 games") != std::string::npos);
    const auto [w, l, d] = summary(run.out, "alpha", "beta");
    CHECK(w + l + d == 4);
    const auto alpha = table_row(run.out, "alpha"), beta = table_row(run.out, "beta");
    CHECK(alpha == std::array<int, 4>{4, w, l, d});
    CHECK(beta == std::array<int, 4>{4, l, w, d});
    // Two pairs: the pentanomial counts add up to 2.
    std::smatch m;
    REQUIRE(std::regex_search(run.out, m, std::regex("Pairs \\([^)]*\\): (\\d+) (\\d+) (\\d+) (\\d+) (\\d+)")));
    int pairs = 0;
    for (int i = 1; i <= 5; ++i) pairs += std::stoi(m[std::size_t(i)]);
    CHECK(pairs == 2);

    // The PDN: four games that replay, whose results give the same score, read back identically.
    const std::string text = testing::read_text(pdn);
    auto games = tempo::pdn::read(text);
    REQUIRE(games);
    REQUIRE(games->size() == 4);
    std::string rewritten;
    int alpha_points2 = 0;
    for (const tempo::pdn::PdnGame& g : *games) {
        rewritten += tempo::pdn::write(g);
        for (const char* tag : {"Event", "Date", "Black", "White", "Result", "GameType", "Opening", "Termination"})
            CHECK(g.tag(tag) != nullptr);
        CHECK(*g.tag("GameType") == "21");
        CHECK(*g.tag("Result") == g.result);
        CHECK(g.tag("FEN") == nullptr);
        auto replayed = tempo::pdn::replay(g);
        REQUIRE(replayed);
        // Ended by the rules: replaying under the official rules gives the same result.
        tempo::Game official;
        for (const std::string& mv : g.moves) REQUIRE(official.play(mv));
        CHECK(tempo::pdn::result_text(official.status()) == g.result);
        const bool alpha_black = *g.tag("Black") == "alpha";
        alpha_points2 += g.result == "1/2-1/2" ? 1 : ((g.result == "1-0") == alpha_black ? 2 : 0);
    }
    CHECK(alpha_points2 == 2 * w + d);
    CHECK(rewritten == text);

    const auto check = run_tool({"pdn", "check", pdn});
    CHECK(check.status == 0);
    CHECK(check.out.find("4 games") != std::string::npos);
    CHECK(check.out.find("all legal") != std::string::npos);
}

TEST_CASE("A broken engine loses with the right reason and is restarted", "[match][process]") {
    testing::ScratchDir dir;
    const std::string pdn = dir.file("broken.pdn");
    std::string reason;
    bool restarted = false;  // killed after its fault, so a fresh process plays game 2
    testing::ToolRun run;
    SECTION("an illegal move") {
        run = faulty_match("illegal", "nodes=1000", pdn);
        reason = "broken played an illegal move '1-2'";
    }
    SECTION("a crash in the middle of the game; restarted for the next") {
        run = faulty_match("exit", "nodes=1000", pdn);
        reason = "broken crashed (exit code 3)";
        restarted = true;
    }
    SECTION("a hang: no bestmove within its time, nor after stop") {
        run = faulty_match("silent", "st=0.05 timemargin=100", pdn);
        reason = "broken hung: no bestmove after its time and a stop";
        restarted = true;
    }
    SECTION("silence in an untimed search") {
        run = faulty_match("silent", "nodes=1000 timeout=0.3", pdn);
        reason = "broken went silent";
        restarted = true;
    }
    SECTION("a loss on time") {
        run = faulty_match("slow", "st=0.05 timemargin=100", pdn);
        reason = "broken lost on time";
    }
    INFO(run.out << run.err);
    REQUIRE(run.status == 0);
    CHECK(count_of(run.out, reason) == 2);
    CHECK(table_row(run.out, "broken") == std::array<int, 4>{2, 0, 2, 0});
    auto games = tempo::pdn::read(testing::read_text(pdn));
    REQUIRE(games);
    REQUIRE(games->size() == 2);
    for (const auto& g : *games) {
        CHECK(g.tag("Termination")->starts_with(reason));
        // The opening's two moves, then three searches of the broken engine before it fails; a
        // process that was not restarted fails at once in game 2 (its fourth search).
        if (restarted || *g.tag("Round") == "1") CHECK(g.moves.size() >= 7);
        else CHECK(g.moves.size() <= 4);
        CHECK(tempo::pdn::replay(g));
    }
}

TEST_CASE("An SPRT stops as soon as it decides", "[match][process][sprt]") {
    testing::ScratchDir dir;
    // Every pair lost 0-2 by the broken engine: against elo0=0 elo1=400 the LLR is -3.414 after two
    // pairs (tests/test_match_stats.cpp), below the lower bound -2.944.
    const auto run = faulty_match("illegal", "nodes=500", dir.file("sprt.pdn"), 0,
                                  {"-rounds", "20", "-sprt", "elo0=0", "elo1=400", "alpha=0.05", "beta=0.05"});
    INFO(run.out << run.err);
    REQUIRE(run.status == 0);
    CHECK(run.out.find("H0 accepted") != std::string::npos);
    CHECK(run.out.find("LLR -3.414 [-2.944, 2.944], H0 accepted") != std::string::npos);
    CHECK(run.out.find("[-2.944, 2.944]") != std::string::npos);
    CHECK(run.out.find("Finished 4 of 40 games") != std::string::npos);
}

TEST_CASE("tempo match refuses bad input before any game", "[match][process]") {
    testing::ScratchDir dir;
    auto refused = [](const std::vector<std::string>& args, const std::string& message) {
        const auto run = run_tool(args);
        INFO(run.out << run.err);
        CHECK(run.status == 2);
        CHECK(run.out.empty());
        CHECK(run.err.find(message) != std::string::npos);
    };
    const std::vector<std::string> two{"match", "-engine", "cmd=" + Tempo, "-engine", "cmd=" + Tempo, "-each", "nodes=100"};
    auto with = [&](std::vector<std::string> more) {
        std::vector<std::string> args = two;
        args.insert(args.end(), more.begin(), more.end());
        return args;
    };
    refused({"match", "-engine", "cmd=/no/such/engine", "-engine", "cmd=" + Tempo, "-each", "nodes=100"},
            "tempo match: engine 'engine': command '/no/such/engine' not found or not executable");
    refused({"match", "-engine", "cmd=/bin/true", "name=mute", "-engine", "cmd=" + Tempo, "-each", "nodes=100"},
            "engine 'mute' (/bin/true): exited before 'uciok'");
    refused(with({"-engine", "cmd=" + Tempo, "option.Hash=99999"}),
            "engine said: info string error:");
    refused({"match", "-engine", "cmd=" + Tempo, "-engine", "cmd=" + Tempo}, "no limit (give tc=, st=, depth= or nodes=)");
    refused(with({"-frobnicate"}), "tempo match: unknown option '-frobnicate'");
    refused(with({"-each", "tc=abc"}), "tc='abc' is not a number");
    refused({"match", "-engine", "cmd=" + Tempo, "-each", "nodes=100"}, "at least two engines");

    const std::string illegal = dir.file("illegal.csv");
    testing::write_text(illegal, "# a ballot with a mistake\nindex,opening,status\n1,9-13 21-17,playable\n2,9-13 9-14,playable\n");
    refused(with({"-openings", "file=" + illegal}), illegal + ":4: opening 2: '9-14': ");
    const std::string broken = dir.file("broken.csv");
    testing::write_text(broken, "index,opening,status\n1 9-13 21-17\n");
    refused(with({"-openings", "file=" + broken}), broken + ":2: expected index,opening,status");
    const std::string fens = dir.file("openings.fen");
    testing::write_text(fens, "B:W21-32:B1-12\nB:W21-33:B1-12\n");
    refused(with({"-openings", "file=" + fens}), fens + ":2: ");
    refused(with({"-openings", "file=" + dir.file("missing.csv")}), "cannot open");
}

TEST_CASE("tempo pdn check names the game and move of the first illegal move", "[pdn][process]") {
    testing::ScratchDir dir;
    const std::string file = dir.file("games.pdn");
    testing::write_text(file,
                        "[Event \"one\"]\n[Result \"*\"]\n\n1. 11-15 23-19 *\n\n"
                        "[Event \"two\"]\n[Result \"*\"]\n\n1. 11-15 23-19 2. 8-11 22-17 3. 8-12 *\n");
    const auto run = run_tool({"pdn", "check", file});
    CHECK(run.status == 1);
    CHECK(run.out.find(file + ": game 2 (line 6): move 3 (Black) '8-12': ") == 0);
    const auto missing = run_tool({"pdn", "check", dir.file("none.pdn")});
    CHECK(missing.status == 2);
    CHECK(missing.err.find("cannot open") != std::string::npos);
}
