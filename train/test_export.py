"""Tests of the network exporter: the file's bytes, its rejections, and the integer forward pass."""

import os
import re
import struct
import unittest
import zlib

import numpy as np
import torch

import export as ex
import model
import synth
import tempo_data as td
from shared_testing import check_first_layer_bound, zero_network


SHIPPED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "search", "nets", "english.nnue")


def random_net(seed=1, h1=128):
    """A random English net; 128 wide unless asked (the file-layout tests below are worked for 128)."""
    torch.manual_seed(seed)
    net = model.Net(td.English, h1)
    net.clip_()
    net.eval()
    return net


class TheFile(unittest.TestCase):
    def setUp(self):
        self.q = ex.quantise(random_net())
        self.data = ex.network_bytes(self.q, "gen1 2026-12-02")

    def test_header_sizes_and_crc_are_the_spec(self):
        data = self.data
        self.assertEqual(len(data), 64 + 54672)
        self.assertEqual(data[:8], b"TEMPONET")
        fields = struct.unpack("<9I", data[8:44])
        self.assertEqual(fields, (1, 0, 128, 128, 32, 32, 4, 54672, zlib.crc32(data[64:])))
        self.assertEqual(data[44:64], b"gen1 2026-12-02" + bytes(5))

    def test_the_payload_in_file_order(self):
        payload = self.data[64:]
        w1 = np.frombuffer(payload, "<i2", 128 * 128).reshape(128, 128)
        self.assertTrue(np.array_equal(w1, self.q["W1"]))
        at = 128 * 128 * 2 + 128 * 2
        bucket = 4096 + 128 + 1024 + 128 + 32 + 4
        self.assertEqual(len(payload), at + 4 * bucket)
        start3 = at + 3 * bucket  # bucket 3's W2 comes after three whole buckets
        w2 = np.frombuffer(payload, "i1", 32 * 128, start3).reshape(32, 128)
        self.assertTrue(np.array_equal(w2, self.q["W2"][3]))
        b4 = struct.unpack("<i", payload[start3 + bucket - 4:start3 + bucket])[0]
        self.assertEqual(b4, self.q["b4"][3])

    def test_reads_back_what_it_wrote(self):
        q, description = ex.parse_network(self.data)
        self.assertEqual(description, "gen1 2026-12-02")
        for name in self.q:
            self.assertTrue(np.array_equal(q[name], self.q[name]), name)

    def test_dequantise_gives_the_same_integers_back(self):
        net = ex.dequantise(self.q)
        q = ex.quantise(net)
        for name in self.q:
            self.assertTrue(np.array_equal(q[name], self.q[name]), name)
        # And the shipped network too, from its file.
        shipped, _ = ex.read_network(SHIPPED)
        q = ex.quantise(ex.dequantise(shipped))
        for name in shipped:
            self.assertTrue(np.array_equal(q[name], shipped[name]), name)

    def test_rejects_what_the_engine_rejects(self):
        def patched(offset, fmt, value):
            data = bytearray(self.data)
            struct.pack_into(fmt, data, offset, value)
            return bytes(data)

        cases = [
            (self.data[:40], "shorter than the 64-byte header"),
            (b"TEMPODAT" + self.data[8:], "magic"),
            (patched(8, "<I", 2), "version 2"),
            (patched(12, "<I", 2), "game 2"),
            (patched(12, "<I", 1), "sizes (128, 128, 32, 32, 4), the engine's are (200"),
            (patched(24, "<I", 16), "sizes"),
            (patched(20, "<I", 100), "first-layer width 100"),
            (self.data + b"\0", "payload size"),
            (patched(100, "<h", 1 + struct.unpack_from("<h", self.data, 100)[0]), "CRC-32"),
        ]
        for data, words in cases:
            with self.assertRaises(ex.NetworkError) as caught:
                ex.parse_network(data)
            self.assertIn(words, str(caught.exception))

    def test_refuses_a_first_layer_that_could_overflow(self):
        check_first_layer_bound(self, 128, 24, 1311, "overflow int16")

    def test_the_model_clip_keeps_the_rule(self):
        net = random_net()
        with torch.no_grad():
            net.W1.fill_(100.0)
            net.b1.fill_(-100.0)
        net.clip_()
        ex.check(ex.quantise(net))

    def test_refuses_a_long_description(self):
        with self.assertRaises(ex.NetworkError):
            ex.network_bytes(self.q, "x" * 21)


class Widths(unittest.TestCase):
    """The first layer's width is the file's H1 field; the trainer reads and writes any multiple of 32."""

    def test_a_wider_file_round_trips_with_its_sizes(self):
        q = ex.quantise(random_net(3, h1=256))
        data = ex.network_bytes(q, "wide")
        payload = 128 * 256 * 2 + 256 * 2 + 4 * (32 * 256 + 128 + 1024 + 128 + 32 + 4)
        self.assertEqual(len(data), 64 + payload)
        self.assertEqual(struct.unpack("<I", data[20:24])[0], 256)
        self.assertEqual(ex.payload_size(td.English, 256), payload)
        back, _ = ex.parse_network(data)
        self.assertEqual(ex.width_of(back), 256)
        for name in q:
            self.assertTrue(np.array_equal(back[name], q[name]), name)
        self.assertEqual(ex.dequantise(back).h1, 256)

    def test_widening_keeps_every_score(self):
        net = random_net(4)
        wide = model.widen(net, 256)
        self.assertEqual(wide.h1, 256)
        x = (torch.rand(500, 128) < 0.15).float()
        b = torch.randint(0, 4, (500,))
        with torch.no_grad():
            self.assertTrue(torch.allclose(net(x, b), wide(x, b), atol=1e-6))
        # The new units are live: their first-layer weights are not all zero, so training moves them.
        self.assertGreater(float(wide.W1[:, 128:].abs().sum()), 0.0)


class IntegerForward(unittest.TestCase):
    def hand_network(self, w4, b4):
        """Bucket 0 of a network worked by hand (in test_a_hand_computed_case)."""
        q = zero_network(128)
        q["W1"][0, 0], q["W1"][95, 0], q["b1"][0] = 100, -30, 10     # acc0 = 80
        q["W1"][0, 1] = 200                                          # acc1 = 200 -> 127
        q["W2"][0, 0, 0], q["W2"][0, 0, 1], q["b2"][0, 0] = 64, -32, 1000
        q["W3"][0, 0, 0], q["b3"][0, 0] = 127, -100
        q["W3"][0, 1, 0] = -127
        q["W4"][0, 0], q["b4"][0] = w4, b4
        return q

    def test_a_hand_computed_case(self):
        # A black man on PDN 1 and a white man on PDN 32, Black to move: features 0 and 64 + 31.
        rec = td.make_records(1, 1 << 31, 0, 0, 1, False)
        self.assertEqual(np.flatnonzero(td.dense_features(rec)[0]).tolist(), [0, 95])
        # a1 = (80, 127, 0...); layer 2: 1000 + 80*64 - 127*32 = 2056, >> 6 = 32;
        # layer 3: -100 + 32*127 = 3964 >> 6 = 61, and -4064 >> 6 = -64 -> 0;
        # out = -1000 + 61*100 = 5100, cp = 510000 / 8128 = 62 (62.7 truncated).
        raw, cp = ex.int_forward(self.hand_network(100, -1000), rec)
        self.assertEqual((raw.tolist(), cp.tolist()), ([62], [62]))
        # out = 1000 - 6100 = -5100: cp -62, towards zero (not -63).
        raw, cp = ex.int_forward(self.hand_network(-100, 1000), rec)
        self.assertEqual((raw.tolist(), cp.tolist()), ([-62], [-62]))
        # The clamp: out = 2 000 000 is 24606 cp before it, 2000 after.
        raw, cp = ex.int_forward(self.hand_network(0, 2_000_000), rec)
        self.assertEqual((raw.tolist(), cp.tolist()), ([24606], [2000]))

    def test_sums_are_floored_and_cp_truncated(self):
        # No feature: a1 = 0. Layer 2: 127 >> 6 = 1; layer 3: 127 * 1 >> 6 = 1;
        # out = 127 * 1 = 127, cp = 12700 / 8128 = 1 (1.56 truncated).
        q = zero_network(128)
        q["b2"][2, 0] = 127
        q["W3"][2, 0, 0] = 127
        q["W4"][2, 0] = 127
        raw, _ = ex.int_forward_features(q, np.zeros((2, 128)), np.array([2, 1]))
        self.assertEqual(raw.tolist(), [1, 0])

    def test_the_quantisation_aware_model_is_the_engine(self):
        net = random_net(2)
        q = ex.quantise(net)
        rec = synth.generate(5000, seed=9)
        raw, _ = ex.int_forward(q, rec)
        qat = ex.float_cp(net, rec, quantised=True)
        # Only the engine's final truncation to whole centi-men separates them.
        self.assertLess(np.abs(qat - raw).max(), 1.0 + 1e-3)
        self.assertTrue((np.abs(qat) >= np.abs(raw) - 1e-3).all())

    def test_the_float_model_is_close(self):
        net = random_net(3)
        rec = synth.generate(2000, seed=10)
        raw, _ = ex.int_forward(ex.quantise(net), rec)
        self.assertLess(np.abs(ex.float_cp(net, rec) - raw).mean(), 20.0)


class Fixture(unittest.TestCase):
    def test_lines_hold_the_engine_scores(self):
        net = random_net(4)
        q = ex.quantise(net)
        rec = synth.generate(3000, seed=11)
        lines = ex.fixture_lines(q, rec, 40)
        self.assertEqual(len(lines), 40)
        pattern = re.compile(r"^([0-9a-f]{8}) ([0-9a-f]{8}) ([0-9a-f]{8}) ([bw]) (-?\d+)$")
        for line in lines:
            m = pattern.match(line)
            self.assertIsNotNone(m, line)
            black, white, kings = (int(m.group(i), 16) for i in (1, 2, 3))
            r = td.make_records(black, white, kings, 0, 1, m.group(4) == "w")
            raw, cp = ex.int_forward(q, r)
            self.assertEqual(int(m.group(5)), int(cp[0]))
            self.assertEqual(int(raw[0]), int(cp[0]))  # the fixture keeps clear of the clamp
        self.assertEqual(len({line.split()[3] for line in lines}), 2)


if __name__ == "__main__":
    unittest.main()
