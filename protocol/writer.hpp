// Writer: the one way to stdout. Each call writes one whole line and flushes it, under a mutex, so
// the search thread's `info`/`bestmove` and the reading thread's replies never mix within a line.
#pragma once

#include <cstdio>
#include <mutex>
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

}  // namespace tempo::protocol
