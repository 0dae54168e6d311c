#!/usr/bin/python3
"""The one reader (and a small writer) of Tempo's training-data files, of both games.

The format is specified in docs/network-format.md. English draughts, version 1: a 16-byte header
(magic `TEMPODAT`, u32 version 1, u32 record size 16), then 16-byte little-endian records of three
u32 bitboards (bit s is PDN square s + 1), an i16 score in centi-men for the side to move, a u8
result for the side to move (0 lost, 1 drawn, 2 won) and u8 flags (bit 0 White to move, bit 1
exact). International draughts (10x10), version 2: a 32-byte header (magic, u32 version 2, u32
record size 32, u32 game 1, zeros), then 32-byte records of three u64 bitboards of the 50
squares, the same score, result and flags, and 4 zero bytes.

A record array's dtype says its game (`game_of`), so every function below serves both: the
10x10 features are 200 (feature = 50 * kind + own square, own square o = s for Black, 49 - s for
White), its buckets (pieces - 1) * 4 // 40.

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

# The English sizes (the names older code uses); each game's are in its `Game` below.
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

# International draughts (10x10): version 2, whose header names the game.
IntlRecordDtype = np.dtype([
    ("black", "<u8"),
    ("white", "<u8"),
    ("kings", "<u8"),
    ("score", "<i2"),
    ("result", "u1"),
    ("flags", "u1"),
    ("reserved", "<u4"),
])
assert IntlRecordDtype.itemsize == 32
HeaderV2Dtype = np.dtype([("magic", "S8"), ("version", "<u4"), ("record_size", "<u4"), ("game", "<u4"),
                          ("reserved", "V12")])
assert HeaderV2Dtype.itemsize == 32


class Game:
    """What differs between the games' data and networks."""

    def __init__(self, name, id, version, header_size, dtype, squares, max_pieces, buckets, h1):
        self.name, self.id, self.version, self.header_size = name, id, version, header_size
        self.dtype, self.record_size = dtype, dtype.itemsize
        self.squares, self.max_pieces, self.buckets = squares, max_pieces, buckets
        self.features = 4 * squares
        self.h1 = h1  # the first-layer width of the engine's network for this game

    def __repr__(self):
        return f"Game({self.name})"


English = Game("English draughts", 0, 1, HeaderSize, RecordDtype, 32, 24, 4, 128)
International = Game("international draughts", 1, 2, 32, IntlRecordDtype, 50, 40, 4, 128)
Games = {"english": English, "international": International}


def game_of(rec):
    """The Game of a record array, by its dtype."""
    return International if rec.dtype == IntlRecordDtype else English


class DataFormatError(ValueError):
    """A file that is not a Tempo data file this reader knows, with the reason in the message."""


def check_header(raw, path="<bytes>"):
    """The Game of a header (`raw`: the file's first 32 bytes or more); DataFormatError unless valid."""
    if len(raw) < HeaderSize:
        raise DataFormatError(f"{path}: {len(raw)} bytes, shorter than the {HeaderSize}-byte header")
    header = np.frombuffer(raw[:HeaderSize], dtype=HeaderDtype)[0]
    if bytes(raw[:8]) != Magic:
        raise DataFormatError(f"{path}: magic {bytes(raw[:8])!r}, not {Magic!r}: not a Tempo data file")
    version = int(header["version"])
    if version not in (English.version, International.version):
        raise DataFormatError(f"{path}: version {version}, this reader knows 1 (English) and 2 (with a game field)")
    if version == International.version:
        if len(raw) < International.header_size:
            raise DataFormatError(f"{path}: {len(raw)} bytes, shorter than the version 2 header of "
                                  f"{International.header_size}")
        game_id = int(np.frombuffer(raw[:International.header_size], dtype=HeaderV2Dtype)[0]["game"])
        if game_id != International.id:
            raise DataFormatError(f"{path}: version 2 for game {game_id}; this reader knows game 1 "
                                  f"(international draughts)")
        game = International
    else:
        game = English
    if int(header["record_size"]) != game.record_size:
        raise DataFormatError(
            f"{path}: record size {int(header['record_size'])}, version {version} has {game.record_size}")
    return game


def read(path, game=None):
    """Map the records of a data file (read-only, no copy); an empty file maps to 0 records. With
    `game`, a file of the other game is refused."""
    size = os.path.getsize(path)
    with open(path, "rb") as f:
        found = check_header(f.read(International.header_size), path)
    if game is not None and found is not game:
        raise DataFormatError(f"{path}: a data file of {found.name}, not {game.name}")
    body = size - found.header_size
    if body % found.record_size != 0:
        raise DataFormatError(
            f"{path}: {body} bytes after the header is not a whole number of "
            f"{found.record_size}-byte records (a truncated write?)")
    if body == 0:
        return np.zeros(0, dtype=found.dtype)
    return np.memmap(path, dtype=found.dtype, mode="r", offset=found.header_size,
                     shape=(body // found.record_size,))


def read_many(paths):
    """The records of several files of one game, concatenated into one array in memory."""
    parts = [np.asarray(read(p)) for p in paths]
    if not parts:
        return np.zeros(0, dtype=RecordDtype)
    games = {game_of(p) for p in parts}
    if len(games) > 1:
        raise DataFormatError(f"{', '.join(paths)}: files of both games; train one game at a time")
    return np.concatenate(parts)


def header_bytes(game=English):
    if game is English:
        return np.array([(Magic, Version, RecordSize)], dtype=HeaderDtype).tobytes()
    return np.array([(Magic, game.version, game.record_size, game.id, bytes(12))], dtype=HeaderV2Dtype).tobytes()


def write(path, records, append=False):
    """Write records (of either game's dtype); with append, add them to an existing file of the
    same game (or start one)."""
    game = game_of(records)
    records = np.ascontiguousarray(records, dtype=game.dtype)
    if append and os.path.exists(path) and os.path.getsize(path) > 0:
        read(path, game)  # validates the header and the length before adding to the file
        with open(path, "ab") as f:
            f.write(records.tobytes())
        return
    with open(path, "wb") as f:
        f.write(header_bytes(game))
        f.write(records.tobytes())


def make_records(black, white, kings, score, result, white_to_move, exact=False, game=English):
    """A record array from per-field values (scalars or arrays of one length)."""
    black = np.atleast_1d(np.asarray(black, dtype=np.uint64))
    n = black.shape[0]
    rec = np.zeros(n, dtype=game.dtype)
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


def popcount64(x):
    x = np.ascontiguousarray(x, dtype=np.uint64)
    return np.unpackbits(x.view(np.uint8).reshape(-1, 8), axis=1).sum(axis=1).astype(np.int64)


def popcount(x, game):
    return popcount64(x) if game is International else popcount32(x)


def check_records(rec, path="<records>"):
    """Raise DataFormatError naming the first record that breaks the format's invariants."""
    game = game_of(rec)
    black = rec["black"]
    white = rec["white"]
    kings = rec["kings"]
    problems = [
        ((black & white) != 0, "a square holds a black and a white piece"),
        ((kings & ~(black | white)) != 0, "a king on an empty square"),
        (rec["result"] > 2, "result above 2"),
        ((rec["flags"] & ~np.uint8(FlagWhiteToMove | FlagExact)) != 0, "unknown flag bits"),
    ]
    n = popcount(black | white, game) if len(rec) else np.zeros(0, dtype=np.int64)
    problems.append(((n < 1) | (n > game.max_pieces), f"no pieces or more than {game.max_pieces}"))
    if game is International:
        squares = np.uint64((1 << 50) - 1)
        problems.append((((black | white) & ~squares) != 0, "a piece beyond square 50"))
        # Black crowns on PDN 46-50, White on PDN 1-5.
        problems.append(((black & ~kings & np.uint64(0x1F << 45)) != 0, "a black man on PDN 46-50"))
        problems.append(((white & ~kings & np.uint64(0x1F)) != 0, "a white man on PDN 1-5"))
    else:
        # Men never stand on their own crowning row: Black's is PDN 29-32, White's PDN 1-4.
        problems.append(((black & ~kings & np.uint32(0xF0000000)) != 0, "a black man on PDN 29-32"))
        problems.append(((white & ~kings & np.uint32(0x0000000F)) != 0, "a white man on PDN 1-4"))
    digits = 13 if game is International else 8
    for bad, what in problems:
        where = np.flatnonzero(bad)
        if where.size:
            i = int(where[0])
            raise DataFormatError(
                f"{path}: record {i} ({where.size} in all): {what} "
                f"(black {int(black[i]):0{digits}x} white {int(white[i]):0{digits}x} kings {int(kings[i]):0{digits}x})")


_ReverseByte = np.array([int(f"{b:08b}"[::-1], 2) for b in range(256)], dtype=np.uint32)


def reverse32(x):
    """Reverse the 32 bits of each value: square s goes to 31 - s (the board seen by White)."""
    x = np.asarray(x, dtype=np.uint32)
    return ((_ReverseByte[x & 0xFF] << 24) | (_ReverseByte[(x >> 8) & 0xFF] << 16)
            | (_ReverseByte[(x >> 16) & 0xFF] << 8) | _ReverseByte[x >> 24]).astype(np.uint32)


def reverse64(x):
    """Reverse the 64 bits of each value."""
    x = np.asarray(x, dtype=np.uint64)
    lo = reverse32((x & np.uint64(0xFFFFFFFF)).astype(np.uint32)).astype(np.uint64)
    hi = reverse32((x >> np.uint64(32)).astype(np.uint32)).astype(np.uint64)
    return (lo << np.uint64(32)) | hi


def turn(x, game):
    """Square s -> squares - 1 - s: the board seen from White's side."""
    if game is International:
        return reverse64(x) >> np.uint64(64 - 50)
    return reverse32(x)


def planes(rec):
    """(n, 4) bitboards (u32 English, u64 10x10): our men, our kings, their men, their kings, in
    the side to move's own squares."""
    game = game_of(rec)
    word = np.uint64 if game is International else np.uint32
    white_to_move = (rec["flags"] & FlagWhiteToMove) != 0
    black = np.asarray(rec["black"], dtype=word)
    white = np.asarray(rec["white"], dtype=word)
    kings = np.asarray(rec["kings"], dtype=word)
    us = np.where(white_to_move, turn(white, game), black)
    them = np.where(white_to_move, turn(black, game), white)
    k = np.where(white_to_move, turn(kings, game), kings)
    out = np.empty((len(rec), 4), dtype=np.dtype(word).newbyteorder("<"))
    out[:, 0] = us & ~k
    out[:, 1] = us & k
    out[:, 2] = them & ~k
    out[:, 3] = them & k
    return out


# The 200 columns of the 10x10 features among the 4 * 64 bits of the planes.
_IntlColumns = (np.arange(4)[:, None] * 64 + np.arange(50)[None, :]).reshape(-1)


def dense_features(rec):
    """(n, features) uint8 0/1: column squares * kind + own square is set for each piece."""
    p = planes(rec)
    # Little-endian words -> bytes -> bits in little bit order puts bit o of plane kind at
    # (word bits) * kind + o.
    bits = np.unpackbits(p.view(np.uint8).reshape(len(rec), -1), axis=1, bitorder="little")
    if game_of(rec) is International:
        return np.ascontiguousarray(bits[:, _IntlColumns])
    return bits


def feature_indices(rec, pad=None):
    """(n, max pieces) int64: the active features of each position in increasing order, padded
    with `pad` (default: the feature count)."""
    game = game_of(rec)
    if pad is None:
        pad = game.features
    dense = dense_features(rec).astype(bool)
    n = len(rec)
    idx = np.full((n, game.max_pieces), pad, dtype=np.int64)
    rows, cols = np.nonzero(dense)
    # Position within its row of each nonzero, for the scatter into the padded table.
    starts = np.searchsorted(rows, np.arange(n))
    slot = np.arange(rows.size) - starts[rows]
    idx[rows, slot] = cols
    return idx


def piece_count(rec):
    game = game_of(rec)
    word = np.uint64 if game is International else np.uint32
    return popcount(np.asarray(rec["black"], dtype=word) | np.asarray(rec["white"], dtype=word), game)


def buckets(rec):
    """The layer stack of each position: (pieces - 1) * buckets // max pieces (English 1-6 -> 0,
    ..., 19-24 -> 3; 10x10 1-10 -> 0, ..., 31-40 -> 3)."""
    game = game_of(rec)
    return (piece_count(rec) - 1) * game.buckets // game.max_pieces


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
        side = white_to_move(rec).astype(np.uint64)
        if game_of(rec) is International:
            a = mix(rec["black"].astype(np.uint64)) ^ rec["white"].astype(np.uint64)
            b = rec["kings"].astype(np.uint64) << np.uint64(1) | side
            return mix(mix(a) ^ (b * np.uint64(0x9E3779B97F4A7C15)))
        a = rec["black"].astype(np.uint64) | (rec["white"].astype(np.uint64) << np.uint64(32))
        b = rec["kings"].astype(np.uint64) | (side << np.uint64(32))
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
    counts = np.bincount(b, minlength=game_of(rec).buckets)
    r = np.bincount(rec["result"], minlength=3)
    prefix = "international draughts, " if game_of(rec) is International else ""
    return (f"{prefix}{len(rec)} positions; buckets {' '.join(str(int(c)) for c in counts)}; "
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
