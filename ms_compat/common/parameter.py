"""``mindspore.Parameter`` and ``mindspore.ParameterTuple`` on ``torch.nn.Parameter``.

A ``Parameter`` is both an ms_compat ``Tensor`` (MindSpore method semantics) and a
``torch.nn.Parameter`` (so ``torch.nn.Module`` registration, ``torch.optim``, DDP and ``state_dict``
see a normal parameter). It carries MindSpore's mutable ``name`` (``'Parameter#N'`` until a Cell
names it) and the parallel-only attributes, which are stored and documented but have no effect.
Differences: integer/bool Parameters report MindSpore's ``requires_grad`` flag (True by default) but
torch cannot record gradients for them: PyTorch's own machinery (autograd, DDP) sees them as not
requiring grad, and a gradient taken with respect to one is None. ``p.grad`` exists (torch fills it on
``backward()``; MindSpore has none).
"""
from __future__ import annotations

import itertools
import numbers
import re

import numpy as np
import torch

from . import dtype as mstype
from .._torch_seam import TensorBase, is_compiling
from .mutation import write_untracked as _write_untracked
from .mutation import write_untracked_traced as _write_untracked_traced
from .tensor import Tensor, _PlainTensor, _as_subclass

__all__ = ["Parameter", "ParameterTuple"]

_counter = itertools.count(1)
_GENERATED = "Parameter#"
_rg_get = TensorBase.requires_grad.__get__
_rg_set = TensorBase.requires_grad.__set__


def _next_name():
    return f"{_GENERATED}{next(_counter)}"


def _data_from(default_input):
    """MindSpore's conversions for Parameter(default_input). A Tensor (or Parameter) is copied, as MindSpore
    2.10 does: later in-place changes to the Tensor do not reach the Parameter, nor the other way round
    (measured; a torch.nn.Parameter would alias it)."""
    if isinstance(default_input, bool):
        raise ValueError("Parameter data can not be `bool`")
    if isinstance(default_input, torch.Tensor):
        return _as_subclass(default_input.detach(), _PlainTensor).clone()
    if isinstance(default_input, numbers.Integral):
        return torch.tensor(int(default_input), dtype=torch.int32)
    if isinstance(default_input, numbers.Real):
        return torch.tensor(float(default_input), dtype=torch.float32)
    if isinstance(default_input, np.ndarray):
        return torch.from_numpy(np.ascontiguousarray(default_input).copy())
    if isinstance(default_input, list):
        return _as_subclass(Tensor(default_input), _PlainTensor)
    raise TypeError("The type of the argument 'default_input' must be in ['Tensor', 'int', 'float', "
                    f"'numpy.ndarray', 'list']. But got type {type(default_input)}.")


def _check_bool(name, value):
    if not isinstance(value, bool):
        # MindSpore 2.10 ends these messages with a period except for requires_grad
        raise TypeError(f"The argument `{name}` must be bool type" + ("" if name == "requires_grad" else "."))


class Parameter(Tensor, torch.nn.Parameter):
    """Mirrors ``mindspore.Parameter(default_input, name=None, requires_grad=True,
    layerwise_parallel=False, parallel_optimizer=True, storage_format='', device=None)``."""

    def __new__(cls, default_input=None, name=None, requires_grad=True, layerwise_parallel=False,
                parallel_optimizer=True, storage_format="", device=None):
        return cls._make(_data_from(default_input), name, requires_grad, layerwise_parallel, parallel_optimizer,
                         storage_format, device)

    @classmethod
    def _make(cls, data, name=None, requires_grad=True, layerwise_parallel=False, parallel_optimizer=True,
              storage_format="", device=None):
        _check_bool("requires_grad", requires_grad)
        _check_bool("layerwise_parallel", layerwise_parallel)
        _check_bool("parallel_optimizer", parallel_optimizer)
        from ..context import _default_device, _resolve_device
        dev = _resolve_device(device) if device is not None else _default_device()
        if dev is not None and data.device != dev:
            data = data.to(dev)
        can_grad = data.is_floating_point() or data.is_complex()
        if not can_grad and cls is Parameter:
            cls = _NoGradParameter  # reports MindSpore's requires_grad flag (below)
        self = torch.Tensor._make_subclass(cls, data, requires_grad and can_grad)
        Parameter._init_state(self, name, requires_grad, layerwise_parallel, parallel_optimizer, storage_format)
        return self

    @staticmethod
    def _init_state(self, name, requires_grad, layerwise_parallel=False, parallel_optimizer=True,
                    storage_format=""):
        d = self.__dict__
        d["_ms_name"] = _next_name() if not name else Parameter._checked_name(name)
        d["_ms_requires_grad"] = requires_grad
        d["layerwise_parallel"] = layerwise_parallel
        d["parallel_optimizer"] = parallel_optimizer
        d["storage_format"] = storage_format
        d["comm_fusion"] = 1
        d["parallel_optimizer_comm_recompute"] = False
        d["unique"] = False
        d["sliced"] = False
        d["key"] = -1
        d["cache_enable"] = False
        d["cache_shape"] = []
        d["inited_param"] = None
        d["is_init"] = False
        d["requires_aggr"] = True

    @staticmethod
    def _owning(data: torch.Tensor, name: str) -> "Parameter":
        """A Parameter that takes over ``data`` without the copy ``Parameter(data)`` makes, for tensors made
        just for it and referenced nowhere else (a checkpoint's loaded arrays): same result, half the memory."""
        return Parameter._make(_as_subclass(data.detach(), _PlainTensor), name)

    @staticmethod
    def _adopt(p: torch.nn.Parameter, name: str) -> "Parameter":
        """Turn a plain ``torch.nn.Parameter`` into an ms_compat Parameter in place (same object)."""
        p.__class__ = Parameter
        Parameter._init_state(p, name, bool(_rg_get(p)))
        return p

    def __init__(self, *args, **kwargs):
        pass

    # -- name -------------------------------------------------------------------------------
    @staticmethod
    def _checked_name(name):
        if name is None or name == "":
            return _next_name()
        if not isinstance(name, str):
            raise ValueError(f"The type of the Parameter's name should be 'string' or 'None', but got {type(name)}.")
        if len(name) > 1024:
            raise ValueError(f"The length of the '{name}' name should be less than 1024.")
        return name

    @property
    def name(self):
        """The MindSpore parameter name (checkpoint key, ``parameters_dict`` key)."""
        return self.__dict__["_ms_name"]

    @name.setter
    def name(self, value):
        self.__dict__["_ms_name"] = Parameter._checked_name(value)

    def _has_generated_name(self):
        return self.__dict__["_ms_name"].startswith(_GENERATED)

    # -- requires_grad ------------------------------------------------------------------------
    # ``requires_grad`` is PyTorch's own attribute: torch.compile cannot trace an overridden one
    # ("Unsupported tensor subclass overridden attribute access"). Integer/bool Parameters cannot record
    # gradients in PyTorch, so for them it reads False; their MindSpore flag is kept in
    # ``_ms_requires_grad`` and used by repr, ``trainable_params`` and ``clone``.
    def _ms_trainable(self):
        if self.is_floating_point() or self.is_complex():
            return _rg_get(self)
        return self.__dict__.get("_ms_requires_grad", False)

    @property
    def param_info(self):
        return self

    @property
    def has_init(self):
        return False

    # -- data ---------------------------------------------------------------------------------
    def value(self):
        """``Parameter.value()``: a Tensor holding a copy of the data."""
        return _as_subclass(_as_subclass(self, _PlainTensor).detach().clone(), Tensor)

    def set_data(self, data, slice_shape=False):
        """``Parameter.set_data``: in place, cast to this Parameter's dtype; a new shape is accepted
        (as MindSpore 2.10 PyNative does). Returns self."""
        if isinstance(data, bool) or not isinstance(data, (torch.Tensor, numbers.Number)):
            raise TypeError("Parameter data must be [`Tensor`, `int`, `float`] or a kind of `Tensor` "
                            f"(like `Tensor`). But with type {type(data)}.")
        if isinstance(data, numbers.Number):
            if isinstance(data, float) and not (self.is_floating_point() or self.is_complex()):
                raise TypeError(f"Can not set a float value to the Parameter '{self.name}' of dtype "
                                f"{mstype.dtype_str(self.dtype)}.")
            new = torch.tensor(data, dtype=self.dtype, device=self.device)
        elif torch.compiler.is_compiling():  # (TorchDynamo cannot trace ``as_subclass`` of a Tensor subclass)
            new = data.detach().to(device=self.device, dtype=self.dtype)
        else:
            new = _as_subclass(data.detach(), _PlainTensor).to(device=self.device, dtype=self.dtype)
        with torch.no_grad():
            if tuple(new.shape) == tuple(_PlainTensor.size(self)):
                write = _write_untracked_traced if torch.compiler.is_compiling() else _write_untracked
                write(self, _PlainTensor.copy_, new)
            else:
                torch.Tensor.data.__set__(self, new.clone())
        if slice_shape:
            self.__dict__["sliced"] = True
        return self

    def assign_value(self, value):
        return self.set_data(value)

    def init_data(self, layout=None, set_sliced=False):
        return self

    def clone(self, init="same", *args, **kwargs):
        """``Parameter.clone(init='same')`` → a new Parameter with the same name and requires_grad.

        With a non-string ``init`` that is a torch ``memory_format`` keyword use, behaves as
        ``torch.Tensor.clone`` (returns a Tensor), so PyTorch code calling ``p.clone()`` still works
        (it gets a Parameter copy)."""
        if kwargs or args:
            return _as_subclass(_PlainTensor.clone(self, *args, **kwargs), Tensor)
        if isinstance(init, str) and init == "same":
            data = _as_subclass(self, _PlainTensor).detach().clone()
        elif isinstance(init, torch.Tensor):
            data = _as_subclass(init, _PlainTensor).detach().clone().to(self.dtype)
        elif isinstance(init, numbers.Number):
            data = torch.full(tuple(self.shape), init, dtype=self.dtype, device=self.device)
        else:
            from .initializer import initializer
            data = _as_subclass(initializer(init, tuple(self.shape), self.dtype), _PlainTensor)
        out = Parameter._make(data, name=self.name, requires_grad=self._ms_trainable(),
                              layerwise_parallel=self.layerwise_parallel, parallel_optimizer=self.parallel_optimizer)
        return out

    def copy(self):
        """``Parameter.copy()``: a new Parameter with the same name, data and requires_grad."""
        return self.clone()

    def add_pipeline_stage(self, stage):
        import warnings
        warnings.warn("This interface may be deleted in the future.", DeprecationWarning, stacklevel=2)

    # -- printing / copying ---------------------------------------------------------------------
    def __repr__(self, *, tensor_contents=None):
        return (f"Parameter (name={self.name}, shape={tuple(_PlainTensor.size(self))}, "
                f"dtype={mstype.dtype_str(self.dtype)}, requires_grad={self._ms_trainable()})")

    __str__ = __repr__

    def __hash__(self):
        return id(self)

    def __deepcopy__(self, memo):
        if id(self) in memo:
            return memo[id(self)]
        out = Parameter._rebuild(_as_subclass(self, _PlainTensor).detach().clone(), self._state())
        memo[id(self)] = out
        return out

    def _state(self):
        return {k: v for k, v in self.__dict__.items()}

    def __reduce_ex__(self, proto):
        return (Parameter._rebuild, (_as_subclass(self.detach(), _PlainTensor).cpu(), self._state()))

    @staticmethod
    def _rebuild(data, state):
        p = Parameter._make(data, name=state.get("_ms_name"),
                            requires_grad=bool(state.get("_ms_requires_grad", True)))
        p.__dict__.update(state)
        return p


from .tensor import _torch_semantics_inside_torch  # noqa: E402

_torch_semantics_inside_torch(Parameter, names={"clone"})


class _NoGradParameter(Parameter):
    """A ``Parameter`` of an integer or bool dtype (named ``Parameter``, as in MindSpore): ``requires_grad``
    reads and sets MindSpore's flag (True by default), which PyTorch's own attribute cannot hold for these
    dtypes; PyTorch's machinery (autograd, DDP: the C++ attribute) sees False. A separate class so float
    Parameters keep PyTorch's own ``requires_grad`` (torch.compile cannot trace an overridden one)."""

    @property
    def requires_grad(self):
        if self.is_floating_point() or self.is_complex() or is_compiling():  # set_data changed the dtype;
            return _rg_get(self)  # Dynamo's fake copy of the Parameter (ms.jit) must hold torch's own False
        return self.__dict__.get("_ms_requires_grad", False)

    @requires_grad.setter
    def requires_grad(self, value):
        if self.is_floating_point() or self.is_complex():
            _rg_set(self, value)
        self.__dict__["_ms_requires_grad"] = bool(value)

    def requires_grad_(self, requires_grad=True):
        self.requires_grad = requires_grad
        return self


_NoGradParameter.__name__ = _NoGradParameter.__qualname__ = "Parameter"


class ParameterTuple(tuple):
    """Mirrors ``mindspore.ParameterTuple``: a tuple of Parameters with unique names."""

    def __new__(cls, iterable):
        data = tuple(iterable)
        names = set()
        ids = set()
        for x in data:
            if not isinstance(x, Parameter):
                raise TypeError("For ParameterTuple initialization, ParameterTuple input should be 'Parameter' "
                                f"collection, but got a {type(iterable)}. ")
            if id(x) in ids:  # the same Parameter repeated is allowed (checked once)
                continue
            if x.name in names:
                raise ValueError(f"The value {x} , its name '{x.name}' already exists. "
                                 "Please set a unique name for the parameter.")
            names.add(x.name)
            ids.add(id(x))
        return tuple.__new__(cls, data)

    def clone(self, prefix, init="same"):
        """New ParameterTuple with names ``prefix + '.' + name``."""
        _check_prefix(prefix)
        out = []
        for p in self:
            q = p.clone(init)
            q.name = prefix + "." + p.name
            out.append(q)
        return ParameterTuple(out)

    def __parameter_tuple__(self):
        return True


_PREFIX_RE = re.compile(r"^\w*[0-9a-zA-Z\_\.\-]*$", re.ASCII)


def _check_prefix(prefix):
    if not isinstance(prefix, str):
        raise TypeError(f"expected string or bytes-like object, got '{type(prefix).__name__}'")
    if not _PREFIX_RE.match(prefix):
        raise ValueError(f"The '{prefix}' is illegal, it must be match regular'^\\w*[0-9a-zA-Z\\_\\.\\-]*$' by "
                         "flags're.ASCII.'")

