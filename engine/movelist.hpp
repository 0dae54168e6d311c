// What the move generators of both boards share: the move list and the diagonal steps of each
// colour, written once over the board's size (movegen_short.hpp, movegen_flying.hpp), and the
// Routes convention of the move counts.
//
// BasicMoveList<N> is a fixed array of N moves and a count: no heap, and nothing to construct
// (Move is trivial, the array is left uninitialised). A board picks N above the most legal moves
// any of its positions can have; a push beyond it is dropped. Steps<Geometry, Us> gives the shifts
// (bitboard.hpp) of a colour's forward steps F1, F2 and backward steps B1, B2: Black moves down
// the board, towards the higher square numbers, White up.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/position.hpp"

namespace tempo {

// Whether perft and move counts count each jump order of a king capture (the Bik/OEIS convention)
// or each distinct (from, to, captured) once (the dctl convention).
enum class Routes : std::uint8_t { Keep, Drop };

template <std::size_t N>
class BasicMoveList {
public:
    static constexpr std::size_t Capacity = N;

    void clear() { size_ = 0; }
    void push(const Move& m) {
        if (size_ < Capacity) moves_[size_++] = m;
    }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    Move& operator[](std::size_t i) { return moves_[i]; }
    const Move& operator[](std::size_t i) const { return moves_[i]; }
    Move* begin() { return moves_.data(); }
    Move* end() { return moves_.data() + size_; }
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }

private:
    std::array<Move, Capacity> moves_;  // left uninitialised: Move is trivial
    std::size_t size_ = 0;
};

template <class Geo, Color Us>
struct Steps {
    static constexpr int sign = Us == Color::Black ? 1 : -1;
    static constexpr int F1 = sign * Geo::down_left, F2 = sign * Geo::down_right;
    static constexpr int B1 = -F1, B2 = -F2;
};

}  // namespace tempo
