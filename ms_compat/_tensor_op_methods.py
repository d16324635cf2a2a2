"""Installs on ``Tensor`` the MindSpore methods implemented with ``mindspore.ops`` (ms_compat/ops/tensor_methods.py).

The Tensor class is on the ground floor and must not import ``ops``; this module (above both) gives the class one
lazy attribute per method: the first access imports ``ms_compat.ops.tensor_methods`` and replaces the lazy
attribute by the real function, so later calls cost what any method costs. ``import ms_compat`` runs it.
"""
from __future__ import annotations

import importlib

from .common.tensor import Tensor

_IMPL = "ms_compat.ops.tensor_methods"
NAMES = ("gather_nd", "top_k", "gather_elements", "approximate_equal", "argmax_with_value", "argmin_with_value",
         "col2im", "eigvals", "fills", "fold", "inplace_update", "inv", "invert", "log_matrix_determinant",
         "matrix_determinant", "random_categorical", "reverse", "reverse_sequence", "scatter_div", "scatter_max",
         "scatter_min", "scatter_mul", "scatter_sub", "searchsorted", "soft_shrink", "unique_with_pad",
         "unsorted_segment_max", "unsorted_segment_min", "unsorted_segment_prod", "xdivy", "ptp", "choose",
         "fill_diagonal", "uniform", "cauchy", "log_normal", "value", "assign_value", "get_bytes", "itemset",
         "move_to", "to_dlpack", "from_dlpack")
# MindSpore methods whose PyTorch namesake on ``torch.Tensor`` means something else: MindSpore's replaces it on
# ``Tensor`` (plain torch tensors keep PyTorch's)
REPLACING = ("multinomial",)


class _LazyMethod:
    """A class attribute that resolves to ``ms_compat.ops.tensor_methods.<name>`` on first access."""

    def __init__(self, name):
        self.name = name

    def _resolve(self):
        mod = importlib.import_module(_IMPL)
        fn = getattr(mod, self.name)
        attr = staticmethod(fn) if self.name in mod._STATIC else fn
        setattr(Tensor, self.name, attr)
        return fn

    def __get__(self, obj, owner=None):
        fn = self._resolve()
        if self.name in importlib.import_module(_IMPL)._STATIC or obj is None:
            return fn
        return fn.__get__(obj, owner)


def install():
    for name in NAMES:
        if name not in vars(Tensor) and not hasattr(torch_tensor(), name):
            setattr(Tensor, name, _LazyMethod(name))
    for name in REPLACING:
        if name not in vars(Tensor):
            setattr(Tensor, name, _LazyMethod(name))


def torch_tensor():
    import torch
    return torch.Tensor


install()
