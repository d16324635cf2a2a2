"""Sharded checkpoints on ``torch.distributed.checkpoint`` (DCP) — an ms_compat extra next to MindSpore's
per-rank ``.ckpt`` files.

``save_sharded(net, checkpoint_dir)`` writes, from every rank at once, the network's parameters keyed by
their MindSpore names; a parameter laid out by ``Cell.shard`` is written as the DTensor it is (each rank
writes its slices once, replicas are written by one rank), the others as plain tensors.
``load_sharded(net, checkpoint_dir)`` reads them into the layout the network has *now* — another number
of processes, another ``shard`` plan, or one process without any process group: DCP re-cuts the slices.

The directory is PyTorch's own format: ``torch.distributed.checkpoint.format_utils.dcp_to_torch_save(dir,
'full.pt')`` turns it into a ``torch.save`` file of whole tensors (``{name: tensor}``) without ms_compat.
``load_distributed_checkpoint(net, checkpoint_filenames=<that directory>)`` calls :func:`load_sharded`.
"""
from __future__ import annotations

import contextlib
import os
import warnings

import torch

__all__ = ["save_sharded", "load_sharded", "sharded_state_dict"]


@contextlib.contextmanager
def _single_process_ok():
    """DCP warns that it assumes one process when there is no process group: here that is the intent."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="torch.distributed is disabled", category=UserWarning)
        yield


def _no_dist():
    import torch.distributed as dist
    return not (dist.is_available() and dist.is_initialized())


def sharded_state_dict(network):
    """``{MindSpore parameter name: DTensor (laid out by Cell.shard) or tensor}`` sharing the parameters'
    storage (loading into it writes the parameters in place)."""
    from ..common.tensor import to_torch
    from .shard import sharded_layout
    out = {}
    for p in network.get_parameters():
        lay = sharded_layout(p)
        local = to_torch(p.data)
        if lay is None:
            out[p.name] = local
            continue
        from torch.distributed.tensor import DTensor
        mesh, placements, shape = lay
        out[p.name] = DTensor.from_local(local, mesh, placements, run_check=False, shape=torch.Size(shape),
                                         stride=torch.empty(shape, device="meta").stride())
    return out


def save_sharded(network, checkpoint_dir):
    """Write ``network``'s parameters to ``checkpoint_dir`` with ``torch.distributed.checkpoint.save`` (every
    rank must call it; one process without a process group works too)."""
    import torch.distributed.checkpoint as dcp
    with torch.no_grad(), _single_process_ok():
        dcp.save(sharded_state_dict(network), checkpoint_id=os.fspath(checkpoint_dir), no_dist=_no_dist())


def load_sharded(network, checkpoint_dir):
    """Read a :func:`save_sharded` directory into ``network``'s current layout (in place); returns the list
    of the network's parameter names that were not in the checkpoint (nothing is loaded then: ``ValueError``
    names them)."""
    import torch.distributed.checkpoint as dcp
    sd = sharded_state_dict(network)
    meta = dcp.FileSystemReader(os.fspath(checkpoint_dir)).read_metadata()
    missing = [k for k in sd if k not in meta.state_dict_metadata]
    if missing:
        raise ValueError(f"For 'load_sharded', the parameters {missing} of the network are not in the checkpoint "
                         f"{checkpoint_dir}.")
    with torch.no_grad(), _single_process_ok():
        dcp.load(sd, checkpoint_id=os.fspath(checkpoint_dir), no_dist=_no_dist())
    return []
