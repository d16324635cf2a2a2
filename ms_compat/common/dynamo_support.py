"""What ``torch.compile`` needs to trace MindSpore ``Tensor`` code faithfully (no MindSpore counterpart).

ms_compat's ``Tensor`` is a ``torch.Tensor`` subclass whose ``__torch_function__`` keeps every op
result a MindSpore ``Tensor``; under ``torch.compile`` TorchDynamo inlines that ``__torch_function__``.
Three places where PyTorch 2.13 gets this wrong for MindSpore code are set right here, each scoped so that
plain PyTorch code (other ``__torch_function__`` subclasses included) traces exactly as without ms_compat.
"While tracing MindSpore code" means: the call TorchDynamo is tracing has a MindSpore Tensor argument, or the
innermost function it is tracing belongs to a module that is MindSpore code (the rule of
:mod:`ms_compat._mindspore_code`; ms_compat's own layers count). Every change
goes through :mod:`ms_compat._torch_seam` and is listed by ``ms_compat.diagnostics()``.

* **Functions PyTorch lists as not overridable although they are.** ``torch.overrides`` keeps a set
  of functions "that cannot be overridden by ``__torch_function__``", and TorchDynamo trusts it: a
  function in that set is put into the graph without consulting ``__torch_function__``, so its result
  is a plain ``torch.Tensor``. A few Python-level functions in the set do dispatch in eager mode
  (``F.hardswish``, ``F.hardsigmoid`` call ``handle_torch_function``; ``F.sigmoid``, ``F.tanh`` and
  the ``F.upsample*`` family call Tensor methods or ``interpolate``, which dispatch). Compiled code
  then silently changed meaning after them: ``F.hardswish(x * 3).std()`` gave torch's unbiased std
  under ``torch.compile`` and MindSpore's population std in eager mode. TorchDynamo's set of overridable
  functions (``torch._dynamo.variables.torch.get_overridable_functions()``) answers that these functions
  are overridable while tracing MindSpore code, and exactly as before otherwise; ``torch.overrides``
  itself is left alone.
* **The custom-op aliasing debug check** (``torch._functorch.config.check_custom_op_aliasing``) rejects
  tensor-subclass graph inputs on the first call of a compiled graph ("Multiple dispatch failed for
  aten.mm.out", pytorch/pytorch#193932, fixed upstream by #193968). The check stays on; MindSpore Tensors
  are added to the tensor types it handles (``_torch_seam.let_custom_op_check_pass``), so plain
  ``torch.compile(cell)`` works with MindSpore Tensors and every other type is checked as before.
* **Augmented assignment.** MindSpore's ``a += b`` rebinds ``a`` to a new tensor (``Tensor.__iadd__``
  returns ``a + b``). TorchDynamo does not call a subclass's ``__iadd__``: it dispatches ``operator.iadd``
  to ``__torch_function__`` as ``Tensor.add_`` (its table ``BUILTIN_TO_TENSOR_FN_MAP``), which would
  mutate in place and change aliases, and cannot be told apart from a real ``x.add_(b)``. While tracing
  MindSpore code, the table answers for the twelve augmented operators with small functions that do what
  eager mode does (the out-of-place operator for a MindSpore Tensor on the left, the in-place one
  otherwise); for other code it answers PyTorch's entries. The table lives in a module that costs 1 s to
  import, so it is wrapped when TorchDynamo imports it.
* **Parameters of a module ``torch.export`` traces.** ``torch.export`` (strict) keeps modules specialized,
  and TorchDynamo registers their parameters and buffers as graph attributes with
  ``torch._dynamo.output_graph.wrap_fx_proxy`` without their tensor subclass: a MindSpore ``Parameter``
  became a plain ``torch.Tensor`` in the trace, so ``self.weight.var(axis)`` ran PyTorch's unbiased
  ``Tensor.var`` (MindSpore's is ``ddof=0``) and ``self.weight.expand_dims(0)`` did not exist (under
  ``torch.compile``, whose modules are unspecialized, they keep their type). That name answers with
  the subclass for a MindSpore Tensor (as ``torch.compile`` does), and exactly as before for every other value.
* **NumPy scalars in operators under ``torch.export``.** ``att * (1.0 / np.sqrt(d))`` multiplies by a NumPy
  ``float64`` scalar, which MindSpore (and eager PyTorch) treat as a Python scalar: the result stays float32.
  TorchDynamo traces NumPy values as 0-d arrays; under ``torch.export`` it hands the operator itself
  (``operator.mul``) to ``__torch_function__``, whose body then met "an ndarray and no plain tensor" (its test
  is for the exact ``TensorVariable`` type) and computed the product as NumPy would (float64, NEP 50), so the
  next ``matmul`` failed. ``torch._dynamo.variables.builtin.check_numpy_ndarray_args`` answers that there is
  no NumPy-only operation when a MindSpore Tensor is among the operands (the tensor op, as for a plain
  tensor), and exactly as before otherwise.
"""
from __future__ import annotations

import functools
import operator

import torch

from .._mindspore_code import is_mindspore_code
from .._torch_seam import let_custom_op_check_pass, set_attribute_when_imported, traced_call_has
from .._torch_seam import traced_frame_globals

__all__ = ["dispatching_python_functions", "allow_subclass_graph_inputs", "route_ignored_functions",
           "route_augmented_assignment", "keep_attribute_subclass",
           "prefer_tensor_ops_over_numpy"]


def dispatching_python_functions() -> set:
    """The functions that ``torch.overrides.get_ignored_functions()`` lists although, in eager mode, a
    call with a MindSpore Tensor reaches ``__torch_function__`` (directly or through the Tensor method
    or functional they call)."""
    F = torch.nn.functional
    names = ("hardswish", "hardsigmoid", "sigmoid", "tanh", "upsample", "upsample_nearest", "upsample_bilinear")
    return {getattr(F, n) for n in names if hasattr(F, n)}


def _tracing_mindspore(ms_tensor) -> bool:
    """A MindSpore Tensor among the arguments of the call Dynamo is tracing, or MindSpore code tracing it."""
    if traced_call_has(ms_tensor):
        return True
    g = traced_frame_globals()
    return g is not None and is_mindspore_code(g)


def _ms_tensor():
    from .tensor import Tensor
    return Tensor


class _ScopedOverridable(set):
    """TorchDynamo's overridable functions, plus :func:`dispatching_python_functions` while tracing MindSpore
    code."""

    def __init__(self, base, extra):
        super().__init__(base)
        self.extra = frozenset(extra) - frozenset(base)

    def __contains__(self, fn):
        if set.__contains__(self, fn):
            return True
        try:
            return fn in self.extra and _tracing_mindspore(_ms_tensor())
        except TypeError:  # unhashable
            return False


def _scoped_overridable(original):
    if isinstance(getattr(original, "scoped_by_ms_compat", None), bool):
        return original

    @functools.cache
    def get_overridable_functions():
        return _ScopedOverridable(original(), dispatching_python_functions())
    get_overridable_functions.scoped_by_ms_compat = True
    get_overridable_functions.__wrapped__ = original
    return get_overridable_functions


def route_ignored_functions() -> None:
    """Make TorchDynamo dispatch :func:`dispatching_python_functions` to ``__torch_function__`` while it traces
    MindSpore code (see the module docstring)."""
    set_attribute_when_imported(
        _DYNAMO_TORCH, "get_overridable_functions", _scoped_overridable, "dynamo overridable functions",
        "torch._dynamo.variables.torch.get_overridable_functions() also lists F.hardswish, F.hardsigmoid, "
        "F.sigmoid, F.tanh, F.upsample* while Dynamo traces MindSpore code")


def allow_subclass_graph_inputs(ms_tensor=None, force: bool = False) -> None:
    """Let PyTorch's custom-op aliasing debug check accept MindSpore Tensors as compiled-graph inputs (see the
    module docstring): the check stays on for every graph and every other tensor type."""
    if ms_tensor is None:
        from .tensor import Tensor as ms_tensor
    let_custom_op_check_pass(ms_tensor)


_AUGMENTED = {operator.iadd: operator.add, operator.isub: operator.sub, operator.imul: operator.mul,
              operator.itruediv: operator.truediv, operator.ifloordiv: operator.floordiv,
              operator.imod: operator.mod, operator.ipow: operator.pow, operator.imatmul: operator.matmul,
              operator.iand: operator.and_, operator.ior: operator.or_, operator.ixor: operator.xor,
              operator.ilshift: operator.lshift, operator.irshift: operator.rshift}
_DYNAMO_BUILTIN = "torch._dynamo.variables.builtin"
_DYNAMO_TORCH = "torch._dynamo.variables.torch"


def _augmented(inplace, binary, ms_tensor):
    def augmented(a, b):
        return binary(a, b) if isinstance(a, ms_tensor) else inplace(a, b)
    augmented.__name__ = augmented.__qualname__ = f"ms_compat_{inplace.__name__}"
    return augmented


class _ScopedBuiltinMap(dict):
    """``BUILTIN_TO_TENSOR_FN_MAP`` answering MindSpore's augmented assignment while tracing MindSpore code."""

    def __init__(self, base, ms_tensor):
        super().__init__(base)
        self.mindspore = {inplace: _augmented(inplace, binary, ms_tensor) for inplace, binary in _AUGMENTED.items()}

    def __getitem__(self, op):
        ours = self.mindspore.get(op) if op in _AUGMENTED else None
        if ours is not None and _tracing_mindspore(_ms_tensor()):
            return ours
        return dict.__getitem__(self, op)


def route_augmented_assignment(ms_tensor) -> None:
    """Make compiled ``a += b`` (and the other eleven) on ``ms_tensor`` in MindSpore code rebind as in eager
    mode."""
    set_attribute_when_imported(
        _DYNAMO_BUILTIN, "BUILTIN_TO_TENSOR_FN_MAP",
        lambda table: table if isinstance(table, _ScopedBuiltinMap) else _ScopedBuiltinMap(table, ms_tensor),
        "dynamo augmented assignment",
        "torch._dynamo.variables.builtin.BUILTIN_TO_TENSOR_FN_MAP maps the 12 augmented operators to "
        "MindSpore's rebinding forms while Dynamo traces MindSpore code")


_DYNAMO_OUTPUT_GRAPH = "torch._dynamo.output_graph"


def _keeping_subclass(wrap_fx_proxy, ms_tensor):
    if getattr(wrap_fx_proxy, "keeps_ms_subclass", False):
        return wrap_fx_proxy

    @functools.wraps(wrap_fx_proxy)
    def wrap_attribute(tx, proxy, example_value=None, subclass_type=None, **options):
        if subclass_type is None and isinstance(example_value, ms_tensor):
            subclass_type = type(example_value)
        return wrap_fx_proxy(tx, proxy, example_value, subclass_type, **options)
    wrap_attribute.keeps_ms_subclass = True
    return wrap_attribute


def keep_attribute_subclass(ms_tensor) -> None:
    """Make module parameters and buffers that are ``ms_tensor`` keep their type in ``torch.export``'s trace (see
    the module docstring)."""
    set_attribute_when_imported(
        _DYNAMO_OUTPUT_GRAPH, "wrap_fx_proxy", lambda f: _keeping_subclass(f, ms_tensor),
        "dynamo module attribute subclass",
        "torch._dynamo.output_graph.wrap_fx_proxy wraps a MindSpore Tensor module attribute (a Parameter under "
        "torch.export) with its subclass, as torch.compile does; other values as before")


def _tensor_ops_first(check, ms_tensor):
    if getattr(check, "prefers_ms_tensor", False):
        return check

    @functools.wraps(check)
    def check_numpy_ndarray_args(args, kwargs):
        if not check(args, kwargs):
            return False
        for a in (*args, *kwargs.values()):
            tp = getattr(a, "class_type", None)  # TensorWithTFOverrideVariable: the tensor's subclass
            if isinstance(tp, type) and issubclass(tp, ms_tensor):
                return False
        return True
    check_numpy_ndarray_args.prefers_ms_tensor = True
    return check_numpy_ndarray_args


def prefer_tensor_ops_over_numpy(ms_tensor) -> None:
    """Make TorchDynamo compute an operator between a MindSpore Tensor and a NumPy value as a tensor op (see the
    module docstring)."""
    set_attribute_when_imported(
        _DYNAMO_BUILTIN, "check_numpy_ndarray_args", lambda f: _tensor_ops_first(f, ms_tensor),
        "dynamo numpy operands",
        "torch._dynamo.variables.builtin.check_numpy_ndarray_args is False when a MindSpore Tensor is an operand "
        "(a NumPy scalar then acts as a Python scalar, as in eager mode); as before otherwise")
