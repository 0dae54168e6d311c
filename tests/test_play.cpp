// `tempo play` driven through a pipe, as a script would: moves, hint, undo, save, load, game end.
#include <string>

#include <catch2/catch.hpp>

#include "run_tempo.hpp"
#include "tools/pdn/pdn.hpp"

using testing::count_of;
using testing::run_tool;

TEST_CASE("tempo play through a pipe: hint, undo, moves, save, new, load", "[play][process]") {
    testing::ScratchDir dir;
    const std::string saved = dir.file("game.pdn");
    const auto run = run_tool({"play", "--side", "black", "--strength", "gentle", "--movetime", "20"},
                              "hint\n11-15\nundo\n9-13\nmoves\nsave " + saved +
                                  "\nnew\nload " + saved + "\nmoves\nflip\n12-17\nfoo\nquit\n");
    INFO(run.out << run.err);
    REQUIRE(run.status == 0);
    CHECK(run.out.find("New game: you play Black against Tempo (gentle).") == 0);
    CHECK(run.out.find("\nHint: ") != std::string::npos);
    CHECK(run.out.find("\nYou play 11-15\n") != std::string::npos);
    CHECK(run.out.find("\nTook back 2 moves.\n") != std::string::npos);
    CHECK(run.out.find("\nYou play 9-13\n") != std::string::npos);
    CHECK(count_of(run.out, "\nTempo plays ") == 2);  // one reply after 11-15, one after 9-13
    CHECK(run.out.find("\nSaved 2 moves to " + saved + "\n") != std::string::npos);
    CHECK(run.out.find("\nLoaded 2 moves from " + saved + "\n") != std::string::npos);
    // The move list before the save and after the load is the same line.
    const std::size_t at = run.out.find("\n1. 9-13 ");
    REQUIRE(at != std::string::npos);
    const std::string list = run.out.substr(at + 1, run.out.find('\n', at + 1) - at - 1);
    CHECK(count_of(run.out, "\n" + list + "\n") == 2);
    CHECK(run.out.find("Not played: ") != std::string::npos);  // 12-17 is no legal move
    CHECK(run.out.find("Unknown command 'foo' (type 'help')") != std::string::npos);
    CHECK(run.out.find("\x1b[") == std::string::npos);  // no colours into a pipe
    CHECK(run.out.ends_with("bye\n"));

    // The saved game is PDN that replays and reads back identically.
    const std::string text = testing::read_text(saved);
    auto games = tempo::pdn::read(text);
    REQUIRE(games);
    REQUIRE(games->size() == 1);
    CHECK(tempo::pdn::write(games->front()) == text);
    CHECK(*games->front().tag("Black") == "Player");
    CHECK(*games->front().tag("White") == "Tempo (gentle)");
    CHECK(games->front().moves.size() == 2);
    CHECK(tempo::pdn::replay(games->front()));
}

TEST_CASE("tempo play asks for side and strength, and announces the end with its reason", "[play][process]") {
    testing::ScratchDir dir;
    const std::string near_end = dir.file("end.pdn");
    testing::write_text(near_end, "[FEN \"W:W18:B14\"]\n[Result \"*\"]\n\n*\n");
    const auto run = run_tool({"play", "--movetime", "20"},
                              "white\nexpert\nload " + near_end + "\n18x9\n11-15\nsave " + dir.file("won.pdn") + "\nquit\n");
    INFO(run.out << run.err);
    REQUIRE(run.status == 0);
    CHECK(run.out.find("New game: you play White against Tempo (expert).") == 0);
    CHECK(run.out.find("Tempo plays ") != std::string::npos);  // Black moves first: Tempo
    CHECK(run.out.find("Loaded 0 moves from " + near_end) != std::string::npos);
    CHECK(run.out.find("\nGame over: White wins: Black has no legal move (0-1). You win!\n") != std::string::npos);
    CHECK(run.out.find("The game is over (White wins: Black has no legal move)") != std::string::npos);
    const std::string won = testing::read_text(dir.file("won.pdn"));
    CHECK(won.find("[Result \"0-1\"]") != std::string::npos);
    CHECK(won.find("[FEN \"W:W18:B14\"]") != std::string::npos);
    CHECK(won.find("[Termination \"White wins: Black has no legal move\"]") != std::string::npos);
    CHECK(won.find("1... 18x9 0-1") != std::string::npos);
}

TEST_CASE("tempo play refuses a bad --side or --strength", "[play][process]") {
    const auto side = run_tool({"play", "--side", "red"});
    CHECK(side.status == 2);
    CHECK(side.err == "tempo play: side 'red' is not black or white (see 'tempo play --help')\n");
    const auto strength = run_tool({"play", "--side", "black", "--strength", "superhuman"});
    CHECK(strength.status == 2);
    CHECK(strength.err.find("strength 'superhuman' is not gentle, easy, medium, hard or expert") != std::string::npos);
}

TEST_CASE("tempo play asks again when an answer to its first questions is not understood", "[play][process]") {
    // `help` and `purple` at the side question, `superhuman` at the strength question: each is told
    // what is accepted and asked again. Answers are taken in any case, with spaces around.
    const auto run = run_tool({"play", "--movetime", "20"}, "help\npurple\n White \nsuperhuman\nGentle\n22-18\nquit\n");
    INFO(run.out << run.err);
    REQUIRE(run.status == 0);
    CHECK(run.err.empty());
    CHECK(run.out.find("Not understood: 'help'. Type black or white (an empty line means black).\n"
                       "Not understood: 'purple'. Type black or white (an empty line means black).\n"
                       "Not understood: 'superhuman'. Type gentle, easy, medium, hard or expert (an empty line "
                       "means medium).\n"
                       "New game: you play White against Tempo (gentle). Black moves first.") == 0);
    // The game goes on: Tempo (Black) moves first, then the player's move is played and answered.
    CHECK(run.out.find("\nYou play 22-18\n") != std::string::npos);
    CHECK(count_of(run.out, "\nTempo plays ") == 2);
    CHECK(run.out.ends_with("bye\n"));

    // The end of input at a question leaves cleanly, without starting a game.
    const auto eof = run_tool({"play"}, "purple\n");
    CHECK(eof.status == 0);
    CHECK(eof.out == "Not understood: 'purple'. Type black or white (an empty line means black).\nbye\n");
    CHECK(eof.err.empty());
    // So does quit, as it does in the game.
    const auto quit = run_tool({"play", "--side", "white"}, "purple\nquit\n22-18\n");
    CHECK(quit.status == 0);
    CHECK(quit.out == "Not understood: 'purple'. Type gentle, easy, medium, hard or expert (an empty line means "
                      "medium).\nbye\n");
    const auto strength_eof = run_tool({"play", "--side", "black"});
    CHECK(strength_eof.status == 0);
    CHECK(strength_eof.out == "bye\n");
}

TEST_CASE("tempo play --variant international: 10x10 moves, undo, save and load as GameType 20", "[play][process][intl]") {
    testing::ScratchDir dir;
    const std::string saved = dir.file("game10.pdn"), english = dir.file("english.pdn"), end = dir.file("end10.pdn");
    testing::write_text(english, "[GameType \"21\"]\n\n1. 11-15 *\n");
    testing::write_text(end, "[GameType \"20\"]\n[FEN \"W:W28:B23\"]\n\n*\n");
    const auto run = run_tool({"play", "--variant", "international", "--side", "white", "--strength", "gentle",
                               "--movetime", "20"},
                              "hint\n32-28\nundo\n33-28\nmoves\nsave " + saved + "\nnew\nload " + saved +
                                  "\nload " + english + "\n11-15\nload " + end + "\n28x19\nquit\n");
    INFO(run.out << run.err);
    REQUIRE(run.status == 0);
    CHECK(run.out.find("New game: you play White against Tempo (gentle). White moves first.") == 0);
    CHECK(run.out.find("\n  10    b   b   b   b   b    1  2  3  4  5\n") != std::string::npos);
    CHECK(run.out.find("\n      a b c d e f g h i j\n") != std::string::npos);
    CHECK(run.out.find("\nHint: ") != std::string::npos);
    CHECK(run.out.find("\nYou play 32-28\n") != std::string::npos);
    CHECK(run.out.find("\nTook back 2 moves.\n") != std::string::npos);
    CHECK(run.out.find("\nYou play 33-28\n") != std::string::npos);
    CHECK(run.out.find("\n1. 33-28 ") != std::string::npos);
    CHECK(run.out.find("\nSaved 2 moves to " + saved + "\n") != std::string::npos);
    CHECK(run.out.find("\nLoaded 2 moves from " + saved + "\n") != std::string::npos);
    CHECK(run.out.find("Not loaded: " + english +
                       " holds English draughts (GameType 21); this is international draughts (see --variant)") !=
          std::string::npos);
    CHECK(run.out.find("Not played: ") != std::string::npos);  // 11-15 is Black's square
    CHECK(run.out.find("\nGame over: White wins: Black has no legal move (1-0). You win!\n") != std::string::npos);

    const std::string text = testing::read_text(saved);
    CHECK(text.find("[GameType \"20\"]") != std::string::npos);
    CHECK(text.find("[FEN") == std::string::npos);  // the 10x10 start needs none
    auto games = tempo::pdn::read(text);
    REQUIRE(games);
    REQUIRE(games->size() == 1);
    CHECK(*games->front().tag("White") == "Player");
    CHECK(tempo::pdn::check(games->front()));
    CHECK(tempo::pdn::write(games->front()) == text);

    const auto bad = run_tool({"play", "--variant", "frisian", "--side", "white"});
    CHECK(bad.status == 2);
    CHECK(bad.err == "tempo play: --variant 'frisian' is not one of: english, international, brazilian (see 'tempo play --help')\n");
}
