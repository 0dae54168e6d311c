#!/usr/bin/python3
"""Synthetic training data: random legal-looking positions with labels from a material count.

Not games and not checked for quiet positions: the point is a file in the real format, of any
size, whose labels a network can learn (material plus noise), to time the pipeline and test it end
to end before `tempo datagen` has produced anything.

    synth.py OUT.dat --positions 5000000 --seed 1
    synth.py OUT.dat --positions 1000000 --game international
"""

import argparse
import sys

import numpy as np

import tempo_data as td


def random_records(n, rng, game=td.English):
    """n random positions: 1-12 pieces a side (1-20 on the 10x10 board), men off their crowning
    row, labels from material."""
    squares, per_row = game.squares, game.squares // (8 if game is td.English else 10)
    side_max = game.max_pieces // 2
    nb = rng.integers(1, side_max + 1, size=n)
    nw = rng.integers(1, side_max + 1, size=n)
    # A random order of the squares per position; the first nb are Black's, the next nw White's.
    order = np.argsort(rng.random((n, squares)), axis=1)
    rank = np.empty_like(order)
    np.put_along_axis(rank, order, np.arange(squares)[None, :].repeat(n, axis=0), axis=1)
    is_black = rank < nb[:, None]
    is_white = (rank >= nb[:, None]) & (rank < (nb + nw)[:, None])
    # Fewer pieces, more kings, as in real endgames.
    king_p = 0.05 + 0.5 * (1.0 - (nb + nw)[:, None] / float(game.max_pieces))
    is_king = (rng.random((n, squares)) < king_p) & (is_black | is_white)
    s = np.arange(squares)[None, :]
    is_king |= is_black & (s >= squares - per_row)  # a black man on its crowning row would be a king
    is_king |= is_white & (s < per_row)             # a white man likewise
    weights = (np.uint64(1) << np.arange(squares, dtype=np.uint64))[None, :]
    word = np.uint64 if game is td.International else np.uint32
    black = (is_black * weights).sum(axis=1).astype(word)
    white = (is_white * weights).sum(axis=1).astype(word)
    kings = (is_king * weights).sum(axis=1).astype(word)
    wtm = rng.random(n) < 0.5

    men_b = (is_black & ~is_king).sum(axis=1)
    men_w = (is_white & ~is_king).sum(axis=1)
    kings_b = (is_black & is_king).sum(axis=1)
    kings_w = (is_white & is_king).sum(axis=1)
    material = 100 * (men_b - men_w) + 130 * (kings_b - kings_w)
    # Men further up the board are worth a little more, so there is something beyond counting.
    adv_b = (is_black & ~is_king) * (s // per_row)
    adv_w = (is_white & ~is_king) * ((squares - 1 - s) // per_row)
    material = material + 4 * (adv_b.sum(axis=1) - adv_w.sum(axis=1))
    material = np.where(wtm, -material, material)
    score = np.clip(material + rng.normal(0, 40, n), -3000, 3000).round().astype(np.int16)

    p_win = 1.0 / (1.0 + np.exp(-score / 300.0))
    drawn = rng.random(n) < 0.3
    won = rng.random(n) < p_win
    result = np.where(drawn, 1, np.where(won, 2, 0))

    # Some small positions are "database" positions: exact score and result.
    exact = ((nb + nw) <= 6) & (rng.random(n) < 0.5)
    plies = rng.integers(1, 100, size=n)
    exact_score = np.where(score > 50, 10000 - plies, np.where(score < -50, plies - 10000, 0))
    score = np.where(exact, exact_score, score).astype(np.int16)
    result = np.where(exact, np.where(score > 0, 2, np.where(score < 0, 0, 1)), result)
    return td.make_records(black, white, kings, score, result, wtm, exact, game=game)


def unique_positions(rec):
    """Drop repeated positions (pieces, kings, side), as a real data file holds each once."""
    _, first = np.unique(td.position_hash(rec), return_index=True)
    return rec[np.sort(first)]


def generate(n, seed, game=td.English, chunk=500_000):
    rng = np.random.default_rng(seed)
    parts = []
    left = n
    while left > 0:
        parts.append(random_records(min(chunk, left), rng, game))
        left -= len(parts[-1])
    return unique_positions(np.concatenate(parts))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("--positions", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", choices=sorted(td.Games), default="english")
    args = ap.parse_args(argv)
    rec = generate(args.positions, args.seed, td.Games[args.game])
    td.check_records(rec)
    td.write(args.out, rec)
    print(f"{args.out}: {td.summary(rec)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
