"""``mindspore.boost``: MindSpore's training-acceleration package. ``GradientAccumulation`` (and the
``grad_accumulation`` hyper-map functions real packages import) and ``LessBN`` are provided; ``AdaSum``,
``AutoBoost``, ``FreezeOpt`` and ``GroupLossScaleManager`` will not be (Ascend-only in MindSpore 2.10); the other
boost algorithms (``GradientFreeze``, ``DimReduce``, the ``BoostTrainOneStep*`` cells…) are not yet."""
from .._missing import module_getattr as _mg
from . import grad_accumulation
from .grad_accumulation import GradientAccumulation

_LAZY = {"LessBN": "ms_compat.boost.less_batch_normalization:LessBN"}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)
