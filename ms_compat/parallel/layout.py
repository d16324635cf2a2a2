"""``mindspore.Layout`` / ``mindspore.parallel.Layout`` and ``reshard`` on DTensor placements.

A Layout names the axes of a device matrix (``Layout((2, 2), ("dp", "mp"))``); calling it with one
alias (or ``"None"``, or a tuple of aliases) per tensor dimension gives the tensor map: which device
axes cut which tensor dimension. On PyTorch the device matrix is a ``DeviceMesh`` of the same shape
and each tensor map a list of placements, one per mesh dimension: ``Shard(i)`` on the mesh dimensions
that cut tensor dimension ``i``, ``Replicate()`` on the others.

MindSpore's tensor map counts device axes from the right (``Layout((2, 2, 2), ("dp", "sp", "mp"))``
then ``("dp", "mp")`` gives ``(2, 0)``); :meth:`Layout.to_dict` keeps that form.
"""
from __future__ import annotations

import copy
import math

import numpy as np

__all__ = ["Layout", "reshard", "layout_placements", "layout_slices"]

_INTERLEAVE = "interleaved_parallel"


class Layout:
    """Mirrors ``mindspore.parallel.Layout(device_matrix, alias_name, rank_list=None)`` (checks and messages
    as MindSpore 2.10). ``layout(*tensor_map)`` returns a copy holding the tensor map; ``to_dict()``
    gives ``device_matrix``, ``tensor_map``, ``interleaved_parallel``, ``alias_name``, ``rank_list``.

    Differences when used for sharding (``Cell.shard``, ``ms.shard``, ``reshard``): the device matrix
    must cover all processes with ``rank_list`` in order (a ``DeviceMesh`` over the world); the alias
    ``"interleaved_parallel"`` (several slices on one device) and a tensor dimension cut by device axes
    in an order other than the device matrix's raise ``ValueError``.
    """

    def __init__(self, device_matrix, alias_name, rank_list=None):
        if not isinstance(device_matrix, tuple):
            raise TypeError(f'device_matrix must be tuple type, but got:{type(device_matrix)}')
        if not isinstance(alias_name, tuple):
            raise TypeError(f'alias_name must be tuple type, but got:{type(alias_name)}')
        if len(device_matrix) != len(alias_name):
            raise ValueError('device_matrix length should be equal to alias_name length')
        for in_ele in device_matrix:
            if not isinstance(in_ele, int):
                raise TypeError(f'The element of device_matrix must be int type, but got:{type(in_ele)}')
        for in_ele in alias_name:
            if not isinstance(in_ele, str):
                raise TypeError(f'The element of alias_name must be str type, but got:{type(in_ele)}')
            if not in_ele:
                raise ValueError("The element of alias_name can not be empty.")
            if in_ele == "None":
                raise ValueError("The element of alias_name can not set 'None', because 'None' means no sharding.")
        if len(set(alias_name)) != len(alias_name):
            raise ValueError(f'Each element of alias_name {alias_name} should be different')
        if _INTERLEAVE in alias_name and alias_name.index(_INTERLEAVE) != len(alias_name) - 1:
            raise ValueError(f"When alias_name {alias_name} contains keyword 'interleaved_parallel',"
                             " it should be at the last dim of alias_name, which means the virtual sharding.")
        self._device_shape = device_matrix
        self._alias_name = alias_name
        self._tensor_map = None
        self._rank_list = list(range(int(np.prod(np.array(device_matrix)))))
        if rank_list is not None:
            if not isinstance(rank_list, list):
                raise TypeError(f"The rank_list should be a list, but got {type(rank_list).__name__}.")
            for in_ele in rank_list:
                if not isinstance(in_ele, int):
                    raise TypeError(f"The element of rank_list should be int, but got {type(in_ele).__name__}.")
            if len(np.array(rank_list).shape) != 1:
                raise ValueError("The rank_list should be a 1-D list, but got "
                                 f"{len(np.array(rank_list).shape)}-D list.")
            if len(rank_list) != np.prod(np.array(device_matrix)):
                raise ValueError("The length of rank_list should be equal to the product of device_matrix, "
                                 f"but got {len(rank_list)} and {np.prod(np.array(device_matrix))}.")
            self._rank_list = rank_list

    def _axis(self, name, written):
        if name not in self._alias_name:
            raise ValueError(f'The axis {name} is not found in {self._alias_name}')
        if name in written:
            raise ValueError(f'The axis {name} has been set more than one in {self._alias_name}')
        written.append(name)
        return len(self._alias_name) - 1 - self._alias_name.index(name)

    def __call__(self, *tensor_map):
        out, written = (), []
        for ele in tensor_map:
            if isinstance(ele, tuple):
                out += (tuple(-1 if item == "None" else self._axis(item, written) for item in ele),)
            else:
                out += (-1 if ele == "None" else self._axis(ele, written),)
        self._tensor_map = out
        return copy.deepcopy(self)

    def to_dict(self):
        if self._device_shape is None:
            raise ValueError("The device_shape of layout is None")
        if self._tensor_map is None:
            raise ValueError("The tensor_map of layout is None")
        return {"device_matrix": self._device_shape, "tensor_map": self._tensor_map,
                "interleaved_parallel": _INTERLEAVE in self._alias_name, "alias_name": self._alias_name,
                "rank_list": self._rank_list}

    def __repr__(self):
        return (f"Layout(device_matrix={self._device_shape}, alias_name={self._alias_name}, "
                f"tensor_map={self._tensor_map})")

    def __eq__(self, other):
        return isinstance(other, Layout) and (self._device_shape, self._alias_name, self._tensor_map,
                                              self._rank_list) == (other._device_shape, other._alias_name,
                                                                   other._tensor_map, other._rank_list)

    __hash__ = None


def _mesh_dims(layout, entry):
    """Mesh dimensions (device-matrix order) of one tensor-map entry."""
    n = len(layout._device_shape)
    items = entry if isinstance(entry, tuple) else (entry,)
    return [n - 1 - m for m in items if m != -1]


def _check_usable(layout, what):
    if layout._tensor_map is None:
        raise ValueError(f"For 'shard', the Layout of {what} has no tensor map: call it with one alias per tensor "
                         "dimension, e.g. layout('dp', 'None').")
    if _INTERLEAVE in layout._alias_name:
        raise ValueError(f"For 'shard', the Layout of {what} uses 'interleaved_parallel' (several slices of a "
                         "tensor on one device), which a DTensor placement cannot express.")


def layout_slices(layout, what="a tensor"):
    """The number of slices per tensor dimension (MindSpore's tuple strategy of this layout)."""
    _check_usable(layout, what)
    return tuple(math.prod(layout._device_shape[d] for d in _mesh_dims(layout, e)) for e in layout._tensor_map)


def layout_placements(layout, what="a tensor"):
    """DTensor placements (one per device-matrix axis) of a Layout's tensor map."""
    from torch.distributed.tensor import Replicate, Shard
    _check_usable(layout, what)
    placements = [Replicate()] * len(layout._device_shape)
    for i, entry in enumerate(layout._tensor_map):
        dims = _mesh_dims(layout, entry)
        if dims != sorted(dims):
            raise ValueError(f"For 'shard', the Layout of {what} cuts tensor dimension {i} by device axes "
                             f"{[layout._alias_name[d] for d in dims]} in an order other than the device matrix's "
                             f"{layout._alias_name}; DTensor cuts a dimension by mesh dimensions left to right.")
        for d in dims:
            placements[d] = Shard(i)
    return placements


def reshard(tensor, layout):
    """Mirrors ``mindspore.parallel.function.reshard(tensor, layout)`` (= ``ops.reshard``): inside a sharded
    cell (``tensor`` is a DTensor) the tensor is redistributed to ``layout`` (``DTensor.redistribute``:
    the collectives are inserted, the value is unchanged); with one process the tensor is returned as is.
    Outside a sharded cell MindSpore only records the layout for its graph compiler; ms_compat has nothing
    to record and returns the tensor unchanged."""
    import torch
    from ..communication.management import get_group_size
    if get_group_size() == 1:
        return tensor
    if not isinstance(tensor, torch.Tensor):
        raise TypeError(f"Reshard takes in Tensor type as the first input param, but got: {type(tensor)}.")
    if not isinstance(layout, Layout):
        raise TypeError(f"Reshard only support type mindspore.parallel.Layout, but got: {type(layout)}.")
    from torch.distributed.tensor import DTensor
    if not isinstance(tensor, DTensor):
        return tensor
    placements = layout_placements(layout, "reshard")
    if tuple(tensor.device_mesh.shape) != tuple(layout._device_shape):
        raise ValueError(f"For 'reshard', the layout's device matrix {layout._device_shape} differs from the "
                         f"DeviceMesh {tuple(tensor.device_mesh.shape)} of the sharded cell.")
    return tensor.redistribute(tensor.device_mesh, placements)
