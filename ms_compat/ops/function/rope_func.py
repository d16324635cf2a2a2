"""``mindspore.ops.rotary_position_embedding`` (an Ascend kernel in MindSpore 2.10; here the documented formula):
rotary position embedding in the rotate-half (GPT-NeoX, ``mode=0``) or rotate-interleaved (GPT-J, ``mode=1``)
form."""
from __future__ import annotations

import torch

from .._utils import wrap

__all__ = ["rotary_position_embedding"]


def rotary_position_embedding(x, cos, sin, mode=0):
    """Mirrors ``ops.rotary_position_embedding(x, cos, sin, mode=0)``: ``x * cos + rotate(x) * sin`` where
    ``rotate`` is ``cat(-x2, x1)`` of the two halves of the last axis (``mode=0``) or, pair by pair,
    ``(-x[2i+1], x[2i])`` (``mode=1``); ``cos``/``sin`` broadcast against ``x``."""
    if mode not in (0, 1):
        raise ValueError(f"For 'RotaryPositionEmbedding', 'mode' must be 0 or 1, but got {mode}.")
    if mode == 0:
        h = x.shape[-1] // 2
        rot = torch.cat([-x[..., h:], x[..., :h]], -1)
    else:
        rot = torch.stack([-x[..., 1::2], x[..., 0::2]], -1).reshape(x.shape)
    return wrap(x * cos + rot * sin)
