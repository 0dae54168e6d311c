// Child processes over pipes (see process.hpp).
#include "tools/match/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <thread>

extern char** environ;

namespace tempo::match {

std::string find_executable(const std::string& command) {
    auto ok = [](const std::string& p) {
        struct stat st {};
        return stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(p.c_str(), X_OK) == 0;
    };
    if (command.empty()) return {};
    if (command.find('/') != std::string::npos) return ok(command) ? command : std::string();
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/bin:/bin";
    std::size_t start = 0;
    while (start <= dirs.size()) {
        std::size_t end = dirs.find(':', start);
        if (end == std::string::npos) end = dirs.size();
        const std::string dir = end > start ? dirs.substr(start, end - start) : ".";
        if (ok(dir + "/" + command)) return dir + "/" + command;
        start = end + 1;
    }
    return {};
}

Process::~Process() { kill(); }

bool Process::alive() const {
    if (pid_ <= 0) return false;
    siginfo_t info{};
    if (waitid(P_PID, id_t(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0) return false;
    return info.si_pid == 0;
}

bool Process::start(const std::vector<std::string>& argv, bool pipes) {
    kill();
    signal(SIGPIPE, SIG_IGN);
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0) {
        error_ = std::strerror(errno);
        return false;
    }
    if (pipe2(out, O_CLOEXEC) != 0) {
        error_ = std::strerror(errno);
        close(in[0]);
        close(in[1]);
        return false;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (pipes) {
        posix_spawn_file_actions_adddup2(&actions, in[0], 0);
        posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    } else {
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    std::vector<std::string> copies = argv;
    std::vector<char*> args;
    for (std::string& a : copies) args.push_back(a.data());
    args.push_back(nullptr);
    // The engine gets its own process group, so that killing it also ends whatever it started.
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0);
    pid_t pid = -1;
    const int r = posix_spawn(&pid, args[0], &actions, &attr, args.data(), environ);
    posix_spawnattr_destroy(&attr);
    posix_spawn_file_actions_destroy(&actions);
    close(in[0]);
    close(out[1]);
    if (r != 0) {
        error_ = std::strerror(r);
        close(in[1]);
        close(out[0]);
        return false;
    }
    pid_ = pid;
    to_ = in[1];
    from_ = out[0];
    buffer_.clear();
    return true;
}

bool Process::send(const std::string& line) {
    if (to_ < 0) return false;
    std::string data = line + "\n";
    std::string_view rest = data;
    while (!rest.empty()) {
        const ssize_t n = write(to_, rest.data(), rest.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        rest.remove_prefix(std::size_t(n));
    }
    return true;
}

Process::Read Process::read_line(Clock::time_point deadline, std::string& line) {
    while (true) {
        if (const std::size_t nl = buffer_.find('\n'); nl != std::string::npos) {
            line = buffer_.substr(0, nl);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            buffer_.erase(0, nl + 1);
            return Read::Line;
        }
        if (from_ < 0) return Read::Closed;
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left < 0) return Read::Timeout;
        pollfd p{from_, POLLIN, 0};
        const int r = poll(&p, 1, int(left) + 1);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) continue;
        char buf[4096];
        const ssize_t n = ::read(from_, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            close(from_);
            from_ = -1;
            continue;  // a last unterminated line is dropped
        }
        buffer_.append(buf, std::size_t(n));
    }
}

void Process::close_pipes() {
    if (to_ >= 0) close(to_);
    if (from_ >= 0) close(from_);
    to_ = from_ = -1;
}

void Process::kill() {
    close_pipes();
    if (pid_ > 0) {
        ::kill(-pid_, SIGKILL);  // the whole group (see start)
        ::kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
        pid_ = -1;
    }
}

std::string Process::finish(Clock::time_point deadline) {
    if (to_ >= 0) close(to_);
    to_ = -1;
    return exit_description(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()));
}

std::string Process::exit_description(std::chrono::milliseconds wait) {
    if (pid_ <= 0) return "not running";
    const auto deadline = Clock::now() + wait;
    while (true) {
        int status = 0;
        const pid_t r = waitpid(pid_, &status, WNOHANG);
        if (r == pid_) {
            ::kill(-pid_, SIGKILL);  // anything the engine left behind
            pid_ = -1;
            close_pipes();
            if (WIFEXITED(status)) return "exit code " + std::to_string(WEXITSTATUS(status));
            if (WIFSIGNALED(status)) return std::string("signal ") + std::to_string(WTERMSIG(status));
            return "ended";
        }
        if (Clock::now() >= deadline) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    kill();
    return "killed";
}

}  // namespace tempo::match
