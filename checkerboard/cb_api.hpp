// The CheckerBoard engine API ("protocol version 2") as CheckerBoard 1.77 calls it: the piece
// codes, return values, `info` bits and the CBmove record, with the values of hosts.md section 1.2,
// and the three functions this library exports.
//
// Board layout (English): board[x][y], x the file 0..7, y the rank 0..7, y = 0 Black's back rank;
// the dark squares are those with x + y even, and PDN square n (1..32) is at y = (n-1)/4,
// x = 2*(3 - (n-1)%4) + y%2 (so 1 is (6,0), 4 is (0,0), 5 is (7,1), 32 is (1,7)).
//
// Calling convention: WINAPI, that is __stdcall on 32-bit Windows (the .def file exports the
// decorated functions under their plain names), nothing elsewhere.
#pragma once

#if defined(_WIN32)
#define TEMPO_CB_CALL __stdcall
#define TEMPO_CB_EXPORT
#else
#define TEMPO_CB_CALL
#define TEMPO_CB_EXPORT __attribute__((visibility("default")))
#endif

namespace tempo::cb {

inline constexpr int Free = 0;
inline constexpr int White = 1;
inline constexpr int Black = 2;
inline constexpr int Man = 4;
inline constexpr int King = 8;

// getmove's answer: the game's value for the side that moved, as far as the engine knows it.
inline constexpr int Draw = 0;
inline constexpr int Win = 1;
inline constexpr int Loss = 2;
inline constexpr int Unknown = 3;

// The book levels of `get/set book`.
inline constexpr int BookNone = 0;
inline constexpr int BookAllKinds = 1;
inline constexpr int BookGood = 2;
inline constexpr int BookBest = 3;

// getmove's `info` bits.
inline constexpr int ResetMoves = 1;     // legacy "new game"; `set gamehist` supersedes it
inline constexpr int ExactTime = 2;      // maxtime is a hard limit
inline constexpr int IncrTimeShift = 2;  // bits 2..3: 0 off, else the unit of moreinfo (1 ms, 10 ms, 100 ms)

inline constexpr int GameTypeEnglish = 21;
inline constexpr int ProtocolVersion = 2;

// Reply buffers: 1024 bytes by the header, but CheckerBoard passes 256-byte buffers for most
// commands; only these three may use the long one.
inline constexpr int LongReply = 1024;   // about, staticevaluation, get movelist
inline constexpr int ShortReply = 256;   // everything else
inline constexpr int StatusSize = 1024;  // getmove's str

}  // namespace tempo::cb

extern "C" {

struct coor {
    int x;
    int y;
};

struct CBmove {
    int jumps;        // pieces captured (0 for a step)
    int newpiece;     // the piece code that lands on `to` (a crowned man is a king there)
    int oldpiece;     // the piece code that leaves `from`
    coor from, to;
    coor path[12];    // path[1..jumps]: the landing square of each jump
    coor del[12];     // del[0..jumps-1]: the captured squares, in jump order
    int delpiece[12]; // their piece codes
};

// Plays a move: `board` in, the board after the move out; see checkerboard/library.hpp.
TEMPO_CB_EXPORT int TEMPO_CB_CALL getmove(int board[8][8], int color, double maxtime, char str[1024],
                                          int* playnow, int info, int moreinfo, struct CBmove* move);
// Options and queries, one command per call; 1 if handled, 0 (reply "?" or a reason) if not.
TEMPO_CB_EXPORT int TEMPO_CB_CALL enginecommand(const char* command, char* reply);
// Whether the move from square `from` to square `to` (1..32) is legal; fills `move` if it is.
TEMPO_CB_EXPORT int TEMPO_CB_CALL islegal(int board[8][8], int color, int from, int to, struct CBmove* move);
}
