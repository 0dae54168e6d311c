#!/usr/bin/env bash
# scripts/gate-score.py against the match runner itself: a real `tempo match` (two depths of this
# build's tempo over four ballots, both colours) writes a PDN and prints its line; the script must
# give the same +W -L =D and Elo interval from the PDN, the same by colour as the PDN's tags, cut
# two runs to their common games with --align, list each ballot's games with --ballots, and refuse
# a missing file, a file without the opponent, runs --align cannot line up and a negative
# --ballots (exit 2, a message naming the problem).
# usage: tests/gate_score_sh.sh TEMPO_BINARY (skipped, exit 77, without a python3)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tempo=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "gate_score_sh.sh: $*" >&2; exit 1; }
py=$(command -v /usr/bin/python3 || command -v python3 || true)
[[ -n $py ]] || { echo "gate_score_sh.sh: no python3; skipped"; exit 77; }
python3() { "$py" "$@"; }
score() { python3 "$here/scripts/gate-score.py" "$@"; }

"$tempo" match -engine "cmd=$tempo" name=deep depth=3 option.OwnBook=false \
    -engine "cmd=$tempo" name=shallow depth=1 option.OwnBook=false \
    -openings "file=$here/tests/data/ballots-english-3move.csv" order=sequential \
    -games 2 -rounds 4 -concurrency 1 -pdnout "$dir/m.pdn" >"$dir/match.log" 2>&1 ||
    fail "tempo match failed: $(tail -5 "$dir/match.log")"

# The runner's summary: "deep vs shallow: 8 games, +W -L =D, score S%" and "Elo difference: E [LO, HI] (95%)".
want_games=$(sed -n 's/^deep vs shallow: 8 games, \(+[0-9]* -[0-9]* =[0-9]*, score [0-9.]*%\)$/\1/p' "$dir/match.log")
want_elo=$(sed -n 's/^Elo difference: \(.*\) (95%).*/\1/p' "$dir/match.log")
[[ -n $want_games && -n $want_elo ]] || fail "no summary in the match log: $(tail -5 "$dir/match.log")"
score deep="$dir/m.pdn" --opponent shallow >"$dir/out" || fail "gate-score.py failed"
first=$(head -1 "$dir/out")
[[ $first == "deep  8 games, $want_games, Elo $want_elo" ]] || fail "'$first' is not the runner's '$want_games, Elo $want_elo'"

# By colour, against the PDN's own tags (deep's wins: Black's wins where deep is Black, ...).
python3 - "$dir/m.pdn" "$dir/out" <<'PY' || fail "the colour line disagrees with the PDN"
import re, sys
games = [dict(re.findall(r'\[(\w+) "([^"]*)"\]', g)) for g in re.split(r"\n\s*\n(?=\[)", open(sys.argv[1]).read())]
games = [g for g in games if g.get("Result", "*") != "*"]
assert len(games) == 8, len(games)
def tally(colour):
    w = l = d = 0
    for g in games:
        if g[colour.capitalize()] != "deep":
            continue
        r = g["Result"]
        if r in ("1/2-1/2", "1-1"):
            d += 1
        elif (r in ("2-0", "1-0")) == (colour == "black"):
            w += 1
        else:
            l += 1
    return f"+{w} -{l} ={d}"
want = f"as Black {tally('black')}, as White {tally('white')}"
got = open(sys.argv[2]).read().splitlines()[1].strip()
assert got == want, (got, want)
PY

# --align: a run with the first three games only cuts the other to its first three.
python3 - "$dir/m.pdn" "$dir/three.pdn" <<'PY'
import re, sys
games = re.split(r"\n\s*\n(?=\[)", open(sys.argv[1]).read().strip())
open(sys.argv[2], "w").write("\n\n".join(games[:3]) + "\n")
PY
score all="$dir/m.pdn" three="$dir/three.pdn" --opponent shallow --align >"$dir/aligned" || fail "--align failed"
grep -q "^aligned: the first 3 games" "$dir/aligned" || fail "--align did not cut to 3 games: $(cat "$dir/aligned")"
[[ $(grep -c " 3 games, " "$dir/aligned") == 2 ]] || fail "--align: both runs should count 3 games: $(cat "$dir/aligned")"
a=$(grep "^all " "$dir/aligned" | sed 's/^all *//')
b=$(grep "^three " "$dir/aligned" | sed 's/^three *//')
[[ $a == "$b" ]] || fail "--align: the same games scored differently: '$a' and '$b'"

# --ballots: each ballot's line against the PDN's own tags, the costliest first; a copy of the
# file whose Opening tags name another deck file counts as the same ballots (twice the games).
sed 's/^\[Opening "[^ ]* #/[Opening "half-deck.csv #/' "$dir/m.pdn" >"$dir/renamed.pdn"
grep -q '^\[Opening "half-deck.csv #' "$dir/renamed.pdn" || fail "the renamed copy has no renamed Opening tag"
score deep="$dir/m.pdn" --opponent shallow --ballots 10 >"$dir/b1" || fail "--ballots failed"
score deep="$dir/m.pdn,$dir/renamed.pdn" --opponent shallow --ballots 10 >"$dir/b2" || fail "--ballots (two files) failed"
python3 - "$dir/m.pdn" "$dir/b1" "$dir/b2" <<'PY' || fail "the ballot lines disagree with the PDN: $(cat "$dir/b1")"
import re, sys
games = [dict(re.findall(r'\[(\w+) "([^"]*)"\]', g)) for g in re.split(r"\n\s*\n(?=\[)", open(sys.argv[1]).read())]
games = [g for g in games if g.get("Result", "*") != "*"]
tally = {}
for g in games:
    ballot = g["Opening"].split(" ", 1)[1]
    colour = "black" if g["Black"] == "deep" else "white"
    r = g["Result"]
    o = "d" if r in ("1/2-1/2", "1-1") else "w" if (r in ("2-0", "1-0")) == (colour == "black") else "l"
    t = tally.setdefault(ballot, {"black": {"w": 0, "l": 0, "d": 0}, "white": {"w": 0, "l": 0, "d": 0}})
    t[colour][o] += 1
assert len(tally) == 4, tally
def rows(path, times):
    lines = open(path).read().splitlines()
    at = [i for i, l in enumerate(lines) if l.startswith("ballots that cost the most")]
    assert at and lines[at[0]].startswith("ballots that cost the most (4 played"), lines
    out = lines[at[0] + 1:]
    assert len(out) == 4, out
    lost_seen = []
    for l in out:
        m = re.match(r"^  (#\d+: .*): as Black \+(\d+) -(\d+) =(\d+), as White \+(\d+) -(\d+) =(\d+), lost (-?\d+)$", l)
        assert m, l
        t = tally[m.group(1)]
        got = [int(x) for x in m.groups()[1:]]
        want = [times * t[c][k] for c in ("black", "white") for k in ("w", "l", "d")]
        lost = times * (t["black"]["l"] + t["white"]["l"] - t["black"]["w"] - t["white"]["w"])
        assert got == want + [lost], (l, want, lost)
        lost_seen.append(lost)
    assert lost_seen == sorted(lost_seen, reverse=True), lost_seen
rows(sys.argv[2], 1)
rows(sys.argv[3], 2)
PY

# Refusals.
expect_refused() {
    local what=$1; shift
    local status=0
    score "$@" >"$dir/r.out" 2>"$dir/r.err" || status=$?
    [[ $status -eq 2 ]] || fail "'$*' exited $status, not 2"
    grep -q "$what" "$dir/r.err" || fail "'$*' should say '$what': $(cat "$dir/r.err")"
}
expect_refused "missing.pdn: No such file" "$dir/missing.pdn"
expect_refused "no finished game against 'nobody'" "$dir/m.pdn" --opponent nobody
expect_refused "same number of files" a="$dir/m.pdn" b="$dir/m.pdn,$dir/three.pdn" --opponent shallow --align
expect_refused "ballots -1: give a count of 0 or more" "$dir/m.pdn" --opponent shallow --ballots -1
echo "gate_score_sh.sh: ok"
