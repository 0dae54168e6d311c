#!/usr/bin/env bash
# Builds the libFuzzer targets (the `fuzz` preset, clang) and runs each for a while:
#   bash scripts/fuzz.sh            30 seconds each
#   bash scripts/fuzz.sh 300        five minutes each
# Exits 0 without doing anything when clang++ is missing (CI images without clang skip it);
# non-zero when a build fails or a fuzzer finds a crash (the input is left in build/fuzz/).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds=${1:-30}
[[ $seconds =~ ^[0-9]+$ ]] || { echo "scripts/fuzz.sh: seconds must be a number, not '$seconds'" >&2; exit 2; }
if ! command -v clang++ >/dev/null 2>&1; then
    echo "scripts/fuzz.sh: clang++ not found; skipping the fuzzers"
    exit 0
fi
cmake --preset fuzz --log-level=WARNING
cmake --build --preset fuzz
for target in command fen intl brazil book network serve; do
    echo "== fuzz_$target for ${seconds}s"
    corpus=build/fuzz/corpus-$target
    mkdir -p "$corpus"
    cp -n tests/fuzz/corpus/$target/* "$corpus/" 2>/dev/null || true
    # A network file is 54 736 bytes (English) or 73 168 (10x10): its fuzzer needs inputs that
    # long to get past the size check.
    max_len=4096
    [[ $target == network ]] && max_len=80000
    (cd build/fuzz && ./tests/fuzz/fuzz_$target -max_total_time="$seconds" -max_len=$max_len \
        -print_final_stats=1 "corpus-$target")
done
