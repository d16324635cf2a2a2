"""``mindspore.ops.conv3d_transpose`` and the ``Conv3DTranspose`` Primitive: 3-D transposed convolution with
MindSpore's ``pad_mode`` (``'valid'``, ``'same'``: output = input * stride, extra padding at the tail, ``'pad'``:
explicit, possibly asymmetric, padding) on ``torch.nn.functional.conv_transpose3d``."""
from __future__ import annotations

import torch
import torch.nn.functional as tF

from .._utils import wrap

__all__ = ["conv3d_transpose"]


def _t3(v, name):
    if isinstance(v, int):
        return (v,) * 3
    v = tuple(v)
    if len(v) == 5:
        v = v[2:]
    if len(v) != 3:
        raise ValueError(f"For 'Conv3DTranspose', '{name}' must be an int or a tuple of 3 ints, but got {v}.")
    return v


def _pads(pad):
    if isinstance(pad, int):
        return (pad,) * 6
    pad = tuple(pad)
    if len(pad) == 3:
        return (pad[0], pad[0], pad[1], pad[1], pad[2], pad[2])
    if len(pad) != 6:
        raise ValueError(f"For 'Conv3DTranspose', 'pad' must be an int or a tuple of 6 ints, but got {pad}.")
    return pad


def _conv3d_transpose(x, w, pad_mode, pad, stride, dilation, group, output_padding):
    pad_mode = pad_mode.lower()
    if pad_mode not in ("valid", "same", "pad"):
        raise ValueError(f"For 'Conv3DTranspose', 'pad_mode' must be one of ['valid', 'same', 'pad'], but got "
                         f"{pad_mode}.")
    stride, dilation, op = _t3(stride, "stride"), _t3(dilation, "dilation"), _t3(output_padding, "output_padding")
    if dilation[0] != 1:
        raise ValueError(f"For 'Conv3DTranspose', the depth of parameter 'dilation' must be 1, but got {dilation[0]}.")
    if group != 1:  # MindSpore 2.10 checks this on every backend
        raise ValueError(f"For 'Conv3DTranspose', the 'group' must be in range of [1, 1], but got {group} with type "
                         f"'{type(group).__name__}'.")
    pads = _pads(pad)
    if pad_mode != "pad" and any(pads):
        raise ValueError(f"For 'Conv3DTranspose', 'pad' must be 0 when 'pad_mode' is '{pad_mode}', but got {pad}.")
    if pad_mode == "valid" and any(op):
        raise ValueError("For 'Conv3DTranspose', 'output_padding' must be 0 when 'pad_mode' is 'valid'.")
    y = tF.conv_transpose3d(x, w, None, stride, 0, 0, group, dilation)
    if pad_mode == "same":
        pads = []
        for i in range(3):
            total = max(0, y.shape[2 + i] - x.shape[2 + i] * stride[i])
            pads += [total // 2, total - total // 2]
    # crop (head, tail) per axis, then output_padding extra positions at the tail (zeros past the full output)
    crop = []
    for i in (2, 1, 0):
        crop += [-pads[2 * i], -pads[2 * i + 1] + op[i]]
    return tF.pad(y, crop)


def conv3d_transpose(inputs, weight, pad_mode="valid", padding=0, stride=1, dilation=1, group=1, output_padding=0):
    """Mirrors ``ops.conv3d_transpose(inputs, weight, pad_mode='valid', padding=0, stride=1, dilation=1, group=1,
    output_padding=0)``: ``weight`` of shape (C_in, C_out, kD, kH, kW); as in MindSpore 2.10, ``group`` must be 1
    and the depth dilation 1."""
    return wrap(_conv3d_transpose(inputs, weight, pad_mode, padding, stride, dilation, group, output_padding))
