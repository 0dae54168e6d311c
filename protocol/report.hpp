// Report: the text of the engine's replies that need a position to be written (moves, lines,
// the board, the evaluation's terms). Pure functions of their arguments.
#pragma once

#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "engine/international.hpp"
#include "engine/position.hpp"
#include "search/search.hpp"

namespace tempo::protocol {

// `cp X` or `mate N` (UCI moves: a win in N of the side to move's moves; negative: a loss).
std::string score_text(search::Score s);

// Moves played one after the other from `p`, as text separated by spaces (P: either board).
template <class P>
std::string line_text(P p, const std::vector<Move>& moves, Notation n);

// `info depth … pv …` for one line of a search.
template <class P>
std::string info_line(const P& root, const search::Info& info, int multipv, Notation n);

// `status ongoing black to move`, `status white-wins no-legal-moves`, `status draw repetition`…
// (the reasons of both variants).
std::string status_line(const Status& s);

// Each evaluation term's part of the score (name, centi-men), then ("total", the score). The
// position must be quiet (no capture pending). English only.
std::vector<std::pair<std::string, search::Score>> eval_terms(const Position& p);

}  // namespace tempo::protocol
