#!/usr/bin/env bash
# Training data from match games, with a real tempo on every step: train/openings.py writes
# random level openings, `tempo match` plays them (here tempo against itself at a few hundred
# nodes, in use an opponent such as Cake through ../shared/sparring), and `tempo datagen --pdn`
# writes each position of the games with a search score and the game's recorded result. Bad
# inputs exit with a message and write nothing.
# usage: tests/games_data_sh.sh TEMPO_BINARY (skipped, exit 77, without Debian's python3 and numpy)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tempo=$1
/usr/bin/python3 -c 'import numpy' 2>/dev/null || { echo "games_data_sh.sh: no numpy for /usr/bin/python3; skipped"; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "games_data_sh.sh: $*" >&2; exit 1; }

# Openings: the same seed gives the same file; each is a level position 6 plies in (its search
# score is checked below, with the games).
openings() { /usr/bin/python3 "$here/train/openings.py" --tempo "$tempo" "$@"; }
openings --count 4 --plies 6 --seed 3 --nodes 2000 --max-score 100 --out "$dir/open.fen" 2>"$dir/o.log" ||
    fail "openings.py failed: $(cat "$dir/o.log")"
openings --count 4 --plies 6 --seed 3 --nodes 2000 --max-score 100 --out "$dir/again.fen" 2>/dev/null
cmp -s "$dir/open.fen" "$dir/again.fen" || fail "openings.py with one seed wrote two files"
[[ $(grep -vc '^#' "$dir/open.fen") == 4 ]] || fail "openings.py did not write 4 openings: $(cat "$dir/open.fen")"
grep -v '^#' "$dir/open.fen" | grep -qv '^B:W.*:B' && fail "an opening is not Black to move (6 plies in)"
openings --count 0 --out "$dir/none.fen" 2>/dev/null && fail "openings.py took --count 0"
[[ ! -e $dir/none.fen ]] || fail "openings.py wrote a file for a bad --count"
/usr/bin/python3 "$here/train/openings.py" --tempo "$dir/no-such-tempo" --count 2 --out "$dir/none.fen" \
    2>"$dir/o.log" && fail "openings.py ran without a tempo binary"
[[ $(wc -l <"$dir/o.log") == 1 ]] && grep -q "cannot start tempo '$dir/no-such-tempo'" "$dir/o.log" ||
    fail "openings.py without a tempo binary did not say so in one line: $(cat "$dir/o.log")"
[[ ! -e $dir/none.fen ]] || fail "openings.py wrote a file without a tempo binary"

# From the ballots: each opening is a played ballot and then 2 random moves, so White is to move
# (3 + 2 plies), and its position is one of those 2 moves from a played ballot's, checked by
# tempo itself. A barred ballot never begins one; a bad ballot file is named and writes nothing.
ballots=$here/tests/data/ballots-english-3move.csv
openings --count 6 --plies 2 --seed 5 --nodes 2000 --ballots "$ballots" --out "$dir/b.fen" 2>"$dir/o.log" ||
    fail "openings.py --ballots failed: $(cat "$dir/o.log")"
[[ $(grep -vc '^#' "$dir/b.fen") == 6 ]] || fail "openings.py --ballots did not write 6 openings: $(cat "$dir/b.fen")"
grep -v '^#' "$dir/b.fen" | grep -qv '^W:' && fail "an opening from a ballot is not White to move (5 plies in)"
/usr/bin/python3 - "$tempo" "$ballots" "$dir/b.fen" <<'PY' || fail "an opening is not 2 moves from a played ballot"
import subprocess, sys
tempo, ballots, fens = sys.argv[1], sys.argv[2], sys.argv[3]
played, barred = [], []
for line in open(ballots):
    f = line.strip().split(",")
    if len(f) >= 3 and f[2] in ("crossboard", "mailplay"):
        played.append(f[1])
    elif len(f) >= 3 and f[2] == "barred":
        barred.append(f[1])
assert len(played) == 156 and barred, (len(played), len(barred))
def ask(commands, prefix):
    """The lines starting with prefix, one per command pair, from one tempo session."""
    out = subprocess.run([tempo], input="uci\n" + "\n".join(commands) + "\nquit\n",
                         capture_output=True, text=True, check=True).stdout.splitlines()
    return [l for l in out if l.startswith(prefix)]
def legal(lines):
    return [l.split()[1:] for l in ask([c for m in lines for c in (f"position startpos moves {m}", "legal")], "legal")]
def fen_of(lines):
    return [l[5:] for l in ask([c for m in lines for c in (f"position startpos moves {m}", "d")], "Fen: ")]
# Every position two moves after a ballot: the set the openings must come from.
lines = played + barred
one = [f"{b} {a}" for b, moves in zip(lines, legal(lines)) for a in moves]
two = [f"{m} {a}" for m, moves in zip(one, legal(one)) for a in moves]
reach = {}
for line, fen in zip(two, fen_of(two)):
    reach.setdefault(fen, set()).add(any(line.startswith(p + " ") for p in played))
for fen in (l.strip() for l in open(fens) if not l.startswith("#")):
    assert True in reach.get(fen, ()), f"{fen} is not 2 moves after a played ballot"
PY
printf '# not ballots\nindex,moves\n1,9-13\n' >"$dir/bad.csv"
openings --count 2 --plies 2 --ballots "$dir/bad.csv" --out "$dir/none.fen" 2>"$dir/o.log" &&
    fail "openings.py took a file that is not a ballot file"
grep -q "bad.csv: not a ballot file" "$dir/o.log" || fail "a bad ballot file was not named: $(cat "$dir/o.log")"
printf 'index,opening,status\n1,9-13 22-18 13x22,crossboard\n' >"$dir/bad.csv"
openings --count 2 --plies 2 --ballots "$dir/bad.csv" --out "$dir/none.fen" 2>"$dir/o.log" &&
    fail "openings.py took a ballot that is not legal"
grep -q "refused the moves 9-13 22-18 13x22" "$dir/o.log" || fail "an illegal ballot was not named: $(cat "$dir/o.log")"
[[ ! -e $dir/none.fen ]] || fail "openings.py wrote a file from a bad ballot file"

# A match from those openings, both colours of each (the network against the classic evaluation,
# so that the two games of an opening differ).
"$tempo" match -engine cmd="$tempo" name=a option.OwnBook=false \
    -engine cmd="$tempo" name=b option.OwnBook=false option.Evaluation=classic \
    -each nodes=300 -openings file="$dir/open.fen" order=sequential -games 2 -rounds 4 -concurrency 2 \
    -pdnout "$dir/games.pdn" >"$dir/match.log" 2>&1 || fail "match failed: $(cat "$dir/match.log")"
[[ $(grep -c '^\[Result ' "$dir/games.pdn") == 8 ]] || fail "the match did not record 8 games"

# The positions of the games as data: twice, with one and two threads, the same records.
"$tempo" datagen --out "$dir/one.dat" --pdn "$dir/games.pdn" --nodes 200 --egdb 4 --threads 1 \
    >"$dir/d1.log" 2>&1 || fail "datagen --pdn failed: $(cat "$dir/d1.log")"
"$tempo" datagen --out "$dir/two.dat" --pdn "$dir/games.pdn" --nodes 200 --egdb 4 --threads 2 \
    >"$dir/d2.log" 2>&1 || fail "datagen --pdn --threads 2 failed: $(cat "$dir/d2.log")"
"$tempo" datagen --out "$dir/first.dat" --pdn "$dir/games.pdn" --nodes 200 --egdb 0 --games 1 \
    --threads 1 >/dev/null 2>&1 || fail "datagen --pdn --games 1 failed"

# The expected records, from the record itself: each position before a move with no capture
# pending (the protocol's `legal` shows whether the moves there are captures), once.
/usr/bin/python3 - "$here/train" "$dir" "$tempo" <<'PY' || fail "the data does not hold the games' positions"
import re, subprocess, sys
sys.path.insert(0, sys.argv[1])
import tempo_data as td
d, tempo = sys.argv[2], sys.argv[3]
games = []
for block in open(f"{d}/games.pdn").read().split("[Event ")[1:]:
    tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', "[Event " + block))
    text = re.sub(r"\[[^\]]*\]", "", block.split("]", 1)[1])
    text = re.sub(r"\{[^}]*\}", "", text)
    moves = [w for w in text.split() if re.fullmatch(r"\d+(?:[-x]\d+)+", w) and w not in ("1-0", "0-1")]
    games.append((tags["FEN"], moves, tags["Result"]))
assert len(games) == 8

def fen(r):
    sq = lambda m: [str(s + 1) for s in range(32) if m >> s & 1]
    side = lambda m: ",".join(("K" if r["kings"] >> (int(s) - 1) & 1 else "") + s for s in sq(m))
    return ("W" if r["flags"] & 1 else "B") + ":W" + side(int(r["white"])) + ":B" + side(int(r["black"]))

proc = subprocess.Popen([tempo], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
def ask(cmds, until):
    proc.stdin.write("".join(c + "\n" for c in cmds)); proc.stdin.flush()
    out = []
    while True:
        line = proc.stdout.readline().rstrip("\n")
        out.append(line)
        if line.startswith(until):
            return out
labels = {}  # FEN -> the results for the side to move of the games that reach it
for line in open(f"{d}/open.fen").read().splitlines()[1:]:
    out = ask(["setoption name OwnBook value false", f"position fen {line}", "go nodes 2000"], "bestmove")
    scores = [l.split(" score cp ")[1].split()[0] for l in out if " score cp " in l]
    assert scores and abs(int(scores[-1])) <= 100, f"opening {line} scores {scores[-1:]}"
positions_of_game_1 = set()
for g, (start, moves, result) in enumerate(games):
    for i in range(len(moves)):
        out = ask([f"position fen {start} moves {' '.join(moves[:i])}".rstrip(), "d", "legal"], "legal")
        pos = next(l[5:] for l in out if l.startswith("Fen: "))
        legal = out[-1].split()[1:]
        if any("x" in m for m in legal):
            continue
        black_won = {"1-0": True, "0-1": False}.get(result)
        label = 1 if black_won is None else (2 if black_won == pos.startswith("B") else 0)
        labels.setdefault(pos, []).append(label)
        if g == 0:
            positions_of_game_1.add(pos)
proc.stdin.write("quit\n"); proc.stdin.close(); proc.wait()

one, two = td.read(f"{d}/one.dat"), td.read(f"{d}/two.dat")
got = {fen(r): (int(r["result"]), int(r["score"])) for r in one}
got2 = {fen(r): (int(r["result"]), int(r["score"])) for r in two}
assert len(got) == len(one) and len(got2) == len(two), "a position written twice"
assert set(got) == set(labels) == set(got2), (len(got), len(labels), sorted(set(labels) ^ set(got))[:4])
# A position of one game only has that game's result, and the same score whatever the threads
# (each game is searched from a cleared table); one reached in several games has one of theirs.
once = [f for f in labels if len(labels[f]) == 1]
assert len(once) > len(labels) // 2, (len(once), len(labels))
wrong = [f for f in once if got[f][0] != labels[f][0]]
assert not wrong, f"results differ from the records at {wrong[:3]}"
assert all(got[f][0] in labels[f] and got2[f][0] in labels[f] for f in labels)
assert all(got[f] == got2[f] for f in once), "two threads gave other labels"
assert (one["score"] != 0).any(), "no searched score"
assert not td.exact(one).any() or (td.piece_count(one)[td.exact(one)] <= 4).all()
first = {fen(r) for r in td.read(f"{d}/first.dat")}
assert first and first < set(got), "--games 1 is not a part of the whole"
assert first == positions_of_game_1, "--games 1 is not the first game"
PY

# Bad input: an illegal move names its game and move and writes nothing; a file of unfinished
# games, a missing file and --pdn with --endgames are refused.
sed '0,/^1\. /s/^1\. [0-9]*-[0-9]*/1. 1-5/' "$dir/games.pdn" >"$dir/bad.pdn"
if "$tempo" datagen --out "$dir/bad.dat" --pdn "$dir/bad.pdn" --nodes 100 --egdb 0 >"$dir/bad.log" 2>&1; then
    fail "datagen took an illegal move"
fi
grep -q "game 1 .*1-5" "$dir/bad.log" || fail "the error does not name the game and move: $(cat "$dir/bad.log")"
[[ ! -e $dir/bad.dat ]] || fail "datagen wrote a file for a bad record"
sed 's/^\[Result "[^"]*"\]/[Result "*"]/; s/ \(1-0\|0-1\|1\/2-1\/2\)$/ */' "$dir/games.pdn" >"$dir/open.pdn"
"$tempo" datagen --out "$dir/open.dat" --pdn "$dir/open.pdn" --egdb 0 >"$dir/open.log" 2>&1 &&
    fail "datagen took a file of unfinished games"
grep -q "no finished English game" "$dir/open.log" || fail "unclear error: $(cat "$dir/open.log")"
"$tempo" datagen --out "$dir/x.dat" --pdn "$dir/missing.pdn" --egdb 0 >/dev/null 2>&1 && fail "took a missing file"
"$tempo" datagen --out "$dir/x.dat" --pdn "$dir/games.pdn" --endgames 2-4 >/dev/null 2>&1 && fail "took --endgames"
[[ ! -e $dir/x.dat && ! -e $dir/open.dat ]] || fail "a refused run wrote a file"
echo "games_data_sh.sh: passed"
