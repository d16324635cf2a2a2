"""``mindspore.ops.operations.FFTWithSize``: the n-dimensional FFT family (complex/real, forward/inverse) of the
last ``signal_ndim`` dimensions, on ``torch.fft``."""
from __future__ import annotations

import torch

from .._utils import wrap
from ..primitive import Primitive

__all__ = ["FFTWithSize"]


class FFTWithSize(Primitive):
    """Mirrors ``ops.FFTWithSize(signal_ndim, inverse, real, norm='backward', onesided=True, signal_sizes=())``:
    over the last ``signal_ndim`` (1 to 3) dimensions — ``real=False``: ``fftn`` / ``ifftn`` of a complex Tensor;
    ``real=True``: ``rfftn`` of a real Tensor (the full ``fftn`` with ``onesided=False``) / ``irfftn`` of a
    half spectrum back to real, with output sizes ``signal_sizes`` (default: last size ``2 * (n - 1)``).
    ``norm`` is ``'backward'``, ``'forward'`` or ``'ortho'`` (``ValueError`` otherwise). A ``signal_ndim`` outside
    1..min(3, rank) raises ``RuntimeError`` (as MindSpore's kernel), a complex input to a real forward transform
    ``TypeError``."""

    def __init__(self, signal_ndim, inverse, real, norm="backward", onesided=True, signal_sizes=()):
        super().__init__("FFTWithSize")
        if not isinstance(signal_ndim, int) or isinstance(signal_ndim, bool):
            raise TypeError(f"For 'FFTWithSize', the 'signal_ndim' must be int, but got {type(signal_ndim).__name__}.")
        for n, v in (("inverse", inverse), ("real", real), ("onesided", onesided)):
            if not isinstance(v, bool):
                raise TypeError(f"For 'FFTWithSize', the '{n}' must be bool, but got {type(v).__name__}.")
        if norm not in ("backward", "forward", "ortho"):
            raise ValueError(f"For 'FFTWithSize', the 'norm' must be one of ['backward', 'forward', 'ortho'], but "
                             f"got '{norm}'.")
        for k, v in (("signal_ndim", signal_ndim), ("inverse", inverse), ("real", real), ("norm", norm),
                     ("onesided", onesided), ("signal_sizes", tuple(signal_sizes))):
            self.add_prim_attr(k, v)

    def __call__(self, x):
        if not isinstance(x, torch.Tensor):
            raise TypeError(f"For 'FFTWithSize', the 'x' must be a Tensor, but got {type(x).__name__}.")
        nd = self.signal_ndim
        if not 1 <= nd <= min(3, x.ndim):
            raise RuntimeError(f"For 'FFTWithSize', the 'signal_ndim' must be in [1, min(3, rank of x = {x.ndim})], "
                               f"but got {nd}.")
        dims = tuple(range(-nd, 0))
        if not self.real:
            fn = torch.fft.ifftn if self.inverse else torch.fft.fftn
            return wrap(fn(x, dim=dims, norm=self.norm))
        if not self.inverse:
            if x.is_complex():
                raise TypeError("For 'FFTWithSize', a real forward transform ('real' True, 'inverse' False) needs "
                                   f"a real 'x', but got {x.dtype}.")
            fn = torch.fft.rfftn if self.onesided else torch.fft.fftn
            return wrap(fn(x, dim=dims, norm=self.norm))
        if not self.onesided:
            return wrap(torch.fft.ifftn(x, dim=dims, norm=self.norm).real)
        sizes = list(self.signal_sizes) if self.signal_sizes else None
        return wrap(torch.fft.irfftn(x, s=sizes, dim=dims, norm=self.norm))
