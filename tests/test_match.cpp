// `tempo match` and `tempo pdn check` as real processes: a match between two tempo processes,
// broken engines (tests/engines/faulty.sh) caught with the right reason, an SPRT that stops early,
// and bad input refused before any game starts.
#include <cctype>
#include <cstdlib>
#include <sstream>
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

// The numbers in `text` after `prefix` (up to the end of its line), skipping other characters:
// "alpha vs beta: 4 games, +1 -2 =1, score" gives 4 1 2 1. (No std::regex: g++ 12 warns falsely
// inside <regex> under the sanitizers, which breaks -Werror builds.)
std::vector<int> numbers_after(const std::string& text, const std::string& prefix, std::size_t count) {
    const std::size_t at = text.find(prefix);
    REQUIRE(at != std::string::npos);
    const std::string line = text.substr(at + prefix.size(), text.find('\n', at) - at - prefix.size());
    std::vector<int> found;
    for (std::size_t i = 0; i < line.size() && found.size() < count;) {
        if (std::isdigit(static_cast<unsigned char>(line[i]))) {
            std::size_t end = i;
            while (end < line.size() && std::isdigit(static_cast<unsigned char>(line[end]))) ++end;
            found.push_back(std::stoi(line.substr(i, end - i)));
            i = end;
        } else {
            ++i;
        }
    }
    REQUIRE(found.size() == count);
    return found;
}

// "+W -L =D" of the summary line "<a> vs <b>: N games, +W -L =D, score ..."
std::array<int, 3> summary(const std::string& out, const std::string& a, const std::string& b) {
    const std::vector<int> n = numbers_after(out, "\n" + a + " vs " + b + ": ", 4);
    CHECK(n[0] == n[1] + n[2] + n[3]);
    return {n[1], n[2], n[3]};
}

// The table row of an engine: games, wins, losses, draws.
std::array<int, 4> table_row(const std::string& out, const std::string& name) {
    const std::size_t at = out.find(" " + name + " ", out.find("\nrank engine"));
    REQUIRE(at != std::string::npos);
    const std::vector<int> n = numbers_after(out.substr(at), " " + name + " ", 4);
    return {n[0], n[1], n[2], n[3]};
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
    int pairs = 0;
    for (int n : numbers_after(run.out, "Pairs (0, 0.5, 1, 1.5, 2 points): ", 5)) pairs += n;
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
        run = faulty_match("silent", "st=0.05 timemargin=300", pdn);
        reason = "broken hung: no bestmove after its time and a stop";
        restarted = true;
    }
    SECTION("silence in an untimed search") {
        run = faulty_match("silent", "nodes=1000 timeout=0.3", pdn);
        reason = "broken went silent";
        restarted = true;
    }
    SECTION("a loss on time with a clock kept by the runner") {
        run = faulty_match("slow", "tc=0.3+0 timemargin=100", pdn);
        reason = "broken lost on time";
    }
    SECTION("a loss on time") {
        run = faulty_match("slow", "st=0.05 timemargin=300", pdn);
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

TEST_CASE("Three engines play a round robin, FEN openings carry their FEN tag", "[match][process]") {
    testing::ScratchDir dir;
    const std::string fens = dir.file("openings.fen");
    testing::write_text(fens, "# two set-up positions\nW:W18,22,23,24,25,26,27,28,29,30,31,32:B1-12\nB:W21-32:B1-11,15\n");
    const std::string pdn = dir.file("rr.pdn");
    const auto run = run_tool({"match", "-engine", "cmd=" + Tempo, "name=a", "-engine", "cmd=" + Tempo, "name=b",
                               "-engine", "cmd=" + Tempo, "name=c", "-each", "depth=2", "-games", "2",
                               "-openings", "file=" + fens, "-pdnout", pdn});
    INFO(run.out << run.err);
    REQUIRE(run.status == 0);
    CHECK(run.out.find("Finished 6 of 6 games") != std::string::npos);
    for (const char* name : {"a", "b", "c"}) CHECK(table_row(run.out, name)[0] == 4);
    auto games = tempo::pdn::read(testing::read_text(pdn));
    REQUIRE(games);
    REQUIRE(games->size() == 6);
    for (const auto& g : *games) {
        REQUIRE(g.tag("FEN") != nullptr);
        CHECK(g.tag("Opening")->starts_with("openings.fen:"));
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

TEST_CASE("A 10x10 match: --variant international, FEN openings, a GameType 20 PDN that replays",
          "[match][process][intl]") {
    testing::ScratchDir dir;
    const std::string pdn = dir.file("intl.pdn"), openings = dir.file("intl.fen");
    // The start, and a small ending that the engines finish quickly.
    testing::write_text(openings, "W:W31-50:B1-20\n# an ending\nW:W28,33,K46:B12,19,24\n");
    const auto run = run_tool({"match", "--variant", "international", "-engine", "cmd=" + Tempo, "name=alpha",
                               "-engine", "cmd=" + Tempo, "name=beta", "-each", "nodes=1500", "-games", "4",
                               "-openings", "file=" + openings, "-pdnout", pdn});
    INFO(run.out << run.err);
    REQUIRE(run.status == 0);
    CHECK(run.out.find("Finished 4 of 4 games") != std::string::npos);
    CHECK(count_of(run.out, " (White) vs ") == 4);  // the first player, White, is named first
    const auto [w, l, d] = summary(run.out, "alpha", "beta");
    CHECK(w + l + d == 4);

    const std::string text = testing::read_text(pdn);
    auto games = tempo::pdn::read(text);
    REQUIRE(games);
    REQUIRE(games->size() == 4);
    int alpha_points2 = 0;
    for (const tempo::pdn::PdnGame& g : *games) {
        INFO(tempo::pdn::write(g));
        CHECK(*g.tag("GameType") == "20");
        REQUIRE(g.tag("FEN") != nullptr);
        CHECK(*g.tag("Result") == g.result);
        REQUIRE(tempo::pdn::check(g));
        CHECK_FALSE(tempo::pdn::replay(g));  // not an English game
        // Ended by the rules: the official 10x10 game gives the same result ("1-0": White won).
        auto parsed = tempo::intl::Game::from_fen(*g.tag("FEN"));
        REQUIRE(parsed);
        tempo::intl::Game official = parsed.value();
        for (const std::string& mv : g.moves) REQUIRE(official.play(mv));
        CHECK(official.status().is_over());
        CHECK(tempo::pdn::result_text(official.status(), tempo::pdn::GameType::International) == g.result);
        const bool alpha_white = *g.tag("White") == "alpha";
        alpha_points2 += g.result == "1/2-1/2" ? 1 : ((g.result == "1-0") == alpha_white ? 2 : 0);
    }
    CHECK(alpha_points2 == 2 * w + d);
    CHECK(text.find("1. ") != std::string::npos);

    const auto check = run_tool({"pdn", "check", pdn});
    CHECK(check.status == 0);
    CHECK(check.out.find("4 games") != std::string::npos);
}

TEST_CASE("tempo match --variant international refuses what cannot play 10x10", "[match][process][intl]") {
    testing::ScratchDir dir;
    const std::vector<std::string> two{"match", "-variant", "international", "-engine", "cmd=" + Tempo,
                                       "-engine", "cmd=" + Tempo, "-each", "nodes=100"};
    auto refused = [&](std::vector<std::string> more, const std::string& message) {
        std::vector<std::string> args = two;
        args.insert(args.end(), more.begin(), more.end());
        const auto run = run_tool(args);
        INFO(run.out << run.err);
        CHECK(run.status == 2);
        CHECK(run.out.empty());
        CHECK(run.err.find(message) != std::string::npos);
    };
    // English ballots are not 10x10 openings: 9-13 is no move of White's at the 10x10 start.
    refused({"-openings", "file=" + Ballots2}, Ballots2 + ":3: opening 1: '9-13': illegal move");
    const std::string fens = dir.file("bad.fen");
    testing::write_text(fens, "W:W31-50:B1-20\nW:W51:B1\n");
    refused({"-openings", "file=" + fens}, fens + ":2: ");
    refused({"-variant", "frisian"}, "-variant 'frisian' is not one of: english, international, brazilian");
    // An engine that does not offer the variant is refused before the first game.
    const std::string mini = dir.file("mini.sh");
    testing::write_script(mini, "#!/bin/sh\nwhile read l; do case \"$l\" in uci) echo 'id name mini'; echo uciok;; "
                              "isready) echo readyok;; quit) exit 0;; esac; done\n");
    const auto run = run_tool({"match", "--variant", "international", "-engine", "cmd=" + mini, "name=mini",
                               "-engine", "cmd=" + Tempo, "-each", "nodes=100"});
    CHECK(run.status == 2);
    CHECK(run.err.find("engine 'mini' (" + mini + "): does not offer 'option name Variant ... var international'") !=
          std::string::npos);
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

TEST_CASE("tempo match -resume goes on from the games already in its PDN and refuses another match's",
          "[match][process]") {
    testing::ScratchDir dir;
    const std::string pdn = dir.file("resume.pdn");
    auto match = [&](const std::string& second, const std::string& rounds, std::vector<std::string> more = {}) {
        std::vector<std::string> args{"match", "-engine", "cmd=" + Tempo, "name=alpha", "-engine", "cmd=" + Tempo,
                                      "name=" + second, "-each", "nodes=500", "option.Hash=4", "-openings",
                                      "file=" + Ballots3, "-rounds", rounds, "-pdnout", pdn, "-resume"};
        args.insert(args.end(), more.begin(), more.end());
        return run_tool(args);
    };
    // No file yet: the whole match is played.
    const auto fresh = match("beta", "1");
    INFO(fresh.out << fresh.err);
    REQUIRE(fresh.status == 0);
    CHECK(fresh.out.find("resumed") == std::string::npos);
    CHECK(count_of(fresh.out, "\ngame ") == 2);
    const std::string after_one = testing::read_text(pdn);

    // Two rounds with the first in the file: only the second round's games are played, and the
    // figures count all four.
    const auto more = match("beta", "2");
    INFO(more.out << more.err);
    REQUIRE(more.status == 0);
    CHECK(more.out.find("resumed from " + pdn + ": 2 of 4 games already played") != std::string::npos);
    CHECK(count_of(more.out, "\ngame ") == 2);
    CHECK(more.out.find("game 3/4: ") != std::string::npos);
    CHECK(more.out.find("game 4/4: ") != std::string::npos);
    CHECK(more.out.find("Finished 4 of 4 games") != std::string::npos);
    const std::string text = testing::read_text(pdn);
    CHECK(text.starts_with(after_one));
    auto games = tempo::pdn::read(text);
    REQUIRE(games);
    REQUIRE(games->size() == 4);
    int alpha_points2 = 0;
    std::vector<std::string> rounds;
    for (const tempo::pdn::PdnGame& g : *games) {
        rounds.push_back(*g.tag("Round"));
        const bool alpha_black = *g.tag("Black") == "alpha";
        alpha_points2 += g.result == "1/2-1/2" ? 1 : ((g.result == "1-0") == alpha_black ? 2 : 0);
    }
    CHECK(rounds == std::vector<std::string>{"1", "2", "3", "4"});
    const auto [w, l, d] = summary(more.out, "alpha", "beta");
    CHECK(w + l + d == 4);
    CHECK(alpha_points2 == 2 * w + d);
    CHECK(table_row(more.out, "alpha") == std::array<int, 4>{4, w, l, d});

    // Everything played: nothing more, the same figures, the file untouched.
    const auto again = match("beta", "2");
    INFO(again.out << again.err);
    REQUIRE(again.status == 0);
    CHECK(count_of(again.out, "\ngame ") == 0);
    CHECK(summary(again.out, "alpha", "beta") == std::array<int, 3>{w, l, d});
    CHECK(testing::read_text(pdn) == text);

    // Another match's file is refused before any game, and left as it was.
    const auto other = match("gamma", "2");
    CHECK(other.status == 2);
    CHECK(other.out.empty());
    CHECK(other.err.find("tempo match: -resume: " + pdn + ":1: game 1 is not this match's") != std::string::npos);
    CHECK(other.err.find("White 'beta'") != std::string::npos);
    const auto fewer = match("beta", "1");
    CHECK(fewer.status == 2);
    CHECK(fewer.err.find("Round '3' is not a game of this match (1 to 2)") != std::string::npos);
    CHECK(testing::read_text(pdn) == text);

    const std::string broken = dir.file("broken.pdn");
    testing::write_text(broken, text + text.substr(0, text.find("[Event", 1)));
    const auto twice = run_tool({"match", "-engine", "cmd=" + Tempo, "name=alpha", "-engine", "cmd=" + Tempo,
                                 "name=beta", "-each", "nodes=500", "-openings", "file=" + Ballots3, "-rounds", "2",
                                 "-pdnout", broken, "-resume"});
    CHECK(twice.status == 2);
    CHECK(twice.err.find("is in the file twice") != std::string::npos);

    const std::string garbage = dir.file("garbage.pdn");
    testing::write_text(garbage, "[Event \"tempo match\"\n1. 9-13 zz\n");
    const auto unreadable = run_tool({"match", "-engine", "cmd=" + Tempo, "name=alpha", "-engine", "cmd=" + Tempo,
                                      "name=beta", "-each", "nodes=500", "-openings", "file=" + Ballots3, "-rounds",
                                      "2", "-pdnout", garbage, "-resume"});
    CHECK(unreadable.status == 2);
    CHECK(unreadable.out.empty());
    CHECK(unreadable.err.find("tempo match: -resume: " + garbage + ": ") != std::string::npos);
    CHECK(testing::read_text(garbage) == "[Event \"tempo match\"\n1. 9-13 zz\n");

    const auto no_file = run_tool({"match", "-engine", "cmd=" + Tempo, "-engine", "cmd=" + Tempo, "-each",
                                   "nodes=100", "-resume"});
    CHECK(no_file.status == 2);
    CHECK(no_file.err.find("-resume needs -pdnout FILE") != std::string::npos);
}
