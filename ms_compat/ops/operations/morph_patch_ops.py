"""``ops.Dilation2D`` (grayscale morphological dilation) and ``ops.ExtractVolumePatches``, in torch ops."""
from __future__ import annotations

import torch

from ..primitive import Primitive
from .._utils import wrap

__all__ = ["Dilation2D", "ExtractVolumePatches"]


def _plain(x):
    return torch.Tensor.as_subclass(torch.as_tensor(x), torch.Tensor)


def _hw(v, name, op):
    if isinstance(v, int):
        return v, v
    v = tuple(int(i) for i in v)
    if len(v) == 2:
        return v
    if len(v) == 4:
        return v[2], v[3]
    raise ValueError(f"For '{op}', '{name}' must be an int or a tuple of 2 or 4 ints, but got {v}.")


def _same_pads(size, k, s, d):
    out = -(-size // s)
    need = max((out - 1) * s + (k - 1) * d + 1 - size, 0)
    return need // 2, need - need // 2


class Dilation2D(Primitive):
    """Mirrors ``ops.Dilation2D(stride, dilation, pad_mode="SAME", data_format="NCHW")``: ``(x (N, C, H, W), filter
    (C, kh, kw))`` → ``out[n, c, y, x] = max over (i, j) of x[n, c, y·s_h + i·d_h − pad_top, x·s_w + j·d_w −
    pad_left] + filter[c, i, j]`` (padding never wins: it is −inf). ``stride``/``dilation``: an int or 2/4-tuples
    (NCHW order). Difference: MindSpore 2.10's CPU build cannot run it (its kernel fails to read ``pad_mode``:
    "Cast failed"); the reference is this formula written in classic MindSpore ops."""

    def __init__(self, stride, dilation, pad_mode="SAME", data_format="NCHW"):
        super().__init__("Dilation2D")
        if str(pad_mode).upper() not in ("SAME", "VALID"):
            raise ValueError(f"For 'Dilation2D', 'pad_mode' must be 'SAME' or 'VALID', but got {pad_mode!r}.")
        if data_format != "NCHW":
            raise ValueError(f"For 'Dilation2D', 'data_format' must be 'NCHW', but got {data_format!r}.")
        self.stride, self.dilation = _hw(stride, "stride", "Dilation2D"), _hw(dilation, "dilation", "Dilation2D")
        self.pad_mode, self.data_format = str(pad_mode).upper(), data_format

    def __call__(self, x, filter):  # noqa: A002 - MindSpore's argument name
        xt, ft = _plain(x), _plain(filter).to(_plain(x).dtype)
        n, c, h, w = xt.shape
        _, kh, kw = ft.shape
        (sh, sw), (dh, dw) = self.stride, self.dilation
        if self.pad_mode == "SAME":
            pt, pb = _same_pads(h, kh, sh, dh)
            pl, pr = _same_pads(w, kw, sw, dw)
            xt = torch.nn.functional.pad(xt, (pl, pr, pt, pb), value=float("-inf"))
        oh = (xt.shape[2] - (kh - 1) * dh - 1) // sh + 1
        ow = (xt.shape[3] - (kw - 1) * dw - 1) // sw + 1
        cols = torch.nn.functional.unfold(xt, (kh, kw), dilation=(dh, dw), stride=(sh, sw))
        cols = cols.reshape(n, c, kh * kw, oh * ow) + ft.reshape(1, c, kh * kw, 1)
        return wrap(cols.amax(2).reshape(n, c, oh, ow))


def _dhw(v, name):
    if isinstance(v, int):
        return v, v, v
    v = tuple(int(i) for i in v)
    if len(v) == 3:
        return v
    if len(v) == 5:
        return v[2:]
    raise ValueError(f"For 'ExtractVolumePatches', '{name}' must be an int or a tuple of 3 or 5 ints, but got {v}.")


class ExtractVolumePatches(Primitive):
    """Mirrors ``ops.ExtractVolumePatches(kernel_size, strides, padding)``: ``x (N, C, D, H, W)`` → the
    ``kd × kh × kw`` patches at each output position, ``(N, kd·kh·kw·C, oD, oH, oW)`` — the patch axis ordered
    ``(kd, kh, kw, C)``, channels fastest, as MindSpore's CPU kernel (TensorFlow's layout). ``padding``:
    ``"VALID"`` or ``"SAME"`` (zeros, TensorFlow's split:
    the extra one after)."""

    def __init__(self, kernel_size, strides, padding):
        super().__init__("ExtractVolumePatches")
        if str(padding).upper() not in ("SAME", "VALID"):
            raise ValueError(f"For 'ExtractVolumePatches', 'padding' must be 'SAME' or 'VALID', but got {padding!r}.")
        self.kernel_size, self.strides = _dhw(kernel_size, "kernel_size"), _dhw(strides, "strides")
        self.padding = str(padding).upper()

    def __call__(self, x):
        xt = _plain(x)
        n, c = xt.shape[:2]
        ks, ss = self.kernel_size, self.strides
        if self.padding == "SAME":
            pads = []
            for dim in (4, 3, 2):
                pads += list(_same_pads(xt.shape[dim], ks[dim - 2], ss[dim - 2], 1))
            xt = torch.nn.functional.pad(xt, pads)
        p = xt.unfold(2, ks[0], ss[0]).unfold(3, ks[1], ss[1]).unfold(4, ks[2], ss[2])  # N C oD oH oW kd kh kw
        od, oh, ow = p.shape[2:5]
        p = p.permute(0, 5, 6, 7, 1, 2, 3, 4)  # patch axis ordered (kd, kh, kw, C), channels fastest
        return wrap(p.reshape(n, c * ks[0] * ks[1] * ks[2], od, oh, ow).contiguous())

