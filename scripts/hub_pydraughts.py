#!/usr/bin/env python3
"""Plays `tempo hub` with pydraughts' HubEngine, the client lidraughts-bot uses (docs/hub.md).

pydraughts (github.com/AttackingOrDefending/pydraughts) is not part of Tempo: put a checkout on
PYTHONPATH (outside this repository). Without it this script says so and exits 77 (skipped).

    PYTHONPATH=/path/to/pydraughts scripts/hub_pydraughts.py [build/release/tools/tempo]

pydraughts' package imports its CheckerBoard client, which needs `msl.loadlib` (a Windows-only
bridge); when that is missing a stand-in module is put on the path, as this script never uses it.
The game: Tempo plays both sides of a 10x10 game, each move checked legal by pydraughts, with
the time controls pydraughts sends (move-time, then time/inc); exit 0 when the game ends.
"""
import os
import sys
import time

import pydraughts_support


def import_pydraughts():
    draughts, engine = pydraughts_support.import_pydraughts()
    return draughts, engine.HubEngine, engine.Limit


def main():
    tempo = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "build/release/tools/tempo")
    try:
        draughts, HubEngine, Limit = import_pydraughts()
    except ImportError as e:
        print(f"pydraughts not found ({e}): skipped; put a checkout on PYTHONPATH")
        return 77
    if not os.access(tempo, os.X_OK):
        print(f"no tempo binary at {tempo}")
        return 1
    engine = HubEngine([tempo, "hub"])
    print("id:", engine.id, "options:", sorted(engine.options), "variants:", sorted(engine.variants))
    engine.configure({"variant": "normal", "initial-time": 60.0, "ponder": False})
    engine.init()
    engine.ping()
    board = draughts.Board(variant="standard")
    start = time.time()
    plies = 0
    while not board.is_over() and plies < 400:
        limit = Limit(movetime=0.05) if plies < 2 else Limit(time=3.0, inc=0.05)
        result = engine.play(board, limit, ponder=False)
        legal = [m.hub_move for m in board.legal_moves()]
        if result.move.hub_move not in legal and result.move.pdn_move not in [m.pdn_move for m in board.legal_moves()]:
            print(f"ply {plies}: illegal move {result.move.hub_move}; legal: {legal}")
            return 1
        board.push(result.move)
        plies += 1
    print(f"{plies} plies in {time.time() - start:.1f} s; winner: {board.winner()} "
          f"(2 white, 1 black, 0 draw, None unfinished); last info: {engine.info}")
    engine.quit()
    engine.p.wait(timeout=5)
    print("tempo exit code:", engine.p.returncode)
    return 0 if board.is_over() and engine.p.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
