"""An end-to-end test of train.py on a small synthetic file: the loss falls, a resumed run takes the
same steps as an uninterrupted one, and its checkpoint exports."""

import contextlib
import io
import os
import tempfile
import unittest

import numpy as np
import torch

import export as ex
import synth
import tempo_data as td
import train


def run(argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = train.main(argv)
    return status, out.getvalue()


class Training(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls._dir = tempfile.TemporaryDirectory()
        cls.dir = cls._dir.name
        cls.data = os.path.join(cls.dir, "synth.dat")
        td.write(cls.data, synth.generate(6000, seed=12))

    @classmethod
    def tearDownClass(cls):
        cls._dir.cleanup()

    def args(self, out, epochs, *extra):
        return [self.data, "--out", os.path.join(self.dir, out), "--epochs", str(epochs), "--batch", "512",
                "--threads", "1", "--holdout", "0.1", "--qat-epochs", "1", *extra]

    def test_learns_resumes_and_exports(self):
        status, log = run(self.args("whole", 3))
        self.assertEqual(status, 0)
        history = torch.load(os.path.join(self.dir, "whole", "last.pt"))["history"]
        self.assertEqual([h["epoch"] for h in history], [1, 2, 3])
        self.assertEqual([h["quantised"] for h in history], [False, False, True])
        self.assertLess(history[-1]["held_loss"], 0.8 * history[0]["held_loss"])
        self.assertIn("epoch 3 (quantised)", log)

        run(self.args("parts", 2, "--qat-epochs", "0"))
        run(self.args("parts", 3, "--resume", os.path.join(self.dir, "parts", "epoch-002.pt")))
        whole = torch.load(os.path.join(self.dir, "whole", "last.pt"))["model"]
        parts = torch.load(os.path.join(self.dir, "parts", "last.pt"))["model"]
        for name in whole:
            self.assertTrue(torch.equal(whole[name], parts[name]), name)

        net_path = os.path.join(self.dir, "whole.nnue")
        with contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(ex.main([os.path.join(self.dir, "whole", "last.pt"), net_path, "--description", "t"]), 0)
        q, description = ex.read_network(net_path)
        self.assertEqual(description, "t")

        # --init starts from the network file: with a learning rate of almost nothing, one
        # quantisation-aware epoch scores what the exported network scored.
        status, log = run(self.args("init", 1, "--init", net_path, "--lr", "1e-12"))
        self.assertEqual(status, 0)
        self.assertIn("starting from " + net_path + " (t)", log)
        init = torch.load(os.path.join(self.dir, "init", "last.pt"))["history"]
        self.assertAlmostEqual(init[0]["held_loss"], history[-1]["held_loss"], delta=1e-5)

        # --h1 wider than the file widens it: the new units start silent, so the score is the same.
        wider = ex.width_of(q) + 64
        status, log = run(self.args("wide", 1, "--init", net_path, "--lr", "1e-12", "--h1", str(wider)))
        self.assertEqual(status, 0)
        self.assertIn(f"widened to {wider}", log)
        wide = torch.load(os.path.join(self.dir, "wide", "last.pt"))
        self.assertEqual(wide["model"]["W1"].shape[1], wider)
        self.assertAlmostEqual(wide["history"][0]["held_loss"], history[-1]["held_loss"], delta=1e-5)
        status, _ = run(self.args("narrow", 1, "--init", net_path, "--h1", str(ex.width_of(q) - 32)))
        self.assertEqual(status, 1)

    def test_lam_per_file(self):
        # A second file, whose targets come from its results alone; the first keeps --lam.
        other = os.path.join(self.dir, "other.dat")
        td.write(other, synth.generate(500, seed=13))
        args = train.parse_args([self.data, other, "--out", os.path.join(self.dir, "lam"), "--holdout", "0",
                                 "--lam", "0.7", "--lam-file", other + "=0"])
        data, _ = train.load_data(args)
        first, second = td.read(self.data), td.read(other)
        self.assertEqual(len(data), len(first) + len(second))
        t = data.target.numpy()
        np.testing.assert_allclose(t[:len(first)], train.targets(first, args.scale, 0.7, args.score_clip),
                                   rtol=1e-6)
        want = np.where(td.exact(second), train.targets(second, args.scale, 1.0, args.score_clip),
                        td.results(second))
        np.testing.assert_allclose(t[len(first):], want, rtol=1e-6)
        self.assertFalse(np.allclose(want, train.targets(second, args.scale, 0.7, args.score_clip)))

        for bad, why in [(other + "=1.5", "not between 0 and 1"), (other + "=x", "is not a number"),
                         ("nofile.dat=0.5", "is not one of the data files"), ("0.5", "expected FILE=LAM")]:
            err = io.StringIO()
            with contextlib.redirect_stderr(err):
                status, _ = run([self.data, other, "--out", os.path.join(self.dir, "bad"), "--lam-file", bad])
            self.assertEqual(status, 1, bad)
            self.assertIn(why, err.getvalue())

    def test_repeat_counts_a_file_n_times(self):
        # --repeat other=3 gives the records and targets of listing other three times, with its lam.
        other = os.path.join(self.dir, "other3.dat")
        td.write(other, synth.generate(400, seed=14))
        common = ["--out", os.path.join(self.dir, "rep"), "--holdout", "0.1", "--lam-file", other + "=0.2"]
        repeated, repeated_held = train.load_data(train.parse_args([self.data, other, *common, "--repeat", other + "=3"]))
        listed, listed_held = train.load_data(train.parse_args([self.data, other, other, other, *common]))
        first, second = td.read(self.data), td.read(other)
        held_first = td.held_out_mask(np.asarray(first), 0.1)
        held_second = td.held_out_mask(np.asarray(second), 0.1)
        self.assertEqual(len(repeated), (~held_first).sum() + 3 * (~held_second).sum())
        self.assertEqual(len(repeated_held), held_first.sum() + 3 * held_second.sum())
        for a, b in [(repeated, listed), (repeated_held, listed_held)]:
            np.testing.assert_array_equal(a.rec, b.rec)
            np.testing.assert_array_equal(a.target.numpy(), b.target.numpy())
        # Once is the default: --repeat FILE=1 changes nothing.
        once, _ = train.load_data(train.parse_args([self.data, other, *common, "--repeat", other + "=1"]))
        plain, _ = train.load_data(train.parse_args([self.data, other, *common]))
        np.testing.assert_array_equal(once.rec, plain.rec)

        for bad, why in [(other + "=0", "less than 1"), (other + "=2.5", "not a whole number"),
                         ("nofile.dat=2", "is not one of the data files"), ("3", "expected FILE=N")]:
            err = io.StringIO()
            with contextlib.redirect_stderr(err):
                status, _ = run([self.data, other, "--out", os.path.join(self.dir, "bad"), "--repeat", bad])
            self.assertEqual(status, 1, bad)
            self.assertIn(why, err.getvalue())


if __name__ == "__main__":
    unittest.main()
