#!/usr/bin/env python3
"""Plays `tempo dxp` (the DXP Follower) with pydraughts' DXP client, as lidraughts-bot uses it (docs/dxp.md).

pydraughts (github.com/AttackingOrDefending/pydraughts) is not part of Tempo: put a checkout on
PYTHONPATH (outside this repository). Without it this script says so and exits 77 (skipped).

    PYTHONPATH=/path/to/pydraughts scripts/dxp_pydraughts.py [build/release/tools/tempo]

What it does: starts `tempo dxp --listen 0 --connections 2` (a free port), then plays two 10x10
games in which pydraughts' DXPEngine (engine-opened, one new connection per game, as
lidraughts-bot's DXP mode does) carries one side to Tempo's listener and pydraughts' HubEngine
(`tempo hub`) plays the other side; pydraughts' Board referees and checks every move. Tempo
plays White over DXP in game 1 and Black in game 2. The GAMEREQ says `000` minutes
(initial-time 20 s, which pydraughts sends as 20 // 60 = 0), the case hosts.md warns about.

pydraughts' client waits in busy loops and its socket close sleeps 7 s, so each game ends with
a pause. Its receiver keeps reading a closed socket until that close, so the moves are awaited
here with a timeout (the same calls DXPEngine.play makes) instead of DXPEngine.play itself.
Exit 0 when both games end with every move legal and the listener ends cleanly.
"""
import os
import subprocess
import sys
import tempfile
import time
import warnings

import pydraughts_support


def import_pydraughts():
    draughts, engine = pydraughts_support.import_pydraughts()
    return draughts, engine.DXPEngine, engine.HubEngine, engine.Limit


def dxp_move(engine, board, timeout=60.0):
    """Tempo's reply over DXP: the GAMEREQ first (DXPEngine._start), then our last move out and
    Tempo's MOVE back, as DXPEngine.play does, but with a deadline. None when Tempo ended the
    game with GAMEEND instead."""
    if not engine.game_started:
        engine._start(board, engine.initial_time)
        engine.game_started = True
    if board.move_stack:
        engine.sender.send_move(board.move_stack[-1])
    deadline = time.time() + timeout
    while time.time() < deadline:
        if engine.receiver.last_move_changed:
            return engine.receiver.last_move
        if not engine.sender.current.started:
            return None
        time.sleep(0.001)
    raise TimeoutError(f"no legal MOVE from Tempo within {timeout} s (pydraughts drops moves it cannot match)")


def play_game(number, tempo, port, dxp_white, draughts, DXPEngine, HubEngine, Limit):
    dxp = DXPEngine(options={"engine-opened": True, "ip": "127.0.0.1", "port": port, "initial-time": 20})
    hub = HubEngine([tempo, "hub"])
    hub.init()
    board = draughts.Board(variant="standard")
    dxp_side = draughts.WHITE if dxp_white else draughts.BLACK
    start = time.time()
    ended_by_tempo = False
    while not board.is_over() and len(board.move_stack) < 400:
        if board.turn == dxp_side:
            move = dxp_move(dxp, board)
            if move is None:
                ended_by_tempo = True
                break
        else:
            move = hub.play(board, Limit(movetime=0.05), ponder=False).move
        legal = [m.pdn_move for m in board.legal_moves()]
        if move.pdn_move not in legal:
            print(f"game {number}, ply {len(board.move_stack)}: illegal move {move.pdn_move}; legal: {legal}")
            return False
        board.push(move)
    over = board.is_over()
    print(f"game {number}: Tempo over DXP plays {'White' if dxp_white else 'Black'}, "
          f"engine name from GAMEACC: {dxp.id.get('name')!r}; {len(board.move_stack)} plies in "
          f"{time.time() - start:.1f} s; pydraughts says over: {over}, winner: {board.winner()} "
          f"(2 white, 1 black, 0 draw); GAMEEND first from {'Tempo' if ended_by_tempo else 'pydraughts'}")
    if ended_by_tempo:
        dxp.sender.disconnect()  # Tempo has closed its side; pydraughts' close takes 7 s
    else:
        dxp.quit()  # E01, then pydraughts' close (7 s)
    hub.quit()
    hub.p.wait(timeout=5)
    return over or ended_by_tempo


def main():
    warnings.simplefilter("ignore", ResourceWarning)  # pydraughts' HubEngine leaves its pipes open
    tempo = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "build/release/tools/tempo")
    try:
        draughts, DXPEngine, HubEngine, Limit = import_pydraughts()
    except ImportError as e:
        print(f"pydraughts not found ({e}): skipped; put a checkout on PYTHONPATH")
        return 77
    if not os.access(tempo, os.X_OK):
        print(f"no tempo binary at {tempo}")
        return 1
    log_path = os.path.join(tempfile.mkdtemp(prefix="tempo-dxp-"), "listener.log")
    log = open(log_path, "w+")
    listener = subprocess.Popen([tempo, "dxp", "--listen", "0", "--connections", "2"], stdout=log,
                                stderr=subprocess.STDOUT)
    port = None
    for _ in range(200):
        log.seek(0)
        first = log.readline()
        if first.startswith("listening on 127.0.0.1:"):
            port = int(first.strip().rsplit(":", 1)[1])
            break
        time.sleep(0.05)
    if port is None:
        print("tempo dxp did not start listening")
        listener.kill()
        return 1
    print(f"tempo dxp listening on port {port}; its log: {log_path}")
    ok = True
    try:
        for number, dxp_white in ((1, True), (2, False)):
            ok = play_game(number, tempo, port, dxp_white, draughts, DXPEngine, HubEngine, Limit) and ok
        listener.wait(timeout=20)
    except Exception as e:  # a timeout or a protocol failure: say what, and stop the listener
        print(f"failed: {e!r}")
        ok = False
        listener.kill()
        listener.wait()
    log.seek(0)
    lines = log.read().splitlines()
    errors = [line for line in lines if "error" in line]
    print("listener: " + "; ".join(line for line in lines if " over: " in line or line.startswith("game ")))
    print(f"listener exit code {listener.returncode}; error lines in its log: {errors or 'none'}")
    ok = ok and listener.returncode == 0 and not errors
    sys.stdout.flush()
    # pydraughts' receiver threads may still spin on a closed socket: leave without joining them.
    os._exit(0 if ok else 1)


if __name__ == "__main__":
    sys.exit(main())
