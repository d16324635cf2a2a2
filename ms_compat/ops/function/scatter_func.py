"""Scatter family of ``mindspore.ops`` not in array_func: ``scatter_nd_update/add/sub/mul/div/max/min``
(in place on a Parameter), ``scatter_update/max/min/mul/div`` (first-axis indices, in place),
``tensor_scatter_sub/mul/div/max/min`` (out of place), ``inplace_add/sub/update``,
``inplace_index_add`` and ``index_fill``.

In-place forms write into the given tensor under ``torch.no_grad()`` and return it, as MindSpore's
Parameter-updating Primitives do (they carry no gradient to the Parameter).
"""
from __future__ import annotations

import numbers

import torch

from ...common.mutation import write_untracked
from ...common.tensor import Tensor
from .._utils import check_tensor, to_tensor

__all__ = ["scatter_nd_update", "scatter_nd_add", "scatter_nd_sub", "scatter_nd_mul", "scatter_nd_div",
           "scatter_nd_max", "scatter_nd_min", "scatter_update", "scatter_max", "scatter_min", "scatter_mul",
           "scatter_div", "tensor_scatter_sub", "tensor_scatter_mul", "tensor_scatter_div", "tensor_scatter_max",
           "tensor_scatter_min", "inplace_add", "inplace_sub", "inplace_update", "inplace_index_add",
           "index_fill"]

_INT_INDEX = (torch.int32, torch.int64)


def _check_indices(op, indices):
    indices = to_tensor(indices)
    if indices.dtype not in _INT_INDEX:
        raise TypeError(f"For '{op}', the dtype of 'indices' must be int32 or int64, but got {indices.dtype}.")
    return indices


def _nd_apply(op, x, indices, updates, mode, inplace):
    """Apply ``updates`` to ``x`` at the N-d ``indices`` with ``mode`` in none/add/sub/mul/div/max/min:
    in place into ``x`` (returned) when ``inplace``, else as a new differentiable tensor."""
    check_tensor(op, x, "input_x")
    indices = _check_indices(op, indices)
    updates = to_tensor(updates).to(x.dtype)
    k = indices.shape[-1]
    if k > x.dim():
        raise ValueError(f"For '{op}', the last dimension of 'indices' must be <= the rank of 'input_x' "
                         f"({x.dim()}), but got {k}.")
    expect = tuple(indices.shape[:-1]) + tuple(x.shape[k:])
    if tuple(updates.shape) != expect:
        raise ValueError(f"For '{op}', the shape of 'updates' must be {expect} (indices.shape[:-1] + "
                         f"input_x.shape[indices.shape[-1]:]), but got {tuple(updates.shape)}.")
    idx = tuple(indices.long().unbind(-1))
    if mode in ("none", "add", "sub"):
        upd = -updates if mode == "sub" else updates
        if inplace:
            return x.index_put_(idx, upd, accumulate=mode != "none")
        return torch.index_put(x, idx, upd, accumulate=mode != "none")
    # mul/div/max/min: flatten the indexed leading dims and reduce along them
    lead = x.shape[:k]
    lin = torch.zeros(indices.shape[:-1], dtype=torch.long, device=x.device)
    for d in range(k):
        lin = lin * lead[d] + idx[d]
    flat = x.reshape((-1,) + tuple(x.shape[k:]))
    src = updates.reshape((-1,) + tuple(x.shape[k:]))
    lin = lin.reshape((-1,) + (1,) * (x.dim() - k)).expand_as(src)
    if mode == "div":
        res = flat.scatter_reduce(0, lin, src, "prod", include_self=False)
        touched = torch.zeros(flat.shape[0], dtype=torch.bool, device=x.device)
        touched[lin.reshape(lin.shape[0], -1)[:, 0]] = True
        touched = touched.reshape((-1,) + (1,) * (x.dim() - k))
        quot = torch.div(flat, res, rounding_mode="floor") if not flat.is_floating_point() else flat / res
        res = torch.where(touched, quot, flat)
    else:
        res = flat.scatter_reduce(0, lin, src, {"mul": "prod", "max": "amax", "min": "amin"}[mode],
                                  include_self=True)
    if inplace:
        return x.copy_(res.reshape(x.shape))
    return res.reshape(x.shape)


def _written(x, write):
    """The in-place ``write()`` into ``x`` without autograd history and with ``x``'s version kept (MindSpore:
    Parameter-updating primitives carry no gradient; ops that saved ``x`` see the new value); returns a new
    Tensor object on ``x``'s memory, as MindSpore returns."""
    write_untracked(x, lambda _: write())
    return torch.Tensor.as_subclass(x, Tensor)


def _inplace(op, mode):
    def fn(input_x, indices, updates, use_locking=False):
        return _written(input_x, lambda: _nd_apply(op, input_x, indices, updates, mode, True))
    fn.__name__ = op
    fn.__doc__ = (f"Mirrors ``ops.{op}(input_x, indices, updates, use_locking=False)``: updates the Parameter "
                  f"``input_x`` in place ({mode}) at the N-d ``indices`` and returns it.")
    return fn


scatter_nd_add = _inplace("scatter_nd_add", "add")
scatter_nd_sub = _inplace("scatter_nd_sub", "sub")
scatter_nd_mul = _inplace("scatter_nd_mul", "mul")
scatter_nd_div = _inplace("scatter_nd_div", "div")
scatter_nd_max = _inplace("scatter_nd_max", "max")
scatter_nd_min = _inplace("scatter_nd_min", "min")


def scatter_nd_update(input_x, indices, updates, use_locking=True):
    """Mirrors ``ops.scatter_nd_update(input_x, indices, updates, use_locking=True)``: writes ``updates``
    into the Parameter ``input_x`` at the N-d ``indices`` in place and returns it."""
    return _written(input_x, lambda: _nd_apply("scatter_nd_update", input_x, indices, updates, "none", True))


def _first_axis(op, mode):
    def fn(input_x, indices, updates):
        indices = _check_indices(op, indices)
        return _written(input_x, lambda: _nd_apply(op, input_x, indices.unsqueeze(-1), updates, mode, True))
    fn.__name__ = op
    fn.__doc__ = (f"Mirrors ``ops.{op}(input_x, indices, updates)``: ``indices`` select rows (axis 0) of the "
                  f"Parameter ``input_x``, updated in place ({mode}); returns ``input_x``.")
    return fn


scatter_update = _first_axis("scatter_update", "none")
scatter_max = _first_axis("scatter_max", "max")
scatter_min = _first_axis("scatter_min", "min")
scatter_mul = _first_axis("scatter_mul", "mul")
scatter_div = _first_axis("scatter_div", "div")
scatter_add_rows = _first_axis("scatter_add", "add")


def _out_of_place(op, mode):
    def fn(input_x, indices, updates):
        check_tensor(op, input_x, "input_x")
        return _nd_apply(op, input_x, indices, updates, mode, False)
    fn.__name__ = op
    fn.__doc__ = (f"Mirrors ``ops.{op}(input_x, indices, updates)``: a new tensor equal to ``input_x`` with "
                  f"``updates`` applied ({mode}) at the N-d ``indices``.")
    return fn


tensor_scatter_sub = _out_of_place("tensor_scatter_sub", "sub")
tensor_scatter_mul = _out_of_place("tensor_scatter_mul", "mul")
tensor_scatter_div = _out_of_place("tensor_scatter_div", "div")
tensor_scatter_max = _out_of_place("tensor_scatter_max", "max")
tensor_scatter_min = _out_of_place("tensor_scatter_min", "min")


def _rows(op, indices, x, v):
    check_tensor(op, x, "x")
    check_tensor(op, v, "v")
    if isinstance(indices, numbers.Integral):
        indices = (int(indices),)
    idx = torch.as_tensor(tuple(indices) if not isinstance(indices, torch.Tensor) else indices,
                          dtype=torch.long, device=x.device).reshape(-1)
    if v.shape[0] != idx.numel() or tuple(v.shape[1:]) != tuple(x.shape[1:]):
        raise ValueError(f"For '{op}', the shape of 'v' must be {(idx.numel(),) + tuple(x.shape[1:])}, but got "
                         f"{tuple(v.shape)}.")
    return idx, v.to(x.dtype)


def inplace_update(x, v, indices):
    """Mirrors ``ops.inplace_update(x, v, indices)``: rows ``indices`` of ``x`` replaced by ``v``
    (returns a new tensor, as MindSpore's functional form does)."""
    idx, v = _rows("inplace_update", indices, x, v)
    return x.index_copy(0, idx, v)


def inplace_add(x, v, indices):
    """Mirrors ``ops.inplace_add(x, v, indices)``: ``v`` added to rows ``indices`` of ``x`` (new tensor)."""
    idx, v = _rows("inplace_add", indices, x, v)
    return x.index_add(0, idx, v)


def inplace_sub(x, v, indices):
    """Mirrors ``ops.inplace_sub(x, v, indices)``: ``v`` subtracted from rows ``indices`` (new tensor)."""
    idx, v = _rows("inplace_sub", indices, x, v)
    return x.index_add(0, idx, v, alpha=-1)


def inplace_index_add(var, indices, updates, axis):
    """Mirrors ``ops.inplace_index_add(var, indices, updates, axis)``: ``updates`` added into the
    Parameter ``var`` along ``axis`` at ``indices``, in place; returns ``var``."""
    check_tensor("inplace_index_add", var, "var")
    indices = _check_indices("inplace_index_add", indices)
    with torch.no_grad():
        var.index_add_(axis, indices.long(), to_tensor(updates).to(var.dtype))
    return var


def index_fill(x, axis, index, value):
    """Mirrors ``ops.index_fill(x, axis, index, value)``: entries of ``x`` at ``index`` along ``axis``
    set to ``value`` (a number or 0-d Tensor)."""
    check_tensor("index_fill", x, "x")
    index = _check_indices("index_fill", index)
    if isinstance(axis, torch.Tensor):
        axis = int(axis)
    if isinstance(value, torch.Tensor):
        if value.dim() != 0:
            raise ValueError(f"For 'index_fill', 'value' must be a 0-D Tensor, but got shape {tuple(value.shape)}.")
        value = value.to(x.dtype)
    return x.index_fill(axis, index.long().reshape(-1), value)
