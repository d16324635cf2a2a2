"""``mindspore.common.sparse_tensor.RowTensor``: a set of rows of a larger dense tensor.

Mirrors MindSpore 2.10's (deprecated) ``RowTensor(indices=None, values=None, shape=None, row_tensor=None)``:
``dense[indices[i], ...] = values[i, ...]`` for a dense tensor of shape ``shape``. It holds its parts
(``indices``, ``values`` as Tensors, ``dense_shape`` as a tuple) and warns that it is deprecated, as MindSpore
does. ``COOTensor``/``CSRTensor`` are not mapped (use ``torch.sparse``).
"""
from __future__ import annotations

from .tensor import Tensor

__all__ = ["RowTensor"]


class RowTensor:
    """Mirrors ``mindspore.RowTensor``."""

    def __init__(self, indices=None, values=None, shape=None, row_tensor=None):
        from .. import log
        log.warning("'RowTensor' is deprecated from version 1.7 and will be removed in a future version.")
        if row_tensor is not None:
            if not isinstance(row_tensor, RowTensor):
                raise TypeError(f"Expect input `row_tensor` to be a RowTensor, but got {type(row_tensor)}")
            if not (indices is None and values is None and shape is None):
                raise TypeError("If input `row_tensor` is provided, `indices`, `values`, `shapes` should all be `None`")
            indices, values, shape = row_tensor._indices, row_tensor._values, row_tensor._shape
        if not isinstance(indices, Tensor) or not isinstance(values, Tensor):
            raise TypeError(f"For 'RowTensor', 'indices' and 'values' must be Tensors, but got {type(indices)} and "
                            f"{type(values)}.")
        if shape is None or not all(isinstance(s, int) for s in tuple(shape)):
            raise TypeError(f"For 'RowTensor', 'shape' must be a tuple of int, but got {shape!r}.")
        self._indices = indices
        self._values = values
        self._shape = tuple(shape)

    @property
    def indices(self):
        """The row indices (1-D integer Tensor)."""
        return self._indices

    @property
    def values(self):
        """The rows (Tensor of shape ``(len(indices), *dense_shape[1:])``)."""
        return self._values

    @property
    def dense_shape(self):
        """The shape of the dense tensor (tuple)."""
        return self._shape

    def __repr__(self):
        from .dtype import dtype_str
        return (f"RowTensor(shape={list(self._shape)}, dtype={dtype_str(self._values.dtype)}, "
                f"indices={self._indices!r}, values={self._values!r})")
