// Reading the move list of `position … moves`, where a capture may arrive one jump per word.
//
// Each word is first read as a whole move (parse_move: steps, captures from-to, captures with
// every landing). A word that is no legal move but is a capture's first part (`c3xe5` when the
// piece must jump on) is joined with the next words while each starts where the last landed,
// until the route is exactly one legal capture: `c3xe5 e5xc7` is `c3xe5xc7`. A word that is a
// complete move is always that move, so joining never changes the meaning of a valid list.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "engine/result.hpp"
#include "protocol/variant.hpp"

namespace tempo::protocol {

// The moves `words` play from `start`, in order; the error names the first bad word and its
// place in the list ("move 3 'c3xe5': …"). For both variants (English, International).
template <class V>
Result<std::vector<Move>> read_moves(const typename V::Position& start, std::span<const std::string> words);

// The English reader, for callers that hold an 8x8 position (the fuzz target).
inline Result<std::vector<Move>> read_moves(const Position& start, std::span<const std::string> words) {
    return read_moves<English>(start, words);
}

}  // namespace tempo::protocol
