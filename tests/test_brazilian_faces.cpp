// Brazilian draughts through every face a user meets: the protocol (a real `tempo` process
// switched with `setoption name Variant value brazilian`), `tempo perft`, `tempo play`, `tempo
// match` and `tempo bench`, each as a real process.
#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/brazilian.hpp"
#include "engine/game.hpp"
#include "run_tempo.hpp"
#include "tools/pdn/pdn.hpp"

using testing::run_tool;
using testing::TempoProcess;
using testing::reply;
using testing::fen_of;
using testing::words_of;

namespace {

const std::string Tempo = TEMPO_BINARY;

std::string last_line(const std::string& text) {
    const auto end = text.find_last_not_of('\n');
    const auto start = text.rfind('\n', end);
    return text.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1) + 1);
}

}  // namespace

TEST_CASE("brazilian transcript: the variant, its start, legal moves, perft and a search", "[protocol][transcript][brazil]") {
    TempoProcess t;
    REQUIRE(t.ok());
    t.send("setoption name Variant value brazilian");
    REQUIRE(t.sync().empty());
    CHECK(fen_of(t) == "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    CHECK(reply(t, "legal") == "legal 21-17 22-17 22-18 23-18 23-19 24-19 24-20");
    CHECK(reply(t, "status") == "status ongoing white to move");
    // Men capture backwards and the most pieces must be taken; the man crossing d8 stays a man.
    t.send("position fen W:W9:B6,7");
    CHECK(reply(t, "legal") == "legal 9x2x11");
    t.send("position fen W:W9:B6,7 moves 9x2x11");
    CHECK(fen_of(t) == "B:W11:B");
    CHECK(reply(t, "status") == "status white-wins no-legal-moves");
    // Bad input: one error naming the problem, the position kept.
    t.send("position startpos moves 22-18");
    const std::string kept = fen_of(t);
    CHECK(reply(t, "position fen W:W33:B1") ==
          "info string error: position: bad FEN 'W:W33:B1': bad FEN: unknown square \"33\" (squares are 1 to 32)");
    CHECK(reply(t, "position startpos moves 22-18 22-17").starts_with("info string error: position: move 2 '22-17': "));
    CHECK(fen_of(t) == kept);
    // go perft: the published 302 at depth 3.
    t.send("position startpos");
    t.send("go perft 3");
    const auto lines = t.until("Nodes searched", std::chrono::milliseconds(20000));
    REQUIRE_FALSE(lines.empty());
    CHECK(lines.back() == "Nodes searched: 302");
    // A search answers with one of the legal moves.
    t.send("position startpos moves 22-18 11-15");
    const std::string legal = reply(t, "legal");
    t.send("go depth 6");
    const auto answer = t.until("bestmove");
    REQUIRE_FALSE(answer.empty());
    const auto w = words_of(answer.back());
    REQUIRE(w.size() >= 2);
    const auto moves = words_of(legal);
    CHECK(std::find(moves.begin() + 1, moves.end(), w[1]) != moves.end());
    CHECK(reply(t, "eval") == "info string eval not available: a capture is pending");  // 18x11
    t.send("position startpos moves 22-18");
    CHECK(reply(t, "eval").starts_with("info string eval total "));
}

TEST_CASE("tempo perft --variant brazilian: the published counts, divide and a FEN", "[cli][brazil]") {
    const auto r = run_tool({"perft", "--variant", "brazilian", "--depth", "6"});
    CHECK(r.status == 0);
    CHECK(last_line(r.out) == "Nodes searched: 37628");
    const auto d = run_tool({"perft", "--variant", "brazilian", "--depth", "2", "--divide"});
    CHECK(d.out.starts_with("21-17: 7\n"));
    CHECK(last_line(d.out) == "Nodes searched: 49");
    const auto k = run_tool({"perft", "--variant", "brazilian", "--depth", "1", "--fen", "W:WK29:B15"});
    CHECK(last_line(k.out) == "Nodes searched: 3");
    const auto bad = run_tool({"perft", "--variant", "brazilian", "--depth", "1", "--rules", "reference"});
    CHECK(bad.status == 2);
    CHECK(bad.err.find("--rules applies to english only (brazilian: White always begins)") != std::string::npos);
}

TEST_CASE("tempo play --variant brazilian: moves, save as GameType 26 and load", "[play][process][brazil]") {
    testing::ScratchDir dir;
    const std::string saved = dir.file("game.pdn");
    const auto run = run_tool({"play", "--variant", "brazilian", "--side", "white", "--strength", "gentle",
                               "--movetime", "20"},
                              "c3-d4\nmoves\nsave " + saved + "\nnew\nload " + saved + "\nquit\n");
    INFO(run.out << run.err);
    REQUIRE(run.status == 0);
    CHECK(run.out.find("New game: you play White against Tempo (gentle). White moves first.") == 0);
    CHECK(run.out.find("\nYou play 22-18\n") != std::string::npos);
    CHECK(run.out.find("\nLoaded 2 moves from " + saved + "\n") != std::string::npos);
    const std::string text = testing::read_text(saved);
    CHECK(text.find("[GameType \"26\"]") != std::string::npos);
    auto games = tempo::pdn::read(text);
    REQUIRE(games);
    REQUIRE(games->size() == 1);
    CHECK(tempo::pdn::check(games->front()));
    CHECK(tempo::pdn::replay_brazilian(games->front()));
    CHECK_FALSE(tempo::pdn::replay(games->front()));
}

TEST_CASE("A Brazilian match: two tempo processes, FEN openings, a GameType 26 PDN that replays",
          "[match][process][brazil]") {
    testing::ScratchDir dir;
    const std::string pdn = dir.file("brazil.pdn"), openings = dir.file("brazil.fen");
    testing::write_text(openings, "W:W21-32:B1-12\nW:W22,27,K30:B6,11,K3\n");
    const auto run = run_tool({"match", "--variant", "brazilian", "-engine", "cmd=" + Tempo, "name=alpha",
                               "-engine", "cmd=" + Tempo, "name=beta", "-each", "nodes=1500", "-games", "4",
                               "-openings", "file=" + openings, "-pdnout", pdn});
    INFO(run.out << run.err);
    REQUIRE(run.status == 0);
    CHECK(run.out.find("Finished 4 of 4 games") != std::string::npos);
    auto games = tempo::pdn::read(testing::read_text(pdn));
    REQUIRE(games);
    REQUIRE(games->size() == 4);
    for (const tempo::pdn::PdnGame& g : *games) {
        INFO(tempo::pdn::write(g));
        CHECK(*g.tag("GameType") == "26");
        REQUIRE(g.tag("FEN") != nullptr);
        REQUIRE(tempo::pdn::check(g));
        auto parsed = tempo::brazil::Game::from_fen(*g.tag("FEN"));
        REQUIRE(parsed);
        tempo::brazil::Game official = parsed.value();
        for (const std::string& mv : g.moves) REQUIRE(official.play(mv));
        CHECK(official.status().is_over());
        CHECK(tempo::pdn::result_text(official.status(), tempo::pdn::GameType::Brazilian) == g.result);
    }
}

TEST_CASE("tempo bench --variant brazilian and datagen's refusal", "[cli][brazil]") {
    const auto b = run_tool({"bench", "6", "--variant", "brazilian"});
    CHECK(b.status == 0);
    CHECK(b.out.find("Nodes searched: ") != std::string::npos);
    const auto d = run_tool({"datagen", "--variant", "brazilian", "--out", "/tmp/never.dat", "--games", "1"});
    CHECK(d.status == 2);
    CHECK(d.err.find("--variant brazilian: there is no network format for Brazilian draughts yet") != std::string::npos);
}
