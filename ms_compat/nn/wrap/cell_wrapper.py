"""``mindspore.nn`` training wrappers: WithLossCell, WithEvalCell, WithGradCell, ForwardValueAndGrad,
TrainOneStepCell — on ``torch.autograd``.

All use ``auto_prefix=False`` (parameter names are unchanged), as MindSpore does. Gradients are
returned (never accumulated into ``.grad``); weights that do not take part in the loss, or have
``requires_grad=False``, get zero gradients, as MindSpore's GradOperation gives.
"""
from __future__ import annotations

import warnings
from types import FunctionType, MethodType

import torch

from ...common.grad_scope import recording
from ...common.parameter import ParameterTuple
from ...common.tensor import as_ms, to_torch
from ..cell import Cell

__all__ = ["WithLossCell", "WithEvalCell", "WithGradCell", "ForwardValueAndGrad", "TrainOneStepCell"]


@torch.compiler.disable
def _grads_wrt(output, weights, sens=None, inputs=()):
    """Gradients of ``output`` (sens = ones, or ``sens``) w.r.t. ``inputs`` then ``weights``;
    zeros for any that do not take part. Returns (input_grads, weight_grads)."""
    out = to_torch(output)
    targets = [to_torch(x) for x in inputs] + [w for w in weights]
    need = [i for i, t in enumerate(targets) if isinstance(t, torch.Tensor) and t.requires_grad]
    res = [None] * len(targets)
    if need and out.requires_grad:
        go = torch.ones_like(out) if sens is None else to_torch(sens).to(out.dtype).expand_as(out)
        from ...parallel.ddp_reducer import engine_grad  # data parallel: DDP's reducer during the backward
        got = engine_grad([out], [targets[i] for i in need], [go])
        for i, g in zip(need, got):
            res[i] = g
    res = tuple(as_ms(g) if g is not None else as_ms(torch.zeros_like(to_torch(t))) for g, t in zip(res, targets))
    return res[:len(inputs)], res[len(inputs):]


def _sum_outputs(out):
    if isinstance(out, (tuple, list)):
        tot = None
        for o in out:
            if isinstance(o, torch.Tensor) and o.is_floating_point():
                s = to_torch(o).sum()
                tot = s if tot is None else tot + s
        return tot
    return out


class WithLossCell(Cell):
    """Mirrors ``nn.WithLossCell(backbone, loss_fn)``: ``construct(data, label) = loss_fn(backbone(data), label)``."""

    def __init__(self, backbone, loss_fn):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self._loss_fn = loss_fn

    def construct(self, data, label):
        return self._loss_fn(self._backbone(data), label)

    @property
    def backbone_network(self):
        """The wrapped backbone network."""
        return self._backbone


class WithEvalCell(Cell):
    """Mirrors ``nn.WithEvalCell(network, loss_fn, add_cast_fp32=False)``: returns ``(loss, outputs, label)``."""

    def __init__(self, network, loss_fn, add_cast_fp32=False):
        super().__init__(auto_prefix=False)
        if not isinstance(add_cast_fp32, bool):
            raise TypeError("For 'WithEvalCell', the type of 'add_cast_fp32' should be 'bool', "
                            f"but got type '{type(add_cast_fp32).__name__}'.")
        self._network = network
        self._loss_fn = loss_fn
        self.add_cast_fp32 = add_cast_fp32

    def construct(self, data, label):
        outputs = self._network(data)
        if self.add_cast_fp32:
            label = label.to(torch.float32) if label.is_floating_point() else label
            outputs = outputs.to(torch.float32)
        return self._loss_fn(outputs, label), outputs, label


class WithGradCell(Cell):
    """Mirrors ``nn.WithGradCell(network, loss_fn=None, sens=None)``: returns the gradients of the
    (network + loss) output w.r.t. ``network.trainable_params()``."""

    def __init__(self, network, loss_fn=None, sens=None):
        super().__init__(auto_prefix=False)
        self.network = network
        self.loss_fn = loss_fn
        w = ParameterTuple(network.trainable_params())
        setattr(self, "weights", w)
        self.__dict__["weights"] = w
        self.sens = sens
        self.network_with_loss = network if loss_fn is None else WithLossCell(network, loss_fn)
        self.network_with_loss.set_train()

    def construct(self, *inputs):
        with torch.enable_grad():
            out = self.network_with_loss(*inputs)
            return _grads_wrt(out, self.weights, self.sens)[1]


class ForwardValueAndGrad(Cell):
    """Mirrors ``nn.ForwardValueAndGrad(network, weights=None, get_all=False, get_by_list=False,
    sens_param=False)``: returns ``(loss, grads)`` with GradOperation's grads layout."""

    def __init__(self, network, weights=None, get_all=False, get_by_list=False, sens_param=False):
        super().__init__(auto_prefix=False)
        if not isinstance(network, (Cell, FunctionType, MethodType, torch.nn.Module)):
            raise TypeError("For 'ForwardValueAndGrad', the argument 'network' must be cell, function type or "
                            f"method type, but got '{type(network)}'")
        if not isinstance(get_all, bool):
            raise TypeError(f"For 'ForwardValueAndGrad', the type of 'get_all' must be bool, but got '{type(get_all)}'")
        if not isinstance(get_by_list, bool):
            raise TypeError("For 'ForwardValueAndGrad', the type of 'get_by_list' must be bool, "
                            f"but got '{type(get_by_list)}'")
        if get_by_list and not isinstance(weights, (ParameterTuple, tuple, list)):
            raise TypeError("For 'ForwardValueAndGrad', when 'get_by_list' is set to True, the argument 'weights' "
                            f"must be Parameters array, but got '{type(weights)}'")
        self.network = network
        if isinstance(network, Cell):
            network.set_grad()
        self.weights = weights
        self.get_all = get_all
        self.get_by_list = get_by_list
        self.sens_param = sens_param

    def construct(self, *inputs):
        sens = None
        if self.sens_param:
            inputs, sens = inputs[:-1], inputs[-1]
        with recording():  # network may be a function calling Cells (common/grad_scope.py)
            ins = tuple(to_torch(x).detach().requires_grad_(x.is_floating_point())
                        if isinstance(x, torch.Tensor) else x for x in inputs)
            ins = tuple(as_ms(x) for x in ins)
            loss = self.network(*ins)
            grad_in = ins if self.get_all else ins[:1]
            gi, gw = _grads_wrt(_sum_outputs(loss) if sens is None else loss,
                                list(self.weights) if self.get_by_list else [], sens,
                                [x for x in grad_in if isinstance(x, torch.Tensor)])
        if self.get_all and self.get_by_list:
            grads = (gi, gw)
        elif self.get_by_list:
            grads = gw
        elif self.get_all:
            grads = gi
        else:
            grads = gi[0]
        if isinstance(loss, torch.Tensor):
            loss = loss.detach()
        elif isinstance(loss, (tuple, list)):
            loss = type(loss)(x.detach() if isinstance(x, torch.Tensor) else x for x in loss)
        return loss, grads


class TrainOneStepCell(Cell):
    """Mirrors ``nn.TrainOneStepCell(network, optimizer, sens=None, return_grad=False)``.

    One call: forward → gradients w.r.t. ``optimizer.parameters`` (``torch.autograd.grad``, output
    sensitivity ``sens``, default 1.0) → ``grad_reducer`` → ``optimizer(grads)``; returns the loss
    (and ``{param name: grad}`` with ``return_grad``). Subclasses can override
    :meth:`compute_loss_and_grads` and :meth:`apply_gradients`. ``grad_reducer`` is an identity
    cell unless data parallel is set, where a ``DistributedGradReducer`` is used if available."""

    def __init__(self, network, optimizer, sens=None, return_grad=False):
        super().__init__(auto_prefix=False)
        self.network = network
        self.network.set_grad()
        self.optimizer = optimizer
        w = optimizer.parameters
        setattr(self, "weights", w)
        self.__dict__["weights"] = w
        if sens is not None and sens == 0:
            raise ValueError("The input argument of 'sens' can not be 0.")
        self.sense_flag = sens is not None
        self.sens = 1.0 if sens is None else sens
        self.return_grad = return_grad
        if return_grad:
            self.weights_name = [p.name for p in w]
        self.grad_reducer = self._make_grad_reducer()

    def _make_grad_reducer(self):
        from ...context import ParallelMode, get_auto_parallel_context
        mode = get_auto_parallel_context("parallel_mode")
        self.reducer_flag = mode in (ParallelMode.DATA_PARALLEL, ParallelMode.HYBRID_PARALLEL)
        if self.reducer_flag:
            from ...parallel.data_parallel import get_device_num
            from .grad_reducer import DistributedGradReducer
            mean = get_auto_parallel_context("gradients_mean")
            return DistributedGradReducer(self.weights, mean, get_device_num())
        try:
            from ..layer.basic import Identity
            return Identity()
        except ImportError:  # pragma: no cover - layers not installed
            return _Identity()

    def compute_loss_and_grads(self, *inputs):
        """Forward and gradients w.r.t. ``self.weights``; returns ``(loss, grads_tuple)``."""
        with torch.enable_grad():
            loss = self.network(*inputs)
            if isinstance(loss, (tuple, list)):
                # several outputs: MindSpore differentiates their sum (sens of ones for each)
                total = _sum_outputs(loss)
                if self.sense_flag:
                    total = total * float(self.sens)
                _, grads = _grads_wrt(total, self.weights)
                return type(loss)(as_ms(to_torch(x).detach()) if isinstance(x, torch.Tensor) else x
                                  for x in loss), grads
            sens = None
            if self.sense_flag:
                sens = torch.full(tuple(loss.shape), float(self.sens), dtype=loss.dtype, device=loss.device)
            _, grads = _grads_wrt(loss, self.weights, sens)
        return as_ms(to_torch(loss).detach()), grads

    def apply_gradients(self, grads):
        """Reduce (``grad_reducer``) then apply the gradients with the optimizer."""
        grads = self.grad_reducer(grads)
        self.optimizer(grads)
        return grads

    def construct(self, *inputs):
        loss, grads = self.compute_loss_and_grads(*inputs)
        grads = self.apply_gradients(grads)
        if self.return_grad:
            return loss, {n: g for n, g in zip(self.weights_name, grads)}
        return loss


class _Identity(Cell):
    def construct(self, x):
        return x
