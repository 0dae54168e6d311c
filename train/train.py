#!/usr/bin/python3
"""Train a network (docs/network-format.md) from Tempo data files: the English network from
English data, the 10x10 network from 10x10 data (the files' headers say which; one game a run).

    train.py /work/data/gen0.dat --out runs/gen1 --epochs 10
    train.py /work/data/gen0.dat --out runs/gen1 --epochs 15 --resume runs/gen1/last.pt
    train.py /work/data/gen1.dat --out runs/gen2 --epochs 8 --lr 3e-4 --init search/nets/english.nnue

The loss is the mean squared error between sigmoid(cp / S) of the network and the target
t = lam * sigmoid(score / S) + (1 - lam) * result, with the score clipped to +-2000 cp first;
positions from the endgame database (the exact flag) take t = sigmoid(score / S) alone, which
is their exact result within 0.002 (their score is +-(10000 - plies), clipped to +-2000, or 0).
`--lam-file FILE=LAM` gives one data file its own lam: the result of a game played at many nodes
a move can carry weight where the results of fast games do not. `--repeat FILE=N` counts one data
file N times in every epoch (the same as listing it N times): a small file of games against
another engine can then weigh against millions of self-play positions.

The held-out set is chosen by a hash of the position, so a position is on the same side of the
split in every run and in every file it appears in. A checkpoint is written after every epoch
(`epoch-NNN.pt` and `last.pt`); `--resume` continues from one up to `--epochs` epochs in all. The
shuffle of epoch e depends only on (seed, e), and the learning rate is lr * decay^e, so a resumed
run takes the same steps as one that was never stopped.

The last `--qat-epochs` epochs (2 by default) train through the engine's integer pass
(model.Net.forward_quantised, straight-through gradients), so the exported network scores what the
trained one scored: after float training alone the engine was 16 cp off on average (63 at most).
"""

import argparse
import math
import os
import sys
import time

# Idle OpenMP threads sleep instead of spinning: on the shared two-core machine, with another
# busy process, spinning made two threads 10 times slower than one (29k against 284k positions/s).
# Set before numpy and torch load libgomp, which reads it once.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

import numpy as np  # noqa: E402
import torch  # noqa: E402

import export
import model
import tempo_data as td


def targets(rec, scale, lam, score_clip):
    """The training target of each record, in 0..1 (see the module note)."""
    score = np.clip(rec["score"].astype(np.float64), -score_clip, score_clip)
    from_score = 1.0 / (1.0 + np.exp(-score / scale))
    t = lam * from_score + (1.0 - lam) * td.results(rec)
    return np.where(td.exact(rec), from_score, t).astype(np.float32)


def parse_lam_files(specs, data):
    """{path: lam} from `--lam-file PATH=LAM` options; each PATH must be one of the data files."""
    lams = {}
    for spec in specs or []:
        path, sep, value = spec.rpartition("=")
        if not sep or not path:
            raise ValueError(f"--lam-file '{spec}': expected FILE=LAM")
        try:
            lam = float(value)
        except ValueError:
            raise ValueError(f"--lam-file '{spec}': LAM '{value}' is not a number") from None
        if not 0.0 <= lam <= 1.0:
            raise ValueError(f"--lam-file '{spec}': LAM {lam} is not between 0 and 1")
        if path not in data:
            raise ValueError(f"--lam-file '{spec}': {path} is not one of the data files")
        lams[path] = lam
    return lams


def parse_repeats(specs, data):
    """{path: N} from `--repeat PATH=N` options; each PATH must be one of the data files, N >= 1."""
    repeats = {}
    for spec in specs or []:
        path, sep, value = spec.rpartition("=")
        if not sep or not path:
            raise ValueError(f"--repeat '{spec}': expected FILE=N")
        try:
            n = int(value)
        except ValueError:
            raise ValueError(f"--repeat '{spec}': N '{value}' is not a whole number") from None
        if n < 1:
            raise ValueError(f"--repeat '{spec}': N {n} is less than 1")
        if path not in data:
            raise ValueError(f"--repeat '{spec}': {path} is not one of the data files")
        repeats[path] = n
    return repeats


class Dataset:
    """Records in memory with their targets and buckets, and the batches of an epoch."""

    def __init__(self, rec, lam, args):
        self.rec = rec
        self.target = torch.from_numpy(targets(rec, args.scale, lam, args.score_clip))
        self.bucket = torch.from_numpy(td.buckets(rec))

    def __len__(self):
        return len(self.rec)

    def batch(self, index):
        """Features (float 0/1), buckets and targets of the records at `index`."""
        x = torch.from_numpy(td.dense_features(self.rec[index])).float()
        i = torch.from_numpy(np.asarray(index, dtype=np.int64))
        return x, self.bucket[i], self.target[i]


def loss_fn(y, target, scale):
    return torch.mean((torch.sigmoid(y * (100.0 / scale)) - target) ** 2)


@torch.no_grad()
def evaluate(net, data, args, quantised=False, batch=65536):
    """The mean loss over a dataset."""
    total = 0.0
    for start in range(0, len(data), batch):
        index = np.arange(start, min(start + batch, len(data)))
        x, b, t = data.batch(index)
        total += float(loss_fn(net(x, b, quantised=quantised), t, args.scale)) * len(index)
    return total / max(len(data), 1)


def load_data(args):
    """The training and held-out sets; raises ValueError for a bad --lam-file or --repeat."""
    lams = parse_lam_files(args.lam_file, args.data)
    repeats = parse_repeats(args.repeat, args.data)
    files = [td.read(path) for path in args.data]  # mapped, not yet read
    if len({td.game_of(f) for f in files}) > 1:
        raise td.DataFormatError(f"{', '.join(args.data)}: files of both games; train one game at a time")
    parts, lam = [], []
    for path, part in zip(args.data, files):
        td.check_records(part, path)
        part = np.concatenate([part] * repeats.get(path, 1))
        parts.append(part)
        lam.append(np.full(len(part), lams.get(path, args.lam)))
    rec = np.concatenate(parts)
    lam = np.concatenate(lam)
    if args.max_positions and len(rec) > args.max_positions:
        pick = np.sort(np.random.default_rng(args.seed).choice(len(rec), args.max_positions, replace=False))
        rec, lam = rec[pick], lam[pick]
    held = td.held_out_mask(rec, args.holdout)
    return Dataset(rec[~held], lam[~held], args), Dataset(rec[held], lam[held], args)


def save_checkpoint(path, net, opt, epoch, args, history):
    tmp = path + ".tmp"
    torch.save({"model": net.state_dict(), "optim": opt.state_dict(), "epoch": epoch,
                "args": vars(args), "history": history}, tmp)
    os.replace(tmp, path)  # never leave a half-written last.pt behind


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", nargs="+", help="training-data files, all of one game")
    ap.add_argument("--out", required=True, help="folder for the checkpoints")
    ap.add_argument("--epochs", type=int, default=10, help="epochs in all (a resumed run included)")
    ap.add_argument("--batch", type=int, default=8192)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--lr-decay", type=float, default=0.9, help="learning rate factor per epoch")
    ap.add_argument("--scale", type=float, default=300.0, help="S of sigmoid(cp / S), in cp")
    ap.add_argument("--lam", type=float, default=0.7, help="weight of the score in the target")
    ap.add_argument("--lam-file", action="append", metavar="FILE=LAM",
                    help="this data file's own weight of the score (repeatable)")
    ap.add_argument("--repeat", action="append", metavar="FILE=N",
                    help="count this data file N times in every epoch (repeatable)")
    ap.add_argument("--score-clip", type=float, default=2000.0)
    ap.add_argument("--holdout", type=float, default=0.02, help="fraction held out, by position hash")
    ap.add_argument("--max-positions", type=int, default=0, help="train on a random subset (0: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--qat-epochs", type=int, default=2,
                    help="the last N epochs train the engine's integer pass (quantisation-aware)")
    ap.add_argument("--resume", help="a checkpoint to continue from")
    ap.add_argument("--init", help="start from the weights of this network file (the previous generation)")
    ap.add_argument("--h1", type=int, default=0,
                    help="first-layer width (default: the game's, or --init's); wider than --init's widens it")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    os.makedirs(args.out, exist_ok=True)

    try:
        train, held = load_data(args)
    except ValueError as e:  # a DataFormatError or a bad --lam-file or --repeat
        print(f"train.py: {e}", file=sys.stderr)
        return 1
    print(f"train: {td.summary(train.rec)}")
    print(f"held out: {td.summary(held.rec)}")
    if len(train) == 0:
        print("train.py: no training positions", file=sys.stderr)
        return 1

    game = td.game_of(train.rec)
    net = model.Net(game, args.h1 or None)
    state = None
    if args.resume:
        net, state = model.load_checkpoint_model(args.resume)
        if net.game is not game:
            print(f"train.py: {args.resume} is not a network of {game.name}", file=sys.stderr)
            return 1
    if args.init and not args.resume:
        try:
            q, description = export.read_network(args.init, game)
        except export.NetworkError as e:
            print(f"train.py: --init: {e}", file=sys.stderr)
            return 1
        net = export.dequantise(q)
        print(f"starting from {args.init} ({description}), first layer {net.h1}")
        if args.h1 and args.h1 != net.h1:
            if args.h1 < net.h1:
                print(f"train.py: --h1 {args.h1} is narrower than --init's {net.h1}", file=sys.stderr)
                return 1
            net = model.widen(net, args.h1, args.seed)
            print(f"widened to {net.h1} (the new units start silent)")
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    first_epoch = 0
    history = []
    if state is not None:
        opt.load_state_dict(state["optim"])
        first_epoch = state["epoch"]
        history = state.get("history", [])
        print(f"resumed from {args.resume} after epoch {first_epoch}")
    net.clip_()

    if first_epoch == 0 and len(held):
        const = float(loss_fn(torch.zeros(len(held)), held.target, args.scale))
        loss0 = evaluate(net, held, args)
        print(f"held-out loss of the constant 0.5: {const:.6f}; of the untrained net: {loss0:.6f}")

    for epoch in range(first_epoch, args.epochs):
        lr = args.lr * args.lr_decay ** epoch
        for group in opt.param_groups:
            group["lr"] = lr
        quantised = epoch >= args.epochs - args.qat_epochs
        order = np.random.default_rng([args.seed, epoch]).permutation(len(train))
        start = time.time()
        total = 0.0
        net.train()
        for at in range(0, len(order), args.batch):
            index = np.sort(order[at:at + args.batch])  # sorted: faster gathers, same batch
            x, b, t = train.batch(index)
            loss = loss_fn(net(x, b, quantised=quantised), t, args.scale)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            net.clip_()
            total += float(loss) * len(index)
        seconds = time.time() - start
        net.eval()
        held_loss = evaluate(net, held, args, quantised) if len(held) else math.nan
        row = {"epoch": epoch + 1, "lr": lr, "quantised": quantised, "train_loss": total / len(train),
               "held_loss": held_loss, "seconds": seconds, "positions_per_s": len(train) / seconds}
        history.append(row)
        label = " (quantised)" if quantised else ""
        print(f"epoch {epoch + 1}{label}: lr {lr:.2e} train {row['train_loss']:.6f} held-out {held_loss:.6f} "
              f"{seconds:.1f} s, {row['positions_per_s']:.0f} positions/s", flush=True)
        path = os.path.join(args.out, f"epoch-{epoch + 1:03d}.pt")
        save_checkpoint(path, net, opt, epoch + 1, args, history)
        save_checkpoint(os.path.join(args.out, "last.pt"), net, opt, epoch + 1, args, history)
    return 0


if __name__ == "__main__":
    sys.exit(main())
