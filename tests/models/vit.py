import numpy as np
import mindspore as ms
import mindspore.nn as nn
from mindspore import ops, Parameter, Tensor
from mindspore.common.initializer import initializer, TruncatedNormal


class Attention(nn.Cell):
    def __init__(self, dim, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.head_dim = dim // num_heads
        self.scale = self.head_dim ** -0.5
        self.qkv = nn.Dense(dim, dim * 3)
        self.proj = nn.Dense(dim, dim)
        self.softmax = nn.Softmax(axis=-1)
        self.matmul_qk = ops.BatchMatMul(transpose_b=True)
        self.matmul_v = ops.BatchMatMul()

    def construct(self, x):
        b, n, c = x.shape
        qkv = self.qkv(x).reshape(b, n, 3, self.num_heads, self.head_dim)
        qkv = ops.transpose(qkv, (2, 0, 3, 1, 4))
        q, k, v = qkv[0], qkv[1], qkv[2]
        attn = self.softmax(self.matmul_qk(q, k) * self.scale)
        out = self.matmul_v(attn, v)
        out = ops.transpose(out, (0, 2, 1, 3)).reshape(b, n, c)
        return self.proj(out)


class Block(nn.Cell):
    def __init__(self, dim, num_heads, mlp_ratio=2):
        super().__init__()
        self.norm1 = nn.LayerNorm((dim,), epsilon=1e-6)
        self.attn = Attention(dim, num_heads)
        self.norm2 = nn.LayerNorm((dim,), epsilon=1e-6)
        self.mlp = nn.SequentialCell([nn.Dense(dim, dim * mlp_ratio), nn.GELU(), nn.Dense(dim * mlp_ratio, dim)])

    def construct(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class ViT(nn.Cell):
    def __init__(self, image_size=16, patch=4, dim=32, depth=2, heads=4, num_classes=10):
        super().__init__()
        n = (image_size // patch) ** 2
        self.patch_embed = nn.Conv2d(3, dim, patch, stride=patch, has_bias=True)
        self.cls_token = Parameter(initializer(TruncatedNormal(0.02), (1, 1, dim), ms.float32), name="cls_token")
        self.pos_embed = Parameter(initializer(TruncatedNormal(0.02), (1, n + 1, dim), ms.float32), name="pos_embed")
        self.blocks = nn.CellList([Block(dim, heads) for _ in range(depth)])
        self.norm = nn.LayerNorm((dim,), epsilon=1e-6)
        self.head = nn.Dense(dim, num_classes)
        self.concat = ops.Concat(axis=1)
        self.tile = ops.Tile()

    def construct(self, x):
        x = self.patch_embed(x)
        b, c, h, w = x.shape
        x = ops.transpose(x.reshape(b, c, h * w), (0, 2, 1))
        cls = self.tile(self.cls_token, (b, 1, 1))
        x = self.concat((cls, x)) + self.pos_embed
        for blk in self.blocks:
            x = blk(x)
        x = self.norm(x)
        return self.head(x[:, 0])


def build():
    return ViT(), [((2, 3, 16, 16), "float32")]
