"""``mindspore.experimental.optim.Optimizer``: PyTorch-style ``param_groups`` on a MindSpore Cell.

Called as ``optimizer(gradients)`` (a tuple in the order of ``optimizer.parameters``); each group's
``'lr'`` is a Parameter ``learning_rate_group_<i>`` (so checkpoints keep it). Differences: sparse
gradients and ``lr_scheduler`` are not provided."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

import torch

from ...common.parameter import Parameter, ParameterTuple
from ...common.tensor import Tensor, to_torch
from ...nn.cell import Cell
from ...nn.optim import _validate as V

__all__ = ["Optimizer"]


def check_adam_ranges(lr, betas, eps, weight_decay):
    """The range checks ``mindspore.experimental.optim.Adam``/``AdamW`` (and mint's) make, with their
    messages (the same as ``torch.optim.Adam``'s)."""
    if lr < 0.0:
        raise ValueError(f"Invalid learning rate: {lr}")
    if eps < 0.0:
        raise ValueError(f"Invalid epsilon value: {eps}")
    if not 0.0 <= betas[0] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
    if not 0.0 <= betas[1] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
    if weight_decay < 0.0:
        raise ValueError(f"Invalid weight_decay value: {weight_decay}")


class Optimizer(Cell):
    """Mirrors ``mindspore.experimental.optim.Optimizer(params, defaults)``."""

    def __init__(self, params, defaults):
        super().__init__(auto_prefix=False)
        groups = self._parameters_base_check(params, "params")
        self.defaults = defaults
        self.state = defaultdict(dict)
        self.param_groups = []
        self.__dict__["_param_list"] = []
        self.lrs = []
        self.group_start_id = [0]
        if not isinstance(groups[0], dict):
            groups = [{"params": groups}]
        for g in groups:
            self.add_param_group(g)
        pt = ParameterTuple(self.__dict__["_param_list"])
        setattr(self, "parameters", pt)
        self.__dict__["parameters"] = pt

    def _init_adam_state(self):
        """The state ``Adam``/``AdamW`` keep, named as MindSpore's: ``exp_avg.<name>``, ``exp_avg_sq.<name>``,
        ``max_exp_avg_sq.<name>`` (ParameterTuples) and the int32 ``state_step``."""
        from ...nn.optim.optimizer import _zeros_like_state
        for name in ("exp_avg", "exp_avg_sq", "max_exp_avg_sq"):
            pt = _zeros_like_state(self.parameters, name)
            setattr(self, name, pt)
            self.__dict__[name] = pt
        self.state_step = Parameter(Tensor(0, torch.int32), "state_step")

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

    def add_param_group(self, param_group):
        """Adds a group (``{'params': [...], 'lr': ..., ...}``); missing keys take the defaults."""
        gid = len(self.param_groups)
        if not isinstance(param_group, dict):
            raise TypeError("Param group must be a dict.")
        ps = param_group["params"]
        if isinstance(ps, Parameter):
            ps = [ps]
        elif isinstance(ps, set):
            raise TypeError("Optimizer parameters need to be organized in ordered collections, but the ordering of "
                            "tensors in sets will change between runs. Please use a list instead.")
        ps = list(ps)
        for p in ps:
            if not isinstance(p, Parameter):
                raise TypeError("Optimizer can only optimize Parameters, but one of the params is " + str(type(p)))
        seen = {id(p) for g in self.param_groups for p in g["params"]}
        if any(id(p) in seen for p in ps):
            raise ValueError("some parameters appear in more than one parameter group.")
        param_group["params"] = ps
        self.__dict__["_param_list"].extend(ps)
        for k, v in self.defaults.items():
            param_group.setdefault(k, v)
        lr = self._build_single_lr(param_group.get("lr"), f"learning_rate_group_{gid}")
        param_group["lr"] = lr
        wd = param_group.get("weight_decay", 0.0)
        if isinstance(wd, bool) or not isinstance(wd, (float, int)):
            raise TypeError(f"For 'Optimizer', the argument 'Weight_decay' must be int or float.but got {type(wd)}")
        param_group["weight_decay"] = V.non_negative_float(float(wd), "weight_decay", self.cls_name)
        self.lrs.append(lr)
        self.param_groups.append(param_group)
        self.group_start_id.append(self.group_start_id[-1] + len(ps))

    def _build_single_lr(self, lr, name):
        if isinstance(lr, (float, int)) and not isinstance(lr, bool):
            V.non_negative_float(float(lr), "learning rate", self.cls_name)
            return Parameter(Tensor(float(lr), torch.float32), name)
        if isinstance(lr, torch.Tensor):
            if lr.ndim == 0:
                return Parameter(to_torch(lr).detach().float(), name)
            raise ValueError("For 'Optimizer', if 'learning_rate' is a Tensor, then it should be scalar Tensor")
        raise TypeError("For 'Optimizer', the argument 'learning_rate' must be int, float or Tensor, "
                        f"but got {type(lr)}.")

    def __repr__(self):
        s = type(self).__name__ + " ("
        for i, g in enumerate(self.param_groups):
            s += f"\nParameter Group {i}\n"
            for k in sorted(g):
                if k != "params":
                    v = g[k]
                    s += f"    {k}: {str(v.value()) if k == 'lr' and isinstance(v, Parameter) else v}\n"
        return s + ")"

    def construct(self, *hyper_params):
        raise NotImplementedError
