// The bench of international draughts, `tempo bench --variant international`: eight fixed
// positions (the start, an opening, middle games including the Woldouby position of the perft
// tables and a shot, endgames with kings), searched by run_bench (bench_run.hpp). The English
// bench stays the regression guard of `Bench: N`; this one guards the 10x10 search and evaluation.
#include <initializer_list>
#include <string>
#include <vector>

#include "engine/notation_international.hpp"
#include "search/bench_run.hpp"
#include "search/search.hpp"

namespace tempo::search {

namespace {

intl::Position fen(const char* text, std::initializer_list<const char*> moves = {}) {
    return bench_position<intl::Fmjd>(text, moves);
}

}  // namespace

template <>
std::vector<BenchEntry<intl::Position>> bench_positions<intl::Fmjd>() {
    return {
        {"start", intl::Position::start()},
        {"opening 32-28 18-23 37-32 12-18", fen("W:W31-50:B1-20", {"32-28", "18-23", "37-32", "12-18"})},
        {"Woldouby (perft tables)", fen("W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26")},
        {"closed middle game",
         fen("B:W26,27,28,31,32,33,34,36,37,38,40,42,43,47:B6,8,9,11,12,13,14,16,17,18,19,21,23,24")},
        {"shot 29-23, three for one",
         fen("W:W29,30,36,37,41,42,44,45,46,48:B1,3,6,8,11,16,21,22,28,32")},
        {"kings and men", fen("W:W33,38,43,K30:B12,16,17,K6")},
        {"men race", fen("B:W28,34,40,45:B6,11,17,25")},
        {"three kings against one", fen("W:WK1,K3,K49:BK28")},  // the lone king on the main road
    };
}

template BenchResult run_bench<intl::Fmjd>(int, std::ostream&);

}  // namespace tempo::search
