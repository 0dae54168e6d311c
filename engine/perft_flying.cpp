// The flying-king games' perft (international draughts, Brazilian draughts): the board of
// perft_board.hpp for their traits. One convention, equal moves counted once: the `routes`
// arguments are ignored and a divide has one line per move.
#include "engine/brazilian.hpp"
#include "engine/perft.hpp"
#include "engine/perft_board.hpp"

namespace tempo {

template std::uint64_t perft(const BasicPosition<intl::Fmjd>&, int, Routes);
template PerftResult perft_divide(const BasicPosition<intl::Fmjd>&, const PerftOptions&, const OnRootDone&);

template std::uint64_t perft(const BasicPosition<brazil::Cbd>&, int, Routes);
template PerftResult perft_divide(const BasicPosition<brazil::Cbd>&, const PerftOptions&, const OnRootDone&);

}  // namespace tempo
