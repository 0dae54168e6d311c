#!/usr/bin/python3
"""The positions of real games as a start file for `tempo datagen --starts`.

Reads the CSV that `tempo analyse GAMES.pdn --csv --all` writes (a row a judged move, the FEN
before it in the column `fen`) and writes each position once, one PDN FEN a line, sorted, after
a comment that names the sources. `--pieces LO-HI` keeps the positions of LO..HI pieces (the
middle game, say, where the long king endings of drawn games would otherwise be most of the
file); `--mover NAME` keeps the positions where that player (the CSV's `player`) was to move.

    tempo analyse match.pdn --depth 1 --csv --all > match.csv
    train/starts.py match.csv --out match.fen --pieces 10-24
    tempo datagen --out matchplay.dat --starts match.fen --games 20000 --threads 2
"""
import argparse
import csv
import sys


def pieces(fen):
    """The number of pieces of a PDN FEN such as B:W21,22:BK1,5 (no ranges)."""
    if not fen:
        raise ValueError("no FEN in the row")
    fields = fen.strip().split(":")
    if len(fields) != 3 or fields[0] not in ("B", "W"):
        raise ValueError(f"'{fen}' is not a PDN FEN of the form B:W...:B...")
    count = 0
    for side in fields[1:]:
        if side[:1] not in ("W", "B"):
            raise ValueError(f"'{fen}' is not a PDN FEN of the form B:W...:B...")
        count += sum(1 for square in side[1:].split(",") if square)
    return count


def parse_range(text):
    try:
        lo, hi = (int(x) for x in text.split("-"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not LO-HI, e.g. 10-24")
    if not 2 <= lo <= hi <= 24:
        raise argparse.ArgumentTypeError(f"'{text}': LO-HI with 2 <= LO <= HI <= 24")
    return lo, hi


def collect(paths, lo=2, hi=24, mover=None):
    """The set of FENs of the CSV files, filtered; raises ValueError naming a bad file."""
    fens = set()
    players = set()
    for path in paths:
        with open(path, newline="") as f:
            rows = csv.DictReader(f)
            if not rows.fieldnames or "fen" not in rows.fieldnames:
                raise ValueError(f"{path}: no column 'fen' (is it `tempo analyse --csv` output?)")
            if mover is not None and "player" not in rows.fieldnames:
                raise ValueError(f"{path}: no column 'player' for --mover")
            for row in rows:
                fen = row["fen"]
                try:
                    n = pieces(fen)
                except ValueError as e:
                    raise ValueError(f"{path}:{rows.line_num}: {e}")
                players.add(row.get("player"))
                if lo <= n <= hi and (mover is None or row.get("player") == mover):
                    fens.add(fen)
    if mover is not None and mover not in players:
        raise ValueError(f"no player '{mover}' in the files (players: {', '.join(sorted(p for p in players if p))})")
    return fens


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", nargs="+", help="`tempo analyse --csv --all` output")
    parser.add_argument("--out", required=True, help="the FEN file to write")
    parser.add_argument("--pieces", type=parse_range, default=(2, 24), help="keep LO..HI pieces (default 2-24)")
    parser.add_argument("--mover", help="keep the positions where this player was to move")
    args = parser.parse_args(argv)
    try:
        fens = collect(args.csv, *args.pieces, args.mover)
    except (OSError, ValueError) as e:
        print(f"starts.py: {e}", file=sys.stderr)
        return 1
    if not fens:
        print("starts.py: no position is left after the filters", file=sys.stderr)
        return 1
    with open(args.out, "w") as f:
        f.write(f"# {len(fens)} positions of {' '.join(args.csv)}, {args.pieces[0]}-{args.pieces[1]} pieces"
                + (f", {args.mover} to move" if args.mover else "") + "\n")
        for fen in sorted(fens):
            f.write(fen + "\n")
    print(f"starts.py: {len(fens)} positions written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
