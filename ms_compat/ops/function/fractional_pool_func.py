"""``mindspore.ops.fractional_max_pool2d`` / ``fractional_max_pool3d``: fractional max pooling (random pooling
regions; ``torch.nn.functional.fractional_max_pool2d/3d``, the same argument names). The regions come from torch's
generator, so values differ from MindSpore's; shapes and dtypes match."""
from __future__ import annotations

import torch
import torch.nn.functional as tF

from .._utils import wrap

__all__ = ["fractional_max_pool2d", "fractional_max_pool3d"]


def _pool(fn, input, kernel_size, output_size, output_ratio, return_indices, _random_samples):  # noqa: A002
    if output_size is None and output_ratio is None:
        raise ValueError("'output_size' and 'output_ratio' can not be None at the same time.")
    out, idx = fn(input, kernel_size, output_size=output_size, output_ratio=output_ratio, return_indices=True,
                  _random_samples=_random_samples)
    return (wrap(out), wrap(idx)) if return_indices else wrap(out)


def fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,  # noqa: A002
                          _random_samples=None):
    """Mirrors ``ops.fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None,
    return_indices=False, _random_samples=None)`` (indices int64)."""
    return _pool(tF.fractional_max_pool2d, input, kernel_size, output_size, output_ratio, return_indices,
                 _random_samples)


def fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,  # noqa: A002
                          _random_samples=None):
    """Mirrors ``ops.fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None,
    return_indices=False, _random_samples=None)`` (indices int64)."""
    return _pool(tF.fractional_max_pool3d, input, kernel_size, output_size, output_ratio, return_indices,
                 _random_samples)

