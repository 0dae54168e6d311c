#!/usr/bin/env bash
# Makes sure the build and test dependencies of Tempo are installed (Debian 12 package names).
#
# Quiet and quick when everything is there. When something is missing: as root it runs
# `apt-get update` and installs the missing packages; otherwise it prints the command to run and
# exits 1. Safe to run any number of times.
set -euo pipefail

missing=()

# A command-line tool, found on PATH.
need_command() {  # <command> <debian package>
    command -v "$1" >/dev/null 2>&1 || missing+=("$2")
}

# A library, found by the CMake package file it installs.
need_file() {  # <debian package> <glob of a file it installs>...
    local package=$1 pattern f
    shift
    for pattern in "$@"; do
        for f in $pattern; do
            [[ -e $f ]] && return 0
        done
    done
    missing+=("$package")
}

need_command cmake cmake
need_command g++ g++
need_command make make
need_file catch2 /usr/lib/cmake/Catch2/Catch2Config.cmake \
    /usr/share/cmake/Catch2/Catch2Config.cmake
# tempo serve: cpp-httplib (found by pkg-config) and nlohmann-json.
need_command pkg-config pkg-config
need_file libcpp-httplib-dev /usr/lib/*/pkgconfig/cpp-httplib.pc
need_file nlohmann-json3-dev /usr/include/nlohmann/json.hpp
need_file libbenchmark-dev '/usr/lib/*/cmake/benchmark/benchmarkConfig.cmake' \
    /usr/lib/cmake/benchmark/benchmarkConfig.cmake

if ((${#missing[@]} == 0)); then
    exit 0
fi

if [[ $(id -u) -ne 0 ]]; then
    echo "tempo: missing build dependencies: ${missing[*]}" >&2
    echo "tempo: install them with: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
fi

echo "tempo: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2
apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null >&2
