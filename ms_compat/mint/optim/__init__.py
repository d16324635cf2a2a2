"""``mindspore.mint.optim``: PyTorch-style optimizers called MindSpore's way, ``optimizer(grads)`` with the
gradients from ``ms.grad``/``ms.value_and_grad`` (a tuple in the order of ``optimizer.parameters``)."""
from .adam import Adam
from .adamw import AdamW
from .fused_adamw import FusedAdamW
from .sgd import SGD

__all__ = ["AdamW", "Adam", "SGD", "FusedAdamW"]


def __getattr__(name):
    from ...porting._missing import module_getattr
    return module_getattr(__name__, name, {})
