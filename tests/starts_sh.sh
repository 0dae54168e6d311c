#!/usr/bin/env bash
# The positions of real games as starts for self-play, with a real tempo: `tempo analyse --csv
# --all` lists the positions of a PDN, train/starts.py keeps each once (filtered by pieces and by
# the player to move), and `tempo datagen --starts` plays a game on from each, so each start
# without a capture pending is in the data. Bad inputs exit 1 with a message (a bad option 2) and
# write nothing.
# usage: tests/starts_sh.sh TEMPO_BINARY (skipped, exit 77, without Debian's python3 and numpy)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tempo=$1
/usr/bin/python3 -c 'import numpy' 2>/dev/null || { echo "starts_sh.sh: no numpy for /usr/bin/python3; skipped"; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "starts_sh.sh: $*" >&2; exit 1; }
starts() { /usr/bin/python3 "$here/train/starts.py" "$@"; }

"$tempo" analyse "$here/tests/data/starts-games.pdn" --depth 1 --csv --all >"$dir/games.csv" 2>"$dir/analyse.log" ||
    fail "analyse failed: $(cat "$dir/analyse.log")"
starts "$dir/games.csv" "$dir/games.csv" --out "$dir/all.fen" >"$dir/all.log" || fail "starts.py failed: $(cat "$dir/all.log")"
starts "$dir/games.csv" --out "$dir/few.fen" --pieces 2-22 >/dev/null || fail "starts.py --pieces failed"
starts "$dir/games.csv" --out "$dir/a.fen" --mover a >/dev/null || fail "starts.py --mover failed"

/usr/bin/python3 - "$dir" <<'PY' || fail "the start files are wrong"
import csv, sys
d = sys.argv[1]
rows = list(csv.DictReader(open(f"{d}/games.csv")))
assert len(rows) > 10, len(rows)
def fens(name):
    lines = open(f"{d}/{name}").read().splitlines()
    assert lines[0].startswith("#"), lines[0]
    assert lines[1:] == sorted(set(lines[1:])), "not sorted, or not each once"
    return lines[1:]
def count(fen):
    return sum(1 for side in fen.split(":")[1:] for s in side[1:].split(",") if s)
every = {r["fen"] for r in rows}
assert set(fens("all.fen")) == every, "the file read twice must give each position once"
assert set(fens("few.fen")) == {f for f in every if count(f) <= 22} != every
assert set(fens("a.fen")) == {r["fen"] for r in rows if r["player"] == "a"} != every
PY

"$tempo" datagen --out "$dir/play.dat" --starts "$dir/all.fen" --games "$(($(wc -l <"$dir/all.fen") - 1))" \
    --nodes 300 --egdb 0 --threads 2 --seed 7 >"$dir/datagen.log" 2>&1 || fail "datagen failed: $(cat "$dir/datagen.log")"
/usr/bin/python3 - "$here/train" "$dir" <<'PY' || fail "the data does not start from the start file"
import csv, sys
sys.path.insert(0, sys.argv[1])
import tempo_data as td
d = sys.argv[2]
rec = td.read(f"{d}/play.dat")
def fen(r):
    sq = lambda m: [str(s + 1) for s in range(32) if m >> s & 1]
    side = lambda m: ",".join(("K" if r["kings"] >> (int(s) - 1) & 1 else "") + s for s in sq(m))
    return ("W" if r["flags"] & 1 else "B") + ":W" + side(int(r["white"])) + ":B" + side(int(r["black"]))
written = {fen(r) for r in rec}
# A start whose mover had a quiet move to choose (the played and the better move are not captures)
# has no capture pending, so it is its game's first record.
quiet = {r["fen"] for r in csv.DictReader(open(f"{d}/games.csv")) if "x" not in r["played"] + r["better"]}
starts = set(open(f"{d}/all.fen").read().splitlines()[1:])
assert quiet and quiet <= starts
missing = quiet - written
assert not missing, f"starts not in the data: {sorted(missing)[:3]}"
assert len(rec) > len(quiet), "the games did not go on from the starts"
print(f"{len(starts)} starts, {len(quiet)} quiet, {len(rec)} records")
PY

check() {  # check EXPECTED-MESSAGE ARGS...: exit 1 with the message, nothing written
    local want=$1 msg rc
    shift
    set +e
    msg=$("$@" 2>&1)
    rc=$?
    set -e
    [[ $rc == 1 && $msg == *"$want"* ]] || fail "$*: rc $rc, '$msg' (wanted '$want')"
}
check "No such file" starts "$dir/none.csv" --out "$dir/x.fen"
printf 'a,b\n1,2\n' >"$dir/other.csv"
check "no column 'fen'" starts "$dir/other.csv" --out "$dir/x.fen"
printf 'fen\nB:W21:B1\nX:W1\n' >"$dir/bad.csv"
check "bad.csv:3: 'X:W1' is not a PDN FEN" starts "$dir/bad.csv" --out "$dir/x.fen"
check "no player 'nobody' in the files (players: a, b)" starts "$dir/games.csv" --out "$dir/x.fen" --mover nobody
check "no position is left" starts "$dir/games.csv" --out "$dir/x.fen" --pieces 2-3
printf 'player,fen\na,B:W21:B1\nshort\n' >"$dir/short.csv"
check "short.csv:3: no FEN in the row" starts "$dir/short.csv" --out "$dir/x.fen"
[[ ! -e $dir/x.fen ]] || fail "a refused run wrote its output"
set +e
msg=$(starts "$dir/games.csv" --out "$dir/x.fen" --pieces 9-3 2>&1)
rc=$?
set -e
[[ $rc == 2 && $msg == *"LO-HI with 2 <= LO <= HI <= 24"* ]] || fail "--pieces 9-3: rc $rc, '$msg'"
echo "starts_sh.sh: all checks passed"
