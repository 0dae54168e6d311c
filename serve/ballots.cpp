#include "serve/ballots.hpp"

#include <charconv>
#include <sstream>

#include "serve/assets.hpp"

namespace tempo::serve {

// Lines `index,opening,status,tough` after `#` comments and the header; the opening's three
// moves are separated by spaces.
const std::vector<Ballot>& english_ballots() {
    static const std::vector<Ballot> list = [] {
        std::vector<Ballot> out;
        const Asset* csv = find_asset("/data/ballots-english-3move.csv");
        if (!csv) return out;
        std::istringstream in{std::string(csv->text())};
        for (std::string line; std::getline(in, line);) {
            if (line.empty() || line[0] == '#' || line.starts_with("index")) continue;
            std::istringstream fields(line);
            std::string number, opening, status;
            std::getline(fields, number, ',');
            std::getline(fields, opening, ',');
            std::getline(fields, status, ',');
            if (status == "barred") continue;
            Ballot b;
            std::from_chars(number.data(), number.data() + number.size(), b.number);
            std::istringstream words(opening);
            for (std::string w; words >> w;) b.moves.push_back(w);
            if (b.moves.size() == 3) out.push_back(std::move(b));
        }
        return out;
    }();
    return list;
}

}  // namespace tempo::serve
