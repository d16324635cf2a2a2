"""``mindspore.nn.optim``: MindSpore-style optimizers (Cells called with a tuple of gradients)."""
from .optimizer import Optimizer
from .sgd import SGD
from .momentum import Momentum
from .adam import Adam, AdamWeightDecay, LazyAdam, AdaMax, AdamOffload
from .lamb import Lamb
from .rmsprop import RMSProp
from .ada_grad import Adagrad
from .torch_rule_optims import ASGD, Rprop, Adadelta, ProximalAdagrad, FTRL

__all__ = ["Optimizer", "SGD", "Momentum", "Adam", "AdamWeightDecay", "LazyAdam", "AdaMax", "Lamb", "RMSProp", "Adagrad",
           "ASGD", "Rprop", "Adadelta", "ProximalAdagrad", "FTRL", "AdamOffload"]


def __getattr__(name):  # missing names raise MissingAPIError naming the MindSpore API
    from ms_compat.porting._missing import module_getattr
    return module_getattr(__name__, name, {})
