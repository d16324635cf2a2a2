"""``mindspore.parallel.checkpoint_transform``: merging per-rank checkpoint slices and cutting them again
for another layout.

Each rank of a sharded run saves its slices (``save_checkpoint(net, f, integrated_save=False)``) and the
strategy file (``strategy_ckpt_config={'save_file': ...}``) records each parameter's layout; the
functions here read the slices with ``load_checkpoint``, put each parameter together
(:func:`strategy_file.merge_slices`) and cut it for the destination layout (another strategy file, the
layout of a network sharded now, or none: the whole tensor). Under pipeline parallel each rank's file holds
its stage's parameters only (``stage_local.py``): the merge takes the union of the ranks' names, each
parameter from the ranks that have it. Pipeline stages are not recorded in strategy files (a parameter's
layout is the same on every rank of its stage). For a checkpoint that PyTorch's
own tools read and re-shard, see ``ms_compat/parallel/sharded_checkpoint.py`` (torch.distributed.checkpoint).
"""
from __future__ import annotations

import glob
import math
import os
import re

import torch

from .strategy_file import merge_slices, rank_slice, read_strategy_file, slice_index

__all__ = ["build_searched_strategy", "merge_sliced_parameter", "rank_list_for_transform",
           "transform_checkpoint_by_rank", "transform_checkpoints", "load_distributed_checkpoint",
           "integrated_items"]


def _strategy(path, what):
    if path is None:
        return {}
    if not isinstance(path, str):
        raise TypeError(f"The {what} should be a str, but got {type(path)}.")
    return read_strategy_file(path)


def _device_num(strategy):
    return max((math.prod(e["dev_matrix"]) for e in strategy.values()), default=1)


def build_searched_strategy(strategy_filename):
    """Mirrors ``mindspore.build_searched_strategy(strategy_filename)``: ``{parameter name: layout}`` of a
    strategy file. Difference: each layout is ms_compat's dict (``dev_matrix``, ``tensor_map``,
    ``global_shape``), not MindSpore's protobuf ``ParallelLayouts``."""
    if not isinstance(strategy_filename, str):
        raise TypeError(f"For 'build_searched_strategy', the argument 'strategy_filename' should be str, but got "
                        f"{type(strategy_filename)}.")
    return read_strategy_file(strategy_filename)


def merge_sliced_parameter(sliced_parameters, strategy=None):
    """Mirrors ``mindspore.merge_sliced_parameter(sliced_parameters, strategy=None)``: the slices of one
    parameter in rank order merged into one Parameter — by its layout in ``strategy`` (from
    :func:`build_searched_strategy`), else concatenated along axis 0."""
    from ..common.parameter import Parameter
    from ..common.tensor import as_ms, to_torch
    if not isinstance(sliced_parameters, list):
        raise TypeError("For 'merge_sliced_parameter', the argument 'sliced_parameters' should be list, "
                        f"but got {type(sliced_parameters)}.")
    if not sliced_parameters:
        raise ValueError("For 'merge_sliced_parameter', the argument 'sliced_parameters' should not be empty.")
    if strategy is not None and not isinstance(strategy, dict):
        raise TypeError(f"For 'merge_sliced_parameter', the argument 'strategy' should be dict, but got "
                        f"{type(strategy)}.")
    name = sliced_parameters[0].name
    for p in sliced_parameters:
        if not isinstance(p, Parameter):
            raise TypeError("For 'merge_sliced_parameter', the element in 'sliced_parameters' should be Parameter, "
                            f"but got {type(p)}.")
        if p.name != name:
            raise ValueError("For 'merge_sliced_parameter', the name of each Parameter in 'sliced_parameters' "
                             f"should be the same, but got {name} and {p.name}.")
    pieces = [to_torch(p.detach()) for p in sliced_parameters]
    if strategy is None:
        merged = torch.cat(pieces, 0)
    else:
        if name not in strategy:
            raise KeyError(f"For 'merge_sliced_parameter', the parameter name {name} should be a key in the "
                           "'strategy'.")
        merged = merge_slices(dict(enumerate(pieces)), strategy[name])
    return Parameter(as_ms(merged.clone()), name=name, requires_grad=sliced_parameters[0].requires_grad)


def _needed_ranks(entry_src, entry_dst, rank_id):
    """Source ranks whose slices overlap rank ``rank_id``'s destination slice (one per distinct slice)."""
    if entry_src is None:
        return [0]
    shape = entry_src["global_shape"]
    dst = None if entry_dst is None else slice_index(entry_dst, rank_id)
    chosen = {}
    for r in range(math.prod(entry_src["dev_matrix"])):
        src = slice_index(entry_src, r)
        key = tuple(k for k, _ in src)
        if key in chosen:
            continue
        overlap = True
        if dst is not None:
            for (ks, cs), (kd, cd), size in zip(src, dst, shape):
                a0, a1 = ks * size // cs, (ks + 1) * size // cs
                b0, b1 = kd * size // cd, (kd + 1) * size // cd
                overlap &= a0 < b1 and b0 < a1
        if overlap:
            chosen[key] = r
    return sorted(chosen.values())


def rank_list_for_transform(rank_id, src_strategy_file=None, dst_strategy_file=None):
    """Mirrors ``mindspore.rank_list_for_transform``: the source ranks whose checkpoints are needed to build
    rank ``rank_id``'s checkpoint under the destination strategy."""
    if not isinstance(rank_id, int) or isinstance(rank_id, bool):
        raise TypeError(f"The rank_id should be a int, but got {type(rank_id)}.")
    src = _strategy(src_strategy_file, "src_strategy_file")
    dst = _strategy(dst_strategy_file, "dst_strategy_file")
    ranks = set()
    for name in set(src) | set(dst):
        ranks.update(_needed_ranks(src.get(name), dst.get(name), rank_id))
    return sorted(ranks) or [0]


def _load(path):
    from ..train.serialization import load_checkpoint
    return load_checkpoint(path)


def _transform(rank_id, per_rank, src, dst):
    """``{name: Parameter}`` of rank ``rank_id`` under ``dst`` from the source ranks' ``{name: Parameter}``."""
    from ..common.parameter import Parameter
    from ..common.tensor import as_ms, to_torch
    names = list(dict.fromkeys(n for d in per_rank.values() for n in d))  # pipeline: each stage's names
    out = {}
    for name in names:
        first = next(p for d in per_rank.values() for n, p in d.items() if n == name)
        if isinstance(first, str):
            out[name] = first
            continue
        slices = {r: to_torch(d[name].detach()) for r, d in per_rank.items() if name in d}
        if src.get(name) is None and len(slices) > 1:  # whole on every holder: one that is not an emptied
            slices = {r: t for r, t in slices.items() if t.numel()} or slices  # (optimizer-parallel) entry
        full = merge_slices(slices, src.get(name))
        piece = rank_slice(full, dst.get(name), rank_id)
        out[name] = Parameter(as_ms(piece.clone()), name=name, requires_grad=first.requires_grad)
    return out


def transform_checkpoint_by_rank(rank_id, checkpoint_files_map, save_checkpoint_file_name, src_strategy_file=None,
                                 dst_strategy_file=None):
    """Mirrors ``mindspore.transform_checkpoint_by_rank``: writes rank ``rank_id``'s checkpoint under the
    destination strategy (``None``: whole tensors) from ``{source rank: checkpoint file}``."""
    from ..train.serialization import save_checkpoint
    if not isinstance(checkpoint_files_map, dict):
        raise TypeError("The checkpoint_files_map should be a dict.")
    if not isinstance(rank_id, int) or isinstance(rank_id, bool):
        raise TypeError(f"The rank_id should be a int, but got {type(rank_id)}.")
    if not isinstance(save_checkpoint_file_name, str):
        raise TypeError("The save_checkpoint_file_name should be a str.")
    if not save_checkpoint_file_name.endswith(".ckpt"):
        raise ValueError(f"The save_checkpoint_file_name {save_checkpoint_file_name} should end with .ckpt")
    src = _strategy(src_strategy_file, "src_strategy_file")
    dst = _strategy(dst_strategy_file, "dst_strategy_file")
    for r in rank_list_for_transform(rank_id, src_strategy_file, dst_strategy_file):
        if r not in checkpoint_files_map:
            raise ValueError(f"The checkpoint file of rank {r} is needed for rank {rank_id}, but it is missing.")
    per_rank = {r: _load(f) for r, f in sorted(checkpoint_files_map.items())}
    d = os.path.dirname(save_checkpoint_file_name)
    if d:
        os.makedirs(d, exist_ok=True)
    save_checkpoint(list(_transform(rank_id, per_rank, src, dst).values()), save_checkpoint_file_name)


def _rank_files(src_dir, fmt):
    files = {}
    for d in glob.glob(os.path.join(src_dir, "rank_[0-9]*")):
        m = re.fullmatch(r"rank_(\d+)", os.path.basename(d))
        if not m or not os.path.isdir(d):
            continue
        found = sorted(glob.glob(os.path.join(d, f"*.{fmt}")))
        if found:
            files[int(m.group(1))] = found[-1]  # the last file in lexicographic order, as MindSpore
    return files


def transform_checkpoints(src_checkpoints_dir, dst_checkpoints_dir, ckpt_prefix, src_strategy_file=None,
                          dst_strategy_file=None, process_num=1, output_format="ckpt"):
    """Mirrors ``mindspore.transform_checkpoints``: reads ``src_checkpoints_dir/rank_<r>/*.ckpt`` (the last
    file of each directory) and writes ``dst_checkpoints_dir/rank_<r>/<ckpt_prefix><r>.ckpt`` for every rank
    of the destination strategy — one rank with whole tensors when ``dst_strategy_file`` is ``None`` (the
    merged checkpoint). ``process_num`` is accepted (one process does the work); ``output_format`` must be
    ``'ckpt'``."""
    if not os.path.isdir(src_checkpoints_dir):
        raise NotADirectoryError(f"src_checkpoints_dir {src_checkpoints_dir} is not a directory.")
    if not isinstance(ckpt_prefix, str):
        raise TypeError("The ckpt_prefix should be a str.")
    if output_format != "ckpt":
        raise ValueError("For 'transform_checkpoints', 'output_format' can not be 'safetensors' when "
                         "'src_checkpoints_dir' only contains ckpt file.")
    files = _rank_files(src_checkpoints_dir, "ckpt")
    if not files:
        raise ValueError("For 'transform_checkpoints', the 'src_checkpoints_dir' can not be empty.")
    src = _strategy(src_strategy_file, "src_strategy_file")
    dst = _strategy(dst_strategy_file, "dst_strategy_file")
    os.makedirs(dst_checkpoints_dir, exist_ok=True)
    per_rank = {r: _load(f) for r, f in sorted(files.items())}
    from ..train.serialization import save_checkpoint
    for rank in range(_device_num(dst)):
        needed = rank_list_for_transform(rank, src_strategy_file, dst_strategy_file)
        missing = [r for r in needed if r not in per_rank]
        if missing:
            raise ValueError(f"The checkpoint of rank {missing[0]} is needed to transform rank {rank}, but it is "
                             "missing.")
        out_dir = os.path.join(dst_checkpoints_dir, f"rank_{rank}")
        os.makedirs(out_dir, exist_ok=True)
        params = _transform(rank, per_rank, src, dst)
        save_checkpoint(list(params.values()), os.path.join(out_dir, f"{ckpt_prefix}{rank}.ckpt"))


def load_distributed_checkpoint(network, checkpoint_filenames=None, predict_strategy=None,
                                train_strategy_filename=None, strict_load=False, dec_key=None, dec_mode="AES-GCM",
                                format="ckpt", unified_safetensors_dir=None, dst_safetensors_dir=None, rank_id=None,
                                output_format="safetensors", name_map=None, max_process_num=64,
                                return_param_dict=False):
    """Mirrors ``mindspore.load_distributed_checkpoint`` for ``format='ckpt'``: ``checkpoint_filenames`` are
    the per-rank files in rank order, ``train_strategy_filename`` (default: the context's
    ``strategy_ckpt_load_file``) their strategy file. Each parameter is merged and cut for this process:
    by ``predict_strategy`` (a strategy file or ``{name: layout}``) when given, else by the layout the
    network has now (``Cell.shard``: only this rank's slice is kept), else whole; then loaded with
    ``load_param_into_net``; returns ``True`` (the parameter dict with ``return_param_dict``), as
    MindSpore. ``checkpoint_filenames`` may also be the directory of a
    torch.distributed.checkpoint save (``sharded_checkpoint.save_sharded``), re-sharded by PyTorch.
    The safetensors modes (``unified_safetensors_dir`` ...) are not provided."""
    from ..train.serialization import load_param_into_net
    from .shard import sharded_layout
    from .strategy_file import layout_entry
    if format != "ckpt" or unified_safetensors_dir is not None or dst_safetensors_dir is not None:
        from ..porting._missing import MissingAPIError
        raise MissingAPIError("load_distributed_checkpoint with safetensors (format='safetensors', "
                              "unified_safetensors_dir) is not provided by ms_compat: use format='ckpt'.",
                              path="mindspore.load_distributed_checkpoint")
    if isinstance(checkpoint_filenames, str) and os.path.isdir(checkpoint_filenames):
        from .sharded_checkpoint import load_sharded
        load_sharded(network, checkpoint_filenames)
        return True
    if not isinstance(checkpoint_filenames, list) or not checkpoint_filenames:
        raise TypeError("For 'load_distributed_checkpoint', the argument 'checkpoint_filenames' should be a "
                        f"non-empty list of str, but got {type(checkpoint_filenames)}.")
    if train_strategy_filename is None:
        from ..context import get_auto_parallel_context
        train_strategy_filename = get_auto_parallel_context("strategy_ckpt_load_file") or None
    src = _strategy(train_strategy_filename, "train_strategy_filename")
    if src and _device_num(src) != len(checkpoint_filenames):
        raise ValueError("For 'Load_distributed_checkpoint', the length of 'checkpoint_filenames' should be equal to "
                         "the device count of training process. But got the length of 'checkpoint_filenames' is "
                         f"{len(checkpoint_filenames)} and the device count is {_device_num(src)}.")
    if isinstance(predict_strategy, str):
        dst = read_strategy_file(predict_strategy)
    elif isinstance(predict_strategy, dict):
        dst = predict_strategy
    elif predict_strategy is None:
        dst = {}
        for p in network.get_parameters():
            lay = sharded_layout(p)
            if lay is not None:
                dst[p.name] = layout_entry(tuple(lay[0].shape), lay[1], lay[2])
    else:
        raise TypeError(f"For 'load_distributed_checkpoint', the argument 'predict_strategy' should be a dict or "
                        f"str, but got {type(predict_strategy)}.")
    import torch.distributed as dist
    rank = rank_id if rank_id is not None else (dist.get_rank() if dist.is_initialized() else 0)
    from ..train.serialization import load_checkpoint
    per_rank = {r: load_checkpoint(f, dec_key=dec_key, dec_mode=dec_mode) for r, f in enumerate(checkpoint_filenames)}
    params = _transform(rank, per_rank, src, dst)
    if name_map:
        params = {name_map.get(k, k): v for k, v in params.items()}
    load_param_into_net(network, params, strict_load=strict_load)
    return params if return_param_dict else True


def integrated_items(items, integrated_save):
    """What ``save_checkpoint`` of a Cell writes in a parallel run: with ``integrated_save`` the parameters
    laid out by ``Cell.shard`` are replaced by their whole value (an all-gather: every rank must save, as in
    MindSpore), else each rank writes its slices. The strategy save file of the context is (re)written."""
    from .shard import full_value, sharded_layout
    from .strategy_file import maybe_write_strategy_file
    if not any(isinstance(v, torch.Tensor) and sharded_layout(v) is not None for v in items.values()):
        return items
    maybe_write_strategy_file()
    if not integrated_save:
        return items
    return type(items)((k, full_value(v) if isinstance(v, torch.Tensor) and sharded_layout(v) is not None else v)
                       for k, v in items.items())
