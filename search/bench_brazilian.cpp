// The bench of Brazilian draughts, `tempo bench --variant brazilian`: six fixed positions searched
// by run_bench (bench_run.hpp). It guards the Brazilian search and evaluation; the English bench
// stays the one quoted as `Bench: N`.
#include <initializer_list>
#include <vector>

#include "engine/brazilian.hpp"
#include "search/bench_run.hpp"
#include "search/search.hpp"

namespace tempo::search {

namespace {

brazil::Position fen(const char* text, std::initializer_list<const char*> moves = {}) {
    return bench_position<brazil::Cbd>(text, moves);
}

}  // namespace

template <>
std::vector<BenchEntry<brazil::Position>> bench_positions<brazil::Cbd>() {
    return {
        {"start", brazil::Position::start()},
        {"opening 22-18 11-15 18x11 8x15", fen("W:W21-32:B1-12", {"22-18", "11-15", "18x11", "8x15"})},
        {"middle game", fen("W:W17,21,22,24,25,27,28,30,31,32:B1,2,3,5,6,9,10,11,13,15")},
        {"kings and men", fen("W:W26,27,K20:B6,7,K29")},
        {"men race", fen("B:W21,23,26:B5,10,12")},
        {"three kings against one on the main road", fen("W:WK1,K2,K3:BK29")},
    };
}

template BenchResult run_bench<brazil::Cbd>(int, std::ostream&);

}  // namespace tempo::search
