"""``mindspore.boost.ParameterProcess``: builds the parameter groups of the boost algorithms (gradient freezing
rebuilds an optimizer's groups over a subset of its parameters) and assigns gradient-fusion groups
(``Parameter.comm_fusion``)."""
from __future__ import annotations

import copy

from ..common.parameter import Parameter

__all__ = ["ParameterProcess"]


class ParameterProcess:
    """Mirrors ``mindspore.boost.ParameterProcess()``.

    * :meth:`generate_group_params` (static) — the optimizer parameter list for ``parameters`` laid out like
      ``origin_params``: a flat list gives ``[{"params": parameters}]``; a list of group dicts gives one dict per
      original group (same options, its ``params`` narrowed to those in ``parameters``, matched by name; an
      ``order_params`` group gets ``parameters``), plus one group (a copy of the richest original group) for
      parameters that were in none.
    * :meth:`assign_parameter_group` — numbers ``comm_fusion`` of each parameter, starting a new fusion group at each
      index of ``split_point`` (default: the middle). ``comm_fusion`` is MindSpore's gradient all-reduce fusion
      index; ms_compat stores it on the Parameter (DistributedDataParallel buckets gradients by size instead).
    """

    def __init__(self):
        self._parameter_indices = 1

    @staticmethod
    def generate_group_params(parameters, origin_params):
        """Group dicts (or ``[{"params": parameters}]``) for ``parameters`` following ``origin_params``."""
        origin = origin_params
        if origin is not None and not isinstance(origin, list):
            origin = list(origin)
        if not origin:
            raise ValueError("Optimizer got an empty parameter list.")
        if not isinstance(origin[0], (dict, Parameter)):
            raise TypeError("Only a list of Parameter or dict can be supported.")
        if isinstance(origin[0], Parameter):
            return [{"params": parameters}]
        return ParameterProcess._generate_new_group_params(parameters, origin)

    @staticmethod
    def _generate_new_group_params(parameters, origin):
        group_params = []
        names = [p.name for p in parameters]
        left = list(names)
        richest, max_keys = {}, 0
        for group in origin:
            if "order_params" in group:
                new = _copy_group(group)
                new["order_params"] = parameters
                group_params.append(new)
                continue
            picked = []
            for p in group["params"]:
                if p.name in names:
                    picked.append(parameters[names.index(p.name)])
                    left.remove(p.name)
            new = _copy_group(group)
            new["params"] = picked
            group_params.append(new)
            if len(group) > max_keys:
                max_keys = len(group)
                richest = _copy_group(group)
        if left:
            rest = [parameters[names.index(n)] for n in left]
            if richest:
                richest["params"] = rest
                group_params.append(richest)
            else:
                group_params.append({"params": rest})
        return group_params

    def assign_parameter_group(self, parameters, split_point=None):
        """Set ``comm_fusion`` on each of ``parameters`` (a list/tuple; anything else is returned unchanged);
        returns ``parameters``."""
        if not isinstance(parameters, (list, tuple)) or not parameters:
            return parameters
        split = split_point if split_point else [len(parameters) // 2]
        for i, p in enumerate(parameters):
            if i in split:
                self._parameter_indices += 1
            p.comm_fusion = self._parameter_indices
        return parameters


def _copy_group(group):
    """A copy of an optimizer group dict: the options deep-copied, the Parameters themselves shared (MindSpore
    deep-copies the dict, which for a MindSpore Parameter keeps the same device data)."""
    return {k: (list(v) if k in ("params", "order_params") else copy.deepcopy(v)) for k, v in group.items()}
