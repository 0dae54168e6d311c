#include <catch2/catch.hpp>

#include "engine/movegen.hpp"
#include "engine/perft.hpp"

using namespace tempo;

TEST_CASE("start position has seven moves for Black", "[movegen]") {
    MoveList list;
    generate_moves(Position::start(), list);
    CHECK(list.size() == 7);
    CHECK(count_moves(Position::start()) == 7);
}
