"""Pooling, resizing, decoding and autograd-utility Primitives of ``mindspore.ops.operations``:
``ResizeBicubic``, ``ResizeNearestNeighborV2``, ``ResizeLinear1D``, ``Im2Col``, ``AdaptiveMaxPool2D``,
``AdaptiveAvgPool3D``, ``AvgPool3D``, ``MaxPool3D``, ``MaxPoolWithArgmaxV2``, ``MaxPool3DWithArgmax``, ``PadV3``,
``CTCGreedyDecoder``, ``NMSWithMask``, ``IndexPut``, ``InplaceIndexAdd``, ``HookBackward``,
``InsertGradientOf``, ``Partial``, ``Eig``, ``Assert``."""
from __future__ import annotations

import functools
import math

import torch
import torch.nn.functional as tF

from ..primitive import Primitive
from .._utils import to_tensor, wrap, ms_dtype
from ...common.tensor import as_ms

__all__ = ["ResizeBicubic", "ResizeNearestNeighborV2", "ResizeLinear1D", "Im2Col", "AdaptiveMaxPool2D",
           "AdaptiveAvgPool3D", "AvgPool3D", "MaxPool3D", "MaxPoolWithArgmaxV2", "MaxPool3DWithArgmax", "PadV3",
           "CTCGreedyDecoder", "NMSWithMask", "IndexPut", "InplaceIndexAdd", "HookBackward", "InsertGradientOf",
           "Partial", "Eig", "Assert"]


class _P(Primitive):
    def __init__(self, **attrs):
        super().__init__(type(self).__name__)
        for k, v in attrs.items():
            self.add_prim_attr(k, v)


def _tup(v, n):
    return tuple(v) if isinstance(v, (tuple, list)) else (v,) * n


def _size(size, n):
    return tuple(int(s) for s in (to_tensor(size).reshape(-1).tolist() if isinstance(size, torch.Tensor) else size))[-n:]


def _src_index(out_len, in_len, align_corners, half_pixel):
    """TensorFlow's nearest-neighbour source index for each output position."""
    dst = torch.arange(out_len, dtype=torch.float64)
    if align_corners and out_len > 1:
        scale = (in_len - 1) / (out_len - 1)
        src = torch.floor(dst * scale + 0.5)  # round half away from zero, as TensorFlow/MindSpore
    else:
        scale = in_len / out_len
        src = torch.floor((dst + 0.5) * scale) if half_pixel else torch.floor(dst * scale)
    return src.clamp(0, in_len - 1).long()


class ResizeNearestNeighborV2(_P):
    """Mirrors ``ops.ResizeNearestNeighborV2(align_corners=False, half_pixel_centers=False)``: ``(image, size)``
    NCHW with TensorFlow's index rule (legacy ``floor(dst * in / out)``, half-pixel, or align-corners rounding)."""

    def __init__(self, align_corners=False, half_pixel_centers=False):
        if align_corners and half_pixel_centers:
            raise ValueError("For 'ResizeNearestNeighborV2', 'align_corners' and 'half_pixel_centers' cannot both "
                             "be True.")
        super().__init__(align_corners=align_corners, half_pixel_centers=half_pixel_centers)

    def __call__(self, image, size):
        oh, ow = _size(size, 2)
        h, w = image.shape[-2:]
        iy = _src_index(oh, h, self.align_corners, self.half_pixel_centers).to(image.device)
        ix = _src_index(ow, w, self.align_corners, self.half_pixel_centers).to(image.device)
        return image.index_select(-2, iy).index_select(-1, ix)


class ResizeBicubic(_P):
    """Mirrors ``ops.ResizeBicubic(align_corners=False, half_pixel_centers=False)``: ``(image, size)`` NCHW
    bicubic resize with PyTorch's kernel (cubic coefficient -0.75, half-pixel centres unless ``align_corners``).
    Difference: MindSpore 2.10's CPU kernel differs from it by up to ~1e-3 relative (measured), so outputs agree
    only to that tolerance."""

    def __init__(self, align_corners=False, half_pixel_centers=False):
        super().__init__(align_corners=align_corners, half_pixel_centers=half_pixel_centers)

    def __call__(self, image, size):
        return tF.interpolate(image.float(), size=_size(size, 2), mode="bicubic",
                              align_corners=self.align_corners).to(image.dtype)


class ResizeLinear1D(_P):
    """Mirrors ``ops.ResizeLinear1D(coordinate_transformation_mode='align_corners')``: ``(x, size)`` for (N, C, W);
    modes 'align_corners', 'half_pixel' or 'asymmetric' (source ``dst * in / out``)."""

    def __init__(self, coordinate_transformation_mode="align_corners"):
        if coordinate_transformation_mode not in ("align_corners", "half_pixel", "asymmetric"):
            raise ValueError("For 'ResizeLinear1D', 'coordinate_transformation_mode' must be 'align_corners', "
                             f"'half_pixel' or 'asymmetric', but got {coordinate_transformation_mode}.")
        super().__init__(coordinate_transformation_mode=coordinate_transformation_mode)

    def __call__(self, x, size):
        (out,) = _size(size, 1)
        mode = self.coordinate_transformation_mode
        if mode in ("align_corners", "half_pixel"):
            return tF.interpolate(x, size=out, mode="linear", align_corners=mode == "align_corners")
        w = x.shape[-1]
        src = (torch.arange(out, dtype=torch.float64) * (w / out)).clamp(max=w - 1)
        lo = torch.floor(src).long()
        hi = (lo + 1).clamp(max=w - 1)
        frac = (src - lo).to(x.dtype)
        return x[..., lo] * (1 - frac) + x[..., hi] * frac


class Im2Col(_P):
    """Mirrors ``ops.Im2Col(ksizes, strides=1, dilations=1, pads=0)``: NCHW → (N, C, kh*kw, L) sliding blocks
    (``torch.nn.functional.unfold`` reshaped; ``Col2Im`` is its adjoint)."""

    def __init__(self, ksizes, strides=1, dilations=1, pads=0):
        super().__init__(ksizes=_tup(ksizes, 2), strides=_tup(strides, 2), dilations=_tup(dilations, 2),
                         pads=_tup(pads, 2) if not (isinstance(pads, (tuple, list)) and len(pads) == 4) else tuple(pads))

    def __call__(self, x):
        pads = self.pads
        if len(pads) == 4:
            x = tF.pad(x, (pads[2], pads[3], pads[0], pads[1]))
            pads = (0, 0)
        cols = tF.unfold(x, self.ksizes, self.dilations, pads, self.strides)
        n, c = x.shape[:2]
        return cols.reshape(n, c, self.ksizes[0] * self.ksizes[1], -1)


class AdaptiveMaxPool2D(_P):
    """Mirrors ``ops.AdaptiveMaxPool2D(output_size)``: ``(input)`` → ``(output, argmax)`` (argmax int64, flat
    over H*W); ``None`` in ``output_size`` keeps that input size."""

    def __init__(self, output_size):
        super().__init__(output_size=output_size)

    def __call__(self, input):
        size = _tup(self.output_size, 2)
        size = tuple(input.shape[-2 + i] if s is None else s for i, s in enumerate(size))
        out, idx = tF.adaptive_max_pool2d(input, size, return_indices=True)
        return out, wrap(idx)


class AdaptiveAvgPool3D(_P):
    """Mirrors ``ops.AdaptiveAvgPool3D(output_size)``."""

    def __init__(self, output_size):
        super().__init__(output_size=output_size)

    def __call__(self, x):
        size = _tup(self.output_size, 3)
        size = tuple(x.shape[-3 + i] if s is None else s for i, s in enumerate(size))
        return tF.adaptive_avg_pool3d(x, size)


def _same_pads(in_sizes, k, s):
    pads = []
    for n, kk, ss in zip(in_sizes, k, s):
        out = math.ceil(n / ss)
        total = max((out - 1) * ss + kk - n, 0)
        pads.append((total // 2, total - total // 2))
    return pads


def _pad6(pad):
    if isinstance(pad, int):
        return ((pad, pad),) * 3
    if len(pad) == 3:
        return tuple((p, p) for p in pad)
    return ((pad[0], pad[1]), (pad[2], pad[3]), (pad[4], pad[5]))


class AvgPool3D(_P):
    """Mirrors ``ops.AvgPool3D(kernel_size=1, strides=1, pad_mode='valid', pad=0, ceil_mode=False,
    count_include_pad=True, divisor_override=0, data_format='NCDHW')``. 'same' pads as TensorFlow; the padding
    counts in the divisor unless ``count_include_pad=False`` (as measured on MindSpore 2.10)."""

    def __init__(self, kernel_size=1, strides=1, pad_mode="valid", pad=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=0, data_format="NCDHW"):
        pad_mode = pad_mode.lower()
        if pad_mode not in ("valid", "same", "pad"):
            raise ValueError(f"For 'AvgPool3D', 'pad_mode' must be 'valid', 'same' or 'pad', but got {pad_mode}.")
        super().__init__(kernel_size=_tup(kernel_size, 3)[-3:], strides=_tup(strides, 3)[-3:], pad_mode=pad_mode,
                         pad=pad, ceil_mode=ceil_mode, count_include_pad=count_include_pad,
                         divisor_override=divisor_override, data_format=data_format)

    def __call__(self, x):
        k, s = self.kernel_size, self.strides
        div = self.divisor_override or None
        if self.pad_mode == "valid":
            return tF.avg_pool3d(x, k, s, 0, self.ceil_mode, True, div)
        pads = _same_pads(x.shape[-3:], k, s) if self.pad_mode == "same" else _pad6(self.pad)
        if all(a == b for a, b in pads) and self.pad_mode == "pad":
            return tF.avg_pool3d(x, k, s, tuple(a for a, _ in pads), self.ceil_mode, self.count_include_pad, div)
        flat = [v for p in reversed(pads) for v in p]
        xp = tF.pad(x, flat)
        ones = tF.pad(torch.ones_like(x[:, :1]), flat)
        summed = tF.avg_pool3d(xp, k, s, 0, self.ceil_mode, True, 1)
        if not self.count_include_pad:
            count = tF.avg_pool3d(ones, k, s, 0, self.ceil_mode, True, 1)
            return summed / count
        return summed / (div or (k[0] * k[1] * k[2]))


class MaxPool3D(_P):
    """Mirrors ``ops.MaxPool3D(kernel_size=1, strides=1, pad_mode='VALID', pad_list=0, ceil_mode=None,
    data_format='NCDHW')``."""

    def __init__(self, kernel_size=1, strides=1, pad_mode="VALID", pad_list=0, ceil_mode=None, data_format="NCDHW"):
        pad_mode = pad_mode.upper()
        if pad_mode not in ("VALID", "SAME", "PAD"):
            raise ValueError(f"For 'MaxPool3D', 'pad_mode' must be 'VALID', 'SAME' or 'PAD', but got {pad_mode}.")
        super().__init__(kernel_size=_tup(kernel_size, 3)[-3:], strides=_tup(strides, 3)[-3:], pad_mode=pad_mode,
                         pad_list=pad_list, ceil_mode=ceil_mode, data_format=data_format)

    def __call__(self, x):
        k, s = self.kernel_size, self.strides
        if self.pad_mode == "VALID":
            return tF.max_pool3d(x, k, s)
        pads = _same_pads(x.shape[-3:], k, s) if self.pad_mode == "SAME" else _pad6(self.pad_list)
        flat = [v for p in reversed(pads) for v in p]
        return tF.max_pool3d(tF.pad(x, flat, value=float("-inf")), k, s, 0, 1, bool(self.ceil_mode))


class MaxPoolWithArgmaxV2(_P):
    """Mirrors ``ops.MaxPoolWithArgmaxV2(kernel_size, strides=None, pads=0, dilation=(1, 1), ceil_mode=False,
    argmax_type=mstype.int64)``: ``(x)`` → ``(output, argmax)`` with argmax flat over H*W."""

    def __init__(self, kernel_size, strides=None, pads=0, dilation=(1, 1), ceil_mode=False, argmax_type=torch.int64):
        super().__init__(kernel_size=_tup(kernel_size, 2)[-2:], strides=_tup(strides or kernel_size, 2)[-2:],
                         pads=_tup(pads, 2)[-2:], dilation=_tup(dilation, 2)[-2:], ceil_mode=ceil_mode,
                         argmax_type=ms_dtype("MaxPoolWithArgmaxV2", argmax_type))

    def __call__(self, x):
        out, idx = tF.max_pool2d(x, self.kernel_size, self.strides, self.pads, self.dilation, self.ceil_mode, True)
        return out, wrap(idx.to(self.argmax_type))


class MaxPool3DWithArgmax(_P):
    """Mirrors ``ops.MaxPool3DWithArgmax(ksize, strides, pads, dilation=(1, 1, 1), ceil_mode=False,
    data_format='NCDHW', argmax_type=mstype.int64)``: ``(x)`` → ``(output, argmax)``."""

    def __init__(self, ksize, strides, pads, dilation=(1, 1, 1), ceil_mode=False, data_format="NCDHW",
                 argmax_type=torch.int64):
        super().__init__(ksize=_tup(ksize, 3)[-3:], strides=_tup(strides, 3)[-3:], pads=_tup(pads, 3)[-3:],
                         dilation=_tup(dilation, 3)[-3:], ceil_mode=ceil_mode, data_format=data_format,
                         argmax_type=ms_dtype("MaxPool3DWithArgmax", argmax_type))

    def __call__(self, x):
        out, idx = tF.max_pool3d(x, self.ksize, self.strides, self.pads, self.dilation, self.ceil_mode, True)
        return out, wrap(idx.to(self.argmax_type))


class PadV3(_P):
    """Mirrors ``ops.PadV3(mode='constant', paddings_contiguous=True)``: ``(x, paddings, value=None)`` with
    ``paddings`` in PyTorch's order (last axis first); modes constant/reflect/edge/circular."""

    _MODES = {"constant": "constant", "reflect": "reflect", "edge": "replicate", "circular": "circular"}

    def __init__(self, mode="constant", paddings_contiguous=True):
        if mode not in self._MODES:
            raise ValueError(f"For 'PadV3', 'mode' must be in {list(self._MODES)}, but got {mode}.")
        super().__init__(mode=mode, paddings_contiguous=paddings_contiguous)

    def __call__(self, x, paddings, value=None):
        pads = [int(p) for p in (to_tensor(paddings).reshape(-1).tolist() if isinstance(paddings, torch.Tensor)
                                 else paddings)]
        if not self.paddings_contiguous:  # (begin..., end...) → (begin0, end0, begin1, end1, ...)
            half = len(pads) // 2
            pads = [v for pair in zip(pads[:half], pads[half:]) for v in pair]
        if self.mode == "constant":
            return tF.pad(x, pads, "constant", 0 if value is None else float(value))
        return tF.pad(x, pads, self._MODES[self.mode])


class CTCGreedyDecoder(_P):
    """Mirrors ``ops.CTCGreedyDecoder(merge_repeated=True)``: ``(inputs (T, N, C), sequence_length (N))`` →
    ``(decoded_indices (K, 2), decoded_values (K), decoded_shape (2), log_probability (N, 1))``; the blank is
    class C-1, ``log_probability`` is minus the sum of the per-step maxima."""

    def __init__(self, merge_repeated=True):
        super().__init__(merge_repeated=merge_repeated)

    def __call__(self, inputs, sequence_length):
        t_max, n, c = inputs.shape
        best = inputs.argmax(-1)  # T, N
        mx = torch.amax(inputs, -1)
        idx, vals, logp, longest = [], [], [], 0
        lens = sequence_length.tolist()
        for b in range(n):
            seq, prev = [], None
            for t in range(int(lens[b])):
                k = int(best[t, b])
                if k != c - 1 and not (self.merge_repeated and k == prev):
                    seq.append(k)
                prev = k
            for j, k in enumerate(seq):
                idx.append([b, j])
                vals.append(k)
            longest = max(longest, len(seq))
            logp.append(-float(mx[:int(lens[b]), b].sum()))
        return (wrap(torch.tensor(idx, dtype=torch.int64).reshape(-1, 2)), wrap(torch.tensor(vals, dtype=torch.int64)),
                wrap(torch.tensor([n, longest], dtype=torch.int64)),
                wrap(torch.tensor(logp, dtype=inputs.dtype).reshape(n, 1)))


class NMSWithMask(_P):
    """Mirrors ``ops.NMSWithMask(iou_threshold=0.5)``: ``(bboxes (N, 5) = x1, y1, x2, y2, score)`` →
    ``(selected_boxes, selected_idx, selected_mask)``: boxes sorted by descending score, ``selected_idx`` =
    ``arange(N)`` (positions in that sorted list, as MindSpore 2.10 CPU returns), and whether each survives
    greedy suppression (IoU > threshold, areas without +1)."""

    def __init__(self, iou_threshold=0.5):
        super().__init__(iou_threshold=iou_threshold)

    def __call__(self, bboxes):
        order = torch.argsort(bboxes[:, 4], descending=True, stable=True)
        b = bboxes[order]
        x1, y1, x2, y2 = b[:, 0], b[:, 1], b[:, 2], b[:, 3]
        area = (x2 - x1) * (y2 - y1)
        keep = torch.ones(b.shape[0], dtype=torch.bool)
        for i in range(b.shape[0]):
            if not keep[i]:
                continue
            w = (torch.minimum(x2[i], x2[i + 1:]) - torch.maximum(x1[i], x1[i + 1:])).clamp(min=0)
            h = (torch.minimum(y2[i], y2[i + 1:]) - torch.maximum(y1[i], y1[i + 1:])).clamp(min=0)
            inter = w * h
            iou = inter / (area[i] + area[i + 1:] - inter)
            keep[i + 1:] &= ~(iou > self.iou_threshold)
        return b, wrap(torch.arange(b.shape[0], dtype=torch.int32)), wrap(keep)


class IndexPut(_P):
    """Mirrors ``ops.IndexPut(accumulate=0)``: ``(x1, x2, indices)`` → ``x1`` with ``x2`` put at the index
    tuple ``indices`` (added when ``accumulate``); out of place."""

    def __init__(self, accumulate=0):
        super().__init__(accumulate=accumulate)

    def __call__(self, x1, x2, indices):
        return torch.index_put(x1, tuple(i.long() for i in indices), x2.to(x1.dtype), bool(self.accumulate))


class InplaceIndexAdd(_P):
    """Mirrors ``ops.InplaceIndexAdd(axis)``: ``(var, indices, updates)`` adds in place along ``axis``."""

    def __init__(self, axis):
        super().__init__(axis=axis)

    def __call__(self, var, indices, updates):
        with torch.no_grad():
            var.index_add_(self.axis, indices.long(), updates.to(var.dtype))
        return var


class _GradHook(torch.autograd.Function):
    """Identity forward; backward hands ``fn`` the incoming gradients as MindSpore Tensors — a tuple when
    ``as_tuple`` (``HookBackward``, also for one input) — and returns what it returns, or the gradients."""

    @staticmethod
    def forward(ctx, fn, as_tuple, *xs):
        ctx.fn, ctx.as_tuple = fn, as_tuple
        return xs[0].view_as(xs[0]) if len(xs) == 1 else tuple(x.view_as(x) for x in xs)

    @staticmethod
    def backward(ctx, *grads):
        ms_grads = tuple(as_ms(g) for g in grads)  # user code gets MindSpore Tensors
        out = ctx.fn(ms_grads if ctx.as_tuple or len(grads) > 1 else ms_grads[0])
        if out is None:
            out = grads
        out = tuple(out) if isinstance(out, (tuple, list)) else (out,)
        return (None, None) + out


class HookBackward(_P):
    """Mirrors ``ops.HookBackward(hook_fn, cell_id='')``: identity forward; in backward ``hook_fn(grads)`` gets
    the gradients as a tuple of MindSpore Tensors (one element for one input, as MindSpore) and may return a
    replacement."""

    def __init__(self, hook_fn, cell_id=""):
        if not callable(hook_fn):
            raise TypeError(f"For 'HookBackward', 'hook_fn' must be callable, but got {type(hook_fn).__name__}.")
        super().__init__(cell_id=cell_id)
        self.hook_fn = hook_fn

    def __call__(self, *inputs):
        return _GradHook.apply(self.hook_fn, True, *inputs)


class InsertGradientOf(_P):
    """Mirrors ``ops.InsertGradientOf(f)``: identity forward; the gradient flowing back is replaced by ``f(grad)``."""

    def __init__(self, f):
        if not callable(f):
            raise TypeError(f"For 'InsertGradientOf', 'f' must be callable, but got {type(f).__name__}.")
        super().__init__()
        self.f = f

    def __call__(self, x):
        return _GradHook.apply(self.f, False, x)


class Partial(_P):
    """Mirrors ``ops.Partial()``: ``(fn, *args)`` → ``functools.partial(fn, *args)``."""

    def __call__(self, *args):
        return functools.partial(args[0], *args[1:])


class Eig(_P):
    """Mirrors ``ops.Eig(compute_v=False)``: ``(x)`` → ``(eigenvalues, eigenvectors)`` (complex; eigenvectors
    None unless ``compute_v``). The eigenvalue order is LAPACK's and may differ from MindSpore's."""

    def __init__(self, compute_v=False):
        super().__init__(compute_v=compute_v)

    def __call__(self, x):
        if self.compute_v:
            w, v = torch.linalg.eig(x)
            return wrap(w), wrap(v)
        return wrap(torch.linalg.eigvals(x)), None


class Assert(_P):
    """Mirrors ``ops.Assert(summarize=3)``: ``(condition, input_data)`` raises RuntimeError showing up to
    ``summarize`` entries of each input when ``condition`` is False."""

    def __init__(self, summarize=3):
        super().__init__(summarize=summarize)

    def __call__(self, condition, input_data):
        if not bool(torch.as_tensor(condition).all()):
            shown = [t.reshape(-1)[:self.summarize].tolist() if isinstance(t, torch.Tensor) else t
                     for t in input_data]
            raise RuntimeError(f"assert failed. For 'Assert' condition is false. input data: {shown}")
        return None
