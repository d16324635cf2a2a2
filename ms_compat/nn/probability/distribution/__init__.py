"""``mindspore.nn.probability.distribution``: MindSpore's probability distributions on ``torch.distributions``
(see distribution.py for the shared API)."""
from ....porting._missing import module_getattr as _mg
from .distribution import Distribution
from .transformed_distribution import TransformedDistribution
from .bernoulli import Bernoulli
from .beta import Beta
from .categorical import Categorical
from .cauchy import Cauchy
from .exponential import Exponential
from .gamma import Gamma
from .geometric import Geometric
from .gumbel import Gumbel
from .half_normal import HalfNormal
from .laplace import Laplace
from .log_normal import LogNormal
from .logistic import Logistic
from .normal import Normal
from .poisson import Poisson
from .student_t import StudentT
from .uniform import Uniform

_LAZY = {}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)
