// Search parameters by name, for matches that tune the search against other engines.
//
// `tune` reads a list of `name=value` pairs (separated by commas or spaces) and sets the named
// fields of search::Options, so that one binary can play several search settings: the protocol's
// `SearchTune` option (a match against another engine sets it per engine) and `tempo_spar`'s
// `--base`/`--test` use it. An unknown name or a value out of range is refused with a message that
// names it, and then nothing is changed.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "engine/result.hpp"
#include "search/search.hpp"

namespace tempo::search {

// One tunable parameter: its name, its range, and how it is read and written.
struct TuneParam {
    std::string_view name;
    int min, max;
    int (*get)(const Options&);
    void (*set)(Options&, int);
    std::string_view help;
};

// Every parameter `tune` knows, in a fixed order.
std::span<const TuneParam> tune_params();

// `base` with the pairs of `spec` applied, left to right; an empty spec gives `base` back.
Result<Options> tune(const Options& base, std::string_view spec);

// The value of every parameter in `o`, as `name=value` pairs separated by spaces.
std::string describe_tuning(const Options& o);

}  // namespace tempo::search
