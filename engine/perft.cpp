// English draughts' perft: the board of perft_board.hpp for the WCDF rules, instantiated here so
// that the English counting code is a translation unit of its own.
#include "engine/perft.hpp"

#include "engine/perft_board.hpp"

namespace tempo {

template std::uint64_t perft(const BasicPosition<Wcdf>&, int, Routes);
template PerftResult perft_divide(const BasicPosition<Wcdf>&, const PerftOptions&, const OnRootDone&);

}  // namespace tempo
