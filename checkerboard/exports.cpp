// The three functions CheckerBoard looks up by name. Nothing may escape them: a C host cannot
// catch a C++ exception, so each one answers with a message instead.
#include <cstring>
#include <string_view>

#include "checkerboard/cb_api.hpp"
#include "checkerboard/library.hpp"

namespace {
// Commands longer than this are not commands (CheckerBoard's longest is `set gamehist` of a long
// game: a few kilobytes).
constexpr std::size_t MaxCommand = std::size_t(1) << 20;
}  // namespace

extern "C" {

int TEMPO_CB_CALL getmove(int board[8][8], int color, double maxtime, char str[1024], int* playnow, int info,
                          int moreinfo, CBmove* move) {
    try {
        return tempo::cb::library().getmove(board, color, maxtime, str, playnow, info, moreinfo, move);
    } catch (...) {
        if (str) std::strcpy(str, "Tempo: could not start");
        return tempo::cb::Unknown;
    }
}

int TEMPO_CB_CALL enginecommand(const char* command, char* reply) {
    try {
        if (!command) {
            if (reply) std::strcpy(reply, "?");
            return 0;
        }
        const std::size_t n = strnlen(command, MaxCommand);
        return tempo::cb::library().command(std::string_view(command, n), reply);
    } catch (...) {
        if (reply) std::strcpy(reply, "error: could not start");
        return 0;
    }
}

int TEMPO_CB_CALL islegal(int board[8][8], int color, int from, int to, CBmove* move) {
    try {
        return tempo::cb::library().islegal(board, color, from, to, move);
    } catch (...) {
        return 0;
    }
}

}  // extern "C"
