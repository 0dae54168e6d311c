#!/usr/bin/env bash
# Self-play data in chunks, restartable: one `tempo datagen` run a seed, several at once.
#
#   train/gen.sh OUTDIR FIRST_SEED LAST_SEED [-- DATAGEN_OPTIONS...]
#   train/gen.sh /work/data/gen11 1101 1112 -- --eval-file /work/data/nets/try14.nnue
#
# Seed S writes OUTDIR/chunk-S.dat (with its log, chunk-S.log) and, once its run has finished,
# the marker chunk-S.dat.done. A chunk with its marker is skipped; one without (a run that was
# stopped) is deleted and made again, so a stopped generation goes on with the same command. The
# seeds are dealt round-robin to CORES workers (default: the cores of the machine), each pinned
# to its own core when taskset is there. A file OUTDIR/STOP stops the workers from starting
# another chunk (the ones running finish).
#
# Each chunk is `tempo datagen --out OUTDIR/chunk-S.dat --seed S --threads 1` with the
# generation's defaults, --games 2000 --nodes 5000 --random-plies 8 --egdb 5 and the ballots of
# tests/data (found from this script, so it runs from any folder), then the options
# after `--` (a later option overrides an earlier one). The games are played with the built-in
# network unless `--eval-file NET` (or `--eval-file classic`) says otherwise. Train on all the
# chunks at once:
#   train/train.py OUTDIR/chunk-*.dat end5.dat --out runs/NAME ...
# Environment: TEMPO the tempo binary [build/release/tools/tempo], CORES [nproc].
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

if (($# < 3)) || [[ $1 == -h || $1 == --help ]]; then
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'
    exit 2
fi
out=$1 first=$2 last=$3
shift 3
if (($# > 0)) && [[ $1 == -- ]]; then shift; fi
[[ $first =~ ^[0-9]+$ && $last =~ ^[0-9]+$ ]] || { echo "gen.sh: seeds '$first' '$last' must be whole numbers" >&2; exit 2; }
((first <= last)) || { echo "gen.sh: FIRST_SEED $first is after LAST_SEED $last" >&2; exit 2; }
tempo=${TEMPO:-$here/build/release/tools/tempo}
[[ -x $tempo ]] || { echo "gen.sh: no tempo binary at $tempo (build it, or set TEMPO)" >&2; exit 2; }
cores=${CORES:-$(nproc)}
[[ $cores =~ ^[1-9][0-9]*$ ]] || { echo "gen.sh: CORES '$cores' is not a positive number" >&2; exit 2; }
mkdir -p "$out"

worker() {
    local slot=$1 seed chunk pin=()
    shift
    if command -v taskset >/dev/null && ((cores <= $(nproc))); then pin=(taskset -c "$slot"); fi
    for ((seed = first + slot; seed <= last; seed += cores)); do
        [[ -e $out/STOP ]] && { echo "gen.sh: $out/STOP is there; worker $slot stops"; return 0; }
        chunk=$out/chunk-$seed.dat
        [[ -e $chunk.done ]] && continue
        rm -f "$chunk"
        echo "gen.sh: chunk $seed on worker $slot ($(date +%T))"
        if "${pin[@]}" "$tempo" datagen --out "$chunk" --seed "$seed" --threads 1 --games 2000 \
            --nodes 5000 --random-plies 8 --egdb 5 --ballots "$here/tests/data/ballots-english-3move.csv" \
            "$@" >"$out/chunk-$seed.log" 2>&1; then
            touch "$chunk.done"
        else
            echo "gen.sh: chunk $seed failed; see $out/chunk-$seed.log" >&2
            return 1
        fi
    done
}

pids=()
for ((slot = 0; slot < cores; ++slot)); do
    worker "$slot" "$@" &
    pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
done_count=$(find "$out" -maxdepth 1 -name 'chunk-*.dat.done' | wc -l)
echo "gen.sh: $done_count chunks finished in $out"
exit $status
