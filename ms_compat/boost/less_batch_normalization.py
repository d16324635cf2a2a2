"""Mirrors ``mindspore.boost.less_batch_normalization``: ``LessBN`` and ``CommonHeadLastFN``.

In MindSpore the ``less_bn`` flag ``LessBN`` sets is read by its graph compiler; in PyNative (and here) what
changes the numbers is ``fn_flag=True``: the last ``Dense`` of each cell that holds Dense layers becomes a
``CommonHeadLastFN`` — ``multiplier * (l2_normalize(x) @ l2_normalize(W).T)`` with the Dense's weight, no bias
(MindSpore passes ``has_bias=False``), and a ``multiplier`` parameter starting at 1.
"""
from __future__ import annotations

import warnings

import numpy as np

from ..common import dtype as mstype
from ..common.initializer import initializer
from ..common.parameter import Parameter
from ..common.tensor import Tensor
from ..nn.cell import Cell
from ..nn.layer.basic import Dense
from ..ops import operations as P

__all__ = ["CommonHeadLastFN", "LessBN"]


class CommonHeadLastFN(Cell):
    """Mirrors ``mindspore.boost.less_batch_normalization.CommonHeadLastFN(in_channels, out_channels,
    weight_init='normal', bias_init='zeros', has_bias=True)``: a fully connected head on L2-normalized inputs
    and weights, scaled by a learnt ``multiplier``."""

    def __init__(self, in_channels, out_channels, weight_init="normal", bias_init="zeros", has_bias=True):
        super().__init__()
        self.weight = Parameter(initializer(weight_init, [out_channels, in_channels]), requires_grad=True,
                                name="weight")
        self.x_norm = P.L2Normalize(axis=1)
        self.w_norm = P.L2Normalize(axis=1)
        self.fc = P.MatMul(transpose_a=False, transpose_b=True)
        self.multiplier = Parameter(Tensor(np.ones([1]), mstype.float32), requires_grad=True, name="multiplier")
        self.has_bias = has_bias
        if self.has_bias:
            self.bias_add = P.BiasAdd()
            self.bias = Parameter(initializer(bias_init, [out_channels]), requires_grad=True, name="bias")

    def construct(self, x):
        x = self.x_norm(x)
        w = self.w_norm(self.weight)
        x = self.fc(x, w)
        if self.has_bias:
            x = self.bias_add(x, self.bias)
        return self.multiplier * x


class LessBN(Cell):
    """Mirrors ``mindspore.boost.LessBN(network, fn_flag=False)``: wraps ``network`` (flags it ``less_bn``) and,
    with ``fn_flag=True``, replaces the last ``Dense`` of each cell by a :class:`CommonHeadLastFN` carrying its
    weight (parameter names kept). Difference: MindSpore's graph compiler may also use the flag to drop batch
    normalizations in GRAPH_MODE on Ascend; nothing reads it here."""

    def __init__(self, network, fn_flag=False):
        super().__init__()
        self.network = network
        if "less_bn" not in self.network.get_flags():
            with warnings.catch_warnings():  # set_boost warns that nothing reads the flag: documented above
                warnings.simplefilter("ignore", UserWarning)
                self.network.set_boost("less_bn")
            self.network.update_cell_prefix()
            if fn_flag:
                self._convert_to_less_bn_net(self.network)
            self.network.add_flags(defer_inline=True)

    @staticmethod
    def _convert_dense(subcell):
        prefix = subcell.param_prefix
        new = CommonHeadLastFN(subcell.in_channels, subcell.out_channels, subcell.weight, subcell.bias, False)
        new.update_parameters_name(prefix + ".")
        return new

    def construct(self, *inputs):
        return self.network(*inputs)

    def _convert_to_less_bn_net(self, net):
        cells = net.name_cells()
        dense_name, dense_list = [], []
        for name in cells:
            sub = cells[name]
            if sub is net:
                continue
            if isinstance(sub, Dense):
                dense_name.append(name)
                dense_list.append(sub)
            else:
                self._convert_to_less_bn_net(sub)
        if dense_list:
            net.insert_child_to_cell(dense_name[-1], LessBN._convert_dense(dense_list[-1]))
