"""``mindspore.boost``: MindSpore's training-acceleration package. Provided: ``GradientAccumulation`` (and the
``grad_accumulation`` hyper-map functions real packages import), ``LessBN``, gradient freezing (``GradientFreeze``,
``FreezeOpt``, ``freeze_cell``), ``OptimizerProcess`` / ``ParameterProcess``, ``DimReduce`` and the
``BoostTrainOneStepCell`` / ``BoostTrainOneStepWithLossScaleCell`` wrappers. ``AdaSum``, ``AutoBoost`` and
``GroupLossScaleManager`` will not be (Ascend-only in MindSpore 2.10)."""
from ..porting._missing import module_getattr as _mg
from . import grad_accumulation
from .grad_accumulation import GradientAccumulation

_LAZY = {"LessBN": "ms_compat.boost.less_batch_normalization:LessBN",
         "GradientFreeze": "ms_compat.boost.grad_freeze:GradientFreeze",
         "FreezeOpt": "ms_compat.boost.grad_freeze:FreezeOpt",
         "freeze_cell": "ms_compat.boost.grad_freeze:freeze_cell",
         "OptimizerProcess": "ms_compat.boost.optimizer_process:OptimizerProcess",
         "ParameterProcess": "ms_compat.boost.parameter_process:ParameterProcess",
         "DimReduce": "ms_compat.boost.dim_reduce:DimReduce",
         "BoostTrainOneStepCell": "ms_compat.boost.boost_cell_wrapper:BoostTrainOneStepCell",
         "BoostTrainOneStepWithLossScaleCell": "ms_compat.boost.boost_cell_wrapper:BoostTrainOneStepWithLossScaleCell"}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)
