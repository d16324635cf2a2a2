"""MindSpore's fused add-and-normalize functions (Ascend fusion kernels in MindSpore 2.10, here the documented
formula in torch ops): ``ops.add_rms_norm`` and ``ops.add_layer_norm``."""
from __future__ import annotations

import torch

from .._utils import wrap

__all__ = ["add_rms_norm", "add_layer_norm"]


def add_rms_norm(x1, x2, gamma, epsilon=1e-6):
    """Mirrors ``ops.add_rms_norm(x1, x2, gamma, epsilon=1e-6)``: ``x = x1 + x2``; returns ``(x / sqrt(mean(x^2) +
    eps) * gamma, rstd, x)`` with the mean over the trailing ``gamma.ndim`` axes; ``rstd`` is float32 with those axes
    kept as 1."""
    if not isinstance(epsilon, float) or not 0 < epsilon <= 1:
        raise ValueError(f"For 'AddRmsNorm', 'epsilon' must be a float in (0, 1], but got {epsilon}.")
    if gamma.dim() > x1.dim():
        raise ValueError("For 'AddRmsNorm', the rank of 'gamma' must not be greater than the rank of 'x1'.")
    x = x1 + x2
    dims = tuple(range(x.dim() - gamma.dim(), x.dim()))
    xf = x.float()
    rstd = torch.rsqrt(xf.pow(2).mean(dims, keepdim=True) + epsilon)
    y = (xf * rstd).to(x.dtype) * gamma
    return wrap(y), wrap(rstd), wrap(x)


def add_layer_norm(x1, x2, gamma, beta, epsilon=1e-5, additional_output=False):
    """Mirrors ``ops.add_layer_norm(x1, x2, gamma, beta, epsilon=1e-5, additional_output=False)``: ``x = x1 + x2``,
    layer-normalized over the last axis; returns ``(y, mean, rstd, x)`` (``mean``/``rstd`` keep the last axis as
    1)."""
    x = x1 + x2
    xf = x.float()
    mean = xf.mean(-1, keepdim=True)
    var = (xf - mean).pow(2).mean(-1, keepdim=True)
    rstd = torch.rsqrt(var + epsilon)
    y = ((xf - mean) * rstd).to(x.dtype) * gamma + beta
    return wrap(y), wrap(mean.to(x.dtype)), wrap(rstd.to(x.dtype)), wrap(x)
