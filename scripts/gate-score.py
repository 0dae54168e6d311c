#!/usr/bin/env python3
"""Score the PDN files of matches against one opponent (the gates of docs/strength.md), and
compare runs over the same games.

    scripts/gate-score.py control=control-a.pdn,control-b.pdn ep2=ep2-a.pdn,ep2-b.pdn
    scripts/gate-score.py --align control=control-a.pdn,control-b.pdn ep2=ep2-a.pdn,ep2-b.pdn
    scripts/gate-score.py --opponent cake /work/data/gates/try14.pdn
    scripts/gate-score.py --ballots 20 control=control-a.pdn,control-b.pdn es55=es55-a.pdn,es55-b.pdn

A run is `NAME=FILE[,FILE...]` (its games are those of all its files) or a single FILE (named
after it). In every game the opponent (`--opponent`, default `cake`) plays one colour and the run's
engine the other, whatever its name in the file, so the two halves of a deck played under two
names (`ep2-a`, `ep2-b`) make one run. Unfinished games (Result `*`) are left out.

For each run: games, +W -L =D for the engine, its score, the Elo difference with its 95% interval
(the trinomial model of `tempo match`'s line), the same by colour, and how the games ended (the
Termination tags). English PDN (GameType 21): the Result's first number is Black's.

`--align` compares runs over the same games: all runs must have the same number of files, and the
k-th file of each is cut to the number of finished games of the shortest k-th file. A gate stopped
part way (or still running) is then compared with finished ones over the ballots it has played.
`--ballots N` then lists the N ballots that cost the engine most over all the runs together: for
each ballot (the PDN's Opening tag without its file name), the engine's +W -L =D as Black and as
White and the points it lost over the pair (losses minus wins). The opponent plays the same ballot with the other colour,
so a ballot lost as Black but not won as White is one where the opponent held what the engine
could not. Games without an Opening tag count under "(no opening)".
Exit status: 0, or 2 with a message for a missing or unreadable file, a file without a game of the
opponent, runs that --align cannot line up, or a negative --ballots.
"""

import argparse
import math
import os
import re
import sys

Finished = {"1-0": "black", "2-0": "black", "0-1": "white", "0-2": "white", "1/2-1/2": "draw", "1-1": "draw"}


def games_of(path, opponent):
    """The finished games of a PDN file against `opponent`: (engine's colour, outcome, termination,
    opening) in file order, outcome 'win', 'loss' or 'draw' for the engine, opening the Opening
    tag's ballot (see ballot_of) or '(no opening)'."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as e:
        raise ValueError(f"{path}: {e.strerror}")
    out = []
    for game in re.split(r"\n\s*\n(?=\[)", text):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', game))
        winner = Finished.get(tags.get("Result", "*"))
        if winner is None:
            continue
        if tags.get("Black") == opponent:
            colour = "white"
        elif tags.get("White") == opponent:
            colour = "black"
        else:
            continue
        outcome = "draw" if winner == "draw" else "win" if winner == colour else "loss"
        opening = ballot_of(tags.get("Opening", ""))
        out.append((colour, outcome, tags.get("Termination", "?"), opening))
    if not out:
        raise ValueError(f"{path}: no finished game against '{opponent}'")
    return out


def ballot_of(tag):
    """The ballot of an Opening tag, without the file it came from: the match runner writes
    'FILE #N: MOVES', and the same ballot played from two files (a deck cut in halves) is one."""
    tag = tag.strip()
    if not tag:
        return "(no opening)"
    m = re.match(r"^\S+ (#\d+: .*)$", tag)
    return m.group(1) if m else tag


EloCap = 999.0  # what tempo match shows for a score of 0 or 1, and the most it shows at all


def elo(score):
    if score <= 0:
        return -EloCap
    if score >= 1:
        return EloCap
    return max(-EloCap, min(EloCap, -400.0 * math.log10(1.0 / score - 1.0)))


def line(w, l, d):
    """'+W -L =D, score S%, Elo E [LO, HI]' as tempo match computes it (trinomial, 95%)."""
    n = w + l + d
    if n == 0:
        return "no games"
    m = (w + 0.5 * d) / n
    var = (w * (1 - m) ** 2 + l * m * m + d * (0.5 - m) ** 2) / n
    se = math.sqrt(var / n)
    return (f"+{w} -{l} ={d}, score {100 * m:.1f}%, Elo {elo(m):+.1f} "
            f"[{elo(m - 1.96 * se):+.1f}, {elo(m + 1.96 * se):+.1f}]")


def count(games, colour=None):
    picked = [o for c, o, _, _ in games if colour in (None, c)]
    return picked.count("win"), picked.count("loss"), picked.count("draw")


def parse_run(spec):
    name, sep, files = spec.partition("=")
    if not sep:
        return os.path.splitext(os.path.basename(spec))[0], [spec]
    paths = [p for p in files.split(",") if p]
    if not name or not paths:
        raise ValueError(f"'{spec}': a run is NAME=FILE[,FILE...] or FILE")
    return name, paths


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("runs", nargs="+", metavar="RUN", help="NAME=FILE[,FILE...] or FILE")
    ap.add_argument("--opponent", default="cake", help="the opponent's name in the PDN (default: cake)")
    ap.add_argument("--align", action="store_true", help="compare the runs over the same games (see above)")
    ap.add_argument("--ballots", type=int, default=0, metavar="N",
                    help="list the N ballots that cost the engine most, all runs together (see above)")
    args = ap.parse_args(argv)
    if args.ballots < 0:
        print(f"gate-score.py: --ballots {args.ballots}: give a count of 0 or more", file=sys.stderr)
        return 2
    try:
        runs = []
        for spec in args.runs:
            name, paths = parse_run(spec)
            runs.append((name, [games_of(p, args.opponent) for p in paths]))
    except ValueError as e:
        print(f"gate-score.py: {e}", file=sys.stderr)
        return 2
    if args.align:
        parts = {len(files) for _, files in runs}
        if len(parts) != 1:
            print("gate-score.py: --align needs the same number of files in every run", file=sys.stderr)
            return 2
        cut = [min(len(files[k]) for _, files in runs) for k in range(parts.pop())]
        runs = [(name, [g[:n] for g, n in zip(files, cut)]) for name, files in runs]
        print(f"aligned: the first {' and '.join(str(n) for n in cut)} games of each run's files")
    width = max(len(name) for name, _ in runs)
    for name, files in runs:
        games = [g for part in files for g in part]
        print(f"{name:<{width}}  {len(games)} games, {line(*count(games))}")
        print(f"{'':<{width}}  as Black {line(*count(games, 'black')).split(', score')[0]}, "
              f"as White {line(*count(games, 'white')).split(', score')[0]}")
        ends = {}
        for _, _, t, _ in games:
            ends[t] = ends.get(t, 0) + 1
        print(f"{'':<{width}}  endings: " + ", ".join(f"{t} {n}" for t, n in sorted(ends.items())))
    if args.ballots > 0:
        print_ballots([g for _, files in runs for part in files for g in part], args.ballots)
    return 0


def print_ballots(games, n):
    """The n ballots where the engine lost the most points (losses minus wins, both colours)."""
    by = {}
    for game in games:
        by.setdefault(game[3], []).append(game)
    def lost(gs):
        w, l, _ = count(gs)
        return l - w
    order = sorted(by, key=lambda b: (-lost(by[b]), b))[:n]
    print(f"ballots that cost the most ({len(by)} played; points lost = losses - wins):")
    for b in order:
        print(f"  {b}: as Black {line(*count(by[b], 'black')).split(', score')[0]}, "
              f"as White {line(*count(by[b], 'white')).split(', score')[0]}, lost {lost(by[b])}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
