"""The monitored value shared by ``EarlyStopping`` and ``ReduceLROnPlateau`` (MindSpore's rules)."""
from __future__ import annotations

import logging

import numpy as np

from ._callback import _handle_loss

_smaller_better_metrics = ["hausdorff_distance", "mae", "mse", "loss", "perplexity", "mean_surface_distance",
                           "root_mean_square_distance", "eval_loss"]


def smaller_is_better(mode, monitor):
    return mode == "min" or (mode == "auto" and monitor in _smaller_better_metrics)


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


def check_single_process(who):
    """The mean over ranks that MindSpore takes in data-parallel runs: the value is used as is when one
    process trains; several processes are refused rather than silently using a rank's own value."""
    import torch.distributed as dist
    if dist.is_available() and dist.is_initialized() and dist.get_world_size() > 1:
        raise RuntimeError(f"{who} in a data-parallel run (ranks averaging the monitored value) is not implemented "
                           "in ms_compat; monitor a value you reduce yourself in a custom callback.")
