#!/usr/bin/env bash
# train/relabel.py with a real tempo: the relabelled file keeps every record and changes only the
# scores of the chosen ones; a run stopped part way (--max-records, a torn part) goes on with the
# same command and makes the same file as one run; bad arguments and inputs exit 2 with a message.
# usage: tests/relabel_sh.sh TEMPO_BINARY (skipped, exit 77, without Debian's python3 and numpy)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tempo=$1
/usr/bin/python3 -c 'import numpy' 2>/dev/null || { echo "relabel_sh.sh: no numpy for /usr/bin/python3; skipped"; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "relabel_sh.sh: $*" >&2; exit 1; }
relabel() { /usr/bin/python3 "$here/train/relabel.py" --tempo "$tempo" "$@"; }

# Four short games, with the 3-piece database's exact labels at their ends.
"$tempo" datagen --out "$dir/d.dat" --games 4 --nodes 300 --egdb 3 --adjudicate 0 --threads 1 --seed 3 \
    --ballots "$here/tests/data/ballots-english-3move.csv" >"$dir/gen.log" 2>&1 ||
    fail "datagen failed: $(cat "$dir/gen.log")"

relabel "$dir/d.dat" --out "$dir/a.dat" --nodes 1000 --pieces 4-20 --workers 2 2>"$dir/a.log" ||
    fail "the first run failed: $(cat "$dir/a.log")"
[[ ! -e $dir/a.dat.part-0 && ! -e $dir/a.dat.part-1 && ! -e $dir/a.dat.parts ]] || fail "the parts were left behind"
grep -q "records written to" "$dir/a.log" || fail "no summary: $(cat "$dir/a.log")"
/usr/bin/python3 - "$here/train" "$dir/d.dat" "$dir/a.dat" <<'EOF' || fail "the relabelled file is wrong"
import sys
sys.path.insert(0, sys.argv[1])
import numpy as np, tempo_data as td
a, b = td.read(sys.argv[2]), td.read(sys.argv[3])
assert len(a) == len(b) > 20, (len(a), len(b))
for f in ("black", "white", "kings", "result", "flags"):
    assert (a[f] == b[f]).all(), f
pc = td.piece_count(a)
chosen = (pc >= 4) & (pc <= 20) & ~td.exact(a)
assert td.exact(a).sum() > 0, "the games should end in exact positions"
assert (a["score"][~chosen] == b["score"][~chosen]).all(), "a record that was not chosen changed"
assert (a["score"][chosen] != b["score"][chosen]).sum() > 0, "no chosen score changed"
assert (np.abs(b["score"].astype(int)) <= 10000).all()
print(f"{len(a)} records, {chosen.sum()} chosen, {(a['score'][chosen] != b['score'][chosen]).sum()} changed")
EOF

# Stopped after 3 records a worker, a torn record at the end of one part: the same command goes on
# and gives the same bytes.
set +e
relabel "$dir/d.dat" --out "$dir/b.dat" --nodes 1000 --pieces 4-20 --workers 2 --max-records 3 2>"$dir/b1.log"
rc=$?
set -e
[[ $rc == 3 ]] || fail "a run cut short by --max-records exited $rc: $(cat "$dir/b1.log")"
[[ ! -e $dir/b.dat && -s $dir/b.dat.part-0 && -s $dir/b.dat.part-1 ]] || fail "a stopped run must keep its parts only"
printf 'torn' >>"$dir/b.dat.part-1"
relabel "$dir/d.dat" --out "$dir/b.dat" --nodes 1000 --pieces 4-20 --workers 2 2>"$dir/b2.log" ||
    fail "the second run failed: $(cat "$dir/b2.log")"
grep -q "6 done before" "$dir/b2.log" || fail "the second run did not go on from the parts: $(cat "$dir/b2.log")"
cmp -s "$dir/a.dat" "$dir/b.dat" || fail "a run in two sittings differs from one run"

check() {  # check EXPECTED-MESSAGE ARGS...: exit 2 with the message
    local want=$1 msg rc
    shift
    set +e
    msg=$("$@" 2>&1)
    rc=$?
    set -e
    [[ $rc == 2 && $msg == *"$want"* ]] || fail "$*: rc $rc, '$msg' (wanted '$want')"
}

# Parts made another way are refused, not mixed in: other settings, no settings, other positions,
# a part that is not data.
c=(relabel "$dir/d.dat" --out "$dir/c.dat" --pieces 4-20)
"${c[@]}" --nodes 1000 --workers 2 --max-records 2 2>/dev/null || [[ $? == 3 ]] || fail "the run to stop failed"
check "other settings" "${c[@]}" --nodes 1000 --workers 1
check "other settings" "${c[@]}" --nodes 1500 --workers 2
mv "$dir/c.dat.parts" "$dir/settings"
check "without" "${c[@]}" --nodes 1000 --workers 2
cp "$dir/settings" "$dir/c.dat.parts"
mv "$dir/c.dat.part-0" "$dir/p0" && mv "$dir/c.dat.part-1" "$dir/c.dat.part-0" && mv "$dir/p0" "$dir/c.dat.part-1"
check "holds other positions" "${c[@]}" --nodes 1000 --workers 2
printf 'XXXXXXXXXXXXXXXXXXXXXXXX' >"$dir/c.dat.part-0"
check "c.dat.part-0" "${c[@]}" --nodes 1000 --workers 2
check "delete it to make it again" "${c[@]}" --nodes 1000 --workers 2
[[ ! -e $dir/c.dat ]] || fail "a refused run wrote its output"

# Bad arguments and inputs.
check "is not a positive whole number" relabel "$dir/d.dat" --out "$dir/x.dat" --nodes 0
check "is not LO-HI" relabel "$dir/d.dat" --out "$dir/x.dat" --nodes 10 --pieces 9-3
check "no such file" relabel "$dir/none.dat" --out "$dir/x.dat" --nodes 10
printf 'NOTDATA!' >"$dir/bad.dat"
check "bad.dat" relabel "$dir/bad.dat" --out "$dir/x.dat" --nodes 10
check "no tempo binary at /nonexistent" /usr/bin/python3 "$here/train/relabel.py" --tempo /nonexistent "$dir/d.dat" \
    --out "$dir/x.dat" --nodes 10
[[ ! -e $dir/x.dat ]] || fail "a refused run wrote its output"
echo "relabel_sh.sh: all checks passed"
