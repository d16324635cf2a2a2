"""References for MindSpore's random streams at large sizes (random_large_cases.py), from real MindSpore 2.10,
as digests into tests/reference_data/random/large.json.

Run: python tools/make_references.py gen_random_large
"""
import numpy as np

import mindspore as ms
from mindspore import ops
from mindspore._c_expression import _random_normal, _random_uniform, _truncated_normal

import refutil
from random_large_cases import digest, run


def _raw(fn, *args):
    def draw(seed, n):
        a = np.zeros(n, np.float32)
        fn(seed, a, *args)
        return a
    return draw


ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
raw = {"uniform": _raw(_random_uniform, -0.3, 0.7), "normal": _raw(_random_normal, 0.5, 2.0),
       "truncated_normal": _raw(_truncated_normal, -1.5, 2.0, 0.25, 1.5)}
out = run(ms, ops, raw)
refutil.save_json("random", "large", {k: digest(v) for k, v in out.items()})
print(len(out), "cases")
