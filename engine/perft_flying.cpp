// The flying-king games' perft (international draughts, Brazilian draughts): the board of
// perft_board.hpp for their traits. One convention, equal moves counted once: `options.routes`
// is ignored and a divide has one line per move.
#include "engine/brazilian.hpp"
#include "engine/perft_board.hpp"
#include "engine/perft_driver.hpp"
#include "engine/perft_international.hpp"

namespace tempo {

std::uint64_t intl::perft(const intl::Position& p, int depth) {
    return detail::count_below<detail::PerftBoard<intl::Fmjd>>(p, depth, Routes::Drop);
}

PerftResult intl::perft_divide(const intl::Position& p, const PerftOptions& options,
                               const std::function<void(const DivideLine&, std::size_t, std::size_t)>&
                                   on_root_done) {
    return detail::divide<detail::PerftBoard<intl::Fmjd>>(p, options, on_root_done);
}

std::uint64_t brazil::perft(const brazil::Position& p, int depth) {
    return detail::count_below<detail::PerftBoard<brazil::Cbd>>(p, depth, Routes::Drop);
}

PerftResult brazil::perft_divide(const brazil::Position& p, const PerftOptions& options,
                                 const std::function<void(const DivideLine&, std::size_t, std::size_t)>&
                                     on_root_done) {
    return detail::divide<detail::PerftBoard<brazil::Cbd>>(p, options, on_root_done);
}

}  // namespace tempo
