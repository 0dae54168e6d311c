#!/usr/bin/python3
"""Deeper labels: the searched positions of English data files searched again, at more nodes.

    train/relabel.py IN... --out OUT --nodes N [--pieces LO-HI] [--workers W] [--eval-file NET]
    train/relabel.py gen14/chunk-*.dat --out gen14-deep.dat --nodes 40000 --pieces 14-22 --workers 2

OUT holds every record of the IN files, in their order. The chosen ones (LO..HI pieces, and not
exact: the endgame database's labels stay) get the score of `go nodes N` from tempo (no book, no
database, the built-in network unless --eval-file), clamped to +-10000 as `tempo datagen` clamps,
a proven win or loss +-10000; results and flags stay. Every position is searched from a cleared
table (`ucinewgame`), so the same command makes the same file however it was stopped and started.

Restartable: worker K appends its records to OUT.part-K (every W-th chosen record, from the K-th),
and OUT.parts keeps the settings they were searched with, so a stopped run goes on with the same
command (another --nodes, --pieces, --workers, --hash or --eval-file is refused); OUT is written
when every part is whole, and the parts are removed. --max-records M stops each worker after M
more records (the parts stay), to split the work over several sittings. The workers are tempo
processes, one a core is the sensible number; pin the whole command with taskset to keep it off a
core.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import threading
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tempo_data as td  # noqa: E402

Stopped = 3  # exit code of a run cut short by --max-records


def fail(message):
    print(f"relabel.py: {message}", file=sys.stderr)
    sys.exit(2)


def pieces_range(text):
    m = re.fullmatch(r"(\d+)-(\d+)", text)
    if not m or not 1 <= int(m.group(1)) <= int(m.group(2)) <= td.MaxPieces:
        raise argparse.ArgumentTypeError(f"'{text}' is not LO-HI with 1 <= LO <= HI <= {td.MaxPieces}")
    return int(m.group(1)), int(m.group(2))


def positive(text):
    if not re.fullmatch(r"[0-9]+", text) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not a positive whole number")
    return int(text)


def fen(r):
    """The PDN FEN of an English record (bit s is PDN square s + 1)."""
    kings = int(r["kings"])

    def side(bb):
        return ",".join(("K" if kings >> s & 1 else "") + str(s + 1) for s in range(32) if int(bb) >> s & 1)

    return f"{'W' if r['flags'] & td.FlagWhiteToMove else 'B'}:W{side(r['white'])}:B{side(r['black'])}"


class Engine:
    """One tempo process that answers `go nodes N` with a score."""

    def __init__(self, tempo, hash_mb, eval_file):
        self.p = subprocess.Popen([tempo], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        setup = ["setoption name OwnBook value false", "setoption name EGDB value false",
                 f"setoption name Hash value {hash_mb}"]
        if eval_file:
            setup.append(f"setoption name EvalFile value {eval_file}")
        self.send("\n".join(setup) + "\nisready\n")
        for line in self.lines("readyok"):
            if line.startswith("info string error"):
                raise RuntimeError(f"tempo refused the set-up: {line.strip()}")

    def send(self, text):
        self.p.stdin.write(text)
        self.p.stdin.flush()

    def lines(self, last):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError(f"tempo ended (exit code {self.p.wait()})")
            yield line
            if line.startswith(last):
                return

    def score(self, position, nodes):
        self.send(f"ucinewgame\nposition fen {position}\ngo nodes {nodes}\n")
        score = None
        for line in self.lines("bestmove"):
            if line.startswith("info string error"):
                raise RuntimeError(f"tempo refused {position}: {line.strip()}")
            m = re.search(r" score (cp|mate) (-?\d+)", line)
            if m:
                value = int(m.group(2))
                score = value if m.group(1) == "cp" else (10000 if value > 0 else -10000)
        if score is None:
            raise RuntimeError(f"no score from tempo for {position}")
        return max(-10000, min(10000, score))

    def close(self):
        try:
            self.send("quit\n")
            self.p.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.p.kill()


def part_records(path, expected):
    """The records of a worker's part file, checked against the records it should hold."""
    if not os.path.exists(path):
        return 0
    size = os.path.getsize(path)
    if size < td.HeaderSize:  # a run stopped while it wrote the header
        os.remove(path)
        return 0
    whole = td.HeaderSize + (size - td.HeaderSize) // td.RecordSize * td.RecordSize
    if whole != size:  # a run stopped while it wrote a batch: its last record is torn
        os.truncate(path, whole)
    try:
        done = td.read(path, td.English)
    except ValueError as e:
        fail(f"{path}: {e}; delete it to make it again")
    n = len(done)
    if n > len(expected) or any((done[f] != expected[f][:n]).any() for f in ("black", "white", "kings", "flags")):
        fail(f"{path} holds other positions than these inputs give to it (other IN files, --pieces or "
             "--workers?); delete it to start the part again")
    return n


def main(argv):
    ap = argparse.ArgumentParser(description="Search the positions of English training data again, deeper.")
    ap.add_argument("inputs", nargs="+", metavar="IN", help="English data files (docs/network-format.md)")
    ap.add_argument("--out", required=True, help="the relabelled file (every record of the inputs)")
    ap.add_argument("--nodes", type=positive, required=True, help="nodes a search")
    ap.add_argument("--pieces", type=pieces_range, default=(1, td.MaxPieces), metavar="LO-HI",
                    help="relabel only positions with LO..HI pieces (default 1-24)")
    ap.add_argument("--workers", type=positive, default=1, help="tempo processes at once (default 1)")
    ap.add_argument("--tempo", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build",
                                                    "release", "tools", "tempo"),
                    help="the tempo binary (default build/release/tools/tempo)")
    ap.add_argument("--eval-file", default="", help="the network tempo searches with (default: built in)")
    ap.add_argument("--hash", type=positive, default=4, help="tempo's table, MiB (default 4)")
    ap.add_argument("--max-records", type=positive, default=None,
                    help="each worker stops after this many more records, keeping its part (exit 3)")
    args = ap.parse_args(argv)

    if not os.access(args.tempo, os.X_OK):
        fail(f"no tempo binary at {args.tempo} (build it, or give --tempo)")
    for path in args.inputs:
        if not os.path.exists(path):
            fail(f"{path}: no such file")
    try:
        records = td.read_many(args.inputs)
    except ValueError as e:
        fail(str(e))
    if td.game_of(records) is not td.English:
        fail("only English data can be relabelled (the inputs are 10x10)")
    pieces = td.piece_count(records)
    lo, hi = args.pieces
    chosen = np.nonzero((pieces >= lo) & (pieces <= hi) & ~td.exact(records))[0]
    parts = [chosen[k::args.workers] for k in range(args.workers)]
    paths = [f"{args.out}.part-{k}" for k in range(args.workers)]
    # What the parts were searched with: a run that goes on must search the same way.
    settings_path = f"{args.out}.parts"
    settings = {"nodes": args.nodes, "pieces": [lo, hi], "workers": args.workers, "hash": args.hash,
                "eval_file": os.path.abspath(args.eval_file) if args.eval_file else "", "records": len(records)}
    if os.path.exists(settings_path):
        try:
            with open(settings_path) as f:
                before = json.load(f)
        except (OSError, ValueError):
            before = None
        if before != settings:
            fail(f"the parts of {args.out} were searched with other settings ({settings_path}: {before}); "
                 f"give those again, or delete {settings_path} and {args.out}.part-* to start over")
    elif any(os.path.exists(path) for path in paths):
        fail(f"parts of {args.out} are there without {settings_path}; delete them to start over")
    else:
        with open(settings_path, "w") as f:
            json.dump(settings, f)
    done = [part_records(paths[k], records[parts[k]]) for k in range(args.workers)]
    print(f"relabel.py: {len(records)} records, {len(chosen)} to search at {args.nodes} nodes "
          f"({lo}-{hi} pieces, not exact), {sum(done)} done before", file=sys.stderr, flush=True)

    errors = []
    stopped = []
    progress = [0] * args.workers
    start = time.time()

    def work(k):
        todo = parts[k][done[k]:]
        if args.max_records is not None and len(todo) > args.max_records:
            todo = todo[:args.max_records]
            stopped.append(k)
        if len(todo) == 0:
            return
        try:
            engine = Engine(args.tempo, args.hash, args.eval_file)
        except (OSError, RuntimeError) as e:
            errors.append(f"worker {k}: {e}")
            return
        batch = []
        try:
            for i in todo:
                if errors:
                    break
                r = records[i].copy()
                r["score"] = engine.score(fen(r), args.nodes)
                batch.append(r)
                progress[k] += 1
                if len(batch) == 500:
                    td.write(paths[k], np.array(batch, dtype=records.dtype), append=True)
                    batch.clear()
        except (OSError, RuntimeError) as e:
            errors.append(f"worker {k}: {e}")
        finally:
            if batch:
                td.write(paths[k], np.array(batch, dtype=records.dtype), append=True)
            engine.close()

    threads = [threading.Thread(target=work, args=(k,)) for k in range(args.workers)]
    for t in threads:
        t.start()
    last_report = start
    while any(t.is_alive() for t in threads):
        time.sleep(0.2)
        if time.time() - last_report >= 60:
            last_report = time.time()
            print(f"relabel.py: {sum(done) + sum(progress)}/{len(chosen)} ({last_report - start:.0f} s)",
                  file=sys.stderr, flush=True)
    for t in threads:
        t.join()
    took = time.time() - start
    if errors:
        fail("; ".join(errors) + " (what was searched is kept in the parts: the same command goes on)")
    if stopped:
        print(f"relabel.py: stopped after {sum(progress)} records ({took:.0f} s) as --max-records asks; "
              "the same command goes on", file=sys.stderr)
        return Stopped

    out = records.copy()
    for k in range(args.workers):
        if len(parts[k]) == 0:
            continue
        if part_records(paths[k], records[parts[k]]) != len(parts[k]):
            fail(f"{paths[k]} is not whole; run the same command again")
        out["score"][parts[k]] = td.read(paths[k], td.English)["score"]
    tmp = args.out + ".tmp"
    td.write(tmp, out)
    os.replace(tmp, args.out)
    for path in paths + [settings_path]:
        if os.path.exists(path):
            os.remove(path)
    moved = np.abs(out["score"][chosen].astype(np.int64) - records["score"][chosen].astype(np.int64))
    median = float(np.median(moved)) if len(chosen) else 0.0
    print(f"relabel.py: {len(chosen)} records searched again ({sum(progress)} in this run, {took:.0f} s), "
          f"median change {median:.0f} cp; {len(out)} records written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
