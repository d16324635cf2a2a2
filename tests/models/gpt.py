"""GPT-style decoder: causal self-attention with a lower-triangular mask, pre-LayerNorm, tied head."""
import numpy as np
import mindspore as ms
import mindspore.nn as nn
from mindspore import ops, Tensor


class CausalSelfAttention(nn.Cell):
    def __init__(self, dim, heads, max_len):
        super().__init__()
        self.h, self.d = heads, dim // heads
        self.c_attn = nn.Dense(dim, 3 * dim)
        self.c_proj = nn.Dense(dim, dim)
        self.mask = Tensor(np.tril(np.ones((max_len, max_len), np.float32)))
        self.softmax = nn.Softmax(axis=-1)

    def construct(self, x):
        b, t, c = x.shape
        q, k, v = ops.split(self.c_attn(x), c, axis=2)
        q = ops.transpose(q.reshape(b, t, self.h, self.d), (0, 2, 1, 3))
        k = ops.transpose(k.reshape(b, t, self.h, self.d), (0, 2, 3, 1))
        v = ops.transpose(v.reshape(b, t, self.h, self.d), (0, 2, 1, 3))
        att = ops.matmul(q, k) * (1.0 / np.sqrt(self.d))
        m = self.mask[:t, :t]
        att = att * m + (1.0 - m) * -1e9
        y = ops.matmul(self.softmax(att), v)
        return self.c_proj(ops.transpose(y, (0, 2, 1, 3)).reshape(b, t, c))


class GPTBlock(nn.Cell):
    def __init__(self, dim, heads, max_len):
        super().__init__()
        self.ln_1 = nn.LayerNorm((dim,), epsilon=1e-5)
        self.attn = CausalSelfAttention(dim, heads, max_len)
        self.ln_2 = nn.LayerNorm((dim,), epsilon=1e-5)
        self.mlp = nn.SequentialCell([nn.Dense(dim, 4 * dim), nn.GELU(), nn.Dense(4 * dim, dim)])

    def construct(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPT(nn.Cell):
    def __init__(self, vocab=40, dim=32, layers=2, heads=4, max_len=16):
        super().__init__()
        self.wte = nn.Embedding(vocab, dim)
        self.wpe = nn.Embedding(max_len, dim)
        self.h = nn.CellList([GPTBlock(dim, heads, max_len) for _ in range(layers)])
        self.ln_f = nn.LayerNorm((dim,), epsilon=1e-5)

    def construct(self, idx):
        b, t = idx.shape
        x = self.wte(idx) + self.wpe(ops.arange(t).expand_dims(0))
        for block in self.h:
            x = block(x)
        x = self.ln_f(x)
        return ops.matmul(x, self.wte.embedding_table.T)


def build():
    return GPT(), [((2, 10), "int32:40")]
