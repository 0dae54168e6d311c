// The engines of a match as the runner drives them, one class per protocol behind one interface:
// Tempo's own protocol (`proto=uci`, the default: `uci`, `position`, `go`, `bestmove`), Hub
// (`proto=hub`: `hub`, `init`, `pos`, `level`, `go think`, `done`; protocol/hub.hpp) and DXP
// (`proto=dxp`: a TCP connection to an engine that listens, GAMEREQ per game, MOVE both ways,
// GAMEEND at the end; protocol/dxp.hpp).
//
// The runner keeps the game, the clocks and the referee; a session only carries the game to its
// engine and brings back the engine's move as text, which the runner reads by the notation the
// session names (PDN numbers, Hub's from-to-captured, a DXP MOVE).
#pragma once

#include <array>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/result.hpp"
#include "tools/match/match.hpp"
#include "tools/match/process.hpp"
#include "tools/pdn/pdn.hpp"

namespace tempo::match {

using Clock = Process::Clock;

// The game as every protocol needs it, kept by the runner as the game goes on.
struct GameView {
    std::string fen;                     // the start (empty: the standard start position)
    std::vector<std::string> moves;      // every move so far, PDN numbers (Tempo's protocol)
    std::string hub_start;               // the start as a Hub position string
    std::vector<std::string> hub_moves;  // every move so far in Hub notation
    bool standard = true;                // the start is the standard position (DXP start A)
    Color start_to_move = Color::White;  // DXP start B: the colour to move and the 50 squares
    std::string dxp_board;
    std::vector<std::string> dxp_moves;  // 10x10: every move so far as a DXP MOVE message
    std::array<double, 2> clock_ms{};    // Black's and White's clocks (tc)
};

enum class Notation { Pdn, Hub, Dxp };

struct Reply {
    enum class Kind { Move, Crashed, Hung, Silent, Ended };
    Kind kind = Kind::Move;
    std::string text;  // Move: the move as the engine sent it; otherwise what happened
    Notation notation = Notation::Pdn;
};

class EngineSession {
public:
    EngineSession(const EngineConfig& c, pdn::GameType variant) : cfg_(c), variant_(variant) {}
    virtual ~EngineSession() = default;
    EngineSession(const EngineSession&) = delete;
    EngineSession& operator=(const EngineSession&) = delete;

    // Starts the engine if it is not running and does the handshake; the error says what failed.
    virtual Result<bool> ensure_started() = 0;
    // Before the first game: whether the engine can be started (the handshake once, then quit).
    virtual Result<bool> probe();
    // A new game in which the engine plays `colour` from `view`'s start.
    virtual Result<bool> new_game(const GameView& view, Color colour) = 0;
    // The engine's move in the game `view` (its turn), wanted by `deadline` (`timed`: a clock or a
    // move time, else the silence timeout).
    virtual Reply think(const GameView& view, Clock::time_point deadline, bool timed) = 0;
    // The game is over (`view` holds every move); `outcome` by the rules or a forfeit.
    virtual void game_over(const GameView& view, Outcome outcome) { (void)view, (void)outcome; }
    virtual void quit() = 0;
    // After a crash or a hang: the engine is stopped and started again for its next game.
    virtual void restart_later() = 0;

    const EngineConfig& config() const { return cfg_; }

protected:
    const EngineConfig& cfg_;
    pdn::GameType variant_;
};

std::unique_ptr<EngineSession> make_session(const EngineConfig& c, pdn::GameType variant);

}  // namespace tempo::match
