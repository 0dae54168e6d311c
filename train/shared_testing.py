"""What the trainer's tests of both games share (test_data.py, test_export.py,
test_international.py): a temporary folder per test, the active features of records, and a network
whose integer parameters are all zero, and the check of the first layer's int16 bound."""

import os
import tempfile
import unittest

import numpy as np

import export as ex
import tempo_data as td


def active(rec):
    """The indices of the active features of each record, sorted."""
    return [sorted(np.flatnonzero(row).tolist()) for row in td.dense_features(rec)]


def zero_network(inputs, h1=128):
    """Integer parameters, all zero, in the file's shapes, for a game with `inputs` features."""
    q = {"W1": np.zeros((inputs, h1)), "b1": np.zeros(h1)}
    for name, _, shape in ex.PerBucket:
        q[name] = np.zeros((4,) + shape)
    return {k: v.astype(np.int64) for k, v in q.items()}


def check_first_layer_bound(test, inputs, pieces, weight, words):
    """The export's int16 rule for a first-layer unit: with `pieces` pieces on the board (the most
    the game has), its `pieces` largest weights plus its bias must fit. One over is refused with a
    message holding `words`; exactly 32767 is written and read back."""
    q = zero_network(inputs)
    q["W1"][: pieces + 1, 7] = weight   # one row more than can be active: it must not count
    q["b1"][7] = 32768 - pieces * weight
    with test.assertRaises(ex.NetworkError) as caught:
        ex.network_bytes(q, "x")
    test.assertIn(words, str(caught.exception))
    q["b1"][7] = 32767 - pieces * weight
    ex.parse_network(ex.network_bytes(q, "x"))


class TempDir(unittest.TestCase):
    """A test case with a temporary folder of its own."""

    def setUp(self):
        self._dir = tempfile.TemporaryDirectory()
        self.dir = self._dir.name

    def tearDown(self):
        self._dir.cleanup()

    def path(self, name):
        return os.path.join(self.dir, name)

    def raw_file(self, name, data):
        """Writes `data` to the file `name` in the folder; returns its path."""
        with open(self.path(name), "wb") as f:
            f.write(data)
        return self.path(name)
