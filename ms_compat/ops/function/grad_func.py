"""MindSpore's functional autograd API on ``torch.autograd.grad``.

``ops.grad``, ``ops.value_and_grad``, ``ops.GradOperation``, ``ops.stop_gradient``, ``ops.vjp``,
``ops.jvp``. Gradients are *returned* (never accumulated into ``Parameter.grad``), with MindSpore's
return structures:

* ``grad_position`` int → one gradient; tuple → a tuple; ``weights`` → a tuple in the order of
  ``weights``; both → ``(input_grads, weight_grads)``; ``return_ids`` pairs each gradient with its
  position / ``Parameter.name``.
* A function with several outputs (and no ``has_aux``) is differentiated w.r.t. the sum of all its
  outputs; non-scalar outputs get an implicit sensitivity of ones (torch would require a scalar).
* ``has_aux=True``: only the first output is differentiated, the others come back as ``aux``.
* Weights that do not require grad, or that the function does not use, get zero gradients.

Integer inputs at differentiated positions: MindSpore differentiates through the integer value and
returns the gradient in the input's dtype. PyTorch records no gradient for integer tensors, so the
function runs on a float32 copy of that input (same values; integer-only operations on it, such as
indexing with it, then see a float tensor) and the gradient is cast back. Differences from MindSpore:
gradients w.r.t. bool inputs are zeros; a non-Tensor input at a differentiated position gets a float32 zero.
"""
from __future__ import annotations

import numbers
import threading

import torch

from ..._torch_seam import DisableTorchFunctionSubclass as _NoSubclassDispatch

from ...common.grad_scope import recording
from ...common.tensor import Tensor, _PlainTensor, _as_subclass, relabel_fresh

__all__ = ["grad", "value_and_grad", "GradOperation", "stop_gradient", "vjp", "jvp"]

_state = threading.local()
_INT_DTYPES = (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8)


def _depth():
    return getattr(_state, "depth", 0)


def _ms(t):
    if type(t) is _PlainTensor:
        return _as_subclass(t, Tensor)
    if isinstance(t, torch.Tensor) and type(t) is not Tensor:
        return _as_subclass(t, Tensor)
    return t


def _flat(out, acc):
    if isinstance(out, torch.Tensor):
        acc.append(out)
    elif isinstance(out, (tuple, list)):
        for o in out:
            _flat(o, acc)
    elif isinstance(out, dict):
        for o in out.values():
            _flat(o, acc)
    return acc


def _detach(out):
    if isinstance(out, torch.Tensor):
        return _ms(out.detach())
    if isinstance(out, tuple) and hasattr(out, "_fields"):
        return type(out)(*(_detach(o) for o in out))
    if isinstance(out, (tuple, list)):
        return type(out)(_detach(o) for o in out)
    return out


def _check_position(grad_position):
    if grad_position is None:
        return None
    if isinstance(grad_position, numbers.Integral) and not isinstance(grad_position, bool):
        return (int(grad_position),)
    if isinstance(grad_position, (tuple, list)) and grad_position and all(
            isinstance(p, numbers.Integral) and not isinstance(p, bool) for p in grad_position):
        return tuple(int(p) for p in grad_position)
    raise TypeError("For 'F.grad', the 'grad_position' must be int or tuple.")


def _check_weights(weights):
    if weights is None:
        return None, False
    if isinstance(weights, torch.nn.Parameter):
        return [weights], True
    if isinstance(weights, (list, tuple)):
        for w in weights:
            if not isinstance(w, torch.Tensor):
                raise TypeError(f"For 'grad', the 'weights' should be a Parameter, a list/tuple of Parameter or a "
                                f"ParameterTuple, but got an element of type {type(w).__name__}.")
        return list(weights), False
    if isinstance(weights, dict):
        return list(weights.values()), False
    if hasattr(weights, "__iter__") and not isinstance(weights, torch.Tensor):
        return list(weights), False
    raise TypeError(f"For 'grad', the 'weights' should be a Parameter, a list/tuple of Parameter or a ParameterTuple, "
                    f"but got {type(weights).__name__}.")


def _zeros_for(a):
    if isinstance(a, torch.Tensor):
        return _ms(torch.zeros_like(a))
    return Tensor(0.0)


def _make_leaves(wanted):
    """Fresh autograd leaves holding each tensor's values (as the given dtype when not None)."""
    out = []
    for a, dtype in wanted:
        t = a.detach()
        if dtype is not None:
            t = _ms(t.to(dtype))
        out.append(t.requires_grad_(True))
    return out


_eager_leaves = []  # torch.compiler.disable(_make_leaves), made on first use (it imports TorchDynamo)


def _eager_make_leaves():
    if not _eager_leaves:
        _eager_leaves.append(torch.compiler.disable(_make_leaves))
    return _eager_leaves[0]


def _run(fn, args, positions, weights, has_aux, sens_param, kwargs):
    """Call ``fn`` on fresh leaves and differentiate. Returns (out, input_grads, weight_grads, aux)."""
    if sens_param:
        if not args:
            raise ValueError("For 'grad', 'sens_param' is True but no sensitivity was given as the last input.")
        sens = args[-1]
        args = args[:-1]
    else:
        sens = None
    nested = _depth() > 0
    new_args = list(args)
    leaves = []
    if positions:
        n = len(args)
        for p in positions:
            if p >= n or p < -n:
                raise RuntimeError(f"Position index {p} is exceed input size.")
        # plan: (position, tensor, how); how is None (fresh leaf), a dtype (fresh leaf of that dtype),
        # "view" (nested grad: keep the outer graph) or "skip" (not differentiable)
        plan = []
        for p in positions:
            a = args[p]
            if isinstance(a, torch.Tensor) and (a.is_floating_point() or a.is_complex()):
                plan.append((p, a, "view" if nested and a.requires_grad else None))
            elif isinstance(a, torch.Tensor) and a.dtype in _INT_DTYPES:
                # MindSpore differentiates through an integer input's value; PyTorch records no gradient
                # for integer tensors, so the function sees a float32 copy (same values) and the gradient
                # is cast back to the input's dtype (truncating, as MindSpore's cast does).
                plan.append((p, a, torch.float32))
            else:
                plan.append((p, a, "skip"))
        wanted = [(a, how) for _, a, how in plan if how not in ("view", "skip")]
        # ms.jit(ops.grad(f)): a leaf made inside a TorchDynamo graph gets no gradient from the graph's
        # output; made in one eager (dynamo-disabled) call, the leaves enter the graph of ``f`` as inputs.
        made = iter(_eager_make_leaves()(wanted) if wanted and torch.compiler.is_compiling()
                    else _make_leaves(wanted))
        for p, a, how in plan:
            if how == "skip":
                leaves.append(None)
                continue
            leaf = a.view_as(a) if how == "view" else next(made)
            new_args[p] = leaf
            leaves.append(leaf)
    _state.depth = _depth() + 1
    try:
        with recording():  # Cells called by fn record their graphs (common/grad_scope.py)
            out = fn(*new_args, **kwargs) if kwargs else fn(*new_args)
    finally:
        _state.depth -= 1
    if has_aux:
        if isinstance(out, (tuple, list)):
            if len(out) < 2:
                raise ValueError("For 'grad', when 'has_aux' is True, the function must return more than one output.")
            target, aux = out[0], tuple(out[1:])
        else:
            raise ValueError("For 'grad', when 'has_aux' is True, the function must return more than one output.")
    else:
        target, aux = out, None
    outs = _flat(target, [])
    if sens is not None:
        sens_list = _flat(sens, [])
        if len(sens_list) != len(outs):
            raise ValueError(f"For 'grad', the number of sensitivities ({len(sens_list)}) must match the number of "
                             f"outputs ({len(outs)}).")
    else:
        sens_list = [None] * len(outs)
    diff_outs, grad_outs = [], []
    for o, s in zip(outs, sens_list):
        if o.requires_grad:
            diff_outs.append(o)
            grad_outs.append(torch.ones_like(o) if s is None else s.to(o.dtype).expand_as(o))
    wlist = weights or []
    with _NoSubclassDispatch():  # requires_grad read without a __torch_function__ trip per weight
        wreq = [w.requires_grad for w in wlist]
    targets = [l for l in leaves if l is not None] + [w for w, r in zip(wlist, wreq) if r]
    if diff_outs and targets:
        create = nested
        with _NoSubclassDispatch():  # the engine needs no ms-Tensor wrapping: skip __torch_function__
            if create:
                gs = list(torch.autograd.grad(diff_outs, targets, grad_outs, allow_unused=True, create_graph=True))
            else:  # data parallel: weights covered by a DistributedGradReducer are reduced by DDP's reducer
                from ...parallel.ddp_reducer import engine_grad
                gs = engine_grad(diff_outs, targets, grad_outs)
        if type(gs) is not list:
            gs = list(gs)
        relabel_fresh(gs)  # MindSpore Tensors without a view per gradient
    else:
        gs = [None] * len(targets)
    it = iter(gs)
    input_grads = []
    for p, l in zip(positions or (), leaves):
        if l is None:
            input_grads.append(_zeros_for(args[p]))
        else:
            g = next(it)
            g = _ms(g) if g is not None else _ms(torch.zeros_like(l.detach()))
            a = args[p]
            input_grads.append(g.to(a.dtype) if a.dtype in _INT_DTYPES else g)
    weight_grads = []
    for w, r in zip(wlist, wreq):
        if r:
            g = next(it)
            weight_grads.append(_ms(g) if g is not None else _ms(torch.zeros_like(w.detach())))
        else:
            weight_grads.append(_ms(torch.zeros_like(w.detach())))
    if not nested:
        out = _detach(out)
        if aux is not None:
            aux = _detach(aux)
    return out, input_grads, weight_grads, aux


def _assemble(grad_position, positions, weights_list, single_weight, input_grads, weight_grads, return_ids):
    if positions is not None:
        if return_ids:
            pairs = tuple((p, g) for p, g in zip(positions, input_grads))
            ig = pairs[0] if len(pairs) == 1 else pairs
        else:  # MindSpore unwraps a one-element position tuple too: grad_position=(1,) → one gradient
            ig = input_grads[0] if len(input_grads) == 1 else tuple(input_grads)
    if weights_list is not None:
        if return_ids:
            wg = tuple((getattr(w, "name", str(i)), g) for i, (w, g) in enumerate(zip(weights_list, weight_grads)))
        else:
            wg = tuple(weight_grads)
        if single_weight:
            wg = wg[0]
    if positions is None:
        return wg
    if weights_list is None:
        return ig
    return ig, wg


def grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False, sens_param=False):
    """``mindspore.grad`` / ``ops.grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False,
    sens_param=False)``: returns a function computing the gradients of ``fn`` (see module doc)."""
    if grad_position is None and weights is None:
        raise ValueError("`grad_position` and `weight` can not be None at the same time.")
    positions = _check_position(grad_position)
    wl, single = _check_weights(weights)

    def grad_fn(*args, **kwargs):
        _, ig, wg, aux = _run(fn, args, positions, wl, has_aux, sens_param, kwargs)
        res = _assemble(grad_position, positions, wl, single, ig, wg, return_ids)
        return (res, aux) if has_aux else res

    grad_fn.__wrapped__ = fn
    return grad_fn


def value_and_grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False, sens_param=False):
    """``ops.value_and_grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False,
    sens_param=False)``: the returned function gives ``(value, grads)``; with ``has_aux`` the value
    is the whole output ``(loss, *aux)``. Values are detached from the graph."""
    if grad_position is None and weights is None:
        raise ValueError("`grad_position` and `weight` can not be None at the same time.")
    positions = _check_position(grad_position)
    wl, single = _check_weights(weights)

    def value_and_grad_fn(*args, **kwargs):
        out, ig, wg, _ = _run(fn, args, positions, wl, has_aux, sens_param, kwargs)
        return out, _assemble(grad_position, positions, wl, single, ig, wg, return_ids)

    value_and_grad_fn.__wrapped__ = fn
    return value_and_grad_fn


class GradOperation:
    """``ops.GradOperation(get_all=False, get_by_list=False, sens_param=False)``: a higher-order
    function. ``GradOperation(...)(fn, weights)`` returns the gradient function:
    default → gradient of the first input; ``get_all`` → tuple over all inputs; ``get_by_list`` →
    tuple over ``weights``; both → ``(inputs_grads, weights_grads)``; ``sens_param`` → the last call
    argument is the output sensitivity."""

    def __init__(self, get_all=False, get_by_list=False, sens_param=False):
        for n, v in (("get_all", get_all), ("get_by_list", get_by_list), ("sens_param", sens_param)):
            if not isinstance(v, bool):
                raise TypeError(f"For 'GradOperation', the '{n}' should be bool, but got {type(v).__name__}.")
        self.get_all = get_all
        self.get_by_list = get_by_list
        self.sens_param = sens_param

    def __call__(self, fn, weights=None):
        get_all, get_by_list, sens_param = self.get_all, self.get_by_list, self.sens_param
        if get_by_list:
            if weights is None:
                raise TypeError("For 'GradOperation', 'weights' must be given when 'get_by_list' is True.")
            wl, _ = _check_weights(weights)
        else:
            wl = None

        def after_grad(*args, **kwargs):
            n = len(args) - (1 if sens_param else 0)
            if get_all:
                positions = tuple(range(n))
            elif get_by_list:
                positions = None
            else:
                positions = (0,) if n > 0 else ()
            _, ig, wg, _ = _run(fn, args, positions, wl, False, sens_param, kwargs)
            if get_all and get_by_list:
                return tuple(ig), tuple(wg)
            if get_by_list:
                return tuple(wg)
            if get_all:
                return tuple(ig)
            return ig[0] if ig else ()

        after_grad.__wrapped__ = fn
        return after_grad


def stop_gradient(value):
    """``ops.stop_gradient(value)``: torch ``detach`` (applied through tuples/lists)."""
    if isinstance(value, torch.Tensor):
        return value.detach()
    if isinstance(value, (tuple, list)):
        return type(value)(stop_gradient(v) for v in value)
    return value


def vjp(fn, *inputs, weights=None, has_aux=False):
    """``ops.vjp(fn, *inputs, weights=None, has_aux=False)`` → ``(outputs, vjp_fn)`` (plus ``aux``);
    ``vjp_fn(v)`` gives a tuple of input gradients (and ``(inputs_grads, weights_grads)`` with weights)."""
    leaves = [a.detach().requires_grad_(True) if isinstance(a, torch.Tensor) and a.is_floating_point() else a
              for a in inputs]
    wl, _ = _check_weights(weights)
    with recording():
        out = fn(*leaves)
    if has_aux:
        target, aux = out[0], tuple(out[1:])
    else:
        target, aux = out, None
    outs = _flat(target, [])
    targets = [l for l in leaves if isinstance(l, torch.Tensor) and l.requires_grad] + \
        [w for w in (wl or []) if w.requires_grad]

    def vjp_fn(*v):
        vs = _flat(v, [])
        pairs = [(o, s.to(o.dtype)) for o, s in zip(outs, vs) if o.requires_grad]
        gs = iter(torch.autograd.grad([p[0] for p in pairs], targets, [p[1] for p in pairs], retain_graph=True,
                                      allow_unused=True) if pairs else [None] * len(targets))
        ig = []
        for l in leaves:
            if isinstance(l, torch.Tensor) and l.requires_grad:
                g = next(gs)
                ig.append(_ms(g) if g is not None else _ms(torch.zeros_like(l.detach())))
            else:
                ig.append(_zeros_for(l))
        if wl is None:
            return tuple(ig)
        wg = []
        for w in wl:
            g = next(gs) if w.requires_grad else None
            wg.append(_ms(g) if g is not None else _ms(torch.zeros_like(w.detach())))
        return tuple(ig), tuple(wg)

    out_d = _detach(target)
    if has_aux:
        return out_d, vjp_fn, _detach(aux)
    return out_d, vjp_fn


def jvp(fn, inputs, v, has_aux=False):
    """``ops.jvp(fn, inputs, v, has_aux=False)`` → ``(outputs, jvp)`` (plus ``aux``), computed with
    the double-vjp trick of ``torch.autograd.functional.jvp``."""
    single = isinstance(inputs, torch.Tensor)
    ins = (inputs,) if single else tuple(inputs)
    vs = (v,) if isinstance(v, torch.Tensor) else tuple(v)
    aux_box = []

    def f(*xs):
        out = fn(*xs)
        if has_aux:
            aux_box.append(out[1:])
            return out[0]
        return out

    with recording():
        out, tangent = torch.autograd.functional.jvp(f, ins, vs)
    res = (_detach(out), _detach(tangent))
    if has_aux:
        return res + (_detach(tuple(aux_box[0])),)
    return res
