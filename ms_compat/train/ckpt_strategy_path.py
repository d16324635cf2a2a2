"""``mindspore.train.get_ckpt_path_with_strategy``: the checkpoint of another rank that holds the same parameter
slices as this rank (from the parameter layouts), for restoring when this rank's own checkpoint is missing."""
from __future__ import annotations

import os
import re
import sys

import numpy as np

__all__ = ["get_ckpt_path_with_strategy", "get_parameter_redundancy"]


def _get_rank():
    from ..communication.management import get_rank
    return get_rank()


def _layouts(layout_obj):
    """``{name: (dev_matrix, tensor_map)}`` from a strategy file path (ms_compat's JSON strategy file) or a dict of
    layouts (ms_compat strategy entries, or MindSpore ``parameter_layout_dict`` lists)."""
    if isinstance(layout_obj, (str, os.PathLike)):
        from ..parallel.strategy_file import read_strategy_file
        layout_obj = read_strategy_file(layout_obj)
    if not isinstance(layout_obj, dict):
        raise TypeError(f"The layout should be a strategy file path or a dict of parameter layouts, but got "
                        f"{type(layout_obj)}.")
    out = {}
    for name, v in layout_obj.items():
        dev, tmap = (v["dev_matrix"], v["tensor_map"]) if isinstance(v, dict) else (v[0], v[1])
        if not isinstance(v, dict) and len(v) > 5 and v[5]:
            raise ValueError(f"The layout of parameter '{name}' shards it over the optimizer group '{v[5]}'; "
                             "ms_compat computes the redundancy of layouts without optimizer sharding only.")
        flat = []
        for m in tmap:
            flat.extend(m if isinstance(m, (list, tuple)) else [m])
        out[name] = ([int(x) for x in dev], [int(x) for x in flat])
    return out


def get_parameter_redundancy(layout_obj, initial_rank=None):
    """Mirrors ``mindspore.train._utils.get_parameter_redundancy`` for layouts without optimizer sharding:
    ``{parameter name: tuple of rank groups}``, the ranks of a group holding the same slice of the parameter.
    ``initial_rank`` (default: the first rank of this rank's pipeline stage) offsets the rank numbers."""
    layouts = _layouts(layout_obj)
    if initial_rank is None:
        dev = next(iter(layouts.values()))[0] if layouts else []
        n = int(np.prod(dev)) if dev else 1
        initial_rank = (_get_rank() // n) * n
    result = {}
    for name, (dev, tmap) in layouts.items():
        coords = np.zeros(dev + [len(dev)], dtype=np.int64)
        for i in tmap:
            if i == -1:
                continue
            axis = len(dev) - 1 - i  # tensor_map counts device axes from the last one
            for j in range(dev[axis]):
                idx = [slice(None)] * len(dev) + [i]
                idx[axis] = j
                coords[tuple(idx)] = j
        groups = {}
        for index, loc in enumerate(coords.reshape(-1, len(dev)).tolist()):
            groups.setdefault(tuple(loc), []).append(index + initial_rank)
        result[name] = tuple(tuple(g) for _, g in sorted(groups.items()))
    return {k: result[k] for k in sorted(result)}


def _get_cur_rank_dp(layout_obj):
    """The smallest rank group holding this rank's slices of every parameter, or ``(rank,)`` when the groups of
    different parameters do not nest."""
    rank = _get_rank()
    value_len, min_value, min_set = sys.maxsize, (), set()
    for key, groups in get_parameter_redundancy(layout_obj).items():
        if key.startswith("accu_grads") or key.startswith("inputs"):
            continue
        for item in groups:
            if rank not in item:
                continue
            if len(item) < value_len:
                if min_set and not set(item).issubset(min_set):
                    return (rank,)
                value_len, min_set, min_value = len(item), set(item), item
            elif not min_set.issubset(set(item)):
                return (rank,)
    return min_value


def get_ckpt_path_with_strategy(cur_ckpt_path, cur_strategy_path):
    """Mirrors ``mindspore.train.get_ckpt_path_with_strategy(cur_ckpt_path, cur_strategy_path)``.

    ``cur_ckpt_path`` itself when it names this rank (``rank_<id>``) and exists; else the first existing path with
    ``rank_<id>`` replaced by a rank of this rank's redundancy group (the ranks holding the same slices, from the
    layouts of ``cur_strategy_path``); else None. Needs the communication initialised (``get_rank``), as in
    MindSpore. ``cur_strategy_path`` is ms_compat's strategy file (the JSON ``strategy_ckpt_config`` writes; a
    MindSpore protobuf strategy file is not read) or a dict of layouts (as MindSpore also accepts)."""
    rank = _get_rank()
    if f"rank_{rank}" in cur_ckpt_path and os.path.isfile(cur_ckpt_path):
        return cur_ckpt_path
    for i in _get_cur_rank_dp(cur_strategy_path):
        new_path = re.sub(r"rank_\d+", f"rank_{i}", cur_ckpt_path)
        if os.path.isfile(new_path):
            return new_path
    return None
