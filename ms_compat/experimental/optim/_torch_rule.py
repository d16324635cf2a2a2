"""Shared machinery of the ``mindspore.experimental.optim`` optimizers whose update rule is PyTorch's: each runs
``torch.optim``'s own functional algorithm (``torch.optim.sgd.sgd``, ``torch.optim.rmsprop.rmsprop`` ...) on the
MindSpore-named state Parameters (``accum.<name>``, ``exp_avg.<name>``, ``step_t`` ...), so checkpoints keep
MindSpore's names and the numbers are PyTorch's (MindSpore 2.10 ports these rules from PyTorch; the tests hold
them against real MindSpore's trajectories)."""
from __future__ import annotations

import torch
from ..._torch_seam import DisableTorchFunctionSubclass

from ...common.parameter import Parameter
from ...common.tensor import Tensor, to_torch
from ...nn.optim.optimizer import _zeros_like_state
from .optimizer import Optimizer

__all__ = ["TorchRuleOptimizer", "not_less_than", "greater_than", "in_range"]


def not_less_than(value, name, cls, bound=0.0):
    if value < bound:
        raise ValueError(f"For {cls}, the {name} must be greater than or equal to {bound}, but got {value}.")


def greater_than(value, name, cls, bound=0.0):
    if value <= bound:
        raise ValueError(f"For {cls}, the {name} must be greater than {bound}, but got {value}.")


def in_range(value, name, cls, low, high, rel):
    """MindSpore's ``validator.check_float_range`` (``rel``: 'both' [], 'left' [), 'neither' ())."""
    ok = {"both": low <= value <= high, "left": low <= value < high, "neither": low < value < high}[rel]
    if not ok:
        lb, rb = {"both": "[]", "left": "[)", "neither": "()"}[rel]
        raise ValueError(f"For '{cls}', the '{name}' must be in range of {lb}{float(low)}, {float(high)}{rb}, "
                         f"but got {value} with type '{type(value).__name__}'.")


class TorchRuleOptimizer(Optimizer):
    """Base: ``STATE`` lists ``(attribute, prefix, fill)`` of per-parameter state ParameterTuples; ``STEP`` adds the
    shared ``step_t`` counter; subclasses implement ``_update(group, params, grads, state_lists, step)`` with
    plain tensors."""

    STATE = ()
    STEP = False
    STEP_FIRST = False  # MindSpore registers ``step_t`` before the per-parameter state (Adamax, NAdam, RAdam)
    # subclasses whose ``_update`` runs PyTorch's multi-tensor algorithm (``foreach=True``) set FOREACH: their
    # lists then hold the Parameters and gradients as given (the update runs under DisableTorchFunctionSubclass),
    # not a plain view of each; ``_use_foreach = False`` selects the per-parameter algorithm on plain views
    FOREACH = False
    _use_foreach = True

    def _init_state(self):
        if self.STEP and self.STEP_FIRST:
            self.step_t = Parameter(Tensor(0, torch.int32), "step_t")
        for attr, prefix, fill in self.STATE:
            pt = _zeros_like_state(self.parameters, prefix, fill)
            setattr(self, attr, pt)
            self.__dict__[attr] = pt
        if self.STEP and not self.STEP_FIRST:
            self.step_t = Parameter(Tensor(0, torch.int32), "step_t")

    def _list_state(self, prefix, fill):
        """Per-parameter scalar state MindSpore keeps in a Python list (not registered, not in checkpoints)."""
        return [Parameter(Tensor(fill, torch.float32), f"{prefix}_{p.name}") for p in self.parameters]

    def _lr(self, gid):
        group = self.param_groups[gid]
        return float(group["lr"]) if isinstance(group["lr"], (float, int)) else float(to_torch(self.lrs[gid]))

    @torch.compiler.disable
    def construct(self, gradients):
        with torch.no_grad(), DisableTorchFunctionSubclass():
            step = int(to_torch(self.step_t)) if self.STEP else 0
            for gid, group in enumerate(self.param_groups):
                s, e = self.group_start_id[gid], self.group_start_id[gid + 1]
                if self.FOREACH and self._use_foreach:
                    params, grads = list(self.parameters[s:e]), list(gradients[s:e])
                    states = {attr: list(getattr(self, attr)[s:e]) for attr, _, _ in self.STATE}
                else:
                    params = [to_torch(self.parameters[i]) for i in range(s, e)]
                    grads = [to_torch(gradients[i]) for i in range(s, e)]
                    states = {attr: [to_torch(getattr(self, attr)[i]) for i in range(s, e)]
                              for attr, _, _ in self.STATE}
                self._update(gid, group, params, grads, states, step, s, e)
            if self.STEP:
                to_torch(self.step_t).add_(1)
        return True

    @staticmethod
    def _steps(n, step):
        """PyTorch's per-parameter ``state_steps`` at MindSpore's shared step (PyTorch increments them)."""
        return [torch.tensor(float(step)) for _ in range(n)]

    def _update(self, gid, group, params, grads, states, step, start, end):
        raise NotImplementedError

