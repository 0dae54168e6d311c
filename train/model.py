#!/usr/bin/python3
"""The float network of docs/network-format.md (version 1, either game), for training.

    a1 = clamp(x W1 + b1, 0, 1)              x: the features (0/1): 128 English, 200 10x10
    a2 = clamp(W2[k] a1 + b2[k], 0, 1)       k: the bucket of the piece count, 4 stacks
    a3 = clamp(W3[k] a2 + b3[k], 0, 1)
    y  = W4[k] . a3 + b4[k]                  in men: the score in centi-men is 100 y

The parameters are stored in the file's layout (W1 one row per feature, W2 and W3 one row per
output), so the exporter only scales and rounds. The three bucketed layers are computed for all 4
buckets at once as one wider matmul and the position's own bucket picked out: at these sizes
that is cheaper than sorting a batch by bucket.

`clip_` keeps the weights where quantisation is exact: dense weights within +-127/64 (int8 at
scale 64) and the first layer within +-1310/127 (English), so |b1q| plus the 24 largest |W1q| is
at most 25 * 1310 = 32750 <= 32767 (the loader's overflow rule); on the 10x10 board, with up to
40 pieces, +-799/127 (41 * 799 = 32759).

`Net(game, h1)` takes a `tempo_data.Game` (English by default): its feature count and buckets;
`h1` is the first layer's width (the game's own by default, `Game.h1`, the width the engine
reads). The width of a trained net is the column count of its W1.
"""

import torch
from torch import nn

import tempo_data as td

# The English sizes (the names older code uses).
Inputs = 128
H1 = td.English.h1
H2 = 32
H3 = 32
Buckets = 4

Scale1 = 127       # first layer int16, activations 0..127
ScaleW = 64        # dense weights int8
ScaleOut = Scale1 * ScaleW  # 8128: dense biases and the output

DenseLimit = 127 / ScaleW
FirstLimit = 1310 / Scale1  # 25 * 1310 = 32750 fits in int16 with the 24 active features and b1


def first_limit(game):
    """The first layer's bound: (max pieces + 1) rows of it fit in int16 after rounding."""
    return (32767 // (game.max_pieces + 1)) / Scale1


def _round_ste(x):
    """round(x) forward (half to even, as numpy.rint), the identity backward."""
    return x + (torch.round(x) - x).detach()


def _floor_ste(x):
    return x + (torch.floor(x) - x).detach()


class Net(nn.Module):
    def __init__(self, game=td.English, h1=None):
        super().__init__()
        self.game = game
        self.inputs, self.buckets = game.features, game.buckets
        self.h1 = H1 = h1 or game.h1
        # nn.Linear's default initialisation: uniform within +-1/sqrt(fan_in).
        def uniform(*shape, fan_in):
            bound = fan_in ** -0.5
            return nn.Parameter(torch.empty(*shape).uniform_(-bound, bound))

        self.W1 = uniform(self.inputs, H1, fan_in=self.inputs)
        self.b1 = uniform(H1, fan_in=self.inputs)
        self.W2 = uniform(self.buckets, H2, H1, fan_in=H1)
        self.b2 = uniform(self.buckets, H2, fan_in=H1)
        self.W3 = uniform(self.buckets, H3, H2, fan_in=H2)
        self.b3 = uniform(self.buckets, H3, fan_in=H2)
        self.W4 = uniform(self.buckets, H3, fan_in=H3)
        self.b4 = uniform(self.buckets, fan_in=H3)
        # A first layer that starts mostly in its linear range: about half the features active.
        with torch.no_grad():
            self.b1.uniform_(0.0, 0.5)

    def forward(self, x, bucket, quantised=False):
        """x: (n, features) float 0/1; bucket: (n,) int64. Returns y (n,) in men.

        With `quantised`, the engine's integer pass instead (see `forward_quantised`)."""
        if quantised:
            return self.forward_quantised(x, bucket)
        n, H1 = x.shape[0], self.h1
        rows = torch.arange(n, device=x.device)
        a1 = torch.clamp(x @ self.W1 + self.b1, 0.0, 1.0)
        z2 = a1 @ self.W2.reshape(self.buckets * H2, H1).t() + self.b2.reshape(-1)
        a2 = torch.clamp(z2.view(n, self.buckets, H2)[rows, bucket], 0.0, 1.0)
        z3 = a2 @ self.W3.reshape(self.buckets * H3, H2).t() + self.b3.reshape(-1)
        a3 = torch.clamp(z3.view(n, self.buckets, H3)[rows, bucket], 0.0, 1.0)
        out = a3 @ self.W4.t() + self.b4
        return out[rows, bucket]

    def forward_quantised(self, x, bucket):
        """The engine's integers, differentiable: quantisation-aware training.

        Weights are rounded as export.py rounds them and activations floored as the engine's
        `>> 6` floors them, with straight-through gradients (the rounding counts as the identity).
        The sums are formed in integer units (activations 0..127, weights in 1/64): integers below
        2^24 are exact in float32, so this equals the engine's pass except for the final
        truncation of cp to an integer."""
        n, H1 = x.shape[0], self.h1
        rows = torch.arange(n, device=x.device)
        W1 = _round_ste(self.W1 * Scale1)
        b1 = _round_ste(self.b1 * Scale1)
        a1 = torch.clamp(x @ W1 + b1, 0.0, 127.0)
        W2 = torch.clamp(_round_ste(self.W2 * ScaleW), -127.0, 127.0)
        s2 = a1 @ W2.reshape(self.buckets * H2, H1).t() + _round_ste(self.b2 * ScaleOut).reshape(-1)
        a2 = torch.clamp(_floor_ste(s2.view(n, self.buckets, H2)[rows, bucket] / ScaleW), 0.0, 127.0)
        W3 = torch.clamp(_round_ste(self.W3 * ScaleW), -127.0, 127.0)
        s3 = a2 @ W3.reshape(self.buckets * H3, H2).t() + _round_ste(self.b3 * ScaleOut).reshape(-1)
        a3 = torch.clamp(_floor_ste(s3.view(n, self.buckets, H3)[rows, bucket] / ScaleW), 0.0, 127.0)
        W4 = torch.clamp(_round_ste(self.W4 * ScaleW), -127.0, 127.0)
        out = a3 @ W4.t() + _round_ste(self.b4 * ScaleOut)
        return out[rows, bucket] / ScaleOut

    @torch.no_grad()
    def clip_(self):
        """Keep the weights quantisable (see the module note); call after every optimiser step."""
        limit = first_limit(self.game)
        self.W1.clamp_(-limit, limit)
        self.b1.clamp_(-limit, limit)
        for w in (self.W2, self.W3, self.W4):
            w.clamp_(-DenseLimit, DenseLimit)


def load_checkpoint_model(path):
    """The Net of a checkpoint written by train.py (or a bare state dict); the game is the
    checkpoint's (its W1 has one row per feature)."""
    state = torch.load(path, map_location="cpu")
    weights = state["model"] if "model" in state else state
    net = Net(td.International if weights["W1"].shape[0] == td.International.features else td.English,
              weights["W1"].shape[1])
    net.load_state_dict(state["model"] if "model" in state else state)
    return net, state


def widen(net, h1, seed=1):
    """`net` with a first layer of `h1` units (at least its own) that scores exactly as `net`:
    the new units get small random first-layer weights and zero weights into layer 2, so they
    start silent and training gives them a use."""
    wide = Net(net.game, h1)
    old = net.h1
    g = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for name in ("W2", "b2", "W3", "b3", "W4", "b4"):
            getattr(wide, name).zero_()
        wide.W1[:, :old] = net.W1
        wide.b1[:old] = net.b1
        bound = net.inputs ** -0.5
        wide.W1[:, old:] = (torch.rand(net.inputs, h1 - old, generator=g) * 2 - 1) * bound
        wide.b1[old:] = torch.rand(h1 - old, generator=g) * 0.5
        wide.W2[:, :, :old] = net.W2
        for name in ("b2", "W3", "b3", "W4", "b4"):
            getattr(wide, name).copy_(getattr(net, name))
    return wide
