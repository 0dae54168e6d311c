"""Tests of the 10x10 (international draughts) side of the trainer: the data file's bytes and
rejections, the 200 features of known positions, the buckets, the network file's header and its
refusal of the other game, a hand-computed integer pass, and a short training run end to end."""

import contextlib
import io
import os
import struct
import tempfile
import unittest

import numpy as np
import torch

import export as ex
import model
import synth
import tempo_data as td
import train
from shared_testing import TempDir, active, check_first_layer_bound, zero_network

I = td.International

# The start: Black on PDN 1-20, White on PDN 31-50.
StartBlack = td.squares_mask(range(0, 20))
StartWhite = td.squares_mask(range(30, 50))


def records(black, white, kings, score, result, white_to_move, exact=False):
    return td.make_records(black, white, kings, score, result, white_to_move, exact, game=I)


class DataFile(TempDir):
    def test_the_header_and_one_record_byte_for_byte(self):
        rec = records(StartBlack, StartWhite, 0, -45, 2, True)
        td.write(self.path("one.dat"), rec)
        with open(self.path("one.dat"), "rb") as f:
            data = f.read()
        self.assertEqual(data, b"TEMPODAT" + struct.pack("<III", 2, 32, 1) + bytes(12)
                         + struct.pack("<QQQhBBI", StartBlack, StartWhite, 0, -45, 2, 1, 0))
        back = td.read(self.path("one.dat"))
        self.assertIs(td.game_of(back), I)
        self.assertTrue(np.array_equal(np.asarray(back), rec))

    def test_the_other_game_and_bad_headers_are_refused(self):
        td.write(self.path("intl.dat"), records(StartBlack, StartWhite, 0, 0, 1, False))
        td.write(self.path("english.dat"), td.make_records(1, 1 << 31, 0, 0, 1, False))
        with self.assertRaises(td.DataFormatError) as caught:
            td.read(self.path("intl.dat"), td.English)
        self.assertIn("not English draughts", str(caught.exception))
        with self.assertRaises(td.DataFormatError) as caught:
            td.read_many([self.path("intl.dat"), self.path("english.dat")])
        self.assertIn("both games", str(caught.exception))
        args = train.parse_args([self.path("intl.dat"), self.path("english.dat"), "--out", self.path("mixed")])
        with self.assertRaises(td.DataFormatError) as caught:
            train.load_data(args)
        self.assertIn("both games", str(caught.exception))
        with self.assertRaises(td.DataFormatError) as caught:
            td.write(self.path("english.dat"), records(StartBlack, StartWhite, 0, 0, 1, False), append=True)
        self.assertIn("not international draughts", str(caught.exception))
        for header, words in [
            (b"TEMPODAT" + struct.pack("<III", 2, 32, 7) + bytes(12), "game 7"),
            (b"TEMPODAT" + struct.pack("<III", 2, 16, 1) + bytes(12), "record size 16"),
            (b"TEMPODAT" + struct.pack("<II", 2, 32), "shorter than the version 2 header"),
            (td.header_bytes(I) + bytes(40), "not a whole number"),
        ]:
            with open(self.path("bad.dat"), "wb") as f:
                f.write(header)
            with self.assertRaises(td.DataFormatError) as caught:
                td.read(self.path("bad.dat"))
            self.assertIn(words, str(caught.exception))

    def test_records_that_break_the_rules(self):
        cases = [
            (records(1, 1, 0, 0, 1, False), "a black and a white piece"),
            (records(1, 2, 4, 0, 1, False), "a king on an empty square"),
            (records(1 << 50, 2, 0, 0, 1, False), "beyond square 50"),
            (records(1 << 47, 1 << 20, 0, 0, 1, False), "a black man on PDN 46-50"),
            (records(1 << 10, 1 << 3, 0, 0, 1, False), "a white man on PDN 1-5"),
            (records(td.squares_mask(range(0, 21)), StartWhite, 0, 0, 1, False), "more than 40"),
        ]
        for rec, words in cases:
            with self.assertRaises(td.DataFormatError) as caught:
                td.check_records(rec)
            self.assertIn(words, str(caught.exception))
        td.check_records(synth.generate(3000, seed=2, game=I))


class Features(unittest.TestCase):
    def test_the_start_for_either_side_to_move(self):
        # Black to move: our men on own squares 0-19; their men on own 30-49 (feature 100 + o).
        # White to move sees the same board turned round.
        for white in (False, True):
            rec = records(StartBlack, StartWhite, 0, 0, 1, white)
            self.assertEqual(active(rec)[0], list(range(0, 20)) + list(range(130, 150)))
            self.assertEqual(td.buckets(rec).tolist(), [3])

    def test_a_man_and_a_king_from_both_sides(self):
        # A black man on PDN 6 (s 5), a white king on PDN 1 (s 0).
        black, white = 1 << 5, 1 << 0
        rec = records([black, black], white, white, 0, 1, [False, True])
        self.assertEqual(active(rec)[0], [5, 150 + 0])          # our man o 5; their king o 0
        self.assertEqual(active(rec)[1], [50 + 49, 100 + 44])   # our king o 49; their man o 44
        self.assertEqual(td.buckets(rec).tolist(), [0, 0])

    def test_buckets_by_piece_count(self):
        for pieces, bucket in [(1, 0), (10, 0), (11, 1), (20, 1), (21, 2), (30, 2), (31, 3), (40, 3)]:
            nb = (pieces + 1) // 2
            rec = records(td.squares_mask(range(5, 5 + nb)), td.squares_mask(range(25, 25 + pieces - nb)),
                          0, 0, 1, False)
            self.assertEqual(td.buckets(rec).tolist(), [bucket], pieces)

    def test_a_colour_reversed_position_has_the_same_features(self):
        rec = synth.generate(3000, seed=6, game=I)
        mirrored = rec.copy()
        mirrored["black"] = td.turn(rec["white"], I)
        mirrored["white"] = td.turn(rec["black"], I)
        mirrored["kings"] = td.turn(rec["kings"], I)
        mirrored["flags"] = rec["flags"] ^ td.FlagWhiteToMove
        self.assertTrue(np.array_equal(td.dense_features(rec), td.dense_features(mirrored)))
        self.assertFalse(np.array_equal(np.asarray(rec), mirrored))

    def test_indices_list_the_dense_features(self):
        rec = synth.generate(2000, seed=5, game=I)
        idx = td.feature_indices(rec)
        self.assertEqual(idx.shape[1], 40)
        for row, want in zip(idx, active(rec)):
            self.assertEqual(row[row < 200].tolist(), want)


class Network(unittest.TestCase):
    def test_the_header_says_the_game_and_sizes(self):
        torch.manual_seed(1)
        net = model.Net(I)
        net.clip_()
        data = ex.network_bytes(ex.quantise(net), "intl")
        self.assertEqual(len(data), 64 + 73104)
        fields = struct.unpack("<9I", data[8:44])
        self.assertEqual(fields[:8], (1, 1, 200, 128, 32, 32, 4, 73104))
        q, description = ex.parse_network(data)
        self.assertIs(ex.game_of(q), I)
        with self.assertRaises(ex.NetworkError) as caught:
            ex.parse_network(data, game=td.English)
        self.assertIn("game 1, not English draughts", str(caught.exception))

    def test_the_first_layer_rule_counts_forty_pieces(self):
        check_first_layer_bound(self, 200, 40, 800, "the 40 largest")
        net = model.Net(I)
        with torch.no_grad():
            net.W1.fill_(100.0)
            net.b1.fill_(100.0)
        net.clip_()
        ex.check(ex.quantise(net))

    def test_a_hand_computed_case(self):
        # A white man on PDN 50 and a black man on PDN 2, White to move: our man on own square 0
        # (feature 0). Unit 0 passes it (127 = 1.0) through weights of 1.0 (64) to the output,
        # plus 0.25 men of bias: 125 cp, bucket 0 (2 pieces).
        q = zero_network(200)
        q["W1"][0, 0] = 127
        q["W2"][:, 0, 0] = 64
        q["W3"][:, 0, 0] = 64
        q["W4"][:, 0] = 64
        q["b4"][:] = 2032 + 8128 * np.arange(4)
        rec = records([1 << 1, 1 << 1, td.squares_mask(range(0, 20))], 1 << 49, 0, 0, 1, [True, False, True])
        rec["white"][2] = StartWhite
        raw, cp = ex.int_forward(q, rec)
        self.assertEqual(cp.tolist(), [125, 25, 425])

    def test_the_quantisation_aware_model_is_the_engine(self):
        torch.manual_seed(2)
        net = model.Net(I)
        net.clip_()
        net.eval()
        q = ex.quantise(net)
        rec = synth.generate(4000, seed=9, game=I)
        raw, _ = ex.int_forward(q, rec)
        qat = ex.float_cp(net, rec, quantised=True)
        self.assertLess(np.abs(qat - raw).max(), 1.0 + 1e-3)
        with self.assertRaises(ex.NetworkError):
            ex.int_forward(q, synth.generate(10, seed=1))  # English data


class Training(unittest.TestCase):
    def test_learns_exports_and_writes_a_fixture(self):
        with tempfile.TemporaryDirectory() as d:
            data = os.path.join(d, "synth10.dat")
            td.write(data, synth.generate(6000, seed=12, game=I))
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                status = train.main([data, "--out", os.path.join(d, "run"), "--epochs", "4", "--batch", "512",
                                     "--threads", "1", "--holdout", "0.1", "--qat-epochs", "1", "--lr", "3e-3"])
            self.assertEqual(status, 0)
            history = torch.load(os.path.join(d, "run", "last.pt"))["history"]
            self.assertLess(history[-1]["held_loss"], 0.8 * history[0]["held_loss"])
            net_path, fixture = os.path.join(d, "n.nnue"), os.path.join(d, "f.txt")
            with contextlib.redirect_stdout(io.StringIO()):
                self.assertEqual(ex.main([os.path.join(d, "run", "last.pt"), net_path, "--description", "t",
                                          "--data", data, "--fixture", fixture, "--fixture-count", "20"]), 0)
            q, _ = ex.read_network(net_path)
            self.assertIs(ex.game_of(q), I)
            with open(fixture) as f:
                lines = f.read().split("\n")[:-1]
            self.assertEqual(len(lines), 20)
            self.assertEqual([len(x) for x in lines[0].split()[:3]], [16, 16, 16])
            # An English run cannot resume a 10x10 checkpoint.
            english = os.path.join(d, "english.dat")
            td.write(english, synth.generate(500, seed=3))
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                self.assertEqual(train.main([english, "--out", os.path.join(d, "e"), "--epochs", "1",
                                             "--resume", os.path.join(d, "run", "last.pt")]), 1)


if __name__ == "__main__":
    unittest.main()
