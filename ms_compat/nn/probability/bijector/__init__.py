"""``mindspore.nn.probability.bijector``: invertible maps with log-Jacobians (see bijector.py)."""
from ....porting._missing import module_getattr as _mg
from .bijector import Bijector
from .exp import Exp
from .gumbel_cdf import GumbelCDF
from .invert import Invert
from .power_transform import PowerTransform
from .scalar_affine import ScalarAffine
from .softplus import Softplus

_LAZY = {}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)
