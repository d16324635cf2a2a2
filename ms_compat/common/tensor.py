"""``mindspore.Tensor`` on PyTorch: a ``torch.Tensor`` subclass carrying MindSpore's method semantics.

Design (see ARCHITECTURE.md for the measurements): MindSpore-created tensors are instances of this
subclass. A lean ``__torch_function__`` keeps the subclass on every result, so MindSpore code that
chains ops keeps MindSpore semantics (``x.size`` is an int, ``x.std()`` is the population std,
``x.max(axis=1)`` returns values only, ``x.gather(indices, axis)`` takes slices, ``x.shape`` is a
tuple) while plain ``torch.Tensor`` objects in the same process keep PyTorch's semantics untouched.
Every torch function works on it, and it *is* a ``torch.Tensor`` for ``isinstance`` checks.
"""
from __future__ import annotations

import numbers
import operator as _operator
import sys

import numpy as np
import torch
from .._torch_seam import DisableTorchFunctionSubclass, disabled_torch_function_impl, is_torch_function_enabled
from .._torch_seam import skip_one_hop_torch_function

from . import dtype as mstype
from .op_errors import matmul_dtype_error
from .mutation import INPLACE_METHOD_NAMES as _INPLACE_METHOD_NAMES
from .mutation import mutate as _mutate
from .mutation import mutate_traced as _mutate_traced
from .shape_error import as_mindspore_error

__all__ = ["Tensor", "tensor", "is_tensor", "as_ms", "to_torch"]

_NOWRAP = frozenset(torch.overrides.get_default_nowrap_functions())
_plain_setitem = torch.Tensor.__setitem__
_PlainTensor = torch.Tensor
_as_subclass = torch.Tensor.as_subclass
_tsize = torch.Tensor.size
_Tuple = tuple
_List = list


class _Size(int):
    """``Tensor.size``: MindSpore's element count (an ``int``) that can still be called as torch's
    ``size()``/``size(dim)``, so PyTorch code handed a MindSpore tensor keeps working."""

    def __call__(self, dim=None):
        t = self._t
        return _tsize(t) if dim is None else _tsize(t, dim)


# Relabelling a fresh op result in place (``Tensor.__torch_function__``) needs exact reference counts:
# CPython up to 3.13 with the GIL. 3.14 borrows references on its stack (counts can read low) and
# free-threaded builds split them, so there every result gets ``as_subclass`` (a view), as before.
_EXACT_REFCOUNTS = sys.version_info < (3, 14) and getattr(sys, "_is_gil_enabled", lambda: True)()
_refcount = sys.getrefcount if _EXACT_REFCOUNTS else (lambda obj: -1)


def _wrap(ret):
    tp = type(ret)
    if tp is _PlainTensor:
        return _as_subclass(ret, Tensor)
    if tp is _Tuple or tp is _List:
        if not _dynamo_compiling() and _refcount(ret) == 3:  # a fresh sequence: relabel its fresh tensors
            return tp(_relabel_items(ret))
        return tp(_wrap(r) for r in ret)
    if isinstance(ret, tuple) and hasattr(ret, "n_fields"):  # torch.return_types.*
        if not _dynamo_compiling() and _refcount(ret) == 3:
            return tp(_relabel_items(ret))
        return tp([_wrap(r) for r in ret])
    return ret


def _relabel_items(ret):
    """The items of a fresh op-result sequence, as a list: a plain tensor only that sequence holds
    (``ret[i]``'s reference count is the sequence's and the call argument's) becomes a MindSpore Tensor in
    place (see ``Tensor.__torch_function__``); anything else is wrapped as usual (a view)."""
    out = []
    for i in range(len(ret)):
        if type(ret[i]) is _PlainTensor and _refcount(ret[i]) == 2:
            ret[i].__class__ = Tensor
            out.append(ret[i])
        else:
            out.append(_wrap(ret[i]))
    return out


def _axis(kwargs, axis_default=None):
    """Pop MindSpore's reduction keywords (axis / keep_dims / keepdims) out of kwargs."""
    axis = kwargs.pop("axis", axis_default)
    if "dim" in kwargs:
        axis = kwargs.pop("dim")
    kd = kwargs.pop("keep_dims", None)
    if kd is None:
        kd = kwargs.pop("keepdims", None)
    if kd is None:
        kd = kwargs.pop("keepdim", False)
    if isinstance(axis, list):
        axis = tuple(axis)
    return axis, bool(kd)


def _pick_arg(args, kwargs, i, names, default):
    """Argument ``i`` of a call, given positionally or by any of the keywords ``names``."""
    if len(args) > i:
        return args[i]
    for n in names:
        if n in kwargs:
            return kwargs.pop(n)
    return default


def _infer_dtype(data):
    """MindSpore's dtype for Python data: floats → float32, ints → int64, bools → bool."""
    if isinstance(data, bool):
        return torch.bool
    if isinstance(data, numbers.Integral):
        return torch.int64
    if isinstance(data, numbers.Real):
        return torch.float32
    if isinstance(data, complex):
        return torch.complex64
    return None


def _to_plain(input_data, dtype):
    if isinstance(input_data, torch.Tensor):
        t = input_data.detach()
        if type(t) is not _PlainTensor:
            t = _as_subclass(t, _PlainTensor)
        return t.to(dtype) if dtype is not None and t.dtype != dtype else t
    if isinstance(input_data, np.ndarray) or isinstance(input_data, np.generic):
        arr = np.asarray(input_data)
        if arr.dtype.kind in "US":
            raise TypeError("For 'Tensor', string data is not supported.")
        if arr.dtype == np.float64 and dtype is None:
            return torch.from_numpy(arr.copy())
        t = torch.from_numpy(np.array(arr, order="C", copy=True))
        return t.to(dtype) if dtype is not None else t
    if isinstance(input_data, (list, tuple, numbers.Number)):
        if dtype is None:
            try:
                arr = np.asarray(input_data)
            except ValueError:  # ragged nesting: numpy's "inhomogeneous shape"
                raise TypeError(f"For Tensor, the input_data is {input_data} that contain unsupported element."
                                ) from None
            if arr.dtype.kind == "O" and isinstance(input_data, numbers.Integral):
                raise RuntimeError("Unsupported tensor type!")  # MindSpore: an int beyond 64 bits
            if arr.dtype == np.float64:
                dtype = torch.float32  # python floats → float32 (MindSpore)
            elif arr.dtype.kind == "c":
                dtype = torch.complex64
            elif arr.dtype.kind in "iu":
                dtype = torch.int64
            elif arr.dtype.kind == "b":
                dtype = torch.bool
            elif arr.dtype.kind in "OUS":
                raise TypeError(f"For 'Tensor', the type of 'input_data' element is not supported: {input_data!r}.")
            return torch.as_tensor(arr, dtype=dtype)
        return torch.as_tensor(np.asarray(input_data), dtype=dtype) if dtype is not torch.bfloat16 \
            else torch.as_tensor(np.asarray(input_data, dtype=np.float32)).to(dtype)
    raise TypeError("For 'Tensor', the type of 'input_data' should be one of '[Tensor, ndarray, str_, list, "
                    f"tuple, float, int, bool, complex, bool_]', but got type '{type(input_data).__name__}'.")


_skip_one_hop = skip_one_hop_torch_function


def _traced_python_function(func, types, args, kwargs):
    """Under TorchDynamo only. A Python-level torch function (``F.threshold``, ``F.pad``, the operators
    torch/_tensor.py writes in Python behind a TypeError->NotImplemented wrapper: ``1.0 - x``, ``2 / x``,
    ``x // 2``, ...) starts with ``if has_torch_function(...)``. TorchDynamo answers that check as if
    subclass dispatch were still on inside ``DisableTorchFunctionSubclass``, finds no handler and raises
    TypeError (or the wrapper answers ``NotImplemented``), which breaks the graph. Eager mode never
    comes here. Running the function one ``__torch_function__`` hop skipped (``_skip_one_hop_torch_function``,
    which TorchDynamo models) makes that first check false, so the body traces as plain torch calls."""
    with DisableTorchFunctionSubclass():
        ret = _skip_one_hop(func, types, args, kwargs or {})
    return _wrap(ret)


_tf_enabled = is_torch_function_enabled
_dtype_get = _PlainTensor.dtype.__get__
_compiling = torch.compiler.is_compiling
# For the eager-only fast paths: ``return False`` in eager (0.07 µs, ``is_compiling`` costs 0.3 µs),
# answered True by TorchDynamo while it traces.
_dynamo_compiling = torch.compiler.is_dynamo_compiling
_INT_DTYPES = frozenset((torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8, torch.uint16, torch.uint32,
                         torch.uint64))


def _int_mean(x, *args, **kwargs):
    """MindSpore's ReduceMean on integers: sum / count truncated toward zero, in the input's dtype."""
    s = torch.sum(x, *args, dtype=torch.int64, **kwargs)
    n = x.numel() // max(s.numel(), 1) if x.numel() else 1
    return torch.div(s, n, rounding_mode="trunc").to(x.dtype)


def _int_var(x, axis=None, *, correction=1, keepdim=False):
    """MindSpore's var on an integer tensor: deviations from the integer (truncated) mean, in float32."""
    if isinstance(axis, list):
        axis = tuple(axis)
    m = torch.Tensor.to(_int_mean(x, axis, True) if axis is not None else _int_mean(x), torch.int64)
    d = torch.Tensor.to(torch.Tensor.to(x, torch.int64) - m, torch.float32)
    n = x.numel() // max(m.numel(), 1) if axis is not None else x.numel()
    ss = torch.sum(d * d, axis, keepdim) if axis is not None else torch.sum(d * d)
    if keepdim and axis is None:
        ss = torch.reshape(ss, (1,) * x.dim())
    return ss / (n - correction)


def _int_std(x, axis=None, *, correction=1, keepdim=False):
    return torch.sqrt(_int_var(x, axis, correction=correction, keepdim=keepdim))


def _all_bool(x, *args, **kwargs):
    """``all`` is bool (PyTorch keeps uint8 for uint8 input)."""
    with DisableTorchFunctionSubclass():
        r = torch.all(x, *args, **kwargs)
        if r.dtype is not torch.bool:
            r = r.to(torch.bool)
    return _as_subclass(r, Tensor)


_every_op_dispatched = 0  # > 0: the fast paths below step aside (see EveryOpDispatched)


class EveryOpDispatched:
    """While active, every op on a MindSpore Tensor goes through ``__torch_function__`` (``run_plain`` and the
    direct operators step aside), so a Tensor subclass that marks its results in its own
    ``__torch_function__`` sees every op: pipeline stage cutting's ``_Skipped`` values. Costs the fast paths'
    savings while active; re-entrant."""

    def __enter__(self):
        global _every_op_dispatched
        _every_op_dispatched += 1
        return self

    def __exit__(self, *exc):
        global _every_op_dispatched
        _every_op_dispatched -= 1
        return False


def run_plain(fn, /, *args, **kwargs):
    """``fn(*args)`` (a torch function) as ``__torch_function__`` would run it for MindSpore Tensor
    arguments, without the trip through it: subclass dispatch off, RuntimeError/IndexError mapped to
    MindSpore's errors, a fresh result relabelled a MindSpore Tensor. Saves the C++ → Python dispatch
    (~1–1.5 µs per call) for ms_compat's own Tensor methods and layers. Unlike a plain call, the result
    is a MindSpore Tensor even when every argument is a plain tensor (MindSpore layers always return
    MindSpore Tensors). With subclass dispatch already off (PyTorch code, torch children of Cells) it is
    a plain call; under TorchDynamo it is a plain call too, which traces ``__torch_function__`` itself."""
    if _dynamo_compiling() or not _tf_enabled() or _every_op_dispatched:
        return fn(*args, **kwargs)
    try:
        with DisableTorchFunctionSubclass():
            ret = fn(*args, **kwargs)
    except (RuntimeError, IndexError) as e:
        mapped = as_mindspore_error(e)
        if mapped is None:
            raise
        raise mapped from e
    if type(ret) is _PlainTensor:
        if _refcount(ret) == 2:
            ret.__class__ = Tensor
            return ret
        return _as_subclass(ret, Tensor)
    return _wrap(ret)


def relabel_fresh(items):
    """Make every plain tensor in the list ``items`` a MindSpore Tensor: relabelled in place when the
    list is its only holder (the autograd engine's fresh gradients), viewed with ``as_subclass``
    otherwise (a gradient that is also the caller's sensitivity, or appears twice). The caller must own
    ``items`` (a new list). Returns ``items``."""
    for i in range(len(items)):
        if type(items[i]) is _PlainTensor:
            if not _dynamo_compiling() and _refcount(items[i]) == 2:  # the list and the call argument
                items[i].__class__ = Tensor
            else:
                items[i] = _as_subclass(items[i], Tensor)
    return items


def rank_of(t):
    """``t.dim()`` without the ``__torch_function__`` round trip (0.3 µs instead of ~1.5 µs)."""
    with DisableTorchFunctionSubclass():
        return _PlainTensor.dim(t)


def _dtype_of(t):
    """``t.dtype`` read without a ``__torch_function__`` round trip (0.3 µs instead of 3 µs)."""
    with DisableTorchFunctionSubclass():
        return _dtype_get(t)



class Tensor(torch.Tensor):
    """Mirrors ``mindspore.Tensor(input_data=None, dtype=None, shape=None, init=None, ...)``.

    A ``torch.Tensor`` subclass. Differences from MindSpore: ``dtype`` objects are torch dtypes
    (``repr`` prints ``torch.float32``), ``.device`` is a ``torch.device``, and a Tensor has torch's
    ``requires_grad``. ``Tensor(shape=..., dtype=..., init=...)`` computes its values at once but reports
    ``has_init`` (and prints zeros) until ``init_data()``, as MindSpore; ``Tensor(shape=[None, 2], dtype=...)``
    builds a dynamic-shape placeholder for ``set_inputs``. ``a += b`` rebinds (see ``__iadd__``);
    ``view`` accepts any memory layout."""

    def __new__(cls, input_data=None, dtype=None, shape=None, init=None, internal=False,
                const_arg=False, device=None):
        if dtype is not None:
            dtype = mstype.to_torch_dtype(dtype, allow_str=False)
        if input_data is not None and shape is not None:
            raise ValueError("When initializing a tensor with 'input_data', 'shape' should be set to None."
                             f"But got shape: {shape}.")
        if init is not None and (shape is None or dtype is None):
            raise ValueError("init, dtype and shape must have values at the same time.")
        if input_data is None:
            if isinstance(shape, int):
                shape = (shape,)
            unknown = shape is not None and any(s is None or s < 0 for s in shape)
            if unknown and (None in shape or init is not None) and (dtype is None or init is not None):
                raise ValueError("If setting dynamic shape, dtype must not be None, init must be None")
            if shape is None or dtype is None:
                raise TypeError("For 'Tensor', the type of 'input_data' should be one of '['TensorPy', 'Tensor', "
                                "'ndarray', 'str_', 'list', 'tuple', 'float', 'int', 'bool', 'complex', 'bytes']', "
                                "but got type 'NoneType'.")
            if init is None:
                if unknown:
                    t = torch.empty([0 if s is None or s < 0 else s for s in shape], dtype=dtype)
                    out = torch.Tensor._make_subclass(_DynamicShapeTensor, t, False)
                    out._ms_dyn_shape = tuple(-1 if s is None else s for s in shape)
                    return out
                t = torch.zeros(tuple(shape), dtype=dtype)
            else:
                from .initializer import initializer as _init
                t = _to_plain(_init(init, tuple(shape), dtype or torch.float32), None)
                out = torch.Tensor._make_subclass(cls, t, False)
                out.__dict__["_ms_pending_init"] = True  # MindSpore: has_init until init_data()/asnumpy()
                return out
        else:
            if isinstance(input_data, bool) and dtype is None:
                dtype = torch.bool
            if torch.compiler.is_compiling():
                # a constant built inside construct under torch.compile: traceable path
                if isinstance(input_data, (numbers.Number, np.generic)):
                    value = input_data.item() if isinstance(input_data, np.generic) else input_data
                    return torch.tensor(value, dtype=dtype or _infer_dtype(value)).as_subclass(cls)
                if isinstance(input_data, np.ndarray):  # dynamo traces numpy as torch
                    # a copy, as eager and MindSpore: a later write into the Tensor must not reach the array
                    t = torch.as_tensor(input_data).clone()
                    return (t.to(dtype) if dtype is not None else t).as_subclass(cls)
            t = _to_plain(input_data, dtype)
        if device is not None:
            from ..context import _resolve_device
            t = t.to(_resolve_device(device))
        else:
            from ..context import _default_device
            dev = _default_device()
            if dev is not None and t.device != dev:
                t = t.to(dev)
        return torch.Tensor._make_subclass(cls, t, False)

    def __init__(self, *args, **kwargs):  # torch.Tensor has no __init__ of its own to call
        pass

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        if func is _plain_setitem:  # y[key] = value: MindSpore's mutation model
            return _setitem(*args) if not _dynamo_compiling() else _traced_setitem(*args)
        try:
            with DisableTorchFunctionSubclass():
                ret = func(*args, **kwargs) if kwargs else func(*args)
        except TypeError:
            if not torch.compiler.is_compiling():
                raise
            return _traced_python_function(func, types, args, kwargs)
        except (RuntimeError, IndexError) as e:  # failure path only: MindSpore's ValueError for shapes
            mapped = as_mindspore_error(e) or matmul_dtype_error(func, args)  # and TypeError for matmul dtypes
            if mapped is None:
                raise
            raise mapped from e
        if func in _NOWRAP:
            return ret
        tp = type(ret)
        if tp is _PlainTensor:
            # A result only this frame holds (``ret`` and getrefcount's argument) is a new tensor object:
            # relabelling it in place costs ~0.1 µs, where ``as_subclass`` (a view) costs ~1 µs, runs an
            # ``aten::alias`` kernel and adds an ``AliasBackward0`` node to the autograd graph per op.
            # A result held elsewhere (an argument returned as is: ``out=``, in-place ops, ``type_as``)
            # keeps its own class and gets a view. TorchDynamo cannot trace getrefcount: traced code views.
            if not _dynamo_compiling() and _refcount(ret) == 2:
                ret.__class__ = Tensor
                return ret
            return _as_subclass(ret, Tensor)
        if tp is _Tuple or tp is _List or (isinstance(ret, tuple) and hasattr(ret, "n_fields")):
            return _wrap(ret)
        if ret is NotImplemented and torch.compiler.is_compiling():
            return _traced_python_function(func, types, args, kwargs)
        return ret

    # ---- reflected operators: torch/_tensor.py defines these in Python behind a TypeError→NotImplemented
    # wrapper; calling the torch op directly skips that wrapper in eager mode (under torch.compile
    # TorchDynamo routes operators itself: see _traced_python_function).
    def __rsub__(self, other):
        return torch.rsub(self, other)

    def __rtruediv__(self, other):
        return torch.mul(torch.reciprocal(self), other)

    __rdiv__ = __rtruediv__

    def __rpow__(self, other):
        return torch.pow(other, self)

    def __floordiv__(self, other):
        return torch.floor_divide(self, other)

    def __rfloordiv__(self, other):
        return torch.floor_divide(other, self)

    def __rmatmul__(self, other):
        return torch.matmul(other, self)

    # ---- augmented assignment: MindSpore rebinds the name to a new tensor (``a += b`` is ``a = a + b``;
    # other references keep the old value, a Parameter is left untouched and the name becomes a Tensor).
    # PyTorch code (subclass dispatch off: inside ``__torch_function__`` and torch modules in Cells)
    # keeps PyTorch's in-place operator. The real in-place APIs (``__setitem__``, ``assign_value``,
    # ``ops.assign*``, the ``*_`` methods) are untouched.
    def __iadd__(self, other):
        return _operator.add(self, other) if _tf_enabled() else _PlainTensor.__iadd__(self, other)

    def __isub__(self, other):
        return _operator.sub(self, other) if _tf_enabled() else _PlainTensor.__isub__(self, other)

    def __imul__(self, other):
        return _operator.mul(self, other) if _tf_enabled() else _PlainTensor.__imul__(self, other)

    def __itruediv__(self, other):
        return _operator.truediv(self, other) if _tf_enabled() else _PlainTensor.__itruediv__(self, other)

    __idiv__ = __itruediv__

    def __ifloordiv__(self, other):
        return _operator.floordiv(self, other) if _tf_enabled() else _PlainTensor.__ifloordiv__(self, other)

    def __imod__(self, other):
        return _operator.mod(self, other) if _tf_enabled() else _PlainTensor.__imod__(self, other)

    def __ipow__(self, other):
        return _operator.pow(self, other) if _tf_enabled() else _PlainTensor.__ipow__(self, other)

    def __imatmul__(self, other):
        return _operator.matmul(self, other)

    def __iand__(self, other):
        return _operator.and_(self, other) if _tf_enabled() else _PlainTensor.__iand__(self, other)

    def __ior__(self, other):
        return _operator.or_(self, other) if _tf_enabled() else _PlainTensor.__ior__(self, other)

    def __ixor__(self, other):
        return _operator.xor(self, other) if _tf_enabled() else _PlainTensor.__ixor__(self, other)

    def __ilshift__(self, other):
        return _operator.lshift(self, other) if _tf_enabled() else _PlainTensor.__ilshift__(self, other)

    def __irshift__(self, other):
        return _operator.rshift(self, other) if _tf_enabled() else _PlainTensor.__irshift__(self, other)

    def __coerce_same_metadata_as_tangent__(self, expected_metadata, expected_type=None):
        """AOTAutograd (``torch.compile``'s backward) hook: the graph was traced with a plain tangent for an
        output, and MindSpore code passes a MindSpore Tensor as the incoming gradient (``ops.grad``'s
        sensitivity, ``TrainOneStepCell``'s ``sens``). Hand it over as the type the graph expects (a
        view, no copy)."""
        if expected_type is None or type(self) is expected_type:
            return self
        return _as_subclass(self, expected_type)

    def unflatten(self, dim, sizes):
        """PyTorch's ``Tensor.unflatten`` (MindSpore 2.10 has none) through ``torch.unflatten``: torch's
        own method is a Python function that TorchDynamo cannot dispatch for a subclass, so its result
        would lose MindSpore semantics under ``torch.compile``."""
        return torch.unflatten(self, dim, sizes)

    # ---- attributes with MindSpore meaning --------------------------------------------------
    @property
    def shape(self):
        """``tuple`` (MindSpore) rather than ``torch.Size``. (Read with subclass dispatch off: 0.4 µs
        instead of 1.7 µs through ``__torch_function__``.)"""
        with DisableTorchFunctionSubclass():
            return _Tuple(_tsize(self))

    @property
    def size(self):
        """Element count (MindSpore); still callable as torch's ``size()``."""
        with DisableTorchFunctionSubclass():
            s = _Size(_PlainTensor.numel(self))
        s._t = self
        return s

    @property
    def T(self):
        """All dims reversed (MindSpore ``Tensor.T``); a Python property so ``torch.compile`` traces it
        on Parameters too (the C getter is not traceable through a Parameter subclass)."""
        return torch.permute(self, tuple(range(self.dim() - 1, -1, -1)))

    @property
    def mT(self):
        return torch.transpose(self, -2, -1)

    @property
    def itemsize(self):
        return self.element_size()

    @property
    def nbytes(self):
        return self.numel() * self.element_size()

    @property
    def strides(self):
        return _Tuple(s * self.element_size() for s in self.stride())

    @property
    def has_init(self):
        """True for ``Tensor(shape=..., init=...)`` until ``init_data()`` or ``asnumpy()`` (MindSpore).
        The values are computed at construction; MindSpore raises when such a tensor enters an op
        first, ms_compat uses the initialised values."""
        return self.__dict__.get("_ms_pending_init", False)

    @staticmethod
    def from_numpy(array):
        """``Tensor.from_numpy(array)``: a Tensor sharing the numpy array's memory (MindSpore)."""
        if not isinstance(array, np.ndarray):
            raise TypeError("Expected a NumPy array.")
        return _as_subclass(torch.from_numpy(array), Tensor)

    # ---- conversions --------------------------------------------------------------------------
    def asnumpy(self):
        """``Tensor.asnumpy()``: a numpy copy. bfloat16 comes back as float32 (numpy has no bfloat16)."""
        if self.__dict__.pop("_ms_pending_init", None):
            self.__dict__["_ms_host_repr"] = True
        t = _as_subclass(self.detach(), _PlainTensor)
        if t.dtype is torch.bfloat16:
            t = t.float()
        return t.cpu().numpy()

    def register_hook(self, hook_fn):
        """``Tensor.register_hook(hook_fn)``: ``hook_fn(grad)`` runs when the gradient of this tensor is
        computed and may return a replacement. The hook gets a MindSpore ``Tensor`` (PyTorch passes a plain
        one); what it returns goes back to PyTorch's autograd as a plain tensor."""
        if not callable(hook_fn):
            raise TypeError(f"For 'Tensor.register_hook', the type of 'hook_fn' should be function, but got "
                            f"{type(hook_fn).__name__}.")

        def hook(grad):
            out = hook_fn(as_ms(grad))
            return None if out is None else to_torch(out)
        hook.__wrapped__ = hook_fn
        return torch.Tensor.register_hook(self, hook)

    def numpy(self, *args, **kwargs):
        return self.asnumpy()

    def __array__(self, dtype=None, copy=None):
        a = self.asnumpy()
        return a.astype(dtype, copy=False) if dtype is not None else a

    def astype(self, dtype, copy=True):
        """``Tensor.astype(dtype)``; accepts MindSpore dtypes and their names (``'float16'``)."""
        return run_plain(_PlainTensor.to, self, mstype.to_torch_dtype(dtype, where="astype"))

    def to_tensor(self):
        return self

    def init_data(self, slice_index=None, shape=None, opt_shard_group=None):
        """Ends the ``has_init`` state of ``Tensor(shape=..., init=...)``; returns self (MindSpore). Such a
        tensor then prints its values in numpy's format (MindSpore: ``[[1., 1.], ...]``, host data)."""
        if self.__dict__.pop("_ms_pending_init", None):
            self.__dict__["_ms_host_repr"] = True
        return self

    def set_dtype(self, dtype):
        return self.astype(dtype)

    def copy(self):
        """``Tensor.copy()``: a new tensor with the same values."""
        return self.clone()

    def fill(self, value):
        """``Tensor.fill(value)``: a new tensor filled with value (torch only has in-place ``fill_``)."""
        return torch.full_like(self, value)

    def expand_dims(self, axis):
        return run_plain(torch.unsqueeze, self, axis)

    def broadcast_to(self, shape):
        return torch.broadcast_to(self, tuple(shape))

    def flush_from_cache(self):
        return None

    # ---- shape ops with MindSpore's argument forms ---------------------------------------------
    def transpose(self, *axes):
        """``transpose()`` reverses dims, ``transpose(a, b)`` swaps, ``transpose(*perm)`` permutes."""
        if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
            axes = tuple(axes[0])
        if not axes:
            return run_plain(torch.permute, self, tuple(range(self.dim() - 1, -1, -1)))
        if len(axes) == 2 and self.dim() != 2:
            return run_plain(torch.transpose, self, axes[0], axes[1])
        return run_plain(torch.permute, self, axes)

    def squeeze(self, *args, axis=None, dim=None):
        if axis is None:
            axis = dim
        if axis is None and args:
            axis = args[0] if len(args) == 1 else tuple(args)
        if axis is None:
            return torch.squeeze(self)
        if isinstance(axis, list):
            axis = tuple(axis)
        return torch.squeeze(self, axis)

    def flatten(self, order="C", *args, start_dim=0, end_dim=-1):
        if isinstance(order, int):  # torch form flatten(start_dim, end_dim)
            start_dim, order = order, "C"
            if args:
                end_dim = args[0]
        if order not in ("C", "F"):
            raise ValueError(f"For 'flatten', the 'order' must be 'C' or 'F', but got '{order}'.")
        t = self if order == "C" else torch.permute(self, tuple(range(self.dim() - 1, -1, -1)))
        return torch.flatten(t, start_dim, end_dim)

    def split(self, split_size_or_sections, axis=0, dim=None):
        return _PlainTensor.split(self, split_size_or_sections, axis if dim is None else dim)

    def repeat(self, *repeats, axis=None):
        """``Tensor.repeat(*repeats)`` / ``repeat(repeats)`` of MindSpore 2.10: tiles the tensor, ``repeats[i]``
        copies along dimension ``i`` (leading dimensions added when ``repeats`` is longer), as PyTorch's
        ``repeat``. Real MindSpore 2.10 has no CPU kernel for it (it raises ``RuntimeError`` on CPU), so the
        reference is its documented examples. MindSpore 2.10 rejects the older numpy-style ``repeat(repeats,
        axis=...)`` with a TypeError; ms_compat keeps that spelling (``axis`` given by keyword: each element
        repeated ``repeats`` times along ``axis``) for code written for MindSpore before 2.5."""
        if axis is None:
            if len(repeats) == 1 and isinstance(repeats[0], (tuple, list)):
                repeats = tuple(repeats[0])
            return run_plain(_PlainTensor.repeat, self, repeats)
        if len(repeats) == 1:
            repeats = repeats[0]
        if isinstance(repeats, (tuple, list)) and len(repeats) == 1:
            repeats = repeats[0]
        return torch.repeat_interleave(self, repeats if isinstance(repeats, int)
                                       else torch.as_tensor(repeats), dim=axis)

    # ---- MindSpore 2.10 signatures of methods PyTorch also has (tests/semantics/test_call_forms.py) -------
    def sort(self, *args, **kwargs):
        """``Tensor.sort(axis=-1, descending=False)`` / ``sort(dim=-1, descending=False, stable=False)``:
        ``(values, int32 indices)`` as in MindSpore 2.10 (PyTorch's indices are int64)."""
        dim = _pick_arg(args, kwargs, 0, ("axis", "dim"), -1)
        descending = _pick_arg(args, kwargs, 1, ("descending",), False)
        stable = _pick_arg(args, kwargs, 2, ("stable",), False)
        v, i = run_plain(torch.sort, self, dim=dim, descending=descending, stable=stable)
        return v, i.to(torch.int32)

    def argsort(self, *args, **kwargs):
        """``Tensor.argsort(axis=-1, descending=False)`` / ``argsort(dim=-1, descending=False, stable=False)``:
        int32 indices as in MindSpore 2.10."""
        dim = _pick_arg(args, kwargs, 0, ("axis", "dim"), -1)
        descending = _pick_arg(args, kwargs, 1, ("descending",), False)
        stable = _pick_arg(args, kwargs, 2, ("stable",), False)
        return run_plain(torch.argsort, self, dim=dim, descending=descending, stable=stable).to(torch.int32)

    def topk(self, k, *args, **kwargs):
        """``Tensor.topk(k, dim=None, largest=True, sorted=True)`` (``dim`` None: the last): ``(values, int32
        indices)`` as in MindSpore 2.10."""
        dim = _pick_arg(args, kwargs, 0, ("dim",), None)
        largest = _pick_arg(args, kwargs, 1, ("largest",), True)
        srt = _pick_arg(args, kwargs, 2, ("sorted",), True)
        v, i = run_plain(torch.topk, self, k, -1 if dim is None else dim, largest, srt)
        return v, i.to(torch.int32)

    def cummin(self, axis):
        """``Tensor.cummin(axis)``: ``(values, int32 indices)`` as in MindSpore 2.10 (``dim=`` is rejected there)."""
        v, i = run_plain(torch.cummin, self, axis)
        return v, i.to(torch.int32)

    def lstsq(self, A):
        """``Tensor.lstsq(A)`` (deprecated in MindSpore, still there in 2.10) = ``ops.lstsq(self, A)``: the
        least-squares solution ``X`` of ``self @ X = A`` (torch's own ``Tensor.lstsq`` was removed and only raises)."""
        return run_plain(torch.linalg.lstsq, self, A).solution

    def take(self, indices, axis=None, mode="clip"):
        """numpy's ``take`` as MindSpore's ``Tensor.take(indices, axis=None, mode='clip')``: elements of the
        flattened tensor (``axis`` None) or whole slices along ``axis``; out-of-range indices are clipped
        (``'clip'``), wrapped (``'wrap'``) or, with ``'raise'``, clipped too (MindSpore cannot raise from a
        kernel and documents 'raise' as unsupported)."""
        if mode not in ("raise", "wrap", "clip"):
            raise ValueError(f"For 'Tensor.take', the 'mode' must be 'raise', 'wrap' or 'clip', but got '{mode}'.")
        src = torch.flatten(self) if axis is None else self
        dim = 0 if axis is None else axis
        n = src.shape[dim]
        idx = torch.as_tensor(indices).long()
        idx = torch.remainder(idx, n) if mode == "wrap" else torch.clamp(idx, -n, n - 1)
        idx = torch.where(idx < 0, idx + n, idx)
        out = torch.index_select(src, dim, torch.flatten(idx))
        shape = tuple(src.shape[:dim]) + tuple(idx.shape) + tuple(src.shape[dim + 1:])
        return torch.reshape(out, shape)

    def trace(self, offset=0, axis1=0, axis2=1, dtype=None):
        """numpy's ``trace`` as MindSpore's ``Tensor.trace(offset=0, axis1=0, axis2=1, dtype=None)``: the sums
        along the diagonals of the planes ``(axis1, axis2)``."""
        out = torch.sum(torch.diagonal(self, offset, axis1, axis2), -1)
        return out if dtype is None else out.to(dtype)

    def diagonal(self, offset=0, axis1=0, axis2=1, **kwargs):
        """``Tensor.diagonal(offset=0, axis1=0, axis2=1)``; PyTorch's ``dim1``/``dim2`` keywords, which MindSpore
        2.10 rejects, are kept for PyTorch-style code."""
        return run_plain(torch.diagonal, self, offset, kwargs.pop("dim1", axis1), kwargs.pop("dim2", axis2))

    def gather(self, *args, **kwargs):
        """MindSpore ``gather(input_indices, axis, batch_dims=0)`` takes whole slices along ``axis``
        (like ``index_select``); the torch form ``gather(dim, index)`` is kept when the first
        argument is an int."""
        if args and isinstance(args[0], numbers.Integral) and not isinstance(args[0], torch.Tensor):
            return torch.gather(self, *args, **kwargs)
        indices = args[0] if args else kwargs.pop("input_indices")
        axis = args[1] if len(args) > 1 else kwargs.pop("axis", 0)
        batch_dims = args[2] if len(args) > 2 else kwargs.pop("batch_dims", 0)
        return gather_slices(self, indices, axis, batch_dims)

    # ---- reductions with MindSpore's keywords ------------------------------------------------
    def _reduce(self, fn, args, kwargs):
        if args:
            if kwargs and "keep_dims" in kwargs:  # x.mean(-1, keep_dims=True): MindSpore's spelling after a
                kwargs = dict(kwargs)             # positional axis
                kd = bool(kwargs.pop("keep_dims"))
                if len(args) == 1:
                    return run_plain(fn, self, tuple(args[0]) if isinstance(args[0], list) else args[0], kd,
                                     **kwargs)
            return run_plain(fn, self, *args, **kwargs)
        axis, kd = _axis(kwargs)
        if axis is None or axis == ():
            out = run_plain(fn, self, **kwargs)
            if kd:
                out = torch.reshape(out, (1,) * self.dim())
            return out
        return run_plain(fn, self, axis, kd, **kwargs)

    def mean(self, *args, **kwargs):
        """MindSpore's mean: an integer tensor's mean is integer (truncated toward zero) in its dtype;
        a bool tensor raises as in MindSpore."""
        if not _dynamo_compiling():  # eager, floating input: no extra cost (PyTorch raises for integer/bool input)
            try:
                return Tensor._reduce(self, torch.mean, args, dict(kwargs) if kwargs else kwargs)
            except (RuntimeError, ValueError):  # the path below raises MindSpore's error, if any
                pass
        dt = _dtype_of(self)
        if dt is torch.bool:
            raise RuntimeError("For 'ReduceMean', unsupported reduce operation for bool.")
        return Tensor._reduce(self, _int_mean if dt in _INT_DTYPES else torch.mean, args, kwargs)

    def sum(self, *args, **kwargs):
        """``Tensor.sum(dim=None, keepdim=False, *, dtype=None)`` or the older
        ``sum(axis=None, dtype=None, keepdims=False, initial=None)``: a second positional argument that is None
        or a dtype, or a third one, selects the older order (MindSpore 2.10 accepts both)."""
        if len(args) > 2 or (len(args) == 2 and (args[1] is None or isinstance(args[1], torch.dtype))):
            kwargs = dict(kwargs, **dict(zip(("axis", "dtype", "keepdims", "initial"), args)))
            args = ()
            if kwargs.get("dtype", 0) is None:
                del kwargs["dtype"]
            if kwargs.get("initial", 0) is None:
                del kwargs["initial"]
        if "initial" in kwargs:
            init = kwargs.pop("initial")
            return Tensor._reduce(self, torch.sum, args, kwargs) + init
        return Tensor._reduce(self, torch.sum, args, kwargs)

    def prod(self, *args, **kwargs):
        if len(args) == 3:  # prod(dim, keepdim, dtype): torch's dtype is keyword-only
            args, kwargs = args[:2], dict(kwargs, dtype=args[2])
            if kwargs["dtype"] is None:
                del kwargs["dtype"]
        if args or not kwargs:
            return torch.prod(self, *args, **kwargs)
        axis, kd = _axis(kwargs)
        if axis is None:
            out = torch.prod(self)
            return torch.reshape(out, (1,) * self.dim()) if kd else out
        if isinstance(axis, tuple):
            out = self
            for a in sorted((a % self.dim() for a in axis), reverse=True):
                out = torch.prod(out, a, kd)
            return out
        return torch.prod(self, axis, kd)

    def all(self, *args, **kwargs):
        return Tensor._reduce(self, _all_bool, args, kwargs)

    def any(self, *args, **kwargs):
        return Tensor._reduce(self, torch.any, args, kwargs)

    def amax(self, *args, **kwargs):
        return Tensor._reduce(self, torch.amax, args, kwargs)

    def amin(self, *args, **kwargs):
        return Tensor._reduce(self, torch.amin, args, kwargs)

    def _maxmin(self, fn, ifn, args, kwargs):
        # MindSpore 2.10 picks the overload by the spelling (measured): positional arguments alone, or the
        # keywords ``dim``/``keepdim``, give (values, indices); ``axis``/``keepdims``/``initial``/``where``
        # (also after a positional axis: ``max(1, keepdims=True)``) give the values only.
        if not kwargs or "dim" in kwargs or "keepdim" in kwargs:
            out = fn(self, *args, **kwargs)
            return tuple(out) if type(out) is not Tensor else out  # MindSpore's plain (values, indices) tuple
        if args:
            kwargs = dict(kwargs)
            kwargs["axis"] = args[0]
            if len(args) > 1:
                kwargs["keepdims"] = args[1]
        return_indices = kwargs.pop("return_indices", False)
        initial = kwargs.pop("initial", None)
        kwargs.pop("where", None)
        axis, kd = _axis(kwargs)
        if axis is None:
            out = fn(self)
            if kd:
                out = torch.reshape(out, (1,) * self.dim())
        elif isinstance(axis, tuple):
            out = (torch.amax if fn is torch.max else torch.amin)(self, axis, kd)
        else:
            vals, idx = fn(self, axis, kd)
            if return_indices:
                return vals, idx
            out = vals
        if initial is not None:
            out = (torch.clamp_min if fn is torch.max else torch.clamp_max)(out, initial)
        return out

    def max(self, *args, **kwargs):
        """Positional ``max(1)`` → (values, indices) as torch; keyword ``max(axis=1)`` → values
        only (MindSpore), ``return_indices=True`` → both."""
        return Tensor._maxmin(self, torch.max, torch.argmax, args, kwargs)

    def min(self, *args, **kwargs):
        return Tensor._maxmin(self, torch.min, torch.argmin, args, kwargs)

    def median(self, axis=-1, keepdims=False, *, dim=None, keepdim=None):
        """``Tensor.median``: (values, indices) along ``axis`` (default the last axis, as MindSpore; PyTorch's
        ``median()`` without a dim is the global median value)."""
        axis = dim if dim is not None else axis
        nd = max(self.dim(), 1)
        if isinstance(axis, int) and not isinstance(axis, bool) and not -nd <= axis < nd:
            raise ValueError(f"For primitive[Median], the axis must be in [{-nd},{nd}), but got {axis}.")
        return tuple(torch.median(self, axis, keepdims if keepdim is None else keepdim))

    def count_nonzero(self, axis=(), keep_dims=False, dtype=mstype.int32):
        """``Tensor.count_nonzero``: over ``axis`` (all axes by default), ``keep_dims``, result in ``dtype``
        (int32 by default, as MindSpore; PyTorch's is int64 without ``keepdim``)."""
        dims = (axis,) if isinstance(axis, int) else tuple(axis) if isinstance(axis, (tuple, list)) else None
        if dims is None or any(not isinstance(d, int) or isinstance(d, bool) for d in dims):
            raise TypeError(f"For 'Tensor.count_nonzero', the 'axis' must be an int or a tuple of ints, but got "
                            f"{axis!r}.")
        nd = max(self.dim(), 1)
        for d in dims:  # MindSpore reduces with ReduceSum: its range check and message
            if not -nd <= d < nd:
                raise ValueError(f"For primitive[ReduceSum], the axis value must be in [{-nd},{nd}), but got {d}.")
        seen = set()
        for d in dims:
            if d % nd in seen:
                raise RuntimeError(f"dim={d % nd} appears multiple times in the list of dims")
            seen.add(d % nd)
        out = torch.count_nonzero(self, dims or None)
        if keep_dims:
            nd = self.dim()
            kept = {d % nd for d in dims} if dims else set(range(nd))
            out = torch.reshape(out, [1 if d in kept else n for d, n in enumerate(self.shape)])
        return out.to(mstype.to_torch_dtype(dtype))

    def argmax(self, axis=None, keepdims=False, *, dim=None, keepdim=None):
        """int64 indices (``argmin`` gives int32); a bool tensor is compared as integers (MindSpore)."""
        axis = dim if dim is not None else axis
        keepdim = keepdims if keepdim is None else keepdim
        if not _dynamo_compiling():
            try:
                return torch.argmax(self, axis, keepdim)
            except RuntimeError:
                pass
        x = torch.Tensor.to(self, torch.int32) if _dtype_of(self) is torch.bool else self  # MindSpore: as integers
        return torch.argmax(x, axis, keepdim)

    def argmin(self, axis=None, keepdims=False, *, dim=None, keepdim=None):
        """Indices as int32 (MindSpore's ``Tensor.argmin``; ``argmax`` gives int64)."""
        axis = dim if dim is not None else axis
        x = torch.Tensor.to(self, torch.int32) if _dtype_of(self) is torch.bool else self
        return torch.argmin(x, axis, keepdims if keepdim is None else keepdim).to(torch.int32)

    def _moment(self, fn, args, kwargs):
        """std/var: MindSpore's default is the population statistic (ddof=0). Integer input gives float32,
        with the mean taken as MindSpore does, in integers (truncated; measured)."""
        dt = _dtype_of(self)
        if dt is torch.bool:
            raise RuntimeError("For 'ReduceMean', unsupported reduce operation for bool.")
        if dt in _INT_DTYPES:
            fn = _int_std if fn is torch.std else _int_var
        if "correction" in kwargs or "unbiased" in kwargs:
            return fn(self, *args, **kwargs)
        ddof = kwargs.pop("ddof", 0)
        if args:
            axis = args[0]
            if len(args) > 1:
                ddof = args[1]  # MindSpore positional order: (axis, ddof, keepdims)
            kd = args[2] if len(args) > 2 else kwargs.pop("keepdims", kwargs.pop("keep_dims", False))
        else:
            axis, kd = _axis(kwargs)
        if isinstance(ddof, bool):  # torch positional form std(dim, unbiased)
            ddof = int(ddof)
        return fn(self, axis, correction=ddof, keepdim=bool(kd))

    def std(self, *args, **kwargs):
        return Tensor._moment(self, torch.std, args, kwargs)

    def var(self, *args, **kwargs):
        return Tensor._moment(self, torch.var, args, kwargs)

    def cumsum(self, axis=None, dtype=None, *, dim=None):
        """MindSpore's integer rule: int64 stays int64, other integer and bool inputs give int32 (PyTorch: int64)."""
        axis = dim if dim is not None else axis
        if dtype is None:
            dt = _dtype_of(self)
            if dt in _INT_DTYPES or dt is torch.bool:
                dtype = torch.int64 if dt is torch.int64 else torch.int32
        if axis is None:
            return torch.cumsum(torch.flatten(self), 0, dtype=dtype)
        return torch.cumsum(self, axis, dtype=dtype)

    def softmax(self, axis=-1, dtype=None, *, dim=None):
        return torch.softmax(self, axis if dim is None else dim, dtype=dtype)

    def log_softmax(self, axis=-1, dtype=None, *, dim=None):
        return torch.log_softmax(self, axis if dim is None else dim, dtype=dtype)

    def clip(self, xmin=None, xmax=None, *, min=None, max=None):
        lo = xmin if min is None else min
        hi = xmax if max is None else max
        return torch.clamp(self, lo, hi)

    def norm(self, *args, **kwargs):
        if "axis" in kwargs or "keep_dims" in kwargs:
            axis, kd = _axis(kwargs)
            return torch.linalg.vector_norm(self, kwargs.pop("ord", None) or 2, axis, kd)
        return torch.norm(self, *args, **kwargs)

    def swapaxes(self, axis0, axis1):
        return run_plain(torch.transpose, self, axis0, axis1)

    def tile(self, *reps, dims=None):
        """``Tensor.tile(dims)`` (MindSpore 2.10's keyword) or PyTorch's ``tile(*reps)``."""
        if dims is not None:
            reps = (dims,)
        if len(reps) == 1 and isinstance(reps[0], (tuple, list)):
            reps = tuple(reps[0])
        return torch.tile(self, reps)

    def view(self, *shape):
        """MindSpore's ``Tensor.view(*shape)``: the values reshaped, for any tensor. PyTorch's ``view``
        requires compatible strides (a transposed tensor raises); this is ``torch.reshape``, which
        returns a view whenever PyTorch's would and a copy otherwise. ``view(dtype)`` stays PyTorch's."""
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        if shape and isinstance(shape[0], torch.dtype):
            return _PlainTensor.view(self, *shape)
        return run_plain(torch.reshape, self, shape)

    def view_as(self, other):
        """MindSpore's ``Tensor.view_as(other)``: reshaped to ``other``'s shape, any memory layout."""
        return torch.reshape(self, _tsize(other))

    def expand(self, *size):
        """``Tensor.expand(size)``; MindSpore also accepts the shape as a Tensor."""
        if len(size) == 1 and isinstance(size[0], torch.Tensor):
            size = tuple(int(s) for s in size[0].tolist())
        elif len(size) == 1 and isinstance(size[0], (tuple, list)):
            size = tuple(size[0])
        return _PlainTensor.expand(self, size)

    def unfold(self, kernel_size, dilation=1, padding=0, stride=1):
        """MindSpore's ``Tensor.unfold(kernel_size, dilation=1, padding=0, stride=1)`` is im2col
        (``ops.unfold``) on a 4-D tensor, not PyTorch's sliding window ``unfold(dimension, size, step)``
        (PyTorch code handed a MindSpore tensor still gets PyTorch's)."""
        return torch.nn.functional.unfold(self, kernel_size, dilation, padding, stride)

    def reshape(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        return run_plain(torch.reshape, self, shape)

    def resize(self, *new_shape):
        if len(new_shape) == 1 and isinstance(new_shape[0], (tuple, list)):
            new_shape = tuple(new_shape[0])
        flat = torch.flatten(self)
        n = int(np.prod(new_shape)) if new_shape else 1
        if flat.numel() < n:
            flat = torch.cat([flat, torch.zeros(n - flat.numel(), dtype=self.dtype, device=self.device)])
        return torch.reshape(flat[:n], new_shape)

    def item(self, index=None):
        if index is None:
            return torch.Tensor.item(self)
        return torch.Tensor.item(torch.flatten(self)[index])

    def abs(self):
        if not _dynamo_compiling():
            try:
                return torch.abs(self)
            except (NotImplementedError, RuntimeError):
                pass
        if _dtype_of(self) is torch.bool:
            return torch.clone(self)  # MindSpore: a bool tensor's abs is itself
        return torch.abs(self)

    # ---- printing ----------------------------------------------------------------------------
    def __repr__(self, *, tensor_contents=None):
        dyn = getattr(self, "_ms_dyn_shape", None)
        if dyn is not None:
            return f"Tensor(shape={list(dyn)}, dtype={mstype.dtype_str(self.dtype)}, value=\n)"
        shape = list(_tsize(self))
        d = self.__dict__
        if d and d.get("_ms_pending_init"):  # MindSpore prints zeros before init_data() (a scalar: '0')
            val = "0" if not shape else _format_values(torch.zeros_like(_as_subclass(self, _PlainTensor)))
        elif d and d.get("_ms_host_repr"):
            val = np.array2string(self.asnumpy(), separator=", ")
        else:
            val = _format_values(self)
        sep = "\n" if len(shape) > 1 else " "
        return f"Tensor(shape={shape}, dtype={mstype.dtype_str(self.dtype)}, value={sep}{val})"

    def __str__(self):
        d = self.__dict__
        if d and d.get("_ms_pending_init"):  # MindSpore: no data yet, str names it (repr prints zeros)
            shape = list(_tsize(self))
            sep = "\n" if len(shape) > 1 else ""
            return f"Tensor(shape={shape}, dtype={mstype.dtype_str(self.dtype)}, value={sep}<uninitialized>)"
        # MindSpore: str(self.asnumpy()) under numpy 1.x (MindSpore 2.10 needs numpy<2); the digits are
        # pinned here so a numpy 2 install prints them the same (see _str_values).
        return _str_values(self.asnumpy(), _dtype_of(self) is torch.bfloat16)

    def __int__(self):
        try:
            return torch.Tensor.__int__(self)
        except ValueError as e:  # MindSpore's words (for a NaN or inf value)
            raise ValueError("Only one element tensors can be converted to Python scalars") from e

    def __float__(self):
        # MindSpore records no graph outside grad functions, so ``float(net(x).sum())`` never warns; torch's
        # __float__ warns "Converting a tensor with requires_grad=True to a scalar" (issue 32 item 5). The
        # value is the same: a Python float carries no graph.
        try:
            if self.requires_grad and not _dynamo_compiling():
                with DisableTorchFunctionSubclass():
                    return torch.Tensor.__float__(torch.Tensor.detach(self))
            return torch.Tensor.__float__(self)
        except ValueError as e:  # MindSpore's words (for a NaN or inf value)
            raise ValueError("Only one element tensors can be converted to Python scalars") from e

    def __format__(self, spec):
        # MindSpore's Tensor has no __format__: object's applies -- an empty spec is str(self) (for a 0-d
        # float32 loss ``f"loss {loss}"`` prints ``0.8823432``, numpy's digits), any other spec raises.
        if spec:
            raise TypeError(f"unsupported format string passed to {type(self).__name__}.__format__")
        return str(self)

    def __bool__(self):
        if self.numel() != 1:
            raise ValueError(f"The tensor should have only one element, but got {self.numel()}, "
                             "more than one element is ambiguous.")
        return bool(self.item())

    def __reduce_ex__(self, proto):
        return (_rebuild_tensor, (_as_subclass(self.detach(), _PlainTensor).cpu(),))

    def __deepcopy__(self, memo):
        out = _as_subclass(_as_subclass(self, _PlainTensor).detach().clone(), type(self))
        memo[id(self)] = out
        return out


def _direct_operator(name):
    """``Tensor.<name>`` (an arithmetic operator, indexing, a hot in-place method) without the C++ → Python
    ``__torch_function__`` dispatch: PyTorch's own C method runs with subclass dispatch off and a fresh
    result is relabelled, as ``__torch_function__`` would (measured: ``x + y`` overhead over torch
    3.1 → 1.5 µs). PyTorch code (dispatch off) and TorchDynamo (which traces ``__torch_function__``)
    get PyTorch's method unchanged. Errors are mapped to MindSpore's as in ``__torch_function__``."""
    base = getattr(_PlainTensor, name)

    def op(self, *args, **kwargs):
        if _dynamo_compiling() or not _tf_enabled() or _every_op_dispatched:
            return base(self, *args, **kwargs)
        try:
            with DisableTorchFunctionSubclass():
                ret = base(self, *args, **kwargs)
        except (RuntimeError, IndexError) as e:
            mapped = as_mindspore_error(e) or matmul_dtype_error(base, (self,) + args)
            if mapped is None:
                raise
            raise mapped from e
        if type(ret) is _PlainTensor:
            if _refcount(ret) == 2:
                ret.__class__ = Tensor
                return ret
            return _as_subclass(ret, Tensor)
        return ret
    op.__name__, op.__qualname__, op.__doc__ = name, f"Tensor.{name}", base.__doc__
    return op


# The C-level operators of torch.Tensor (``__pow__`` and the reflected ones Tensor defines above are Python
# functions in torch and keep their own paths; ``__eq__`` & co. are left alone: defining ``__eq__`` on a
# class would also reset its ``__hash__``).
for _name in ("__add__", "__radd__", "__sub__", "__mul__", "__rmul__", "__truediv__", "__matmul__", "__neg__",
              "__getitem__"):
    setattr(Tensor, _name, _direct_operator(_name))


def _torch_semantics_inside_torch(cls, names=None):
    """Make each MindSpore override on ``cls`` fall back to PyTorch's own attribute while subclass
    dispatch is disabled — i.e. inside PyTorch code that ``__torch_function__`` runs (Python-level
    functionals such as ``F.multi_head_attention_forward`` call ``.repeat``/``.view``/``.size`` on their
    arguments) and inside plain torch modules living in Cells (torch_bridge.py). MindSpore code always
    runs with dispatch enabled, so it keeps MindSpore semantics. Cost on the MindSpore path: one C call
    (``is_torch_function_enabled``, ~0.05 µs)."""
    enabled = is_torch_function_enabled
    for name, attr in list(cls.__dict__.items()):
        if names is not None and name not in names:
            continue
        if (name.startswith("__") and name != "__bool__") or not hasattr(_PlainTensor, name):
            continue
        if isinstance(attr, property):
            def getter(self, _f=attr.fget, _n=name):
                if enabled():
                    return _f(self)
                return getattr(super(cls, self), _n)
            setattr(cls, name, property(getter, attr.fset, attr.fdel, attr.__doc__))
        elif callable(attr) and not isinstance(attr, (staticmethod, classmethod)):
            base = getattr(_PlainTensor, name)

            def method(self, *args, _f=attr, _b=base, **kwargs):
                if enabled():
                    return _f(self, *args, **kwargs)
                return _b(self, *args, **kwargs)
            method.__name__, method.__qualname__, method.__doc__ = attr.__name__, attr.__qualname__, attr.__doc__
            setattr(cls, name, method)
    return cls


_torch_semantics_inside_torch(Tensor)


def _fast_reduction(name, fn):
    """``Tensor.<name>`` (a reduction taking MindSpore's overloads, ``Tensor._reduce``) with its most common
    calls — ``x.mean(axis=a, keep_dims=b)``, ``x.mean(a, keep_dims=b)``, ``x.mean(a, b)``, ``x.mean(a)`` with
    an int, tuple or list axis and a bool ``b`` — in this one frame: torch's function runs with subclass
    dispatch off (``disabled_torch_function_impl``, one C call) and the fresh result is relabelled,
    as ``run_plain`` does, without the general path's keyword parsing and its two more Python calls
    (benchmarks/HISTORY.md, "Performance work (issue 20)"). ``axis`` and ``keep_dims`` are keyword-only here so
    that CPython binds them; every other call is passed on as it was made to the general method, which also
    runs after any error (integer input, a bad axis: it raises MindSpore's error), for PyTorch code (dispatch
    off) and under TorchDynamo."""
    general = getattr(Tensor, name)

    def method(self, *args, axis=_NO_ARG, keep_dims=_NO_ARG, **kwargs):
        if not kwargs and _tf_enabled() and not _every_op_dispatched and not _dynamo_compiling():
            if axis is _NO_ARG:
                n = len(args)
                a, kd = (args[0], keep_dims) if n == 1 else args if n == 2 else (None, None)
            else:
                a, kd = (None, None) if args else (axis, keep_dims)
            if kd is _NO_ARG:
                kd = False
            if kd.__class__ is bool and a is not None and a != ():
                try:
                    ret = _disabled_impl(fn, (), (self, tuple(a) if a.__class__ is list else a, kd))
                except Exception:  # noqa: BLE001 - the general path below gives MindSpore's error
                    ret = None
                if ret.__class__ is _PlainTensor:
                    if _refcount(ret) == 2:
                        ret.__class__ = Tensor
                        return ret
                    return _as_subclass(ret, Tensor)
        if axis is not _NO_ARG:
            kwargs["axis"] = axis
        if keep_dims is not _NO_ARG:
            kwargs["keep_dims"] = keep_dims
        return general(self, *args, **kwargs)
    method.__name__, method.__qualname__, method.__doc__ = name, f"Tensor.{name}", general.__doc__
    method.__wrapped__ = general
    return method


_NO_ARG = object()
_disabled_impl = disabled_torch_function_impl
for _name, _fn in (("mean", torch.mean), ("sum", torch.sum), ("amax", torch.amax), ("amin", torch.amin)):
    setattr(Tensor, _name, _fast_reduction(_name, _fn))

# In-place methods that optimizers run once per parameter and step (torch.optim, ms_compat.nn.optim): the
# same direct call (they return ``self``, so nothing is relabelled). Set after the wrapper above: they
# check the dispatch state themselves.
for _name in ("add_", "sub_", "mul_", "div_", "copy_", "zero_", "fill_", "addcmul_", "addcdiv_", "lerp_"):
    setattr(Tensor, _name, _direct_operator(_name))


def _setitem(self, key, value):
    """``y[key] = value`` (``Tensor.__torch_function__`` sends PyTorch's ``__setitem__`` here; TorchDynamo
    refuses to trace a subclass's own ``__setitem__``, so the class keeps PyTorch's) with MindSpore's meaning: every index form PyTorch has,
    a list or tuple value taken as a tensor of ``y``'s dtype (MindSpore accepts them; PyTorch does not), and
    under autograd MindSpore's mutation model (``common/mutation.py``: later ops and the backward of ops that
    saved ``y`` as an input see the new value, ops that saved it as their output keep the old one). Traced code
    takes PyTorch's ``__setitem__`` as is."""
    if value.__class__ is _List or value.__class__ is _Tuple:
        value = torch.tensor(value, dtype=self.dtype, device=self.device)
    try:
        with DisableTorchFunctionSubclass():
            if _grad_enabled():
                return _mutate(self, _plain_setitem, key, value)
            return _plain_setitem(self, key, value)
    except (RuntimeError, IndexError) as e:
        mapped = as_mindspore_error(e)
        if mapped is None:
            raise
        raise mapped from e


def _traced_setitem(self, key, value):
    """``_setitem`` as TorchDynamo traces it (``common/mutation.py``, ``mutate_traced``)."""
    if isinstance(value, (list, tuple)):  # (TorchDynamo refuses ``__class__`` of a Tensor subclass)
        value = torch.tensor(value, dtype=self.dtype, device=self.device)
    if torch.is_grad_enabled():
        return _mutate_traced(self, _plain_setitem, key, value)
    with DisableTorchFunctionSubclass():
        # written through a plain alias: TorchDynamo re-derives the class of a tensor written in place from its
        # fake value (``synchronize_attributes``), so a write into ``self`` itself would leave it a plain
        # torch.Tensor for the rest of the trace, its MindSpore methods gone (``y.view`` of a transposed ``y``)
        return _plain_setitem(_PlainTensor.view_as(self, self), key, value)


def _mutating_method(name):
    """``Tensor.<name>`` (one of MindSpore's in-place ``*_`` methods) with MindSpore's mutation model under
    autograd (``common/mutation.py``), also under ``torch.compile`` (``mutate_traced``); grad mode off (optimizer
    steps) and PyTorch code take the method as it was."""
    plain = getattr(Tensor, name)
    functional = getattr(_PlainTensor, name[:-1], None)
    if name in _BACKWARD_READS_OUTPUT:  # y.div_(u): div(y.clone(), u), so div's backward reads the old y
        out_of_place = functional

        def functional(t, *args, **kwargs):
            return out_of_place(_plain_clone(t), *args, **kwargs)

    def method(self, *args, **kwargs):
        if not _grad_enabled() or not _tf_enabled():
            return plain(self, *args, **kwargs)
        if _dynamo_compiling():  # the same write, traceable (common/mutation.py, mutate_traced)
            if functional is not None:
                return _mutate_traced(self, lambda t, *a: _plain_copy(t, functional(t, *a, **kwargs)), *args)
            return _mutate_traced(self, lambda t, *a: plain(t, *a, **kwargs), *args)
        with DisableTorchFunctionSubclass():  # (a subclass's requires_grad getter dispatches: 3 µs, here 0.1)
            needed = self.requires_grad or _use_count(self) > 1
        if not needed:  # autograd does not need this tensor: the in-place op as it is
            return plain(self, *args, **kwargs)
        with DisableTorchFunctionSubclass():
            if functional is not None:  # y.exp_(): y[...] = exp(y), so exp's backward saves its own result
                return _mutate(self, lambda t, *a: _plain_copy(t, functional(t, *a, **kwargs)), *args)
            if kwargs:
                return _mutate(self, lambda t, *a: plain(t, *a, **kwargs), *args)
            return _mutate(self, plain, *args)
    method.__name__, method.__qualname__, method.__doc__ = name, f"Tensor.{name}", plain.__doc__
    return method


_plain_copy = _PlainTensor.copy_
_plain_clone = _PlainTensor.clone
# In-place methods whose MindSpore backward reads the op's output where PyTorch's reads its input (MindSpore's
# Div: ``-dout / y * out``, Erfinv: ``dout * sqrt(pi) / 2 * exp(out ** 2)``): the input is cloned before the write
# overwrites it (only where autograd needs the tensor), which gives MindSpore's gradient (measured).
_BACKWARD_READS_OUTPUT = ("div_", "erfinv_")
_use_count = _PlainTensor._use_count
_grad_enabled = torch.is_grad_enabled
for _name in _INPLACE_METHOD_NAMES:
    if hasattr(Tensor, _name):
        setattr(Tensor, _name, _mutating_method(_name))


class _DynamicShapeTensor(Tensor):
    """``Tensor(shape=[None, 3] | [-1, 3] | [-2], dtype=...)``: MindSpore's placeholder of unknown dimensions
    (``-2``: unknown rank) for ``Cell.set_inputs``. As in MindSpore, ``shape`` reports the declared dimensions,
    the placeholder holds no values (``size`` 0) and reading them raises ``ValueError``. A subclass, so the
    ordinary Tensor's ``shape`` stays free of the check."""

    @property
    def shape(self):
        return _Tuple(self._ms_dyn_shape)

    @property
    def ndim(self):
        return len(self._ms_dyn_shape)

    def asnumpy(self):
        raise ValueError("negative dimensions are not allowed")

    def _no_scalar(self, *_):
        raise ValueError("Only one element tensors can be converted to Python scalars")

    __float__ = __int__ = __bool__ = item = _no_scalar


_DynamicShapeTensor.__name__ = _DynamicShapeTensor.__qualname__ = "Tensor"  # MindSpore: type(t).__name__


def _format_values(t: torch.Tensor) -> str:
    a = _as_subclass(t.detach(), _PlainTensor)
    if a.dtype is torch.bfloat16:
        a = a.float()
        if not a.dim():
            return _scalar_text(a.item())
        arr = a.cpu().numpy()
        width = max((len(_scalar_text(v)) for v in arr.flat), default=0)
        return np.array2string(arr, separator=", ", formatter={"float_kind": lambda v: _scalar_text(v).rjust(width)})
    arr = a.cpu().numpy()
    if arr.dtype.kind == "f":
        fmt = {"float_kind": (lambda v: f"{v: .8e}") if arr.dtype != np.float16 else (lambda v: f"{v: .4e}")}
        return np.array2string(arr, separator=", ", formatter=fmt) if arr.ndim else _scalar_text(arr.item())
    return np.array2string(arr, separator=", ") if arr.ndim else _scalar_text(arr.item())


def _str_values(arr: np.ndarray, bfloat16: bool) -> str:
    """``str(tensor)`` as MindSpore 2.10 prints it: numpy 1.x's ``str`` of ``asnumpy()``. A bfloat16 value
    prints as C's ``%f`` (``0.882812``, ``-2.000000``; MindSpore's numpy bfloat16 type), unpadded; a 0-d float
    takes numpy 1.x's scalar digits: positional for ``1e-4 <= |v| < 1e16`` (``12345679.0``), else scientific
    (``1e-05``) -- numpy 2 switched float32 to scientific at 1e7."""
    if bfloat16:
        return f"{arr.item():f}" if not arr.ndim else np.array2string(arr, formatter={"float_kind": lambda v: f"{v:f}"})
    if arr.ndim or arr.dtype.kind != "f":
        return str(arr)
    v = arr[()]
    if not np.isfinite(v) or v == 0 or 1e-4 <= abs(float(v)) < 1e16:
        return np.format_float_positional(v, unique=True, trim="0")
    return np.format_float_scientific(v, unique=True, trim="-", exp_digits=2)


def _scalar_text(v) -> str:
    """A 0-d tensor's value in its repr: MindSpore writes it with C++ ``ostream``'s default six
    significant digits (``value= 0.882343``, ``1.23457e+07``, ``3``, ``-0``), which is Python's ``%g``."""
    if isinstance(v, (float, np.floating)):
        return format(float(v), "g")
    return format(v, "g") if isinstance(v, complex) else str(v)


def gather_slices(x, indices, axis=0, batch_dims=0):
    """MindSpore ``Gather``: whole slices of ``x`` along ``axis`` picked by ``indices`` (any rank);
    result shape ``x.shape[:axis] + indices.shape[batch_dims:] + x.shape[axis+1:]``."""
    if not isinstance(indices, torch.Tensor):
        indices = torch.as_tensor(indices)
    nd = x.dim()
    axis = axis % nd if nd else 0
    idx = indices.long()
    if batch_dims == 0:
        flat = torch.index_select(x, axis, torch.flatten(idx))
        shp = _tsize(x)
        return torch.reshape(flat, tuple(shp[:axis]) + tuple(_tsize(idx)) + tuple(shp[axis + 1:]))
    bshape = tuple(_tsize(x)[:batch_dims])
    xs = torch.reshape(x, (-1,) + tuple(_tsize(x)[batch_dims:]))
    ids = torch.reshape(idx, (-1,) + tuple(_tsize(idx)[batch_dims:]))
    outs = [gather_slices(xs[i], ids[i], axis - batch_dims, 0) for i in range(_tsize(xs)[0])]
    out = torch.stack(outs)
    return torch.reshape(out, bshape + tuple(_tsize(out)[1:]))


def _rebuild_tensor(data):
    return torch.Tensor._make_subclass(Tensor, data, False)


def tensor(input_data=None, dtype=None, shape=None, init=None, const_arg=False, device=None):
    """Mirrors ``mindspore.tensor(...)`` (same as ``Tensor(...)``)."""
    return Tensor(input_data, dtype, shape, init, const_arg=const_arg, device=device)


def is_tensor(obj) -> bool:
    """Mirrors ``mindspore.is_tensor``: any torch tensor counts."""
    return isinstance(obj, torch.Tensor)


def as_ms(t):
    """View a plain ``torch.Tensor`` as an ms_compat ``Tensor`` (no copy); non-tensors pass through."""
    if type(t) is _PlainTensor:
        return _as_subclass(t, Tensor)
    return t


def to_torch(t):
    """View an ms_compat ``Tensor``/``Parameter`` as a plain ``torch.Tensor`` (no copy)."""
    if isinstance(t, torch.Tensor) and type(t) is not _PlainTensor:
        return _as_subclass(t, _PlainTensor)
    return t


from .dynamo_support import allow_subclass_graph_inputs as _allow_subclass_graph_inputs  # noqa: E402
from .dynamo_support import route_ignored_functions as _route_ignored_functions  # noqa: E402
from .dynamo_support import route_augmented_assignment as _route_augmented_assignment  # noqa: E402
from .dynamo_support import keep_attribute_subclass as _keep_attribute_subclass  # noqa: E402
from .dynamo_support import prefer_tensor_ops_over_numpy as _prefer_tensor_ops_over_numpy  # noqa: E402
from .constant_scalar_pass import install_constant_scalar_pass as _install_constant_scalar_pass  # noqa: E402

_allow_subclass_graph_inputs(Tensor)
_route_ignored_functions()
_route_augmented_assignment(Tensor)
_keep_attribute_subclass(Tensor)
_prefer_tensor_ops_over_numpy(Tensor)
_install_constant_scalar_pass()

# Nothing here is added to torch's global weights_only allow-list (issue 22): ms_compat's own
# loaders use a scoped one (ms_compat.train.serialization.torch_load_state_dict).
