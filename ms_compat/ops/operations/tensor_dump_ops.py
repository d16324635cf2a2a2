"""``mindspore.ops.operations.TensorDump`` and ``mindspore.ops.tensordump``: save a Tensor as a ``.npy`` file."""
from __future__ import annotations

import itertools
import os
import threading

import numpy as np
import torch

from ...common.dtype import dtype_str
from ..primitive import Primitive

__all__ = ["TensorDump"]  # tensordump: the ops / ops.functional function

_ids = itertools.count()
_lock = threading.Lock()


def _dump(op, file, x, mode):
    if not isinstance(file, str):
        raise TypeError(f"For '{op}', the 'file' must be str, but got {type(file).__name__}.")
    if not file:
        raise ValueError(f"For '{op}', the input argument[file] cannot be an empty string.")
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"For '{op}', the 'input_x' must be Tensor, but got {type(x).__name__}.")
    t = x.detach().cpu()
    dtype = dtype_str(x.dtype).lower()
    if t.dtype == torch.bfloat16:
        t = t.float()  # numpy has no bfloat16: stored as float32, named bfloat16 (as MindSpore)
    with _lock:
        n = next(_ids)
    stem = f"{file}_{mode}" if mode == "in" else file
    np.save(f"{stem}_{dtype}_{n}.npy", t.resolve_conj().numpy())


class TensorDump(Primitive):
    """Mirrors ``ops.TensorDump(input_output='out')``: ``(file, input_x)`` saves ``input_x`` to
    ``{file}_{dtype}_{id}.npy`` (``{file}_in_{dtype}_{id}.npy`` with ``input_output='in'``), ``id`` counting the
    dumps of the process; returns None. PyTorch runs each op when called, so the file is written at once (in
    MindSpore's graph mode it is written when the graph runs); the 'in'/'out' distinction (around a
    redistribution) has no effect on the values here."""

    def __init__(self, input_output="out"):
        super().__init__("TensorDump")
        if input_output not in ("in", "out"):
            raise ValueError(f"The 'input_output' argument should be one of ['in', 'out'], but got: {input_output}")
        self.add_prim_attr("input_output", input_output)
        self.add_prim_attr("side_effect_io", True)
        self.add_prim_attr("channel_name", "ms_tensor_dump")

    def __call__(self, file, input_x):
        _dump("TensorDump", file, input_x, self.input_output)


def tensordump(file_name, tensor, mode="out"):
    """Mirrors ``mindspore.ops.tensordump(file_name, tensor, mode='out')``: :class:`TensorDump` as a function."""
    if mode not in ("in", "out"):
        raise ValueError(f"The 'mode' argument should be one of ['in', 'out'], but got: {mode}")
    _dump("tensordump", file_name, tensor, mode)
