"""``mindspore.experimental.optim``: PyTorch-style optimizers (``param_groups``), called with a tuple of gradients."""
from ..._missing import module_getattr as _mg
from .optimizer import Optimizer
from .adam import Adam
from .adamw import AdamW

_LAZY = {}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)
