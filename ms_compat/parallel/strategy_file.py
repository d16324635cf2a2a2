"""Parallel strategy files (``strategy_ckpt_config`` ``save_file`` / ``load_file``) and the slicing rules they
describe.

MindSpore writes, when it compiles a parallel network, a protobuf file with the layout of every parameter
(device matrix, tensor map); checkpoint transformation reads it to merge and re-cut per-rank slices.
ms_compat writes the same facts as JSON (MindSpore's protobuf files are not read: ``ValueError``)::

    {"format": "ms_compat-parallel-strategy", "version": 1,
     "parameters": {"fc1.weight": {"dev_matrix": [2], "tensor_map": [0, -1], "global_shape": [8, 6]}, ...}}

``tensor_map`` follows MindSpore: per tensor dimension, the device-matrix axis that cuts it counted from
the right (``-1``: not cut; a list: several axes, outer first). A rank's place in the device matrix is
row-major (rank ``r`` of a ``(2, 2)`` matrix is at ``(r // 2, r % 2)``), as in MindSpore and in
``init_device_mesh``. The file is written by every rank when ``Cell.shard`` lays out parameters and when
``save_checkpoint`` runs (names as they are then), with all parameters laid out so far.
"""
from __future__ import annotations

import json
import math
import os
import weakref

import numpy as np

__all__ = ["register", "unregister", "layout_entry", "current_strategy", "write_strategy_file", "read_strategy_file",
           "slice_index", "rank_slice", "merge_slices", "maybe_write_strategy_file"]

FORMAT = "ms_compat-parallel-strategy"
_laid_out: dict = {}  # id(param) -> weakref to a parameter laid out by Cell.shard


def register(param):
    """Remember a parameter laid out by ``Cell.shard`` (for the strategy file)."""
    pid = id(param)
    _laid_out[pid] = weakref.ref(param, lambda _r, pid=pid: _laid_out.pop(pid, None))


def unregister(param):
    """Forget ``param`` (a weight of another pipeline stage, released on this rank); whether it was known."""
    return _laid_out.pop(id(param), None) is not None


def layout_entry(mesh_shape, placements, global_shape):
    """The strategy entry of a DTensor layout (MindSpore's tensor map, counted from the right)."""
    n = len(mesh_shape)
    per_dim = [[] for _ in global_shape]
    for d, pl in enumerate(placements):
        dim = getattr(pl, "dim", None)
        if dim is not None:
            per_dim[dim].append(n - 1 - d)
    tensor_map = [(m[0] if len(m) == 1 else list(m)) if m else -1 for m in per_dim]
    return {"dev_matrix": [int(x) for x in mesh_shape], "tensor_map": tensor_map,
            "global_shape": [int(x) for x in global_shape]}


def current_strategy(only_trainable_params=True):
    """``{parameter name: entry}`` of the parameters laid out by ``Cell.shard`` in this process."""
    from .shard import sharded_layout
    out = {}
    for ref in list(_laid_out.values()):
        p = ref()
        if p is None or (only_trainable_params and not p.requires_grad):
            continue
        mesh, placements, shape = sharded_layout(p)
        out[p.name] = layout_entry(tuple(mesh.shape), placements, shape)
    return dict(sorted(out.items()))


def write_strategy_file(path, strategy):
    """Write ``strategy`` (``{name: entry}``) as a strategy file (atomic: temporary file, then rename)."""
    path = os.fspath(path)
    d = os.path.dirname(path)
    if d:
        os.makedirs(d, exist_ok=True)
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w") as f:
        json.dump({"format": FORMAT, "version": 1, "parameters": strategy}, f, indent=1)
    os.replace(tmp, path)


def maybe_write_strategy_file():
    """Write the context's strategy save file (``strategy_ckpt_config['save_file']``) when one is set."""
    from ..context import get_auto_parallel_context
    path = get_auto_parallel_context("strategy_ckpt_save_file")
    if path:
        cfg = get_auto_parallel_context("strategy_ckpt_config")
        write_strategy_file(path, current_strategy(cfg.get("only_trainable_params", True)))


def read_strategy_file(path):
    """``{name: entry}`` from a strategy file written by ms_compat."""
    path = os.fspath(path)
    if not os.path.isfile(path):
        raise ValueError(f"The strategy file {path} does not exist.")
    with open(path, "rb") as f:
        raw = f.read()
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        data = None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"The strategy file {path} is not an ms_compat strategy file (JSON written through "
                         "strategy_ckpt_config); MindSpore's protobuf strategy files are not read by ms_compat.")
    return data["parameters"]


def _mesh_dims(entry):
    n = len(entry["dev_matrix"])
    dims = []
    for m in entry["tensor_map"]:
        items = m if isinstance(m, list) else [m]
        dims.append([n - 1 - x for x in items if x != -1])
    return dims


def slice_index(entry, rank):
    """Per tensor dimension ``(k, count)``: rank ``rank`` holds slice ``k`` of ``count`` equal slices."""
    dev = entry["dev_matrix"]
    coords = np.unravel_index(rank % math.prod(dev), dev) if dev else ()
    out = []
    for dims in _mesh_dims(entry):
        k, count = 0, 1
        for d in dims:
            k = k * dev[d] + int(coords[d])
            count *= dev[d]
        out.append((k, count))
    return out


def _index(entry, rank, shape):
    idx = []
    for (k, count), size in zip(slice_index(entry, rank), shape):
        if size % count:
            raise ValueError(f"The dimension {size} cannot be divided into {count} slices.")
        step = size // count
        idx.append(slice(k * step, (k + 1) * step))
    return tuple(idx)


def rank_slice(full, entry, rank):
    """Rank ``rank``'s slice of the whole tensor ``full`` under ``entry`` (``None``: the whole tensor)."""
    if entry is None:
        return full
    if list(full.shape) != list(entry["global_shape"]):
        raise ValueError(f"The tensor of shape {tuple(full.shape)} does not have the global shape "
                         f"{tuple(entry['global_shape'])} of its strategy.")
    return full[_index(entry, rank, full.shape)]


def merge_slices(slices, entry):
    """The whole tensor from ``{rank: slice}`` under ``entry`` (every distinct slice must be present)."""
    import torch
    if entry is None:
        return next(iter(slices.values()))
    shape = entry["global_shape"]
    first = next(iter(slices.values()))
    full = torch.empty(shape, dtype=first.dtype)
    covered = set()
    for rank, piece in sorted(slices.items()):
        key = tuple(k for k, _ in slice_index(entry, rank))
        if key in covered:
            continue
        idx = _index(entry, rank, shape)
        if tuple(piece.shape) != tuple(full[idx].shape):
            raise ValueError(f"The slice of rank {rank} has shape {tuple(piece.shape)}, but its strategy gives "
                             f"{tuple(full[idx].shape)}.")
        full[idx] = piece
        covered.add(key)
    needed = {tuple(k for k, _ in slice_index(entry, r)) for r in range(math.prod(entry["dev_matrix"]))}
    if needed - covered:
        raise ValueError(f"Slices are missing to merge the parameter: ranks holding slices {sorted(needed - covered)} "
                         "were not given.")
    return full
