"""A Swin-style block pair: window attention with a relative-position bias table, then the shifted
variant with its attention mask (shift done with slicing + concat)."""
import numpy as np
import mindspore as ms
import mindspore.nn as nn
from mindspore import ops, Parameter, Tensor
from mindspore.common.initializer import initializer, TruncatedNormal


def window_partition(x, ws):
    b, h, w, c = x.shape
    x = x.reshape(b, h // ws, ws, w // ws, ws, c)
    return ops.transpose(x, (0, 1, 3, 2, 4, 5)).reshape(-1, ws * ws, c)


def window_reverse(windows, ws, h, w):
    b = windows.shape[0] // ((h // ws) * (w // ws))
    x = windows.reshape(b, h // ws, w // ws, ws, ws, -1)
    return ops.transpose(x, (0, 1, 3, 2, 4, 5)).reshape(b, h, w, -1)


def roll2d(x, s):
    """Cyclic shift by -s along H and W (torch.roll(x, (-s, -s), (1, 2)))."""
    x = ops.concat((x[:, s:], x[:, :s]), axis=1)
    return ops.concat((x[:, :, s:], x[:, :, :s]), axis=2)


class WindowAttention(nn.Cell):
    def __init__(self, dim, ws, heads):
        super().__init__()
        self.ws, self.heads, self.hd = ws, heads, dim // heads
        self.scale = self.hd ** -0.5
        self.relative_position_bias_table = Parameter(
            initializer(TruncatedNormal(0.02), ((2 * ws - 1) * (2 * ws - 1), heads), ms.float32),
            name="relative_position_bias_table")
        coords = np.stack(np.meshgrid(np.arange(ws), np.arange(ws), indexing="ij")).reshape(2, -1)
        rel = (coords[:, :, None] - coords[:, None, :]).transpose(1, 2, 0) + (ws - 1)
        self.relative_position_index = Tensor((rel[:, :, 0] * (2 * ws - 1) + rel[:, :, 1]).reshape(-1), ms.int32)
        self.qkv = nn.Dense(dim, dim * 3)
        self.proj = nn.Dense(dim, dim)
        self.softmax = nn.Softmax(axis=-1)

    def construct(self, x, mask=None):
        bw, n, c = x.shape
        qkv = ops.transpose(self.qkv(x).reshape(bw, n, 3, self.heads, self.hd), (2, 0, 3, 1, 4))
        q, k, v = qkv[0] * self.scale, qkv[1], qkv[2]
        attn = ops.matmul(q, ops.transpose(k, (0, 1, 3, 2)))
        bias = ops.gather(self.relative_position_bias_table, self.relative_position_index, 0)
        bias = ops.transpose(bias.reshape(n, n, -1), (2, 0, 1))
        attn = attn + ops.expand_dims(bias, 0)
        if mask is not None:
            nw = mask.shape[0]
            attn = attn.reshape(bw // nw, nw, self.heads, n, n) + mask.reshape(1, nw, 1, n, n)
            attn = attn.reshape(-1, self.heads, n, n)
        attn = self.softmax(attn)
        out = ops.transpose(ops.matmul(attn, v), (0, 2, 1, 3)).reshape(bw, n, c)
        return self.proj(out)


class SwinBlock(nn.Cell):
    def __init__(self, dim, res, ws, heads, shift):
        super().__init__()
        self.res, self.ws, self.shift = res, ws, shift
        self.norm1 = nn.LayerNorm((dim,), epsilon=1e-5)
        self.attn = WindowAttention(dim, ws, heads)
        self.norm2 = nn.LayerNorm((dim,), epsilon=1e-5)
        self.mlp = nn.SequentialCell([nn.Dense(dim, 2 * dim), nn.GELU(approximate=False), nn.Dense(2 * dim, dim)])
        self.attn_mask = None
        if shift:
            img = np.zeros((1, res, res, 1), np.float32)
            cnt = 0
            for hs in (slice(0, -ws), slice(-ws, -shift), slice(-shift, None)):
                for wsl in (slice(0, -ws), slice(-ws, -shift), slice(-shift, None)):
                    img[:, hs, wsl, :] = cnt
                    cnt += 1
            win = img.reshape(1, res // ws, ws, res // ws, ws, 1).transpose(0, 1, 3, 2, 4, 5).reshape(-1, ws * ws)
            m = win[:, None, :] - win[:, :, None]
            self.attn_mask = Tensor(np.where(m != 0, -100.0, 0.0).astype(np.float32))

    def construct(self, x):
        b, l, c = x.shape
        h = w = self.res
        shortcut = x
        x = self.norm1(x).reshape(b, h, w, c)
        if self.shift:
            x = roll2d(x, self.shift)
        win = window_partition(x, self.ws)
        win = self.attn(win, self.attn_mask)
        x = window_reverse(win, self.ws, h, w)
        if self.shift:
            x = roll2d(x, h - self.shift)
        x = shortcut + x.reshape(b, h * w, c)
        return x + self.mlp(self.norm2(x))


class SwinStage(nn.Cell):
    def __init__(self, dim=16, res=8, ws=4, heads=2, num_classes=10):
        super().__init__()
        self.embed = nn.Dense(3, dim)
        self.block1 = SwinBlock(dim, res, ws, heads, 0)
        self.block2 = SwinBlock(dim, res, ws, heads, ws // 2)
        self.head = nn.Dense(dim, num_classes)
        self.mean = ops.ReduceMean()

    def construct(self, x):
        b, c, h, w = x.shape
        x = self.embed(ops.transpose(x.reshape(b, c, h * w), (0, 2, 1)))
        x = self.block2(self.block1(x))
        return self.head(self.mean(x, 1))


def build():
    return SwinStage(), [((2, 3, 8, 8), "float32")]
