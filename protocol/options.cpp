#include "protocol/options.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>

#include "protocol/command.hpp"
#include "search/egdb.hpp"
#include "search/tuning.hpp"

namespace tempo::protocol {

namespace {

enum class Kind { Spin, Check, Combo, String, Button };

struct Spec {
    std::string_view name;
    Kind kind;
    std::string_view fallback;  // the default, as `uci` prints it
    int min = 0, max = 0;
    std::array<std::string_view, 3> words{};  // a combo's values (unused ones empty)
};

constexpr std::array<Spec, 20> Table{{
    {"Hash", Kind::Spin, "16", 1, 4096, {}},
    {"Threads", Kind::Spin, "1", 1, 64, {}},
    {"MultiPV", Kind::Spin, "1", 1, 32, {}},
    {"Ponder", Kind::Check, "false", 0, 0, {}},
    {"Move Overhead", Kind::Spin, "10", 0, 5000, {}},
    {"Skill Level", Kind::Spin, "20", 0, 20, {}},
    {"FirstMove", Kind::Combo, "black", 0, 0, {"black", "white"}},
    {"Notation", Kind::Combo, "numbers", 0, 0, {"numbers", "names"}},
    {"Variant", Kind::Combo, variant_name(Variant::English), 0, 0, {VariantNames[0], VariantNames[1], VariantNames[2]}},
    {"OwnBook", Kind::Check, "true", 0, 0, {}},
    {"BookFile", Kind::String, "", 0, 0, {}},
    {"BookVariety", Kind::Spin, "0", 0, 1000, {}},
    {"EGDB", Kind::Check, "true", 0, 0, {}},
    {"EGDBPieces", Kind::Spin, "4", 2, 5, {}},
    {"EGDBFile", Kind::String, "", 0, 0, {}},
    {"Evaluation", Kind::Combo, "network", 0, 0, {"network", "classic"}},
    {"EvalFile", Kind::String, "", 0, 0, {}},
    {"EvalFileInternational", Kind::String, "", 0, 0, {}},
    {"SearchTune", Kind::String, "", 0, 0, {}},
    {"Clear Hash", Kind::Button, "", 0, 0, {}},
}};

char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

bool same_text(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                              [](char x, char y) { return lower(x) == lower(y); });
}

}  // namespace

std::vector<std::string> option_lines() {
    std::vector<std::string> lines;
    for (const Spec& s : Table) {
        std::string l = "option name " + std::string(s.name) + " type ";
        switch (s.kind) {
        case Kind::Spin:
            l += "spin default " + std::string(s.fallback) + " min " + std::to_string(s.min) +
                 " max " + std::to_string(s.max);
            break;
        case Kind::Check: l += "check default " + std::string(s.fallback); break;
        case Kind::Combo:
            l += "combo default " + std::string(s.fallback);
            for (std::string_view w : s.words)
                if (!w.empty()) l += " var " + std::string(w);
            break;
        case Kind::String: l += "string default <empty>"; break;
        case Kind::Button: l += "button"; break;
        }
        lines.push_back(std::move(l));
    }
    return lines;
}

Result<Changed> set_option(Options& o, std::string_view name, const std::optional<std::string>& value) {
    const auto spec = std::find_if(Table.begin(), Table.end(),
                                   [&](const Spec& s) { return same_text(s.name, name); });
    if (spec == Table.end()) return Error{"unknown option '" + quoted(name) + "'"};
    const std::string shown = std::string(spec->name);
    if (spec->kind == Kind::Button) {
        if (value) return Error{"option " + shown + " is a button and takes no value"};
        return Changed::ClearHash;
    }
    if (!value) return Error{"option " + shown + " needs a value"};
    const std::string_view v = *value;

    switch (spec->kind) {
    case Kind::Spin: {
        int n = 0;
        const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
        if (v.empty() || v.front() == '+' || ptr != v.data() + v.size() || ec == std::errc::invalid_argument)
            return Error{"option " + shown + " needs a number, not '" + quoted(v) + "'"};
        if (ec == std::errc::result_out_of_range || n < spec->min || n > spec->max)
            return Error{"option " + shown + " value " + quoted(v) + " is out of range " +
                         std::to_string(spec->min) + ".." + std::to_string(spec->max)};
        if (shown == "Hash") {
            o.hash_mb = n;
            return Changed::Hash;
        }
        if (shown == "EGDBPieces") {
            if (n == o.egdb_pieces) return Changed::Value;
            o.egdb_pieces = n;
            return Changed::Egdb;
        }
        (shown == "Threads"         ? o.threads
         : shown == "MultiPV"       ? o.multipv
         : shown == "Move Overhead" ? o.move_overhead
         : shown == "BookVariety"   ? o.book_variety
                                    : o.skill) = n;
        return Changed::Value;
    }
    case Kind::Check: {
        const bool on = same_text(v, "true");
        if (!on && !same_text(v, "false"))
            return Error{"option " + shown + " needs true or false, not '" + quoted(v) + "'"};
        if (shown == "EGDB") {
            if (on == o.egdb) return Changed::Value;
            o.egdb = on;
            return Changed::Egdb;
        }
        (shown == "Ponder" ? o.ponder : o.own_book) = on;
        return Changed::Value;
    }
    case Kind::Combo: {
        const auto word = std::find_if(spec->words.begin(), spec->words.end(), [&](std::string_view w) {
            return !w.empty() && same_text(w, v);
        });
        if (word == spec->words.end()) {
            std::string allowed;
            for (std::string_view w : spec->words)
                if (!w.empty()) allowed += (allowed.empty() ? "" : ", ") + std::string(w);
            return Error{"option " + shown + " has no value '" + quoted(v) + "' (one of: " + allowed + ")"};
        }
        const bool first = word == spec->words.begin();
        if (shown == "FirstMove") o.first_to_move = first ? Color::Black : Color::White;
        if (shown == "Notation") o.notation = first ? Notation::Numbers : Notation::Names;
        if (shown == "Evaluation") {
            if (first == o.network) return Changed::Value;
            o.network = first;
            return Changed::Evaluation;
        }
        if (shown == "Variant") {
            const Variant chosen = *parse_variant(*word);
            if (chosen == o.variant) return Changed::Value;
            o.variant = chosen;
            return Changed::Variant;
        }
        return Changed::Value;
    }
    case Kind::String: {
        std::string text = v == "<empty>" ? std::string() : std::string(v);
        if (shown == "EGDBFile") {
            if (text == o.egdb_file) return Changed::Value;
            o.egdb_file = std::move(text);
            return Changed::Egdb;
        }
        if (shown == "SearchTune") {
            // Checked here, so that a bad list is refused and the options stay as they were.
            const Result<search::Options> tuned = search::tune(search::Options{}, text);
            if (!tuned) return Error{"option SearchTune: " + tuned.error()};
            o.search_tune = std::move(text);
            return Changed::Search;
        }
        if (shown == "EvalFile") {
            if (text == o.eval_file) return Changed::Value;
            o.eval_file = std::move(text);
            return Changed::Evaluation;
        }
        if (shown == "EvalFileInternational") {
            if (text == o.eval_file_intl) return Changed::Value;
            o.eval_file_intl = std::move(text);
            return Changed::Evaluation;
        }
        o.book_file = std::move(text);
        return Changed::Value;
    }
    case Kind::Button: break;
    }
    return Changed::Value;
}

}  // namespace tempo::protocol
