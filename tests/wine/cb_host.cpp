// A CheckerBoard-like host for the Windows DLLs, cross-compiled with mingw-w64 and run under
// Wine by scripts/test-windows.sh: LoadLibrary, GetProcAddress of the three undecorated names,
// then one whole game from the start position through getmove (every board checked to be one
// legal move by Tempo's own move generator), a few commands, and a playnow that must end a long
// search within 50 ms. Prints what it did; exit code 0 only when every check passed.
//   cb_host.exe path\to\tempo64.dll
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "engine/game.hpp"
#include "engine/notation.hpp"

#ifndef NOMINMAX  // (libstdc++ for mingw may have defined it)
#define NOMINMAX
#endif
#include <windows.h>

using namespace tempo;

namespace {

struct Coor {
    int x, y;
};
struct CbMove {
    int jumps, newpiece, oldpiece;
    Coor from, to;
    Coor path[12], del[12];
    int delpiece[12];
};
using GetMove = int(WINAPI*)(int[8][8], int, double, char*, int*, int, int, CbMove*);
using EngineCommand = int(WINAPI*)(const char*, char*);
using IsLegal = int(WINAPI*)(int[8][8], int, int, int, CbMove*);

int failures = 0;
void check(bool ok, const std::string& what) {
    if (!ok) {
        ++failures;
        std::printf("FAILED: %s\n", what.c_str());
    }
}

// hosts.md 1.3: square n at y = (n-1)/4, x = 2*(3 - (n-1)%4) + y%2; 1 white, 2 black, 4 man, 8 king.
void to_board(const Position& p, int b[8][8]) {
    std::memset(b, 0, sizeof(int) * 64);
    for (int n = 1; n <= 32; ++n) {
        const Bitboard bit = Bitboard{1} << Geo::bit_of(n - 1);
        const int s = n - 1, y = s / 4, x = 2 * (3 - s % 4) + y % 2;
        const int kind = (p.kings() & bit) ? 8 : 4;
        if (p.pieces(Color::Black) & bit) b[x][y] = 2 | kind;
        if (p.pieces(Color::White) & bit) b[x][y] = 1 | kind;
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::printf("usage: cb_host.exe ENGINE.dll\n");
        return 2;
    }
    HMODULE dll = LoadLibraryA(argv[1]);
    if (!dll) {
        std::printf("FAILED: LoadLibrary(%s): error %lu\n", argv[1], GetLastError());
        return 1;
    }
    const auto getmove = reinterpret_cast<GetMove>(reinterpret_cast<void*>(GetProcAddress(dll, "getmove")));
    const auto command = reinterpret_cast<EngineCommand>(reinterpret_cast<void*>(GetProcAddress(dll, "enginecommand")));
    const auto islegal = reinterpret_cast<IsLegal>(reinterpret_cast<void*>(GetProcAddress(dll, "islegal")));
    if (!getmove || !command || !islegal) {
        std::printf("FAILED: GetProcAddress: getmove %p, enginecommand %p, islegal %p\n",
                    reinterpret_cast<void*>(getmove), reinterpret_cast<void*>(command),
                    reinterpret_cast<void*>(islegal));
        return 1;
    }
    char reply[1024];
    auto ask = [&](const std::string& c) {
        std::memset(reply, 0, sizeof reply);
        const int r = command(c.c_str(), reply);
        std::printf("enginecommand(\"%s\") = %d: %s\n", c.c_str(), r, reply);
        return r;
    };
    check(ask("name") == 1 && std::strncmp(reply, "Tempo", 5) == 0, "name");
    check(ask("get gametype") == 1 && std::string(reply) == "21", "get gametype");
    check(ask("help") == 1 && std::string(reply) == "tempo_help.htm", "help");
    check(ask("about") == 1, "about");
    check(ask("set hashsize 32") == 1, "set hashsize");
    check(ask("get movelist B:W1:B") == 1 && std::string(reply) == "movelist 0", "get movelist B:W1:B");
    check(ask("frobnicate") == 0 && std::string(reply) == "?", "unknown command");

    // One game from the start: the book (level 2), then searches of 0.05 s.
    std::vector<Position> positions{Position::start()};
    int plies = 0;
    double longest = 0;
    for (; plies < 200; ++plies) {
        const Position& p = positions.back();
        const std::vector<Move> legal = legal_moves(p);
        if (legal.empty() || p.quiet_plies() >= 80) break;
        int repeats = 0;
        for (const Position& q : positions) repeats += q == p;
        if (repeats >= 3) break;
        ask("set gamehist " + to_fen(p));
        int board[8][8];
        to_board(p, board);
        char str[1024] = "";
        int playnow = 0;
        CbMove m{};
        const auto start = std::chrono::steady_clock::now();
        const int result = getmove(board, p.side_to_move() == Color::White ? 1 : 2, 0.05, str, &playnow,
                                   plies % 2 ? 2 : 0, 0, &m);
        const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        longest = took > longest ? took : longest;
        int matches = 0;
        Position next;
        for (const Move& mv : legal) {
            int after[8][8];
            to_board(p.after(mv), after);
            if (std::memcmp(after, board, sizeof after) == 0) {
                ++matches;
                next = p.after(mv);
            }
        }
        std::printf("ply %d: result %d, %.3f s, %s\n", plies + 1, result, took, str);
        check(matches == 1, "ply " + std::to_string(plies + 1) + ": the board is one legal move away");
        check(took < 0.05 * 1.5 + 0.03, "ply " + std::to_string(plies + 1) + ": maxtime kept");
        if (matches != 1) break;
        positions.push_back(next);
    }
    std::printf("game over after %d plies; longest move %.3f s\n", plies, longest);
    check(plies >= 10, "a game of at least 10 plies");

    // Play now, from another thread, during a 30-second search.
    {
        int board[8][8];
        to_board(Position::start(), board);
        ask("set book 0");
        char str[1024] = "";
        int playnow = 0;
        CbMove m{};
        std::chrono::steady_clock::time_point set_at;
        std::thread gui([&] {
            Sleep(300);
            set_at = std::chrono::steady_clock::now();
            *static_cast<volatile int*>(&playnow) = 1;
        });
        getmove(board, 2, 30.0, str, &playnow, 0, 0, &m);
        const auto back = std::chrono::steady_clock::now();
        gui.join();
        const double late = std::chrono::duration<double>(back - set_at).count();
        std::printf("playnow answered after %.3f s: %s\n", late, str);
        check(late < 0.05, "playnow within 50 ms");
    }
    std::printf(failures ? "%d check(s) FAILED\n" : "all checks passed\n", failures);
    return failures ? 1 : 0;
}
