"""Tests of the data-file reader: the header checks, the features and buckets, the held-out split."""

import struct
import unittest

import numpy as np

import synth
import tempo_data as td
from shared_testing import TempDir, active

# The start position: Black on PDN 1-12, White on PDN 21-32.
StartBlack = td.squares_mask(range(0, 12))
StartWhite = td.squares_mask(range(20, 32))


class ReaderRejects(TempDir):
    def assert_rejected(self, data, words):
        path = self.raw_file("bad.dat", data)
        with self.assertRaises(td.DataFormatError) as caught:
            td.read(path)
        self.assertIn(words, str(caught.exception))

    def test_a_file_shorter_than_the_header(self):
        self.assert_rejected(b"TEMPODAT", "shorter than the 16-byte header")

    def test_another_magic(self):
        self.assert_rejected(b"TEMPONET" + struct.pack("<II", 1, 16), "not a Tempo data file")

    def test_another_version(self):
        self.assert_rejected(b"TEMPODAT" + struct.pack("<II", 3, 16), "version 3")

    def test_another_record_size(self):
        self.assert_rejected(b"TEMPODAT" + struct.pack("<II", 1, 20), "record size 20")

    def test_a_partial_record(self):
        self.assert_rejected(td.header_bytes() + bytes(16 + 5), "not a whole number")

    def test_records_that_break_the_rules(self):
        cases = [
            (td.make_records(1, 1, 0, 0, 1, False), "a black and a white piece"),
            (td.make_records(1, 2, 4, 0, 1, False), "a king on an empty square"),
            (td.make_records(1, 2, 0, 0, 3, False), "result above 2"),
            (td.make_records(1 << 28, 2, 0, 0, 1, False), "a black man on PDN 29-32"),
            (td.make_records(1 << 8, 1, 0, 0, 1, False), "a white man on PDN 1-4"),
        ]
        for rec, words in cases:
            with self.assertRaises(td.DataFormatError) as caught:
                td.check_records(rec)
            self.assertIn(words, str(caught.exception))


class ReaderReads(TempDir):
    def test_the_header_and_one_record_byte_for_byte(self):
        rec = td.make_records(StartBlack, StartWhite, 0, -123, 2, True, exact=True)
        td.write(self.path("one.dat"), rec)
        with open(self.path("one.dat"), "rb") as f:
            data = f.read()
        self.assertEqual(data, b"TEMPODAT" + struct.pack("<II", 1, 16)
                         + struct.pack("<IIIhBB", StartBlack, StartWhite, 0, -123, 2, 3))

    def test_writes_appends_and_reads_back(self):
        a = synth.generate(500, seed=3)
        b = synth.generate(300, seed=4)
        td.write(self.path("x.dat"), a)
        td.write(self.path("x.dat"), b, append=True)
        back = td.read(self.path("x.dat"))
        self.assertEqual(len(back), len(a) + len(b))
        self.assertTrue(np.array_equal(np.asarray(back), np.concatenate([a, b])))
        self.assertEqual(len(td.read_many([self.path("x.dat"), self.path("x.dat")])), 2 * len(back))

    def test_an_empty_file_has_no_records(self):
        td.write(self.path("empty.dat"), np.zeros(0, dtype=td.RecordDtype))
        self.assertEqual(len(td.read(self.path("empty.dat"))), 0)


class Features(unittest.TestCase):
    def test_the_start_position_with_black_to_move(self):
        rec = td.make_records(StartBlack, StartWhite, 0, 0, 1, False)
        # Our men on own squares 0-11, their men on own squares 20-31 (feature 64 + o).
        self.assertEqual(active(rec)[0], list(range(0, 12)) + list(range(84, 96)))
        self.assertEqual(td.buckets(rec).tolist(), [3])

    def test_the_start_position_with_white_to_move_is_the_mirror(self):
        rec = td.make_records(StartBlack, StartWhite, 0, 0, 1, True)
        self.assertEqual(active(rec)[0], list(range(0, 12)) + list(range(84, 96)))

    def test_a_man_and_a_king_from_both_sides(self):
        # A black man on PDN 9 (s 8), a white king on PDN 32 (s 31).
        black, white = 1 << 8, 1 << 31
        rec = td.make_records([black, black], white, white, 0, 1, [False, True])
        self.assertEqual(active(rec)[0], [8, 96 + 31])           # our man o 8; their king o 31
        self.assertEqual(active(rec)[1], [32 + 0, 64 + 23])      # our king o 0; their man o 23
        self.assertEqual(td.buckets(rec).tolist(), [0, 0])

    def test_indices_list_the_dense_features(self):
        rec = synth.generate(2000, seed=5)
        idx = td.feature_indices(rec)
        for row, want in zip(idx, active(rec)):
            self.assertEqual(row[row < td.Features].tolist(), want)
            self.assertTrue((row[len(want):] == td.Features).all())

    def test_a_colour_reversed_position_has_the_same_features(self):
        rec = synth.generate(2000, seed=6)
        mirrored = rec.copy()
        mirrored["black"] = td.reverse32(rec["white"])
        mirrored["white"] = td.reverse32(rec["black"])
        mirrored["kings"] = td.reverse32(rec["kings"])
        mirrored["flags"] = rec["flags"] ^ td.FlagWhiteToMove
        self.assertTrue(np.array_equal(td.dense_features(rec), td.dense_features(mirrored)))
        self.assertTrue(np.array_equal(td.buckets(rec), td.buckets(mirrored)))

    def test_no_man_on_its_crowning_row(self):
        dense = td.dense_features(synth.generate(5000, seed=7))
        self.assertFalse(dense[:, 28:32].any())   # our men on own 28-31
        self.assertFalse(dense[:, 64:68].any())   # their men on own 0-3

    def test_buckets_by_piece_count(self):
        for pieces, bucket in [(1, 0), (6, 0), (7, 1), (12, 1), (13, 2), (18, 2), (19, 3), (24, 3)]:
            nb = (pieces + 1) // 2
            rec = td.make_records(td.squares_mask(range(4, 4 + nb)), td.squares_mask(range(16, 16 + pieces - nb)),
                                  0, 0, 1, False)
            self.assertEqual(td.buckets(rec).tolist(), [bucket], pieces)

    def test_labels(self):
        rec = td.make_records([1, 1, 1], 1 << 20, 0, [-5, 0, 7], [0, 1, 2], False, [False, False, True])
        self.assertEqual(td.results(rec).tolist(), [0.0, 0.5, 1.0])
        self.assertEqual(td.exact(rec).tolist(), [False, False, True])
        arrays = td.training_arrays(rec)
        self.assertEqual(arrays["score"].tolist(), [-5.0, 0.0, 7.0])
        self.assertEqual(arrays["features"].shape, (3, 128))
        tensors = td.training_tensors(rec)
        self.assertEqual(tuple(tensors["features"].shape), (3, 128))
        self.assertEqual(tensors["result"].tolist(), [0.0, 0.5, 1.0])
        self.assertEqual(str(tensors["bucket"].dtype), "torch.int64")


class HeldOut(unittest.TestCase):
    def test_the_split_depends_on_the_position_only(self):
        rec = synth.generate(20000, seed=8)
        mask = td.held_out_mask(rec, 0.1)
        self.assertAlmostEqual(mask.mean(), 0.1, delta=0.01)
        relabelled = rec.copy()
        relabelled["score"] = 0
        relabelled["result"] = 1
        order = np.random.default_rng(1).permutation(len(rec))
        self.assertTrue(np.array_equal(td.held_out_mask(relabelled[order], 0.1), mask[order]))

    def test_the_side_to_move_is_part_of_the_position(self):
        rec = td.make_records([StartBlack] * 2, StartWhite, 0, 0, 1, [False, True])
        h = td.position_hash(rec)
        self.assertNotEqual(int(h[0]), int(h[1]))


if __name__ == "__main__":
    unittest.main()
