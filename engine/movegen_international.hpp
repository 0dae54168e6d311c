// The flying-king games' move generation, by its old name: the kernel is movegen_flying.hpp and
// the public functions (generate_moves, has_capture, can_capture, count_moves) are movegen.hpp's,
// one template each over the rules trait, which `intl::` names as using-declarations.
#pragma once

#include "engine/movegen.hpp"
