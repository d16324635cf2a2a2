"""Custom ``bprop`` of ``mindspore.nn.Cell``, on ``torch.autograd.Function``.

A Cell class that defines ``bprop(self, *inputs, out, dout)`` has its gradient replaced by it:
``construct`` runs inside the ``forward`` of a ``torch.autograd.Function`` (so nothing inside is
recorded, as in MindSpore) and the Function's ``backward`` calls ``bprop`` with the call's inputs,
the forward output and the gradient w.r.t. that output.

MindSpore 2.10 rules kept (checked against real MindSpore, see ``tests/nn/test_bprop.py``):

* ``bprop`` returns one gradient per positional input of ``construct``, in order; a single
  non-tuple value is accepted for a one-input cell; extra values are ignored; too few raise
  ``RuntimeError: Grad size should lager than forward inputs, but got 1 vs 2`` (MindSpore's spelling).
* Gradients returned for non-tensor inputs (Python numbers, ``None``...) are ignored.
* ``dout`` has the structure of the output (a tensor, or a tuple for several outputs).
* Parameters used inside the cell get **zero** gradients, not gradients from ``bprop`` (MindSpore
  returns zeros for them from ``ms.grad(..., weights=...)``); in PyTorch terms ``param.grad`` is
  filled with zeros, so optimizers still see the parameter (weight decay, momentum), as in MindSpore.
* Without autograd (``torch.no_grad()``, inference) ``construct`` runs directly.

Differences: ``bprop`` runs inside PyTorch's backward, so under ``torch.no_grad`` (unless
``create_graph=True``), and ``torch.compile`` traces it only if its Python code is traceable.
"""
from __future__ import annotations

import functools
import inspect

import torch
from .._torch_seam import tree_flatten, tree_unflatten

from ..common.tensor import as_ms

__all__ = ["install_bprop_class", "BpropFunction"]

_Tensor = torch.Tensor


class BpropFunction(torch.autograd.Function):
    """``torch.autograd.Function`` running ``construct`` forward and the cell's ``bprop`` backward.

    ``apply(cell, construct, kwargs, n_args, spec_box, *args, *params)``: ``spec_box`` is a one-element
    list receiving the output's pytree spec (so nested outputs survive the flat Function return)."""

    @staticmethod
    def forward(ctx, cell, construct, kwargs, n_args, spec_box, *flat):
        args = flat[:n_args]
        out = construct(cell, *args, **kwargs)
        leaves, spec = tree_flatten(out)
        spec_box[0] = spec
        ctx.cell = cell
        ctx.n_args = n_args
        ctx.n_params = len(flat) - n_args
        ctx.spec = spec
        # tensors go through save_for_backward, so saved-tensor hooks (offload, recompute) see them
        tensor_pos = [i for i, a in enumerate(args) if isinstance(a, _Tensor)]
        out_pos = [i for i, o in enumerate(leaves) if isinstance(o, _Tensor)]
        ctx.tensor_pos, ctx.out_pos = tensor_pos, out_pos
        ctx.plain_args = [None if isinstance(a, _Tensor) else a for a in args]
        ctx.plain_leaves = [None if isinstance(o, _Tensor) else o for o in leaves]
        ctx.save_for_backward(*[args[i] for i in tensor_pos], *[leaves[i] for i in out_pos])
        ctx.params = flat[n_args:]
        return tuple(leaves)

    @staticmethod
    def backward(ctx, *grads):
        saved = ctx.saved_tensors
        nt = len(ctx.tensor_pos)
        args = list(ctx.plain_args)
        for k, i in enumerate(ctx.tensor_pos):
            args[i] = as_ms(saved[k])
        leaves = list(ctx.plain_leaves)
        for k, i in enumerate(ctx.out_pos):
            leaves[i] = as_ms(saved[nt + k])
        out = tree_unflatten(leaves, ctx.spec)
        dout = tree_unflatten([as_ms(g) if isinstance(g, _Tensor) else g for g in grads], ctx.spec)
        res = ctx.cell.bprop(*args, out, dout)
        if not isinstance(res, (tuple, list)):
            res = (res,)
        n = ctx.n_args
        if len(res) < n:
            raise RuntimeError(f"Grad size should lager than forward inputs, but got {len(res)} vs {n}")
        in_grads = []
        for a, g in zip(args, res[:n]):
            if not isinstance(a, _Tensor) or g is None:
                in_grads.append(None)
            elif isinstance(g, _Tensor):
                in_grads.append(g)
            else:  # a Python number returned for a tensor input
                in_grads.append(torch.full_like(a, g))
        param_grads = [torch.zeros_like(p) for p in ctx.params]
        return (None, None, None, None, None, *in_grads, *param_grads)


def _wrap_construct(construct):
    sig = inspect.signature(construct)
    has_var_kw = any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values())

    @functools.wraps(construct)
    def forward(self, *args, **kwargs):
        if not torch.is_grad_enabled():
            return construct(self, *args, **kwargs)
        if kwargs and not has_var_kw:
            # keyword arguments of construct become positional inputs of bprop (as in MindSpore)
            bound = sig.bind(self, *args, **kwargs)
            args, kwargs = bound.args[1:], bound.kwargs
        params = tuple(p for p in self.parameters() if p.requires_grad)
        spec_box = [None]
        flat = BpropFunction.apply(self, construct, kwargs, len(args), spec_box, *args, *params)
        return tree_unflatten(list(flat), spec_box[0])

    forward.__ms_bprop_construct__ = construct
    return forward


def install_bprop_class(cls):
    """Make calls of ``cls`` (a Cell class with ``bprop``) run ``construct`` under :class:`BpropFunction`.

    Called by ``Cell.__init_subclass__``; idempotent for subclasses that inherit an already wrapped
    ``forward``."""
    fwd = cls.__dict__.get("forward")
    if fwd is not None and getattr(fwd, "__ms_bprop_construct__", None) is not None:
        return
    construct = cls.construct
    current = cls.forward
    if getattr(current, "__ms_bprop_construct__", None) is construct:
        return
    if current is not construct and "forward" in cls.__dict__ and "construct" not in cls.__dict__:
        construct = current  # torch-style subclass defining forward
    cls.forward = _wrap_construct(construct)
