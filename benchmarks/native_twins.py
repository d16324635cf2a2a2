"""Hand-written native PyTorch twins of the benchmark models (same architecture as the corpus models in
tests/models/), and a weight copier from the ms_compat model, so both run with the same weights."""
from __future__ import annotations

import math

import torch
import torch.nn.functional as F
from torch import nn


# ---------------------------------------------------------------- ResNet-50 style
class Bottleneck(nn.Module):
    expansion = 4

    def __init__(self, in_c, c, stride=1):
        super().__init__()
        out_c = c * 4
        self.conv1 = nn.Conv2d(in_c, c, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(c)
        self.conv2 = nn.Conv2d(c, c, 3, stride, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(c)
        self.conv3 = nn.Conv2d(c, out_c, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(out_c)
        self.down = None
        if stride != 1 or in_c != out_c:
            self.down = nn.Sequential(nn.Conv2d(in_c, out_c, 1, stride, bias=False), nn.BatchNorm2d(out_c))

    def forward(self, x):
        out = F.relu(self.bn1(self.conv1(x)))
        out = F.relu(self.bn2(self.conv2(out)))
        out = self.bn3(self.conv3(out))
        return F.relu(out + (self.down(x) if self.down is not None else x))


class ResNet(nn.Module):
    def __init__(self, layers=(3, 4, 6, 3), width=64, num_classes=10):
        super().__init__()
        self.conv1 = nn.Conv2d(3, width, 7, 2, 3, bias=False)
        self.bn1 = nn.BatchNorm2d(width)
        blocks, in_c = [], width
        for i, n in enumerate(layers):
            c = width * 2 ** i
            for j in range(n):
                blocks.append(Bottleneck(in_c, c, 2 if (j == 0 and i > 0) else 1))
                in_c = c * 4
        self.layers = nn.Sequential(*blocks)
        self.fc = nn.Linear(in_c, num_classes)

    def forward(self, x):
        # MindSpore MaxPool2d(3, 2, pad_mode='same') on even sizes pads (0, 1): bottom/right only
        x = F.relu(self.bn1(self.conv1(x)))
        x = F.max_pool2d(F.pad(x, (0, 1, 0, 1), value=float("-inf")), 3, 2)
        x = self.layers(x)
        return self.fc(x.mean((2, 3)))


# ---------------------------------------------------------------- ViT style
class Attention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.h, self.hd = heads, dim // heads
        self.scale = self.hd ** -0.5
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        b, n, c = x.shape
        q, k, v = self.qkv(x).reshape(b, n, 3, self.h, self.hd).permute(2, 0, 3, 1, 4)
        attn = torch.softmax(q @ k.transpose(-1, -2) * self.scale, -1)
        return self.proj((attn @ v).transpose(1, 2).reshape(b, n, c))


class Block(nn.Module):
    def __init__(self, dim, heads, mlp_ratio=2):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim, eps=1e-6)
        self.attn = Attention(dim, heads)
        self.norm2 = nn.LayerNorm(dim, eps=1e-6)
        self.mlp = nn.Sequential(nn.Linear(dim, dim * mlp_ratio), nn.GELU(approximate="tanh"), nn.Linear(dim * mlp_ratio, dim))

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class ViT(nn.Module):
    def __init__(self, image_size=224, patch=16, dim=192, depth=6, heads=3, num_classes=10):
        super().__init__()
        n = (image_size // patch) ** 2
        self.patch_embed = nn.Conv2d(3, dim, patch, patch)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.pos_embed = nn.Parameter(torch.zeros(1, n + 1, dim))
        self.blocks = nn.ModuleList([Block(dim, heads) for _ in range(depth)])
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.head = nn.Linear(dim, num_classes)

    def forward(self, x):
        x = self.patch_embed(x).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], 1) + self.pos_embed
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.norm(x)[:, 0])


# ---------------------------------------------------------------- BERT style
class SelfAttention(nn.Module):
    def __init__(self, hidden, heads):
        super().__init__()
        self.h, self.d = heads, hidden // heads
        self.query, self.key, self.value = (nn.Linear(hidden, hidden) for _ in range(3))
        self.output = nn.Linear(hidden, hidden)

    def split(self, x):
        b, s, _ = x.shape
        return x.reshape(b, s, self.h, self.d).transpose(1, 2)

    def forward(self, x, mask):
        q, k, v = self.split(self.query(x)), self.split(self.key(x)), self.split(self.value(x))
        scores = q @ k.transpose(-1, -2) / math.sqrt(self.d) + (1.0 - mask[:, None, None, :]) * -10000.0
        ctx = torch.softmax(scores, -1) @ v
        b, _, s, _ = ctx.shape
        return self.output(ctx.transpose(1, 2).reshape(b, s, self.h * self.d))


class EncoderLayer(nn.Module):
    def __init__(self, hidden, heads, inter):
        super().__init__()
        self.attention = SelfAttention(hidden, heads)
        self.attn_norm = nn.LayerNorm(hidden, eps=1e-12)
        self.intermediate = nn.Linear(hidden, inter)
        self.out = nn.Linear(inter, hidden)
        self.out_norm = nn.LayerNorm(hidden, eps=1e-12)

    def forward(self, x, mask):
        x = self.attn_norm(x + self.attention(x, mask))
        return self.out_norm(x + self.out(F.gelu(self.intermediate(x), approximate="tanh")))


class BertModel(nn.Module):
    def __init__(self, vocab=8000, hidden=256, layers=4, heads=4, inter=1024, max_pos=128, type_vocab=2):
        super().__init__()
        self.word_embeddings = nn.Embedding(vocab, hidden)
        self.position_embeddings = nn.Embedding(max_pos, hidden)
        self.token_type_embeddings = nn.Embedding(type_vocab, hidden)
        self.embed_norm = nn.LayerNorm(hidden, eps=1e-12)
        self.layers = nn.ModuleList([EncoderLayer(hidden, heads, inter) for _ in range(layers)])
        self.pooler = nn.Linear(hidden, hidden)

    def forward(self, input_ids, token_type_ids, attention_mask):
        s = input_ids.shape[1]
        pos = torch.arange(s, device=input_ids.device)[None]
        x = self.word_embeddings(input_ids) + self.position_embeddings(pos) + self.token_type_embeddings(token_type_ids)
        x = self.embed_norm(x)
        mask = attention_mask.float()
        for layer in self.layers:
            x = layer(x, mask)
        return x, torch.tanh(self.pooler(x[:, 0]))


# ---------------------------------------------------------------- UNet (tests/models/unet.py)
class DoubleConv(nn.Module):
    def __init__(self, in_c, out_c):
        super().__init__()
        # MindSpore's 3×3 'same' at stride 1 is padding 1 on every side
        self.double_conv = nn.Sequential(
            nn.Conv2d(in_c, out_c, 3, padding=1, bias=False), nn.BatchNorm2d(out_c), nn.ReLU(),
            nn.Conv2d(out_c, out_c, 3, padding=1, bias=False), nn.BatchNorm2d(out_c), nn.ReLU())

    def forward(self, x):
        return self.double_conv(x)


class Down(nn.Module):
    def __init__(self, in_c, out_c):
        super().__init__()
        self.pool = nn.MaxPool2d(2, 2)
        self.conv = DoubleConv(in_c, out_c)

    def forward(self, x):
        return self.conv(self.pool(x))


class Up(nn.Module):
    def __init__(self, in_c, out_c):
        super().__init__()
        self.up = nn.ConvTranspose2d(in_c, in_c // 2, 2, stride=2)  # 'same' 2/2: output = 2 × input
        self.conv = DoubleConv(in_c, out_c)

    def forward(self, x1, x2):
        return self.conv(torch.cat((x2, self.up(x1)), 1))


class UNet(nn.Module):
    def __init__(self, n_channels=3, n_classes=2, base=4):
        super().__init__()
        self.inc = DoubleConv(n_channels, base)
        self.down1 = Down(base, base * 2)
        self.down2 = Down(base * 2, base * 4)
        self.up1 = Up(base * 4, base * 2)
        self.up2 = Up(base * 2, base)
        self.outc = nn.Conv2d(base, n_classes, 1)

    def forward(self, x):
        x1 = self.inc(x)
        x2 = self.down1(x1)
        x3 = self.down2(x2)
        return self.outc(self.up2(self.up1(x3, x2), x1))


# ---------------------------------------------------------------- LSTM tagger (tests/models/lstm_tagger.py)
class LSTMTagger(nn.Module):
    def __init__(self, vocab=30, emb=16, hidden=12, tags=5):
        super().__init__()
        self.embedding = nn.Embedding(vocab, emb)
        self.lstm = nn.LSTM(emb, hidden, num_layers=2, bias=True, batch_first=True, bidirectional=True)
        self.fc = nn.Linear(2 * hidden, tags)

    def forward(self, tokens):
        out, _ = self.lstm(self.embedding(tokens))
        return F.log_softmax(self.fc(out), -1)


# ---------------------------------------------------------------- weights
_RENAME = {"gamma": "weight", "beta": "bias", "moving_mean": "running_mean", "moving_variance": "running_var",
           "embedding_table": "weight"}


def copy_weights(ms_net, torch_net):
    """Copy ms_compat parameters into the twin by walking both trees' leaf layers in order."""
    def leaves(mod, is_ms):
        out = []
        for name, m in mod.named_modules():
            own = dict(m.named_parameters(recurse=False))
            if not is_ms:
                own.update({k: v for k, v in m.named_buffers(recurse=False) if k != "num_batches_tracked"})
            if own:
                out.append((name, own))
        return out

    src, dst = leaves(ms_net, True), leaves(torch_net, False)
    assert len(src) == len(dst), (len(src), len(dst))
    with torch.no_grad():
        for (sn, sp), (dn, dp) in zip(src, dst):
            for k, v in sp.items():
                tk = _RENAME.get(k, k)
                t = dp[tk]
                assert tuple(t.shape) == tuple(v.shape), (sn, k, dn, tk, tuple(v.shape), tuple(t.shape))
                t.copy_(v.detach().as_subclass(torch.Tensor))
