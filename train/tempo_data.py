#!/usr/bin/python3
"""The one reader (and a small writer) of Tempo's training-data files, version 1.

The format is specified in docs/network-format.md: a 16-byte header (magic `TEMPODAT`, u32
version 1, u32 record size 16), then 16-byte little-endian records of three u32 bitboards (bit s
is PDN square s + 1), an i16 score in centi-men for the side to move, a u8 result for the side to
move (0 lost, 1 drawn, 2 won) and u8 flags (bit 0 White to move, bit 1 exact).

`read` maps a file without copying it; `features` turns records into what the network sees: the
128 features from the side to move's point of view (feature = 32 * kind + own square, kind 0 our
man, 1 our king, 2 their man, 3 their king; own square o = s for Black, 31 - s for White), the
bucket of the piece count and the labels. Everything is vectorised with numpy, because a training
epoch converts millions of records.
"""

import os
import sys

import numpy as np

Magic = b"TEMPODAT"
Version = 1
HeaderSize = 16
RecordSize = 16

FlagWhiteToMove = 1
FlagExact = 2

Features = 128
Buckets = 4
MaxPieces = 24

# Little-endian, in the order of the spec's record table.
RecordDtype = np.dtype([
    ("black", "<u4"),
    ("white", "<u4"),
    ("kings", "<u4"),
    ("score", "<i2"),
    ("result", "u1"),
    ("flags", "u1"),
])
assert RecordDtype.itemsize == RecordSize

HeaderDtype = np.dtype([("magic", "S8"), ("version", "<u4"), ("record_size", "<u4")])
assert HeaderDtype.itemsize == HeaderSize


class DataFormatError(ValueError):
    """A file that is not a version-1 Tempo data file, with the reason in the message."""


def check_header(raw, path="<bytes>"):
    """Raise DataFormatError unless `raw` (the first 16 bytes or more) is a valid header."""
    if len(raw) < HeaderSize:
        raise DataFormatError(f"{path}: {len(raw)} bytes, shorter than the {HeaderSize}-byte header")
    header = np.frombuffer(raw[:HeaderSize], dtype=HeaderDtype)[0]
    if bytes(raw[:8]) != Magic:
        raise DataFormatError(f"{path}: magic {bytes(raw[:8])!r}, not {Magic!r}: not a Tempo data file")
    if int(header["version"]) != Version:
        raise DataFormatError(f"{path}: version {int(header['version'])}, this reader knows {Version}")
    if int(header["record_size"]) != RecordSize:
        raise DataFormatError(
            f"{path}: record size {int(header['record_size'])}, version {Version} has {RecordSize}")


def read(path):
    """Map the records of a data file (read-only, no copy); an empty file maps to 0 records."""
    size = os.path.getsize(path)
    with open(path, "rb") as f:
        check_header(f.read(HeaderSize), path)
    body = size - HeaderSize
    if body % RecordSize != 0:
        raise DataFormatError(
            f"{path}: {body} bytes after the header is not a whole number of "
            f"{RecordSize}-byte records (a truncated write?)")
    if body == 0:
        return np.zeros(0, dtype=RecordDtype)
    return np.memmap(path, dtype=RecordDtype, mode="r", offset=HeaderSize, shape=(body // RecordSize,))


def read_many(paths):
    """The records of several files, concatenated into one array in memory."""
    parts = [np.asarray(read(p)) for p in paths]
    if not parts:
        return np.zeros(0, dtype=RecordDtype)
    return np.concatenate(parts)


def header_bytes():
    return np.array([(Magic, Version, RecordSize)], dtype=HeaderDtype).tobytes()


def write(path, records, append=False):
    """Write records (a RecordDtype array); with append, add them to an existing file (or start one)."""
    records = np.ascontiguousarray(records, dtype=RecordDtype)
    if append and os.path.exists(path) and os.path.getsize(path) > 0:
        read(path)  # validates the header and the length before adding to the file
        with open(path, "ab") as f:
            f.write(records.tobytes())
        return
    with open(path, "wb") as f:
        f.write(header_bytes())
        f.write(records.tobytes())


def make_records(black, white, kings, score, result, white_to_move, exact=False):
    """A record array from per-field values (scalars or arrays of one length)."""
    black = np.atleast_1d(np.asarray(black, dtype=np.uint64))
    n = black.shape[0]
    rec = np.zeros(n, dtype=RecordDtype)
    rec["black"] = black
    rec["white"] = np.broadcast_to(np.asarray(white, dtype=np.uint64), (n,))
    rec["kings"] = np.broadcast_to(np.asarray(kings, dtype=np.uint64), (n,))
    rec["score"] = np.broadcast_to(np.asarray(score, dtype=np.int64), (n,))
    rec["result"] = np.broadcast_to(np.asarray(result, dtype=np.int64), (n,))
    flags = np.where(np.asarray(white_to_move, dtype=bool), FlagWhiteToMove, 0)
    flags = flags | np.where(np.asarray(exact, dtype=bool), FlagExact, 0)
    rec["flags"] = np.broadcast_to(flags, (n,))
    return rec


def squares_mask(squares):
    """The bitboard of 0-based squares (PDN number - 1)."""
    mask = 0
    for s in squares:
        mask |= 1 << s
    return mask


def popcount32(x):
    x = np.asarray(x, dtype=np.uint32)
    return np.unpackbits(x.view(np.uint8).reshape(-1, 4), axis=1).sum(axis=1).astype(np.int64)


def check_records(rec, path="<records>"):
    """Raise DataFormatError naming the first record that breaks the format's invariants."""
    black = rec["black"]
    white = rec["white"]
    kings = rec["kings"]
    problems = [
        ((black & white) != 0, "a square holds a black and a white piece"),
        ((kings & ~(black | white)) != 0, "a king on an empty square"),
        (rec["result"] > 2, "result above 2"),
        ((rec["flags"] & ~np.uint8(FlagWhiteToMove | FlagExact)) != 0, "unknown flag bits"),
    ]
    n = popcount32(black | white) if len(rec) else np.zeros(0, dtype=np.int64)
    problems.append(((n < 1) | (n > MaxPieces), "no pieces or more than 24"))
    # Men never stand on their own crowning row: Black's is PDN 29-32, White's PDN 1-4.
    problems.append(((black & ~kings & np.uint32(0xF0000000)) != 0, "a black man on PDN 29-32"))
    problems.append(((white & ~kings & np.uint32(0x0000000F)) != 0, "a white man on PDN 1-4"))
    for bad, what in problems:
        where = np.flatnonzero(bad)
        if where.size:
            i = int(where[0])
            raise DataFormatError(
                f"{path}: record {i} ({where.size} in all): {what} "
                f"(black {int(black[i]):08x} white {int(white[i]):08x} kings {int(kings[i]):08x})")


_ReverseByte = np.array([int(f"{b:08b}"[::-1], 2) for b in range(256)], dtype=np.uint32)


def reverse32(x):
    """Reverse the 32 bits of each value: square s goes to 31 - s (the board seen by White)."""
    x = np.asarray(x, dtype=np.uint32)
    return ((_ReverseByte[x & 0xFF] << 24) | (_ReverseByte[(x >> 8) & 0xFF] << 16)
            | (_ReverseByte[(x >> 16) & 0xFF] << 8) | _ReverseByte[x >> 24]).astype(np.uint32)


def planes(rec):
    """(n, 4) u32: our men, our kings, their men, their kings, in the side to move's own squares."""
    white_to_move = (rec["flags"] & FlagWhiteToMove) != 0
    black = np.asarray(rec["black"], dtype=np.uint32)
    white = np.asarray(rec["white"], dtype=np.uint32)
    kings = np.asarray(rec["kings"], dtype=np.uint32)
    us = np.where(white_to_move, reverse32(white), black)
    them = np.where(white_to_move, reverse32(black), white)
    k = np.where(white_to_move, reverse32(kings), kings)
    out = np.empty((len(rec), 4), dtype="<u4")
    out[:, 0] = us & ~k
    out[:, 1] = us & k
    out[:, 2] = them & ~k
    out[:, 3] = them & k
    return out


def dense_features(rec):
    """(n, 128) uint8 0/1: column 32 * kind + own square is set for each piece."""
    p = planes(rec)
    # Little-endian u32 -> bytes -> bits in little bit order puts bit o of plane kind at 32*kind+o.
    return np.unpackbits(p.view(np.uint8).reshape(len(rec), 16), axis=1, bitorder="little")


def feature_indices(rec, pad=Features):
    """(n, 24) int64: the active features of each position in increasing order, padded with `pad`."""
    dense = dense_features(rec).astype(bool)
    n = len(rec)
    idx = np.full((n, MaxPieces), pad, dtype=np.int64)
    rows, cols = np.nonzero(dense)
    # Position within its row of each nonzero, for the scatter into the padded table.
    starts = np.searchsorted(rows, np.arange(n))
    slot = np.arange(rows.size) - starts[rows]
    idx[rows, slot] = cols
    return idx


def piece_count(rec):
    return popcount32(np.asarray(rec["black"], dtype=np.uint32) | np.asarray(rec["white"], dtype=np.uint32))


def buckets(rec):
    """The layer stack of each position: (pieces - 1) * 4 // 24 (1-6 -> 0, ..., 19-24 -> 3)."""
    return (piece_count(rec) - 1) * Buckets // MaxPieces


def results(rec):
    """The game result for the side to move as 0, 0.5 or 1."""
    return rec["result"].astype(np.float32) * 0.5


def exact(rec):
    return (rec["flags"] & FlagExact) != 0


def white_to_move(rec):
    return (rec["flags"] & FlagWhiteToMove) != 0


def position_hash(rec):
    """A 64-bit hash of (pieces, kings, side): the same position always lands on the same side of a split."""
    def mix(z):
        # splitmix64's finaliser
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))

    with np.errstate(over="ignore"):
        a = rec["black"].astype(np.uint64) | (rec["white"].astype(np.uint64) << np.uint64(32))
        b = rec["kings"].astype(np.uint64) | (white_to_move(rec).astype(np.uint64) << np.uint64(32))
        return mix(mix(a) ^ (b * np.uint64(0x9E3779B97F4A7C15)))


def held_out_mask(rec, fraction):
    """True for the positions of the held-out set: the hash's top 53 bits below `fraction`."""
    h = position_hash(rec) >> np.uint64(11)
    return h.astype(np.float64) < fraction * float(1 << 53)


def training_arrays(rec):
    """A dict of the tensors' inputs: dense features, bucket, score, result, exact."""
    return {
        "features": dense_features(rec),
        "bucket": buckets(rec),
        "score": rec["score"].astype(np.float32),
        "result": results(rec),
        "exact": exact(rec),
    }


def training_tensors(rec):
    """training_arrays as torch tensors: features float32 0/1, bucket int64, score and result float32."""
    import torch  # here, so that reading and checking files needs numpy only
    arrays = training_arrays(rec)
    arrays["features"] = arrays["features"].astype(np.float32)
    return {k: torch.from_numpy(np.ascontiguousarray(v)) for k, v in arrays.items()}


def summary(rec):
    """One line describing a set of records (counts per bucket, side, exact, results)."""
    b = buckets(rec)
    counts = np.bincount(b, minlength=Buckets)
    r = np.bincount(rec["result"], minlength=3)
    return (f"{len(rec)} positions; buckets {' '.join(str(int(c)) for c in counts)}; "
            f"White to move {int(white_to_move(rec).sum())}; exact {int(exact(rec).sum())}; "
            f"results lost/drawn/won {int(r[0])}/{int(r[1])}/{int(r[2])}")


def main(argv):
    """`tempo_data.py FILE...`: validate files and print a summary of each."""
    if len(argv) < 2:
        print("usage: tempo_data.py FILE.dat...", file=sys.stderr)
        return 2
    status = 0
    for path in argv[1:]:
        try:
            rec = read(path)
            check_records(rec, path)
            print(f"{path}: {summary(rec)}")
        except (DataFormatError, OSError) as e:
            print(e, file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
