"""Small MindSpore networks exported to MindIR by gen_mindir.py (real MindSpore) and run back by
tests/train/test_mindir_graph_cell.py (ms_compat). The same source runs under both: ``mindspore`` is real
MindSpore in the generator and ms_compat (``import ms_compat as mindspore``) in the tests."""
from __future__ import annotations

import numpy as np


def build(ms):
    """Return {name: (net, inputs)} built with the ``mindspore`` module ``ms`` (fixed seeds)."""
    nn, ops = ms.nn, ms.ops

    class LeNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv2d(1, 4, 5, pad_mode="valid")
            self.conv2 = nn.Conv2d(4, 8, 5, pad_mode="valid")
            self.relu = nn.ReLU()
            self.pool = nn.MaxPool2d(2, 2)
            self.flatten = nn.Flatten()
            self.fc1 = nn.Dense(8 * 4 * 4, 32)
            self.fc2 = nn.Dense(32, 16)
            self.fc3 = nn.Dense(16, 10)

        def construct(self, x):
            x = self.pool(self.relu(self.conv1(x)))
            x = self.pool(self.relu(self.conv2(x)))
            x = self.flatten(x)
            x = self.relu(self.fc1(x))
            x = self.relu(self.fc2(x))
            return ops.softmax(self.fc3(x))

    class ResBlock(nn.Cell):
        def __init__(self, c=8):
            super().__init__()
            self.stem = nn.Conv2d(3, c, 3, stride=2, pad_mode="pad", padding=1, has_bias=False)
            self.conv1 = nn.Conv2d(c, c, 3, pad_mode="same", has_bias=False)
            self.bn1 = nn.BatchNorm2d(c)
            self.conv2 = nn.Conv2d(c, c, 3, pad_mode="pad", padding=1, has_bias=False)
            self.bn2 = nn.BatchNorm2d(c)
            self.relu = nn.ReLU()
            self.avg = nn.AvgPool2d(2, 2)
            self.head = nn.Dense(c, 5)

        def construct(self, x):
            x = self.stem(x)
            y = self.relu(self.bn1(self.conv1(x)))
            y = self.bn2(self.conv2(y))
            y = self.relu(y + x)
            y = self.avg(y)
            y = ops.mean(y, (2, 3))
            return self.head(y)

    class Mixer(nn.Cell):
        def __init__(self, d=12):
            super().__init__()
            self.norm = nn.LayerNorm((d,))
            self.proj = nn.Dense(d, d)
            self.gelu = nn.GELU()
            self.w = ms.Parameter(ms.Tensor(np.linspace(-1, 1, d * d).reshape(d, d).astype(np.float32)), name="w")

        def construct(self, x):
            b = x.shape[0]
            h = self.norm(x)
            h = self.gelu(self.proj(h))
            h = ops.matmul(h, self.w.transpose(1, 0))
            h = ops.tanh(h) * ops.sigmoid(x) - ops.exp(-h * h)
            h = ops.concat((h, x), axis=-1)
            h = ops.reshape(h, (b, -1))
            return ops.softmax(h, axis=-1), ops.reduce_sum(h, 1)

    class Layers(nn.Cell):
        """The writer's translations one by one: a stride-2 "same" convolution (ms_compat pads explicitly first),
        SiLU, a transposed convolution with padding and bias, a zero pad of its own, a "same" max pool, an adaptive
        average pool, integer indexing and slicing, a 2-layer bidirectional batch-first GRU."""

        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2d(3, 4, 3, stride=2, pad_mode="same", has_bias=True)
            self.silu = nn.SiLU()
            self.up = nn.Conv2dTranspose(4, 4, 3, stride=2, pad_mode="pad", padding=1, has_bias=True)
            self.max = nn.MaxPool2d(3, 2, pad_mode="same")
            self.pool = nn.AdaptiveAvgPool2d((4, 3))
            self.gru = nn.GRU(6, 5, num_layers=2, batch_first=True, bidirectional=True)

        def construct(self, x):
            y = self.up(self.silu(self.conv(x)))
            y = self.pool(self.max(ops.pad(y, (1, 2, 0, 1))))
            seq = ops.reshape(y[:, 1:3], (2, 4, 6))
            out, h = self.gru(seq)
            return out[:, -1], ops.expand_dims(h[1], 0)

    class ResizeBilinear(nn.Cell):
        """``ops.interpolate(mode="bilinear")`` both ways (MindSpore's ``ResizeBilinearV2``), as CrossViT's
        branches resize their images."""

        def construct(self, x):
            return (ops.interpolate(x, size=(7, 8), mode="bilinear", align_corners=True),
                    ops.interpolate(x, size=(7, 8), mode="bilinear", align_corners=False))

    class SliceWrite(nn.Cell):
        """Writes into slices of a transposed tensor, then ``view`` of it (YOLOv5's detect head)."""

        def construct(self, x):
            y = ops.sigmoid(ops.transpose(x.view(2, 3, 4, 5), (0, 1, 3, 2)))
            y[..., 0:2] = y[..., 0:2] * 2.0 - 0.5
            y[..., 3:] = y[..., 3:] ** 2
            return y.view(2, -1, 4)

    class MixedAdd(nn.Cell):
        """float32 + float16 (HRNet's fuse layers): the result in float32, the file casts the float16 operand."""

        def construct(self, x):
            return ops.relu(x + ops.cast(x * 2, ms.float16))

    rng = np.random.default_rng(0)
    nets = {}
    for name, cls, shape in (("lenet", LeNet, (2, 1, 28, 28)), ("resblock", ResBlock, (2, 3, 16, 16)),
                             ("mixer", Mixer, (2, 4, 12)), ("layers", Layers, (2, 3, 9, 9)),
                             ("resize_bilinear", ResizeBilinear, (1, 2, 4, 5)), ("slice_write", SliceWrite, (2, 60)),
                             ("mixed_add", MixedAdd, (2, 3, 4))):
        ms.set_seed(1)
        net = cls()
        net.set_train(False)
        for p in net.get_parameters():  # deterministic weights on both sides
            v = rng.standard_normal(p.shape).astype(np.float32) * 0.3
            if "moving_variance" in p.name or "gamma" in p.name:
                v = np.abs(v) + 0.5
            p.set_data(ms.Tensor(v))
        nets[name] = (net, (ms.Tensor(rng.standard_normal(shape).astype(np.float32)),))
    return nets
