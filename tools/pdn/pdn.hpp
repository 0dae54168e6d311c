// PDN game files: reading, writing and replaying English (GameType 21), international draughts
// (GameType 20, 10x10) and Brazilian draughts (GameType 26) games.
//
// A file is a sequence of games; each game is tag pairs (`[Event "..."]`), then move text: move
// numbers (`1.`, `1...` when White moves first), moves in PDN numbers or board names, comments in
// braces, and a result (`1-0`, `0-1`, `1/2-1/2`, `*`; the draughts forms `2-0`, `0-2`, `1-1` are
// read as the same). `1-0` means the first player won: Black in English draughts (as in the
// protocol's `status` line), White in international and Brazilian draughts.
//
// The GameType tag says which game a record is: 21 (or no tag) English draughts, 20 international
// draughts, 26 Brazilian draughts; only the number before a comma counts (`20,W,10,10,N2,0` is 20). Any other type is
// refused by `game_type` and the replays, with a message that names it.
//
// The writer puts the tags in the order they were set, wraps the move text at 80 columns, and
// writes every move as `move_text` does (captures with every landing square), so a game written
// here and read back is the same `PdnGame` and writes the same text again. The reader is strict
// about structure (an unclosed tag or comment is an error naming its line) and leaves move
// legality to `replay`, which names the game and move number of the first illegal move.
// Variations in parentheses, NAG annotations (`$1`) and move marks (`!`, `?`) are skipped.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/game.hpp"
#include "engine/international.hpp"
#include "engine/result.hpp"
#include "engine/variant.hpp"

namespace tempo::pdn {

struct PdnGame {
    std::vector<std::pair<std::string, std::string>> tags;  // in file order
    std::string intro;                  // a comment before the first move ("" none)
    std::vector<std::string> moves;     // as written, without move numbers
    std::vector<std::string> comments;  // comments[i] follows moves[i] ("" none); same size as moves
    std::string result = "*";
    int line = 0;                       // where the game starts in its file (1-based; 0: not read)

    // The value of a tag, or nullptr.
    const std::string* tag(std::string_view name) const;
    // Sets a tag, replacing its value or appending it.
    void set_tag(std::string_view name, std::string value);
    // Appends a move with an optional comment.
    void add_move(std::string text, std::string comment = {});

    friend bool operator==(const PdnGame&, const PdnGame&) = default;
};

enum class GameType { International = 20, English = 21, Brazilian = 26 };

// The PDN GameType of each game Tempo plays, and back: the numbers are pdn_game_type's.
constexpr GameType game_type_of(Variant v) { return GameType(pdn_game_type(v)); }
constexpr Variant variant_of(GameType t) {
    return t == GameType::English ? Variant::English : t == GameType::International ? Variant::International : Variant::Brazilian;
}
static_assert(variant_of(game_type_of(Variant::English)) == Variant::English &&
              variant_of(game_type_of(Variant::International)) == Variant::International &&
              variant_of(game_type_of(Variant::Brazilian)) == Variant::Brazilian);

// The game a record holds, by its GameType tag (none: English); the error names a type that is
// neither.
Result<GameType> game_type(const PdnGame& game);

// Who moves first in a game of this type when no FEN says otherwise.
constexpr Color first_player(GameType t) { return t == GameType::English ? Color::Black : Color::White; }

// The standard PDN result for a finished game, "*" while it goes on ("1-0": the first player won).
std::string result_text(const Status& s, GameType type = GameType::English);
// The inverse: the outcome a result tag gives ("1-0", "0-1", "1/2-1/2"), Ongoing for any other
// text ("*" and what is not a result).
Outcome outcome_of(std::string_view result, GameType type = GameType::English);

// A record of `game` (its start position as a FEN tag when it is not the standard start with
// Black to move). Tags given in `tags` come first, then GameType 21, FEN (if any) and Result.
PdnGame record(const Game& game, const std::vector<std::pair<std::string, std::string>>& tags,
               std::string_view result);
// The same for a 10x10 game: GameType 20, a FEN tag when the start is not the 10x10 start.
PdnGame record(const intl::Game& game, const std::vector<std::pair<std::string, std::string>>& tags,
               std::string_view result);
// The same for a Brazilian game: GameType 26.
PdnGame record(const brazil::Game& game, const std::vector<std::pair<std::string, std::string>>& tags,
               std::string_view result);

// One game as text (ending with a blank line).
std::string write(const PdnGame& game);

// Every game of a file; the error names the line.
Result<std::vector<PdnGame>> read(std::string_view text);

// Replays an English game's moves from its FEN tag (or the standard start), with every legality
// rule but no draw stopping the replay; the error says "move N (Black|White) 'TEXT': why", or
// that the record is not an English game.
Result<Game> replay(const PdnGame& game);

// The same for a GameType 20 game, on the 10x10 board: the position after the last move.
Result<intl::Position> replay_international(const PdnGame& game);
// The same for a GameType 26 game (Brazilian draughts, 8x8).
Result<brazil::Position> replay_brazilian(const PdnGame& game);

// Replays a game of either type (its GameType tag decides) and returns the number of moves; the
// error is that of the replay or of the GameType.
Result<std::size_t> check(const PdnGame& game);

// Reads a whole file into a string; the error names the file.
Result<std::string> read_file(const std::string& path);

}  // namespace tempo::pdn
