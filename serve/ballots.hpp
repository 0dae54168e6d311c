// The English three-move ballots (the ACF deck of 156 openings played crossboard or by mail), read
// from tests/data/ballots-english-3move.csv, which is built into the program; the barred openings
// are left out. For the page's "new game from a ballot".
#pragma once

#include <string>
#include <vector>

namespace tempo::serve {

struct Ballot {
    int number = 0;                  // the ACF number
    std::vector<std::string> moves;  // three moves in PDN numbers, Black first
};

const std::vector<Ballot>& english_ballots();

}  // namespace tempo::serve
