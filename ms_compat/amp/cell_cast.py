"""``Cell.to_float``: MindSpore's per-cell compute precision, as a ``torch.overrides.TorchFunctionMode``.

MindSpore 2.10 (PyNative) semantics, measured (tests/reference_data/amp/to_float.json):

* ``to_float(dst_type)`` accepts exactly float16 / float32 / bfloat16, sets the flags
  ``{'fp16', 'fp32', 'bf16'}`` on the cell and every descendant and returns the cell;
* parameter storage is never cast; tensors seen inside ``construct`` are not cast either;
* every operator executed while the cell runs casts its floating-point tensor inputs (activations,
  parameters, tensors inside list/tuple arguments) to the target type, so results come out in it;
  integer inputs, explicit casts (``ops.cast``, ``astype``) and tensor creation with a dtype are
  untouched; the cell's output is not cast back;
* the setting applies only while that cell runs; a nested cell with its own setting wins while it
  runs, and the enclosing setting is restored when it returns; a cell without a setting runs under
  whatever setting is active.

Implementation: one ``TorchFunctionMode`` (:class:`_CellCastMode`) is entered when the outermost cast
cell starts and left when it returns; nested cast cells only swap the active dtype (a thread-local),
so "innermost wins" costs one attribute write. Cells without ``to_float`` get no wrapper and pay
nothing. Differences from MindSpore: forward hooks run outside the cast scope (MindSpore runs them
inside); ``batch_norm`` keeps weight/bias/running statistics in float32 and casts only its input
(PyTorch's mixed-precision batch norm: the running statistics stay updated in place); in-place
tensor methods are not cast (they keep the destination's dtype).
"""
from __future__ import annotations

import threading
import warnings

import torch
import torch.nn.functional as F
from torch.overrides import TorchFunctionMode

from .._torch_seam import DisableTorchFunctionSubclass as _NoSubclass

from ..common import dtype as mstype
from ..common.parameter import Parameter as _MsParameter
from ..common.tensor import Tensor as _MsTensor, _NOWRAP, _wrap

__all__ = ["cell_to_float", "auto_cast_inputs", "cast_param", "cast_floats", "current_cast_dtype",
           "FLOAT_TYPES"]

FLOAT_TYPES = (torch.float16, torch.float32, torch.bfloat16)
_FLOATING = (torch.float16, torch.float32, torch.float64, torch.bfloat16)

# Functions that compute nothing (metadata, explicit conversions, autograd plumbing): never cast.
_SKIP_NAMES = frozenset({
    "__get__", "__set__", "__delete__", "to", "type", "type_as", "float", "half", "double", "bfloat16",
    "int", "long", "short", "bool", "byte", "char", "cpu", "cuda", "detach", "requires_grad_", "numpy",
    "tolist", "item", "size", "dim", "ndimension", "numel", "nelement", "element_size", "is_floating_point",
    "is_complex", "data_ptr", "stride", "storage_offset", "is_contiguous", "untyped_storage", "register_hook",
    "backward", "retain_grad", "__repr__", "__format__", "__len__", "__bool__", "__index__", "__int__",
    "__float__", "__reduce_ex__", "__deepcopy__", "__array__", "__setstate__", "__setitem__", "get_device",
    "is_pinned", "new_empty", "new_zeros", "new_ones", "new_full", "new_tensor", "empty_like", "clone",
    "contiguous", "pin_memory", "share_memory_", "__iter__", "__hash__", "_is_view",
    "is_set_to", "dim_order", "__dlpack__", "__dlpack_device__", "astype", "asnumpy",
})
# batch/instance norm: only the input is cast; weight, bias and running statistics stay float32
# (PyTorch's mixed-dtype norm kernels; the running statistics keep being updated in place).
_INPUT_ONLY = frozenset({F.batch_norm, torch.batch_norm, F.instance_norm, torch.instance_norm})

_state = threading.local()
_as_subclass = torch.Tensor.as_subclass
_FAST_TYPES = frozenset({_MsTensor, _MsParameter})  # ms_compat tensors (plain tensors give empty `types`)


def current_cast_dtype():
    """The dtype every floating op input is cast to right now (``None`` outside to_float cells)."""
    return getattr(_state, "dtype", None)


def _cast(obj, dt):
    if isinstance(obj, torch.Tensor):
        d = obj.dtype
        if d is not dt and d in _FLOATING:
            return obj.to(dt)
        return obj
    tp = type(obj)
    if tp is tuple or tp is list:
        if any(isinstance(o, (torch.Tensor, tuple, list)) for o in obj):
            return tp(_cast(o, dt) for o in obj)
    return obj


def cast_floats(obj, dt):
    """Cast the floating tensors in ``obj`` (a tensor, or nested list/tuple/dict) to ``dt``; ms_compat
    Tensors stay ms_compat Tensors. (Used outside the mode's handler: subclass dispatch is switched off
    around each cast so torch.compile does not re-enter ``Tensor.__torch_function__``.)"""
    if isinstance(obj, torch.Tensor):
        # methods, not the ``dtype`` property: dynamo mis-traces property reads on a tensor subclass
        # while a TorchFunctionMode is active; ``to`` returns ``obj`` itself when nothing changes
        with _NoSubclass():
            if not obj.is_floating_point():
                return obj
            out = obj.to(dt)
        if out is obj:
            return obj
        return _as_subclass(out, _MsTensor) if isinstance(obj, _MsTensor) else out
    if isinstance(obj, dict):
        return type(obj)((k, cast_floats(v, dt)) for k, v in obj.items())
    if isinstance(obj, (tuple, list)) and not hasattr(obj, "_fields"):
        return type(obj)(cast_floats(o, dt) for o in obj)
    return obj


def _cast_args(func, args, kwargs, dt):
    if func in _INPUT_ONLY:
        if args:
            return (_cast(args[0], dt),) + tuple(args[1:]), kwargs
        if "input" in kwargs:
            return args, dict(kwargs, input=_cast(kwargs["input"], dt))
        return args, kwargs
    args = tuple(_cast(a, dt) for a in args)
    if kwargs:
        kwargs = {k: _cast(v, dt) for k, v in kwargs.items()}
    return args, kwargs


class _CellCastMode(TorchFunctionMode):
    """Casts the floating tensor inputs of every torch function to the active to_float dtype."""

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        dt = getattr(_state, "dtype", None)
        if dt is not None:
            name = getattr(func, "__name__", "")
            # (slices, not str.endswith/startswith: torch.compile traces this handler)
            if name in _SKIP_NAMES or "out" in kwargs or (name[-1:] == "_" and name[:2] != "__") \
                    or name[:3] == "__i":
                dt = None
        if all(t in _FAST_TYPES for t in types):
            # only plain / ms_compat tensors: cast and run with subclass dispatch off (one Python
            # layer instead of one per cast), then give the result ms_compat's Tensor type
            with _NoSubclass():
                if dt is not None:
                    args, kwargs = _cast_args(func, args, kwargs, dt)
                ret = func(*args, **kwargs)
            if not types or func in _NOWRAP:
                return ret
            return _wrap(ret)
        if dt is not None:
            args, kwargs = _cast_args(func, args, kwargs, dt)
        return func(*args, **kwargs)


def _run_with_dtype(dt, inner, args, kwargs):
    """Run ``inner`` with ``dt`` as the active cast dtype; the mode is entered only by the outermost."""
    prev = getattr(_state, "dtype", None)
    if getattr(_state, "active", False):
        if prev is dt:
            return inner(*args, **kwargs)
        _state.dtype = dt
        try:
            return inner(*args, **kwargs)
        finally:
            _state.dtype = prev
    _state.active = True
    _state.dtype = dt
    try:
        with _CellCastMode():
            return inner(*args, **kwargs)
    finally:
        _state.active = False
        _state.dtype = None


def run_in_dtype(dt, fn, *args, **kwargs):
    """Call ``fn(*args, **kwargs)`` with MindSpore's to_float casting to ``dt`` active."""
    return _run_with_dtype(dt, fn, args, kwargs)


def _cast_factory(cell, inner):
    dt = cell.__dict__["_ms_to_float"]

    def forward(*args, **kwargs):
        return _run_with_dtype(dt, inner, args, kwargs)
    return forward


def _check_dst_type(dst_type):
    if not (isinstance(dst_type, torch.dtype) and dst_type in FLOAT_TYPES):
        shown = mstype.dtype_str(dst_type) if isinstance(dst_type, torch.dtype) and mstype.is_mindspore_dtype(
            dst_type) else dst_type
        if isinstance(dst_type, torch.dtype):
            kind = "Float" if dst_type.is_floating_point else ("Bool" if dst_type is torch.bool else (
                "Complex" if dst_type.is_complex else ("UInt" if not dst_type.is_signed else "Int")))
            tp = f"<class 'mindspore._c_expression.typing.{kind}'>"
        else:
            tp = str(type(dst_type))
        raise ValueError("For 'to_float', the argument 'dst_type' must be mstype.float32, mstype.float16 or "
                         f"mstype.bfloat16, but got type: {tp} and value: {shown}.")


def set_cell_dtype(cell, dst_type):
    """Give one cell (not its children) the to_float setting ``dst_type`` (``None`` removes it)."""
    d = cell.__dict__
    if dst_type is None:
        d.pop("_ms_to_float", None)
        cell._set_forward_wrapper("cast", None)
        return
    flags = {"fp16": dst_type is torch.float16, "fp32": dst_type is torch.float32,
             "bf16": dst_type is torch.bfloat16}
    cell.add_flags(**flags)
    if d.get("_ms_to_float") is not dst_type or "cast" not in d["_forward_wrappers"]:
        d["_ms_to_float"] = dst_type
        cell._set_forward_wrapper("cast", _cast_factory)


def cell_to_float(cell, dst_type):
    """Mirrors ``mindspore.nn.Cell.to_float(dst_type)``; returns the cell.

    Sets the ``fp16``/``fp32``/``bf16`` flags on the cell and every descendant Cell and makes each of
    them run its operators in ``dst_type`` (see the module docstring). Parameters keep their dtype.
    """
    _check_dst_type(dst_type)
    from ..nn.cell import Cell
    for _, sub in cell.cells_and_names():
        if isinstance(sub, Cell):
            set_cell_dtype(sub, dst_type)
    return cell


def cell_float_type(cell):
    """The to_float dtype set on ``cell`` (``None`` if none)."""
    return cell.__dict__.get("_ms_to_float")


def auto_cast_inputs(cell, inputs):
    """r2.3 ``Cell.auto_cast_inputs(inputs)`` (removed in MindSpore 2.10): ``inputs`` (a tuple) with
    floating tensors cast to the cell's to_float type; unchanged when the cell has none."""
    warnings.warn("'auto_cast_inputs' is deprecated from version 2.0 and removed in MindSpore 2.10.",
                  DeprecationWarning, stacklevel=3)
    dt = cell_float_type(cell)
    if dt is None:
        return inputs
    return tuple(cast_floats(x, dt) for x in inputs)


def cast_param(cell, param):
    """r2.3 ``Cell.cast_param(param)`` (removed in MindSpore 2.10): the parameter as the cell's
    operators see it — a differentiable cast to the to_float type (storage untouched), or the
    parameter itself when the cell has no setting."""
    dt = cell_float_type(cell)
    if dt is None or not isinstance(param, torch.Tensor) or param.dtype not in _FLOATING or param.dtype is dt:
        return param
    return param.to(dt)


# ---- nn.Cell's methods of this feature (installed on Cell by ms_compat/nn/_cell_features.py)
def _to_float(self, dst_type):
    """Mirrors ``mindspore.nn.Cell.to_float(dst_type)``: run this cell and its sub-cells in ``dst_type``
    (see ``ms_compat/amp/cell_cast.py``); returns the cell."""
    return cell_to_float(self, dst_type)


def _auto_cast_inputs(self, inputs):
    """r2.3 ``Cell.auto_cast_inputs`` (removed in 2.10): cast floating inputs to the cell's ``to_float`` type."""
    return auto_cast_inputs(self, inputs)


def _cast_param(self, param):
    """r2.3 ``Cell.cast_param`` (removed in 2.10): the parameter cast to the cell's ``to_float`` type."""
    return cast_param(self, param)


CELL_METHODS = {"to_float": _to_float, "auto_cast_inputs": _auto_cast_inputs, "cast_param": _cast_param}
