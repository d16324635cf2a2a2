"""``mindspore.experimental.optim``: PyTorch-style optimizers (``param_groups``), called with a tuple of gradients."""
from ...porting._missing import module_getattr as _mg
from .optimizer import Optimizer
from .adam import Adam
from .adamw import AdamW
from .sgd import SGD
from .asgd import ASGD
from .adadelta import Adadelta
from .adagrad import Adagrad
from .adamax import Adamax
from .nadam import NAdam
from .radam import RAdam
from .rmsprop import RMSprop
from .rprop import Rprop
from . import lr_scheduler

_LAZY = {}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)
