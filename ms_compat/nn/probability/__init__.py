"""``mindspore.nn.probability``: probability distributions (``distribution``) and bijectors (``bijector``) on
``torch.distributions``. (MindSpore's ``bnn_layers``/``dpn``/``infer``/``toolbox``/``transforms`` are not
provided yet.)"""
from ...porting._missing import module_getattr as _mg
from . import bijector, distribution

_LAZY = {}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)
