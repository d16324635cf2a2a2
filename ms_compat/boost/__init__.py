"""``mindspore.boost``: MindSpore's training-acceleration package. ``GradientAccumulation`` (and the
``grad_accumulation`` hyper-map functions real packages import) are provided; the boost algorithms (``AutoBoost``,
``LessBN``, ``GradientFreeze``, ``DimReduce``, ``AdaSum``, the ``BoostTrainOneStep*`` cells…) are not yet."""
from .._missing import module_getattr as _mg
from . import grad_accumulation
from .grad_accumulation import GradientAccumulation

_LAZY = {}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)
