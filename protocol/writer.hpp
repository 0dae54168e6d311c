// Writer: the one way to stdout. Each call writes one whole line and flushes it, under a mutex, so
// the search thread's `info`/`bestmove` and the reading thread's replies never mix within a line.
#pragma once

#include <cstddef>
#include <cstdio>
#include <mutex>
#include <string>
#include <string_view>

namespace tempo::protocol {

class Writer {
public:
    explicit Writer(std::FILE* out) : out_(out) {}

    void line(std::string_view text) {
        const std::lock_guard lock(mutex_);
        std::fwrite(text.data(), 1, text.size(), out_);
        std::fputc('\n', out_);
        std::fflush(out_);
    }

private:
    std::mutex mutex_;
    std::FILE* out_;
};

// A peer's or a client's text quoted in a log line or a message: printable ASCII only (other
// bytes become '?'), at most `max` characters, "..." when cut.
inline std::string printable(std::string_view text, std::size_t max = 60) {
    std::string s;
    for (char c : text.substr(0, max)) {
        const auto u = static_cast<unsigned char>(c);
        s += (u < 0x20 || u >= 0x7f) ? '?' : c;
    }
    if (text.size() > max) s += "...";
    return s;
}

// The longest input line a loop reads; a longer one is dropped whole and reported.
inline constexpr std::size_t MaxLine = 65536;

// Reads `in` line by line until its end or until `on_line` returns false: each line (without its
// newline) goes to `on_line(line)`, a line longer than MaxLine to `on_too_long()` instead. Returns
// whether the input ended (false: `on_line` asked to stop).
template <class OnLine, class OnTooLong>
bool read_lines(std::FILE* in, OnLine on_line, OnTooLong on_too_long) {
    std::string line;
    bool too_long = false;
    while (true) {
        const int c = std::fgetc(in);
        if (c == EOF || c == '\n') {
            if (too_long)
                on_too_long();
            else if (!on_line(line))
                return false;
            line.clear();
            too_long = false;
            if (c == EOF) return true;
            continue;
        }
        if (line.size() >= MaxLine) too_long = true;
        else line += char(c);
    }
}

}  // namespace tempo::protocol
