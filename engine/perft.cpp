// English draughts' perft: the board of perft_board.hpp for the WCDF rules, instantiated here so
// that the English counting code is a translation unit of its own.
#include "engine/perft.hpp"

#include "engine/perft_board.hpp"
#include "engine/perft_driver.hpp"

namespace tempo {

std::uint64_t perft(const Position& p, int depth, Routes routes) {
    return detail::count_below<detail::PerftBoard<Wcdf>>(p, depth, routes);
}

PerftResult perft_divide(const Position& p, const PerftOptions& options,
                         const std::function<void(const DivideLine&, std::size_t, std::size_t)>&
                             on_root_done) {
    return detail::divide<detail::PerftBoard<Wcdf>>(p, options, on_root_done);
}

}  // namespace tempo
