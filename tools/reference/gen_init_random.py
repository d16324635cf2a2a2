"""References for seeded initializers and layers' default initialisation (init_random_cases.py), from real
MindSpore 2.10, into tests/reference_data/init_random/cases.npz, plus MindSpore's raw C++ streams
(``_random_uniform``, ``_random_normal``, ``_truncated_normal``) into raw.npz.

Run: python tools/make_references.py gen_init_random
"""
import numpy as np

import mindspore as ms
from mindspore import nn
from mindspore.common import initializer as I
from mindspore._c_expression import _random_normal, _random_uniform, _truncated_normal

import refutil
from init_random_cases import run

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
out = run(ms, I, nn)
refutil.save_npz("init_random", "cases", **out)

raw = {}
for n, seeds in ((1, (1, 12345678901234567, (1 << 63) - 5)), (7, (1, 12345678901234567, (1 << 63) - 5)),
                 (1025, (99,)), (4099, ((1 << 63) - 5,))):  # above 1024 MindSpore splits across threads
    for seed in seeds:
        for kind, fn, args in (("uniform", _random_uniform, (-0.3, 0.7)), ("normal", _random_normal, (0.5, 2.0)),
                               ("truncated_normal", _truncated_normal, (-1.5, 2.0, 0.25, 1.5))):
            a = np.zeros(n, np.float32)
            fn(seed, a, *args)
            raw[f"{kind}|{n}|{seed}"] = a
refutil.save_npz("init_random", "raw", **raw)
print(len(out), "cases,", len(raw), "raw streams")
