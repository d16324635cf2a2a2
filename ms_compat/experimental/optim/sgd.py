"""``mindspore.experimental.optim.SGD`` on ``torch.optim.sgd.sgd``."""
from __future__ import annotations

import torch
from torch.optim.sgd import sgd as _torch_sgd

from ...nn.optim.optimizer import _fused_split, _take, tensor_signature
from ._torch_rule import TorchRuleOptimizer

__all__ = ["SGD"]


class SGD(TorchRuleOptimizer):
    """Mirrors ``mindspore.experimental.optim.SGD(params, lr, momentum=0, dampening=0, weight_decay=0.0,
    nesterov=False, *, maximize=False)`` (``lr`` has no default, as in MindSpore), called with a tuple of
    gradients. PyTorch's SGD rule (first step: the momentum buffer is the gradient). State ``accum.<name>`` (the
    momentum buffer) and ``stat.<name>`` (1 until the first step with momentum, then 0), as MindSpore's ``ops.SGD``
    keeps them."""

    STATE = (("accum", "accum", 0.0), ("stat", "stat", 1.0))
    FOREACH = True

    def __init__(self, params, lr, momentum=0, dampening=0, weight_decay=0.0, nesterov=False, *, maximize=False):
        if isinstance(lr, bool) or not isinstance(lr, (float, int, torch.Tensor)):
            raise TypeError("For 'SGD', the type of 'lr' should be one of '['float', 'int', 'Tensor']', but got type "
                            f"'{type(lr).__name__}'.")
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if isinstance(momentum, bool) or not isinstance(momentum, (int, float)):
            raise TypeError(f"For 'SGD', the type of 'momentum' should be one of '['int', 'float']', but got type "
                            f"'{type(momentum).__name__}'.")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        momentum = float(momentum)
        for name, v in (("nesterov", nesterov), ("maximize", maximize)):
            if not isinstance(v, bool):
                raise TypeError(f"For 'SGD', the type of '{name}' should be 'bool', but got type '{type(v).__name__}'.")
        super().__init__(params, {"lr": lr, "momentum": momentum, "dampening": dampening,
                                  "weight_decay": weight_decay, "nesterov": nesterov, "maximize": maximize,
                                  "grad_centralization": False})
        for group in self.param_groups:
            group["dampening"] = float(group["dampening"])
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError("For 'SGD', if 'nesterov' is true, 'momentum' must be > 0.0 and 'dampening' must "
                             f"equal to 0.0, but got 'momentum' {momentum}, 'dampening' {dampening}")
        self._init_state()

    def _update(self, gid, group, params, grads, states, step, start, end):
        accs, stats = states["accum"], states["stat"]
        if group["momentum"] == 0:  # no buffers: p -= lr * g
            clear, bufs = True, [None] * len(params)
        else:
            clear = self._use_foreach and self._stats_clear(gid, stats)
            bufs = accs if clear else [None if float(torch.flatten(st)[0]) == 1.0 else acc
                                       for acc, st in zip(accs, stats)]
        # PyTorch's fused SGD once no buffer is missing (its first-step copy is per parameter list, MindSpore's per
        # element): the same rule, one kernel. With several CPU threads only tensors of at least 32768 elements
        # take it (``_fused_split``: the kernel opens a parallel region per tensor), the others foreach.
        parts = [(None, False)]
        if clear and self._use_foreach and all(p.is_cpu or p.is_cuda for p in params[:1]):
            fused_idx, rest = _fused_split(*((params, grads) if group["momentum"] == 0 else (params, grads, bufs)))
            parts = [(fused_idx, True), (rest, False)]
        lr = self._lr(gid)
        for idx, fused in parts:
            if idx != []:
                _torch_sgd(_take(params, idx), _take(grads, idx), _take(bufs, idx),
                           foreach=self._use_foreach and not fused, fused=fused or None,
                           weight_decay=group["weight_decay"], momentum=group["momentum"], lr=lr,
                           dampening=group["dampening"], nesterov=group["nesterov"], maximize=group["maximize"])
        if group["momentum"] != 0 and not clear:  # without momentum MindSpore's ops.SGD leaves accum 0, stat 1
            for acc, buf, st in zip(accs, bufs, stats):
                if buf is not acc:
                    acc.copy_(buf)
                st.zero_()

    def _stats_clear(self, gid, stats):
        """Whether every ``stat`` of group ``gid`` is 0 (the momentum buffers are the ``accum`` tensors). Checked
        on the tensors; the answer is kept while their version counters and storage stay as they were then (a
        write of any kind changes one)."""
        sig = tensor_signature(stats)
        known = self.__dict__.setdefault("_stat_clear_sig", {})
        if known.get(gid) == sig:
            return True
        clear = not bool(torch.stack(torch._foreach_norm(stats, 1)).any())
        known[gid] = sig if clear else None
        return clear
