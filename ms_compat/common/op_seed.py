"""MindSpore 2.10's per-op seed derivation (``mindspore.common.seed._get_graph_seed``), reproduced.

A random function called with op seed ``seed`` (``None`` counts as 0) and global seed ``g`` (``set_seed``;
unset counts as 0, and ``0`` becomes 87654321) builds its kernel with the attributes
``(g % (2**31 - 1), s % (2**31 - 1))``, where ``s`` starts at the op seed and grows by
``3528531795 ^ 3449720151`` on every call, counted per (function name, op seed) pair. ``set_seed``
restarts every counter. With neither seed set the attributes are ``(0, 0)``: MindSpore then draws a
nondeterministic seed, and ms_compat uses torch's generator instead (``None`` here).
"""
from __future__ import annotations

__all__ = ["graph_seed", "reset", "counters", "set_counters"]

_DEFAULT_GRAPH_SEED = 87654321
_MAXINT32 = 2 ** 31 - 1
_STEP = 3528531795 ^ 3449720151
_kernel_seed = {}


def reset():
    """What ``set_seed`` does to the op-seed counters (``_reset_op_seed``)."""
    for key in _kernel_seed:
        _kernel_seed[key] = key[1]


def counters():
    """The call counters (a copy), for saving random state around a recomputation."""
    return dict(_kernel_seed)


def set_counters(saved):
    _kernel_seed.clear()
    _kernel_seed.update(saved)


def graph_seed(op_seed, kernel_name, global_seed):
    """``(seed, seed2)`` for a kernel as MindSpore's ``_get_graph_seed``; ``None`` when both are 0."""
    if global_seed == 0:
        global_seed = _DEFAULT_GRAPH_SEED
    elif global_seed is None:
        global_seed = 0
    if op_seed is None:
        op_seed = 0
    if global_seed == 0 and op_seed == 0:
        return None
    if isinstance(op_seed, bool) or not isinstance(op_seed, int) or op_seed < 0:
        raise ValueError(f"For '{kernel_name}', the 'seed' must be a non-negative int, but got {op_seed}.")
    key = (kernel_name, op_seed)
    current = _kernel_seed.setdefault(key, op_seed)
    _kernel_seed[key] = current + _STEP
    return global_seed % _MAXINT32, current % _MAXINT32
