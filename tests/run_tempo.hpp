// Runs the real `tempo` binary for the tool tests (tests/test_cli.cpp, test_match.cpp,
// test_play.cpp): arguments, text on stdin, both output streams collected, the exit status; and a
// scratch folder for the files a test writes.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

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

inline std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Runs `tempo args...` with `input` on stdin (through a file, so it is all there at once). With
// `stderr_terminal`, stderr is a pseudo-terminal instead of a pipe, as in an interactive shell.
// Both outputs are read until both close, so a full pipe can never block the child (a terminal's
// master side reports EIO instead of end-of-file once the child has gone).
inline ToolRun run_tool(const std::vector<std::string>& args, const std::string& input = {},
                        bool stderr_terminal = false) {
    ToolRun run;
    char in_name[] = "/tmp/tempo-input-XXXXXX";
    const int in_fd = mkstemp(in_name);
    if (in_fd < 0) return run;
    if (!input.empty() && write(in_fd, input.data(), input.size()) != ssize_t(input.size())) return run;
    close(in_fd);

    std::string program = TEMPO_BINARY;
    std::vector<std::string> copies = args;
    std::vector<char*> argv{program.data()};
    for (std::string& a : copies) argv.push_back(a.data());
    argv.push_back(nullptr);
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
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, in_name, O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err_pipe[1], 2);
    for (int fd : {out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}) posix_spawn_file_actions_addclose(&actions, fd);
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(out_pipe[1]);
    close(err_pipe[1]);
    if (spawned != 0) {
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

}  // namespace testing
