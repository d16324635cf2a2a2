"""References for MindSpore's RandomPoisson kernel and the MultinomialWithReplacement Primitive's kept kernels
(random_ops_poisson_cases.py), from real MindSpore 2.10 on CPU, into tests/reference_data/random/poisson.npz.

Run: python tools/make_references.py gen_random_ops_poisson
"""
import sys

import mindspore as ms
from mindspore import ops
from mindspore.ops import operations as P

import refutil
from random_ops_poisson_cases import run


def unset_global_seed():
    # MindSpore has no public way back to "no global seed"; `import mindspore.common.seed` names a function
    sys.modules["mindspore.common.seed"]._GLOBAL_SEED = None


ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
out = run(ms, ops, P, unset_global_seed)
refutil.save_npz("random", "poisson", **out)
print(len(out), "cases")
