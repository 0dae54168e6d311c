// PDN: writing, reading back the same game, comments, numbering, errors with line and move.
#include <catch2/catch.hpp>

#include "engine/game.hpp"
#include "tools/pdn/pdn.hpp"

using namespace tempo;

TEST_CASE("PDN round trip: a game written and read back is the same record and text", "[pdn]") {
    Game g;
    for (const char* m : {"9-13", "21-17", "5-9", "25-21", "11-16", "23-18", "10-14", "17x10", "7x14x23"}) REQUIRE(g.play(m));
    pdn::PdnGame rec = pdn::record(g, {{"Event", "test \"quoted\" [bracketed] \\ event"}, {"Black", "a"}, {"White", "b"}}, "*");
    rec.comments[2] = "a comment";
    rec.intro = "before the first move";
    const std::string text = pdn::write(rec);
    CHECK(text.find("[GameType \"21\"]") != std::string::npos);
    CHECK(text.find("[FEN") == std::string::npos);  // the standard start has no FEN tag
    CHECK(text.find("{before the first move} 1. 9-13 21-17 2. 5-9 {a comment} 2... 25-21 3. 11-16\n"
                    "23-18 4. 10-14 17x10 5. 7x14x23 *") != std::string::npos);

    auto back = pdn::read(text + text);
    REQUIRE(back);
    REQUIRE(back->size() == 2);
    pdn::PdnGame first = (*back)[0];
    CHECK(first.line == 1);
    first.line = 0;
    CHECK(first == rec);
    CHECK(pdn::write((*back)[1]) == text);
    auto replayed = pdn::replay(first);
    REQUIRE(replayed);
    CHECK(replayed->position() == g.position());
}

TEST_CASE("PDN from a set-up position with White to move: FEN tag and '1...' numbering", "[pdn]") {
    auto parsed = Game::from_fen("W:WK10,30,31,32:B1,2,3,14,15,22,23");
    REQUIRE(parsed);
    Game g = parsed.value();
    const std::string first = g.legal_move_texts().front();
    REQUIRE(g.play(first));
    const pdn::PdnGame rec = pdn::record(g, {}, "*");
    const std::string text = pdn::write(rec);
    CHECK(text.find("[FEN \"W:WK10,30,31,32:B1,2,3,14,15,22,23\"]") != std::string::npos);
    CHECK(text.find("1... " + first + " *") != std::string::npos);
    auto back = pdn::read(text);
    REQUIRE(back);
    REQUIRE(pdn::replay(back->front()));
}

TEST_CASE("PDN reader: draughts results, glued numbers, marks, variations and escapes", "[pdn]") {
    const std::string text =
        "% an escape line\n[Event \"x\"]\n[Result \"2-0\"]\n\n1.11-15 ! 23-19 (23-18 8-11) 2. 8-11? $1 22-17 2-0\n";
    auto games = pdn::read(text);
    REQUIRE(games);
    REQUIRE(games->size() == 1);
    CHECK(games->front().moves == std::vector<std::string>{"11-15", "23-19", "8-11", "22-17"});
    CHECK(games->front().result == "1-0");
}

TEST_CASE("PDN reader errors name the line, replay names the move", "[pdn]") {
    auto unclosed = pdn::read("[Event \"x\"]\n\n1. 11-15 {never closed\n");
    REQUIRE_FALSE(unclosed);
    CHECK(unclosed.error() == "line 3: unclosed comment");
    auto no_result = pdn::read("[Event \"x\"]\n\n1. 11-15 23-19\n");
    REQUIRE_FALSE(no_result);
    CHECK(no_result.error() == "line 1: the last game has no result");
    auto tag = pdn::read("[Event \"x\"\n1. 11-15 *\n");
    REQUIRE_FALSE(tag);
    CHECK(tag.error() == "line 1: unclosed tag '[Event \"x\"'");
    auto junk = pdn::read("1. 11-15 hello *\n");
    REQUIRE_FALSE(junk);
    CHECK(junk.error() == "line 1: 'hello' is neither a move nor a result");

    auto games = pdn::read("1. 11-15 23-19 2. 8-11 22-17 3. 8-12 *\n");  // 8 is empty by then
    REQUIRE(games);
    auto r = pdn::replay(games->front());
    REQUIRE_FALSE(r);
    CHECK(r.error().starts_with("move 3 (Black) '8-12': "));
}

TEST_CASE("PDN GameType 20: international games are numbered from White and replayed on 10x10", "[pdn]") {
    pdn::PdnGame g;
    g.set_tag("GameType", "20");
    g.set_tag("Result", "1-0");
    for (const char* m : {"32-28", "19-23", "28x19", "14x23"}) g.add_move(m);
    g.result = "1-0";
    const std::string text = pdn::write(g);
    CHECK(text.find("1. 32-28 19-23 2. 28x19 14x23 1-0") != std::string::npos);
    auto back = pdn::read(text);
    REQUIRE(back);
    REQUIRE(back->size() == 1);
    CHECK(*pdn::game_type(back->front()) == pdn::GameType::International);
    auto p = pdn::replay_international(back->front());
    REQUIRE(p);
    CHECK(p->side_to_move() == Color::White);
    CHECK(*pdn::check(back->front()) == 4);
    // An English replay of it is refused, not attempted.
    auto english = pdn::replay(back->front());
    REQUIRE_FALSE(english);
    CHECK(english.error() == "not an English draughts game (GameType 20: international draughts)");

    // The full PDN 3.0 form of the tag, and a set-up position with Black to move: "1...".
    auto set_up = pdn::read("[GameType \"20,W,10,10,N2,0\"]\n[FEN \"B:W32,38,43:B27,17,3\"]\n\n1... 3-9 2. 32x21x12 *\n");
    REQUIRE(set_up);
    CHECK(*pdn::game_type(set_up->front()) == pdn::GameType::International);
    REQUIRE(pdn::replay_international(set_up->front()));
    CHECK(pdn::write(set_up->front()).find("1... 3-9 2. 32x21x12 *") != std::string::npos);

    // An illegal 10x10 move is named with its number and side; so is a non-majority capture.
    auto bad = pdn::read("[GameType \"20\"]\n[FEN \"W:W32,34:B27,17,29\"]\n\n1. 34x23 *\n");
    REQUIRE(bad);
    auto r = pdn::replay_international(bad->front());
    REQUIRE_FALSE(r);
    CHECK(r.error().starts_with("move 1 (White) '34x23': "));

    // Results: "1-0" is the first player's win, White's in 10x10 and Black's in English.
    Status white_won;
    white_won.outcome = Outcome::WhiteWins;
    CHECK(pdn::result_text(white_won, pdn::GameType::International) == "1-0");
    CHECK(pdn::result_text(white_won, pdn::GameType::English) == "0-1");
    // And back: outcome_of is result_text's inverse in every game; other text is no result.
    for (pdn::GameType t : {pdn::GameType::English, pdn::GameType::International, pdn::GameType::Brazilian})
        for (Outcome o : {Outcome::BlackWins, Outcome::WhiteWins, Outcome::Draw, Outcome::Ongoing}) {
            Status st;
            st.outcome = o;
            CHECK(pdn::outcome_of(pdn::result_text(st, t), t) == o);
        }
    CHECK(pdn::outcome_of("1-0", pdn::GameType::International) == Outcome::WhiteWins);
    CHECK(pdn::outcome_of("1-0") == Outcome::BlackWins);
    for (const char* not_result : {"", "1-1", "2-0", "1/2", "*"}) CHECK(pdn::outcome_of(not_result) == Outcome::Ongoing);
}

TEST_CASE("PDN: an unknown GameType is refused with a clear error", "[pdn]") {
    for (const char* type : {"25", "30,W,8,8,A0,0", "draughts", ""}) {
        INFO(type);
        auto games = pdn::read(std::string("[GameType \"") + type + "\"]\n\n1. 11-15 *\n");
        REQUIRE(games);
        auto t = pdn::game_type(games->front());
        REQUIRE_FALSE(t);
        CHECK(t.error() == std::string("GameType \"") + type +
                               "\" is not supported (20: international draughts, 21: English draughts, 26: Brazilian "
                                           "draughts)");
        CHECK_FALSE(pdn::replay(games->front()));
        CHECK_FALSE(pdn::replay_international(games->front()));
        CHECK(pdn::check(games->front()).error() == t.error());
    }
}
