"""``mindspore.boost.base``: the module MindSpore 2.10 defines ``OptimizerProcess`` and ``ParameterProcess`` in
(here each has its own file)."""
from .optimizer_process import OptimizerProcess
from .parameter_process import ParameterProcess

__all__ = ["OptimizerProcess", "ParameterProcess"]
