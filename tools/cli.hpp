// The command line of `tempo`: the subcommand table and strict option reading.
//
// `tempo` is one executable. With no arguments it runs the protocol loop (protocol/PROTOCOL.md);
// otherwise the first argument names a subcommand from the table in main.cpp, and that
// subcommand gets the remaining arguments. Adding a tool (bench, match, play, book) is one
// function and one line in the table.
//
// Options are read strictly: an unknown option, a missing or malformed value, or a number out of
// range ends the program with exit code 2 (`ExitUsage`) and one line on stderr that names the
// problem; nothing is written to stdout then. Values are given as `--name value` or
// `--name=value`. The reader never throws and never exits: it returns a `Result`, and the
// subcommand decides what to print.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/result.hpp"

namespace tempo::cli {

inline constexpr int ExitOk = 0;
inline constexpr int ExitFailure = 1;  // the work itself failed
inline constexpr int ExitUsage = 2;    // bad options or input: nothing was done

using Args = std::span<const std::string_view>;

// One subcommand: `tempo <name> args...`; `run` gets the arguments after the name.
struct Subcommand {
    std::string_view name;
    std::string_view summary;  // one line for `tempo --help`
    int (*run)(Args args);
};

// The subcommands (each in its own file).
int perft_main(Args args);
int bench_main(Args args);
int selfplay_main(Args args);
int match_main(Args args);
int play_main(Args args);
int pdn_main(Args args);
int book_main(Args args);
int egdb_main(Args args);
int datagen_main(Args args);
int analyse_main(Args args);
int hub_main(Args args);
int dxp_main(Args args);
int serve_main(Args args);

// Print "tempo <command>: <message> (see 'tempo <command> --help')" on stderr; returns ExitUsage.
int usage_error(std::string_view command, std::string_view message);

// Reads `--name value` / `--name=value` / `--flag` words from an argument list, left to right.
class OptionReader {
public:
    explicit OptionReader(Args args) : args_(args) {}

    bool done() const { return next_ >= args_.size(); }

    // Move to the next word. Returns its option name ("--depth" for "--depth=5"), or an error for
    // a word that is not an option (a stray positional argument).
    Result<std::string_view> next_option() {
        const std::string_view word = args_[next_++];
        inline_value_.reset();
        if (word.size() < 2 || word[0] != '-') return Error{"unexpected argument '" + std::string(word) + "'"};
        if (const std::size_t eq = word.find('='); eq != std::string_view::npos && word.starts_with("--")) {
            inline_value_ = word.substr(eq + 1);
            return word.substr(0, eq);
        }
        return word;
    }

    // The value of the option just read: its `=value` part, or else the next word.
    Result<std::string_view> value(std::string_view option) {
        if (inline_value_) {
            if (inline_value_->empty()) return Error{std::string(option) + " needs a value"};
            return *inline_value_;
        }
        if (done() || args_[next_].starts_with("--"))
            return Error{std::string(option) + " needs a value"};
        return args_[next_++];
    }

    // For a flag: an error when it was given a value with `=`.
    Result<bool> flag(std::string_view option) const {
        if (inline_value_) return Error{std::string(option) + " takes no value"};
        return true;
    }

private:
    Args args_;
    std::size_t next_ = 0;
    std::optional<std::string_view> inline_value_;
};

// A whole number in [lo, hi], written in plain decimal digits (an optional leading '-').
inline Result<std::int64_t> parse_number(std::string_view option, std::string_view text,
                                         std::int64_t lo, std::int64_t hi) {
    std::int64_t v = 0;
    const char* const end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, v);
    const std::string shown = std::string(option) + " '" + std::string(text) + "'";
    if (text.empty() || ptr != end || ec == std::errc::invalid_argument)
        return Error{shown + " is not a number"};
    if (ec == std::errc::result_out_of_range || v < lo || v > hi)
        return Error{shown + " is out of range " + std::to_string(lo) + ".." + std::to_string(hi)};
    return v;
}

// Whether any word asks for help; help wins over everything else on the line.
inline bool wants_help(Args args) {
    for (std::string_view a : args)
        if (a == "--help" || a == "-h") return true;
    return false;
}

}  // namespace tempo::cli
