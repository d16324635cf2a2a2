"""Attention and Transformer layers mirroring ``mindspore.nn`` 2.10 (``MultiheadAttention``,
``TransformerEncoderLayer``/``DecoderLayer``, ``TransformerEncoder``/``Decoder``, ``Transformer``).

MindSpore names: the feed-forward sublayers are ``dense1``/``dense2`` (torch ``linear1``/``linear2``)
and LayerNorms carry ``gamma``/``beta``. Attention uses torch's math
(same projection layout ``in_proj_weight (3E, E)`` as torch; computed with torch functions). ``MultiheadAttention`` returns
``(output, weights)``, or the 1-tuple ``(output,)`` when ``need_weights=False`` (MindSpore's form).
"""
from __future__ import annotations

import copy
import math

import torch
import torch.nn.functional as F

from ...common import dtype as mstype
from ...common.initializer import HeUniform, Uniform, XavierNormal, XavierUniform, initializer
from ...common.parameter import Parameter
from ..cell import Cell
from .basic import Dense, Dropout
from .container import CellList
from .normalization import LayerNorm

__all__ = ["MultiheadAttention", "TransformerEncoderLayer", "TransformerDecoderLayer", "TransformerEncoder",
           "TransformerDecoder", "Transformer"]


class MultiheadAttention(Cell):
    """Mirrors ``nn.MultiheadAttention(embed_dim, num_heads, dropout=0.0, has_bias=True,
    add_bias_kv=False, add_zero_attn=False, kdim=None, vdim=None, batch_first=False, dtype)``;
    ``construct(query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None,
    average_attn_weights=True)``."""

    def __init__(self, embed_dim, num_heads, dropout=0.0, has_bias=True, add_bias_kv=False, add_zero_attn=False,
                 kdim=None, vdim=None, batch_first=False, dtype=mstype.float32):
        super().__init__()
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.num_heads = num_heads
        self.dropout = dropout
        self.batch_first = batch_first
        self.head_dim = embed_dim // num_heads
        if self.head_dim * num_heads != embed_dim:
            raise ValueError("The init argument 'embed_dim' must be divisible by 'num_heads'.")
        dtype = dtype or mstype.float32
        if not self._qkv_same_embed_dim:
            self.q_proj_weight = Parameter(initializer(XavierUniform(), (embed_dim, embed_dim), dtype),
                                           "q_proj_weight")
            self.k_proj_weight = Parameter(initializer(XavierUniform(), (embed_dim, self.kdim), dtype),
                                           "k_proj_weight")
            self.v_proj_weight = Parameter(initializer(XavierUniform(), (embed_dim, self.vdim), dtype),
                                           "v_proj_weight")
            self.in_proj_weight = None
        else:
            self.in_proj_weight = Parameter(initializer(XavierUniform(), (3 * embed_dim, embed_dim), dtype),
                                            "in_proj_weight")
            self.q_proj_weight = self.k_proj_weight = self.v_proj_weight = None
        self.in_proj_bias = Parameter(initializer("zeros", (3 * embed_dim,), dtype), "in_proj_bias") \
            if has_bias else None
        self.out_proj = Dense(embed_dim, embed_dim, has_bias=has_bias, weight_init=HeUniform(math.sqrt(5)),
                              bias_init=Uniform(1 / math.sqrt(embed_dim)), dtype=dtype)
        if add_bias_kv:
            self.bias_k = Parameter(initializer(XavierNormal(), (1, 1, embed_dim), dtype), "bias_k")
            self.bias_v = Parameter(initializer(XavierNormal(), (1, 1, embed_dim), dtype), "bias_v")
        else:
            self.bias_k = self.bias_v = None
        self.add_zero_attn = add_zero_attn

    def construct(self, query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None,
                  average_attn_weights=True):
        batched = query.dim() == 3
        if self.batch_first and batched:
            query, key, value = torch.transpose(query, 0, 1), torch.transpose(key, 0, 1), torch.transpose(value, 0, 1)
        out, weights = _attention(self, query, key, value, key_padding_mask, need_weights, attn_mask,
                                  average_attn_weights)
        if self.batch_first and batched:
            out = torch.transpose(out, 0, 1)
        if need_weights:
            return out, weights
        return (out,)


def _float_mask(mask, dtype):
    if mask is None or mask.dtype != torch.bool:
        return mask
    return torch.zeros(mask.shape, dtype=dtype, device=mask.device).masked_fill(mask, float("-inf"))


def _attention(m, query, key, value, key_padding_mask, need_weights, attn_mask, average_attn_weights):
    """Multi-head attention with MindSpore's/torch's projection layout, written with torch functions
    only (no Tensor methods, so MindSpore method overrides never interfere and it compiles)."""
    batched = query.dim() == 3
    if not batched:
        query, key, value = torch.unsqueeze(query, 1), torch.unsqueeze(key, 1), torch.unsqueeze(value, 1)
        if key_padding_mask is not None:
            key_padding_mask = torch.unsqueeze(key_padding_mask, 0)
    tgt, bsz, embed = query.shape
    heads = m.num_heads
    hd = embed // heads
    if m._qkv_same_embed_dim:
        w_q, w_k, w_v = torch.chunk(m.in_proj_weight, 3)
    else:
        w_q, w_k, w_v = m.q_proj_weight, m.k_proj_weight, m.v_proj_weight
    b_q = b_k = b_v = None
    if m.in_proj_bias is not None:
        b_q, b_k, b_v = torch.chunk(m.in_proj_bias, 3)
    q = F.linear(query, w_q, b_q)
    k = F.linear(key, w_k, b_k)
    v = F.linear(value, w_v, b_v)
    attn_mask = _float_mask(attn_mask, q.dtype)
    key_padding_mask = _float_mask(key_padding_mask, q.dtype)
    if m.bias_k is not None:
        k = torch.cat([k, torch.broadcast_to(m.bias_k, (1, bsz, embed))])
        v = torch.cat([v, torch.broadcast_to(m.bias_v, (1, bsz, embed))])
        if attn_mask is not None:
            attn_mask = F.pad(attn_mask, (0, 1))
        if key_padding_mask is not None:
            key_padding_mask = F.pad(key_padding_mask, (0, 1))
    q = torch.transpose(torch.reshape(q, (tgt, bsz * heads, hd)), 0, 1)
    k = torch.transpose(torch.reshape(k, (k.shape[0], bsz * heads, hd)), 0, 1)
    v = torch.transpose(torch.reshape(v, (v.shape[0], bsz * heads, hd)), 0, 1)
    if m.add_zero_attn:
        k = torch.cat([k, torch.zeros((bsz * heads, 1, hd), dtype=k.dtype, device=k.device)], 1)
        v = torch.cat([v, torch.zeros((bsz * heads, 1, hd), dtype=v.dtype, device=v.device)], 1)
        if attn_mask is not None:
            attn_mask = F.pad(attn_mask, (0, 1))
        if key_padding_mask is not None:
            key_padding_mask = F.pad(key_padding_mask, (0, 1))
    src = k.shape[1]
    scores = torch.bmm(q * (1.0 / math.sqrt(hd)), torch.transpose(k, 1, 2))
    if attn_mask is not None:
        scores = scores + (attn_mask if attn_mask.dim() == 3 else torch.unsqueeze(attn_mask, 0))
    if key_padding_mask is not None:
        kpm = torch.reshape(torch.broadcast_to(torch.reshape(key_padding_mask, (bsz, 1, 1, src)),
                                               (bsz, heads, 1, src)), (bsz * heads, 1, src))
        scores = scores + kpm
    attn = torch.softmax(scores, -1)
    if m.training and m.dropout > 0.0:
        attn = F.dropout(attn, m.dropout, True)
    out = torch.bmm(attn, v)
    out = torch.reshape(torch.transpose(out, 0, 1), (tgt, bsz, embed))
    out = F.linear(out, m.out_proj.weight, m.out_proj.bias)
    weights = None
    if need_weights:
        weights = torch.reshape(attn, (bsz, heads, tgt, src))
        if average_attn_weights:
            weights = torch.mean(weights, 1)
        if not batched:
            weights = torch.squeeze(weights, 0)
    if not batched:
        out = torch.squeeze(out, 1)
    return out, weights


def _activation_fn(activation):
    if isinstance(activation, str):
        if activation == "relu":
            return F.relu
        if activation == "gelu":
            return F.gelu  # ops.gelu: exact (erf) form
        raise ValueError(f"The activation must be relu/gelu, but get {activation}")
    if not isinstance(activation, Cell) and not callable(activation):
        raise ValueError(f"The argument 'activation' must be str, callable or Cell instance, but get {activation}.")
    return activation


class TransformerEncoderLayer(Cell):
    """Mirrors ``nn.TransformerEncoderLayer(d_model, nhead, dim_feedforward=2048, dropout=0.1,
    activation='relu', layer_norm_eps=1e-5, batch_first=False, norm_first=False, dtype)``;
    ``construct(src, src_mask=None, src_key_padding_mask=None)``."""

    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation="relu", layer_norm_eps=1e-5,
                 batch_first=False, norm_first=False, dtype=mstype.float32):
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first, dtype=dtype)
        self.dense1 = Dense(d_model, dim_feedforward, weight_init=HeUniform(math.sqrt(5)),
                            bias_init=Uniform(1 / math.sqrt(d_model)), dtype=dtype)
        self.dropout = Dropout(p=dropout)
        self.dense2 = Dense(dim_feedforward, d_model, weight_init=HeUniform(math.sqrt(5)),
                            bias_init=Uniform(1 / math.sqrt(dim_feedforward)), dtype=dtype)
        self.norm_first = norm_first
        self.norm1 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.norm2 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.dropout1 = Dropout(p=dropout)
        self.dropout2 = Dropout(p=dropout)
        self.activation1 = activation
        self.activation = _activation_fn(activation)
        self.d_model = d_model
        self.nhead = nhead
        self.dim_feedforward = dim_feedforward
        self.dropout_num = dropout
        self.layernorm_eps = layer_norm_eps
        self.batch_first = batch_first
        self.dtype = dtype

    def construct(self, src, src_mask=None, src_key_padding_mask=None):
        x = src
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), src_mask, src_key_padding_mask)
            return x + self._ff_block(self.norm2(x))
        x = self.norm1(x + self._sa_block(x, src_mask, src_key_padding_mask))
        return self.norm2(x + self._ff_block(x))

    def _sa_block(self, x, attn_mask, key_padding_mask):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask, need_weights=False)[0]
        return self.dropout1(x)

    def _ff_block(self, x):
        return self.dropout2(self.dense2(self.dropout(self.activation(self.dense1(x)))))


class TransformerDecoderLayer(Cell):
    """Mirrors ``nn.TransformerDecoderLayer(d_model, nhead, dim_feedforward=2048, dropout=0.1,
    activation='relu', layer_norm_eps=1e-5, batch_first=False, norm_first=False, dtype)``;
    ``construct(tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
    memory_key_padding_mask=None)``."""

    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation="relu", layer_norm_eps=1e-5,
                 batch_first=False, norm_first=False, dtype=mstype.float32):
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first, dtype=dtype)
        self.multihead_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first,
                                                 dtype=dtype)
        self.dense1 = Dense(d_model, dim_feedforward, weight_init=HeUniform(math.sqrt(5)),
                            bias_init=Uniform(1 / math.sqrt(d_model)), dtype=dtype)
        self.dropout = Dropout(p=dropout)
        self.dense2 = Dense(dim_feedforward, d_model, weight_init=HeUniform(math.sqrt(5)),
                            bias_init=Uniform(1 / math.sqrt(dim_feedforward)), dtype=dtype)
        self.norm_first = norm_first
        self.norm1 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.norm2 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.norm3 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.dropout1 = Dropout(p=dropout)
        self.dropout2 = Dropout(p=dropout)
        self.dropout3 = Dropout(p=dropout)
        self.activation1 = activation
        self.activation = _activation_fn(activation)
        self.d_model = d_model
        self.nhead = nhead
        self.dim_feedforward = dim_feedforward
        self.dropout_num = dropout
        self.layernorm_eps = layer_norm_eps
        self.batch_first = batch_first
        self.dtype = dtype

    def construct(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                  memory_key_padding_mask=None):
        x = tgt
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), tgt_mask, tgt_key_padding_mask)
            x = x + self._mha_block(self.norm2(x), memory, memory_mask, memory_key_padding_mask)
            return x + self._ff_block(self.norm3(x))
        x = self.norm1(x + self._sa_block(x, tgt_mask, tgt_key_padding_mask))
        x = self.norm2(x + self._mha_block(x, memory, memory_mask, memory_key_padding_mask))
        return self.norm3(x + self._ff_block(x))

    def _sa_block(self, x, attn_mask, key_padding_mask):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask, need_weights=False)[0]
        return self.dropout1(x)

    def _mha_block(self, x, mem, attn_mask, key_padding_mask):
        x = self.multihead_attn(x, mem, mem, attn_mask=attn_mask, key_padding_mask=key_padding_mask,
                                need_weights=False)[0]
        return self.dropout2(x)

    def _ff_block(self, x):
        return self.dropout3(self.dense2(self.dropout(self.activation(self.dense1(x)))))


class TransformerEncoder(Cell):
    """Mirrors ``nn.TransformerEncoder(encoder_layer, num_layers, norm=None)``: ``layers`` is a CellList
    of deep copies (names ``layers.0.self_attn.in_proj_weight`` ...). As MindSpore, the copies are of a new
    ``TransformerEncoderLayer`` built from ``encoder_layer``'s settings: its values are drawn again (the seed
    stream advances), ``encoder_layer``'s own weights are not used."""

    def __init__(self, encoder_layer, num_layers, norm=None):
        super().__init__()
        layer = TransformerEncoderLayer(encoder_layer.d_model, encoder_layer.nhead, encoder_layer.dim_feedforward,
                                        encoder_layer.dropout_num, encoder_layer.activation1,
                                        encoder_layer.layernorm_eps, encoder_layer.batch_first,
                                        encoder_layer.norm_first, dtype=encoder_layer.dtype)
        self.layers = CellList([copy.deepcopy(layer) for _ in range(num_layers)])
        self.num_layers = num_layers
        self.norm = norm

    def construct(self, src, src_mask=None, src_key_padding_mask=None):
        out = src
        for mod in self.layers:
            out = mod(out, src_mask=src_mask, src_key_padding_mask=src_key_padding_mask)
        if self.norm is not None:
            out = self.norm(out)
        return out


class TransformerDecoder(Cell):
    """Mirrors ``nn.TransformerDecoder(decoder_layer, num_layers, norm=None)``. As MindSpore, the layers are deep
    copies of a new ``TransformerDecoderLayer`` built from ``decoder_layer``'s settings (drawn again)."""

    def __init__(self, decoder_layer, num_layers, norm=None):
        super().__init__()
        layer = TransformerDecoderLayer(decoder_layer.d_model, decoder_layer.nhead, decoder_layer.dim_feedforward,
                                        decoder_layer.dropout_num, decoder_layer.activation1,
                                        decoder_layer.layernorm_eps, decoder_layer.batch_first,
                                        decoder_layer.norm_first, dtype=decoder_layer.dtype)
        self.layers = CellList([copy.deepcopy(layer) for _ in range(num_layers)])
        self.num_layers = num_layers
        self.norm = norm

    def construct(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                  memory_key_padding_mask=None):
        out = tgt
        for mod in self.layers:
            out = mod(out, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                      tgt_key_padding_mask=tgt_key_padding_mask, memory_key_padding_mask=memory_key_padding_mask)
        if self.norm is not None:
            out = self.norm(out)
        return out


class Transformer(Cell):
    """Mirrors ``nn.Transformer(d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6,
    dim_feedforward=2048, dropout=0.1, activation='relu', custom_encoder=None, custom_decoder=None,
    layer_norm_eps=1e-5, batch_first=False, norm_first=False, dtype)``."""

    def __init__(self, d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6, dim_feedforward=2048,
                 dropout=0.1, activation="relu", custom_encoder=None, custom_decoder=None, layer_norm_eps=1e-5,
                 batch_first=False, norm_first=False, dtype=mstype.float32):
        super().__init__()
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            layer = TransformerEncoderLayer(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                                            batch_first, norm_first, dtype=dtype)
            self.encoder = TransformerEncoder(layer, num_encoder_layers,
                                              LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype))
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            layer = TransformerDecoderLayer(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                                            batch_first, norm_first, dtype=dtype)
            self.decoder = TransformerDecoder(layer, num_decoder_layers,
                                              LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype))
        # as MindSpore: every matrix drawn again with 'xavier_uniform', in parameters_and_names order (the
        # layers' own draws come first, so the seed stream advances by both)
        for _, p in self.parameters_and_names():
            if p.ndim > 1:
                p.set_data(initializer("xavier_uniform", p.shape, p.dtype))
        self.d_model = d_model
        self.nhead = nhead
        self.batch_first = batch_first

    def construct(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None, src_key_padding_mask=None,
                  tgt_key_padding_mask=None, memory_key_padding_mask=None):
        batched = src.dim() == 3
        sb = src.shape[0] if self.batch_first else src.shape[1]
        tb = tgt.shape[0] if self.batch_first else tgt.shape[1]
        if batched and sb != tb:
            raise ValueError("The number of batch size for 'src' and 'tgt' must be equal.")
        if src.shape[-1] != self.d_model or tgt.shape[-1] != self.d_model:
            raise ValueError("The number of features for 'src' and 'tgt' must be equal to 'd_model'.")
        memory = self.encoder(src, src_mask=src_mask, src_key_padding_mask=src_key_padding_mask)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                            tgt_key_padding_mask=tgt_key_padding_mask,
                            memory_key_padding_mask=memory_key_padding_mask)
