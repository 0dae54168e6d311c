#!/usr/bin/python3
"""Random openings for matches: PDN FENs reached by random legal moves from the start.

Each opening is PLIES random legal moves from the English start position (a capture is one move),
or, with --ballots FILE, from a played ballot of that file chosen at random (the ballots a match
deck plays, so that the games begin nearer the deck's own). It is kept when the game is still on,
the position is new, and a `go nodes NODES` search of it by `tempo` (no book) scores it within
--max-score centipawns of level, so that neither side starts a game lost. Writes one FEN a line
after a comment naming the command, for `tempo match -openings file=OUT` (order=sequential plays
them in order; -games 2 plays each with both colours).

    train/openings.py --tempo build/release/tools/tempo --count 3000 --plies 8 --seed 1 --out open8.fen
    train/openings.py --count 1600 --plies 2 --max-score 250 \
        --ballots tests/data/ballots-english-3move.csv --out b2.fen

The same seed, count, plies, nodes and tempo give the same file.
"""
import argparse
import random
import subprocess
import sys


class Tempo:
    """A `tempo` process spoken to over its protocol, one command at a time."""

    def __init__(self, command):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name OwnBook value false")
        self.send("setoption name EGDB value false")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait_for(self, prefix):
        """The lines up to and including the first that starts with prefix."""
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"tempo ended while waiting for '{prefix}'")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines
            if line.startswith("error"):
                raise RuntimeError(f"tempo: {line}")

    def legal(self, moves):
        self.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
        self.send("legal")
        lines = self.wait_for("legal")
        for line in lines:
            if line.startswith("info string error"):
                raise RuntimeError(f"tempo refused the moves {' '.join(moves)}: {line[18:]}")
        return lines[-1].split()[1:]

    def fen(self):
        for line in self.wait_for_d():
            if line.startswith("Fen: "):
                return line[5:]
        raise RuntimeError("tempo's 'd' printed no 'Fen:' line")

    def wait_for_d(self):
        self.send("d")
        return self.wait_for("Status:")

    def score(self, nodes):
        """The last reported score of a search of the current position (None for a mate)."""
        self.send(f"go nodes {nodes}")
        score = None
        for line in self.wait_for("bestmove"):
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                i = words.index("score")
                score = int(words[i + 2]) if words[i + 1] == "cp" else None
        return score

    def close(self):
        try:
            self.send("quit")
            self.proc.stdin.close()
        except OSError:
            pass  # tempo has ended already; its error is the one to report
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()  # a tempo that hangs instead of quitting must not outlive the script
            self.proc.wait()


def read_ballots(path):
    """The played ballots (status crossboard or mailplay) of a ballot file, each a list of moves."""
    ballots = []
    with open(path) as f:
        rows = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    if not rows or rows[0].split(",")[:3] != ["index", "opening", "status"]:
        raise RuntimeError(f"{path}: not a ballot file (no 'index,opening,status' header)")
    for number, row in enumerate(rows[1:], 2):
        fields = row.split(",")
        if len(fields) < 3 or not fields[1].split():
            raise RuntimeError(f"{path}: row {number} '{row}' is not index,opening,status")
        if fields[2] in ("crossboard", "mailplay"):
            ballots.append(fields[1].split())
    if not ballots:
        raise RuntimeError(f"{path}: no played ballot (status crossboard or mailplay)")
    return ballots


def make_openings(tempo, count, plies, seed, nodes, max_score, log=sys.stderr, ballots=None):
    rng = random.Random(seed)
    seen, openings, tries = set(), [], 0
    while len(openings) < count:
        tries += 1
        if tries > 50 * count + 1000:
            raise RuntimeError(f"only {len(openings)} openings after {tries} tries")
        moves = list(rng.choice(ballots)) if ballots else []
        start = len(moves)
        for _ in range(plies):
            legal = tempo.legal(moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        if len(moves) < start + plies or not tempo.legal(moves):
            continue
        fen = tempo.fen()
        if fen in seen:
            continue
        seen.add(fen)
        score = tempo.score(nodes)
        if score is None or abs(score) > max_score:
            continue
        openings.append(fen)
        if log and len(openings) % 500 == 0:
            print(f"openings.py: {len(openings)} of {count} ({tries} tried)", file=log)
    return openings


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tempo", default="build/release/tools/tempo", help="the tempo binary")
    parser.add_argument("--count", type=int, required=True, help="how many openings")
    parser.add_argument("--plies", type=int, default=8, help="random moves from the start [8]")
    parser.add_argument("--seed", type=int, default=1, help="random seed [1]")
    parser.add_argument("--nodes", type=int, default=20000, help="nodes of the check search [20000]")
    parser.add_argument("--max-score", type=int, default=120,
                        help="keep openings scored within this many centipawns of 0 [120]")
    parser.add_argument("--ballots", metavar="FILE",
                        help="begin each opening with a random played ballot of this ballot file "
                             "(tests/data/ballots-english-3move.csv), then --plies random moves")
    parser.add_argument("--out", required=True, help="the file to write")
    args = parser.parse_args(argv)
    if args.count < 1 or args.nodes < 1 or args.max_score < 0:
        parser.error("--count and --nodes must be at least 1, --max-score at least 0")
    if args.plies < 0 or (args.plies < 1 and not args.ballots):
        parser.error("--plies must be at least 1 (at least 0 with --ballots)")
    ballots = None
    if args.ballots:
        try:
            ballots = read_ballots(args.ballots)
        except OSError as error:
            sys.exit(f"openings.py: {args.ballots}: {error.strerror}")
        except RuntimeError as error:
            sys.exit(f"openings.py: {error}")
    try:
        tempo = Tempo([args.tempo])
    except (OSError, RuntimeError) as error:
        sys.exit(f"openings.py: cannot start tempo '{args.tempo}': "
                 f"{getattr(error, 'strerror', None) or error}")
    try:
        openings = make_openings(tempo, args.count, args.plies, args.seed, args.nodes,
                                 args.max_score, ballots=ballots)
    except (OSError, RuntimeError) as error:
        sys.exit(f"openings.py: {getattr(error, 'strerror', None) or error}")
    finally:
        tempo.close()
    with open(args.out, "w") as out:
        out.write(f"# train/openings.py --count {args.count} --plies {args.plies} --seed "
                  f"{args.seed} --nodes {args.nodes} --max-score {args.max_score}"
                  + (f" --ballots {args.ballots}" if args.ballots else "") + "\n")
        for fen in openings:
            out.write(fen + "\n")
    print(f"openings.py: wrote {len(openings)} openings to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
