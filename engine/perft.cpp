#include "engine/perft.hpp"

namespace tempo {

template <Color Us, Routes R>
static std::uint64_t perft_plain(const Position& p, int depth) {
    if (depth == 1) return movegen::count<Us, R>(p);
    MoveList list;
    movegen::generate<Us>(p, list);
    std::uint64_t n = 0;
    for (const Move& m : list) {
        const std::uint64_t c = perft_plain<~Us, R>(p.after<Us>(m), depth - 1);
        n += R == Routes::Keep ? c * m.routes : c;
    }
    return n;
}

std::uint64_t perft(const Position& p, int depth, Routes routes) {
    if (depth <= 0) return 1;
    if (p.side_to_move() == Color::Black)
        return routes == Routes::Keep ? perft_plain<Color::Black, Routes::Keep>(p, depth)
                                      : perft_plain<Color::Black, Routes::Drop>(p, depth);
    return routes == Routes::Keep ? perft_plain<Color::White, Routes::Keep>(p, depth)
                                  : perft_plain<Color::White, Routes::Drop>(p, depth);
}

}  // namespace tempo
