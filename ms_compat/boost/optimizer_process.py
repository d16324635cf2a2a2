"""``mindspore.boost.OptimizerProcess``: rebuilds an optimizer for the boost algorithms — adds gradient
centralization to the groups of weights that support it and creates a new optimizer of the same class over the
processed groups."""
from __future__ import annotations

from .. import log as logger
from ..common.parameter import Parameter
from .parameter_process import _copy_group

__all__ = ["OptimizerProcess"]


class OptimizerProcess:
    """Mirrors ``mindspore.boost.OptimizerProcess(opt)``.

    ``opt`` is an optimizer built by ``nn`` (its ``init_params``, ``init_args`` and ``init_learning_rate`` are
    read). :meth:`add_grad_centralization` splits each group of ``opt``'s original parameters into one group with
    ``grad_centralization=True`` (the weights: names without ``beta``/``gamma``/``bias``, not in a grouped
    ``Conv2d`` nor a ``CommonHeadLastFN``) and one with the rest; with a flat parameter list it only logs a
    warning, as MindSpore does. :meth:`generate_new_optimizer` builds ``type(opt)`` over the (processed) groups
    with the same learning rate and arguments. MindSpore's ``LARS`` wrapper branch is absent: ms_compat has no
    ``nn.LARS``.
    """

    def __init__(self, opt):
        self.is_lars = False
        self.single_opt = opt
        self.opt_class = type(opt)
        self.opt_init_args = opt.init_args
        self.learning_rate = opt.init_learning_rate
        self.origin_params = opt.init_params["params"]

    @staticmethod
    def build_params_dict(network):
        """``{id(parameter): the cell owning it}`` for every cell of ``network``."""
        params_dict = {}
        for _, cell in network.cells_and_names():
            for par in cell.get_parameters(expand=False):
                params_dict[id(par)] = cell
        return params_dict

    @staticmethod
    def build_gc_params_group(params_dict, parameters):
        """The group list of ``parameters`` with the gradient-centralization groups split out."""
        from ..nn import Conv2d
        from .less_batch_normalization import CommonHeadLastFN
        group_params = []
        for group in parameters:
            if "order_params" in group:
                group_params.append(group)
                continue
            gc_params, other = [], []
            for param in group["params"]:
                if "beta" not in param.name and "gamma" not in param.name and "bias" not in param.name:
                    cell = params_dict[id(param)]
                    if (isinstance(cell, Conv2d) and cell.group > 1) or isinstance(cell, CommonHeadLastFN):
                        other.append(param)
                    else:
                        gc_params.append(param)
                else:
                    other.append(param)
            if gc_params:
                new = _copy_group(group)
                new["params"] = gc_params
                new["grad_centralization"] = True
                group_params.append(new)
            if other:
                new = _copy_group(group)
                new["params"] = other
                group_params.append(new)
        return group_params

    def add_grad_centralization(self, network):
        """Add gradient centralization to the weight groups of ``network``'s parameters (group lists only)."""
        params_dict = OptimizerProcess.build_params_dict(network)
        parameters = self.origin_params
        if parameters is not None and not isinstance(parameters, list):
            parameters = list(parameters)
        if not parameters:
            raise ValueError("Optimizer got an empty parameter list.")
        if not isinstance(parameters[0], (dict, Parameter)):
            raise TypeError("Only a list of Parameter or dict can be supported.")
        if isinstance(parameters[0], Parameter):
            logger.warning("Only group parameters support gradient centralization.")
            return
        self.origin_params = OptimizerProcess.build_gc_params_group(params_dict, parameters)

    def generate_new_optimizer(self):
        """A new optimizer of ``opt``'s class over the (processed) parameter groups."""
        if self.learning_rate is None:
            self.learning_rate = self.single_opt.learning_rate
        return self.opt_class(params=self.origin_params, learning_rate=self.learning_rate, **self.opt_init_args)
