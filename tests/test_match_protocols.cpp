// `tempo match` driving engines of other protocols (tools/match/session.hpp), as real processes:
// a Hub engine (Tempo's own `tempo hub`) against Tempo's protocol, 10x10 and English; DXP games
// against a `tempo dxp` the runner starts and against one already listening (real sockets on
// 127.0.0.1, ports chosen at run time); and the settings that cannot work, refused before any game.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/game.hpp"
#include "protocol/dxp.hpp"
#include "run_tempo.hpp"
#include "tools/pdn/pdn.hpp"

using testing::count_of;
using testing::run_tool;
using namespace std::chrono_literals;

namespace {

const std::string Tempo = TEMPO_BINARY;

// A port that was free a moment ago (bound to port 0, then released).
int free_port() {
    tempo::protocol::dxp::Listener l;
    REQUIRE(l.open("127.0.0.1", 0));
    return l.port();
}

// Every game of the PDN file was played to the end by the rules of `type`, every move legal, and
// none was lost by a crash, a hang, a refusal or an illegal move.
template <class G>
void check_games(const std::string& pdn_file, std::size_t games, const std::string& type) {
    const std::string text = testing::read_text(pdn_file);
    auto read = tempo::pdn::read(text);
    REQUIRE(read);
    REQUIRE(read->size() == games);
    for (const tempo::pdn::PdnGame& g : *read) {
        INFO(tempo::pdn::write(g));
        CHECK(*g.tag("GameType") == type);
        G game = g.tag("FEN") ? G::from_fen(*g.tag("FEN")).value() : G();
        for (const std::string& mv : g.moves) REQUIRE(game.play(mv));
        CHECK(game.status().is_over());
        CHECK(g.moves.size() > 10);
    }
    const auto check = run_tool({"pdn", "check", pdn_file});
    CHECK(check.status == 0);
    CHECK(check.out.find("all legal") != std::string::npos);
}

}  // namespace

TEST_CASE("tempo match: a Hub engine against Tempo's protocol, 10x10 and English", "[match][process][hub]") {
    testing::ScratchDir dir;
    const std::string pdn = dir.file("hub.pdn");
    const auto run = run_tool({"match", "-variant", "international", "-engine", "proto=hub", "cmd=" + Tempo, "arg=hub",
                               "name=hub", "option.hash=8", "depth=2", "-engine", "cmd=" + Tempo, "name=uci",
                               "nodes=2000", "-games", "2", "-pdnout", pdn});
    INFO(run.out << run.err);
    REQUIRE(run.status == 0);
    CHECK(run.out.find("Finished 2 of 2 games") != std::string::npos);
    CHECK(run.out.find("hub vs uci: 2 games") != std::string::npos);
    check_games<tempo::intl::Game>(pdn, 2, "20");

    // English through Hub (Tempo declares english among its variants), on a clock: Hub's `level
    // time= inc=` (a wide margin: the sanitizer builds are slow to start).
    const std::string english = dir.file("english.pdn");
    const auto en = run_tool({"match", "-engine", "proto=hub", "cmd=" + Tempo, "arg=hub", "name=hub", "tc=2+0.02", "timemargin=3000",
                              "-engine", "cmd=" + Tempo, "name=uci", "nodes=3000", "-games", "1", "-pdnout", english});
    INFO(en.out << en.err);
    REQUIRE(en.status == 0);
    CHECK(en.out.find("Finished 1 of 1 games") != std::string::npos);
    check_games<tempo::Game>(english, 1, "21");
}

TEST_CASE("tempo match: DXP games, with an engine it starts and one already listening", "[match][process][dxp]") {
    testing::ScratchDir dir;
    const std::string pdn = dir.file("dxp.pdn");
    const int port = free_port();
    const std::string at = "127.0.0.1:" + std::to_string(port);
    const auto run = run_tool({"match", "-variant", "international", "-engine", "proto=dxp", "cmd=" + Tempo,
                               "arg=dxp", "arg=--listen", "arg=" + std::to_string(port), "arg=--depth", "arg=2",
                               "connect=" + at, "name=dxp", "-engine", "cmd=" + Tempo, "name=uci", "depth=2",
                               "-games", "2", "-pdnout", pdn});
    INFO(run.out << run.err);
    REQUIRE(run.status == 0);
    CHECK(run.out.find("Finished 2 of 2 games") != std::string::npos);
    CHECK(run.out.find("dxp vs uci: 2 games") != std::string::npos);
    check_games<tempo::intl::Game>(pdn, 2, "20");

    // A listener started here; the runner connects to it, against a Hub engine.
    testing::TempoProcess listener({"dxp", "--listen", "0", "--depth", "2", "--once"});
    REQUIRE(listener.ok());
    const auto first = listener.line(10000ms);
    REQUIRE(first);
    REQUIRE(first->starts_with("listening on 127.0.0.1:"));
    const std::string there = first->substr(std::string("listening on ").size());
    const std::string pdn2 = dir.file("dxp2.pdn");
    const auto run2 = run_tool({"match", "-variant", "international", "-engine", "proto=dxp", "connect=" + there,
                                "tc=120", "-engine", "proto=hub", "cmd=" + Tempo, "arg=hub", "name=hub", "depth=2",
                                "-games", "2", "-pdnout", pdn2});
    INFO(run2.out << run2.err);
    REQUIRE(run2.status == 0);
    CHECK(run2.out.find("Finished 2 of 2 games") != std::string::npos);
    CHECK(run2.out.find("dxp@" + there + " vs hub: 2 games") != std::string::npos);
    check_games<tempo::intl::Game>(pdn2, 2, "20");
    // The listener saw both games, with the clock of tc=120 (2 minutes), and no error.
    const std::vector<std::string> log = listener.until("connection closed", 10000ms);
    REQUIRE_FALSE(log.empty());
    int games = 0, two_minutes = 0, errors = 0;
    for (const std::string& l : log) {
        games += l.find(" over: ") != std::string::npos;
        two_minutes += l.find("2 min for all moves") != std::string::npos;
        errors += l.find("error") != std::string::npos;
    }
    CHECK(games == 2);
    CHECK(two_minutes == 2);
    CHECK(errors == 0);
    int status = -1;
    CHECK(listener.wait_exit(5000ms, &status));
    CHECK(status == 0);
}

TEST_CASE("tempo match: a DXP engine that is not there loses its games, and bad settings are refused",
          "[match][process][dxp]") {
    testing::ScratchDir dir;
    const std::string pdn = dir.file("gone.pdn");
    const int port = free_port();
    const auto gone = run_tool({"match", "-variant", "international", "-engine", "proto=dxp",
                                "connect=127.0.0.1:" + std::to_string(port), "name=gone", "-engine", "cmd=" + Tempo,
                                "name=uci", "depth=1", "-games", "1", "-pdnout", pdn});
    INFO(gone.out << gone.err);
    CHECK(gone.status == 0);
    CHECK(gone.out.find("gone failed to start: cannot connect to 127.0.0.1:" + std::to_string(port)) !=
          std::string::npos);

    const std::vector<std::string> base{"match", "-variant", "international", "-engine", "cmd=" + Tempo, "depth=1"};
    const std::vector<std::pair<std::vector<std::string>, std::string>> bad{
        {{"-engine", "proto=dxp", "depth=3"}, "a DXP engine takes no st=, depth= or nodes="},
        {{"-engine", "proto=dxp", "tc=60+1"}, "DXP has no increment"},
        {{"-engine", "proto=dxp", "connect=nowhere"}, "connect='nowhere' is not HOST:PORT"},
        {{"-engine", "proto=dxp", "connect=127.0.0.1:0"}, "out of range"},
        {{"-engine", "proto=dxp", "-concurrency", "2"}, "one game at a time"},
        {{"-engine", "proto=smoke", "cmd=" + Tempo}, "proto='smoke' is not one of: uci, hub, dxp"},
        {{"-engine", "cmd=" + Tempo, "connect=127.0.0.1:5", "depth=1"}, "connect= is for proto=dxp"},
        {{"-engine", "proto=hub", "depth=1"}, "cmd= is missing"},
        {{"-engine", "proto=dxp", "cmd=/no/such/engine"}, "not found or not executable"},
    };
    for (const auto& [more, what] : bad) {
        std::vector<std::string> args = base;
        args.insert(args.end(), more.begin(), more.end());
        const auto run = run_tool(args);
        INFO(more[1] << ": " << run.err);
        CHECK(run.status == 2);
        CHECK(run.err.find(what) != std::string::npos);
    }
    const auto english = run_tool({"match", "-engine", "proto=dxp", "-engine", "cmd=" + Tempo, "depth=1"});
    CHECK(english.status == 2);
    CHECK(english.err.find("DXP plays international draughts only") != std::string::npos);
    // A Hub engine whose variants do not include 10x10's `normal` is refused at its handshake.
    const std::string frisian = dir.file("frisian.sh");
    testing::write_script(frisian, "#!/bin/sh\nwhile read l; do case \"$l\" in hub) echo 'id name frisian'; "
                                 "echo 'param name=variant value=frisian type=enum values=\"frisian killer\"'; "
                                 "echo wait;; quit) exit 0;; esac; done\n");
    const auto refused = run_tool({"match", "-variant", "international", "-engine", "proto=hub", "cmd=" + frisian,
                                   "name=frisian", "depth=1", "-engine", "cmd=" + Tempo, "depth=1"});
    CHECK(refused.status == 2);
    CHECK(refused.err.find("engine 'frisian' (" + frisian + "): its param variant does not offer 'normal'") !=
          std::string::npos);
}
