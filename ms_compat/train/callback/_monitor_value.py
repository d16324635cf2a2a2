"""The monitored value shared by ``EarlyStopping`` and ``ReduceLROnPlateau`` (MindSpore's rules)."""
from __future__ import annotations

import logging

import numpy as np

from ._callback import _handle_loss

_smaller_better_metrics = ["hausdorff_distance", "mae", "mse", "loss", "perplexity", "mean_surface_distance",
                           "root_mean_square_distance", "eval_loss"]


def smaller_is_better(mode, monitor):
    return mode == "min" or (mode == "auto" and monitor in _smaller_better_metrics)


def improvement_rule(mode, monitor, min_delta):
    """``(is_improvement(current, best), initial best)`` as EarlyStopping and ReduceLROnPlateau set them:
    lower by more than ``min_delta`` for 'min' (or 'auto' on a loss-like metric), higher otherwise."""
    if smaller_is_better(mode, monitor):
        return (lambda a, b: np.less(a, b - min_delta)), np.inf
    return (lambda a, b: np.greater(a, b + min_delta)), -np.inf


def monitor_value(cb_params, monitor, who, what):
    """``'loss'``: the last step's training loss; anything else: ``cb_params.eval_results[monitor]`` (set by
    ``Model.fit`` in epochs that evaluated). ``None`` (with a warning) when not available."""
    candidates = {}
    if monitor == "loss":
        value = _handle_loss(cb_params.get("net_outputs"))
        if hasattr(value, "asnumpy"):
            value = value.asnumpy()
    else:
        candidates = cb_params.get("eval_results", {})
        value = candidates.get(monitor)
    if value is None:
        logging.getLogger("ms_compat").warning(
            "%s is conditioned on %s, which is not available. Available choices are: %s", what, monitor,
            set(["loss"] + list(candidates.keys())))
    if isinstance(value, np.ndarray) and value.shape != ():
        raise ValueError(f"{who} only supports scalar monitor now.")
    return np.array(value) if value else None


def rank_mean(value):
    """MindSpore averages the monitored value over the data-parallel ranks (AllReduce SUM / rank size);
    here through ``torch.distributed`` when a process group with several ranks is initialized."""
    import torch
    import torch.distributed as dist
    if value is None or not (dist.is_available() and dist.is_initialized()) or dist.get_world_size() == 1:
        return value
    device = torch.device("cuda", torch.cuda.current_device()) if dist.get_backend() == "nccl" else None
    t = torch.tensor(float(value), dtype=torch.float32, device=device)
    dist.all_reduce(t, op=dist.ReduceOp.SUM)
    return np.array(t.item() / dist.get_world_size(), np.float32)
