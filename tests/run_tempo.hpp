// Runs the real `tempo` binary for the tests, the one place that starts it: `run_tool` for a tool
// run (arguments, text on stdin, both output streams collected, the exit status; tests/test_cli.cpp,
// test_match.cpp, test_play.cpp and others), `TempoProcess` for a protocol session kept running
// (lines to its stdin, its stdout read line by line with deadlines; the transcript tests); both
// start it through `spawn_tempo`. And a scratch folder for the files a test writes.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <catch2/catch.hpp>

extern char** environ;

namespace testing {

struct ToolRun {
    int status = -1;  // the exit code, or -1 when the process did not exit normally
    std::string out, err;
};

// A fresh folder under /tmp, removed with its files when the object goes.
class ScratchDir {
public:
    ScratchDir() {
        char name[] = "/tmp/tempo-test-XXXXXX";
        if (mkdtemp(name)) path_ = name;
    }
    ~ScratchDir() {
        if (!path_.empty()) std::system(("rm -rf '" + path_ + "'").c_str());
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    std::string file(const std::string& name) const { return path_ + "/" + name; }

private:
    std::string path_;
};

inline void write_text(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

// Writes a shell script (a stand-in engine for the runner's tests) and makes it executable.
inline void write_script(const std::string& path, const std::string& text) {
    write_text(path, text);
    std::filesystem::permissions(path, std::filesystem::perms::owner_exec, std::filesystem::perm_options::add);
}

inline std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Starts `tempo args...` with `in`, `out` and `err` as its stdin, stdout and stderr (-1: this
// process's own), closing each of `parent_ends` in the child; the process id, or -1 when it could
// not start. `program` is the tempo built with the tests unless another copy is named.
inline pid_t spawn_tempo(const std::vector<std::string>& args, int in, int out, int err,
                         std::initializer_list<int> parent_ends, std::string program = TEMPO_BINARY) {
    std::vector<std::string> copies = args;
    std::vector<char*> argv{program.data()};
    for (std::string& a : copies) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (in >= 0) posix_spawn_file_actions_adddup2(&actions, in, 0);
    if (out >= 0) posix_spawn_file_actions_adddup2(&actions, out, 1);
    if (err >= 0) posix_spawn_file_actions_adddup2(&actions, err, 2);
    for (int fd : {in, out, err})
        if (fd > 2) posix_spawn_file_actions_addclose(&actions, fd);
    for (int fd : parent_ends) posix_spawn_file_actions_addclose(&actions, fd);
    pid_t pid = -1;
    const int spawned = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    return spawned == 0 ? pid : -1;
}

// Runs `tempo args...` with `input` on stdin (through a file, so it is all there at once). With
// `stderr_terminal`, stderr is a pseudo-terminal instead of a pipe, as in an interactive shell.
// Both outputs are read until both close, so a full pipe can never block the child (a terminal's
// master side reports EIO instead of end-of-file once the child has gone). `program` as for
// spawn_tempo.
inline ToolRun run_tool(const std::vector<std::string>& args, const std::string& input = {},
                        bool stderr_terminal = false, const std::string& program = TEMPO_BINARY) {
    ToolRun run;
    char in_name[] = "/tmp/tempo-input-XXXXXX";
    const int in_fd = mkstemp(in_name);
    if (in_fd < 0) return run;
    if (!input.empty() && write(in_fd, input.data(), input.size()) != ssize_t(input.size())) return run;
    close(in_fd);

    int out_pipe[2], err_pipe[2];
    if (pipe(out_pipe) != 0) return run;
    if (stderr_terminal) {
        err_pipe[0] = posix_openpt(O_RDWR | O_NOCTTY);
        if (err_pipe[0] < 0 || grantpt(err_pipe[0]) != 0 || unlockpt(err_pipe[0]) != 0) return run;
        err_pipe[1] = open(ptsname(err_pipe[0]), O_RDWR | O_NOCTTY);
        if (err_pipe[1] < 0) return run;
    } else if (pipe(err_pipe) != 0) {
        return run;
    }
    const int in_read = open(in_name, O_RDONLY);
    const pid_t pid = in_read < 0 ? -1 : spawn_tempo(args, in_read, out_pipe[1], err_pipe[1], {out_pipe[0], err_pipe[0]}, program);
    if (in_read >= 0) close(in_read);
    close(out_pipe[1]);
    close(err_pipe[1]);
    if (pid < 0) {
        close(out_pipe[0]);
        close(err_pipe[0]);
        unlink(in_name);
        return run;
    }
    std::array<pollfd, 2> fds{{{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}}};
    std::array<std::string*, 2> sinks{&run.out, &run.err};
    int open_count = 2;
    while (open_count > 0) {
        if (poll(fds.data(), fds.size(), -1) < 0) break;
        for (std::size_t i = 0; i < fds.size(); ++i) {
            if (fds[i].fd < 0 || fds[i].revents == 0) continue;
            char buf[4096];
            const ssize_t n = read(fds[i].fd, buf, sizeof buf);
            if (n > 0) {
                sinks[i]->append(buf, std::size_t(n));
            } else {
                close(fds[i].fd);
                fds[i].fd = -1;
                --open_count;
            }
        }
    }
    int wstatus = 0;
    waitpid(pid, &wstatus, 0);
    unlink(in_name);
    run.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1;
    return run;
}

inline int count_of(const std::string& text, const std::string& what) {
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// A running `tempo` protocol process for transcript tests: lines go to its stdin, its stdout is
// read line by line with deadlines, so a test can check what arrives and how fast.
class TempoProcess {
public:
    using Clock = std::chrono::steady_clock;

    // `args`: the words after `tempo` (none: the protocol loop; {"hub"}: the Hub loop).
    explicit TempoProcess(const std::vector<std::string>& args = {}) {
        int in[2], out[2];
        if (pipe(in) != 0 || pipe(out) != 0) return;
        pid_ = spawn_tempo(args, in[0], out[1], -1, {in[1], out[0]});
        ok_ = pid_ > 0;
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

// The words of a line, split at white space.
inline std::vector<std::string> words_of(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> w;
    for (std::string x; in >> x;) w.push_back(x);
    return w;
}

// The lines of a text, without their newlines.
inline std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// Sends `line` and returns the one line it answers.
inline std::string reply(TempoProcess& t, const std::string& line) {
    t.send(line);
    const auto lines = t.sync();
    REQUIRE(lines.size() == 1);
    return lines[0];
}

// Every legal move, as the engine's `legal` command lists them.
inline std::vector<std::string> legal(TempoProcess& t) {
    auto w = words_of(reply(t, "legal"));
    REQUIRE_FALSE(w.empty());
    CHECK(w[0] == "legal");
    w.erase(w.begin());
    return w;
}

// The FEN that `d` reports for the process's current position.
inline std::string fen_of(TempoProcess& t) {
    t.send("d");
    for (const auto& l : t.sync())
        if (l.starts_with("Fen: ")) return l.substr(5);
    return "<no Fen line>";
}

// A search from the start after `ucinewgame` (`go` with `limit`, e.g. "nodes 5000"): its lines up
// to `bestmove`, without the figures that differ from run to run (the speed and the time, from
// " nps " up to " hashfull "), so that two runs can be compared.
inline std::vector<std::string> fresh_search(TempoProcess& t, const std::string& limit) {
    t.send("ucinewgame");
    t.send("position startpos");
    t.send("go " + limit);
    auto lines = t.until("bestmove");
    for (auto& l : lines)
        if (const auto at = l.find(" nps "); at != std::string::npos) l.erase(at, l.find(" hashfull ") - at);
    return lines;
}

// Two fresh searches with the same limit answer alike, and with at least `min_lines` lines (some
// `info` lines before `bestmove`).
inline void check_reproducible(TempoProcess& t, const std::string& limit, std::size_t min_lines) {
    const auto first = fresh_search(t, limit);
    CHECK(first.size() >= min_lines);
    CHECK(fresh_search(t, limit) == first);
}

inline long long ms_since(TempoProcess::Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(TempoProcess::Clock::now() - t).count();
}

}  // namespace testing
