#!/usr/bin/env bash
# The "green" gate of the rules-core migration (issue 15, docs/rules-core-plan.md section 4), as
# one command: nothing a user or the search sees may change.
#
#   bash scripts/rules-gate.sh                      build release, run the tests, check Bench and perft
#   bash scripts/rules-gate.sh --baseline REV       ...and time perft against REV, built in a worktree
#   bash scripts/rules-gate.sh --baseline PATH      ...or against a tempo binary already built
#   bash scripts/rules-gate.sh --no-build --no-tests   only the Bench and perft checks
#
# 1. Build: the release preset with TEMPO_WERROR=ON.
# 2. Tests: ctest without the `slow` and `load` labels (the golden files of
#    tests/test_rules_golden.cpp pin the move lists, their order and the notation's answers).
# 3. Bench: `tempo bench` of each game must end with the node count below; the search stores a
#    move as its index in the generated list (search/tt.hpp), so a new move order shows here.
# 4. Perft: the start position of each game against the published tables in tests/data.
# 5. With --baseline: `tempo perft` of English (depth 12) and international (depth 10) on one core
#    (taskset -c 0), five runs of each binary interleaved; the medians must be within 3%.
# Exits non-zero on the first failed step; the timing only warns, since a loaded machine can
# make any run slow (rerun on an idle one before believing it).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# The last line of `tempo bench` for each game, recorded in Stage 0 of the plan (engine at 5b86b67);
# the English count follows the built-in network (cb2 since 2026-12-07; deeptool's was 3531687, try14's 3567823).
declare -A bench_nodes=([english]=4851203 [international]=6639117 [brazilian]=4113221)
# Perft depths checked against the tables: about a second each (English counts jump orders).
declare -A perft_depth=([english]=12 [international]=10 [brazilian]=12)

build=1 tests=1 baseline=
while (($#)); do
    case $1 in
        --no-build) build=0 ;;
        --no-tests) tests=0 ;;
        --baseline) baseline=${2:?--baseline needs a revision}; shift ;;
        -h | --help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "rules-gate.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
    shift
done

nice=(nice -n 5)
tempo=build/release/tools/tempo
fail() { echo "rules-gate.sh: FAIL: $*" >&2; exit 1; }

if ((build)); then
    echo "== build (release, TEMPO_WERROR=ON)"
    "${nice[@]}" cmake --preset release --log-level=WARNING -DTEMPO_WERROR=ON >/dev/null
    # With TEMPO_WERROR=ON a warning fails the build.
    "${nice[@]}" cmake --build --preset release >/tmp/rules-gate-build.$$ 2>&1 ||
        { tail -n 30 /tmp/rules-gate-build.$$; fail "the build"; }
    rm -f /tmp/rules-gate-build.$$
    [[ -x $tempo ]] || fail "no $tempo"
fi

if ((tests)); then
    echo "== tests (ctest -LE 'slow|load')"
    if ! "${nice[@]}" ctest --test-dir build/release -j2 -LE "slow|load" --output-on-failure >/tmp/rules-gate-ctest.$$ 2>&1; then
        # The CheckerBoard timing test can miss its deadline on a loaded machine: rerun failures alone.
        grep -E '^\s+[0-9]+ - ' /tmp/rules-gate-ctest.$$ || true
        echo "   rerunning the failed tests one at a time"
        ctest --test-dir build/release --rerun-failed --output-on-failure || fail "tests"
    fi
    grep -E 'tests passed' /tmp/rules-gate-ctest.$$ || true
    rm -f /tmp/rules-gate-ctest.$$
fi

echo "== bench"
for game in english international brazilian; do
    got=$("${nice[@]}" "$tempo" bench --variant "$game" 2>/dev/null | awk '/^Nodes searched:/ {print $3}')
    printf '   %-13s Bench: %s (expected %s)\n' "$game" "$got" "${bench_nodes[$game]}"
    [[ $got == "${bench_nodes[$game]}" ]] || fail "$game bench $got, expected ${bench_nodes[$game]}"
done

# The published count of `game` at `depth` from the start.
published() {
    local game=$1 depth=$2
    case $game in
        english) awk -F, -v d="$depth" '$1 == d {print $2}' tests/data/perft-english-start.csv ;;
        international) awk -F'|' -v d="$depth" '/^start/ {split($3, c, " "); print c[d]}' tests/data/perft-international.txt ;;
        brazilian) awk -F'|' -v d="$depth" '/^start/ {split($3, c, " "); print c[d]}' tests/data/perft-brazilian.txt ;;
    esac
}

echo "== perft"
for game in english international brazilian; do
    d=${perft_depth[$game]}
    out=$("${nice[@]}" "$tempo" perft --variant "$game" --depth "$d")
    got=$(awk '/^Nodes searched:/ {print $3}' <<<"$out")
    want=$(published "$game" "$d")
    printf '   %-13s depth %2s: %s (published %s), %s\n' "$game" "$d" "$got" "$want" "$(head -n1 <<<"$out")"
    [[ -n $want && $got == "$want" ]] || fail "$game perft depth $d: $got, published $want"
done

if [[ -n $baseline && -x $baseline && ! -d $baseline ]]; then
    base_tempo=$baseline
    echo "== baseline $base_tempo"
elif [[ -n $baseline ]]; then
    base_dir=build/rules-gate-baseline
    echo "== baseline $baseline (worktree $base_dir/src)"
    rev=$(git rev-parse --verify "$baseline^{commit}")
    if [[ ! -d $base_dir/src ]]; then
        git worktree add --detach "$base_dir/src" "$rev" >/dev/null
    else
        git -C "$base_dir/src" checkout --detach -q "$rev"
    fi
    (cd "$base_dir/src" && "${nice[@]}" cmake --preset release --log-level=WARNING >/dev/null &&
        "${nice[@]}" cmake --build --preset release --target tempo >/dev/null)
    base_tempo=$base_dir/src/build/release/tools/tempo
fi
if [[ -n $baseline ]]; then
    median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
    for args in "--depth 12" "--variant international --depth 10"; do
        : >/tmp/rules-gate-base.$$
        : >/tmp/rules-gate-head.$$
        for _ in 1 2 3 4 5; do
            # shellcheck disable=SC2086
            taskset -c 0 "$base_tempo" perft $args | awk '/^Time:/ {print $2}' >>/tmp/rules-gate-base.$$
            # shellcheck disable=SC2086
            taskset -c 0 "$tempo" perft $args | awk '/^Time:/ {print $2}' >>/tmp/rules-gate-head.$$
        done
        b=$(median </tmp/rules-gate-base.$$) h=$(median </tmp/rules-gate-head.$$)
        printf '   perft %-40s baseline %s s, this tree %s s (medians of 5)\n' "$args" "$b" "$h"
        awk -v b="$b" -v h="$h" 'BEGIN {exit !(h <= b * 1.03)}' ||
            echo "rules-gate.sh: WARNING: more than 3% slower than the baseline (rerun on an idle machine)" >&2
    done
    rm -f /tmp/rules-gate-base.$$ /tmp/rules-gate-head.$$
fi

echo "== green"
