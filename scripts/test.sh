#!/usr/bin/env bash
# Builds Tempo and runs its tests (everything but the `slow` label) for each preset given:
#   bash scripts/test.sh                       the release preset
#   bash scripts/test.sh release asan-ubsan    one after the other
#   bash scripts/test.sh slow                  only the slow tests (deep perft), release build
# TEMPO_WERROR=ON in the environment turns warnings into errors (CI sets it).
# Exits non-zero as soon as a configure, build or test step fails.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

werror=${TEMPO_WERROR:-OFF}
case $werror in
    ON | OFF) ;;
    *) echo "scripts/test.sh: TEMPO_WERROR must be ON or OFF, not '$werror'" >&2; exit 2 ;;
esac

presets=("$@")
((${#presets[@]} > 0)) || presets=(release)

bash scripts/install-deps.sh
# The trainer's tests need Debian's python3 with torch; without it they are reported as skipped.
sh train/setup.sh >&2 || echo "scripts/test.sh: the trainer's Python tests (train/) will be skipped" >&2
for preset in "${presets[@]}"; do
    # Every test preset has the configure and build preset of the same name, except `slow`
    # (the tests labelled slow), which runs on the release build.
    build=$preset
    [[ $preset == slow ]] && build=release
    echo "== $preset: configure, build, test (TEMPO_WERROR=$werror)"
    cmake --preset "$build" --log-level=WARNING -DTEMPO_WERROR="$werror"
    cmake --build --preset "$build"
    ctest --preset "$preset"
done
