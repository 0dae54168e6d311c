#!/usr/bin/python3
"""Write a trained checkpoint as a network file, version 1 (docs/network-format.md), of its game
(English, or 10x10 with 200 inputs; the checkpoint's first layer says which), and compute what the
engine will compute from it, integer for integer.

    export.py runs/gen1/last.pt /work/data/nets/gen1.nnue --description "gen1 2026-12-02" --check
    export.py --net /work/data/nets/gen1.nnue --fixture tests/data/nnue-fixture.txt --data gen0.dat

The integer forward pass (`int_forward`) works from the bytes of the file read back, not from the
checkpoint, so it checks the writer and the quantisation together. It mirrors the spec: an int16
accumulator clamped to 0..127, dense layers `clamp((b + sum a w) >> 6, 0, 127)` with an arithmetic
shift, `cp = out * 100 / 8128` truncated towards zero, then clamped to -2000..2000. numpy computes
the sums in float64, exact for integers this small, then converts; the asserts keep every
intermediate within the C++ type that holds it.

Rounding of weights is numpy.rint (round half to even); the engine only reads the integers, so
the choice matters to no one else.
"""

import argparse
import datetime
import os
import sys
import zlib

import numpy as np

import tempo_data as td

Magic = b"TEMPONET"
Version = 1
GameEnglish = 0
HeaderSize = 64
DescriptionSize = 20
GameInternational = 1
# The English sizes (the names older code uses); the 10x10 network has 200 inputs and 40 pieces.
Inputs, H1, H2, H3, Buckets = 128, 128, 32, 32, 4
Scale1, ScaleW = 127, 64
ScaleOut = Scale1 * ScaleW
ActiveMax = 24
ScoreLimit = 2000

# The payload's parts in file order; per-bucket parts repeat for bucket 0..3.
Shared = [("W1", "<i2", (Inputs, H1)), ("b1", "<i2", (H1,))]


def per_bucket(h1=H1):
    return [("W2", "i1", (H2, h1)), ("b2", "<i4", (H2,)), ("W3", "i1", (H3, H2)), ("b3", "<i4", (H3,)),
            ("W4", "i1", (H3,)), ("b4", "<i4", ())]


PerBucket = per_bucket()
# The first-layer widths this trainer reads and writes: multiples of 32 (the engine's SIMD
# blocks); the engine itself reads only its game's width (`tempo_data.Game.h1`).
WidthStep, WidthMax = 32, 1024


def _part_bytes(dtype, shape):
    return int(np.dtype(dtype).itemsize * np.prod(shape, dtype=np.int64))


def shared_parts(game, h1=None):
    h1 = h1 or game.h1
    return [("W1", "<i2", (game.features, h1)), ("b1", "<i2", (h1,))]


def payload_size(game, h1=None):
    h1 = h1 or game.h1
    return (sum(_part_bytes(d, s) for _, d, s in shared_parts(game, h1))
            + game.buckets * sum(_part_bytes(d, s) for _, d, s in per_bucket(h1)))


PayloadSize = payload_size(td.English)
assert payload_size(td.English, 128) == 54672
assert payload_size(td.International, 128) == 73104


def width_of(q):
    """The first layer's width of integer parameters."""
    return q["W1"].shape[1]


def game_of(q):
    """The game of integer parameters, by the rows of their first layer."""
    return td.International if q["W1"].shape[0] == td.International.features else td.English

HeaderDtype = np.dtype([("magic", "S8"), ("version", "<u4"), ("game", "<u4"), ("inputs", "<u4"), ("h1", "<u4"),
                        ("h2", "<u4"), ("h3", "<u4"), ("buckets", "<u4"), ("payload_size", "<u4"),
                        ("crc", "<u4"), ("description", "S20")])
assert HeaderDtype.itemsize == HeaderSize


class NetworkError(ValueError):
    """A network that the engine would reject (or that could overflow), with the reason."""


def quantise(net):
    """The integer parameters of a model.Net: a dict of int64 arrays in the file's shapes."""
    # float32 products, as model.forward_quantised forms them, so both round the same values.
    p = {k: v.detach().cpu().float().numpy() for k, v in net.state_dict().items()}
    s1, sw, so = np.float32(Scale1), np.float32(ScaleW), np.float32(ScaleOut)
    q = {
        "W1": np.rint(p["W1"] * s1),
        "b1": np.rint(p["b1"] * s1),
        "W2": np.clip(np.rint(p["W2"] * sw), -127, 127),
        "b2": np.rint(p["b2"] * so),
        "W3": np.clip(np.rint(p["W3"] * sw), -127, 127),
        "b3": np.rint(p["b3"] * so),
        "W4": np.clip(np.rint(p["W4"] * sw), -127, 127),
        "b4": np.rint(p["b4"] * so),
    }
    for name, value in q.items():
        # Out-of-range values would wrap on the cast below; refuse them first.
        limit = 32767 if name in ("W1", "b1") else 2**31 - 1
        if np.abs(value).max() > limit:
            raise NetworkError(f"{name}: a value of {np.abs(value).max():.0f} does not fit its integer type")
    return {k: v.astype(np.int64) for k, v in q.items()}


def dequantise(q):
    """A model.Net whose quantisation is `q` again: each integer divided by its scale.

    The start of a new generation: train.py --init trains on from a shipped network file, whose
    float checkpoint may be gone. quantise(dequantise(q)) == q (tested)."""
    import torch
    import model
    net = model.Net(game_of(q), width_of(q))
    scales = {"W1": Scale1, "b1": Scale1, "W2": ScaleW, "b2": ScaleOut, "W3": ScaleW, "b3": ScaleOut,
              "W4": ScaleW, "b4": ScaleOut}
    with torch.no_grad():
        for name, scale in scales.items():
            getattr(net, name).copy_(torch.from_numpy(q[name].astype(np.float32) / np.float32(scale)))
    return net


def check(q):
    """Raise NetworkError unless no intermediate of the integer forward pass can overflow."""
    active = game_of(q).max_pieces
    worst = np.abs(q["b1"]) + np.sort(np.abs(q["W1"]), axis=0)[-active:].sum(axis=0)
    if worst.max() > 32767:
        j = int(worst.argmax())
        raise NetworkError(f"first layer could overflow int16: |b1[{j}]| + the {active} largest "
                           f"|W1[f][{j}]| = {int(worst[j])} > 32767")
    # Dense sums are int32: |b| + inputs * 127 * 127, and the output times 100 too.
    for name, fan_in, limit in (("b2", width_of(q), 2**31 - 1), ("b3", H2, 2**31 - 1), ("b4", H3, (2**31 - 1) // 100)):
        worst_sum = np.abs(q[name]).max() + fan_in * 127 * 127
        if worst_sum > limit:
            raise NetworkError(f"{name}: a bias of {int(np.abs(q[name]).max())} lets the 32-bit sum overflow")


def payload_bytes(q):
    game, h1 = game_of(q), width_of(q)
    parts = [q["W1"].astype("<i2").tobytes(), q["b1"].astype("<i2").tobytes()]
    for k in range(game.buckets):
        for name, dtype, shape in per_bucket(h1):
            parts.append(np.asarray(q[name][k], dtype=dtype).reshape(shape).tobytes())
    payload = b"".join(parts)
    assert len(payload) == payload_size(game, h1)
    return payload


def network_bytes(q, description):
    """The whole file: header (with the payload's CRC-32) and payload."""
    check(q)
    desc = description.encode("utf-8")
    if len(desc) > DescriptionSize:
        raise NetworkError(f"description {description!r} is {len(desc)} bytes in UTF-8, at most {DescriptionSize}")
    payload = payload_bytes(q)
    game = game_of(q)
    header = np.array([(Magic, Version, game.id, game.features, width_of(q), H2, H3, game.buckets, len(payload),
                        zlib.crc32(payload), desc)], dtype=HeaderDtype).tobytes()
    return header + payload


def parse_network(data, name="<bytes>", game=None):
    """The integer parameters and description of a network file, rejected as the engine rejects it.
    The header's game field picks the game; with `game`, a file of the other game is refused."""
    if len(data) < HeaderSize:
        raise NetworkError(f"{name}: {len(data)} bytes, shorter than the {HeaderSize}-byte header")
    h = np.frombuffer(data[:HeaderSize], dtype=HeaderDtype)[0]
    if bytes(data[:8]) != Magic:
        raise NetworkError(f"{name}: magic {bytes(data[:8])!r}, not {Magic!r}")
    if int(h["version"]) != Version:
        raise NetworkError(f"{name}: version {int(h['version'])}, not {Version}")
    games = {g.id: g for g in (td.English, td.International)}
    found = games.get(int(h["game"]))
    if found is None or (game is not None and found is not game):
        want = game.name if game is not None else "English (0) or international draughts (1)"
        raise NetworkError(f"{name}: game {int(h['game'])}, not {want}")
    game = found
    sizes = tuple(int(h[f]) for f in ("inputs", "h1", "h2", "h3", "buckets"))
    h1 = sizes[1]
    if not (0 < h1 <= WidthMax and h1 % WidthStep == 0):
        raise NetworkError(f"{name}: first-layer width {h1}, not a multiple of {WidthStep} up to {WidthMax}")
    want_sizes = (game.features, h1, H2, H3, game.buckets)
    if sizes != want_sizes:
        raise NetworkError(f"{name}: sizes {sizes}, the engine's are {want_sizes}")
    size = payload_size(game, h1)
    if int(h["payload_size"]) != size or len(data) - HeaderSize != size:
        raise NetworkError(f"{name}: payload size {int(h['payload_size'])} in the header, "
                           f"{len(data) - HeaderSize} in the file, {size} expected")
    payload = bytes(data[HeaderSize:])
    if zlib.crc32(payload) != int(h["crc"]):
        raise NetworkError(f"{name}: CRC-32 {zlib.crc32(payload):08x} of the payload, {int(h['crc']):08x} in the header")
    q = {}
    at = 0

    def take(dtype, shape):
        nonlocal at
        n = _part_bytes(dtype, shape)
        a = np.frombuffer(payload, dtype=dtype, count=int(np.prod(shape, dtype=np.int64)), offset=at)
        at += n
        return a.reshape(shape).astype(np.int64)

    for part, dtype, shape in shared_parts(game, h1):
        q[part] = take(dtype, shape)
    per = {part: [] for part, _, _ in per_bucket(h1)}
    for _ in range(game.buckets):
        for part, dtype, shape in per_bucket(h1):
            per[part].append(take(dtype, shape))
    for part in per:
        q[part] = np.stack(per[part])
    check(q)
    return q, h["description"].rstrip(b"\0").decode("utf-8", errors="replace")


def read_network(path, game=None):
    with open(path, "rb") as f:
        return parse_network(f.read(), path, game)


def _assert_within(a, lo, hi, what):
    assert a.size == 0 or (a.min() >= lo and a.max() <= hi), f"{what} outside {lo}..{hi}"


def int_forward_features(q, x, bucket):
    """The engine's integers for dense features x (n, features) and buckets: (raw cp, clamped cp)."""
    x = np.asarray(x, dtype=np.float64)
    acc = np.rint(x @ q["W1"].astype(np.float64)).astype(np.int64) + q["b1"]
    _assert_within(acc, -32768, 32767, "accumulator")
    a1 = np.clip(acc, 0, 127)
    out = np.zeros(len(x), dtype=np.int64)
    for k in range(game_of(q).buckets):
        rows = np.flatnonzero(bucket == k)
        if rows.size == 0:
            continue
        s2 = np.rint(a1[rows].astype(np.float64) @ q["W2"][k].T.astype(np.float64)).astype(np.int64) + q["b2"][k]
        _assert_within(s2, -2**31, 2**31 - 1, "layer 2 sum")
        a2 = np.clip(s2 >> 6, 0, 127)  # numpy's >> on signed integers is arithmetic, as in C++20
        s3 = np.rint(a2.astype(np.float64) @ q["W3"][k].T.astype(np.float64)).astype(np.int64) + q["b3"][k]
        _assert_within(s3, -2**31, 2**31 - 1, "layer 3 sum")
        a3 = np.clip(s3 >> 6, 0, 127)
        out[rows] = a3 @ q["W4"][k] + q["b4"][k]
    scaled = out * 100
    _assert_within(scaled, -2**31, 2**31 - 1, "output times 100")
    raw = np.sign(scaled) * (np.abs(scaled) // ScaleOut)  # C++ division: towards zero
    return raw, np.clip(raw, -ScoreLimit, ScoreLimit)


def int_forward(q, rec):
    """(raw cp, clamped cp) of the engine for data records (of the network's game)."""
    if td.game_of(rec) is not game_of(q):
        raise NetworkError(f"a network of {game_of(q).name} cannot score data of {td.game_of(rec).name}")
    return int_forward_features(q, td.dense_features(rec), td.buckets(rec))


def float_cp(net, rec, batch=65536, quantised=False):
    """The model's centi-men (unclamped) for records: the float pass, or the quantisation-aware one."""
    import torch
    out = []
    with torch.no_grad():
        for at in range(0, len(rec), batch):
            part = rec[at:at + batch]
            x = torch.from_numpy(td.dense_features(part)).float()
            b = torch.from_numpy(td.buckets(part))
            out.append(net(x, b, quantised=quantised).double().numpy() * 100.0)
    return np.concatenate(out) if out else np.zeros(0)


def sample_positions(paths, count, seed, game=td.English):
    """`count` positions picked at random from data files, or synthetic ones of `game` without files."""
    rng = np.random.default_rng(seed)
    if paths:
        rec = td.read_many(paths)
        if len(rec) > count:
            rec = rec[np.sort(rng.choice(len(rec), count, replace=False))]
        return rec
    import synth
    return synth.generate(count, seed, game)


def fixture_lines(q, rec, count):
    """Up to `count` lines `BLACK WHITE KINGS SIDE CP`, spread over the buckets, of positions whose
    unclamped score is within +-2000, so that the clamp does not matter. Bitboards are 8 hex
    digits (English) or 16 (10x10), as in the data files."""
    raw, cp = int_forward(q, rec)
    b = td.buckets(rec)
    keep = np.abs(raw) <= ScoreLimit
    chosen = []
    game = game_of(q)
    digits = 16 if game is td.International else 8
    per_bucket = -(-count // game.buckets)
    for k in range(game.buckets):
        chosen.extend(np.flatnonzero(keep & (b == k))[:per_bucket].tolist())
    chosen = sorted(chosen)[:count]
    lines = []
    for i in chosen:
        side = "w" if rec["flags"][i] & td.FlagWhiteToMove else "b"
        lines.append(f"{int(rec['black'][i]):0{digits}x} {int(rec['white'][i]):0{digits}x} "
                     f"{int(rec['kings'][i]):0{digits}x} {side} {int(cp[i])}")
    return lines


def report_check(net, q, rec):
    """Print how far the engine's integers are from the float model, in cp."""
    raw, cp = int_forward(q, rec)
    b = td.buckets(rec)
    worst = {}
    for quantised, name in ((False, "float"), (True, "quantisation-aware")):
        diff = np.abs(float_cp(net, rec, quantised=quantised) - raw)
        per = " ".join(f"{diff[b == k].max():.1f}" if (b == k).any() else "-" for k in range(game_of(q).buckets))
        print(f"check: {len(rec)} positions, {name} vs integer |cp difference|: max {diff.max():.2f}, "
              f"mean {diff.mean():.2f}, 99th percentile {np.percentile(diff, 99):.2f}; max per bucket {per}")
        worst[name] = diff.max()
    print(f"check: {int((np.abs(raw) > ScoreLimit).sum())} positions beyond +-{ScoreLimit} cp before the clamp")
    return worst


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("checkpoint", nargs="?", help="a train.py checkpoint (.pt)")
    ap.add_argument("out", nargs="?", help="the network file to write")
    ap.add_argument("--net", help="use this network file instead of exporting a checkpoint")
    ap.add_argument("--description", help="at most 20 bytes of UTF-8 (default: epoch and date)")
    ap.add_argument("--check", action="store_true", help="compare the float and integer scores")
    ap.add_argument("--fixture", help="write positions with the engine's expected scores here")
    ap.add_argument("--fixture-count", type=int, default=200)
    ap.add_argument("--data", nargs="*", default=[], help="data files to take positions from")
    ap.add_argument("--positions", type=int, default=100_000, help="positions for --check")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    net = None
    try:
        if args.net:
            if args.checkpoint or args.check:
                ap.error("--net reads a network file; --check and a checkpoint need the checkpoint")
            q, description = read_network(args.net)
            print(f"{args.net}: network v{Version} of {game_of(q).name} {description!r}")
        else:
            if not (args.checkpoint and args.out):
                ap.error("give a checkpoint and an output file, or --net FILE")
            import model
            net, state = model.load_checkpoint_model(args.checkpoint)
            net.eval()
            epoch = state.get("epoch", 0) if isinstance(state, dict) else 0
            description = args.description or f"e{epoch} {datetime.date.today().isoformat()}"
            data = network_bytes(quantise(net), description)
            q, _ = parse_network(data, args.out)  # what the engine will see
            tmp = args.out + ".tmp"
            with open(tmp, "wb") as f:
                f.write(data)
            os.replace(tmp, args.out)
            print(f"{args.out}: {len(data)} bytes, description {description!r}, "
                  f"CRC-32 {zlib.crc32(data[HeaderSize:]):08x}")
    except (NetworkError, td.DataFormatError, OSError) as e:
        print(f"export.py: {e}", file=sys.stderr)
        return 1

    try:
        if args.check:
            report_check(net, q, sample_positions(args.data, args.positions, args.seed, game_of(q)))
        if args.fixture:
            rec = sample_positions(args.data, max(20 * args.fixture_count, 10_000), args.seed + 1, game_of(q))
            lines = fixture_lines(q, rec, args.fixture_count)
    except (NetworkError, td.DataFormatError) as e:
        print(f"export.py: {e}", file=sys.stderr)
        return 1
    if args.fixture:
        with open(args.fixture, "w") as f:
            f.write("".join(line + "\n" for line in lines))
        print(f"{args.fixture}: {len(lines)} positions")
        if len(lines) < args.fixture_count:
            print(f"export.py: only {len(lines)} positions within +-{ScoreLimit} cp", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
