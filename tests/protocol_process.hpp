// A running `tempo` protocol process for transcript tests: lines go to its stdin, its stdout is
// read line by line with deadlines, so a test can check what arrives and how fast.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

extern char** environ;

namespace testing {

class TempoProcess {
public:
    using Clock = std::chrono::steady_clock;

    TempoProcess() {
        int in[2], out[2];
        if (pipe(in) != 0 || pipe(out) != 0) return;
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, in[0], 0);
        posix_spawn_file_actions_adddup2(&actions, out[1], 1);
        for (int fd : {in[0], in[1], out[0], out[1]}) posix_spawn_file_actions_addclose(&actions, fd);
        std::string program = TEMPO_BINARY;
        char* argv[] = {program.data(), nullptr};
        ok_ = posix_spawn(&pid_, program.c_str(), &actions, nullptr, argv, environ) == 0;
        posix_spawn_file_actions_destroy(&actions);
        close(in[0]);
        close(out[1]);
        to_ = in[1];
        from_ = out[0];
        signal(SIGPIPE, SIG_IGN);
    }
    ~TempoProcess() {
        close_input();
        if (from_ >= 0) close(from_);
        if (pid_ > 0 && !exited_) {
            if (!wait_exit(std::chrono::milliseconds(3000))) {
                kill(pid_, SIGKILL);
                waitpid(pid_, nullptr, 0);
            }
        }
    }
    TempoProcess(const TempoProcess&) = delete;
    TempoProcess& operator=(const TempoProcess&) = delete;

    bool ok() const { return ok_; }

    // Writes raw bytes (a line needs its own '\n').
    void send_raw(std::string_view bytes) {
        while (!bytes.empty() && to_ >= 0) {
            const ssize_t n = write(to_, bytes.data(), bytes.size());
            if (n <= 0) return;
            bytes.remove_prefix(std::size_t(n));
        }
    }
    void send(std::string_view line) { send_raw(std::string(line) + "\n"); }
    void close_input() {
        if (to_ >= 0) close(to_);
        to_ = -1;
    }

    // The next line of output, or nothing if none arrives within `timeout`.
    std::optional<std::string> line(std::chrono::milliseconds timeout = std::chrono::milliseconds(5000)) {
        const auto deadline = Clock::now() + timeout;
        while (true) {
            if (const std::size_t nl = buffer_.find('\n'); nl != std::string::npos) {
                std::string l = buffer_.substr(0, nl);
                buffer_.erase(0, nl + 1);
                return l;
            }
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
            if (left.count() < 0 || from_ < 0) return std::nullopt;
            pollfd p{from_, POLLIN, 0};
            if (poll(&p, 1, int(left.count()) + 1) <= 0) continue;
            char buf[4096];
            const ssize_t n = read(from_, buf, sizeof buf);
            if (n <= 0) {
                close(from_);
                from_ = -1;
                return std::nullopt;
            }
            buffer_.append(buf, std::size_t(n));
        }
    }

    // Lines up to and including the first that starts with `prefix` (empty: not seen in time).
    std::vector<std::string> until(std::string_view prefix,
                                   std::chrono::milliseconds timeout = std::chrono::milliseconds(10000)) {
        std::vector<std::string> lines;
        const auto deadline = Clock::now() + timeout;
        while (true) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
            auto l = line(std::max(left, std::chrono::milliseconds(0)));
            if (!l) return {};
            lines.push_back(*l);
            if (l->starts_with(prefix)) return lines;
        }
    }

    // Sends `isready` and returns every line before `readyok` (the replies to what came before).
    std::vector<std::string> sync() {
        send("isready");
        std::vector<std::string> lines = until("readyok");
        if (!lines.empty()) lines.pop_back();
        else lines.push_back("<no readyok>");
        return lines;
    }

    // Waits for the process to end; its exit status, or nothing before the timeout.
    bool wait_exit(std::chrono::milliseconds timeout, int* status = nullptr) {
        const auto deadline = Clock::now() + timeout;
        while (Clock::now() < deadline) {
            int st = 0;
            const pid_t r = waitpid(pid_, &st, WNOHANG);
            if (r == pid_) {
                exited_ = true;
                if (status) *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
                return true;
            }
            usleep(1000);
        }
        return false;
    }

private:
    bool ok_ = false;
    bool exited_ = false;
    pid_t pid_ = -1;
    int to_ = -1, from_ = -1;
    std::string buffer_;
};

inline long long ms_since(TempoProcess::Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(TempoProcess::Clock::now() - t).count();
}

}  // namespace testing
