#!/usr/bin/env bash
# train/gen.sh with a real tempo: two tiny chunks, each with its marker; a chunk whose marker is
# gone is made again and a finished one is left alone; a STOP file stops it before a chunk; bad
# arguments exit 2 with a message. usage: tests/gen_sh.sh TEMPO_BINARY
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export TEMPO=$1 CORES=1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "gen_sh.sh: $*" >&2; exit 1; }
gen() { bash "$here/train/gen.sh" "$dir/g" 1 2 -- --games 2 --nodes 100 --egdb 0 "$@"; }

gen >"$dir/out1" || fail "the first run failed: $(cat "$dir/out1")"
for s in 1 2; do
    [[ -s $dir/g/chunk-$s.dat && -e $dir/g/chunk-$s.dat.done ]] || fail "chunk $s or its marker is missing"
    grep -q "2 games, .* positions written" "$dir/g/chunk-$s.log" || fail "chunk $s's log: $(cat "$dir/g/chunk-$s.log")"
done
grep -q "2 chunks finished" "$dir/out1" || fail "no count of finished chunks: $(cat "$dir/out1")"

# A stopped chunk (no marker, a torn file) is made again; the finished one is not touched.
touch -d '2000-01-01' "$dir/g/chunk-1.dat"
rm "$dir/g/chunk-2.dat.done"
head -c 5 "$dir/g/chunk-1.dat" >"$dir/g/chunk-2.dat"
gen >"$dir/out2" || fail "the second run failed"
grep -q "chunk 2 on worker 0" "$dir/out2" || fail "chunk 2 was not made again"
! grep -q "chunk 1 on" "$dir/out2" || fail "the finished chunk 1 was made again"
[[ $(stat -c %Y "$dir/g/chunk-1.dat") == $(date -d '2000-01-01' +%s) ]] || fail "chunk 1 was rewritten"
[[ $(stat -c %s "$dir/g/chunk-2.dat") -gt 5 && -e $dir/g/chunk-2.dat.done ]] || fail "chunk 2 is not whole again"

# STOP: no chunk starts.
rm "$dir/g/chunk-2.dat.done"
touch "$dir/g/STOP"
gen >"$dir/out3" || fail "the run with STOP failed"
grep -q "STOP is there" "$dir/out3" || fail "STOP was not obeyed: $(cat "$dir/out3")"
[[ ! -e $dir/g/chunk-2.dat.done ]] || fail "a chunk was made despite STOP"

# A datagen that fails leaves no marker and exits 1, naming its log.
rm "$dir/g/STOP"
if gen --nodes 0 >"$dir/out4" 2>&1; then fail "a failing datagen exited 0"; fi
grep -q "chunk 2 failed; see" "$dir/out4" || fail "no message for the failed chunk: $(cat "$dir/out4")"
[[ ! -e $dir/g/chunk-2.dat.done ]] || fail "a failed chunk got a marker"

# Bad arguments.
set +e
msg=$(bash "$here/train/gen.sh" "$dir/h" 5 3 2>&1); rc=$?
set -e
[[ $rc == 2 && $msg == *"FIRST_SEED 5 is after LAST_SEED 3"* ]] || fail "seeds out of order: rc $rc, '$msg'"
set +e
msg=$(TEMPO=/nonexistent bash "$here/train/gen.sh" "$dir/h" 1 2 2>&1); rc=$?
set -e
[[ $rc == 2 && $msg == *"no tempo binary at /nonexistent"* ]] || fail "missing binary: rc $rc, '$msg'"
echo "gen_sh.sh: all checks passed"
