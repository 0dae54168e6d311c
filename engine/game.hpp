// Game: the small public rules library, for a server that trusts no client.
//
// A Game is a start position, the moves played since, and the Rules it is played under. Every
// input is text or a Move from outside, so each is checked against the legal moves before it
// touches anything: `validate` says why a move is refused, `play` changes nothing on error, and no
// call throws. Status is worked out from the history on demand:
//
// - the side to move with no legal move loses (checked first);
// - threefold repetition, when the rules have it: the current position (pieces and side to move)
//   has occurred three times. Only positions since the last capture or man move are compared: no
//   earlier one can come back;
// - the counting rules of the game's position. English: a draw once `quiet_plies_limit` plies
//   have passed with no capture and no promotion (the reference game's 80-ply rule,
//   `Position::quiet_plies`). International (FMJD): the 25-move rule and the 16-move rule,
//   `intl::rule_draw`.
//
// Rules::official() is the WCDF game (Black moves first, repetition draws); Rules::reference() is
// the reference game ../shared/seeds/000_*.txt (White first, no repetition rule). Both keep the
// 80-ply rule, as the issue asks. intl::Rules::official() is the FMJD game (White first, all three
// draw rules); brazil::Game plays Brazilian draughts under the same Rules (brazilian.hpp).
//
// One class template, BasicGame<B>, holds the history and the checks for every game; B is the
// game's rules trait (rules.hpp), which gives the position type, and through Rulebook<B> the
// generator and the notation. `tempo::Game` is English draughts, `tempo::intl::Game`
// international draughts and `tempo::brazil::Game` Brazilian draughts; each is instantiated once,
// in game.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/brazilian.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/international.hpp"
#include "engine/position.hpp"
#include "engine/result.hpp"
#include "engine/rules.hpp"

namespace tempo {

struct Rules {
    Color first_to_move = Color::Black;
    bool repetition_draw = true;
    int quiet_plies_limit = Wcdf::quiet_draw_plies;  // 80; 0 or less: no such rule

    static Rules official() { return {}; }
    static Rules reference() { return {Color::White, false, Wcdf::quiet_draw_plies}; }
};

enum class Outcome : std::uint8_t { Ongoing, BlackWins, WhiteWins, Draw };
// KingMovesOnly: international draughts' 25-move rule (only king moves, no capture, no man move);
// SmallEnding: its 16-move rule (three kings, two kings and a man, or a king and two men against
// a lone king).
enum class EndReason : std::uint8_t {
    None,
    NoLegalMoves,
    QuietPlies,
    Repetition,
    KingMovesOnly,
    SmallEnding
};

struct Status {
    Outcome outcome = Outcome::Ongoing;
    EndReason reason = EndReason::None;
    Color to_move = Color::Black;  // in the position the status describes
    int quiet_plies = 0;           // plies since the last capture or promotion, there (10x10:
                                   // since the last capture or man move)
    int ending_plies = 0;          // 10x10: plies since a 16-move-rule ending arose, there

    bool is_over() const { return outcome != Outcome::Ongoing; }
    // One sentence for people: "White wins: Black has no legal move".
    std::string description() const;
};

namespace intl {

struct Rules {
    bool repetition_draw = true;
    bool counting_draws = true;  // the 25-move rule and the 16-move rule (intl::rule_draw)

    static Rules official() { return {}; }
};

}  // namespace intl

// The Rules a game of trait B is played under: English draughts' (who moves first, the 80-ply
// rule) where a promotion resets the quiet count, the FMJD ones (the 25-move and 16-move rules)
// where a man move does.
template <RulesTrait B>
using GameRules = std::conditional_t<B::quiet_reset == QuietReset::Promotion, tempo::Rules, intl::Rules>;

template <RulesTrait B>
class BasicGame {
public:
    using Position = BasicPosition<B>;
    using Rules = GameRules<B>;

    explicit BasicGame(Rules rules = Rules::official());
    // A game from a set-up position; its side to move is the FEN's, whatever rules.first_to_move.
    static Result<BasicGame> from_fen(std::string_view fen, Rules rules = Rules::official());
    // A game from a position the caller built (its ply counters included); it must satisfy
    // Position::is_consistent().
    static BasicGame from_position(const Position& p, Rules rules = Rules::official());

    const Rules& rules() const { return rules_; }
    const Position& position() const { return positions_.back(); }
    const Position& start_position() const { return positions_.front(); }
    // The moves played so far; moves()[i] was played in the position before it.
    const std::vector<Move>& moves() const { return moves_; }
    // The moves played so far as text.
    std::vector<std::string> move_texts(Notation n = Notation::Numbers) const;

    // The legal moves now: none once the game is over.
    std::vector<Move> legal_moves() const;
    std::vector<std::string> legal_move_texts(Notation n = Notation::Numbers) const;

    // The move a text names, if it is legal now; the error says why not.
    Result<Move> validate(std::string_view text) const;
    // Plays a move given as text or as a Move; on error the game is unchanged.
    Result<Move> play(std::string_view text);
    Result<Move> play(const Move& m);
    // Takes back the last move; false when there is none.
    bool undo();

    Status status() const;

private:
    std::string refusal() const;  // why no move is accepted, or "" while the game goes on

    Rules rules_;
    std::vector<Position> positions_;  // the start, then one per move played
    std::vector<Move> moves_;
};

extern template class BasicGame<Wcdf>;
extern template class BasicGame<intl::Fmjd>;
extern template class BasicGame<brazil::Cbd>;

// English draughts (8x8).
using Game = BasicGame<Wcdf>;

namespace intl {
// International draughts (10x10, FMJD).
using Game = BasicGame<Fmjd>;
}  // namespace intl

namespace brazil {
// Brazilian draughts (8x8, the FMJD rules).
using Game = BasicGame<Cbd>;
}  // namespace brazil

}  // namespace tempo
