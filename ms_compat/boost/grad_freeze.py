"""``mindspore.boost`` gradient freezing: ``GradientFreeze`` (splits a network's parameters into groups and draws,
for every step, which group is trained), ``FreezeOpt`` (one optimizer per group) and ``freeze_cell`` (one training
cell per group). ``BoostTrainOneStepCell`` given a ``FreezeOpt`` runs, at step ``i``, the cell of group
``train_strategy[i]``: the parameters of the other groups get no update that step."""
from __future__ import annotations

import numpy as np
import torch

from ..common import dtype as mstype
from ..common.tensor import Tensor, as_ms, to_torch
from ..nn.cell import Cell
from ..nn.optim.optimizer import Optimizer
from .grad_accumulation import GradientAccumulation
from .parameter_process import ParameterProcess

__all__ = ["GradientFreeze", "FreezeOpt", "freeze_cell"]

CONTINUOUS_STRATEGY = 0
INTERVAL_STRATEGY = 1


class FreezeOpt(Cell):
    """Mirrors ``mindspore.boost.FreezeOpt(opt, train_parameter_groups=None, train_strategy=None)``.

    ``opts[i]`` is a new optimizer of ``opt``'s class (same arguments and learning rate; a dynamic learning-rate
    list is split by ``train_strategy``) over ``train_parameter_groups[i]``; without groups there is one, over all
    of ``opt``'s parameters. ``train_strategy`` (ints: the group trained at each step) becomes an int32 Tensor.
    MindSpore 2.10 documents it for Ascend; its code is backend-independent and runs on CPU, as here. Each
    optimizer has its own state (momentum buffers...), as in MindSpore. MindSpore's ``LARS`` branch is absent
    (ms_compat has no ``nn.LARS``)."""

    def __init__(self, opt, train_parameter_groups=None, train_strategy=None):
        super().__init__()
        if not isinstance(opt, Optimizer):
            raise TypeError(f"The first arg 'opt' must be an Optimizer instance, but got {type(opt)}")
        if train_strategy is not None and train_parameter_groups is None:
            raise ValueError("When the 'train_strategy' is specified, the value of 'train_parameter_groups' "
                             "must also be specified")
        self.is_lars = False
        self.opt_class = type(opt)
        self.opt_init_args = opt.init_args
        self.single_opt = opt
        self.parameters = opt.parameters
        self.__dict__["parameters"] = opt.parameters  # shadows torch's Module.parameters(), as in MindSpore
        self.learning_rate = opt.init_learning_rate
        self.dynamic_lr = opt.dynamic_lr
        self.opts = []
        if train_parameter_groups is None:
            self.groups_num = 1
            train_parameter_groups = (tuple(opt.parameters),)
        else:
            if not isinstance(train_parameter_groups, (tuple, list)):
                raise TypeError("The specified 'train_parameter_groups' should be tuple or list")
            self.groups_num = len(train_parameter_groups)
        self._init_train_strategy(train_strategy)
        self._create_new_group_learning_rate()
        self.opt_index = 0
        for params in train_parameter_groups:
            if not isinstance(params, (tuple, list)):
                raise TypeError("The each element of 'train_parameter_groups' should be tuple or list "
                                "to store the Parameter")
            self.opts.append(self._generate_new_optimizer(params))
            self.opt_index += 1

    def _init_train_strategy(self, train_strategy):
        if isinstance(train_strategy, (tuple, list)):
            for ele in train_strategy:
                if not isinstance(ele, int):
                    raise ValueError("The element in train_strategy should be int number")
            self.train_strategy = Tensor(train_strategy, mstype.int32)
        elif isinstance(train_strategy, torch.Tensor):
            if train_strategy.ndim != 1 or train_strategy.dtype != torch.int32:
                raise ValueError("When train_strategy is a Tensor, the dimension should be 1 and "
                                 "the dtype should be int32")
            self.train_strategy = train_strategy
        elif train_strategy is None:
            self.train_strategy = None
        else:
            raise TypeError("The specified 'train_strategy' should be None, tuple, list or Tensor")

    def _create_new_group_learning_rate(self):
        self.dynamic_learning_rate = [[] for _ in range(self.groups_num)]
        if self.learning_rate is None:
            self.learning_rate = self.single_opt.learning_rate
            return
        if self.dynamic_lr and isinstance(self.learning_rate, list) and isinstance(self.train_strategy,
                                                                                   torch.Tensor):
            strategy = to_torch(self.train_strategy).tolist()
            if len(self.learning_rate) <= len(strategy):
                for i, lr in enumerate(self.learning_rate):
                    self.dynamic_learning_rate[strategy[i]].append(lr)

    def _generate_new_optimizer(self, params):
        lr = self.dynamic_learning_rate[self.opt_index] or self.learning_rate
        return self.opt_class(params=params, learning_rate=lr, **self.opt_init_args)


class _TrainFreezeCell(Cell):
    """One training step of one frozen-gradient group (MindSpore's ``boost.grad_freeze._TrainFreezeCell``):
    forward; gradients of ``optimizer.parameters`` by ``grad`` (a ``GradOperation(get_by_list=True,
    sens_param=True)``) with sensitivity ``sens``; ``grad_reducer``; the optimizer step (or gradient
    accumulation). Returns the loss."""

    def __init__(self, net, sens, grad, grad_reducer, use_grad_accumulation, optimizer, max_accumulation_step=1):
        super().__init__(auto_prefix=False)
        self.net = net
        self.grad = grad
        self.grad_reducer = grad_reducer
        self.opt = optimizer
        self.parameters = optimizer.parameters
        self.__dict__["parameters"] = optimizer.parameters  # shadows torch's Module.parameters()
        self.sens = sens
        self.use_grad_accumulation = use_grad_accumulation
        self.max_accumulation_step = max_accumulation_step
        if use_grad_accumulation:
            # MindSpore passes self.optimizer here, an attribute this cell does not have (AttributeError when
            # gradient accumulation is on); the group's optimizer is meant
            self.grad_accumulation = GradientAccumulation(self.max_accumulation_step, self.opt)

    def construct(self, *inputs):
        loss = self.net(*inputs)
        t = to_torch(loss).detach()
        sens = as_ms(torch.full(tuple(t.shape), float(self.sens), dtype=t.dtype, device=t.device))
        grads = self.grad(self.net, self.parameters)(*inputs, sens)
        grads = self.grad_reducer(grads)
        if self.use_grad_accumulation:
            return self.grad_accumulation(loss, grads)
        self.opt(grads)
        return as_ms(t)


class GradientFreeze:
    """Mirrors ``mindspore.boost.GradientFreeze(param_groups, freeze_type, freeze_p, total_steps)``.

    :meth:`split_parameters_groups` cuts ``net.trainable_params()`` into blocks (a block closes before a weight once
    it holds three or more parameters; ``bn``/``bias`` parameters join the current block) and returns
    ``param_groups`` nested groups (group ``i`` = blocks ``i*stride`` to the end).
    :meth:`generate_freeze_index_sequence` draws the group index of each of ``int(total_steps * 1.01)`` steps:
    ``freeze_type`` 0 repeats ``[0]*k + [1..n-1]`` (``k`` from ``freeze_p``), 1 draws groups at random with
    ``numpy.random.choice`` (seed it with ``numpy.random.seed`` for MindSpore's sequence). :meth:`freeze_generate`
    returns the network and a :class:`FreezeOpt` over the groups."""

    def __init__(self, param_groups, freeze_type, freeze_p, total_steps):
        from ..nn import Identity
        self._param_groups = param_groups
        self._freeze_type = freeze_type
        self._freeze_p = freeze_p
        self._total_steps = total_steps
        self.grad_reducer = Identity()

    def split_parameters_groups(self, net, freeze_para_groups_number):
        """``freeze_para_groups_number`` parameter groups of ``net`` (see the class docstring)."""
        grouped, tmp = [], []
        for para in net.trainable_params():
            name = para.name
            if "bn" in name or "bias" in name:
                tmp.append(para)
            elif len(tmp) >= 3:
                grouped.append(tmp)
                tmp = [para]
            else:
                tmp.append(para)
        if tmp:
            grouped.append(tmp)
        stride = len(grouped) // freeze_para_groups_number
        return [sum(grouped[i * stride:], []) for i in range(freeze_para_groups_number)]

    def generate_freeze_index_sequence(self, parameter_groups_number, freeze_strategy, freeze_p, total_steps):
        """The list of group indices trained at each step."""
        total_step = int(total_steps * 1.01)
        if parameter_groups_number <= 1:
            return [0 for _ in range(total_step)]
        if freeze_strategy == CONTINUOUS_STRATEGY:
            zero_cnt = int(freeze_p * (parameter_groups_number - 1) // (1 - freeze_p) + 0.5)
            sub_idx = [0] * zero_cnt + list(range(1, parameter_groups_number))
            freeze_idxes = []
            while len(freeze_idxes) < total_step:
                freeze_idxes += sub_idx
            return freeze_idxes
        if freeze_strategy == INTERVAL_STRATEGY:
            index_all = list(range(1, parameter_groups_number))
            prob = [x / sum(index_all) for x in index_all]
            freeze_idxes = [0]
            zero_cnt, freeze_cnt = 1, 0
            while len(freeze_idxes) < total_step:
                if 1.0 * freeze_cnt / (zero_cnt + freeze_cnt) < 1 - freeze_p:
                    freeze_idxes.append(int(np.random.choice(index_all[::-1], p=prob)))
                    freeze_cnt += 1
                else:
                    freeze_idxes.append(0)
                    zero_cnt += 1
            return freeze_idxes
        raise ValueError(f"Unsupported freezing training strategy '{freeze_strategy}'")

    def freeze_generate(self, network, optimizer):
        """``(network, FreezeOpt(optimizer, groups, strategy))``."""
        groups = self.split_parameters_groups(network, self._param_groups)
        for i in range(self._param_groups):
            groups[i] = ParameterProcess.generate_group_params(groups[i], optimizer.init_params["params"])
        strategy = self.generate_freeze_index_sequence(self._param_groups, self._freeze_type, self._freeze_p,
                                                       self._total_steps)
        return network, FreezeOpt(optimizer, groups, strategy)


def freeze_cell(reducer_flag, network, optimizer, sens, grad, use_grad_accumulation, mean=None, degree=None,
                max_accumulation_step=1):
    """Mirrors ``mindspore.boost.freeze_cell(...)``: one training cell per optimizer of the :class:`FreezeOpt`
    ``optimizer`` (a tuple); with ``reducer_flag`` each reduces its gradients with a ``DistributedGradReducer``
    over its own parameters (fusion groups set by :class:`ParameterProcess`)."""
    from ..nn import Identity
    if reducer_flag:
        from ..nn.wrap.grad_reducer import DistributedGradReducer
        processer = ParameterProcess()
        reducers = (DistributedGradReducer(processer.assign_parameter_group(opt.parameters), mean, degree)
                    for opt in optimizer.opts)
        return tuple(_TrainFreezeCell(network, sens, grad, reducer, use_grad_accumulation, opt,
                                      max_accumulation_step) for reducer, opt in zip(reducers, optimizer.opts))
    return tuple(_TrainFreezeCell(network, sens, grad, Identity(), use_grad_accumulation, opt, max_accumulation_step)
                 for opt in optimizer.opts)
