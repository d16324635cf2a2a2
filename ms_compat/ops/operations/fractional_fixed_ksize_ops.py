"""``mindspore.ops.operations.FractionalMaxPoolWithFixedKsize`` / ``FractionalMaxPool3DWithFixedKsize``: fractional
max pooling whose pooling regions come from given ``random_samples`` (so the result is deterministic), on
``torch.nn.functional.fractional_max_pool2d/3d`` (``_random_samples``: the same region rule)."""
from __future__ import annotations

import torch
import torch.nn.functional as F

from ...common.tensor import to_torch
from .._utils import wrap
from ..primitive import Primitive

__all__ = ["FractionalMaxPoolWithFixedKsize", "FractionalMaxPool3DWithFixedKsize"]

_X_TYPES = (torch.float16, torch.float32, torch.float64, torch.int32, torch.int64)
_S_TYPES = (torch.float16, torch.float32, torch.float64)


def _tuple(op, name, v, n):
    if isinstance(v, bool) or not isinstance(v, (int, tuple, list)):
        raise TypeError(f"For '{op}', the '{name}' must be int or tuple, but got {type(v).__name__}.")
    t = (v,) * n if isinstance(v, int) else tuple(v)
    if len(t) != n or not all(isinstance(i, int) and not isinstance(i, bool) and i > 0 for i in t):
        raise ValueError(f"For '{op}', the '{name}' must be a positive int or a tuple of {n} positive ints, but got "
                         f"{v}.")
    return t


class _FixedKsize(Primitive):
    _nd = 2
    _formats = ("NCHW",)

    def __init__(self, ksize, output_shape, data_format):
        op = type(self).__name__
        super().__init__(op)
        if data_format not in self._formats:
            raise ValueError(f"For '{op}', the 'data_format' must be one of {list(self._formats)}, but got "
                             f"'{data_format}'.")
        self.add_prim_attr("ksize", _tuple(op, "ksize", ksize, self._nd))
        self.add_prim_attr("output_shape", _tuple(op, "output_shape", output_shape, self._nd))
        self.add_prim_attr("data_format", data_format)

    def __call__(self, x, random_samples):
        op, nd = type(self).__name__, self._nd
        for n, t, types in (("input_x", x, _X_TYPES), ("random_samples", random_samples, _S_TYPES)):
            if not isinstance(t, torch.Tensor):
                raise TypeError(f"For '{op}', the '{n}' must be a Tensor, but got {type(t).__name__}.")
            if t.dtype not in types:
                raise TypeError(f"For '{op}', the '{n}' dtype must be one of {[str(d) for d in types]}, but got "
                                f"{t.dtype}.")
        if x.ndim != nd + 2:
            raise ValueError(f"For '{op}', the 'input_x' must be {nd + 2}-D, but got {x.ndim}-D.")
        if random_samples.ndim != 3 or random_samples.shape[2] != nd or \
                tuple(random_samples.shape[:2]) != tuple(x.shape[:2]):
            raise ValueError(f"For '{op}', the 'random_samples' must have shape (N, C, {nd}) = "
                             f"{tuple(x.shape[:2]) + (nd,)}, but got {tuple(random_samples.shape)}.")
        for k, o, s in zip(self.ksize, self.output_shape, x.shape[2:]):
            if k + o - 1 > s:
                raise ValueError(f"For '{op}', ksize + output_shape - 1 must not exceed the input size, but got "
                                 f"ksize {self.ksize}, output_shape {self.output_shape}, input {tuple(x.shape[2:])}.")
        xt = to_torch(x)
        work = xt if xt.is_floating_point() else xt.to(torch.float64)
        fn = F.fractional_max_pool2d if nd == 2 else F.fractional_max_pool3d
        y, idx = fn(work, self.ksize, output_size=self.output_shape, return_indices=True,
                    _random_samples=to_torch(random_samples).to(work.dtype))
        return wrap(y.to(xt.dtype)), wrap(idx.to(torch.int64))


class FractionalMaxPoolWithFixedKsize(_FixedKsize):
    """Mirrors ``ops.FractionalMaxPoolWithFixedKsize(ksize, output_shape, data_format='NCHW')``:
    ``(input_x, random_samples)`` with ``input_x`` ``(N, C, H, W)`` and ``random_samples`` ``(N, C, 2)`` in
    [0, 1) → ``(y, argmax)``: the maxima of ``ksize`` windows at the fractional positions the samples fix
    (``floor((i + u) * alpha) - floor(u * alpha)``, ``alpha = (in - k) / (out - 1)``, the last window at the end)
    and their flat ``H * W`` indices (int64)."""

    def __init__(self, ksize, output_shape, data_format="NCHW"):
        super().__init__(ksize, output_shape, data_format)


class FractionalMaxPool3DWithFixedKsize(_FixedKsize):
    """Mirrors ``ops.FractionalMaxPool3DWithFixedKsize(ksize, output_shape, data_format='NCDHW')``: the 3-D form of
    :class:`FractionalMaxPoolWithFixedKsize` (``(N, C, D, H, W)``, ``random_samples`` ``(N, C, 3)``; ``argmax``
    indexes ``D * H * W``)."""

    _nd = 3
    _formats = ("NCDHW",)

    def __init__(self, ksize, output_shape, data_format="NCDHW"):
        super().__init__(ksize, output_shape, data_format)
