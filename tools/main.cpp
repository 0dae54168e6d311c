// tempo: the protocol loop with no arguments (a later issue), subcommands for the tools.
#include <cstdio>

int main() {
    std::puts("tempo: subcommands are being written; see README.md");
    return 0;
}
