// A child process spoken to over pipes: lines to its stdin, lines from its stdout, each read with
// a deadline, so a match can tell an engine that answers from one that has crashed or hangs.
//
// posix_spawn starts the child with stdin and stdout on pipes and stderr on /dev/null; reading
// polls with a timeout; SIGPIPE is ignored, so writing to a dead engine fails instead of killing
// the runner. The destructor kills the child if it is still running and reaps it.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace tempo::match {

// Finds an executable: a path with a '/' as given, otherwise through PATH. Empty when none.
std::string find_executable(const std::string& command);

class Process {
public:
    using Clock = std::chrono::steady_clock;
    enum class Read { Line, Timeout, Closed };

    Process() = default;
    ~Process();
    Process(const Process&) = delete;
    Process& operator=(const Process&) = delete;

    // Starts `argv[0]` (a resolved path) with those arguments; false (and `error()`) on failure.
    // With `pipes` false the child's stdin and stdout are /dev/null too (an engine spoken to
    // some other way, over a socket).
    bool start(const std::vector<std::string>& argv, bool pipes = true);
    bool running() const { return pid_ > 0; }
    // Whether the child is still running (it is not reaped: exit_description can still tell).
    bool alive() const;

    // Writes one line (a '\n' is added); false when the child no longer reads.
    bool send(const std::string& line);
    // The next line before `deadline`.
    Read read_line(Clock::time_point deadline, std::string& line);

    // Kills the child (SIGKILL) and reaps it.
    void kill();
    // Waits until `deadline` for the child to exit by itself; then kills it. Returns how it ended.
    std::string finish(Clock::time_point deadline);
    // After `Read::Closed`: a short description of how the child ended ("exit code 3", "signal 11").
    std::string exit_description(std::chrono::milliseconds wait = std::chrono::milliseconds(500));

    const std::string& error() const { return error_; }

private:
    void close_pipes();

    pid_t pid_ = -1;
    int to_ = -1, from_ = -1;
    std::string buffer_;
    std::string error_;
};

}  // namespace tempo::match
