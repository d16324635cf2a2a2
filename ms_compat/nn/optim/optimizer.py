"""``mindspore.nn.Optimizer``: the base Cell of the MindSpore-style optimizers.

An optimizer is a Cell called with a tuple of gradients (in the order of ``optimizer.parameters``)
that updates the parameters in place, under ``torch.no_grad``. It keeps MindSpore's state as
Parameters with MindSpore's names (``global_step``, ``learning_rate``, ``moment1.<param name>`` ...),
so they appear in ``parameters_dict()`` and checkpoints as MindSpore writes them.

Learning rate: a float or 0-d Tensor (stored as the Parameter ``learning_rate``), a list / 1-D Tensor
(one value per step, indexed by ``global_step``), or a ``LearningRateSchedule`` cell. Parameter groups:
a list of dicts with ``'params'`` and optional ``'lr'``, ``'weight_decay'``, ``'grad_centralization'``,
plus an optional ``{'order_params': [...]}``. Weight decay (L2 added to the gradient for most
optimizers) skips parameters whose name contains ``'beta'`` or ``'gamma'`` when parameters are not
grouped; with groups it applies where the group's ``weight_decay > 0``. ``loss_scale`` multiplies
weight decay and divides gradients, as MindSpore does.

Speed: where the optimizer's scalar state is on the CPU, the update runs as multi-tensor calls
(``torch._foreach_*``) for all parameters at once, or as PyTorch's fused kernel where that kernel computes
MindSpore's rule (Momentum, SGD, Adam, AdamWeightDecay, Adagrad; fused SGD with several CPU threads only for
tensors of at least 32768 elements, ``_fused_split``); learning rates are read once per step as Python numbers.
``_use_foreach = False`` selects the per-parameter loops, the reference the tests hold the fast paths to
(benchmarks/HISTORY.md, "Optimizer step cost").

Differences: the update runs eagerly in PyTorch (no graph); sparse (``RowTensor``) gradients and
the parallel optimizer are not supported; ``Module.parameters()`` is still callable on an
optimizer (``opt.parameters`` is also MindSpore's ParameterTuple).
"""
from __future__ import annotations

import sys
from collections.abc import Iterable
from itertools import chain, repeat
from operator import attrgetter, methodcaller

import numpy as np
import torch
from ..._torch_seam import DisableTorchFunctionSubclass

from ...common.parameter import Parameter, ParameterTuple
from ...common.tensor import Tensor, as_ms, to_torch
from ..cell import Cell
from . import _validate as V

__all__ = ["Optimizer", "opt_init_args_register"]

_DTYPE, _DEVICE, _IS_CPU = attrgetter("dtype"), attrgetter("device"), attrgetter("is_cpu")
_VERSION, _DATA_PTR, _NUMEL = attrgetter("_version"), methodcaller("data_ptr"), methodcaller("numel")
# at::internal::GRAIN_SIZE: PyTorch's element-wise CPU kernels (and so each tensor of a foreach op) use one thread
# below this many elements, while its fused CPU optimizer kernels split every tensor over the intra-op threads
_PARALLEL_GRAIN = 32768
_GROUP_KEYS = ["params", "lr", "weight_decay", "order_params", "grad_centralization"]


class _OptimizerParameters(ParameterTuple):
    """``optimizer.parameters``: MindSpore's ParameterTuple; calling it (torch's ``Module.parameters()``)
    still yields the optimizer module's parameters."""

    def __call__(self, recurse=True):
        owner = self.__dict__.get("_owner")
        return torch.nn.Module.parameters(owner, recurse) if owner is not None else iter(self)


def _zeros_like_state(params, prefix, fill=0.0):
    """``ParameterTuple.clone(prefix, init)``: new Parameters named ``prefix.<name>``, filled with ``fill``."""
    out = []
    for p in params:
        data = torch.full(tuple(p.shape), fill, dtype=p.dtype, device=p.device)
        out.append(Parameter(data, name=f"{prefix}.{p.name}", requires_grad=p.requires_grad))
    return ParameterTuple(out)


class _IteratorLearningRate(Cell):
    """A 1-D learning-rate Tensor indexed by the global step (MindSpore's ``_IteratorLearningRate``)."""

    def __init__(self, learning_rate, name):
        super().__init__()
        if learning_rate.ndim != 1:
            raise ValueError("For 'Optimizer', the dimension of the argument 'learning_rate' should be 1, "
                             f"but got {learning_rate.ndim}.")
        self.learning_rate = Parameter(learning_rate, name)

    def construct(self, global_step):
        lr = to_torch(self.learning_rate)
        idx = to_torch(global_step).long().reshape(-1)
        n = lr.shape[0]
        bad = (idx >= n) | (idx < -n)
        if bool(bad.any()):
            raise RuntimeError(f"For 'Gather', the 'input_indices' should be in the range [0, {n}), but got "
                               f"{int(idx[bad][0])}, error_code[58]")
        return as_ms(lr[idx])


class _ConvertToCell(Cell):
    """A fixed learning-rate Parameter used where other groups have dynamic rates."""

    def __init__(self, learning_rate):
        super().__init__()
        if not isinstance(learning_rate, Parameter):
            raise TypeError("For 'Optimizer', the argument 'learning_rate' must be Parameter, "
                            f"but got {type(learning_rate)}.")
        self.learning_rate = learning_rate

    def construct(self, global_step):
        return as_ms(to_torch(self.learning_rate).clone())


class _CellSequence(Cell):
    """Ordered holder of cells with ``auto_prefix=False`` (MindSpore's ``CellList(..., auto_prefix=False)``)."""

    def __init__(self, cells):
        super().__init__(auto_prefix=False)
        for i, c in enumerate(cells):
            self._modules[str(i)] = c

    def __getitem__(self, i):
        return self._modules[str(i)]

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())


class _WrappedWeightDecay(Cell):
    def __init__(self, weight_decay, loss_scale=1.0):
        super().__init__()
        self.weight_decay = weight_decay
        self.loss_scale = loss_scale

    def construct(self, global_step):
        return self.weight_decay(global_step) * self.loss_scale


def _is_lr_schedule(x):
    from ..learning_rate_schedule import LearningRateSchedule
    return isinstance(x, LearningRateSchedule)


class Optimizer(Cell):
    """Mirrors ``mindspore.nn.Optimizer(learning_rate, parameters, weight_decay=0.0, loss_scale=1.0)``.

    Subclasses implement ``construct(gradients)``. Helpers for them: ``_prepare_gradients`` (weight
    decay, gradient centralization, loss-scale division), ``_lr_list`` (one learning rate per
    parameter for this step), ``_step_increase``."""

    _support_parallel_optimizer = False
    # multi-tensor (``torch._foreach_*``) update on every device: one call per operation for all parameters
    # instead of a Python loop per parameter (benchmarks/HISTORY.md, "Optimizer step cost"); False selects the
    # per-parameter loop, kept as the reference the tests hold the multi-tensor path to
    _use_foreach = True

    def __init_subclass__(cls, **kwargs):
        # MindSpore decorates the __init__ of each of its nn optimizers with opt_init_args_register (init_params,
        # init_args, init_learning_rate: what mindspore.boost reads to rebuild an optimizer); ms_compat's own
        # optimizers get the same records
        super().__init_subclass__(**kwargs)
        if cls.__module__.startswith("ms_compat.nn.optim.") and "__init__" in vars(cls):
            cls.__init__ = opt_init_args_register(vars(cls)["__init__"])

    def __init__(self, learning_rate, parameters, weight_decay=0.0, loss_scale=1.0):
        super().__init__(auto_prefix=False)
        parameters = self._parameters_base_check(parameters, "parameters")
        if not all(isinstance(x, Parameter) for x in parameters) and not all(isinstance(x, dict) for x in parameters):
            raise TypeError("For 'Optimizer', all elements of the argument 'parameters' must be 'Parameter' or "
                            "'dict', please check the 'parameters'.")
        if isinstance(loss_scale, int) and not isinstance(loss_scale, bool):
            loss_scale = float(loss_scale)
        V.value_type("loss_scale", loss_scale, [float], self.cls_name)
        V.positive_float(loss_scale, "loss_scale", self.cls_name)
        self.loss_scale = loss_scale
        self.dynamic_weight_decay = False
        self.grad_centralization = False
        self.dynamic_lr = False
        self.is_group = False
        self.is_group_lr = False
        self.is_group_params_ordered = False
        self.global_step = Parameter(Tensor(np.zeros([1], np.int32)), name="global_step")
        self._init_subclass_helpers()
        learning_rate = self._preprocess_single_lr(learning_rate)
        if isinstance(parameters[0], dict):
            self.is_group = True
            d = self.__dict__  # plain lists, kept out of Cell's list-of-Parameters name checks
            d["group_params"], d["group_lr"], d["group_weight_decay"], d["group_grad_centralization"] = [], [], [], []
            self._init_group_params(parameters, learning_rate, weight_decay, self.grad_centralization)
        self._init_opt_attrs(learning_rate, parameters, weight_decay)

    # ------------------------------------------------------------------ set-up
    def _init_subclass_helpers(self):
        """What MindSpore's ``Optimizer.__init__`` gives every subclass to write its ``construct`` with (third-party
        optimizers, e.g. mindcv's AdamW, step ``global_step`` themselves with ``self.assignadd(self.global_step,
        self.global_step_increase_tensor)`` and map their update with ``self.hyper_map``)."""
        from ...ops import composite as C
        from ...ops import operations as P
        self.assignadd = P.AssignAdd()
        self.global_step_increase_tensor = Tensor(np.ones([1], np.int32))
        self.map_, self.map_reverse = C.Map(), C.Map(None, True)
        self.hyper_map, self.hyper_map_reverse = C.HyperMap(), C.HyperMap(None, True)
        self.param_rank = None
        self.enable_tuple_broaden = True
        self.add_flags(skip_auto_parallel_compile=True)

    def _is_dynamic_lr_or_weight_decay(self):
        """Mirrors MindSpore's ``Optimizer._is_dynamic_lr_or_weight_decay`` (subclasses step ``global_step`` when
        it is True)."""
        return self.dynamic_lr or self.dynamic_weight_decay

    def _set_param_tuple(self, name, value):
        """Register a ParameterTuple attribute (its members become this cell's parameters) and make
        ``self.<name>`` return the tuple itself."""
        setattr(self, name, value)
        self.__dict__[name] = value

    def _init_opt_attrs(self, learning_rate, parameters, weight_decay):
        weight_decay = self._preprocess_weight_decay(weight_decay)
        if self.is_group_lr:
            if self.dynamic_lr:
                self.learning_rate = _CellSequence(self.group_lr)
            else:
                self._set_param_tuple("learning_rate", ParameterTuple(self.group_lr))
        else:
            lr = self._build_single_lr(learning_rate, "learning_rate")
            self.learning_rate = lr
        params = _OptimizerParameters(self.group_params if self.is_group else parameters)
        params.__dict__["_owner"] = self
        self._set_param_tuple("parameters", params)
        self._params_tuple = params
        if self.is_group:
            self.decay_flags = tuple(isinstance(x, Cell) or x > 0 for x in self.group_weight_decay)
            self.dynamic_decay_flags = tuple(isinstance(x, Cell) for x in self.group_weight_decay)
            self._set_weight_decay(tuple(self.group_weight_decay))
            self.exec_weight_decay = any(self.decay_flags)
            self.grad_centralization_flags = tuple(self.group_grad_centralization)
        else:
            self.decay_flags = tuple("beta" not in p.name and "gamma" not in p.name for p in params)
            self.dynamic_decay_flags = isinstance(weight_decay, Cell)
            self.exec_weight_decay = isinstance(weight_decay, Cell) or weight_decay > 0
            self._set_weight_decay(weight_decay)
        self.__dict__["_reciprocal_scale"] = 1.0 / self.loss_scale  # the float scale_grad multiplies by
        self.reciprocal_scale = Tensor(np.array(1.0 / self.loss_scale, np.float32))  # MindSpore's (subclasses)
        self.need_scale = self.loss_scale != 1.0
        self.param_length = len(params)
        self.optim_filter = (True,) * self.param_length
        from ...parallel.optimizer_shard import plan_parallel_optimizer
        plan_parallel_optimizer(self)  # enable_parallel_optimizer: use_parallel, param_rank, optim_filter

    def _set_weight_decay(self, weight_decay):
        """``weight_decay`` as MindSpore holds it (a float32 Tensor or the schedule cell; a tuple of them per
        parameter with groups: what a subclass's ``construct`` dispatches on, e.g. a ``MultitypeFuncGraph`` registered
        for ``"Tensor"``); the plain floats stay in ``_weight_decay`` for :meth:`get_weight_decay`."""
        def ms_form(w):
            return w if isinstance(w, Cell) else Tensor(np.array(w, np.float32))

        self.__dict__["_weight_decay"] = weight_decay
        self.weight_decay = tuple(map(ms_form, weight_decay)) if self.is_group else ms_form(weight_decay)

    @staticmethod
    def _parameters_base_check(parameters, param_info):
        if parameters is None:
            raise ValueError(f"For 'Optimizer', the argument {param_info} can not be None.")
        if not isinstance(parameters, Iterable):
            raise TypeError(f"For 'Optimizer', the argument {param_info} must be Iterable type, "
                            f"but got {type(parameters)}.")
        parameters = list(parameters)
        if not parameters:
            raise ValueError(f"For 'Optimizer', the argument {param_info} must not be empty.")
        return parameters

    def _preprocess_weight_decay(self, weight_decay):
        if isinstance(weight_decay, (float, int)) and not isinstance(weight_decay, bool):
            weight_decay = float(weight_decay)
            V.non_negative_float(weight_decay, "weight_decay", self.cls_name)
            return weight_decay * self.loss_scale
        if isinstance(weight_decay, Cell):
            self.dynamic_weight_decay = True
            return _WrappedWeightDecay(weight_decay, self.loss_scale)
        raise TypeError("For 'Optimizer', the argument 'Weight_decay' must be int, float or Cell.but got "
                        f"{type(weight_decay)}")

    def _preprocess_single_lr(self, learning_rate):
        if isinstance(learning_rate, (float, int)) and not isinstance(learning_rate, bool):
            learning_rate = float(learning_rate)
            V.non_negative_float(learning_rate, "learning rate", self.cls_name)
            return learning_rate
        if isinstance(learning_rate, torch.Tensor) and learning_rate.ndim == 0:
            return Tensor(to_torch(learning_rate).detach().cpu().numpy(), dtype=torch.float32)
        self.dynamic_lr = True
        if _is_lr_schedule(learning_rate):
            return learning_rate
        if isinstance(learning_rate, torch.Tensor):
            if learning_rate.ndim > 1:
                raise ValueError("For 'Optimizer', if 'learning_rate' is Tensor type, then the dimension of it "
                                 f"should be 0 or 1, but got {learning_rate.ndim}.")
            return Tensor(to_torch(learning_rate).detach().cpu().numpy(), dtype=torch.float32)
        if isinstance(learning_rate, Iterable):
            return Tensor(np.array([float(x) for x in learning_rate], dtype=np.float32))
        raise TypeError("For 'Optimizer', the argument 'learning_rate' must be int, float, Tensor, Iterable or "
                        f"LearningRateSchedule, but got {type(learning_rate)}.")

    def _build_single_lr(self, learning_rate, name):
        if isinstance(learning_rate, float):
            lr = Parameter(Tensor(learning_rate, torch.float32), name)
            return _ConvertToCell(lr) if self.is_group_lr and self.dynamic_lr else lr
        if isinstance(learning_rate, torch.Tensor) and learning_rate.ndim == 0:
            lr = Parameter(learning_rate, name)
            return _ConvertToCell(lr) if self.is_group_lr and self.dynamic_lr else lr
        if isinstance(learning_rate, torch.Tensor) and learning_rate.ndim == 1:
            return _IteratorLearningRate(learning_rate, name)
        return learning_rate

    def _check_group_params(self, parameters):
        for group in parameters:
            invalid = [k for k in group.keys() if k not in _GROUP_KEYS]
            if invalid:
                raise KeyError(f"For 'Optimizer', the key in group params must be one of in {_GROUP_KEYS}, "
                               f"but got {invalid}.")
            if "order_params" in group:
                if len(group.keys()) > 1:
                    raise ValueError("For 'Optimizer', the order params dict in group parameters should only "
                                     f"include the 'order_params' key, but got {group.keys()}.")
                if not isinstance(group["order_params"], Iterable):
                    raise TypeError("For 'Optimizer', the value of 'order_params' in group parameters should "
                                    f"be Iterable type, but got {type(group['order_params'])}.")
                continue
            ps = self._parameters_base_check(group["params"], "group `params`")
            for i, p in enumerate(ps):
                if not isinstance(p, Parameter):
                    raise TypeError("For 'Optimizer', the element in group parameters must be Parameter type, "
                                    f"but got {type(p)} at index {i}.")

    def _parse_group_params(self, parameters, learning_rate):
        self._check_group_params(parameters)
        tensor_len = learning_rate.size if isinstance(learning_rate, torch.Tensor) and learning_rate.ndim == 1 else 0
        for group in parameters:
            if "order_params" in group:
                self.is_group_params_ordered = True
                continue
            if "lr" in group:
                self.is_group_lr = True
                glr = self._preprocess_single_lr(group["lr"])
                if isinstance(glr, torch.Tensor) and glr.ndim == 1:
                    if tensor_len == 0:
                        tensor_len = glr.size
                    elif glr.size != tensor_len:
                        raise ValueError("For 'Optimizer', the Tensor type dynamic learning rate in group must be "
                                         "the same size as the argument 'learning_rate'.")

    def _init_group_params(self, parameters, learning_rate, weight_decay, grad_centralization):
        self._parse_group_params(parameters, learning_rate)
        default_lr = self._build_single_lr(learning_rate, "learning_rate")
        seen = []
        ordered = []
        for num, group in enumerate(parameters):
            if "order_params" in group:
                ordered = list(group["order_params"])
                continue
            ps = list(group["params"])
            self.group_params.extend(ps)
            if "lr" in group:
                lr = self._build_single_lr(self._preprocess_single_lr(group["lr"]), f"learning_rate_group_{num}")
            else:
                lr = default_lr
            wd = self._preprocess_weight_decay(group.get("weight_decay", weight_decay))
            if "grad_centralization" in group:
                gc = group["grad_centralization"]
                if not isinstance(gc, bool):
                    raise TypeError("For 'Optimizer', the 'gradients_centralization' must be bool type, "
                                    f"but got {type(gc)}.")
                self.grad_centralization = gc
            else:
                gc = grad_centralization
            for p in ps:
                if p.name in seen:
                    raise RuntimeError(f"For 'Optimizer', the {p.name} parameter already exists, it does not "
                                       "support repeated setting. Please check whether the optimizer parameter "
                                       "has been set multiple times.")
                seen.append(p.name)
                self.group_lr.append(lr)
                self.group_weight_decay.append(wd)
                self.group_grad_centralization.append(gc)
        if self.is_group_params_ordered and ordered:
            if len(ordered) != len(self.group_params):
                raise ValueError("For 'Optimizer',the length of order parameters must be the same as the length of "
                                 f"group parameters, but got order parameters' length {len(ordered)}, "
                                 f"group parameters' length {len(self.group_params)}.")
            names = [p.name for p in ordered]
            idx = [names.index(p.name) for p in self.group_params]
            n = len(idx)
            perm = [None] * n
            for src, dst in enumerate(idx):
                perm[dst] = src
            d = self.__dict__
            for key in ("group_params", "group_lr", "group_weight_decay", "group_grad_centralization"):
                d[key] = [d[key][i] for i in perm]

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                              error_msgs):
        n = len(unexpected_keys)
        super()._load_from_state_dict(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                                      error_msgs)
        # state Parameters are registered under dotted MindSpore names ('moment1.fc.weight'), which
        # torch's strict check mistakes for children's keys although it loads them
        own = self.__dict__["_parameters"]
        unexpected_keys[n:] = [k for k in unexpected_keys[n:] if k[len(prefix):] not in own]

    # ------------------------------------------------------------------ MindSpore API
    @property
    def unique(self):
        return self.__dict__.get("_unique", True)

    @unique.setter
    def unique(self, value):
        if not isinstance(value, bool):
            raise TypeError(f"For 'Optimizer', the property 'unique' must be bool, but got {type(value)}")
        self.__dict__["_unique"] = value

    @property
    def target(self):
        from ...context import get_context
        return self.__dict__.get("_target") or get_context("device_target")

    def get_weight_decay(self):
        """Weight decay for this step: a float, a Tensor from a dynamic cell, or a per-parameter tuple.
        Difference: a fixed weight decay is returned as a Python float (MindSpore: the float32 Tensor
        ``self.weight_decay``)."""
        wd = self._weight_decay
        if self.dynamic_weight_decay:
            if self.is_group:
                return tuple(w(self.global_step) if f else w for w, f in zip(wd, self.dynamic_decay_flags))
            return wd(self.global_step)
        return wd

    def get_lr(self):
        """Learning rate for the current step (before ``global_step`` is incremented): the Parameter,
        a 0-d Tensor for dynamic rates, or a per-parameter tuple with group learning rates."""
        lr = self.learning_rate
        if self.dynamic_lr:
            if self.is_group_lr:
                return tuple(as_ms(to_torch(c(self.global_step)).detach().reshape(())) for c in lr)
            return as_ms(to_torch(lr(self.global_step)).detach().reshape(()))
        return lr

    def get_lr_parameter(self, param):
        """The learning-rate Parameter (or schedule cell) of ``param`` (a Parameter or a list of them)."""
        def value(lr):
            return lr.learning_rate if isinstance(lr, (_ConvertToCell, _IteratorLearningRate)) else lr

        if isinstance(param, Parameter):
            plist = [param]
        elif isinstance(param, list):
            plist = param
        else:
            raise TypeError("For 'get_lr_parameter', the 'param' must be 'Parameter' or 'list' type, "
                            f"but got {type(param)}.")
        ids = [id(p) for p in self._params_tuple]
        out = []
        for p in plist:
            V.value_type("parameter", p, [Parameter], self.cls_name)
            if id(p) not in ids:
                raise ValueError(f"For 'get_lr_parameter', the parameter {p.name} is not in optimizer, please check "
                                 "whether the argument 'param' is correct.")
            out.append(value(self.learning_rate[ids.index(id(p))] if self.is_group_lr else self.learning_rate))
        return out if isinstance(param, list) else out[0]

    def flatten_gradients(self, gradients):
        return gradients

    def decay_weight(self, gradients):
        """Adds ``weight_decay * param`` to the gradients of the decayed parameters."""
        if not self.exec_weight_decay:
            return gradients
        wd = self.get_weight_decay()
        if self._use_foreach:
            out = _foreach_decay(self._params_tuple, gradients, self.decay_flags, wd, self.is_group)
            if out is not None:
                return out
        out = []
        for i, (p, g) in enumerate(zip(self._params_tuple, gradients)):
            if self.decay_flags[i]:
                w = wd[i] if self.is_group else wd
                w = to_torch(w).to(g.dtype) if isinstance(w, torch.Tensor) else w
                g = to_torch(p) * w + g
            out.append(g)
        return tuple(out)

    def gradients_centralization(self, gradients):
        """Subtracts the per-output-channel mean (over axes 1..) from gradients of groups with
        ``grad_centralization=True`` whose dim 1 is a multiple of 16 (MindSpore's rule)."""
        if not self.is_group:
            return gradients
        out = []
        for flag, g in zip(self.grad_centralization_flags, gradients):
            if flag and g.ndim > 1 and g.shape[1] % 16 == 0:
                g = g - torch.mean(g, dim=tuple(range(1, g.ndim)), keepdim=True)
            out.append(g)
        return tuple(out)

    def scale_grad(self, gradients):
        """Divides the gradients by ``loss_scale``."""
        if not self.need_scale:
            return gradients
        if self._use_foreach:
            return tuple(torch._foreach_mul(list(gradients), self._reciprocal_scale))
        return tuple(g * self._reciprocal_scale for g in gradients)

    def broadcast_params(self, optim_result):
        """Mirrors ``Optimizer.broadcast_params``: with the parallel optimizer, every process broadcasts the
        parameters it updated (``ms_compat/parallel/optimizer_shard.py``; the sharded ``construct`` already
        does it after each update); returns ``optim_result``."""
        if self.__dict__.get("use_parallel"):
            from ...parallel.optimizer_shard import _broadcast_params
            with torch.no_grad():
                _broadcast_params(self)
        return optim_result

    def construct(self, *hyper_params):
        raise NotImplementedError

    # ------------------------------------------------------------------ helpers for subclasses
    def _check_gradients(self, gradients, plain=True):
        """The gradient tuple, checked; with ``plain`` each as a plain torch view, else as given (the
        multi-tensor updates pass them straight to ``torch._foreach_*`` under DisableTorchFunctionSubclass,
        saving a view per gradient)."""
        if isinstance(gradients, torch.Tensor) or not isinstance(gradients, (tuple, list)):
            raise TypeError(f"For '{self.cls_name}', the 'gradients' must be a tuple of Tensors, "
                            f"but got {type(gradients).__name__}.")
        if len(gradients) != self.param_length:
            raise ValueError(f"For '{self.cls_name}', the number of gradients ({len(gradients)}) must equal the "
                             f"number of parameters ({self.param_length}).")
        if not plain:
            if all(map(isinstance, gradients, repeat(torch.Tensor, len(gradients)))):  # (a C-level loop)
                return tuple(gradients)
            return tuple(g if isinstance(g, torch.Tensor) else torch.as_tensor(g) for g in gradients)
        return tuple(to_torch(g) if isinstance(g, torch.Tensor) else torch.as_tensor(g) for g in gradients)

    def _prepare_gradients(self, gradients):
        """Weight decay → gradient centralization → loss-scale division (MindSpore's order)."""
        return self.scale_grad(self.gradients_centralization(self.decay_weight(gradients)))

    def _lr_list(self):
        """One plain 0-d tensor learning rate per parameter, for this step."""
        lr = self.get_lr()
        if self.is_group_lr:
            return [to_torch(x) for x in lr]
        return [to_torch(lr)] * self.param_length

    def _multi_tensor(self):
        """Whether this step takes the multi-tensor path: ``_use_foreach``, and the optimizer's own scalar state
        (step, learning rates, momentum ...) readable as Python numbers: on the CPU (no cost) or on a CUDA
        device (one device sync per step, where the per-parameter loop would launch several kernels per
        parameter). With that state on the data-less ``meta`` device the per-parameter loop runs."""
        return self._use_foreach and self.global_step.device.type in ("cpu", "cuda")

    def _lr_scalars(self):
        """This step's learning rate as Python numbers for the multi-tensor update: one float, or one per
        parameter with group learning rates (each distinct rate read once)."""
        lr = self.get_lr()
        if not self.is_group_lr:
            return to_torch(lr).item()
        seen, out = {}, []
        for x in lr:
            v = seen.get(id(x))
            if v is None:
                v = seen[id(x)] = to_torch(x).item()
            out.append(v)
        return out

    def _step_increase(self):
        to_torch(self.global_step).add_(1)

    def _plain_params(self):
        return [to_torch(p) for p in self._params_tuple]


def _foreach_decay(params, gradients, flags, wd, is_group):
    """``decay_weight`` as multi-tensor calls: ``g + p * w`` for the decayed parameters (the others pass
    through). None when a group mixes dynamic (Tensor) and fixed decays (the caller loops instead)."""
    idx = [i for i, f in enumerate(flags) if f]
    if not idx:
        return tuple(gradients)
    if is_group:
        ws = [wd[i] for i in idx]
        if all(not isinstance(w, torch.Tensor) for w in ws):
            w = ws
        elif all(isinstance(w, torch.Tensor) for w in ws):
            w = [to_torch(x).reshape(()) for x in ws]
        else:
            return None
    else:
        w = to_torch(wd).reshape(()) if isinstance(wd, torch.Tensor) else wd
    if len(idx) == len(flags):
        out = torch._foreach_mul(list(params), w)
        torch._foreach_add_(out, list(gradients))
        return tuple(out)
    new = torch._foreach_mul([params[i] for i in idx], w)
    torch._foreach_add_(new, [gradients[i] for i in idx])
    out = list(gradients)
    for j, i in enumerate(idx):
        out[i] = new[j]
    return tuple(out)


def _fusable(*lists):
    """Whether PyTorch's fused optimizer kernels (``torch._fused_sgd_``, ``_fused_adam_`` ...) take these tensor
    lists: all of one floating dtype, all on the CPU or all on one CUDA device."""
    dtypes = set()
    for ts in lists:
        dtypes.update(map(_DTYPE, ts))
    if len(dtypes) != 1 or not next(iter(dtypes)).is_floating_point:
        return False
    if all(map(_IS_CPU, chain.from_iterable(lists))):
        return True
    devices = set()
    for ts in lists:
        devices.update(map(_DEVICE, ts))
    return len(devices) == 1 and next(iter(devices)).type == "cuda"


def _fused_split(*lists, owner=None):
    """``(fused, rest)``: which positions of these parallel tensor lists go to PyTorch's fused optimizer kernel and
    which to the foreach update, as index lists, ``None`` meaning every position and ``[]`` none.

    One intra-op thread, or CUDA: every position is fused when ``_fusable`` says the kernel takes the lists. With
    several CPU threads the fused kernel opens a parallel region per tensor, however small (measured on the 2-core
    box, 100 tensors of 4096 floats: 62 µs with 1 thread, 500–2600 µs with 2), where a foreach op keeps a tensor
    under ``_PARALLEL_GRAIN`` elements on one thread: only the tensors at least that large are fused there.
    With ``owner`` (the optimizer; ``lists[0]`` its parameters) the large positions are kept in its ``__dict__``
    (reading 100 sizes took 70 µs of a 400 µs step): a parameter given another size later (``set_data``) only
    changes which kernel computes the same rule, and a list of another length is measured again."""
    ps = lists[0]
    if torch.get_num_threads() > 1 and ps and ps[0].is_cpu:
        known = owner.__dict__.get("_large_positions") if owner is not None else None
        if known is None or known[0] != len(ps):
            known = (len(ps), [i for i, n in enumerate(map(_NUMEL, ps)) if n >= _PARALLEL_GRAIN])
            if owner is not None:
                owner.__dict__["_large_positions"] = known
        big = known[1]
        if not big:
            return [], None
        if len(big) < len(ps):
            if not _fusable(*(_take(ts, big) for ts in lists)):
                return [], None
            taken = set(big)
            return big, [i for i in range(len(ps)) if i not in taken]
    return (None, []) if _fusable(*lists) else ([], None)


def _scalar_operands(lists, *values):
    """``values`` as the scalar operands of foreach ops over the tensors of ``lists``: 0-d CPU tensors of their
    dtype when all are float32 or all float64 on the CPU, else the Python numbers themselves.

    On the CPU a foreach op with a Python scalar wraps it into a tensor and casts it for every tensor of the list
    (``mul_`` by a scalar: ~2.3 µs per tensor, by a 0-d float32 tensor ~0.6 µs). For float32 and float64 the 0-d
    tensor of the list's dtype gives the same bits as the scalar (``tests/nn/test_optim_step_cost.py``); for
    float16/bfloat16 it would not (the scalar is kept in float32 there), so those keep Python numbers. Additions
    must pass ``alpha=1.0``: without it the 0-d tensor binds to the slow Scalar overload."""
    dtypes = set()
    for ts in lists:
        dtypes.update(map(_DTYPE, ts))
    if len(dtypes) == 1 and lists[0] and lists[0][0].is_cpu:
        dt = dtypes.pop()
        if dt in (torch.float32, torch.float64):
            return tuple(torch.tensor(v, dtype=dt) for v in values)
    return values


def _take_lr(lr, idx):
    """The learning rate(s) of the positions ``idx``: one float stays as it is, one per parameter is taken."""
    return _take(lr, idx) if isinstance(lr, list) else lr


def tensor_signature(ts):
    """Each tensor's version counter and storage address: any write to them (in place, ``set_data``, a
    checkpoint load) changes it."""
    return list(map(_VERSION, ts)), list(map(_DATA_PTR, ts))


def _lr_buckets(lr, n):
    """``[(lr, indices)]``: the parameters sharing each learning rate (one bucket without group rates)."""
    if not isinstance(lr, list):
        return [(lr, None)]
    buckets = {}
    for i, x in enumerate(lr):
        buckets.setdefault(x, []).append(i)
    return list(buckets.items())


def _take(ts, idx):
    return ts if idx is None else [ts[i] for i in idx]


def _foreach_sub_scaled_(params, updates, lr):
    """``p -= lr * u`` for every pair; ``lr`` a float (one fused multiply-add call) or one float per parameter."""
    if isinstance(lr, list):
        torch._foreach_sub_(params, torch._foreach_mul(updates, lr))
    else:
        torch._foreach_add_(params, updates, alpha=-lr)


def _holds_other_stages(opt):
    """Whether some of ``opt``'s parameters belong to another pipeline stage on this rank (released, or a later
    stage's copy of a shared weight: ``ms_compat/parallel/stage_local.py``); checked again after each release."""
    sl = sys.modules.get("ms_compat.parallel.stage_local")
    if sl is None:
        return False
    known = opt.__dict__.get("_ms_stage_generation")
    if known is None or known[0] != sl.GENERATION[0]:
        known = (sl.GENERATION[0], any(sl.is_released(p) or sl.is_shared_copy(p) for p in opt._params_tuple))
        opt.__dict__["_ms_stage_generation"] = known
    return known[1]


def _no_grad_plain(fn):
    """Decorator: run an optimizer's ``construct`` under ``torch.no_grad`` with plain torch tensor semantics."""
    import functools

    @functools.wraps(fn)
    def run(self, gradients):
        with torch.no_grad(), DisableTorchFunctionSubclass():
            if self.__dict__.get("use_parallel") or _holds_other_stages(self):  # optimizer parallel / pipeline
                # stages: the parameters this process updates, then (optimizer parallel) broadcast
                from ...parallel.optimizer_shard import sharded_step
                return sharded_step(self, fn, gradients)
            return fn(self, gradients)

    # under torch.compile (GRAPH_MODE / jit) the in-place update runs eagerly (a graph break),
    # as the parameter mutation it performs is not something to trace
    return torch.compiler.disable(run, recursive=True)


def opt_init_args_register(fn):
    """Mirrors ``mindspore.nn.optim.optimizer.opt_init_args_register``: a decorator for an optimizer's
    ``__init__`` that records its arguments before running it — ``init_params`` (``{"params": ...}``, taken from
    ``params`` or from a wrapped ``optimizer``), ``init_learning_rate`` (the learning rate as a number/list, None
    for a schedule Cell) and ``init_args`` (the other arguments, defaults applied)."""
    import functools
    import inspect

    @functools.wraps(fn)
    def deco(self, *args, **kwargs):
        bound_args = inspect.signature(fn).bind(self, *args, **kwargs)
        bound_args.apply_defaults()
        arguments = bound_args.arguments
        arguments.pop("self")
        if "params" in arguments:
            object.__setattr__(self, "init_params", {"params": arguments.pop("params")})
        if "optimizer" in arguments:
            object.__setattr__(self, "init_params", {"params": arguments.pop("optimizer").init_params["params"]})
        if "learning_rate" in arguments:
            lr = arguments.pop("learning_rate")
            if isinstance(lr, torch.Tensor):
                lr = lr.detach().cpu().numpy().tolist()
            object.__setattr__(self, "init_learning_rate", None if isinstance(lr, Cell) else lr)
        object.__setattr__(self, "init_args", arguments)
        fn(self, *args, **kwargs)

    return deco
