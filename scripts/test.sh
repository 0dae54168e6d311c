#!/usr/bin/env bash
# Builds Tempo and runs its tests (everything but the `slow` label) for each preset given:
#   bash scripts/test.sh                       the release preset
#   bash scripts/test.sh release asan-ubsan    one after the other
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
for preset in "${presets[@]}"; do
    echo "== $preset: configure, build, test (TEMPO_WERROR=$werror)"
    cmake --preset "$preset" --log-level=WARNING -DTEMPO_WERROR="$werror"
    cmake --build --preset "$preset"
    ctest --preset "$preset"
done
