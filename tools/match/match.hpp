// `tempo match`: a tournament runner for engines that speak Tempo's protocol.
//
// The command line follows cutechess-cli and fastchess: `-engine key=value ...` once per engine,
// `-each key=value ...` for settings all engines share (an engine's own value wins), and global
// options (-games, -rounds, -concurrency, -openings, -pdnout, -sprt, -event). Everything is checked
// before the first game: every engine command must exist and answer the handshake with its options
// accepted, every opening must parse and be legal. Then games are played on `concurrency` threads,
// each with its own engine processes; the runner keeps the clocks and referees with `Game`
// (no legal move loses; the 80-ply rule and threefold repetition draw). An engine that plays an
// illegal move, crashes, hangs or runs out of time loses that game, with the reason in the PDN
// Termination tag; a crashed or hung engine is restarted for its next game.
//
// Resuming (`-resume`, with -pdnout): the games of this match already in the PDN file (matched by
// Event, Round, the engines' names and colours, and the opening) count as played, and only the
// others are played, so a long match stopped part way goes on where it stopped. A game in the file
// that does not belong to the schedule is refused before any game starts.
//
// Openings: a ballot file (CSV `index,opening,status...`, barred lines skipped; see
// tests/data/ballots-*.csv) or a file with one FEN per line. Each opening is played twice with
// the colours reversed; order sequential or random (seeded).
//
// Variants: `-variant international` plays international draughts (10x10): every engine must list
// `Variant` with the value `international` in its `uci` reply and is sent
// `setoption name Variant value international` before its own options; the runner referees with
// intl::Game (no legal move loses; threefold repetition, the 25-move and 16-move rules draw),
// openings are 10x10 FENs or move lists from the 10x10 start, and the PDN says GameType 20.
// `-variant brazilian` is the same with brazil::Game, 8x8 openings and GameType 26.
//
// Protocols (`proto=`, tools/match/session.hpp): Tempo's own (`uci`, the default), Hub
// (`proto=hub cmd=...`: Scan and other Hub engines, every variant they declare) and DXP
// (`proto=dxp connect=HOST:PORT [cmd=...]`: 10x10 only, one game at a time; the runner connects
// as the Initiator, to an engine already listening or to one it starts).
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/result.hpp"
#include "tools/match/stats.hpp"
#include "tools/pdn/pdn.hpp"

namespace tempo::match {

struct EngineConfig {
    std::string name;
    std::string proto = "uci";      // proto=: uci (Tempo's protocol), hub or dxp
    std::string cmd;                // as given (dxp: optional, an engine to start before connecting)
    std::string host = "127.0.0.1";  // dxp: connect=HOST:PORT
    int port = 27531;
    bool connect_given = false;
    std::string path;               // resolved executable
    std::vector<std::string> args;  // arg=... words
    std::vector<std::pair<std::string, std::string>> options;  // option.Name=value
    // Limits: tc (base + increment, seconds), st (seconds per move), depth, nodes. Any may combine.
    std::optional<std::pair<double, double>> tc;
    std::optional<double> st;
    int depth = 0;
    std::uint64_t nodes = 0;
    int margin_ms = 200;  // timemargin=: grace beyond the time limit before a forfeit
    double timeout_s = 30;  // timeout=: how long an untimed search (depth, nodes) may be silent
};

struct Opening {
    std::string label;               // for the PDN Opening tag and messages
    std::string fen;                 // empty: the standard start
    std::vector<std::string> moves;  // from the ballot, checked legal
};

struct Settings {
    std::vector<EngineConfig> engines;
    int games = 2, rounds = 1, concurrency = 1;
    std::string openings_file;
    bool random_order = false;
    std::uint64_t seed = 1;
    std::string pdnout;
    bool resume = false;  // -resume: count the games already in `pdnout` and play only the rest
    std::optional<SprtSettings> sprt;
    std::string event = "tempo match";
    pdn::GameType variant = pdn::GameType::English;
};

// Reads the command line (everything after `tempo match`). The error is one line.
Result<Settings> parse_arguments(std::span<const std::string_view> args);

// Reads an openings file: a ballot CSV (by its header `index,opening,...`) or FENs, each checked
// by the rules of `variant`.
Result<std::vector<Opening>> load_openings(const std::string& path,
                                           pdn::GameType variant = pdn::GameType::English);

// Checks the engines (found, handshake, options) and the openings, then plays the match, writing
// progress and the final table to `out`. Returns the process exit code.
int run_match(Settings settings, std::FILE* out);

}  // namespace tempo::match
