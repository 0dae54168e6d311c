// Scores: centi-men from the side to move's point of view (a man is worth 100).
//
// Decisive scores sit at the two ends of the range: a win reached `ply` plies from the root is
// `Win - ply`, a loss `-Win + ply`, so a shorter win always scores higher and the distance can be
// read back exactly. Static evaluations stay far inside `±WinBound`. The endgame database
// (egdb.hpp) proves wins far beyond the search's own plies, so the decisive range is MaxPly +
// DatabasePlies wide.
//
// The transposition table is shared between positions reached at different plies, so it stores a
// decisive score relative to the node that stores it ("win in n plies from here") and converts it
// back on probing (`to_tt` / `from_tt`).
#pragma once

namespace tempo::search {

using Score = int;

inline constexpr int MaxPly = 128;  // deepest ply the search ever reaches, extensions included

inline constexpr Score Draw = 0;
inline constexpr Score Win = 30000;       // a win at the root itself (never seen: the root has moves)
inline constexpr Score Infinite = 32000;  // above every real score: the initial window
// How far beyond the search's plies an endgame database's distance may reach (egdb.hpp: one byte
// holds at most 253 plies; the longest 5-piece win takes 162).
inline constexpr int DatabasePlies = 256;
inline constexpr Score WinBound = Win - MaxPly - DatabasePlies;  // at or beyond this: decisive

constexpr Score win_in(int ply) { return Win - ply; }
constexpr Score loss_in(int ply) { return -Win + ply; }

constexpr bool is_win(Score s) { return s >= WinBound; }
constexpr bool is_loss(Score s) { return s <= -WinBound; }
constexpr bool is_decisive(Score s) { return is_win(s) || is_loss(s); }

// Plies from the root to the end of the game for a decisive score (0 otherwise).
constexpr int plies_to_end(Score s) {
    return is_win(s) ? Win - s : is_loss(s) ? Win + s : 0;
}

// A search score at `ply` as the table stores it: decisive scores counted from this node.
constexpr Score to_tt(Score s, int ply) {
    return is_win(s) ? s + ply : is_loss(s) ? s - ply : s;
}
// A stored score back to the root-relative form at `ply`.
constexpr Score from_tt(Score s, int ply) {
    return is_win(s) ? s - ply : is_loss(s) ? s + ply : s;
}

static_assert(from_tt(to_tt(win_in(7), 3), 5) == win_in(9), "a win in 4 from a node at ply 5");
static_assert(from_tt(to_tt(loss_in(6), 2), 2) == loss_in(6));
static_assert(plies_to_end(loss_in(11)) == 11 && plies_to_end(win_in(3)) == 3);
static_assert(-loss_in(4) == win_in(4));

}  // namespace tempo::search
