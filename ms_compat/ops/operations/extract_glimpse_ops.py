"""``mindspore.ops.operations.ExtractGlimpse``: windows cut out of a batch of images at given offsets, areas
outside the image filled with noise (TensorFlow's ``extract_glimpse``, whose kernel MindSpore's follows)."""
from __future__ import annotations

import torch

from ...common.tensor import to_torch
from .._utils import wrap
from ..primitive import Primitive

__all__ = ["ExtractGlimpse"]


class ExtractGlimpse(Primitive):
    """Mirrors ``ops.ExtractGlimpse(centered=True, normalized=True, uniform_noise=True, noise='uniform')``
    (deprecated in MindSpore 2.10, still callable): ``(x, size, offsets)`` with ``x`` float32 ``(N, H, W, C)``,
    ``size`` int32 ``[h, w]`` and ``offsets`` float32 ``(N, 2)`` (y, x of each window's centre) → float32
    ``(N, h, w, C)``. The centre is scaled by ``(H, W)`` when ``normalized`` and measured from the image centre when
    ``centered`` (``y * H / 2 + H / 2``); the window's top-left corner is ``centre - size / 2`` truncated toward
    zero. Pixels outside the image get ``noise``: zeros (``'zero'``), ``U(min, max)`` of the image (``'uniform'``)
    or ``N(mean, std)`` of the image (``'gaussian'``) — random values from torch's generator, so only the
    in-image pixels can be compared with MindSpore's."""

    def __init__(self, centered=True, normalized=True, uniform_noise=True, noise="uniform"):
        super().__init__("ExtractGlimpse")
        for n, v in (("centered", centered), ("normalized", normalized), ("uniform_noise", uniform_noise)):
            if not isinstance(v, bool):
                raise TypeError(f"For 'ExtractGlimpse', the '{n}' must be bool, but got {type(v).__name__}.")
        if not isinstance(noise, str):
            raise TypeError(f"For 'ExtractGlimpse', the 'noise' must be str, but got {type(noise).__name__}.")
        if noise not in ("uniform", "gaussian", "zero"):
            raise ValueError(f"For 'ExtractGlimpse', the 'noise' must be one of ['uniform', 'gaussian', 'zero'], but "
                             f"got '{noise}'.")
        if uniform_noise and noise != "uniform":
            raise ValueError(f"For 'ExtractGlimpse', the value of 'noise' must be uniform when uniform_noise is True, "
                             f"but got {noise}.")
        for k, v in (("centered", centered), ("normalized", normalized), ("noise", noise),
                     ("uniform_noise", uniform_noise)):
            self.add_prim_attr(k, v)

    def __call__(self, x, size, offsets):
        op = "ExtractGlimpse"
        for n, t in (("x", x), ("size", size), ("offsets", offsets)):
            if not isinstance(t, torch.Tensor):
                raise ValueError(f"For '{op}', the '{n}' must be a Tensor, but got {type(t).__name__}.")
        if x.ndim != 4:
            raise ValueError(f"For '{op}', the 'x' must be 4-D (batch, height, width, channels), but got {x.ndim}-D.")
        if size.dtype != torch.int32 or size.ndim != 1 or size.numel() != 2:
            raise ValueError(f"For '{op}', the 'size' must be a 1-D int32 Tensor of 2 elements.")
        if offsets.ndim != 2 or offsets.shape[1] != 2:
            raise ValueError(f"For '{op}', the 'offsets' must have shape (batch, 2), but got {tuple(offsets.shape)}.")
        if offsets.shape[0] != x.shape[0]:
            raise ValueError(f"For '{op}', the batch_size of 'x' ({x.shape[0]}) and 'offsets' ({offsets.shape[0]}) "
                             "must be equal.")
        h, w = (int(v) for v in size.tolist())
        if h <= 0 or w <= 0:
            raise ValueError(f"For '{op}', the value of 'size' must be greater than zero, but got {[h, w]}.")
        img = to_torch(x).to(torch.float32)
        n, height, width, c = img.shape
        off = to_torch(offsets).to(torch.float32)
        oy, ox = off[:, 0].clone(), off[:, 1].clone()
        if self.normalized:
            oy, ox = oy * height, ox * width
        if self.centered:
            oy, ox = oy / 2.0 + height / 2.0, ox / 2.0 + width / 2.0
        top = torch.trunc(oy - h / 2.0).long()
        left = torch.trunc(ox - w / 2.0).long()
        rows = top[:, None] + torch.arange(h)[None, :]                     # (n, h)
        cols = left[:, None] + torch.arange(w)[None, :]                    # (n, w)
        inside = ((rows >= 0) & (rows < height))[:, :, None] & ((cols >= 0) & (cols < width))[:, None, :]
        r = rows.clamp(0, height - 1)[:, :, None].expand(n, h, w)
        q = cols.clamp(0, width - 1)[:, None, :].expand(n, h, w)
        bidx = torch.arange(n)[:, None, None].expand(n, h, w)
        out = img[bidx, r, q]                                              # (n, h, w, c)
        fill = self._noise(img, (n, h, w, c))
        return wrap(torch.where(inside[..., None], out, fill))

    def _noise(self, img, shape):
        if self.noise == "zero":
            return torch.zeros(shape)
        flat = img.reshape(img.shape[0], -1)
        if self.noise == "uniform":
            lo, hi = torch.amin(flat, 1), torch.amax(flat, 1)
            u = torch.rand(shape)
            return lo[:, None, None, None] + u * (hi - lo)[:, None, None, None]
        mean, std = flat.mean(1), flat.std(1, unbiased=False)
        return mean[:, None, None, None] + torch.randn(shape) * std[:, None, None, None]
