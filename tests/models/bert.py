"""BERT-style encoder: word/position/token-type embeddings, LayerNorm, masked self-attention, pooler."""
import numpy as np
import mindspore as ms
import mindspore.nn as nn
from mindspore import ops, Tensor


class SelfAttention(nn.Cell):
    def __init__(self, hidden, heads):
        super().__init__()
        self.h, self.d = heads, hidden // heads
        self.query = nn.Dense(hidden, hidden)
        self.key = nn.Dense(hidden, hidden)
        self.value = nn.Dense(hidden, hidden)
        self.output = nn.Dense(hidden, hidden)
        self.softmax = nn.Softmax(axis=-1)
        self.batch_matmul_t = ops.BatchMatMul(transpose_b=True)

    def split(self, x):
        b, s, _ = x.shape
        return ops.transpose(x.reshape(b, s, self.h, self.d), (0, 2, 1, 3))

    def construct(self, x, mask):
        q, k, v = self.split(self.query(x)), self.split(self.key(x)), self.split(self.value(x))
        scores = self.batch_matmul_t(q, k) / ms.Tensor(np.sqrt(self.d), ms.float32)
        scores = scores + (1.0 - mask.expand_dims(1).expand_dims(1)) * -10000.0
        ctx = ops.matmul(self.softmax(scores), v)
        b, _, s, _ = ctx.shape
        return self.output(ops.transpose(ctx, (0, 2, 1, 3)).reshape(b, s, self.h * self.d))


class EncoderLayer(nn.Cell):
    def __init__(self, hidden, heads, inter):
        super().__init__()
        self.attention = SelfAttention(hidden, heads)
        self.attn_norm = nn.LayerNorm((hidden,), epsilon=1e-12)
        self.intermediate = nn.Dense(hidden, inter, activation="gelu")
        self.out = nn.Dense(inter, hidden)
        self.out_norm = nn.LayerNorm((hidden,), epsilon=1e-12)

    def construct(self, x, mask):
        x = self.attn_norm(x + self.attention(x, mask))
        return self.out_norm(x + self.out(self.intermediate(x)))


class BertModel(nn.Cell):
    def __init__(self, vocab=50, hidden=32, layers=2, heads=4, inter=64, max_pos=16, type_vocab=2):
        super().__init__()
        self.word_embeddings = nn.Embedding(vocab, hidden)
        self.position_embeddings = nn.Embedding(max_pos, hidden)
        self.token_type_embeddings = nn.Embedding(type_vocab, hidden)
        self.embed_norm = nn.LayerNorm((hidden,), epsilon=1e-12)
        self.layers = nn.CellList([EncoderLayer(hidden, heads, inter) for _ in range(layers)])
        self.pooler = nn.Dense(hidden, hidden, activation="tanh")

    def construct(self, input_ids, token_type_ids, attention_mask):
        b, s = input_ids.shape
        pos = ops.arange(s).expand_dims(0)
        x = self.word_embeddings(input_ids) + self.position_embeddings(pos) + \
            self.token_type_embeddings(token_type_ids)
        x = self.embed_norm(x)
        mask = attention_mask.astype(ms.float32)
        for layer in self.layers:
            x = layer(x, mask)
        pooled = self.pooler(x[:, 0])
        return x, pooled


def build():
    return BertModel(), [((2, 8), "int32:50"), ((2, 8), "int32:2"), ((2, 8), "mask")]
